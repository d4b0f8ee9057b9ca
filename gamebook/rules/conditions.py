"""Conditions about an effect's player, checked at activation and, for some effects, again at
resolution: controlling no cards or a monster, whose turn it is (and whether it is the
opponent's Main Phase), the kind of damage last taken (R101)."""

from __future__ import annotations

from gamebook.cards.model import Condition, Effect
from gamebook.rules.state import GameState, Player, Step


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


DAMAGE_CONDITIONS = (Condition.LAST_DAMAGE_WAS_BATTLE, Condition.LAST_DAMAGE_WAS_EFFECT)

PLAYER_CONDITIONS = (Condition.YOU_CONTROL_NO_CARDS, Condition.YOU_CONTROL_A_MONSTER,
                     Condition.YOU_CONTROL_ANOTHER_MONSTER, Condition.OPPONENTS_TURN,
                     Condition.OPPONENTS_MAIN_PHASE,
                     Condition.LAST_DAMAGE_WAS_BATTLE, Condition.LAST_DAMAGE_WAS_EFFECT)

