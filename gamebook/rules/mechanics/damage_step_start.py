"""The start of the Damage Step as an event (R:destroyed_before_the_flip): Mystic Swordsman
LV2's "at the start of the Damage Step, if this card attacks a face-down Defense Position
monster: destroy that monster".

When the Damage Step begins (R:damage_step_start), the Trigger Effects on the field that
answer ``event: damage_step_start`` and whose conditions about the attack hold are placed on a
chain (R20), before the attack target would be flipped face-up, which happens only when that
timing is over (R:before_damage_calculation). The condition ``attack_target_is_face_down``
asks whether the attacked monster is still face-down (a face-down monster is in Defense
Position). A monster destroyed by such an effect is destroyed face-down: it is never flipped,
so its Flip Effect is not activated, and the battle ends without damage calculation
(R:battling_monster_leaves); it was destroyed by an effect, not by battle. The procedure
(:mod:`gamebook.rules.battle`) opens the event's window; this module says what the event and
the condition mean.
"""

from __future__ import annotations

from gamebook.cards.model import Condition, Effect, EventName
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState


def attack_target_face_down(state: GameState) -> bool:
    """Is the monster under attack on the field and face-down (R:destroyed_before_the_flip)?"""
    attack = state.attack
    target = state.monster(attack.target) if attack is not None and attack.target else None
    return target is not None and not target.face_up


def _answers(effect: Effect) -> bool:
    return effect.answers is EventName.DAMAGE_STEP_START \
        or Condition.ATTACK_TARGET_IS_FACE_DOWN in effect.conditions


MECHANIC = Mechanic("damage_step_start", present=_answers)
