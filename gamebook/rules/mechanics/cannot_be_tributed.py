"""Monsters that cannot be Tributed (R170): "this card cannot be Tributed".

A face-up monster whose own continuous effect ``grants: [cannot_be_tributed]`` (its effects
not negated, R109) is never a Tribute (hook point ``tribute_forbidden``): not for a Tribute
Summon or Set (R130), which then has only the other monsters to choose from; not as the
cost of an activation (R16: a cost that cannot be paid means the effect cannot be
activated: a cost that Tributes this card, or one that chooses a monster to Tribute and has
no other); and not by an effect that Tributes it as it resolves, where that part does not
apply to it (R18). A face-down monster applies no continuous effect and may be Tributed.
"""

from __future__ import annotations

from gamebook.cards.model import Effect, StaticAbility
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.negated import has_static
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState

RULE = "cannot_be_tributed"


def _forbidden(rules: Rules, state: GameState, instance: str) -> str | None:
    monster = state.monster(instance)
    if monster is None or not monster.face_up \
            or not has_static(rules, state, monster, StaticAbility.CANNOT_BE_TRIBUTED):
        return None
    return RULE


def _present(effect: Effect) -> bool:
    return StaticAbility.CANNOT_BE_TRIBUTED in effect.grants


MECHANIC = Mechanic("cannot_be_tributed", hooks=Hooks(tribute_forbidden=(_forbidden,)),
                    present=_present)
