Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(40640057,0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK
-- expect: 2 Debug.AddCard( is never closed
