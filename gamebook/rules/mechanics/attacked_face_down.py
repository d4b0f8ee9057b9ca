"""A monster attacked while face-down (R143): Marshmallon's "if this card was attacked, and
was face-down at the start of the Damage Step".

A face-down attack target is flipped face-up at the start of the Damage Step (R48); from then
until the attack is over, a lasting effect on it (``attacked_face_down``, its ``source`` the
attacking monster) remembers that it was. The condition ``self_attacked_face_down`` asks it,
after damage calculation as at any later timing of that Damage Step. A monster the attack
found already face-up (flipped by an effect during the Battle Step, or Summoned face-up) has
no such record, and neither has one whose attack was replayed onto another monster. The record
is kept only in a situation with a card that asks it, and it ends with the attack (hook point
``refresh``, after each action) or when the monster leaves the field or is turned face-down.
"""

from __future__ import annotations

from gamebook.cards.model import Condition, Effect
from gamebook.rules.actions import Event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState, Lasting, Until

# The lasting effect on an attack target that was face-down when the Damage Step began (R143).
ATTACKED_FACE_DOWN = "attacked_face_down"


def attacked_face_down(state: GameState, instance: str) -> bool:
    """Was ``instance`` attacked by the current attack while face-down (R143)?"""
    record = state.lasting_on(instance, ATTACKED_FACE_DOWN)
    attack = state.attack
    return (record is not None and attack is not None and attack.target == instance
            and record.source == attack.attacker)


def _refresh(rules: Rules, state: GameState) -> tuple[GameState, list[Event]]:
    """Remember the attack target the attack flipped face-up; forget it once that is over."""
    attack = state.attack
    for record in state.lasting_of(ATTACKED_FACE_DOWN):
        if attack is None or attack.target != record.subject \
                or attack.attacker != record.source:
            state = state.without_lasting(record.subject, ATTACKED_FACE_DOWN)
    if attack is not None and attack.target is not None and attack.target in state.flipped \
            and state.lasting_on(attack.target, ATTACKED_FACE_DOWN) is None:
        state = state.with_lasting(Lasting(ATTACKED_FACE_DOWN, attack.target, attack.attacker,
                                           Until.FACE_DOWN))
    return state, []


def _asks(effect: Effect) -> bool:
    return Condition.SELF_ATTACKED_FACE_DOWN in effect.conditions


MECHANIC = Mechanic("attacked_face_down", hooks=Hooks(refresh=(_refresh,)), present=_asks)
