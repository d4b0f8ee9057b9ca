"""The generic explorer and the decision graph it builds.

- :mod:`~gamebook.explore.explorer`: exhaustive breadth-first search with state merging and
  forced-pass compression (:func:`explore_game` knows a game only through its interface;
  :func:`explore` runs it on a situation with the rules engine);
- :mod:`~gamebook.explore.digraph`: :class:`DecisionGraph`, a small directed graph with the
  part of networkx's API the book and the audit use.
"""

from gamebook.explore.explorer import Exploration, explore, explore_game

__all__ = ["Exploration", "explore", "explore_game"]
