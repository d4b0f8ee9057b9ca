"""What the rules functions need besides the state: card definitions, preset and scope."""

from __future__ import annotations

from dataclasses import dataclass

from gamebook.cards.library import CardLibrary
from gamebook.cards.model import Card, Effect, spell_speed
from gamebook.rules.config import RulesConfig
from gamebook.rules.state import GameState


@dataclass(frozen=True)
class Rules:
    cards: CardLibrary
    config: RulesConfig
    scope: str  # a gamebook.situation.Scope value
    instances: tuple[tuple[str, str], ...]  # instance id -> card id, for cards off the field

    def card_of(self, state: GameState, instance: str) -> Card:
        on_field = state.monster(instance) or state.spell_trap(instance)
        if on_field is not None:
            return self.cards[on_field.card]
        return self.cards[dict(self.instances)[instance]]

    def effect_of(self, state: GameState, instance: str, effect_id: str) -> Effect:
        return self.card_of(state, instance).effect(effect_id)

    def speed(self, state: GameState, instance: str, effect_id: str) -> int:
        card = self.card_of(state, instance)
        return spell_speed(card, card.effect(effect_id)) or 0
