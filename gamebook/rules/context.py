"""What the rules functions need besides the state: card definitions, preset and scope."""

from __future__ import annotations

from dataclasses import dataclass, field

from gamebook.cards.library import CardLibrary
from gamebook.cards.model import Card, Effect, spell_speed
from gamebook.rules.config import RulesConfig
from gamebook.rules.state import GameState


@dataclass(frozen=True)
class Rules:
    cards: CardLibrary
    config: RulesConfig
    scope: str  # a gamebook.situation.Scope value
    instances: tuple[tuple[str, str], ...]  # (instance id, card id), sorted
    _card_of: dict[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_card_of",
                           {instance: self.cards[card] for instance, card in self.instances})

    def card_of(self, state: GameState, instance: str) -> Card:
        """The card an instance is (instances keep their card wherever they are)."""
        return self._card_of[instance]

    def effect_of(self, state: GameState, instance: str, effect_id: str) -> Effect:
        return self.card_of(state, instance).effect(effect_id)

    def speed(self, state: GameState, instance: str, effect_id: str) -> int:
        card = self.card_of(state, instance)
        return spell_speed(card, card.effect(effect_id)) or 0
