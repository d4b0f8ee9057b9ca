local zone = 2
Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(40640057,0,0,LOCATION_MZONE,zone,POS_FACEUP_ATTACK)
Debug.ReloadFieldEnd()
-- expect: 3 argument 5 should be the sequence (a number or a constant), got 'zone'
