Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.SetPlayerInfo(1,0,0,0)
Debug.ReloadFieldEnd()
-- expect: 2 Debug.SetPlayerInfo: LP 0; expected 1 to 99,999,999
