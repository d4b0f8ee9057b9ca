Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(12345678,0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK)
Debug.AddCard(40640057,0,0,LOCATION_EXTRA,0,POS_FACEDOWN)
Debug.AddCard(5318639,0,0,LOCATION_SZONE,9,POS_FACEDOWN)
Debug.ReloadFieldEnd()
-- expect: 2 unknown passcode 12345678
-- expect: 3 LOCATION_EXTRA is not supported
-- expect: 4 sequence 9 of LOCATION_SZONE is not supported
