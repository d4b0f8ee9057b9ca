--[[ a long comment
that never ends
-- expect: 1 a long comment [[ that is never closed
