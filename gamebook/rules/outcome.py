"""What a branch ends with: the :class:`Outcome` of an ending, as a value.

The engine builds it (:meth:`gamebook.rules.engine.Engine.outcome`); the book and the audit
read its fields, and graph.json writes :meth:`Outcome.to_json` at each ending (README,
"graph.json"). Every part is a frozen value of plain ids and numbers, so an outcome hashes
and compares as what it shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class MonsterAtEnd:
    """A monster on the field at the end."""

    id: str
    card: str
    controller: str
    position: str
    face_up: bool
    atk: int
    def_: int | None  # None for a Link monster
    destroyed_by_battle: bool  # destroyed in the damage calculation that ended the Duel

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "card": self.card, "controller": self.controller,
                "position": self.position, "face_up": self.face_up, "atk": self.atk,
                "def": self.def_, "destroyed_by_battle": self.destroyed_by_battle}


@dataclass(frozen=True)
class SpellTrapAtEnd:
    """A Spell or Trap on the field at the end, with the monster it is equipped or tied to
    (R105, R108)."""

    id: str
    card: str
    controller: str
    face_up: bool
    equipped_to: str | None = None
    tied_to: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "card": self.card, "controller": self.controller,
                "face_up": self.face_up,
                **({"equipped_to": self.equipped_to} if self.equipped_to else {}),
                **({"tied_to": self.tied_to} if self.tied_to else {})}


@dataclass(frozen=True)
class CardGone:
    """A card in the GY or banished, and why it went there."""

    id: str
    card: str
    owner: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "card": self.card, "owner": self.owner, "reason": self.reason}


@dataclass(frozen=True)
class CardInHand:
    """A card in the hand, or in the Extra Deck (face-down there)."""

    id: str
    card: str
    owner: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "card": self.card, "owner": self.owner}


@dataclass(frozen=True)
class Outcome:
    """An ending: why the branch ended, LP, the cards and where they are, further attacks.

    ``reason`` is ``battle_over``, ``attack_stopped``, ``attack_ended``,
    ``battle_phase_over`` or ``duel_over``; ``can_attack_again`` the monsters that can still
    declare an attack this turn, ``can_attack_again_with`` the ``monster.effect`` pairs that
    would first have to be activated to allow one (R45); ``cannot_declare_attacks`` the
    players who may not declare attacks (R44, R111).
    """

    reason: str
    lp: tuple[int, int]  # A, B
    monsters: tuple[MonsterAtEnd, ...]
    spell_traps: tuple[SpellTrapAtEnd, ...]
    graveyard: tuple[CardGone, ...]
    banished: tuple[CardGone, ...]
    hand: tuple[CardInHand, ...]
    can_attack_again: tuple[str, ...]
    can_attack_again_with: tuple[str, ...]
    cannot_declare_attacks: tuple[str, ...]
    # Fusion, Synchro, Xyz and Link Monsters returned from the field to the Extra Deck.
    extra_deck: tuple[CardInHand, ...] = ()

    def life(self, player: str) -> int:
        """The LP of player ``"A"`` or ``"B"``."""
        return self.lp[0 if player == "A" else 1]

    @property
    def field(self) -> tuple[MonsterAtEnd | SpellTrapAtEnd, ...]:
        """The cards on the field: the monsters, then the Spells and Traps."""
        return self.monsters + self.spell_traps

    @property
    def second_attack_possible(self) -> bool:
        return bool(self.can_attack_again or self.can_attack_again_with)

    def to_json(self) -> dict[str, Any]:
        """The outcome as graph.json writes it (its keys in this order; ``extra_deck`` only
        when a monster went back there)."""
        return {
            "reason": self.reason,
            "lp": {"A": self.lp[0], "B": self.lp[1]},
            "field": [card.to_json() for card in self.field],
            "graveyard": [card.to_json() for card in self.graveyard],
            "banished": [card.to_json() for card in self.banished],
            "hand": [card.to_json() for card in self.hand],
            **({"extra_deck": [card.to_json() for card in self.extra_deck]}
               if self.extra_deck else {}),
            "second_attack_possible": self.second_attack_possible,
            "can_attack_again": list(self.can_attack_again),
            "can_attack_again_with": list(self.can_attack_again_with),
            "cannot_declare_attacks": list(self.cannot_declare_attacks),
        }
