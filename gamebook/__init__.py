"""gamebook: explore every legal decision of a Yu-Gi-Oh! OCG battle.

Typical use::

    from gamebook.situation import load_situation
    from gamebook.explore import explore

    situation = load_situation("examples/borrelsword_linkuriboh.yaml")
    exploration = explore(situation)
    exploration.graph  # a DecisionGraph of decision points (a networkx.DiGraph's API)

The package root imports nothing heavy, so that ``gamebook audit`` starts fast.
"""

__version__ = "0.1.0"
