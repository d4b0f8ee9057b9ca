"""Attacks on every monster (R169): "this card can attack all monsters your opponent controls,
once each".

A monster whose own continuous effect ``grants: [attack_all_monsters]`` declares its attacks
as any monster does, within its allowance (one, and those granted to it: R32, R45); beyond
it, it may declare an attack on each monster the opponent controls that it has not chosen as
an attack target this turn, at a declaration (R33) or at a replay (R42), and never a direct
attack (hook point ``attack_beyond_allowance``). After a direct attack of its own it has no
such attacks. A monster it has chosen as its target counts as attacked even if that attack
was replayed onto another or stopped; a monster that left the field is a new card when it
comes back (R:a_new_card), and a monster Special Summoned later has not been attacked. The
right needs the effect applying when the attack is declared: not while the monster's effects
are negated (R109).

What it has attacked is remembered as lasting effects (hook point ``refresh``, after every
action): ``attacked_by:<attacker>`` on each monster it chose as its target, ``attacked_directly``
on itself; they end when their monster leaves the field, and those of an attacker that left
the field end with it (hook point ``monster_gone``).
"""

from __future__ import annotations

from gamebook.cards.model import Effect, StaticAbility
from gamebook.rules.actions import Event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.negated import has_static
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState, Lasting, replace

ATTACKED_BY = "attacked_by:"  # + the attacker: on a monster it chose as its attack target
ATTACKED_DIRECTLY = "attacked_directly"  # on an attacker that attacked directly


def _attacks_all(rules: Rules, state: GameState, instance: str) -> bool:
    return rules.card_of(state, instance).has_ability(StaticAbility.ATTACK_ALL_MONSTERS)


def _not_yet_attacked(rules: Rules, state: GameState, attacker: str,
                      monsters: tuple[str, ...]) -> tuple[str, ...]:
    """The monsters ``attacker`` may attack beyond its allowance: each one once (R169)."""
    monster = state.monster(attacker)
    if monster is None or state.lasting_on(attacker, ATTACKED_DIRECTLY) is not None \
            or not has_static(rules, state, monster, StaticAbility.ATTACK_ALL_MONSTERS):
        return ()
    kind = ATTACKED_BY + attacker
    return tuple(instance for instance in monsters if state.lasting_on(instance, kind) is None)


def _remember(rules: Rules, state: GameState) -> tuple[GameState, list[Event]]:
    """The attack under way of a monster that attacks all: its target, or that it attacked
    directly."""
    attack = state.attack
    if attack is None or not _attacks_all(rules, state, attack.attacker) \
            or state.monster(attack.attacker) is None:
        return state, []
    if attack.target is None:
        subject, kind = attack.attacker, ATTACKED_DIRECTLY
    elif state.monster(attack.target) is not None:
        subject, kind = attack.target, ATTACKED_BY + attack.attacker
    else:
        return state, []
    if state.lasting_on(subject, kind) is not None:
        return state, []
    return state.with_lasting(Lasting(kind, subject, attack.attacker)), []


def _attacker_gone(rules: Rules, state: GameState, instance: str, *, destroyed: bool,
                   face_down: bool) -> tuple[GameState, list[Event]]:
    """An attacker that left the field is a new card if it comes back: what it attacked is
    forgotten (R:a_new_card)."""
    if face_down or not _attacks_all(rules, state, instance):
        return state, []
    kind = ATTACKED_BY + instance
    kept = tuple(record for record in state.lasting if record.kind != kind)
    return (state if len(kept) == len(state.lasting) else replace(state, lasting=kept)), []


def _present(effect: Effect) -> bool:
    return StaticAbility.ATTACK_ALL_MONSTERS in effect.grants


MECHANIC = Mechanic("attack_all", hooks=Hooks(attack_beyond_allowance=(_not_yet_attacked,),
                                              refresh=(_remember,),
                                              monster_gone=(_attacker_gone,)),
                    present=_present)
