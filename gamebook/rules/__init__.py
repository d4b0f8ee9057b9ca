"""The rules engine: immutable game state, timing (windows, priority, chains, SEGOC), battle
(attack declaration, replay, Damage Step), the primitive operations and the rules presets.
The ATK/DEF stat model it uses is :mod:`gamebook.stats`.

The engine knows nothing of pages or languages: it answers whose decision it is, which
actions are legal (and which notable ones are not, under which R-rule) and what follows.
"""
