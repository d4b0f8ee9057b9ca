Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
local skull = Debug.AddCard(70781052,0,0,LOCATION_MZONE,2,POS_FACEUP_ATTACK)
local axe = Debug.AddCard(40619825,0,0,LOCATION_SZONE,1,POS_FACEUP)
Debug.PreEquip(axe,scull)
Debug.ReloadFieldEnd()
-- expect: 3 Axe of Despair is a face-up Equip Spell equipped to nothing; expected Debug.PreEquip(card, monster) after it (R105)
-- expect: 4 Debug.PreEquip: no card was put in 'scull' before
