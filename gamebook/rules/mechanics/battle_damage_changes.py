"""Battle damage halved or doubled (R120): "you take half battle damage", "your opponent
takes double battle damage".

A player who has ``half_battle_damage`` or ``double_battle_damage`` takes half (rounded up,
R76) or double the battle damage a damage calculation would inflict on them (R50), in a
battle between monsters and in a direct attack alike, as piercing damage too (R115, whose
hook runs first). The ability comes from a resolved effect (``grant_player``, until the end of
the turn or of the battle) or from a face-up card's continuous effect (``grants_player``,
``grants_opponent``: asked each time damage is calculated, R110). With both, the damage is
halved, then doubled. "Take no battle damage" (``no_battle_damage``, R55, R110) is still
asked last, as the engine deals the damage: it makes any amount 0. Only battle damage
changes: effect damage (R101) is dealt as before.
"""

from __future__ import annotations

from fractions import Fraction

from gamebook.cards.model import PlayerAbility
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.verb import Mechanic, grants_player_ability
from gamebook.rules.protection import has_player_ability
from gamebook.rules.state import GameState, MonsterState, Player
from gamebook.stats import round_half_up

_HALF = grants_player_ability(PlayerAbility.HALF_BATTLE_DAMAGE)
_DOUBLE = grants_player_ability(PlayerAbility.DOUBLE_BATTLE_DAMAGE)


def _changed(rules: Rules, state: GameState, attacker: MonsterState,
             target: MonsterState | None, damaged: Player | None, amount: int
             ) -> tuple[Player | None, int]:
    """The damage ``damaged`` takes, halved and/or doubled by the abilities they have now."""
    if damaged is None or amount <= 0:
        return damaged, amount
    if has_player_ability(rules, state, damaged, PlayerAbility.HALF_BATTLE_DAMAGE):
        amount = round_half_up(Fraction(amount, 2))
    if has_player_ability(rules, state, damaged, PlayerAbility.DOUBLE_BATTLE_DAMAGE):
        amount *= 2
    return damaged, amount


MECHANIC = Mechanic("battle_damage_changes", hooks=Hooks(battle_damage=(_changed,)),
                    present=lambda effect: _HALF(effect) or _DOUBLE(effect))
