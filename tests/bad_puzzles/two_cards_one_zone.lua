Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(40640057,0,0,LOCATION_MZONE,2,POS_FACEUP_ATTACK)
Debug.AddCard(70781052,0,0,LOCATION_MZONE,2,POS_FACEUP_ATTACK)
Debug.ReloadFieldEnd()
-- expect: 3 Summoned Skull and Kuriboh (line 2) are both in player 0's m3
