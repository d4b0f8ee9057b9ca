"""Negating a Summon (R136): "when a monster would be Summoned … negate the Summon, and if
you do, destroy it" (Solemn Judgment, Solemn Warning).

A Normal Summon (and a Flip Summon) first puts the monster on the field and opens a window
before it succeeds, ``EVENT(summoning)`` (:mod:`gamebook.rules.main_phase`): there only an
effect that answers that event may start a chain. ``negate_summon`` takes the monster out of
the Summon under way (the window's ``summoned``): once the chain has resolved the Summon does
not succeed, and no "when a monster is Summoned" window follows. The monster is then
destroyed by the next step (``destroy`` with ``if_previous_applied``); the Normal Summon of
the turn stays used.
"""

from __future__ import annotations

from gamebook.cards.model import OpName, Primitive
from gamebook.rules.actions import event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.verb import Applied, Mechanic, Verb, Where
from gamebook.rules.state import ChainLink, GameState, replace


def _negate_summon(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                   who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                   ) -> Applied:
    """The Summon of each monster of ``who`` still under way does not succeed (R136)."""
    window = state.window
    negated = tuple(instance for instance in who if instance in window.summoned)
    if not negated:
        return state, [], False
    state = replace(state, window=replace(window, summoned=tuple(
        instance for instance in window.summoned if instance not in negated)))
    return state, [event(EventKind.SUMMON_NEGATED, state.controller(instance), instance)
                   for instance in negated], True


MECHANIC = Mechanic("summon_negation", verbs=(
    Verb(OpName.NEGATE_SUMMON, _negate_summon, applies_if=Where.FIELD, activatable_if=None),))
