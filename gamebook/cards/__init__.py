"""Cards as data: the card model, the effect vocabulary and the bundled card library.

A card is a YAML record (names per language, stats, effects). An effect declares its kind,
spell speed, whether it is mandatory, the event it answers, its conditions, cost, targets,
restrictions and its resolution as a list of primitive operations. No card has Python code
of its own: the rules engine interprets the vocabulary defined in :mod:`gamebook.cards.model`.
"""
