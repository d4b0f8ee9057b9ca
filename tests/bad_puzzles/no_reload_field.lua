Debug.AddCard(40640057,0,0,LOCATION_HAND,0,POS_FACEDOWN)
-- expect: 1 no Debug.ReloadFieldBegin(…); expected an EDOPro puzzle script
-- expect: 1 Debug.AddCard outside Debug.ReloadFieldBegin(…) … Debug.ReloadFieldEnd()
