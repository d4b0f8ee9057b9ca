"""The situation: the battle to explore, as the engine reads it.

A situation names the turn player, Life Points, each player's monsters, Spell/Trap cards
and hand (with instance ids), the moment exploration starts (the Start Step, the open Battle
Step, or an attack just declared) and the scope (where a branch ends). See the README for
the format. :mod:`gamebook.situation.load` reads and validates a file into these values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from gamebook.cards.library import CardLibrary
from gamebook.cards.model import Position, SpellTrapType

_STRICT = {"extra": "forbid"}

#: The rules presets a situation may name (``rules:``); :mod:`gamebook.rules.config` defines
#: what each one means (a test checks that the two agree).
PRESET_NAMES = ("seed", "flowchart")

#: An instance id (``id:`` of a card in a situation): a letter or '_', then letters, digits
#: and '_', at most 64 characters. Ids name cards in ``graph.json``, in actions
#: (``A activate borrelsword.atk_gain -> leo_wizard``) and in ``instance.effect`` keys, so a
#: space or a full stop in one would be read as two words.
INSTANCE_ID = r"[A-Za-z_][A-Za-z0-9_]{0,63}"
INSTANCE_ID_WORDS = "letters, digits and '_' (a letter or '_' first, at most 64 characters)"
#: The choice of no card at an optional step ("you can", R164), written where an instance id
#: would be: no card of a situation may be named so.
NOTHING = "nothing"

#: The languages a book is written in (``translations:`` names them); the message catalogs
#: of :mod:`gamebook.book.catalog` are the same four (a test checks).
BOOK_LANGUAGES = ("en", "zh-Hant", "zh-Hans", "ja")

MAIN_ZONES = ("m1", "m2", "m3", "m4", "m5")
# Spells/Traps that go to the GY once resolved, so they are never face-up between chains.
RESOLVE_AND_LEAVE = (SpellTrapType.NORMAL, SpellTrapType.QUICK_PLAY, SpellTrapType.COUNTER,
                      SpellTrapType.RITUAL)
EXTRA_ZONES = ("emz_left", "emz_right")
SPELL_TRAP_ZONES = ("s1", "s2", "s3", "s4", "s5", "field")  # "field": the Field Zone (R8)


class ExplorationEnd(StrEnum):
    """Where a branch of the exploration ends (the situation's ``scope``)."""

    END_OF_BATTLE = "end_of_battle"  # after this attack's Damage Step, or when it is stopped
    END_OF_BATTLE_PHASE = "end_of_battle_phase"  # when the Battle Step closes with no attack
    END_OF_MAIN_PHASE_1 = "end_of_main_phase_1"  # when Main Phase 1 is over (R129)


class StartMoment(StrEnum):
    MAIN_PHASE_1 = "main_phase_1"  # the turn player's open game state in Main Phase 1 (R129)
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
    # a face-up Equip Card: the monster it is equipped to (R105), on the field face-up
    equipped_to: str | None = None
    # a face-up card that stays for some of the opponent's turns: how many are left (R111)
    turns_left: int | None = None


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
    # The Deck cards that matter (an effect may Special Summon or add them); the rest of the
    # Deck is unknown and never chosen (docs/engine.md).
    deck: tuple[HandEntry, ...] = ()
    # The cards in the GY at the start (an effect may Special Summon them: R97)
    graveyard: tuple[HandEntry, ...] = ()


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
    scope: ExplorationEnd
    rules: str = "seed"
    description: str = ""
    card_folders: tuple[str, ...] = ()
    # "instance.effect" already used this turn (R26); for an effect limited by card name
    # (R135, R156) "card.effect" too, for a copy the situation does not place
    used_this_turn: tuple[str, ...] = ()
    # "instance.effect" or "card.effect" of a once-per-Duel effect used in an earlier turn
    # (R156)
    used_this_duel: tuple[str, ...] = ()
    summoned_this_turn: tuple[str, ...] = ()  # players who have Summoned this turn (R103)
    # From a Main Phase 1 start: the turn player has already Normal Summoned or Set a monster
    # this turn (R130); by default the monsters the situation places were not Summoned this
    # turn, so the turn player still has the Normal Summon.
    normal_summon_used: bool = False
    # From a Main Phase 1 start: the monsters (instance ids) whose battle position their
    # controller can no longer change this turn, Summoned, Set or already changed this turn
    # (R138); by default every monster the situation places may change it once.
    position_fixed: tuple[str, ...] = ()
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


MAX_LP = 99_999_999  # the most a Life Point counter shows
