Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(40640057,0,0,LOCATION_MZONES,0,POS_FACEUP_ATTACK)
Debug.ReloadFieldEnd()
-- expect: 2 unknown constant 'LOCATION_MZONES'; did you mean 'LOCATION_MZONE'?
