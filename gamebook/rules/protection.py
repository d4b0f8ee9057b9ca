"""Continuous effects on a player, conditioned on the board (R110).

A face-up card with ``grants_player`` gives its controller those abilities while its
``conditions`` hold (Spirit Barrier: "while you control a monster, you take no battle
damage"). Nothing is stored: the question is asked each time it matters, with the board as
it is then, so battle damage is checked at damage calculation (R50). A Continuous Trap's
effect applies once its activation has resolved, not while that is still on the chain.
"""

from __future__ import annotations

from gamebook.cards.model import EffectKind, PlayerAbility
from gamebook.rules.context import Rules
from gamebook.rules.operations import player_conditions_hold
from gamebook.rules.state import GameState, Player


def ability_source(rules: Rules, state: GameState, player: Player, ability: PlayerAbility
                   ) -> str | None:
    """Why ``player`` has ``ability`` now: ``"turn"`` for an effect that resolved this turn
    (or battle), the card instance for a continuous one (R110), ``None`` when nothing gives
    it."""
    if state.has_ability(player, ability):
        return "turn"
    granting = _granting_cards(rules)
    if not granting:
        return None
    waiting = {link.card for link in state.chain
               if rules.effect_of(state, link.card, link.effect).kind is EffectKind.ACTIVATE}
    for card in (*state.monsters, *state.spell_traps):
        if not card.face_up or card.card not in granting or card.id in waiting:
            continue
        own = card.controller is player
        for effect in rules.cards[card.card].effects:
            given = effect.grants_player if own else effect.grants_opponent
            if ability in given and player_conditions_hold(state, card.controller, effect):
                return card.id
    return None


def has_player_ability(rules: Rules, state: GameState, player: Player,
                       ability: PlayerAbility) -> bool:
    return ability_source(rules, state, player, ability) is not None


def _granting_cards(rules: Rules) -> frozenset[str]:
    """Card ids with a continuous ``grants_player`` (computed once per :class:`Rules`)."""
    found = rules.__dict__.get("_granting_cards")
    if found is None:
        found = frozenset(card_id for _, card_id in rules.instances
                          if any((e.grants_player or e.grants_opponent)
                                 and e.kind is EffectKind.CONTINUOUS
                                 for e in rules.cards[card_id].effects))
        object.__setattr__(rules, "_granting_cards", found)
    return found
