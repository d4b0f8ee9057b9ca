"""Battle positions and faces: set face-down, switch, flip face-up, change to a position (R6,
R38, R59, R84).
"""

from __future__ import annotations

from collections.abc import Callable

from gamebook.cards.model import EventName, MonsterFrame, OpName, Position, Primitive
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.moving import attacker_moved, monster_gone
from gamebook.rules.mechanics.verb import (
    CARDS,
    Applied,
    Handler,
    Mechanic,
    Verb,
    Where,
    skipped,
)
from gamebook.rules.state import ChainLink, GameState, MonsterState, Until, replace


def _set_face_down(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                   who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                   ) -> Applied:
    """Face-down Defense Position; every modification is cleared (R84). Links cannot (R59)."""
    events: list[Event] = []
    applied = False
    for instance in who:
        monster = state.monster(instance)
        if rules.cards[monster.card].is_link or rules.cards[monster.card].frame is \
                MonsterFrame.TOKEN:
            events.append(skipped(link, step, instance, "cannot_be_set"))
            continue
        state = state.with_monster(replace(monster, position=Position.DEFENSE, face_up=False,
                                           stats=monster.stats.face_down()))
        state = state.without_lasting(instance, until=Until.FACE_DOWN)  # R84
        state = attacker_moved(state, instance)
        events.append(event(EventKind.SET_FACE_DOWN, monster.controller, instance))
        state, more = monster_gone(rules, state, instance, destroyed=False, face_down=True)
        events.extend(more)
        applied = True
    return state, events, applied


def _flip_face_up(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                  who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                  ) -> Applied:
    events: list[Event] = []
    for instance in who:
        monster = state.monster(instance)
        if monster.face_up:
            continue
        state = state.with_monster(replace(monster, face_up=True,
                                           stats=monster.stats.flip_face_up()))
        state = flipped_by_effect(state, instance)
        events.append(event(EventKind.FLIPPED_FACE_UP, monster.controller, instance))
    return state, events, bool(events)


def flipped_by_effect(state: GameState, instance: str) -> GameState:
    """A face-down monster turned face-up by an effect: its Flip Effects are activated once
    the chain has resolved (R6, R19)."""
    return replace(state, flipped=state.flipped | {instance},
                   happened=state.happened | {(EventName.FLIPPED, instance)})


def _changing_to(position_of: Callable[[MonsterState, Primitive], Position]) -> Handler:
    """The handler of a verb that changes each monster's battle position to
    ``position_of(monster, step)``: a face-down one is flipped face-up (R6), and a Link
    Monster stays in Attack Position (R59)."""
    def handler(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                ) -> Applied:
        events: list[Event] = []
        applied = False
        for instance in who:
            monster = state.monster(instance)
            position = position_of(monster, step)
            if rules.cards[monster.card].is_link and position is Position.DEFENSE:
                events.append(skipped(link, step, instance, "link_always_attack"))
                continue
            stats = monster.stats if monster.face_up else monster.stats.flip_face_up()
            state = state.with_monster(replace(monster, position=position, face_up=True,
                                               stats=stats))
            if not monster.face_up:
                state = flipped_by_effect(state, instance)
            if position is Position.DEFENSE:
                state = attacker_moved(state, instance)
            events.append(event(EventKind.POSITION_CHANGED, monster.controller, instance,
                                position=position.value))
            applied = True
        return state, events, applied
    return handler


# Attack <-> Defense (a face-down monster is flipped face-up), or to the stated position (a
# face-up monster: its verb applies to no other).
_switch_position = _changing_to(lambda monster, step: Position.DEFENSE
                                if monster.position is Position.ATTACK else Position.ATTACK)
_change_position = _changing_to(lambda monster, step: step.position)


def _position_grammar(step: Primitive) -> str | None:
    return "change_position: 'position' is required" if step.position is None else None


MECHANIC = Mechanic("position", verbs=(
    Verb(OpName.SET_FACE_DOWN, _set_face_down, applies_if=Where.FIELD,
         activatable_if=Where.FIELD),
    Verb(OpName.SWITCH_POSITION, _switch_position, applies_if=Where.FIELD,
         activatable_if=Where.FIELD),
    Verb(OpName.FLIP_FACE_UP, _flip_face_up, applies_if=Where.FIELD,
         activatable_if=Where.FACE_DOWN_MONSTER),
    Verb(OpName.CHANGE_POSITION, _change_position, parameters=(*CARDS, "position"),
         activatable_if=Where.FIELD, grammar=_position_grammar),
))
