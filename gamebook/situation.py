"""Situation files: the battle to explore.

A situation names the turn player, Life Points, each player's monsters and Spell/Trap
cards (with instance ids), the moment exploration starts (for now: an attack has just been
declared, or the open Battle Step) and the scope (where a branch ends). See the README for
the format. Loading validates everything and reports the first problem with file and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path

from gamebook.cards.library import CardLibrary, load_library
from gamebook.cards.model import CardType, MonsterFrame, Position, SpellTrapType
from gamebook.yamlsrc import Located, load_yaml, validation_error

_STRICT = {"extra": "forbid"}

MAIN_ZONES = ("m1", "m2", "m3", "m4", "m5")
# Spells/Traps that go to the GY once resolved, so they are never face-up between chains.
_RESOLVE_AND_LEAVE = (SpellTrapType.NORMAL, SpellTrapType.QUICK_PLAY, SpellTrapType.COUNTER,
                      SpellTrapType.RITUAL)
EXTRA_ZONES = ("emz_left", "emz_right")
SPELL_TRAP_ZONES = ("s1", "s2", "s3", "s4", "s5", "field")  # "field": the Field Zone (R8)


class Scope(StrEnum):
    END_OF_BATTLE = "end_of_battle"  # after this attack's Damage Step, or when it is stopped
    END_OF_BATTLE_PHASE = "end_of_battle_phase"  # when the Battle Step closes with no attack


class StartMoment(StrEnum):
    START_STEP = "start_step"  # the turn player has just entered the Battle Phase (R30)
    BATTLE_STEP = "battle_step"
    ATTACK_DECLARED = "attack_declared"


class SetWhen(StrEnum):
    EARLIER_TURN = "earlier_turn"
    THIS_TURN = "this_turn"


@dataclass(frozen=True)
class MonsterEntry:
    __pydantic_config__ = _STRICT

    id: str
    card: str
    position: Position = Position.ATTACK
    face_up: bool = True
    zone: str | None = None


@dataclass(frozen=True)
class SpellTrapEntry:
    __pydantic_config__ = _STRICT

    id: str
    card: str
    face_up: bool = False
    set: SetWhen = SetWhen.EARLIER_TURN
    zone: str | None = None


@dataclass(frozen=True)
class HandEntry:
    __pydantic_config__ = _STRICT

    id: str
    card: str


@dataclass(frozen=True)
class PlayerEntry:
    __pydantic_config__ = _STRICT

    lp: int = 8000
    monsters: tuple[MonsterEntry, ...] = ()
    spell_traps: tuple[SpellTrapEntry, ...] = ()
    hand: tuple[HandEntry, ...] = ()


@dataclass(frozen=True)
class Start:
    __pydantic_config__ = _STRICT

    moment: StartMoment
    attacker: str | None = None
    target: str | None = None  # omitted for a direct attack


@dataclass(frozen=True)
class Translation:
    """The title and description in another language (``translations: {zh-Hant: …}``)."""

    __pydantic_config__ = _STRICT

    title: str | None = None
    description: str | None = None


@dataclass(frozen=True)
class SituationFile:
    __pydantic_config__ = _STRICT

    title: str
    turn_player: str
    players: dict[str, PlayerEntry]
    start: Start
    scope: Scope
    rules: str = "seed"
    description: str = ""
    card_folders: tuple[str, ...] = ()
    used_this_turn: tuple[str, ...] = ()  # "instance.effect" already used this turn (R26)
    translations: dict[str, Translation] = field(default_factory=dict)


@dataclass(frozen=True)
class Situation:
    """A validated situation with its card definitions."""

    name: str
    path: Path
    spec: SituationFile
    cards: CardLibrary = field(compare=False)

    @property
    def title(self) -> str:
        return self.spec.title

    def title_in(self, lang: str) -> str:
        translation = self.spec.translations.get(lang)
        return (translation.title if translation and translation.title else self.spec.title)

    def description_in(self, lang: str) -> str:
        translation = self.spec.translations.get(lang)
        if translation and translation.description:
            return translation.description
        return self.spec.description


@cache
def _adapter():  # pragma: no cover - trivial
    from pydantic import TypeAdapter

    return TypeAdapter(SituationFile)


def load_situation(path: str | Path) -> Situation:
    """Read, validate and cross-check a situation file."""
    from pydantic import ValidationError

    path = Path(path)
    located = load_yaml(path)
    if not isinstance(located.data, dict):
        raise located.error((), "expected a mapping (title, turn_player, players, start, scope)")
    try:
        spec = _adapter().validate_python(located.data)
    except ValidationError as exc:
        raise validation_error(located, exc, "situation") from None
    folders = tuple((path.parent / folder).resolve() for folder in spec.card_folders)
    cards = load_library(folders)
    _check(spec, cards, located)
    return Situation(name=path.stem, path=path, spec=spec, cards=cards)


def _check(spec: SituationFile, cards: CardLibrary, located: Located) -> None:
    from gamebook.rules.config import PRESETS

    if set(spec.players) != {"A", "B"}:
        raise located.error(("players",), "players: expected exactly the players 'A' and 'B'")
    if spec.turn_player not in ("A", "B"):
        raise located.error(("turn_player",), "turn_player: expected 'A' or 'B'")
    if spec.rules not in PRESETS:
        raise located.error(("rules",), f"rules: expected one of {', '.join(PRESETS)}")
    seen: dict[str, tuple] = {}
    for player, entry in spec.players.items():
        if entry.lp <= 0:
            raise located.error(("players", player, "lp"), "lp: expected a positive number")
        _check_zones(player, entry, located)
        for kind, items in (("monsters", entry.monsters), ("spell_traps", entry.spell_traps),
                            ("hand", entry.hand)):
            for index, item in enumerate(items):
                loc = ("players", player, kind, index)
                if item.id in seen:
                    raise located.error(loc + ("id",), f"duplicate instance id {item.id!r} "
                                        f"(already used at line {located.line_of(seen[item.id])})")
                seen[item.id] = loc
                if item.card not in cards:
                    raise located.error(loc + ("card",), f"unknown card {item.card!r}; expected "
                                        f"one of: {', '.join(cards.ids())}")
                card = cards[item.card]
                if card.frame is MonsterFrame.TOKEN:
                    raise located.error(loc + ("card",), "a Token is made by a card effect and "
                                        "cannot start in a situation (R64)")
                if kind == "hand":
                    continue
                if kind == "monsters":
                    if card.card_type is not CardType.MONSTER:
                        raise located.error(loc + ("card",), f"{item.card!r} is not a monster")
                    if card.is_link and item.position is not Position.ATTACK:
                        raise located.error(loc + ("position",), "a Link monster is always in "
                                            "Attack Position (R59); expected position: attack")
                    if card.is_link and not item.face_up:
                        raise located.error(loc + ("face_up",),
                                            "a Link monster cannot be face-down")
                    if not item.face_up and item.position is Position.ATTACK:
                        raise located.error(loc + ("position",), "a face-down monster must be in "
                                            "Defense Position")
                elif card.card_type is CardType.MONSTER:
                    raise located.error(loc + ("card",), f"{item.card!r} is a monster, not a "
                                        "Spell/Trap")
                elif (item.zone == "field") != (card.spell_trap_type is SpellTrapType.FIELD) \
                        and item.zone is not None:
                    raise located.error(loc + ("zone",), "the Field Zone holds a Field Spell, "
                                        "and a Field Spell goes in zone: field (R8)")
                elif item.face_up and card.spell_trap_type in _RESOLVE_AND_LEAVE:
                    raise located.error(loc + ("face_up",), f"a face-up {item.card!r} would "
                                        "already have resolved and left the field; expected "
                                        "face_up: false (Set)")
    _check_start(spec, seen, located)
    _check_used(spec, cards, located)


def _check_used(spec: SituationFile, cards: CardLibrary, located: Located) -> None:
    instances = {item.id: item.card for entry in spec.players.values()
                 for item in (*entry.monsters, *entry.spell_traps, *entry.hand)}
    for index, text in enumerate(spec.used_this_turn):
        loc = ("used_this_turn", index)
        instance, dot, effect_id = text.partition(".")
        if not dot:
            raise located.error(loc, f"used_this_turn: expected 'instance.effect', got {text!r}")
        if instance not in instances:
            raise located.error(loc, f"used_this_turn: unknown card instance {instance!r}; "
                                f"expected one of: {', '.join(sorted(instances))}")
        card = cards[instances[instance]]
        known = [effect.id for effect in card.effects]
        if effect_id not in known:
            raise located.error(loc, f"used_this_turn: unknown effect id {effect_id!r} of "
                                f"{card.id}; expected one of: {', '.join(known) or 'none'}")


def _check_zones(player: str, entry: PlayerEntry, located: Located) -> None:
    for kind, items, allowed in (("monsters", entry.monsters, MAIN_ZONES + EXTRA_ZONES),
                                 ("spell_traps", entry.spell_traps, SPELL_TRAP_ZONES)):
        used: dict[str, str] = {}
        for index, item in enumerate(items):
            if item.zone is None:
                continue
            loc = ("players", player, kind, index, "zone")
            if item.zone not in allowed:
                raise located.error(loc, f"zone: expected one of {', '.join(allowed)}")
            if item.zone in used:
                raise located.error(loc, f"{item.id!r} and {used[item.zone]!r} are both in zone "
                                    f"{item.zone}; a zone holds one card")
            used[item.zone] = item.id
        if len(items) > len(allowed) - (0 if kind == "spell_traps" else 1):
            raise located.error(("players", player, kind), f"too many cards in {kind}")


def _check_start(spec: SituationFile, seen: dict[str, tuple], located: Located) -> None:
    start = spec.start
    if start.moment in (StartMoment.BATTLE_STEP, StartMoment.START_STEP):
        if start.attacker or start.target:
            raise located.error(("start",), f"start: {start.moment.value!r} takes no attacker "
                                "or target")
        return
    if start.attacker is None:
        raise located.error(("start",), "start.attacker: required when moment is attack_declared")
    tp, ntp = spec.turn_player, "B" if spec.turn_player == "A" else "A"
    own = {m.id: m for m in spec.players[tp].monsters}
    theirs = {m.id: m for m in spec.players[ntp].monsters}
    if start.attacker not in own:
        raise located.error(("start", "attacker"), f"start.attacker: expected a monster of the "
                            f"turn player {tp} ({', '.join(sorted(own)) or 'none'})")
    attacker = own[start.attacker]
    if attacker.position is not Position.ATTACK or not attacker.face_up:
        raise located.error(("start", "attacker"),
                            "start.attacker: only a face-up Attack Position monster can "
                            "attack (R32)")
    if start.target is None:
        if theirs:
            raise located.error(("start",), "start.target: the opponent controls monsters, so a "
                                "direct attack is not possible (R33); name the attack target")
    elif start.target not in theirs:
        raise located.error(("start", "target"), f"start.target: expected a monster of player "
                            f"{ntp} ({', '.join(sorted(theirs)) or 'none'})")

