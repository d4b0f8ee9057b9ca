"""The Battle Phase: attack declaration, the Battle Step, replays and the Damage Step.

Procedure (R31-R57): an attack declaration opens an ``EVENT(attack_declared)`` window (TP
first). When it closes, or its chain has resolved, the open Battle Step follows (R36); a
replay caused during a chain is processed after the chain (R41, R42). Two passes with an
empty chain in the open Battle Step enter the Damage Step, whose sub-timings are windows of
their own (R46-R52) with restricted activations; damage calculation happens between the
"during damage calculation" and "after damage calculation" timings.
"""

from __future__ import annotations

from gamebook.cards.model import (
    MOVE_EVENTS,
    SENT_EVENTS,
    DestructionCause,
    EffectKind,
    EventName,
    OpName,
    PlayerAbility,
    Position,
    Ref,
    StaticAbility,
)
from gamebook.rules.actions import Action, ActionKind, Event, event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.main_phase import (
    flip_summon_over,
    summon_kind,
    summon_standing,
    summon_succeeds,
)
from gamebook.rules.mechanics.destruction_replacement import (
    replace_destruction,
    replacement_effect,
    replacement_options,
)
from gamebook.rules.mechanics.immunity import unaffected
from gamebook.rules.mechanics.life import lp_after_damage, record_damage
from gamebook.rules.mechanics.move_events import forget_moved, moves_that_happened
from gamebook.rules.mechanics.moving import leave_field
from gamebook.rules.mechanics.once_per_turn import used_this_turn
from gamebook.rules.protection import ability_source
from gamebook.rules.resolution import resolve_top
from gamebook.rules.selection import distinguishable
from gamebook.rules.state import (
    DAMAGE_STEP_TIMINGS,
    Attack,
    GameState,
    MonsterState,
    Player,
    Resolving,
    Step,
    Trigger,
    Window,
    WindowKind,
    open_window,
    replace,
)
from gamebook.rules.timing import hand_on, legal_targets, pending, triggers_for
from gamebook.situation.model import NOTHING

END_OF_BATTLE = "end_of_battle"
END_OF_BATTLE_PHASE = "end_of_battle_phase"
END_OF_MAIN_PHASE_1 = "end_of_main_phase_1"

# Timings at which a battling monster leaving the field ends the battle with no damage
# calculation (R53); the chain during damage calculation resolves before the calculation.
_BEFORE_CALCULATION = (Step.DAMAGE_STEP_START, Step.BEFORE_DAMAGE_CALCULATION,
                       Step.DURING_DAMAGE_CALCULATION)
_NEXT_DAMAGE_TIMING = {
    Step.DAMAGE_STEP_START: Step.BEFORE_DAMAGE_CALCULATION,
    Step.BEFORE_DAMAGE_CALCULATION: Step.DURING_DAMAGE_CALCULATION,
    Step.DURING_DAMAGE_CALCULATION: Step.AFTER_DAMAGE_CALCULATION,
    Step.AFTER_DAMAGE_CALCULATION: Step.END_OF_DAMAGE_STEP,
}


def _duel_lost(state: GameState) -> bool:
    """A player has 0 LP or less: the Duel is lost at once."""
    return min(state.lp) <= 0


def duel_over(state: GameState, events: list[Event]) -> GameState:
    """The branch ends with the Duel: lost by the players at 0, a draw if both are (R102)."""
    losers = [player for player in (Player.A, Player.B) if state.life(player) <= 0]
    if len(losers) == 2:
        events.append(event(EventKind.DUEL_DRAWN))
        return ended(replace(state, attack=None), "duel_drawn")
    events.extend(event(EventKind.DUEL_LOST, player) for player in losers)
    return ended(replace(state, attack=None), "duel_over")


def ended(state: GameState, reason: str) -> GameState:
    return replace(state, window=Window(WindowKind.ENDED, state.window.step, state.turn_player,
                                        reason=reason))


# -- attack declaration -------------------------------------------------------------------

def attack_locked(rules: Rules, state: GameState, instance: str) -> bool:
    """The turn player's monster ``instance`` cannot declare an attack: its player cannot for
    the rest of the turn (R44), or a face-up card of the opponent forbids the opponent's
    monsters to (Swords of Revealing Light, R111), unless the monster is unaffected by that
    card's effects (Forbidden Lance, R104); or a face-up card forbids this monster to attack
    (Fiendish Chain, R166)."""
    if state.turn_player in state.cannot_declare_attacks:
        return True
    if any(hook(rules, state, instance) is not None for hook in rules.hooks.attack_forbidden):
        return True
    source = ability_source(rules, state, state.turn_player,
                            PlayerAbility.CANNOT_DECLARE_ATTACKS)
    if source is None or source == "turn":
        return source is not None
    return not unaffected(rules, state, source, (instance,))


def can_declare_attack(rules: Rules, state: GameState, instance: str) -> bool:
    """Could this monster declare an attack this turn (R32, R43-R45, R111)?"""
    monster = state.monster(instance)
    return (monster is not None and monster.controller is state.turn_player
            and not attack_locked(rules, state, instance)
            and monster.position is Position.ATTACK and monster.face_up
            and (state.attacks_made(instance) < state.attack_allowance(instance)
                 or bool(rules.hooks.attack_beyond_allowance)  # R169
                 and bool(attack_targets(rules, state, instance))))


def attack_granting_effects(rules: Rules, state: GameState, instance: str) -> list[str]:
    """Effects of this monster, still usable this turn, that would let it attack again."""
    monster = state.monster(instance)
    if monster is None or monster.controller is not state.turn_player \
            or attack_locked(rules, state, instance) \
            or monster.position is not Position.ATTACK or not monster.face_up:
        return []
    found = []
    for effect in rules.cards[monster.card].effects:
        grants = any(step.op is OpName.GRANT_EXTRA_ATTACK and step.who is Ref.SELF
                     for step in effect.resolution)
        if not grants or effect.kind not in (EffectKind.QUICK, EffectKind.IGNITION):
            continue
        if used_this_turn(rules, state, instance, effect):
            continue
        if effect.target is not None and not legal_targets(rules, state, monster.controller,
                                                           instance, effect):
            continue
        found.append(effect.id)
    return found


def attack_options(rules: Rules, state: GameState) -> list[Action]:
    """Attack declarations open to the turn player in the open Battle Step (R31-R33, R44)."""
    if state.attack is not None:
        return []
    tp = state.turn_player
    attackers = distinguishable(rules, state, tuple(m.id for m in state.monsters
                                                     if can_declare_attack(rules, state,
                                                                           m.id)))
    return [Action(ActionKind.DECLARE_ATTACK, tp, attacker, None, target)
            for attacker in attackers for target in attack_targets(rules, state, attacker)]


def attack_targets(rules: Rules, state: GameState, attacker: str, *, replay: bool = False
                   ) -> tuple[str | None, ...]:
    """What ``attacker`` may attack: the defender's monsters the mechanics let it target
    (hook point ``attack_targets``), one of each kind, or the defender directly (``None``)
    when the defender controls no monster (R33). An attack beyond the monster's allowance
    may target only the monsters a right of its own allows (hook point
    ``attack_beyond_allowance``, R169), never the player; ``replay``: the new choice of the
    attack under way (R42), already counted. Empty: it has nothing to attack."""
    monsters = tuple(m.id for m in state.monsters if m.controller is state.turn_player.opponent)
    if _beyond_allowance(state, attacker, replay):  # only a right of its own allows it (R169)
        monsters = next((allowed for hook in rules.hooks.attack_beyond_allowance
                         if (allowed := hook(rules, state, attacker, monsters))), ())
        if not monsters:
            return ()  # and never a direct attack
    elif not monsters:
        return (None,)
    for hook in rules.hooks.attack_targets:
        monsters = hook(rules, state, attacker, monsters)
    return distinguishable(rules, state, monsters)


def _beyond_allowance(state: GameState, attacker: str, replay: bool) -> bool:
    """Is the attack to be declared, or the one being replayed (R42), beyond the attacks the
    monster is allowed this turn (one, and those granted to it: R32, R45)?"""
    made = state.attacks_made(attacker) + (0 if replay else 1)  # a replayed one is counted
    return made > state.attack_allowance(attacker)


def declare_attack(rules: Rules, state: GameState, attacker: str, target: str | None
                   ) -> tuple[GameState, list[Event]]:
    """The declaration is an event: its triggers are collected and TP gets priority (R33)."""
    state = state.with_count("attacks_declared", attacker, 1)
    state = replace(state, attack=Attack(attacker, target))
    state = open_window(state, Step.BATTLE_STEP, WindowKind.EVENT)
    triggers = triggers_for(rules, state, EventName.ATTACK_DECLARED)
    state = replace(state, window=replace(state.window, event=EventName.ATTACK_DECLARED,
                                          triggers=triggers, first_chain=True))
    if not rules.config.decline_counts_as_pass and pending(state):
        # Flowchart preset: the owner of the lowest trigger stage decides first.
        state = hand_on(rules, state, state.turn_player.opponent)
    return state, [event(EventKind.ATTACK_DECLARED, state.turn_player, attacker, target=target)]


# -- after a chain, after a window closes -------------------------------------------------

def resolve_chain(rules: Rules, state: GameState) -> tuple[GameState, list[Event]]:
    """Resolve the whole chain, last link first (R17), then continue the procedure."""
    state = replace(state, last_happened=frozenset())
    return continue_resolution(rules, state,
                               [event(EventKind.CHAIN_RESOLVES, links=len(state.chain))])


def continue_resolution(rules: Rules, state: GameState, events: list[Event],
                        chosen: str | None = None) -> tuple[GameState, list[Event]]:
    """Resolve links from the top until the chain is empty or a link waits for a choice."""
    while state.chain:
        state, more, done = resolve_top(rules, state, chosen)
        chosen = None
        events.extend(more)
        if not done:
            return state, events  # a SELECT window: the resolving player chooses
        if _duel_lost(state):
            state = replace(state, chain=())  # the Duel is lost at once: no link resolves
            break
    state, more = after_chain(rules, state)
    return state, events + more


def select_options(rules: Rules, state: GameState) -> list[Action]:
    """The choices of a resolving effect's controller, or of the player who chooses the
    cards its step names (WindowKind.SELECT, R174), or of the controller of a monster that
    would be destroyed, by the effect of its card that may replace that (R183)."""
    progress = state.resolving
    if progress.replacing is not None:
        card = progress.replacing
        cause = DestructionCause.EFFECT if state.chain else DestructionCause.BATTLE
        effect = replacement_effect(rules, state, card, cause)
        return [Action(ActionKind.SELECT, progress.chooser, card, effect, option)
                for option in progress.options]
    link = state.chain[-1]
    who = progress.chooser or link.player
    return [Action(ActionKind.SELECT, who, link.card, link.effect, option)
            for option in progress.options]


def choose_on_select(rules: Rules, state: GameState, action: Action
                     ) -> tuple[GameState, list[Event]]:
    events = [event(EventKind.SELECTED, action.player, action.card, action.effect, action.target)]
    if not state.chain:  # a destruction by battle, replaced or not (R183)
        return _battle_replacement_answered(rules, state, action.target, events)
    return continue_resolution(rules, state, events, chosen=action.target)


def after_chain(rules: Rules, state: GameState) -> tuple[GameState, list[Event]]:
    """The window that follows a resolved chain (R19, R36, R41, R58)."""
    state = _triggers_over(state)
    step = state.window.step
    attack = state.attack
    events: list[Event] = []
    if _duel_lost(state):
        return duel_over(state, events), events
    summoning = summon_standing(state)
    if summoning is not None:  # the negation window's chain left the Summon standing (R136)
        return summon_succeeds(rules, state, summoning, summon_kind(state),
                               events=events), events
    state = flip_summon_over(state)
    if step is not Step.DURING_DAMAGE_CALCULATION:  # there they wait (R54)
        waiting = _destroyed_triggers(rules, state, events)
        if waiting is not None:
            return waiting, events  # R19: a new chain by SEGOC, then the procedure goes on
    if state.last_happened:
        state = replace(state, last_happened=frozenset())  # read by R25 just above
        state, answering = summon_window(rules, state)
        if answering:
            return state, events  # R97: the summon's own window, then the procedure goes on
    if state.ending_battle_phase:
        state = replace(state, ending_battle_phase=False)
        return to_end_step(rules, state, events, by_effect=True)
    if attack is not None and step is Step.BATTLE_STEP:
        state, stopped = _attack_still_valid(rules, state, events)
        if stopped:
            return state, events
        attack = state.attack
        if attack.replay_pending:
            events.append(event(EventKind.REPLAY, state.turn_player, attack.attacker))
            return replace(state, window=Window(WindowKind.REPLAY, step, state.turn_player)), events
    if step is Step.DURING_DAMAGE_CALCULATION:
        state, more = close_window(rules, state)  # one chain only (R49, R54)
        return state, events + more
    if step in DAMAGE_STEP_TIMINGS:
        if step in _BEFORE_CALCULATION and _battle_interrupted(state):
            return _interrupt_battle(rules, state, events)
        return open_window(state, step, WindowKind.DAMAGE), events
    return open_window(state, step), events


def _destroyed_triggers(rules: Rules, state: GameState, events: list[Event]
                        ) -> GameState | None:
    """Cards destroyed, players damaged during the chain: their triggers form a new chain
    (R19, R101), or ``None``. An optional "When" trigger whose event was not the last thing to
    happen has missed the timing (R25)."""
    if not state.happened:
        return None
    happened = {event_name for event_name, _ in state.happened}
    names = tuple(name for name in (EventName.DESTROYED, EventName.DAMAGE_TAKEN,
                                    EventName.FLIPPED, *MOVE_EVENTS) if name in happened)
    if not names:
        return None
    found = triggers_for(rules, state, *names)
    triggers = tuple(t for t in found if not _missed_timing(rules, state, t))
    if len(triggers) < len(found):
        events.append(event(EventKind.MISSED_TIMING, effects=tuple(
            f"{t.card}.{t.effect}" for t in found if t not in triggers)))
    state = replace(forget_moved(_forget_flipped(_forget_damage(_forget_destroyed(state)))),
                    last_happened=frozenset())
    if not triggers:
        return None
    kind = WindowKind.DAMAGE if state.window.step in DAMAGE_STEP_TIMINGS else WindowKind.OPEN
    state = open_window(state, state.window.step, kind)
    window = replace(state.window, kind=WindowKind.EVENT, event=names[0], also=names[1:],
                     triggers=triggers, first_chain=True)
    state = replace(state, window=window)
    if not rules.config.decline_counts_as_pass:
        state = hand_on(rules, state, state.turn_player.opponent)
    return state


def summon_window(rules: Rules, state: GameState) -> tuple[GameState, bool]:
    """Monsters Special Summoned during the chain: the window that answers the summon (R97).

    Returns the state without the summons remembered, and whether a window was opened: it is,
    when some card in the game answers a Special Summon (a window nobody can use in a way an
    open one would not allow is no window)."""
    if not any(name is EventName.SPECIAL_SUMMONED for name, _ in state.happened):
        return state, False
    summoned = tuple(sorted(i for name, i in state.happened
                            if name is EventName.SPECIAL_SUMMONED and state.monster(i)))
    state = replace(state, happened=frozenset(
        item for item in state.happened if item[0] is not EventName.SPECIAL_SUMMONED))
    if not summoned or not _answers_summons(rules):
        return state, False
    kind = WindowKind.DAMAGE if state.window.step in DAMAGE_STEP_TIMINGS else WindowKind.OPEN
    state = open_window(state, state.window.step, kind)
    state = replace(state, window=replace(state.window, kind=WindowKind.EVENT,
                                          event=EventName.SPECIAL_SUMMONED, summoned=summoned,
                                          first_chain=True))
    triggers = triggers_for(rules, state, EventName.SPECIAL_SUMMONED)
    state = replace(state, window=replace(state.window, triggers=triggers))
    if triggers and not rules.config.decline_counts_as_pass:
        state = hand_on(rules, state, state.turn_player.opponent)
    return state, True


def _answers_summons(rules: Rules) -> bool:
    """Does any card of the situation answer a Special Summon (R97)?"""
    return bool(rules.cards_with("answers_summons",
                                 lambda effect: effect.answers is EventName.SPECIAL_SUMMONED))


def _missed_timing(rules: Rules, state: GameState, trigger: Trigger) -> bool:
    """R25: an optional "When ...: you can" trigger whose event, during the chain, was not
    the last thing that happened cannot be activated."""
    effect = rules.effect_of(state, trigger.card, trigger.effect)
    if not effect.can_miss_timing or effect.mandatory:
        return False
    answered = effect.answers
    if answered is EventName.DAMAGE_TAKEN:
        owner = state.controller(trigger.card) or trigger.player
        key = (answered, owner.value)
    else:
        key = (answered, trigger.card)
    return key not in state.last_happened


def _forget_damage(state: GameState) -> GameState:
    """The damage events have had their window (R101)."""
    if not any(name is EventName.DAMAGE_TAKEN for name, _ in state.happened):
        return state
    return replace(state, happened=frozenset(item for item in state.happened
                                             if item[0] is not EventName.DAMAGE_TAKEN))


def _forget_flipped(state: GameState) -> GameState:
    """The monsters flipped face-up by an effect have had their Flip Effects' chance (R6)."""
    flipped = {item[1] for item in state.happened if item[0] is EventName.FLIPPED}
    if not flipped:
        return state
    return replace(state, flipped=state.flipped - flipped,
                   happened=frozenset(item for item in state.happened
                                      if item[0] is not EventName.FLIPPED))


def _forget_destroyed(state: GameState) -> GameState:
    """The destroyed cards that have left the field have had their chance (R19, R24).

    A monster destroyed by battle is still on the field until the end of the Damage Step:
    its "destroyed" event waits for then (R52).
    """
    happened = frozenset(item for item in state.happened
                         if item[0] is not EventName.DESTROYED or state.monster(item[1]))
    return replace(state, happened=happened)


def _triggers_over(state: GameState) -> GameState:
    """The window's triggers have had their chance: the state without them, and without the
    vanished Tokens that waited for them (a window with none is kept, not copied)."""
    if state.window.triggers:
        state = replace(state, window=replace(state.window, triggers=()))
    return _drop_vanished(state)


def _drop_vanished(state: GameState) -> GameState:
    """Vanished Tokens are kept only while their "destroyed" trigger still waits."""
    if not state.vanished:
        return state
    waiting = {t.card for t in state.window.triggers} | {
        instance for name, instance in state.happened if name is EventName.DESTROYED}
    return replace(state, vanished=tuple(g for g in state.vanished if g.id in waiting))


def to_end_step(rules: Rules, state: GameState, events: list[Event], *, by_effect: bool = False
                ) -> tuple[GameState, list[Event]]:
    """The Battle Phase moves to its End Step (R57, R58); no return to the Battle Step."""
    if by_effect:
        events.append(event(EventKind.BATTLE_PHASE_ENDED_BY_EFFECT, state.turn_player))
    else:
        events.append(event(EventKind.BATTLE_PHASE_ENDS))
    state = replace(state, attack=None, flipped=frozenset())
    if rules.scope != END_OF_BATTLE_PHASE:
        return ended(state, "battle_phase_over"), events
    events.append(event(EventKind.END_STEP_BEGINS))
    return open_window(state, Step.END_STEP), events


def _attack_still_valid(rules: Rules, state: GameState, events: list[Event]
                        ) -> tuple[GameState, bool]:
    """An attacker that left the field or is no longer in Attack Position stops (R38), and
    so does one that a face-up card now forbids to attack (Fiendish Chain, R166)."""
    attack = state.attack
    attacker = state.monster(attack.attacker)
    if attack.negated:
        why = "negated"
    elif attack.stopped or attacker is None or attacker.position is not Position.ATTACK \
            or not attacker.face_up:
        why = "attacker_gone"
    elif any(hook(rules, state, attack.attacker) is not None
             for hook in rules.hooks.attack_forbidden):
        why = "attack_forbidden"
    else:
        return state, False
    events.append(event(EventKind.ATTACK_ENDED, state.turn_player, attack.attacker, why=why))
    return _attack_over(rules, replace(state, attack=None), "attack_ended"), True


def _attack_over(rules: Rules, state: GameState, reason: str) -> GameState:
    state = replace(state, attack=None, battle_abilities=frozenset())
    if rules.scope == END_OF_BATTLE:
        return ended(state, reason)
    return open_window(state, Step.BATTLE_STEP)


def close_window(rules: Rules, state: GameState) -> tuple[GameState, list[Event]]:
    """Two passes with an empty chain: the timing has passed (R14); what comes next."""
    window = state.window
    step = window.step
    events: list[Event] = [event(EventKind.WINDOW_CLOSED, step=step.value,
                                 window=window.kind.value)]
    state = _triggers_over(state)
    if window.kind is WindowKind.EVENT \
            and window.event in (EventName.DESTROYED, EventName.SPECIAL_SUMMONED,
                                 EventName.DAMAGE_TAKEN, *MOVE_EVENTS) \
            and step not in (Step.AFTER_DAMAGE_CALCULATION, Step.END_OF_DAMAGE_STEP):
        state, more = after_chain(rules, state)  # R19's chain was declined: go on as after it
        return state, events + more
    if window.kind is WindowKind.EVENT and step is Step.BATTLE_STEP:
        return open_window(state, Step.BATTLE_STEP), events  # R36
    if step is Step.MAIN_PHASE_1:
        summoning = summon_standing(state)
        if summoning is not None:  # nobody negated it: the Summon succeeds (R136)
            return summon_succeeds(rules, state, summoning, summon_kind(state),
                                   events=events), events
        if window.kind is WindowKind.EVENT:  # the Summon's window is over (R131, R140)
            return open_window(flip_summon_over(state), Step.MAIN_PHASE_1), events
        if rules.scope == END_OF_MAIN_PHASE_1:
            return ended(state, "main_phase_over"), events
        events.append(event(EventKind.MAIN_PHASE_ENDS))  # R129: into the Start Step
        return open_window(state, Step.START_STEP), events
    if step is Step.START_STEP:
        events.append(event(EventKind.BATTLE_STEP_BEGINS))  # R30
        return open_window(state, Step.BATTLE_STEP), events
    if step is Step.END_STEP:
        return ended(state, "battle_phase_over"), events  # R57
    if step is Step.BATTLE_STEP:
        if state.attack is None:
            return to_end_step(rules, state, events)
        events.append(event(EventKind.DAMAGE_STEP_BEGINS))  # R37
        events.append(event(EventKind.DAMAGE_TIMING, step=Step.DAMAGE_STEP_START.value))
        state = open_window(state, Step.DAMAGE_STEP_START, WindowKind.DAMAGE)
        # "at the start of the Damage Step": before the target is flipped
        # (R:destroyed_before_the_flip)
        return _damage_step_triggers(rules, state, (EventName.DAMAGE_STEP_START,)), events
    if step is Step.END_OF_DAMAGE_STEP:
        state, more = _end_damage_step(rules, state)
        return state, events + more
    if step in _BEFORE_CALCULATION and _battle_interrupted(state):
        return _interrupt_battle(rules, state, events)
    if step is Step.DAMAGE_STEP_START:
        state, more = _flip_target(state)
        events.extend(more)
    if step is Step.DURING_DAMAGE_CALCULATION:
        state, more = damage_calculation(rules, state)
        events.extend(more)
        if _duel_lost(state):  # the events of the end came with the calculation
            return duel_over(replace(state, resolving=None), []), events
        if state.resolving is not None:  # a destruction's replacement is chosen first (R183)
            return state, events
    return _next_damage_timing(rules, state, step, events)


def _next_damage_timing(rules: Rules, state: GameState, step: Step, events: list[Event]
                        ) -> tuple[GameState, list[Event]]:
    """The Damage Step goes on from ``step`` to its next timing (R46-R52)."""
    next_step = _NEXT_DAMAGE_TIMING[step]
    events.append(event(EventKind.DAMAGE_TIMING, step=next_step.value))
    if next_step is Step.END_OF_DAMAGE_STEP:
        state, more = _leave_destroyed(rules, state)  # they leave first, then the chain (R52)
        events.extend(more)
    state = open_window(state, next_step, WindowKind.DAMAGE)
    if next_step is Step.AFTER_DAMAGE_CALCULATION:
        state = _damage_step_triggers(rules, state, _AFTER_CALCULATION_EVENTS)  # R51
    elif next_step is Step.END_OF_DAMAGE_STEP:
        state = _damage_step_triggers(rules, state, _end_of_damage_step_events(state))  # R52
    return state, events


# R51 timings 7-8: after damage calculation, these are placed on one chain by SEGOC.
_AFTER_CALCULATION_EVENTS = (EventName.FLIPPED, EventName.AFTER_DAMAGE_CALCULATION,
                             EventName.INFLICTS_BATTLE_DAMAGE, EventName.DESTROYED_BY_BATTLE,
                             EventName.DESTROYED, EventName.DAMAGE_TAKEN)
# R52: at the end of the Damage Step, once the destroyed monsters have left the field.
# What they took with them went to the GY then too (an Equip Card, R133).
_END_OF_DAMAGE_STEP_EVENTS = (EventName.DESTROYED_BY_BATTLE, EventName.DESTROYED, *SENT_EVENTS)
# The other move events (R171, R172), named by the window only when one happened: a battle
# without them keeps the window it always had.
_OTHER_MOVE_EVENTS = tuple(name for name in MOVE_EVENTS if name not in SENT_EVENTS)


def _end_of_damage_step_events(state: GameState) -> tuple[EventName, ...]:
    """The events answered at the end of the Damage Step (R52), with the moves of R171 and
    R172 that happened."""
    moved = moves_that_happened(state, _OTHER_MOVE_EVENTS)
    return _END_OF_DAMAGE_STEP_EVENTS + moved if moved else _END_OF_DAMAGE_STEP_EVENTS


def _damage_step_triggers(rules: Rules, state: GameState, event_names: tuple[EventName, ...]
                          ) -> GameState:
    """Flip Effects and the battle's triggers become activatable (R6, R51, R52)."""
    triggers = triggers_for(rules, state, *event_names)
    if EventName.FLIPPED in event_names:
        state = replace(state, flipped=frozenset())
    if EventName.DESTROYED in event_names:
        state = _forget_destroyed(state)
    if EventName.DAMAGE_TAKEN in event_names:
        state = _forget_damage(state)
    if EventName.SENT_TO_GRAVEYARD in event_names:
        state = forget_moved(state)
    if not triggers:
        return state
    window = replace(state.window, kind=WindowKind.EVENT, event=event_names[0],
                     also=event_names[1:], triggers=triggers, first_chain=True)
    state = replace(state, window=window)
    if not rules.config.decline_counts_as_pass:
        state = hand_on(rules, state, state.turn_player.opponent)
    return state


def _interrupt_battle(rules: Rules, state: GameState, events: list[Event]
                      ) -> tuple[GameState, list[Event]]:
    """A battling monster left the field before damage calculation: no damage (R53)."""
    events.append(event(EventKind.BATTLE_ENDS_WITHOUT_DAMAGE, state.turn_player,
                        state.attack.attacker))
    events.append(event(EventKind.DAMAGE_TIMING, step=Step.END_OF_DAMAGE_STEP.value))
    state, more = _leave_destroyed(rules, state)
    return open_window(state, Step.END_OF_DAMAGE_STEP, WindowKind.DAMAGE), events + more


def _battle_interrupted(state: GameState) -> bool:
    attack = state.attack
    if attack is None or state.monster(attack.attacker) is None:
        return True
    return attack.target is not None and state.monster(attack.target) is None


def _flip_target(state: GameState) -> tuple[GameState, list[Event]]:
    """A face-down attack target is flipped face-up before damage calculation (R48)."""
    target = state.monster(state.attack.target) if state.attack.target else None
    if target is None or target.face_up:
        return state, []
    # through the stat model's own face-up change, so that what applies to it from now on
    # (ATK changes, continuous modifiers) counts (R84)
    state = state.with_monster(replace(target, face_up=True, stats=target.stats.flip_face_up()))
    state = replace(state, flipped=state.flipped | {target.id})
    return state, [event(EventKind.FLIPPED, target.controller, target.id)]


# -- damage calculation ---------------------------------------------------------------------

def damage_calculation(rules: Rules, state: GameState) -> tuple[GameState, list[Event]]:
    """Compare ATK with ATK or DEF, inflict battle damage, confirm destruction (R49-R51)."""
    attack = state.attack
    attacker = state.monster(attack.attacker)
    tp = attacker.controller
    events: list[Event] = []
    if attack.target is None:
        damage = attacker.stats.atk
        events.append(event(EventKind.DAMAGE_CALCULATION, tp, attacker.id, attacker_atk=damage,
                            direct=True))
        happened = {(EventName.AFTER_DAMAGE_CALCULATION, attacker.id)}
        damaged: Player | None = tp.opponent
        damaged, damage, reflected = _damage_changed(rules, state, attacker, None, damaged,
                                                     damage)
        if damaged is not None and damage > 0:
            state, more = _battle_damage(rules, state, damaged, damage, reflected)
            events.extend(more)
            if more[0].kind is EventKind.BATTLE_DAMAGE and damaged is tp.opponent:
                happened.add((EventName.INFLICTS_BATTLE_DAMAGE, attacker.id))  # not reflected
        state = replace(state, happened=state.happened | happened)
        return _check_duel_end(state, events)
    target = state.monster(attack.target)
    a = attacker.stats.atk
    in_attack = target.position is Position.ATTACK
    t = target.stats.atk if in_attack else (target.stats.def_ or 0)
    events.append(event(EventKind.DAMAGE_CALCULATION, tp, attacker.id, target=target.id,
                        attacker_atk=a, target_value=t,
                        target_position=target.position.value))
    destroyed: list[str] = []
    if in_attack:
        if a > t:
            destroyed, damaged, amount = [target.id], tp.opponent, a - t
        elif a < t:
            destroyed, damaged, amount = [attacker.id], tp, t - a
        else:
            destroyed, damaged, amount = ([attacker.id, target.id] if a > 0 else []), None, 0
    else:
        if a > t:
            destroyed, damaged, amount = [target.id], None, 0
        elif a < t:
            destroyed, damaged, amount = [], tp, t - a
        else:
            destroyed, damaged, amount = [], None, 0
    damaged, amount, reflected = _damage_changed(rules, state, attacker, target, damaged,
                                                 amount)
    happened = {(EventName.AFTER_DAMAGE_CALCULATION, attacker.id),
                (EventName.AFTER_DAMAGE_CALCULATION, target.id)}
    if damaged is not None and amount > 0:
        state, more = _battle_damage(rules, state, damaged, amount, reflected)
        events.extend(more)
        if more[0].kind is EventKind.BATTLE_DAMAGE:
            dealer = attacker.id if damaged is tp.opponent else target.id
            happened.add((EventName.INFLICTS_BATTLE_DAMAGE, dealer))
    state = replace(state, happened=state.happened | happened)
    replaceable: list[str] = []
    for instance in destroyed:
        monster = state.monster(instance)
        why = next((found for hook in rules.hooks.battle_destruction  # R142
                    if (found := hook(rules, state, monster)) is not None), None)
        if why is not None:
            events.append(event(EventKind.NOT_DESTROYED, monster.controller, instance, why=why))
            continue
        if state.has_ability(monster.controller,
                            PlayerAbility.MONSTERS_CANNOT_BE_DESTROYED_BY_BATTLE):
            events.append(event(EventKind.NOT_DESTROYED, monster.controller, instance,
                                why="monsters_cannot_be_destroyed_by_battle"))
            continue
        if rules.hooks.destruction_replacement and replacement_options(
                rules, state, instance, DestructionCause.BATTLE):
            replaceable.append(instance)  # its controller chooses first (R183)
            continue
        state, more = _destroyed_by_battle(rules, state, instance)
        events.extend(more)
    if replaceable:
        state, more = _ask_replacement(rules, state, tuple(replaceable))
        events.extend(more)
    return _check_duel_end(state, events)


def _destroyed_by_battle(rules: Rules, state: GameState, instance: str
                         ) -> tuple[GameState, list[Event]]:
    """The monster is destroyed by the battle: it leaves at the end of the Damage Step (R52)."""
    monster = state.monster(instance)
    state = state.with_monster(replace(monster, battle_destroyed=True))
    # a "cannot be destroyed by battle" that does not apply: its effects are negated (R109)
    negated = rules.cards[monster.card].has_ability(StaticAbility.CANNOT_BE_DESTROYED_BY_BATTLE)
    happened = {(EventName.DESTROYED_BY_BATTLE, instance), (EventName.DESTROYED, instance)}
    state = replace(state, happened=state.happened | happened)
    return state, [event(EventKind.DESTROYED_BY_BATTLE, monster.controller, instance,
                         **({"negated": True} if negated else {}))]


def _ask_replacement(rules: Rules, state: GameState, monsters: tuple[str, ...]
                     ) -> tuple[GameState, list[Event]]:
    """The first of ``monsters`` that may still be replaced waits for its controller's
    choice (R183), in a SELECT window of damage calculation; the others it passes are
    destroyed by the battle."""
    events: list[Event] = []
    for index, instance in enumerate(monsters):
        options = replacement_options(rules, state, instance, DestructionCause.BATTLE)
        if not options:  # its GY card went to the one before
            state, more = _destroyed_by_battle(rules, state, instance)
            events.extend(more)
            continue
        who = state.controller(instance)
        waiting = Resolving(0, options, chooser=who, replacing=instance,
                            waiting=monsters[index + 1:])
        window = Window(WindowKind.SELECT, Step.DURING_DAMAGE_CALCULATION, who)
        return replace(state, window=window, resolving=waiting), events
    return replace(state, resolving=None), events


def _battle_replacement_answered(rules: Rules, state: GameState, chosen: str,
                                 events: list[Event]) -> tuple[GameState, list[Event]]:
    """The controller of a monster the battle would destroy chose (R183): a GY card banished
    and the monster not destroyed, or ``nothing`` and it is destroyed; then the next one, and
    the Damage Step goes on."""
    progress = state.resolving
    state = replace(state, resolving=None)
    if chosen == NOTHING:
        state, more = _destroyed_by_battle(rules, state, progress.replacing)
    else:
        state, more = replace_destruction(rules, state, progress.replacing, chosen,
                                          DestructionCause.BATTLE)
    events.extend(more)
    state, more = _ask_replacement(rules, state, progress.waiting)
    events.extend(more)
    if state.resolving is not None:
        return state, events
    return _next_damage_timing(rules, state, Step.DURING_DAMAGE_CALCULATION, events)


def _damage_changed(rules: Rules, state: GameState, attacker: MonsterState,
                    target: MonsterState | None, damaged: Player | None, amount: int
                    ) -> tuple[Player | None, int, bool]:
    """The battle damage as the mechanics change it (hook point ``battle_damage``), and
    whether one of them gave to a player the damage the opponent would have taken (R168)."""
    reflected = False
    for hook in rules.hooks.battle_damage:
        before = damaged
        damaged, amount = hook(rules, state, attacker, target, damaged, amount)
        if before is not None and damaged is before.opponent:
            reflected = not reflected
    return damaged, amount, reflected


def _battle_damage(rules: Rules, state: GameState, player: Player, amount: int,
                   reflected: bool = False) -> tuple[GameState, list[Event]]:
    """Battle damage, unless the player takes none this turn (R50, R55)."""
    source = ability_source(rules, state, player, PlayerAbility.NO_BATTLE_DAMAGE)
    if source is not None:  # a resolved effect, or a continuous one checked now (R110)
        return state, [event(EventKind.NO_BATTLE_DAMAGE, player, amount=amount,
                             **({"by": source} if source != "turn" else {}))]
    state = record_damage(rules, lp_after_damage(state, player, amount), player, "battle",
                          amount, from_opponent=True)
    return state, [event(EventKind.BATTLE_DAMAGE, player, amount=amount, lp=state.life(player),
                         **({"reflected": True} if reflected else {}))]


def _check_duel_end(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    return state, events + _duel_end_events(state)


def _duel_end_events(state: GameState) -> list[Event]:
    """"duel_lost" per player at 0, or "duel_drawn" when both are (R102)."""
    losers = [player for player in (Player.A, Player.B) if state.life(player) <= 0]
    if len(losers) == 2:
        return [event(EventKind.DUEL_DRAWN)]
    return [event(EventKind.DUEL_LOST, player) for player in losers]


def _leave_destroyed(rules: Rules, state: GameState) -> tuple[GameState, list[Event]]:
    """At the end of the Damage Step destruction-confirmed monsters leave the field (R52)."""
    events: list[Event] = []
    for monster in [m for m in state.monsters if m.battle_destroyed]:
        state, more = leave_field(rules, state, monster.id, "destroyed_by_battle")
        events.extend(more)
    return state, events


def _end_damage_step(rules: Rules, state: GameState) -> tuple[GameState, list[Event]]:
    """The Damage Step is over and so is the attack (R56)."""
    events: list[Event] = []
    state = replace(state, flipped=frozenset(), happened=frozenset())
    for monster in state.monsters:
        stats = monster.stats.end_duration("end_of_damage_step")
        if stats is not monster.stats:  # most monsters have no such change to end
            state = state.with_monster(replace(monster, stats=stats))
    events.append(event(EventKind.BATTLE_OVER, state.turn_player, state.attack.attacker))
    return _attack_over(rules, state, "battle_over"), events


# -- replay --------------------------------------------------------------------------------

def replay_options(rules: Rules, state: GameState) -> list[Action]:
    """A new target among the defender's monsters it may attack (or a direct attack), or stop
    (R42)."""
    tp = state.turn_player
    attacker = state.attack.attacker
    actions = [Action(ActionKind.REPLAY_ATTACK, tp, attacker, None, target)
               for target in attack_targets(rules, replace(state, attack=None), attacker,
                                            replay=True)]
    actions.append(Action(ActionKind.STOP_ATTACK, tp, attacker))
    return actions


def choose_on_replay(rules: Rules, state: GameState, action: Action
                     ) -> tuple[GameState, list[Event]]:
    """The re-selection is not an attack declaration (R42); stopping uses the attack (R43)."""
    if action.kind is ActionKind.STOP_ATTACK:
        events = [event(EventKind.ATTACK_STOPPED, action.player, action.card)]
        return _attack_over(rules, state, "attack_stopped"), events
    state = replace(state, attack=Attack(state.attack.attacker, action.target))
    events = [event(EventKind.ATTACK_RETARGETED, action.player, action.card, target=action.target)]
    return open_window(state, Step.BATTLE_STEP), events
