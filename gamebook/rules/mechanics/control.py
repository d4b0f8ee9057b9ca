"""Taking control of a monster (R167): Enemy Controller's "take control of that target until
the End Phase".

A ``take_control`` step moves a face-up monster the opponent controls to the resolving
player's field, in the same battle position; its owner stays its owner (R151), so whatever
sends it off the field later sends it to its owner's GY, hand or Deck. It needs a free Main
Monster Zone of the taker (the Tribute that Enemy Controller costs frees one); with none,
nothing happens. On the field it is the taker's monster like any other: its effects are the
taker's, and in the taker's Battle Phase it may attack if it has not attacked this turn (its
attacks are counted per monster, R45).

In the Battle Step, the monster leaving one side and arriving on the other changes the
defender's monsters, which causes a replay (R39); an attacking monster taken by the opponent
is no longer the turn player's, and its attack ends without a Damage Step (R38).

"Until the End Phase": control returns in the End Phase, which no explored situation reaches
(every scope ends by the end of the Battle Phase, or of Main Phase 1): the return is not
modelled, and docs/engine.md says so.
"""

from __future__ import annotations

from gamebook.cards.model import OpName, Primitive
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.moving import arrived, attacker_moved, defender_changed
from gamebook.rules.mechanics.summon import free_zones
from gamebook.rules.mechanics.verb import Applied, Mechanic, Verb, Where, skipped
from gamebook.rules.state import ChainLink, GameState, replace


def _take_control(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                  who: tuple[str, ...], of: str | None, cost: bool,
                  chosen: str | None) -> Applied:
    """The resolving player takes control of the monster (R167)."""
    events: list[Event] = []
    applied = False
    taker = link.player
    for instance in who[:1]:
        monster = state.monster(instance)
        if monster.controller is taker:
            applied = True  # already theirs: nothing moves (R18: the step applied)
            continue
        if free_zones(state, taker) < 1:
            events.append(skipped(link, step, instance, "no_free_zone"))
            continue
        previous = monster.controller
        owner = monster.owned_by
        state = state.with_monster(replace(monster, controller=taker,
                                           owner=owner if owner is not taker else None))
        state = attacker_moved(state, instance)  # an attacker that changes sides stops (R38)
        events.append(event(EventKind.CONTROL_CHANGED, taker, instance, previous=previous.value))
        state, more = defender_changed(state, previous, instance)  # it left that side (R39)
        events += more
        state, more = arrived(state, taker, instance)  # or arrived on it (R39)
        events += more
        applied = True
    return state, events, applied


MECHANIC = Mechanic("control", verbs=(
    Verb(OpName.TAKE_CONTROL, _take_control, applies_if=Where.FACE_UP_MONSTER,
         activatable_if=Where.FACE_UP_MONSTER),
), hooks=Hooks())
