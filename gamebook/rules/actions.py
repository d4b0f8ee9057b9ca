"""Actions (what a player chooses), events (what happened) and notes on illegal actions.

All three are small frozen values with structured fields and no prose: the book turns them
into sentences in the reader's language. ``repr(action)`` prints something you could type
back: ``Action.parse(str(action)) == action``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from gamebook.rules.events import EventKind, check
from gamebook.rules.state import Player


class ActionKind(StrEnum):
    ACTIVATE = "activate"
    NORMAL_SUMMON = "normal_summon"  # Normal Summon a monster from the hand (R130)
    SET_MONSTER = "set_monster"  # Set a monster from the hand: the Normal Set (R130)
    FLIP_SUMMON = "flip_summon"  # Flip Summon a face-down Defense Position monster (R139)
    CHANGE_POSITION = "change_position"  # change a monster's battle position (R138)
    SET_SPELL_TRAP = "set_spell_trap"  # Set a Spell/Trap Card from the hand (R141)
    DECLARE_ATTACK = "declare_attack"
    REPLAY_ATTACK = "replay_attack"  # choose the target again after a replay (R42)
    STOP_ATTACK = "stop_attack"  # cancel the attack on a replay (R42, R43)
    SELECT = "select"  # choose at resolution: a card (ties, "choose 1") or a position
    END_PLACEMENT = "end_placement"  # stop placing same-stage triggers (R23)
    DECLINE = "decline"  # flowchart preset: decline one's optional triggers (R23)
    PASS = "pass"


# The order of choices on a page: activations first, "pass" last.
_KIND_ORDER = {kind: index for index, kind in enumerate(ActionKind)}


@dataclass(frozen=True)
class Action:
    kind: ActionKind
    player: Player
    card: str | None = None
    effect: str | None = None
    target: str | None = None
    # The card chosen for the activation's cost ("discard 1 card", R16), paid before the
    # target is chosen (R113).
    cost: str | None = None

    def sort_key(self) -> tuple:
        return (_KIND_ORDER[self.kind], self.card or "", self.effect or "", self.cost or "",
                self.target or "")

    def __str__(self) -> str:
        parts = [self.player.value, self.kind.value]
        if self.card:
            parts.append(f"{self.card}.{self.effect}" if self.effect else self.card)
        if self.cost:
            parts.append(f"paying {self.cost}")
        if self.target:
            parts.append(f"-> {self.target}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Inverse of ``str``: ``"A activate borrelsword.position_change -> leo_wizard"``,
        ``"B activate raigeki_break.activate paying kuriboh -> summoned_skull"``."""
        head, _, target = text.partition(" -> ")
        words = head.split()
        cost = None
        if len(words) == 5 and words[3] == "paying":
            cost, words = words[4], words[:3]
        if len(words) < 2:
            raise ValueError(f"not an action: {text!r}")
        player, kind = Player(words[0]), ActionKind(words[1])
        card = effect = None
        if len(words) > 2:
            card, _, effect_part = words[2].partition(".")
            effect = effect_part or None
        return cls(kind, player, card, effect, target or None, cost)


@dataclass(frozen=True)
class Event:
    """Something that happened, for narration and for graph.json edges: its kind, its subject
    and its payload (``data``) as :mod:`gamebook.rules.events` declares them."""

    kind: EventKind
    player: Player | None = None
    card: str | None = None
    effect: str | None = None
    target: str | None = None
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for name, value in self.data:  # a few pairs: read in place, no dict built
            if name == key:
                return value
        return default

    def as_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {"kind": self.kind.value}
        for name in ("player", "card", "effect", "target"):
            value = getattr(self, name)
            if value is not None:
                result[name] = value.value if isinstance(value, Player) else value
        for key, value in self.data:
            result[key] = _plain(value)
        return result


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Note):  # a refusal told on a forced pass
        return {"player": value.player.value, "card": value.card, "effect": value.effect,
                "legal": value.legal, "rule": value.rule, "reason": value.reason,
                "args": {key: _plain(arg) for key, arg in value.args}}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def event(kind: EventKind | str, player: Player | None = None, card: str | None = None,
          effect: str | None = None, target: str | None = None, **data: Any) -> Event:
    """The event, one object per distinct value: a big exploration makes the same few
    hundred events tens of thousands of times (interning them saves most of its memory).

    A kind or a payload key :mod:`gamebook.rules.events` does not declare is refused
    (:class:`~gamebook.rules.events.EventProtocolError`); the check runs once per distinct
    event, as it is first made (a kind given as a string equals and hashes as its
    :class:`EventKind`, so it finds the same interned event)."""
    details = () if not data else tuple(data.items()) if len(data) == 1 \
        else tuple(sorted(data.items()))
    key = (kind, player, card, effect, target, details)
    try:
        found = _EVENTS.get(key)
    except TypeError:  # an unhashable detail: refused, with the reason
        return _new(key)
    if found is None:
        if len(_EVENTS) >= _EVENT_LIMIT:
            _EVENTS.clear()
        found = _EVENTS[key] = _new(key)
    return found


def _new(key: tuple) -> Event:
    kind, player, card, effect, target, details = key
    return Event(check(kind, (player, card, effect, target), details), player, card, effect,
                 target, details)


_EVENT_LIMIT = 100_000
_EVENTS: dict[tuple, Event] = {}


@dataclass(frozen=True)
class Note:
    """Whether a notable action is legal for a player right now, and if not, why.

    ``rule`` is the R-number that forbids it (docs/rules.md); ``reason`` is a message key with
    ``args`` for the narrator.
    """

    player: Player
    card: str
    effect: str
    legal: bool
    rule: str | None = None
    reason: str | None = None
    args: tuple[tuple[str, Any], ...] = field(default=())
