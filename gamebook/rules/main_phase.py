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
:func:`summon_under_way`); :func:`gamebook.rules.battle.summon_succeeds` ends it.

Not offered yet (say so rather than guess): Flip Summons and changes of battle position, and
Setting Spells/Traps.
"""

from __future__ import annotations

from itertools import combinations

from gamebook.cards.model import Card, CardType, EventName, MonsterFrame, Position
from gamebook.rules.actions import Action, ActionKind, Event, event
from gamebook.rules.battle import open_window, summon_succeeds
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.moving import leave_field
from gamebook.rules.mechanics.summon import free_zone
from gamebook.rules.selection import card_signature, distinguishable, named_cards
from gamebook.rules.state import GameState, MonsterState, Step, WindowKind, replace
from gamebook.rules.timing import own_open_main_phase
from gamebook.stats import StatBlock

#: The highest Level a monster may have to be Normal Summoned or Set without a Tribute, and
#: with one Tribute; above that it needs two (R130).
NO_TRIBUTE_LEVEL = 4
ONE_TRIBUTE_LEVEL = 6
TRIBUTES_JOINED = "+"  # the Tributes of a Tribute Summon in an action's ``cost``
# A Tribute's own leaving events: the Summon's event names its Tributes and tells them.
_TOLD_BY_SUMMON = (EventKind.LEFT_FIELD, EventKind.SENT_TO_GY)
_EXTRA_DECK = (MonsterFrame.LINK, MonsterFrame.FUSION, MonsterFrame.SYNCHRO, MonsterFrame.XYZ,
               MonsterFrame.TOKEN)


def normal_summon_actions(rules: Rules, state: GameState) -> list[Action]:
    """The turn player's Normal Summons and Sets in their open game state of Main Phase 1
    (R130): one of each group of interchangeable monsters in the hand, while the turn's
    Normal Summon is unused and a Monster Zone is free."""
    tp = state.turn_player
    if state.window.priority is not tp or not own_open_main_phase(state, tp) \
            or state.normal_summon_used:
        return []
    held = distinguishable(rules, state, tuple(card.id for card in state.hand
                                               if card.owner is tp))
    actions = []
    for instance in held:
        needed = tributes_needed(rules.cards[state.in_hand(instance).card])
        if needed is None or (needed == 0 and not free_zone(state, tp)):
            continue
        for tributes in tribute_choices(rules, state, needed):
            actions += [Action(kind, tp, instance, cost=tributes)
                        for kind in (ActionKind.NORMAL_SUMMON, ActionKind.SET_MONSTER)]
    return actions


def tributes_needed(card: Card) -> int | None:
    """How many Tributes a Normal Summon or Set of ``card`` needs (R130): none up to Level 4,
    one for Level 5 or 6, two from Level 7; ``None`` for a card that cannot be Normal
    Summoned (not a monster, an Extra Deck monster, a Token)."""
    if card.card_type is not CardType.MONSTER or card.frame in _EXTRA_DECK \
            or card.level is None:
        return None
    return 0 if card.level <= NO_TRIBUTE_LEVEL else 1 if card.level <= ONE_TRIBUTE_LEVEL else 2


def tribute_choices(rules: Rules, state: GameState, needed: int) -> list[str | None]:
    """The sets of ``needed`` monsters the turn player controls that could be Tributed, as
    an action's ``cost`` (ids joined by ``+``; ``None`` for no Tribute): one set of each group
    whose monsters are interchangeable (:func:`~gamebook.rules.selection.card_signature`)."""
    if needed == 0:
        return [None]
    own = tuple(m.id for m in state.monsters if m.controller is state.turn_player)
    named = named_cards(state)
    seen: set[tuple] = set()
    found = []
    for group in combinations(own, needed):
        kind = tuple(sorted(repr(card_signature(state, i, named) or i) for i in group))
        if kind not in seen:
            seen.add(kind)
            found.append(TRIBUTES_JOINED.join(group))
    return found


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
    state = replace(state, normal_summon_used=True)
    told = {"tributes": tributes} if tributes else {}
    if not summon:
        return open_window(state, Step.MAIN_PHASE_1), [
            event(EventKind.MONSTER_SET, tp, held.id, **told), *tributed]
    events = [event(EventKind.NORMAL_SUMMONED, tp, held.id, **told), *tributed]
    return summon_under_way(rules, state, held.id), events


def summon_under_way(rules: Rules, state: GameState, instance: str) -> GameState:
    """The monster ``instance`` would be Summoned: when a card in the game can negate a
    Summon, the window before it succeeds, the turn player first, where only such a card may
    be activated (R136); else the Summon succeeds at once (R131, R103)."""
    if not rules.cards_with("negates_summons",
                            lambda effect: effect.answers is EventName.SUMMONING):
        return summon_succeeds(rules, state, instance)
    state = open_window(state, Step.MAIN_PHASE_1, WindowKind.EVENT)
    return replace(state, window=replace(state.window, event=EventName.SUMMONING,
                                         summoned=(instance,), first_chain=True))
