Debug.ReloadFieldBegin(3,5)
Debug.AddCard(40640057,0,0,0x40,0,1)
Debug.ReloadFieldEnd()
-- expect: 2 LOCATION_EXTRA is not supported
