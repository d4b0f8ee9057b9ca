"""Targets chosen together (R:joint_targets): "target up to 2 monsters on the field" (Penguin
Soldier), "target 2 monsters".

An effect whose ``target`` says ``up_to: N`` or ``exactly: N`` chooses a set of distinct
cards as its target when it is activated, all at once: one choice per set, never one per
order (the cards are targeted together, not one after the other). "Up to N" is 1 to N cards:
an effect with a target is activated only with a target (R99), so to choose none is not to
activate it, which an optional effect ("you can") allows and a mandatory one does not.
"Exactly N" needs N cards that can be targeted, or it cannot be activated (R99). Of cards
that are interchangeable (R69) one set of each kind is offered, as a Tribute Summon's
Tributes are (R130).

The set is the activation's target: the instance ids joined by :data:`TARGETS_JOINED` in
the action and the chain link, each one captured as the link's ``target`` (R18). As the
link resolves, a step on ``who: target`` acts on every target still where it must be; one
that has gone is told and left out, and the others are still affected (R18).

A target with ``different_names: true`` ("target 2 monsters with different names", R178)
offers only the sets whose cards all have different names: a card's name is its card's, so
two copies of one card share it and a Token's name is its Token's. A set is checked as a
whole: two copies may each be in a set, never in the same one.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from gamebook.cards.model import Effect, TargetSpec
from gamebook.rules.context import Rules
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.selection import card_signature, named_cards
from gamebook.rules.state import GameState

TARGETS_JOINED = "+"  # the targets chosen together, in an action's and a link's ``target``


def joint_sizes(spec: TargetSpec | None) -> range | None:
    """How many cards a joint target chooses (``up_to``: 1 to N, ``exactly``: N), or
    ``None`` for one target."""
    if spec is None:
        return None
    if spec.exactly is not None:
        return range(spec.exactly, spec.exactly + 1)
    if spec.up_to is not None:
        return range(1, spec.up_to + 1)
    return None


def card_name(rules: Rules, state: GameState, instance: str) -> str:
    """The name of a card (R178): its card's, so two copies share it and a Token's is its
    Token's."""
    monster = state.monster(instance)
    if monster is not None:
        return monster.card
    spell_trap = state.spell_trap(instance)
    if spell_trap is not None:
        return spell_trap.card
    return rules.card_of(state, instance).id


def different_names(rules: Rules, state: GameState) -> Callable[[str], str]:
    """What :func:`target_sets` asks the names with (R178)."""
    return lambda instance: card_name(rules, state, instance)


def target_sets(state: GameState, cards: tuple[str, ...], sizes: range, *,
                name_of: Callable[[str], str] | None = None) -> tuple[str, ...]:
    """Every set of ``cards`` (the legal targets, each one) of a size in ``sizes``, as a
    target (ids joined by :data:`TARGETS_JOINED`), one of each kind: two sets that differ
    only by interchangeable cards (R69) are one choice. With ``name_of`` (the names, for
    "with different names") only the sets whose cards all have different names (R178)."""
    named = named_cards(state)
    seen: set[tuple] = set()
    found = []
    for size in sizes:
        for group in combinations(cards, size):
            if name_of is not None and len({name_of(i) for i in group}) < len(group):
                continue  # two cards of one name (R178)
            kind = tuple(sorted(repr(card_signature(state, i, named) or i) for i in group))
            if kind not in seen:
                seen.add(kind)
                found.append(TARGETS_JOINED.join(group))
    return tuple(found)


def targets_of(target: str | None) -> tuple[str, ...]:
    """The cards a target names: one, or each of a joint target."""
    return tuple(target.split(TARGETS_JOINED)) if target else ()


def _joint(effect: Effect) -> bool:
    return joint_sizes(effect.target) is not None


MECHANIC = Mechanic("joint_targets", present=_joint)
