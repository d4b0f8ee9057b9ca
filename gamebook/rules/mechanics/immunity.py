"""Unaffected by the effects of other Spell/Trap Cards until the end of the turn (R104), and
the question every rule asks, whatever makes a monster unaffected (:func:`unaffected`, which
runs the hook point ``unaffected_by`` of every mechanic).
"""

from __future__ import annotations

from gamebook.cards.model import CardType, OpName, Primitive
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.verb import Applied, Mechanic, Verb, Where
from gamebook.rules.state import ChainLink, GameState, Lasting

# The lasting effect on a monster unaffected by the effects of Spell/Trap Cards other than
# ``source`` for the rest of the turn (R104); it ends when the monster leaves the field.
UNAFFECTED = "unaffected"


def unaffected(rules: Rules, state: GameState, source: str, who: tuple[str, ...]
               ) -> tuple[str, ...]:
    """The monsters of ``who`` that the effect of card ``source`` does not affect."""
    return tuple(instance for instance in who
                 if unaffected_why(rules, state, source, instance) is not None)


def unaffected_why(rules: Rules, state: GameState, source: str, instance: str) -> str | None:
    """Why the effect of card ``source`` does not affect the monster ``instance``, as the
    mechanics say (hook point ``unaffected_by``: ``unaffected``, by other Spell/Trap effects,
    R104, first), or ``None``."""
    if state.monster(instance) is None:
        return None
    for hook in rules.hooks.unaffected_by:
        why = hook(rules, state, source, instance)
        if why is not None:
            return why
    return None


def _unaffected_by_spell_trap(rules: Rules, state: GameState, source: str, instance: str
                              ) -> str | None:
    """``source`` is a Spell/Trap Card other than the one that made ``instance`` unaffected
    by the effects of other Spell/Trap Cards this turn (R104)."""
    record = state.lasting_on(instance, UNAFFECTED)
    if record is None or record.source == source \
            or rules.card_of(state, source).card_type is CardType.MONSTER:
        return None
    return "unaffected"


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
), hooks=Hooks(unaffected_by=(_unaffected_by_spell_trap,)))
