Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(85289965,0,0,LOCATION_MZONE,5,POS_FACEUP_ATTACK,true)
Debug.AddCard(41999284,1,1,LOCATION_MZONE,6,POS_FACEUP_ATTACK,true)
Debug.ReloadFieldEnd()
-- expect: 3 Linkuriboh and Borrelsword Dragon (line 2) are both in the shared emz_left
