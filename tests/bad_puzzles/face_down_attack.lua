Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(54652250,1,1,LOCATION_MZONE,0,POS_FACEDOWN_ATTACK)
Debug.ReloadFieldEnd()
-- expect: 2 position POS_FACEDOWN_ATTACK is not one a situation has
