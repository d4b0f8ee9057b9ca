"""The rules engine: immutable game state, timing (windows, priority, chains, SEGOC), battle
(attack declaration, replay, Damage Step) and the ATK/DEF stat model.

The engine knows nothing of pages or languages: it answers whose decision it is, which
actions are legal (and which notable ones are not, under which R-rule) and what follows.
"""
