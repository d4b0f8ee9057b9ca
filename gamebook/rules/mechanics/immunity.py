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
    """The monsters of ``who`` that the effect of card ``source`` does not affect, as the
    mechanics say (hook point ``unaffected_by``: other Spell/Trap effects, R104, first)."""
    hooks = rules.hooks.unaffected_by
    return tuple(instance for instance in who if state.monster(instance) is not None
                 and any(hook(rules, state, source, instance) for hook in hooks))


def _unaffected_by_spell_trap(rules: Rules, state: GameState, source: str, instance: str
                              ) -> bool:
    """``source`` is a Spell/Trap Card other than the one that made ``instance`` unaffected
    by the effects of other Spell/Trap Cards this turn (R104)."""
    record = state.lasting_on(instance, UNAFFECTED)
    return record is not None and record.source != source \
        and rules.card_of(state, source).card_type is not CardType.MONSTER


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
