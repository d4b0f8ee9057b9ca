"""Piercing battle damage (R115): "if this card attacks a Defense Position monster whose DEF
is lower than this card's ATK, inflict the difference as battle damage to your opponent".

A monster whose own continuous effect ``grants: [piercing]`` changes one row of the damage
calculation (R50): attacking a Defense Position monster with an ATK higher than its DEF, it
inflicts the difference to the target's controller, where the table inflicts nothing. A
face-down target flipped by the attack (R48) is a Defense Position monster by then. The
damage is battle damage (R55): whatever stops battle damage (Waboku, Spirit Barrier) stops it
too, as the engine deals it. A monster whose effects are negated (R109) does not pierce.
"""

from __future__ import annotations

from gamebook.cards.model import Position, StaticAbility
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.negated import has_static
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState, MonsterState, Player


def _pierce(rules: Rules, state: GameState, attacker: MonsterState,
            target: MonsterState | None, damaged: Player | None, amount: int
            ) -> tuple[Player | None, int]:
    """The battle damage of a piercing attacker against a Defense Position monster."""
    if target is None or target.position is not Position.DEFENSE:
        return damaged, amount
    difference = attacker.stats.atk - (target.stats.def_ or 0)
    if difference <= 0 or not has_static(rules, state, attacker, StaticAbility.PIERCING):
        return damaged, amount
    return target.controller, difference


MECHANIC = Mechanic("piercing", hooks=Hooks(battle_damage=(_pierce,)),
                    present=lambda effect: StaticAbility.PIERCING in effect.grants)
