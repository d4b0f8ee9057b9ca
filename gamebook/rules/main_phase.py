"""Main Phase 1: the turn player's Normal Summon or Set, the moment before a Normal Summon
succeeds and the window after it (R129-R131, R136).

In Main Phase 1 the turn player holds priority in an open game state with an empty chain
(:func:`gamebook.rules.timing.own_open_main_phase`). Besides activations, there they may
Normal Summon or Set one monster of Level 4 or lower from the hand, once per turn (R130):
:func:`normal_summon_actions` lists those choices, :func:`summon_from_hand` makes one. A
Normal Summon is an event: when a card in the game answers it ("when a monster is
Summoned", R131) an ``EVENT(normal_summoned)`` window follows, the turn player first; a Set
is no Summon and nothing answers it. The turn player's pass enters the Battle Phase; the
opponent answers it first (R129): :func:`gamebook.rules.battle.close_window` ends Main
Phase 1 on two passes.

A monster of Level 5 or 6 needs one Tribute, one of Level 7 or more two: each choice names
its Tributes (``cost``: the instance ids joined by ``+``), one set of each group of
interchangeable monsters; they are sent to the GY as the Summon or Set is made (R130).

Before a Normal Summon succeeds, when a card of the situation can negate a Summon (Solemn
Judgment, Solemn Warning), an ``EVENT(summoning)`` window comes first (R136,
:func:`summon_under_way`); :func:`summon_succeeds` ends it; the procedure
(:mod:`gamebook.rules.battle`, which closes windows) calls these, never the other way round.

Besides, in the same open game state (R138-R141, :func:`main_phase_actions`): the turn player
may change the battle position of a face-up monster they control, once per turn and not the
turn it was Summoned or Set (:func:`position_actions`); Flip Summon a face-down Defense
Position monster Set on an earlier turn, a Summon with the moment before it succeeds and a
window of its own where its Flip Effect is activated (:func:`flip_summon`); and Set a Spell
or Trap Card from the hand (:func:`set_spell_trap`). A change of position and a Set start no
chain and open no window: the turn player keeps priority. Which monsters can no longer
change position this turn is the turn memory's ``position_fixed`` (a monster the situation
places is free unless its ``position_fixed`` lists it).
"""

from __future__ import annotations

from gamebook.cards.model import MOVE_EVENTS, CardType, EventName, PlayerAbility, Position
from gamebook.rules.actions import Action, ActionKind, Event, event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.joint_targets import TARGETS_JOINED, target_sets
from gamebook.rules.mechanics.move_events import forget_moved, moves_that_happened
from gamebook.rules.mechanics.moving import leave_field
from gamebook.rules.mechanics.player_locks import set_locked
from gamebook.rules.mechanics.setting import free_spell_trap_zones
from gamebook.rules.mechanics.summon import free_zone, tributes_needed
from gamebook.rules.protection import tribute_forbidden
from gamebook.rules.selection import distinguishable
from gamebook.rules.state import (
    GameState,
    MonsterState,
    SpellTrapState,
    Step,
    Trigger,
    WindowKind,
    open_window,
    replace,
)
from gamebook.rules.timing import hand_on, own_open_main_phase, triggers_for
from gamebook.stats import StatBlock

TRIBUTES_JOINED = TARGETS_JOINED  # the Tributes of a Tribute Summon in an action's ``cost``
# A Tribute's own leaving events: the Summon's event names its Tributes and tells them.
_TOLD_BY_SUMMON = (EventKind.LEFT_FIELD, EventKind.SENT_TO_GY)


def normal_summon_actions(rules: Rules, state: GameState) -> list[Action]:
    """The turn player's Normal Summons and Sets in their open game state of Main Phase 1
    (R130): one of each group of interchangeable monsters in the hand, while the turn's
    Normal Summon is unused and a Monster Zone is free; only Sets once the turn player has
    activated a card that forbids them to Summon this turn (Scapegoat, R103)."""
    tp = state.turn_player
    if not _free_to_act(state) or state.normal_summon_used:
        return []
    held = distinguishable(rules, state, tuple(card.id for card in state.hand
                                               if card.owner is tp))
    may_summon = not state.has_ability(tp, PlayerAbility.CANNOT_SUMMON)  # a Set is allowed
    actions = []
    for instance in held:
        needed = tributes_needed(rules.cards[state.in_hand(instance).card])
        if needed is None or (needed == 0 and not free_zone(state, tp)):
            continue
        for tributes in tribute_choices(rules, state, needed):
            actions += [Action(kind, tp, instance, cost=tributes)
                        for kind in (ActionKind.NORMAL_SUMMON, ActionKind.SET_MONSTER)
                        if kind is ActionKind.SET_MONSTER or may_summon]
    return actions


def tribute_choices(rules: Rules, state: GameState, needed: int) -> list[str | None]:
    """The sets of ``needed`` monsters the turn player controls that could be Tributed, as
    an action's ``cost`` (ids joined by ``+``; ``None`` for no Tribute): one set of each group
    whose monsters are interchangeable (:func:`~gamebook.rules.selection.card_signature`)."""
    if needed == 0:
        return [None]
    own = tuple(m.id for m in state.monsters if m.controller is state.turn_player
                and tribute_forbidden(rules, state, m.id) is None)  # R170
    return list(target_sets(state, own, range(needed, needed + 1)))  # as joint targets are


def summon_from_hand(rules: Rules, state: GameState, action: Action
                     ) -> tuple[GameState, list[Event]]:
    """Normal Summon (face-up Attack Position) or Set (face-down Defense Position) the
    monster ``action.card`` from the hand; either uses the turn's Normal Summon (R130). A
    Normal Summon opens the window that answers it (R131)."""
    tp = state.turn_player
    held = state.in_hand(action.card)
    assert held is not None
    summon = action.kind is ActionKind.NORMAL_SUMMON
    tributes = tuple(action.cost.split(TRIBUTES_JOINED)) if action.cost else ()
    tributed: list[Event] = []  # what the Tributes leaving brought about (an Equip Card, …)
    for tribute in tributes:
        state, more = leave_field(rules, state, tribute, "tributed")  # R130
        tributed += [e for e in more if e.card != tribute or e.kind not in _TOLD_BY_SUMMON]
    stats = StatBlock.printed(*rules.cards[held.card].printed_stats)
    monster = MonsterState(held.id, held.card, tp,
                           Position.ATTACK if summon else Position.DEFENSE, summon, stats)
    state = state.without_hand(held.id).with_monster(monster)
    state = replace(state, normal_summon_used=True,
                    position_fixed=state.position_fixed | {held.id})  # R138
    told = {"tributes": tributes} if tributes else {}
    if not summon:
        events = [event(EventKind.MONSTER_SET, tp, held.id, **told), *tributed]
        moved = moves_that_happened(state)
        if moved:  # the Tributes of a Tribute Set answer their own move (R172)
            return _moved_window(rules, state, moved[0], moved[1:], events), events
        return open_window(state, Step.MAIN_PHASE_1), events
    events = [event(EventKind.NORMAL_SUMMONED, tp, held.id, **told), *tributed]
    return summon_under_way(rules, state, held.id, events=events), events


def summon_under_way(rules: Rules, state: GameState, instance: str,
                     summon: EventName = EventName.NORMAL_SUMMONED, *,
                     events: list[Event]) -> GameState:
    """The monster ``instance`` would be Normal or Flip Summoned (``summon``): when a card in
    the game can negate a Summon, the window before it succeeds, the turn player first, where
    only such a card may be activated (R136, R140); else the Summon succeeds at once (R131,
    R140, R103). The window of a Flip Summon names it in ``also``; what the Summon
    brings about is told in ``events``."""
    if not rules.cards_with("negates_summons",
                            lambda effect: effect.answers is EventName.SUMMONING):
        return summon_succeeds(rules, state, instance, summon, events=events)
    state = open_window(state, Step.MAIN_PHASE_1, WindowKind.EVENT)
    also = () if summon is EventName.NORMAL_SUMMONED else (summon,)
    return replace(state, window=replace(state.window, event=EventName.SUMMONING, also=also,
                                         summoned=(instance,), first_chain=True))


def main_phase_actions(rules: Rules, state: GameState) -> list[Action]:
    """What the turn player may do in their open game state of Main Phase 1 besides
    activating and passing (R130, R138-R141)."""
    return [*normal_summon_actions(rules, state), *position_actions(rules, state),
            *set_spell_trap_actions(rules, state)]


def take_main_phase_action(rules: Rules, state: GameState, action: Action
                           ) -> tuple[GameState, list[Event]]:
    """Make one of :func:`main_phase_actions`' choices."""
    kind = action.kind
    if kind is ActionKind.FLIP_SUMMON:
        return flip_summon(rules, state, action)
    if kind is ActionKind.CHANGE_POSITION:
        return change_position(state, action)
    if kind is ActionKind.SET_SPELL_TRAP:
        return set_spell_trap(state, action)
    return summon_from_hand(rules, state, action)


def _free_to_act(state: GameState) -> bool:
    """Does the turn player hold priority in their own open game state of Main Phase 1?"""
    tp = state.turn_player
    return state.window.priority is tp and own_open_main_phase(state, tp)


def position_actions(rules: Rules, state: GameState) -> list[Action]:
    """The turn player's changes of battle position (R138) and Flip Summons (R139): each
    monster they control whose position they have not changed this turn and that was not
    Summoned or Set this turn (``position_fixed``), one of each group of interchangeable
    monsters. A face-up one changes to the other position (never a Link Monster); a
    face-down Defense Position one may only be Flip Summoned, unless the turn player may not
    Summon this turn (Scapegoat, R103). The action's ``target`` of a change is the new
    position."""
    tp = state.turn_player
    if not _free_to_act(state):
        return []
    free = distinguishable(rules, state, tuple(
        m.id for m in state.monsters
        if m.controller is tp and m.id not in state.position_fixed))
    may_summon = not state.has_ability(tp, PlayerAbility.CANNOT_SUMMON)  # R103
    actions = []
    for instance in free:
        monster = state.monster(instance)
        if not monster.face_up:
            if monster.position is Position.DEFENSE and may_summon:
                actions.append(Action(ActionKind.FLIP_SUMMON, tp, instance))
        elif not rules.cards[monster.card].is_link:
            other = Position.DEFENSE if monster.position is Position.ATTACK else Position.ATTACK
            actions.append(Action(ActionKind.CHANGE_POSITION, tp, instance, target=other.value))
    return actions


def change_position(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Change the battle position of ``action.card`` to ``action.target`` (R138): no chain,
    no window; the turn player keeps priority, and the monster's position is fixed for the
    rest of the turn."""
    monster = state.monster(action.card)
    assert monster is not None and action.target is not None
    position = Position(action.target)
    state = state.with_monster(replace(monster, position=position))
    state = replace(state, position_fixed=state.position_fixed | {monster.id})
    return open_window(state, Step.MAIN_PHASE_1), [
        event(EventKind.POSITION_CHANGED, monster.controller, monster.id,
              position=position.value, by_hand=True)]


def flip_summon(rules: Rules, state: GameState, action: Action
                ) -> tuple[GameState, list[Event]]:
    """Flip Summon the face-down Defense Position monster ``action.card``: face-up Attack
    Position (R139), its position fixed for the turn; the moment before it succeeds follows
    (R136), then the window after it, with its Flip Effect (R140). It is not the Normal
    Summon of the turn."""
    monster = state.monster(action.card)
    assert monster is not None
    state = state.with_monster(replace(monster, position=Position.ATTACK, face_up=True,
                                       stats=monster.stats.flip_face_up()))
    state = replace(state, position_fixed=state.position_fixed | {monster.id})
    events = [event(EventKind.FLIP_SUMMONED, monster.controller, monster.id)]
    return summon_under_way(rules, state, monster.id, EventName.FLIP_SUMMONED,
                            events=events), events


def set_spell_trap_actions(rules: Rules, state: GameState) -> list[Action]:
    """The turn player's Sets of a Spell or Trap Card from the hand into a free Spell & Trap
    Zone (R141): one of each group of interchangeable cards in the hand."""
    tp = state.turn_player
    if not _free_to_act(state) or free_spell_trap_zones(rules, state, tp) < 1 \
            or set_locked(rules, state, tp):  # "cannot Set" (R177)
        return []
    held = distinguishable(rules, state, tuple(
        card.id for card in state.hand if card.owner is tp
        and rules.cards[card.card].card_type is not CardType.MONSTER))
    return [Action(ActionKind.SET_SPELL_TRAP, tp, instance) for instance in held]


def set_spell_trap(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Set the Spell or Trap Card ``action.card`` face-down from the hand (R141): no chain,
    no window. Set this turn, a Trap or a Quick-Play Spell cannot be activated this turn
    (R8, R9)."""
    held = state.in_hand(action.card)
    assert held is not None
    state = state.without_hand(held.id).with_spell_trap(
        SpellTrapState(held.id, held.card, held.owner, False, True))
    return open_window(state, Step.MAIN_PHASE_1), [
        event(EventKind.SPELL_TRAP_SET, held.owner, held.id)]


def summon_succeeds(rules: Rules, state: GameState, instance: str,
                    summon: EventName = EventName.NORMAL_SUMMONED, *,
                    events: list[Event]) -> GameState:
    """The Normal or Flip Summon (``summon``) of ``instance`` succeeds (R130, R136, R140): its
    player has Summoned this turn (R103), and the window that answers it follows when a card
    in the game answers it (R131) or, for a Flip Summon, when the monster has a Flip Effect
    (R6, R140); else the open game state of Main Phase 1. A Tribute's trigger that missed the
    timing is told in ``events`` (R25)."""
    tp = state.turn_player
    state = replace(state, summoned_this_turn=state.summoned_this_turn | {tp})
    answered = rules.cards_with(f"answers_{summon.value}",
                                lambda effect: effect.answers_event(summon))
    flip = summon is EventName.FLIP_SUMMONED
    moved = moves_that_happened(state)  # the Tributes of a Tribute Summon (R172)
    if not answered and not flip and not moved:
        return open_window(state, Step.MAIN_PHASE_1)  # a window nobody can use is no window
    state = open_window(state, Step.MAIN_PHASE_1, WindowKind.EVENT)
    also = ((EventName.FLIPPED,) if flip else ()) + moved
    if flip:
        state = replace(state, flipped=state.flipped | {instance})  # its Flip Effect (R6)
    state = replace(state, window=replace(state.window, event=summon, also=also,
                                          summoned=(instance,), first_chain=True))
    triggers = _not_missed(rules, state, triggers_for(rules, state, summon, *also), events)
    if moved:
        state = forget_moved(state)
    if not triggers and not answered:
        return open_window(flip_summon_over(state), Step.MAIN_PHASE_1)
    state = replace(state, window=replace(state.window, triggers=triggers))
    if triggers and not rules.config.decline_counts_as_pass:
        state = hand_on(rules, state, tp.opponent)
    return state


def _not_missed(rules: Rules, state: GameState, triggers: tuple[Trigger, ...],
                events: list[Event]) -> tuple[Trigger, ...]:
    """The Summon, not its Tributes, is the last thing to happen: an optional "When …: you
    can" trigger of a Tribute has missed the timing (R:missing_the_timing), and ``events``
    says so, as a chain's missed triggers are told."""
    kept = []
    for trigger in triggers:
        effect = rules.effect_of(state, trigger.card, trigger.effect)
        if not (effect.answers in MOVE_EVENTS and effect.can_miss_timing
                and not effect.mandatory):
            kept.append(trigger)
    if len(kept) < len(triggers):
        events.append(event(EventKind.MISSED_TIMING, effects=tuple(
            f"{t.card}.{t.effect}" for t in triggers if t not in kept)))
    return tuple(kept)


def _moved_window(rules: Rules, state: GameState, event_name: EventName,
                  also: tuple[EventName, ...], events: list[Event]) -> GameState:
    """The window after a Tribute Set, for the Tributes' own triggers (R172), or the open
    game state when none can be activated."""
    state = open_window(state, Step.MAIN_PHASE_1, WindowKind.EVENT)
    state = replace(state, window=replace(state.window, event=event_name, also=also,
                                          first_chain=True))
    triggers = _not_missed(rules, state, triggers_for(rules, state, event_name, *also), events)
    state = forget_moved(state)
    if not triggers:
        return open_window(state, Step.MAIN_PHASE_1)
    state = replace(state, window=replace(state.window, triggers=triggers))
    if not rules.config.decline_counts_as_pass:
        state = hand_on(rules, state, state.turn_player.opponent)
    return state


def flip_summon_over(state: GameState) -> GameState:
    """The window of a Flip Summon is over: the Flip Effect of its monster has had its chance
    (R140)."""
    window = state.window
    if window.event is not EventName.FLIP_SUMMONED:
        return state
    return replace(state, flipped=state.flipped - set(window.summoned))


def summon_kind(state: GameState) -> EventName:
    """The Summon under way in the window before it succeeds: a Flip Summon's window names it
    (R140), else it is a Normal Summon (R136)."""
    return state.window.also[0] if state.window.also else EventName.NORMAL_SUMMONED


def summon_standing(state: GameState) -> str | None:
    """After the window before a Summon succeeds (R136): the monster whose Summon was not
    negated and is still on the field, or ``None``."""
    window = state.window
    if window.event is not EventName.SUMMONING:
        return None
    return next((instance for instance in window.summoned if state.monster(instance)), None)


# The turn player's free actions in Main Phase 1: no chain, no window, nothing answers them,
# the turn player keeps priority (R138, R141, R130's Set; R152: their order cannot matter).
FREE_ACTIONS = frozenset({ActionKind.SET_SPELL_TRAP, ActionKind.CHANGE_POSITION,
                          ActionKind.SET_MONSTER})


def _cards_of(action: Action) -> tuple[str, ...]:
    """The cards an action moves: its card and its Tributes (``cost``)."""
    tributes = tuple(action.cost.split(TRIBUTES_JOINED)) if action.cost else ()
    return (*((action.card,) if action.card else ()), *tributes)


def free_actions_commute(rules: Rules, state: GameState, first: Action,
                         second: Action | None = None) -> bool:
    """Is ``first`` a free action of the turn player in their open game state of Main Phase 1
    (a Set of a Spell/Trap or a monster, a change of battle position: no chain, no window, no
    event any card answers, R152)? With ``second``: do both, from ``state``, reach the same
    state in either order (each still legal after the other: different cards, Tributes
    included, and a free Spell & Trap Zone for each Set)?"""
    if first.kind not in FREE_ACTIONS or not own_open_main_phase(state, first.player):
        return False
    if second is None:
        return True
    if second.kind not in FREE_ACTIONS or second.player is not first.player:
        return False
    if set(_cards_of(first)) & set(_cards_of(second)):
        return False
    if first.kind is second.kind is ActionKind.SET_MONSTER:
        return False  # one Normal Set a turn (R130)
    sets = sum(1 for action in (first, second) if action.kind is ActionKind.SET_SPELL_TRAP)
    return sets <= free_spell_trap_zones(rules, state, first.player)
