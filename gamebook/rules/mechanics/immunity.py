"""Unaffected by the effects of other Spell/Trap Cards until the end of the turn (R104).
"""

from __future__ import annotations

from gamebook.cards.model import CardType, OpName, Primitive
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.verb import Applied, Mechanic, Verb, Where
from gamebook.rules.state import ChainLink, GameState, Lasting

# The lasting effect on a monster unaffected by the effects of Spell/Trap Cards other than
# ``source`` for the rest of the turn (R104); it ends when the monster leaves the field.
UNAFFECTED = "unaffected"


def unaffected(rules: Rules, state: GameState, source: str, who: tuple[str, ...]
               ) -> tuple[str, ...]:
    """The monsters of ``who`` that the effect of card ``source`` does not affect: it is a
    Spell/Trap Card, and they are unaffected by other Spell/Trap effects (R104)."""
    if rules.card_of(state, source).card_type is CardType.MONSTER:
        return ()
    found = []
    for instance in who:
        record = state.lasting_on(instance, UNAFFECTED)
        if record is not None and record.source != source \
                and state.monster(instance) is not None:
            found.append(instance)
    return tuple(found)


def _grant_unaffected(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                      who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                      ) -> Applied:
    """Unaffected by the effects of other Spell/Trap Cards for the turn (R104)."""
    events: list[Event] = []
    for instance in who:
        monster = state.monster(instance)
        state = state.with_lasting(Lasting(UNAFFECTED, instance, link.card))
        events.append(event(EventKind.UNAFFECTED, monster.controller, instance, by=link.card))
    return state, events, bool(events)



MECHANIC = Mechanic("immunity", verbs=(
    Verb(OpName.GRANT_UNAFFECTED, _grant_unaffected, activatable_if=Where.ANYWHERE),
))
