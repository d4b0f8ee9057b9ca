Debug.SetAIName("gamebook)
-- expect: 1 a string that is never closed on its line
