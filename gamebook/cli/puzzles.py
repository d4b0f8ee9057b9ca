"""The commands ``export-puzzle``, ``import-puzzle`` and ``cards new``.

Each writes its result to standard output, or with ``-o FILE`` to that file (written whole
or not at all). ``import-puzzle`` and ``cards new`` write files the user goes on to edit, so
they do not replace an existing file unless given ``--force``. Notes (what a puzzle had
besides its set-up, what is left to fill in) go to standard error; ``--quiet`` keeps them
back.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gamebook.errors import GamebookError, printable
from gamebook.inputs.files import OutputError, write_atomic


class UsageError(GamebookError):
    """An argument of these commands has a value they refuse."""


def export_puzzle(args: argparse.Namespace) -> int:
    from gamebook.edopro.export import export_puzzle as export
    from gamebook.rules.mechanics import check_library
    from gamebook.situation.load import load_situation

    situation = load_situation(args.situation, card_folders=tuple(args.cards))
    check_library(situation.cards)  # a step its verb does not allow is refused here too
    _write(args.output, export(situation), force=True)
    if args.output and not args.quiet:
        print(f"gamebook: wrote {printable(args.output)}: the position of "
              f"{printable(situation.title)!r}; its header says where the situation starts",
              file=sys.stderr)
    return 0


def import_puzzle(args: argparse.Namespace) -> int:
    from gamebook.cards.library import load_library
    from gamebook.edopro.importer import import_puzzle as read
    from gamebook.rules.mechanics import check_library

    library = load_library(tuple(Path(folder).resolve() for folder in args.cards))
    check_library(library)
    imported = read(args.file, library)
    _write(args.output, imported.text, force=args.force)
    if not args.quiet:
        for note in imported.notes:
            print(f"gamebook: {printable(note)}", file=sys.stderr)
        if args.output:
            print(f"gamebook: wrote {printable(args.output)}: the situation "
                  f"{printable(imported.title)!r} from {printable(args.file)}", file=sys.stderr)
        where = printable(args.output) if args.output else "the situation"
        if imported.left:
            print(f"gamebook: {where}: left to fill in: {imported.left_words}; a commented "
                  "example is at the end of the file", file=sys.stderr)
    return 0


def new_card(args: argparse.Namespace) -> int:
    from gamebook.edopro.cdb import parse_source, skeleton

    text = args.passcode or ""
    if not (text.isdigit() and 0 < int(text) <= 99_999_999):
        got = repr(printable(text)) if text else "nothing"
        raise UsageError(f"cards new: expected PASSCODE, the card's number of up to 8 digits, "
                         f"got {got} (gamebook cards new 85289965 --cdb cards.cdb)")
    if not args.cdb:
        raise UsageError("cards new: give the cards.cdb to read with --cdb FILE (one per "
                         "language: --cdb en=cards.cdb --cdb ja=ja.cdb)")
    card_id, card_file = skeleton(int(text), [parse_source(option) for option in args.cdb])
    _write(args.output, card_file, force=args.force)
    if not args.quiet:
        where = printable(args.output) if args.output else card_id
        print(f"gamebook: {where}: left to write: the effects (README, \"Card files\"); "
              "the card's text from cards.cdb is a comment, for reference only",
              file=sys.stderr)
    return 0


def _write(output: str | None, text: str, *, force: bool) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    path = Path(output)
    if path.is_dir():
        raise OutputError(f"{output}: is a folder; expected the name of the file to write")
    if path.exists() and not force:
        raise OutputError(f"{output}: already exists; give another name, or --force to "
                          "replace it")
    write_atomic(path, text)
