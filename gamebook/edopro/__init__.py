"""From and to EDOPro: puzzle scripts and ``cards.cdb`` files.

EDOPro (and ygopro before it) names every card by its passcode and sets up a puzzle with a
few calls of its ``Debug`` interface. This package translates between those and situation
and card files, and never runs Lua: a puzzle is read by a small tokenizer that only
understands the set-up calls (:mod:`gamebook.edopro.lua`).

- :mod:`~gamebook.edopro.field`: the interface's constants and how zones map to sequences;
- :mod:`~gamebook.edopro.export`: a situation as a puzzle script (``gamebook export-puzzle``);
- :mod:`~gamebook.edopro.importer`: a puzzle script as a situation (``gamebook import-puzzle``);
- :mod:`~gamebook.edopro.cdb`: a card file skeleton from ``cards.cdb`` (``gamebook cards new``);
- :mod:`~gamebook.cli.puzzles`: the three commands.
"""
