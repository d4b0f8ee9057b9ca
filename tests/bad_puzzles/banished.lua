Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(40640057,1,1,LOCATION_REMOVED,0,POS_FACEUP)
Debug.ReloadFieldEnd()
-- expect: 2 LOCATION_REMOVED is not supported: a situation holds only the field
