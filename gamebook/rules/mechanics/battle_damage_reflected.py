"""Battle damage reflected (R168): "if you would take battle damage from a battle involving
this card, your opponent takes it instead", and "battle damage you would take is dealt to
your opponent instead" for the rest of the turn.

At damage calculation (R50) the player who would take the battle damage gives it to the
opponent when a monster they control in this battle has ``grants: [reflect_battle_damage]``
(face-up, its effects not negated, R109), or when they have the player ability
``reflect_battle_damage``: from a resolved effect (``grant_player``, until the end of the turn
or of the battle) or from a face-up card's continuous effect (``grants_player``,
``grants_opponent``, asked at each calculation, R110). The damage goes over once: the
opponent's own reflection does not send it back. The hook runs after piercing (R115), whose
damage is battle damage too, and before the halving and doubling (R120), which then change
the damage of the player who takes it; "no battle damage" (R55) of that player is asked last,
as the engine deals it. The reading of that order is docs/engine.md's (EDOPro's order too).
The monster that "inflicts battle damage" is the one whose controller's opponent took it.
"""

from __future__ import annotations

from gamebook.cards.model import Effect, PlayerAbility, StaticAbility
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.negated import has_static
from gamebook.rules.mechanics.verb import Mechanic, grants_player_ability
from gamebook.rules.protection import has_player_ability
from gamebook.rules.state import GameState, MonsterState, Player

_PLAYER = grants_player_ability(PlayerAbility.REFLECT_BATTLE_DAMAGE)


def reflects(rules: Rules, state: GameState, attacker: MonsterState,
             target: MonsterState | None, damaged: Player) -> bool:
    """Does ``damaged`` give the battle damage of this battle to the opponent (R168)?"""
    for monster in (attacker, target):
        if monster is not None and monster.controller is damaged and monster.face_up \
                and has_static(rules, state, monster, StaticAbility.REFLECT_BATTLE_DAMAGE):
            return True
    return has_player_ability(rules, state, damaged, PlayerAbility.REFLECT_BATTLE_DAMAGE)


def _reflected(rules: Rules, state: GameState, attacker: MonsterState,
               target: MonsterState | None, damaged: Player | None, amount: int
               ) -> tuple[Player | None, int]:
    """The battle damage ``damaged`` would take, taken by the opponent instead."""
    if damaged is None or amount <= 0 or not reflects(rules, state, attacker, target, damaged):
        return damaged, amount
    return damaged.opponent, amount


def _present(effect: Effect) -> bool:
    return StaticAbility.REFLECT_BATTLE_DAMAGE in effect.grants or _PLAYER(effect)


MECHANIC = Mechanic("battle_damage_reflected", hooks=Hooks(battle_damage=(_reflected,)),
                    present=_present)
