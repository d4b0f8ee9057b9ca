"""Conditions about an effect's player, checked at activation and, for some effects, again at
resolution: controlling no cards or a monster, whose turn it is (and whether it is the
opponent's Main Phase), the kind of damage last taken (R101), whether the effect's card has
been in the GY since an earlier turn (R160)."""

from __future__ import annotations

from gamebook.cards.model import Condition, Effect
from gamebook.rules.state import GameState, Player, Step

# The reason of a card a situation puts in the GY: it went there before the explored turn.
EARLIER = "earlier"


def player_conditions_hold(state: GameState, player: Player | None, effect: Effect,
                           instance: str | None = None) -> bool:
    """The effect's conditions about its player (no cards controlled, whose turn, the kind of
    the damage last taken: R101) hold now; ``instance`` is the effect's own card ("another
    monster" is one other than it)."""
    for condition in effect.conditions:
        if condition is Condition.YOU_CONTROL_NO_CARDS and any(
                card.controller is player for card in (*state.monsters, *state.spell_traps)):
            return False
        if condition is Condition.OPPONENTS_TURN and state.turn_player is player:
            return False
        if condition is Condition.YOUR_TURN and state.turn_player is not player:
            return False
        if condition is Condition.NOT_SENT_TO_GRAVEYARD_THIS_TURN \
                and not in_graveyard_since_earlier(state, instance):
            return False
        if condition is Condition.OPPONENTS_MAIN_PHASE and (
                state.turn_player is player or state.window.step is not Step.MAIN_PHASE_1):
            return False
        if condition is Condition.YOU_CONTROL_A_MONSTER and not any(
                monster.controller is player for monster in state.monsters):
            return False
        if condition is Condition.YOU_CONTROL_ANOTHER_MONSTER and not any(
                monster.controller is player and monster.id != instance
                for monster in state.monsters):
            return False
        if condition in (Condition.LAST_DAMAGE_WAS_BATTLE, Condition.LAST_DAMAGE_WAS_EFFECT):
            last = state.last_damage(player) if player is not None else None
            wanted = "battle" if condition is Condition.LAST_DAMAGE_WAS_BATTLE else "effect"
            if last is None or last[0] != wanted:
                return False
    return True


def in_graveyard_since_earlier(state: GameState, instance: str | None) -> bool:
    """Is card ``instance`` in the GY since before this turn ("except the turn this card was
    sent to the GY", R160)? A situation's GY cards were sent there on an earlier turn; a card
    that goes to the GY during the explored turn is there with the reason it went."""
    gone = state.in_graveyard(instance) if instance is not None else None
    return gone is not None and gone.reason == EARLIER


DAMAGE_CONDITIONS = (Condition.LAST_DAMAGE_WAS_BATTLE, Condition.LAST_DAMAGE_WAS_EFFECT)


