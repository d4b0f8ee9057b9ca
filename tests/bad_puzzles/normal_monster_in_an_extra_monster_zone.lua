Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(4392470,0,0,LOCATION_MZONE,5,POS_FACEUP_ATTACK,true)
Debug.ReloadFieldEnd()
-- expect: 2 sequence 5 of LOCATION_MZONE, an Extra Monster Zone: Leo Wizard is a Normal Monster, and an Extra Monster Zone holds only a monster Special Summoned from the Extra Deck
