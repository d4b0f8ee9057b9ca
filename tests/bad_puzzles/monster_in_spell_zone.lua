Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(40640057,0,0,LOCATION_SZONE,0,POS_FACEDOWN)
Debug.ReloadFieldEnd()
-- expect: 2 a monster in LOCATION_SZONE
