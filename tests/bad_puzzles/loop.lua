Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
for i = 0, 2 do
  Debug.AddCard(40640057,0,0,LOCATION_MZONE,i,POS_FACEUP_ATTACK)
end
Debug.ReloadFieldEnd()
-- expect: 3 Debug.AddCard inside a function, loop or condition
