"""Loading card files into :class:`~gamebook.cards.model.Card` values.

The bundled library lives in ``gamebook/cards/library/*.yaml``; a situation may name more
folders. Every file is read with the safe YAML loader and validated by pydantic, and every
problem is reported with the file and line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cache
from pathlib import Path

from gamebook.cards import expressions
from gamebook.cards.honoured import refusal
from gamebook.cards.meanings import CARD_MEANINGS
from gamebook.cards.model import (
    ATTRIBUTES,
    MONSTER_TYPES,
    Card,
    CardType,
    Effect,
    EffectKind,
    MonsterFrame,
    cost_choices,
    mode_effects,
    written_effects,
)
from gamebook.cards.modes import modes_problem
from gamebook.errors import InputError, InputErrors, raise_all
from gamebook.inputs.yamlsrc import Located, did_you_mean, load_yaml, validate

BUNDLED = Path(__file__).parent / "library"


@cache
def _card_adapter():  # pragma: no cover - trivial
    from pydantic import TypeAdapter

    return TypeAdapter(Card)


def load_card_file(path: str | Path) -> Card:
    """Read and validate one card file."""
    return _load_card(path)[0]


def read_card_file(path: str | Path) -> tuple[Card, Located]:
    """Read and validate one card file: the card and where its values are (its lines)."""
    card, _, located = _load_card(path)
    return card, located


def _load_card(path: str | Path) -> tuple[Card, bool, Located]:
    """A card, whether its file says ``overrides: true``, and where its values are."""
    from gamebook.cards.ranges import range_problems

    located = load_yaml(path)
    if not isinstance(located.data, dict):
        raise located.error((), "expected a mapping with the card's fields "
                                "(id, names, card_type, …)")
    overrides = located.data.pop("overrides", False)  # about the file, not the card
    if not isinstance(overrides, bool):
        raise located.error(("overrides",), "overrides: expected true or false")
    passcode = located.data.get("passcode")
    if isinstance(passcode, str) and passcode.isdigit():  # 04392470 unquoted reads as text
        raise located.error(("passcode",), f"passcode: {passcode!r} is text; write the number "
                            f"without quotes and leading zeros ({int(passcode)})")
    for stat in ("atk", "defense"):
        if located.data.get(stat) == "?":  # as printed: the card file writes null (R62)
            raise located.error((stat,), f"{stat}: a printed '?' is written null "
                                         f"({stat}: null), not '?'")
    card = validate(located, _card_adapter(), "card", Card, CARD_MEANINGS)
    _check_card(card, located)
    raise_all(range_problems(card, located) + expressions.card_problems(card, located))
    return card, overrides, located


def _short_problem(card: Card, lang: str, short: str) -> str | None:
    """Why ``short`` cannot be the card's short name in ``lang``, or ``None``."""
    name = card.names.get(lang)
    if name is None:
        return f"short: {lang!r} has no name in 'names' to shorten"
    if not short.strip() or short != short.strip():
        return f"short: {lang!r} must be a name without surrounding spaces"
    if len(short) >= len(name):
        return f"short: {short!r} is not shorter than the name {name!r}"
    if any(mark in short for mark in "「」『』\""):
        return f"short: {short!r} is written without quotation marks"
    return None


def _check_card(card: Card, located: Located) -> None:
    """Rules of the vocabulary that a schema alone does not express."""
    if "en" not in card.names:
        raise located.error(("names",), "names: an English name ('en') is required")
    if card.card_type is CardType.MONSTER and "atk" not in located.data:
        raise located.error(("atk",), "a monster needs 'atk' (a number, or null for a printed "
                                      "'?', R62)")
    if card.card_type is CardType.MONSTER and card.frame is None:
        raise located.error(("frame",), "a monster needs 'frame' (normal, effect, link, …)")
    if card.card_type is not CardType.MONSTER and card.spell_trap_type is None:
        raise located.error(("spell_trap_type",), "a Spell or Trap needs 'spell_trap_type'")
    for lang, short in card.short.items():
        problem = _short_problem(card, lang, short)
        if problem is not None:
            raise located.error(("short", lang), problem)
    seen: set[str] = set()
    for index, effect in enumerate(card.effects):
        loc = ("effects", index)
        if effect.id in seen:
            raise located.error(loc + ("id",), f"duplicate effect id {effect.id!r}")
        seen.add(effect.id)
        if effect.kind is EffectKind.TRIGGER and effect.event is None:
            raise located.error(loc, f"effect {effect.id!r}: a trigger effect needs 'event'")
        if effect.kind is EffectKind.ACTIVATE and card.card_type is CardType.MONSTER:
            raise located.error(loc + ("kind",),
                                f"effect {effect.id!r}: 'activate' is for Spell/Trap cards")
        problem = _cost_choice_problem(effect)
        if problem is not None:
            raise located.error(loc + ("cost",), problem)
        for at, part in enumerate(mode_effects(effect)):
            problem = _cost_choice_problem(part)
            if problem is not None:
                raise located.error(loc + ("modes", at, "cost"), problem)
        found = modes_problem(card, effect)
        if found is not None:
            raise located.error(loc + found[0], f"effect {effect.id!r}: {found[1]}")
        refused = refusal(card, effect)  # never silently ignored: what the engine honours
        if refused is not None:
            raise located.error(loc + (refused[0],), f"effect {effect.id!r}: {refused[1]}")


def _cost_choice_problem(effect: Effect) -> str | None:
    """An activation names at most one card for its cost (and its target, R113)."""
    if len(cost_choices(effect)) > 1:
        return "two cost steps that choose a card ('select' with pick: one) in one effect " \
            "are not supported; the activation names one card for its cost"
    return None


def _reference_problems(card: Card, located: Located, cards: dict[str, Card]
                        ) -> list[InputError]:
    """Every card id ``card`` names (a Token to summon, a card that must be on the field)
    that is not a card of the library, at its line, with the closest id."""
    from gamebook.cards.ranges import selections

    archetypes = sorted({name for known in cards.values() for name in known.archetypes})
    problems = []
    for index, effect in enumerate(card.effects):
        loc = ("effects", index)
        for where, spec in selections(effect):  # a word no card has would match nothing
            for name, known, what in (("attribute", ATTRIBUTES, "an Attribute"),
                                      ("monster_type", MONSTER_TYPES, "a monster Type"),
                                      ("archetype", archetypes,
                                       "an archetype a card of the library names")):
                word = getattr(spec, name)
                if word is not None and word not in known:
                    problems.append(located.error(
                        loc + where + (name,), f"{name}: {word!r} is not {what}"
                        + did_you_mean(word, known, "; expected one of: ")))
        for at, needed in enumerate(effect.requires_on_field):
            if needed not in cards:
                problems.append(located.error(loc + ("requires_on_field", at),
                                              f"requires_on_field: {needed!r} is not a card of "
                                              f"the library{did_you_mean(needed, cards, '')}"))
    for loc, effect in written_effects(card):  # a mode's steps are its own
        for step_index, step in enumerate(effect.resolution):
            token = step.token
            if token is not None and (token not in cards or
                                      cards[token].frame is not MonsterFrame.TOKEN):
                tokens = [i for i, c in cards.items() if c.frame is MonsterFrame.TOKEN]
                problems.append(located.error(loc + ("resolution", step_index, "token"),
                                              f"effect {effect.id!r}: token {token!r} is not a "
                                              "token card (frame: token) of the library"
                                              + did_you_mean(token, sorted(tokens), '')))
    return problems


class CardLibrary:
    """Card definitions by id, with the file each was read from (its lines, for errors).

    What each step of a card means is the rules' to check
    (:func:`gamebook.rules.mechanics.check_library`, which sets ``grammar_checked``)."""

    def __init__(self, cards: Iterable[Card], sources: dict[str, Located] | None = None,
                 folders: tuple[Path, ...] = ()) -> None:
        self._cards = {card.id: card for card in cards}
        self._sources = dict(sources or {})
        self.folders = folders  # the folders read, the bundled one first
        self.grammar_checked = False

    def read_from(self, folders: tuple[Path, ...]) -> CardLibrary:
        """This library as read from ``folders``: a cached library was read from other
        folders holding the same files (the cache key is each folder's place, its files'
        names and bytes), and its errors must name the files where they are now."""
        if folders == self.folders:
            return self
        moved = dict(zip(self.folders, folders, strict=True))
        sources = {card_id: replace(located, path=moved.get(located.path.parent,
                                                            located.path.parent)
                                    / located.path.name)
                   for card_id, located in self._sources.items()}
        return CardLibrary(self._cards.values(), sources, folders)

    def source(self, card_id: str) -> Located | None:
        """The card file of ``card_id`` as read, with its lines (``None`` if not from a file)."""
        return self._sources.get(card_id)

    def __contains__(self, card_id: str) -> bool:
        return card_id in self._cards

    def __getitem__(self, card_id: str) -> Card:
        return self._cards[card_id]

    def ids(self) -> list[str]:
        return sorted(self._cards)

    def by_passcode(self, passcode: int) -> Card | None:
        """The card with this passcode (the first by id if two share it), or ``None``."""
        for card_id in self.ids():
            if self._cards[card_id].passcode == passcode:
                return self._cards[card_id]
        return None


def distinct_folders(folders: Iterable[Path]) -> tuple[Path, ...]:
    """``folders`` in order, each once: a folder named twice, or reached by two paths (the
    situation's own ``card_folders`` and ``--cards``), is read once."""
    seen: set[Path] = set()
    out = []
    for folder in folders:
        key = Path(folder).resolve()
        if key not in seen:
            seen.add(key)
            out.append(Path(folder))
    return tuple(out)


def load_library(extra_dirs: Iterable[Path] = ()) -> CardLibrary:
    """The bundled cards plus the cards in ``extra_dirs``.

    A card whose id is already defined (by a bundled card or an earlier folder) replaces it
    only if its file says ``overrides: true``; otherwise that is an error, so a stray file
    can never silently change a card. A folder or file reached twice is read once. Every
    bad card file is reported at once.
    """
    cards: dict[str, Card] = {}
    sources: dict[str, Located] = {}
    origin: dict[str, Path] = {}
    problems: list[InputError] = []
    read: set[Path] = set()  # a file reached twice (a folder named twice, a link) is one file
    folders = distinct_folders((BUNDLED, *extra_dirs))
    for folder in folders:
        if not folder.is_dir():
            raise InputError(folder, None, "expected a folder of card files (*.yaml)")
        local: dict[str, Path] = {}
        for path in sorted(folder.glob("*.yaml")):
            if path.resolve() in read:
                continue
            read.add(path.resolve())
            try:
                card, overrides, located = _load_card(path)
            except InputErrors as error:  # every bad file is reported, not only the first
                problems.extend(error.errors)
                continue
            except InputError as error:
                problems.append(error)
                continue
            if card.id in local:
                problems.append(located.error(("id",), f"card id {card.id!r} is also defined "
                                              f"in {local[card.id]}"))
                continue
            if card.id in origin and not overrides:
                where = ("the bundled card library" if origin[card.id].parent == BUNDLED
                         else str(origin[card.id]))
                problems.append(located.error(("id",), f"card id {card.id!r} is already "
                                              f"defined by {where}; a card file that replaces "
                                              "another must say 'overrides: true'"))
                continue
            if overrides and card.id not in origin:
                problems.append(located.error(("overrides",), f"overrides: true, but no "
                                              f"earlier card has the id {card.id!r}"))
                continue
            local[card.id] = path
            cards[card.id] = card
            sources[card.id] = located
            origin[card.id] = path
    for card_id, card in cards.items():
        problems += _reference_problems(card, sources[card_id], cards)
        problems += expressions.library_problems(card, sources[card_id], cards)
    raise_all(problems)
    return CardLibrary(cards.values(), sources, folders)
