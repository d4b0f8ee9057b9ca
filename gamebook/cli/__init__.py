"""The ``gamebook`` command: the parser and dispatcher (:mod:`~gamebook.cli.entry`) and one
module per command.

- :mod:`~gamebook.cli.build`: ``build``, ``graph`` and ``audit`` (explore, then write the book,
  the diagram, graph.json and the audit into a staged output folder; budgets; signals);
- :mod:`~gamebook.cli.article`: ``article`` and ``diff``;
- :mod:`~gamebook.cli.cards`: ``cards`` (list and show the card library);
- :mod:`~gamebook.cli.puzzles`: ``cards new``, ``export-puzzle``, ``import-puzzle`` (EDOPro);
- :mod:`~gamebook.cli.stats`: ``stats`` (replays and prints an ATK/DEF timeline);
- :mod:`~gamebook.cli.checkbook`: ``check-book``;
- :mod:`~gamebook.cli.progress`: the one progress line on a terminal.

This is the top layer: nothing else in the package imports from it. Each command module is
imported only when its command runs, so ``gamebook --version`` loads none of them.
"""

from gamebook.cli.entry import main

__all__ = ["main"]
