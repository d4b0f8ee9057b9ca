"""Monsters that cannot be targeted for attacks (R121): Command Knight's "if you control
another monster, monsters your opponent controls cannot target this card for attacks".

A face-up monster whose own continuous effect ``grants: [cannot_be_attack_target]`` cannot be
chosen as an attack target, at the declaration (R32) or at a replay (R42), while that
effect's ``conditions`` hold (``you_control_another_monster``: its controller controls a
monster other than it), asked each time targets are chosen (hook point ``attack_targets``).
A face-down monster, or one whose effects are negated (R109), may be chosen. The protection
does not make a direct attack possible: a player who controls monsters is not attacked
directly (R33), so an attacker whose every possible target is protected cannot attack. An
attack already declared on the monster goes on: the condition is about choosing the target.
"""

from __future__ import annotations

from gamebook.cards.model import EffectKind, StaticAbility
from gamebook.rules.conditions import player_conditions_hold
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.negated import effects_negated
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState


def _protecting_cards(rules: Rules) -> frozenset[str]:
    return rules.cards_with("cannot_be_attack_target", lambda e: e.kind is EffectKind.CONTINUOUS
                            and StaticAbility.CANNOT_BE_ATTACK_TARGET in e.grants)


def cannot_be_attacked(rules: Rules, state: GameState, instance: str) -> bool:
    """Can the monster ``instance`` not be chosen as an attack target now (R121)?"""
    monster = state.monster(instance)
    if monster is None or not monster.face_up or monster.card not in _protecting_cards(rules):
        return False
    if effects_negated(rules, state, instance) is not None:
        return False
    return any(effect.kind is EffectKind.CONTINUOUS
               and StaticAbility.CANNOT_BE_ATTACK_TARGET in effect.grants
               and player_conditions_hold(state, monster.controller, effect, instance)
               for effect in rules.cards[monster.card].effects)


def _targets(rules: Rules, state: GameState, attacker: str, monsters: tuple[str, ...]
             ) -> tuple[str, ...]:
    """The monsters ``attacker`` may still target: not those that cannot be attacked."""
    if not _protecting_cards(rules):
        return monsters
    return tuple(instance for instance in monsters
                 if not cannot_be_attacked(rules, state, instance))


MECHANIC = Mechanic("cannot_be_attacked", hooks=Hooks(attack_targets=(_targets,)),
                    present=lambda effect: StaticAbility.CANNOT_BE_ATTACK_TARGET in effect.grants)
