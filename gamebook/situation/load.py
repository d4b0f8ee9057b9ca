"""Loading a situation file: read it safely, validate it, cross-check it against the cards.

Loading validates everything and reports every independent problem, each with file and
line (:class:`~gamebook.errors.InputErrors`); validated situations and card libraries are
cached by the bytes of their files (:mod:`gamebook.inputs.cache`).
"""

from __future__ import annotations

import re
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import Any

from gamebook.cards.honoured import (
    EXTRA_DECK_FRAMES,
    extra_zone_problem,
    negation_problem,
    replacement_problem,
)
from gamebook.cards.library import CardLibrary, load_library
from gamebook.cards.model import CardType, MonsterFrame, Position, SpellTrapType
from gamebook.errors import InputError, InputErrors, raise_all
from gamebook.inputs.yamlsrc import Located, did_you_mean, load_yaml, validate
from gamebook.situation.model import (
    BOOK_LANGUAGES,
    EXTRA_ZONES,
    INSTANCE_ID,
    INSTANCE_ID_WORDS,
    MAIN_ZONES,
    MAX_LP,
    NOTHING,
    PRESET_NAMES,
    RESOLVE_AND_LEAVE,
    SPELL_TRAP_ZONES,
    ExplorationEnd,
    HandEntry,
    MonsterEntry,
    PlayerEntry,
    Situation,
    SituationFile,
    SpellTrapEntry,
    StartMoment,
)


@cache
def _adapter():  # pragma: no cover - trivial
    from pydantic import TypeAdapter

    return TypeAdapter(SituationFile)


def load_situation(path: str | Path, card_folders: tuple[str | Path, ...] = ()) -> Situation:
    """Read, validate and cross-check a situation file.

    Every independent mistake is reported at once (:class:`~gamebook.errors.InputErrors`).
    The situation's own ``card_folders`` must lie inside its folder; ``card_folders`` given
    here (the command line's ``--cards``) may be anywhere.
    """
    from gamebook.inputs import cache as inputcache
    from gamebook.inputs.files import read_input

    path = Path(path)
    spec_key = inputcache.key("situation", [read_input(path, "a YAML file")])
    spec = inputcache.load(spec_key)
    if isinstance(spec, SituationFile):
        located: Located | _LazyLocated = _LazyLocated(path)
    else:
        located = load_yaml(path)
        if not isinstance(located.data, dict):
            raise located.error((), "expected a mapping (title, turn_player, players, start, "
                                "scope)")
        spec = _validated(located)
        inputcache.store(spec_key, spec)
    folders = _card_folders(spec, located)
    folders += tuple(Path(folder).resolve() for folder in card_folders)
    cards = _library(folders)
    problems: list[InputError] = []
    _check(spec, cards, located, problems)
    raise_all(problems)
    return Situation(name=path.stem, path=path, spec=spec, cards=cards)


def _validated(located: Located) -> SituationFile:
    """The situation, validated; a key of a player written under ``players`` itself (``hand:``
    dedented) is said as such, instead of "Input should be an object"."""
    misplaced = _misplaced_player_keys(located)
    try:
        return validate(located, _adapter(), "situation", SituationFile)
    except (InputError, InputErrors) as exc:
        errors = exc.errors if isinstance(exc, InputErrors) else [exc]
        said = {error.line for error in misplaced}
        raise_all(misplaced + [error for error in errors if error.line not in said])
        raise


def _misplaced_player_keys(located: Located) -> list[InputError]:
    players = located.data.get("players")
    if not isinstance(players, dict):
        return []
    keys = [field.name for field in fields(PlayerEntry)]
    return [located.error(("players", key), f"players.{key}: '{key}' belongs under a player, "
                          f"A or B: indent it 2 spaces more than the player's name (B: then, "
                          f"under it, {key}:)")
            for key in players if key in keys]


def _library(folders: tuple[Path, ...]) -> CardLibrary:
    """:func:`load_library`, through the input cache (:mod:`gamebook.inputs.cache`)."""
    from gamebook.cards.library import BUNDLED, distinct_folders
    from gamebook.inputs import cache as inputcache

    folders = distinct_folders(folders)
    parts = inputcache.folder_parts([BUNDLED, *folders])
    name = inputcache.key("cards", parts) if parts is not None else None
    cards = inputcache.load(name) if name is not None else None
    if not isinstance(cards, CardLibrary):
        cards = load_library(folders)
        if name is not None:
            inputcache.store(name, cards)
    return cards.read_from((BUNDLED, *folders))


class _LazyLocated:
    """A situation file's lines, parsed only if a cross-check has something to report (the
    situation itself came validated from the cache)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._located: Located | None = None

    def _parsed(self) -> Located:
        if self._located is None:
            self._located = load_yaml(self.path)
        return self._located

    def line_of(self, loc: tuple) -> int | None:
        return self._parsed().line_of(loc)

    def error(self, loc: tuple, message: str) -> InputError:
        return self._parsed().error(loc, message)


def _card_folders(spec: SituationFile, located: Located | _LazyLocated) -> tuple[Path, ...]:
    """The situation's card folders, each inside the situation's own folder."""
    home = located.path.parent.resolve()
    folders = []
    problems = []
    for index, folder in enumerate(spec.card_folders):
        resolved = (home / folder).resolve()  # symbolic links followed: no way out through one
        if not resolved.is_relative_to(home):
            problems.append(located.error(("card_folders", index), f"card_folders: {folder!r} "
                            "is outside the situation's folder; a situation may only name "
                            "folders beside it (give others on the command line: --cards DIR)"))
        folders.append(resolved)
    raise_all(problems)
    return tuple(folders)


def _check(spec: SituationFile, cards: CardLibrary, located: Located,
           problems: list[InputError]) -> None:
    def fail(loc: tuple, message: str) -> None:
        problems.append(located.error(loc, message))

    if set(spec.players) != {"A", "B"}:
        fail(("players",), "players: expected exactly the players 'A' and 'B'"
             + did_you_mean(next(iter(set(spec.players) - {"A", "B"}), ""), ("A", "B"), ""))
    if spec.turn_player not in ("A", "B"):
        fail(("turn_player",), "turn_player: expected 'A' or 'B'")
    if spec.rules not in PRESET_NAMES:
        fail(("rules",), f"rules: expected one of {', '.join(PRESET_NAMES)}"
             + did_you_mean(spec.rules, PRESET_NAMES, ""))
    for lang in spec.translations:
        if lang not in BOOK_LANGUAGES:
            fail(("translations", lang), f"translations: {lang!r} is not a book language; "
                 f"expected one of {', '.join(BOOK_LANGUAGES)}"
                 + did_you_mean(lang, BOOK_LANGUAGES, ""))
    seen: dict[str, tuple] = {}
    for player, entry in spec.players.items():
        if not 0 < entry.lp <= MAX_LP:
            fail(("players", player, "lp"), f"lp: expected a whole number from 1 to {MAX_LP:,}")
        _check_zones(player, entry, located, problems)
        for kind, items in (("monsters", entry.monsters), ("spell_traps", entry.spell_traps),
                            ("hand", entry.hand), ("deck", entry.deck),
                            ("graveyard", entry.graveyard)):
            for index, item in enumerate(items):
                loc = ("players", player, kind, index)
                if not re.fullmatch(INSTANCE_ID, item.id):
                    fail(loc + ("id",), f"instance id {item.id!r}: expected {INSTANCE_ID_WORDS}"
                         f"; did you mean {_id_like(item.id, item.card)!r}?")
                elif item.id == NOTHING:
                    fail(loc + ("id",), f"instance id {NOTHING!r} is the word for choosing no "
                         "card at an optional step (R164); name the card otherwise, e.g. "
                         f"{_id_like('', item.card)!r}")
                if item.id in seen:
                    fail(loc + ("id",), f"duplicate instance id {item.id!r} "
                         f"(already used at line {located.line_of(seen[item.id])})")
                else:
                    seen[item.id] = loc
                if item.card not in cards:
                    fail(loc + ("card",), f"unknown card {item.card!r}"
                         + did_you_mean(item.card, cards.ids()))
                    continue
                _check_entry(kind, item, cards[item.card], loc, fail)
    if problems:  # the attack and the used effects name instances: check those first
        return
    _check_start(spec, seen, located, problems)
    _check_used(spec, cards, located, problems)
    _check_equipped(spec, located, problems)
    _check_negations(spec, cards, located, problems)
    _check_columns(spec, cards, located, problems)


def _check_columns(spec: SituationFile, cards: CardLibrary, located: Located,
                   problems: list[InputError]) -> None:
    """A Set card whose text negates the other Spell/Trap effects in its column
    (``negates_its_column``: Infinite Impermanence) is refused when an opponent's Spell/Trap
    Card is in its column, or could be (a zone not given): the column is not modelled."""
    for player, entry in spec.players.items():
        opponent = spec.players.get("B" if player == "A" else "A")
        if opponent is None:
            continue
        for index, item in enumerate(entry.spell_traps):
            card = cards[item.card]
            if item.face_up or not any(effect.negates_its_column for effect in card.effects):
                continue
            column = _mirrored(item.zone)
            sharing = [other.id for other in opponent.spell_traps if other.zone != "field"
                       and (column is None or other.zone is None or other.zone == column)]
            if sharing:
                where = ("its zone is not given" if item.zone is None
                         else f"{sharing[0]!r} is in its column or in no given zone")
                problems.append(located.error(
                    ("players", player, "spell_traps", index, "card"),
                    f"{card.id} is Set and {where}: its negation of the other Spell/Trap effects "
                    "in its column is not modelled (the state keeps no columns), so the book "
                    "could show such an effect applying; give each Spell/Trap its zone, outside "
                    "that column"))


def _mirrored(zone: str | None) -> str | None:
    """The opponent's Spell & Trap Zone in the column of ``zone`` (``s1`` faces ``s5``), or
    ``None`` when no column is given."""
    if zone is None or zone not in SPELL_TRAP_ZONES[:5]:
        return None
    return SPELL_TRAP_ZONES[4 - SPELL_TRAP_ZONES.index(zone)]


def _check_negations(spec: SituationFile, cards: CardLibrary, located: Located,
                     problems: list[InputError]) -> None:
    """A card that would negate the continuous effects of another card of the situation (a
    face-up Spell or Trap's: R123, R157) is refused at its first line, once per pair of
    cards, since the engine would explore them applying. So is a monster that may replace
    its destruction (R183) that a card's tie could hold (R108): in a GY, where Call of the
    Haunted could revive it, or equipped with such a card from the start."""
    monsters = {m.id: m.card for entry in spec.players.values() for m in entry.monsters}
    exposed = {item.card for entry in spec.players.values() for item in entry.graveyard} | {
        monsters[item.equipped_to] for entry in spec.players.values()
        for item in entry.spell_traps if item.equipped_to in monsters}
    first: dict[str, tuple] = {}
    copies: dict[str, int] = {}
    for player, entry in spec.players.items():
        for kind in ("monsters", "spell_traps", "hand", "deck", "graveyard"):
            for index, item in enumerate(getattr(entry, kind)):
                if kind in ("deck", "graveyard") and \
                        cards[item.card].card_type is not CardType.MONSTER:
                    continue  # no step brings a Spell/Trap from there to the field
                first.setdefault(item.card, ("players", player, kind, index, "card"))
                copies[item.card] = copies.get(item.card, 0) + 1
    for card_id, loc in first.items():
        for other in first:
            if other == card_id and copies[card_id] < 2:
                continue  # "all other Trap effects": its own are not negated
            problem = negation_problem(cards[card_id], cards[other])
            if problem is None and card_id in exposed:
                problem = replacement_problem(cards[card_id], cards[other])
            if problem is not None:
                problems.append(located.error(loc, problem))


def _check_equipped(spec: SituationFile, located: Located, problems: list[InputError]) -> None:
    """An Equip Card's ``equipped_to`` names a face-up monster on the field (R105)."""
    monsters = {m.id: m for entry in spec.players.values() for m in entry.monsters}
    for player, entry in spec.players.items():
        for index, item in enumerate(entry.spell_traps):
            if item.equipped_to is None:
                continue
            monster = monsters.get(item.equipped_to)
            if monster is None or not monster.face_up:
                shown = ", ".join(sorted(i for i, m in monsters.items() if m.face_up))
                problems.append(located.error(
                    ("players", player, "spell_traps", index, "equipped_to"),
                    f"equipped_to: expected a face-up monster on the field "
                    f"({shown or 'none'}), not {item.equipped_to!r}"
                    + _closest(item.equipped_to, (i for i, m in monsters.items() if m.face_up))))



def _closest(instance: str, candidates: Any) -> str:
    """"; did you mean 'x'?" for the candidate instance id closest to ``instance``, or ""."""
    return did_you_mean(instance, sorted(candidates), "")


def _id_like(text: str, card: str) -> str:
    """An instance id close to ``text`` (its words joined by '_'), or the card's id when that
    would be a sentence."""
    words = re.sub(r"[^A-Za-z0-9_]+", "_", text).strip("_").lower()
    if len(words) <= 32 and re.fullmatch(INSTANCE_ID, words):
        return words
    card_like = re.sub(r"[^A-Za-z0-9_]+", "_", card).strip("_")[:64].rstrip("_")
    return card_like if re.fullmatch(INSTANCE_ID, card_like) else "card_1"


def _check_entry(kind: str, item: MonsterEntry | SpellTrapEntry | HandEntry, card: Any,
                 loc: tuple, fail: Any) -> None:
    if card.frame is MonsterFrame.TOKEN:
        fail(loc + ("card",), "a Token is made by a card effect and cannot start in a "
             "situation (R64)")
    elif kind == "deck" and card.card_type is CardType.MONSTER and card.frame in EXTRA_DECK_FRAMES:
        fail(loc + ("card",), f"{item.card!r} is a {card.frame.value} monster: it starts in "
             "the Extra Deck, not in the Deck")
    elif kind in ("hand", "deck", "graveyard"):
        return
    elif kind == "monsters":
        if card.card_type is not CardType.MONSTER:
            fail(loc + ("card",), f"{item.card!r} is not a monster")
        elif card.is_link and item.position is not Position.ATTACK:
            fail(loc + ("position",), "a Link monster is always in Attack Position (R59); "
                 "expected position: attack")
        elif card.is_link and not item.face_up:
            fail(loc + ("face_up",), "a Link monster cannot be face-down")
        elif not item.face_up and item.position is Position.ATTACK:
            fail(loc + ("position",), "a face-down monster must be in Defense Position")
        elif item.zone in EXTRA_ZONES and card.frame not in EXTRA_DECK_FRAMES:
            fail(loc + ("zone",), f"zone: {item.zone}: {extra_zone_problem(card)}; expected a "
                 "Main Monster Zone, m1 to m5")
    elif card.card_type is CardType.MONSTER:
        fail(loc + ("card",), f"{item.card!r} is a monster, not a Spell/Trap")
    elif item.zone == "field" and card.spell_trap_type is not SpellTrapType.FIELD:
        fail(loc + ("zone",), f"zone: field is the Field Zone, which holds only a Field Spell "
             f"(R8); {item.card!r} goes in a Spell & Trap Zone: write zone: s1 to s5, or "
             "leave zone out for the first free one")
    elif item.zone not in (None, "field") and card.spell_trap_type is SpellTrapType.FIELD:
        fail(loc + ("zone",), f"zone: {item.zone}: {item.card!r} is a Field Spell, which goes "
             "in the Field Zone (R8): write zone: field, or leave zone out")
    elif item.turns_left is not None and (not item.face_up
                                          or card.stays_for_opponent_turns is None):
        fail(loc + ("turns_left",), f"turns_left is for a face-up card that stays on the field "
             f"for some of the opponent's turns; {item.card!r} "
             + ("is Set" if card.stays_for_opponent_turns else "is not one"))
    elif item.turns_left is not None and not 1 <= item.turns_left <= \
            card.stays_for_opponent_turns:
        fail(loc + ("turns_left",), f"turns_left: expected 1 to "
             f"{card.stays_for_opponent_turns} (it stays for "
             f"{card.stays_for_opponent_turns} of the opponent's turns)")
    elif item.face_up and card.stays_for_opponent_turns and item.turns_left is None:
        fail(loc + ("turns_left",), f"a face-up {item.card!r} stays for "
             f"{card.stays_for_opponent_turns} of the opponent's turns: say how many are left "
             "(turns_left)")
    elif item.face_up and card.spell_trap_type in RESOLVE_AND_LEAVE \
            and not card.stays_for_opponent_turns:
        fail(loc + ("face_up",), f"a face-up {item.card!r} would already have resolved and "
             "left the field; expected face_up: false (Set)")
    elif item.equipped_to is not None and card.spell_trap_type is not SpellTrapType.EQUIP:
        fail(loc + ("equipped_to",), f"equipped_to: {item.card!r} is not an Equip Card (R105)")
    elif item.equipped_to is not None and not item.face_up:
        fail(loc + ("equipped_to",), "equipped_to: a Set card is equipped to nothing; "
             "expected face_up: true (R105)")
    elif item.face_up and card.spell_trap_type is SpellTrapType.EQUIP \
            and item.equipped_to is None:
        fail(loc + ("face_up",), f"a face-up {item.card!r} is equipped to a monster; "
             "name it with equipped_to (R105)")


def _check_used(spec: SituationFile, cards: CardLibrary, located: Located,
                problems: list[InputError]) -> None:
    instances = {item.id: item.card for entry in spec.players.values()
                 for item in (*entry.monsters, *entry.spell_traps, *entry.hand, *entry.deck,
                              *entry.graveyard)}
    for index, name in enumerate(spec.summoned_this_turn):
        if name not in ("A", "B"):
            problems.append(located.error(("summoned_this_turn", index),
                                          "summoned_this_turn: expected the players 'A' or 'B', "
                                          f"got {name!r}"))
    for key, uses in (("used_this_turn", spec.used_this_turn),
                      ("used_this_duel", spec.used_this_duel)):
        for index, text in enumerate(uses):
            problem = _use_problem(key, text, instances, cards)
            if problem is not None:
                problems.append(located.error((key, index), problem))


def _use_problem(key: str, text: str, instances: dict[str, str],
                 cards: CardLibrary) -> str | None:
    """What is wrong with ``text``, a use of an effect the situation names under ``key``
    (``instance.effect``, or ``card.effect`` for a limit by name), or ``None``."""
    instance, dot, effect_id = text.partition(".")
    if not dot:
        return f"{key}: expected 'instance.effect' or 'card.effect', got {text!r}"
    if instance in instances:
        card = cards[instances[instance]]
    elif instance in cards:
        card = cards[instance]
    else:
        return (f"{key}: unknown card instance {instance!r}"
                + did_you_mean(instance, sorted(instances)))
    known = [effect.id for effect in card.effects]
    if effect_id not in known:
        return (f"{key}: unknown effect id {effect_id!r} of {card.id}"
                + (did_you_mean(effect_id, known) if known else "; it has no effects"))
    effect = card.effect(effect_id)
    if key == "used_this_duel" and not effect.once_per_duel:
        return (f"{key}: {card.id}'s effect {effect_id!r} is not once per Duel (R156); a use "
                "this turn goes under used_this_turn")
    if not (effect.once_per_turn or effect.once_per_turn_by_name or effect.once_per_duel):
        return (f"{key}: {card.id}'s effect {effect_id!r} has no once-per-turn or once-per-Duel "
                "limit (R26), so a use of it changes nothing: leave it out")
    if instance not in instances and not (effect.once_per_turn_by_name or effect.once_per_duel):
        return (f"{key}: {instance!r} is a card, not a card instance of this situation, and "
                f"its effect {effect_id!r} is limited per card, not by name (R26, R135): name "
                "the instance that used it")
    return None


def _check_zones(player: str, entry: PlayerEntry, located: Located,
                 problems: list[InputError]) -> None:
    for kind, items, allowed in (("monsters", entry.monsters, MAIN_ZONES + EXTRA_ZONES),
                                 ("spell_traps", entry.spell_traps, SPELL_TRAP_ZONES)):
        used: dict[str, str] = {}
        for index, item in enumerate(items):
            if item.zone is None:
                continue
            loc = ("players", player, kind, index, "zone")
            if item.zone not in allowed:
                problems.append(located.error(loc, "zone: expected one of "
                                              f"{', '.join(allowed)}"
                                              + did_you_mean(item.zone, allowed, "")))
            elif item.zone in used:
                problems.append(located.error(loc, f"{item.id!r} and {used[item.zone]!r} are "
                                              f"both in zone {item.zone}; a zone holds one card"))
            else:
                used[item.zone] = item.id
        if len(items) > len(allowed) - (0 if kind == "spell_traps" else 1):
            problems.append(located.error(("players", player, kind), f"too many cards in {kind}"))


def _check_start(spec: SituationFile, seen: dict[str, tuple], located: Located,
                 problems: list[InputError]) -> None:
    def fail(loc: tuple, message: str) -> None:
        problems.append(located.error(loc, message))

    start = spec.start
    main_phase = start.moment is StartMoment.MAIN_PHASE_1
    if spec.scope is ExplorationEnd.END_OF_MAIN_PHASE_1 and not main_phase:
        fail(("scope",), "scope: end_of_main_phase_1 needs start: {moment: main_phase_1}; "
             f"a situation that starts at {start.moment.value!r} is past Main Phase 1")
    if spec.normal_summon_used and not main_phase:
        fail(("normal_summon_used",), "normal_summon_used: only for a situation that starts in "
             "Main Phase 1 (start: {moment: main_phase_1}); a Normal Summon is made there")
    for index, instance in enumerate(spec.position_fixed):  # R138
        loc = ("position_fixed", index)
        if not main_phase:
            fail(loc, "position_fixed: only for a situation that starts in Main Phase 1 "
                 "(start: {moment: main_phase_1}); a battle position is changed there")
        elif instance not in seen or seen[instance][2] != "monsters":
            fail(loc, f"position_fixed: {instance!r} is not a monster on the field"
                 + did_you_mean(instance, sorted(i for i, where in seen.items()
                                                 if where[2] == "monsters")))
    if start.moment in (StartMoment.BATTLE_STEP, StartMoment.START_STEP,
                        StartMoment.MAIN_PHASE_1):
        if start.attacker or start.target:
            fail(("start",), f"start: {start.moment.value!r} takes no attacker or target")
        return
    if start.attacker is None:
        fail(("start",), "start.attacker: required when moment is attack_declared")
        return
    tp, ntp = spec.turn_player, "B" if spec.turn_player == "A" else "A"
    own = {m.id: m for m in spec.players[tp].monsters}
    theirs = {m.id: m for m in spec.players[ntp].monsters}
    if start.attacker not in own:
        fail(("start", "attacker"), f"start.attacker: expected a monster of the turn player "
             f"{tp} ({', '.join(sorted(own)) or 'none'})" + _closest(start.attacker, own))
    else:
        attacker = own[start.attacker]
        if attacker.position is not Position.ATTACK or not attacker.face_up:
            fail(("start", "attacker"), "start.attacker: only a face-up Attack Position "
                 "monster can attack (R32)")
    if start.target is None:
        if theirs:
            fail(("start",), "start.target: the opponent controls monsters, so a direct attack "
                 "is not possible (R33); name the attack target")
    elif start.target not in theirs:
        fail(("start", "target"), f"start.target: expected a monster of player {ntp} "
             f"({', '.join(sorted(theirs)) or 'none'})" + _closest(start.target, theirs))
