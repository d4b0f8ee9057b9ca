Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(40640057,0,0,LOCATION_HAND)
Debug.ReloadFieldEnd()
-- expect: 2 Debug.AddCard: expected 6 or 7 arguments
