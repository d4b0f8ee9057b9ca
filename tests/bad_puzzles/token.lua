Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(73915052,1,1,LOCATION_MZONE,0,POS_FACEUP_DEFENSE)
Debug.ReloadFieldEnd()
-- expect: 2 Sheep Token (73915052) is a Token
