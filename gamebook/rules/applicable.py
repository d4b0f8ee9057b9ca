"""Could an effect apply at all if it resolved now? (R99)

A card or effect cannot be activated when its effect could not apply at all: Zero Gravity
with no face-up monster, Threatening Roar in its controller's own turn (the opponent cannot
declare an attack then anyway), Honest while the opponent's monster is still face-down.
:func:`could_apply` answers that once for every primitive, from the cards the activation
would capture (R18): an effect could apply when at least one of its steps could (a step
marked ``if_previous_applied`` depends on the one before it and is not asked).

It is the activation-time mirror of the resolution's own check (a step whose card is no
longer where it must be does nothing, :mod:`gamebook.rules.resolution`): each operation's
verb (:mod:`gamebook.rules.mechanics`) says where its card must be at both moments.
"""

from __future__ import annotations

from gamebook.cards.model import Effect, Primitive, Ref
from gamebook.rules.context import Rules
from gamebook.rules.mechanics import Where, verb_of
from gamebook.rules.mechanics.verb import holds
from gamebook.rules.selection import matching_cards
from gamebook.rules.state import GameState, Player


def could_apply(rules: Rules, state: GameState, player: Player, effect: Effect,
                refs: tuple[tuple[Ref, str], ...]) -> bool:
    """Would at least one step of ``effect`` apply if it resolved now (R99)?

    ``refs`` are the cards the activation would capture; a ``target`` is taken as present
    (an effect with a target is activated only while it has a legal one, R59)."""
    if not effect.resolution:
        return True
    captured = dict(refs)
    for step in effect.resolution:
        if step.if_previous_applied:
            continue
        if step_could_apply(rules, state, player, step, captured):
            return True
    return False


def step_could_apply(rules: Rules, state: GameState, player: Player, step: Primitive,
                     captured: dict[Ref, str]) -> bool:
    """Would this one step do something if it resolved now? Its verb says where its card must
    be (``activatable_if``), or asks the board itself (``could_apply``)."""
    verb = verb_of(step.op)
    if verb.could_apply is not None:
        return verb.could_apply(state, player, step)
    if step.of is not None and step.of is not Ref.TARGET \
            and not _face_up_monster(state, captured.get(step.of)):
        return False  # "ATK equal to that monster's" needs the monster face-up
    where = verb.activatable_if
    if where is None:
        return True
    if step.select is not None:
        found = matching_cards(rules, state, player, captured.get(Ref.SELF, ""), step.select)
        if where in (Where.FACE_UP_MONSTER, Where.FACE_DOWN_MONSTER):
            found = tuple(i for i in found if holds(state, where, i))
        return bool(found)
    who = step.who
    if who is None or who is Ref.SELECTED or who is Ref.TARGET:
        return True  # a target is legal at activation; a selection is an earlier step's
    instance = captured.get(who)
    if instance is None:
        return False
    return holds(state, where, instance, state.chain)


def _face_up_monster(state: GameState, instance: str | None) -> bool:
    monster = state.monster(instance) if instance is not None else None
    return monster is not None and monster.face_up
