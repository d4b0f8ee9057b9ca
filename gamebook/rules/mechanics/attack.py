"""Effects on the attack and the Battle Phase: negate the attack (R38), end the Battle Phase
(R58), grant more attacks.
"""

from __future__ import annotations

from gamebook.cards.model import OpName, Position, Primitive
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.verb import CARDS, Acts, Applied, Mechanic, Verb, Where, skipped
from gamebook.rules.state import DAMAGE_STEP_TIMINGS, ChainLink, GameState, Player, Step, replace


def _negate_attack(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                   who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                   ) -> Applied:
    """The attack ends without a Damage Step; the monster has still attacked (R38)."""
    attack = state.attack
    if _no_attack_left(state) or (who and attack.attacker not in who) or \
            state.window.step not in (Step.BATTLE_STEP, *DAMAGE_STEP_TIMINGS):
        return state, [skipped(link, step, None, "no_attack")], False
    state = replace(state, attack=replace(attack, negated=True))
    return state, [event(EventKind.ATTACK_NEGATED, state.turn_player, attack.attacker)], True


def _no_attack_left(state: GameState) -> bool:
    """No attack to negate: none, one negated already, or one whose attacker left the field
    or is no longer in face-up Attack Position (R38). Then the "then" of "negate the attack,
    then end the Battle Phase" does not happen either (Swift Scarecrow, Negate Attack)."""
    attack = state.attack
    if attack is None or not attack.attacking(attack.attacker):
        return True
    attacker = state.monster(attack.attacker)
    return attacker is None or attacker.position is not Position.ATTACK or not attacker.face_up


def _end_battle_phase(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                      who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                      ) -> Applied:
    """The game moves to the End Step once the chain has resolved (R58)."""
    state = replace(state, ending_battle_phase=True)
    return state, [event(EventKind.BATTLE_PHASE_WILL_END, link.player)], True


def _grant_extra_attack(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                        who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                        ) -> Applied:
    events: list[Event] = []
    for instance in who:
        state = state.with_count("extra_attacks", instance, step.amount or 1)
        events.append(event(EventKind.EXTRA_ATTACK_GRANTED, state.controller(instance), instance,
                            amount=step.amount or 1))
    return state, events, True


def _attack_to_negate(state: GameState, player: Player, step: Primitive) -> bool:
    """There is an attack, not negated yet (R99)."""
    return state.attack is not None and not state.attack.negated


MECHANIC = Mechanic("attack", verbs=(
    Verb(OpName.NEGATE_ATTACK, _negate_attack, acts=Acts.NOTHING,
         could_apply=_attack_to_negate),
    Verb(OpName.END_BATTLE_PHASE, _end_battle_phase, acts=Acts.NOTHING, parameters=(),
         activatable_if=None),
    Verb(OpName.GRANT_EXTRA_ATTACK, _grant_extra_attack, parameters=(*CARDS, "amount"),
         activatable_if=Where.FIELD),
))
