"""Monsters that cannot be targeted by card effects (R124): "this card cannot be targeted by
card effects" (``grants: [cannot_be_targeted]``) and "your opponent cannot target this card
with card effects" (``grants: [cannot_be_targeted_by_opponent]``).

A face-up monster's own continuous effect, asked where targets are chosen (hook point
``target_forbidden``, read by :func:`gamebook.rules.timing.legal_targets`): the monster is
no legal target of such an effect, and an effect left with no legal target cannot be
activated, its ✘ line citing this rule. It does not stop effects that choose without
targeting ("destroy all …", a selection as the effect resolves), nor attacks. While its
effects are negated (Skill Drain, R109) it can be targeted. Not modelled: a monster that
gains the protection after it was targeted still receives the effect.
"""

from __future__ import annotations

from gamebook.cards.model import EffectKind, StaticAbility
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.negated import has_static
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState, Player

_PROTECTIONS = (StaticAbility.CANNOT_BE_TARGETED, StaticAbility.CANNOT_BE_TARGETED_BY_OPPONENT)


def _target_forbidden(rules: Rules, state: GameState, player: Player, source: str,
                      instance: str) -> str | None:
    """``player``'s effect cannot target the face-up monster ``instance``."""
    protected = rules.cards_with("cannot_be_targeted", lambda effect: effect.kind
                                 is EffectKind.CONTINUOUS
                                 and any(a in effect.grants for a in _PROTECTIONS))
    monster = state.monster(instance) if protected else None
    if monster is None or not monster.face_up or monster.card not in protected:
        return None
    if has_static(rules, state, monster, StaticAbility.CANNOT_BE_TARGETED) or (
            monster.controller is not player
            and has_static(rules, state, monster, StaticAbility.CANNOT_BE_TARGETED_BY_OPPONENT)):
        return "cannot_be_targeted"
    return None


MECHANIC = Mechanic("untargetable", hooks=Hooks(target_forbidden=(_target_forbidden,)),
                    present=lambda effect: any(a in effect.grants for a in _PROTECTIONS))
