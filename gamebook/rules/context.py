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
    scope: str  # a gamebook.situation.load.Scope value
    instances: tuple[tuple[str, str], ...]  # (instance id, card id), sorted
    _card_of: dict[str, Card] = field(init=False, repr=False, compare=False)
    # (instance, effect id) -> the effect and its spell speed, looked up once
    _effects: dict[tuple[str, str], tuple[Effect, int]] = field(init=False, repr=False,
                                                                 compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_card_of",
                           {instance: self.cards[card] for instance, card in self.instances})
        object.__setattr__(self, "_effects", {})

    def card_of(self, state: GameState, instance: str) -> Card:
        """The card an instance is (instances keep their card wherever they are)."""
        return self._card_of[instance]

    def effect_of(self, state: GameState, instance: str, effect_id: str) -> Effect:
        return self._effect(instance, effect_id)[0]

    def speed(self, state: GameState, instance: str, effect_id: str) -> int:
        return self._effect(instance, effect_id)[1]

    def _effect(self, instance: str, effect_id: str) -> tuple[Effect, int]:
        key = (instance, effect_id)
        found = self._effects.get(key)
        if found is None:
            card = self._card_of[instance]
            effect = card.effect(effect_id)
            found = self._effects[key] = (effect, spell_speed(card, effect) or 0)
        return found
