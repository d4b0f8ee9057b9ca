"""Main Phase 1: the turn player's Normal Summon or Set, and the window after a Normal Summon
(R140-R142).

In Main Phase 1 the turn player holds priority in an open game state with an empty chain
(:func:`gamebook.rules.timing.own_open_main_phase`). Besides activations, there they may
Normal Summon or Set one monster of Level 4 or lower from the hand, once per turn (R141):
:func:`normal_summon_actions` lists those choices, :func:`summon_from_hand` makes one. A
Normal Summon is an event: when a card in the game answers it ("when a monster is
Summoned", R142) an ``EVENT(normal_summoned)`` window follows, the turn player first; a Set
is no Summon and nothing answers it. The turn player's pass enters the Battle Phase; the
opponent answers it first (R140): :func:`gamebook.rules.battle.close_window` ends Main
Phase 1 on two passes.

Not offered yet (say so rather than guess): Tribute Summons (a monster of Level 5 or more),
Flip Summons and changes of battle position, Setting Spells/Traps, and the moment before a
Summon succeeds, where Solemn Warning could negate it.
"""

from __future__ import annotations

from gamebook.cards.model import CardType, EventName, Position
from gamebook.rules.actions import Action, ActionKind, Event, event
from gamebook.rules.battle import open_window
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.summon import free_zone
from gamebook.rules.selection import distinguishable
from gamebook.rules.state import GameState, MonsterState, Step, WindowKind, replace
from gamebook.rules.timing import hand_on, own_open_main_phase, triggers_for
from gamebook.stats import StatBlock

#: The highest Level a monster may have to be Normal Summoned or Set without a Tribute (R141).
NO_TRIBUTE_LEVEL = 4


def normal_summon_actions(rules: Rules, state: GameState) -> list[Action]:
    """The turn player's Normal Summons and Sets in their open game state of Main Phase 1
    (R141): one of each group of interchangeable monsters in the hand, while the turn's
    Normal Summon is unused and a Monster Zone is free."""
    tp = state.turn_player
    if state.window.priority is not tp or not own_open_main_phase(state, tp) \
            or state.normal_summon_used or not free_zone(state, tp):
        return []
    held = tuple(card.id for card in state.hand
                 if card.owner is tp and summonable_without_tribute(rules, card.card))
    return [Action(kind, tp, instance) for instance in distinguishable(rules, state, held)
            for kind in (ActionKind.NORMAL_SUMMON, ActionKind.SET_MONSTER)]


def summonable_without_tribute(rules: Rules, card_id: str) -> bool:
    """A Main Deck monster of Level 4 or lower: Normal Summoned or Set with no Tribute (R141)."""
    card = rules.cards[card_id]
    return (card.card_type is CardType.MONSTER and not card.is_link
            and card.level is not None and card.level <= NO_TRIBUTE_LEVEL)


def summon_from_hand(rules: Rules, state: GameState, action: Action
                     ) -> tuple[GameState, list[Event]]:
    """Normal Summon (face-up Attack Position) or Set (face-down Defense Position) the
    monster ``action.card`` from the hand; either uses the turn's Normal Summon (R141). A
    Normal Summon opens the window that answers it (R142)."""
    tp = state.turn_player
    held = state.in_hand(action.card)
    assert held is not None
    summon = action.kind is ActionKind.NORMAL_SUMMON
    stats = StatBlock.printed(*rules.cards[held.card].printed_stats)
    monster = MonsterState(held.id, held.card, tp,
                           Position.ATTACK if summon else Position.DEFENSE, summon, stats)
    state = state.without_hand(held.id).with_monster(monster)
    state = replace(state, normal_summon_used=True)
    if not summon:
        return open_window(state, Step.MAIN_PHASE_1), [event(EventKind.MONSTER_SET, tp, held.id)]
    state = replace(state, summoned_this_turn=state.summoned_this_turn | {tp})  # R103
    events = [event(EventKind.NORMAL_SUMMONED, tp, held.id)]
    if not _answers_normal_summons(rules):
        return open_window(state, Step.MAIN_PHASE_1), events
    state = open_window(state, Step.MAIN_PHASE_1, WindowKind.EVENT)
    state = replace(state, window=replace(state.window, event=EventName.NORMAL_SUMMONED,
                                          summoned=(held.id,), first_chain=True))
    triggers = triggers_for(rules, state, EventName.NORMAL_SUMMONED)
    state = replace(state, window=replace(state.window, triggers=triggers))
    if triggers and not rules.config.decline_counts_as_pass:
        state = hand_on(rules, state, tp.opponent)
    return state, events


def _answers_normal_summons(rules: Rules) -> bool:
    """Does any card of the situation answer a Normal Summon (R142)? A window nobody can use
    in a way the open game state would not allow is no window."""
    return bool(rules.cards_with("answers_normal_summons",
                                 lambda effect: effect.answers_event(EventName.NORMAL_SUMMONED)))
