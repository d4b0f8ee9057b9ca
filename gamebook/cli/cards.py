"""``gamebook cards [ID] [--cards DIR] [--lang L]`` and ``gamebook cards check FILE…``: the
cards, one card's text in plain words, and a card writer's check of their own files.

Without an id it lists every card (id, name, kind of card, passcode, effect ids): the bundled
ones and those in the ``--cards`` folders; with one it shows the card's passcode, its names in
every language, its stats and each effect rendered from its data by
:mod:`gamebook.book.cardtext`, plus the card file's own wording where it has one. ``check``
reads each card file as a situation would (its schema, what the engine honours, each step
against its verb's grammar), shows each card the same way, and lists the effects the engine
accepts but will never offer in the Battle Phase it explores, with the reason; every mistake
of every file is one line with the file and the line, and exit code 2. An unknown id is one
line with the closest ids, and exit code 2.
"""

from __future__ import annotations

import argparse
import difflib
import sys
import unicodedata
from pathlib import Path

from gamebook.book.cardtext import card_text, effect_text, kind_name, label
from gamebook.cards.honoured import never_offered
from gamebook.cards.library import CardLibrary, load_library, read_card_file
from gamebook.cards.model import Card
from gamebook.errors import GamebookError, InputError, InputErrors, raise_all

LANGUAGE_ORDER = ("en", "zh-Hant", "zh-Hans", "ja")


class UnknownCard(GamebookError):
    """The id names no bundled card."""


def main(args: argparse.Namespace) -> int:
    files = [*([args.passcode] if getattr(args, "passcode", None) else []),
             *getattr(args, "files", ())]
    if args.card == "check":
        return check(files, args)
    if files or getattr(args, "cdb", None) or getattr(args, "output", None):
        raise UnknownCard("PASSCODE, --cdb and -o are for 'gamebook cards new PASSCODE --cdb "
                          "FILE', and FILEs for 'gamebook cards check FILE...'")
    library = _library(getattr(args, "cards", ()))
    if args.card:
        lines = show(library, find(library, args.card), args.lang)
    else:
        lines = listing(library, args.lang)
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def _library(folders: list[str] | tuple[str, ...]) -> CardLibrary:
    """The bundled cards and those of ``folders``, each step of a folder's card checked
    against its verb (the engine is loaded only then: the bundled cards are checked by the
    tests, and ``gamebook cards ID`` starts fast)."""
    library = load_library(tuple(Path(folder) for folder in folders))
    if folders:
        from gamebook.rules.mechanics import check_library

        check_library(library)
    return library


def check(files: list[str], args: argparse.Namespace) -> int:
    """``cards check FILE…``: every file read as a situation would read it and shown as the
    engine reads it, with what it will never offer; every mistake at once (exit 2)."""
    from gamebook.rules.mechanics import card_problem

    if not files:
        raise UnknownCard("cards check: give the card files to check "
                         "(gamebook cards check my_card.yaml)")
    library = _library(getattr(args, "cards", ()))
    problems: list[InputError] = []
    lines: list[str] = []
    for name in files:
        try:
            card, located = read_card_file(name)
        except InputErrors as error:
            problems.extend(error.errors)
            continue
        except InputError as error:
            problems.append(error)
            continue
        problem = card_problem(card, located)
        if problem is not None:
            problems.append(problem)
            continue
        lines += [f"{name}:", *check_report(library, card, args.lang), ""]
    sys.stdout.write("\n".join(lines))
    raise_all(problems)
    if not args.quiet:
        print(f"gamebook: {len(files)} card file{'s' * (len(files) != 1)} checked, no mistake",
              file=sys.stderr)
    return 0


def check_report(library: CardLibrary, card: Card, lang: str) -> list[str]:
    """A checked card as :func:`show` shows it, then what the engine offers only in Main
    Phase 1."""
    lines = show(library, card, lang)
    never = [(effect.id, never_offered(card, effect)) for effect in card.effects]
    never = [(effect_id, why) for effect_id, why in never if why is not None]
    lines += ["", "Offered only in Main Phase 1, never in the Battle Phase:"]
    lines += [f"- {effect_id}: {why}" for effect_id, why in never] or [
        "  nothing: every effect is offered when its moment comes, or shown with a ✘ and "
        "the rule that stops it"]
    return lines


def find(library: CardLibrary, wanted: str) -> Card:
    """The card with id ``wanted``, or an error that names the closest ids."""
    if wanted in library:
        return library[wanted]
    ids = library.ids()
    by_name = names_index(library)
    if wanted.casefold() in by_name:  # a card name or alias in any language: 栗子球
        return library[by_name[wanted.casefold()]]
    key = wanted.casefold().replace(" ", "_").replace("-", "_")
    close = difflib.get_close_matches(key, ids, n=3, cutoff=0.5)
    close += [by_name[n] for n in difflib.get_close_matches(wanted.casefold(), by_name, n=3)]
    suggestions = list(dict.fromkeys(close))[:3]
    if suggestions:
        raise UnknownCard(f"unknown card {wanted!r}; did you mean "
                          f"{' or '.join(repr(s) for s in suggestions)}?")
    raise UnknownCard(f"unknown card {wanted!r}; `gamebook cards` lists the {len(ids)} "
                      f"bundled cards")


def names_index(library: CardLibrary) -> dict[str, str]:
    """``{name: card id}`` of every card's names and aliases in every language, casefolded."""
    index = {}
    for card_id in library.ids():
        card = library[card_id]
        for lang in card.names:
            index.setdefault(card.names[lang].casefold(), card_id)
        for names in card.aliases.values():
            for name in names:
                index.setdefault(name.casefold(), card_id)
    return index


def listing(library: CardLibrary, lang: str) -> list[str]:
    """One row a card: id, name, kind of card, effect ids."""
    rows = []
    for card_id in library.ids():
        card = library[card_id]
        effects = ", ".join(effect.id for effect in card.effects) or "-"
        rows.append((card_id, card.name(lang), kind_name(card, lang), passcode(card),
                     effects))
    widths = [max(_width(row[column]) for row in rows) for column in range(4)]
    lines = ["  ".join(_pad(cell, width) for cell, width in zip(row, widths, strict=False))
             + "  " + row[4] for row in rows]
    return lines + ["", label("command.count", lang, count=len(rows))]


def show(library: CardLibrary, card: Card, lang: str) -> list[str]:
    """A card's names, stats and effects, each rendered from its data."""

    def name_of(card_id: str) -> str:
        return library[card_id].name(lang) if card_id in library else card_id

    langs = [code for code in LANGUAGE_ORDER if code in card.names]
    langs += sorted(set(card.names) - set(langs))
    width = max(_width(code) for code in langs)
    number = f", {passcode(card)}" if card.passcode is not None else ""
    lines = [f"{card.name(lang)} [{card.id}{number}]", card_text(card, lang)[0], "",
             label("command.label", lang, label=label("command.names", lang))]
    lines += [f"  {_pad(code, width)}  {card.names[code]}" for code in langs]
    if card.aliases:
        lines += ["", label("command.label", lang, label=label("command.aliases", lang))]
        alias_langs = [code for code in LANGUAGE_ORDER if code in card.aliases]
        alias_langs += sorted(set(card.aliases) - set(alias_langs))
        lines += [f"  {_pad(code, width)}  {'、'.join(card.aliases[code])}" for code in alias_langs]
    lines += ["", label("command.label", lang, label=label("command.effects", lang))]
    if not card.effects:
        lines.append("  " + label("command.no_effects", lang))
    for effect in card.effects:
        name = effect.text.get(lang) or effect.text.get("en")
        heading = label("command.effect", lang, id=effect.id, name=name) if name else effect.id
        lines += [f"- {heading}", "  " + effect_text(card, effect, lang, name_of, written=False)]
        if effect.card_text.get(lang):
            lines.append("  " + label("command.written", lang, text=effect.card_text[lang]))
    return lines


def passcode(card: Card) -> str:
    """The card's passcode as printed, 8 digits (``04392470``); ``-`` if it has none."""
    return f"{card.passcode:08d}" if card.passcode is not None else "-"


def _width(text: str) -> int:
    """Columns a terminal gives ``text``: two for each wide (CJK) character."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))
