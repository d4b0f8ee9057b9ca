"""The events of a card moving (R171, R172, R180): "if this card is banished", "if this card is
returned to the hand", "if this card leaves the field", "if this card is Tributed", "if this
card is discarded", "if this card is destroyed by a card effect", "if this card is added to
the hand" (from the Deck or the GY: :mod:`gamebook.rules.mechanics.adding_to_hand`).

Whatever moves a card (:mod:`gamebook.rules.mechanics.moving`: destroy, banish, return to the
hand, send, discard, Tribute, place on or shuffle into the Deck; a Tribute Summon; battle)
asks the hook point ``card_moved`` with where the card came from, where it went and why; this
mechanic remembers each event the move is for the card, as the GY's events are remembered
(R133, :mod:`gamebook.rules.mechanics.sent_to_graveyard`) and every event that names a card
(R19). The card's Trigger Effect is then activated from where it went (its ``location``: the
banishment, the hand, the GY) once the chain that moved it has resolved
(R:events_during_a_chain), or at the end of the Damage Step for a monster destroyed by battle
and what went with it (R:end_of_damage_step). An optional "When …: you can" one misses the
timing when its move was not the last thing to happen (R:missing_the_timing): moved as a cost,
or by a step that another step followed.

A card placed on or shuffled into the Deck has left the field, but nothing is activated from
the Deck: its ``left_field`` is remembered and never answered. A Token that leaves the field
vanishes (R64) and is not asked.

Only a card whose own effects answer these events has them remembered, so a situation without
such a card keeps the states it always had.
"""

from __future__ import annotations

from gamebook.cards.model import MOVE_EVENTS, SENT_EVENTS, Effect, EventName
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.moving import BANISHED_FACE_DOWN
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState, replace

# The move events this mechanic remembers (those of the GY are sent_to_graveyard's)
_OWN = tuple(name for name in MOVE_EVENTS if name not in SENT_EVENTS)
# Why a card moved, as the movers say it (GraveCard.reason), for the events of how it went
_BY_REASON = {"tributed": EventName.TRIBUTED, "discarded": EventName.DISCARDED,
              "destroyed": EventName.DESTROYED_BY_EFFECT}



def moves_that_happened(state: GameState, names: tuple[EventName, ...] = MOVE_EVENTS
                        ) -> tuple[EventName, ...]:
    """Which of the move events ``names`` happened and wait for their window, in the
    vocabulary's order (R133, R171, R172): remembered only for a card that answers them, so
    most battles have none."""
    if not state.happened:
        return ()
    return tuple(name for name in names
                 if any(happened is name for happened, _ in state.happened))


def forget_moved(state: GameState) -> GameState:
    """The cards sent to the GY, banished, returned, Tributed, … have had their window
    (R133, R171, R172): their move events are forgotten."""
    if not any(name in MOVE_EVENTS for name, _ in state.happened):
        return state
    return replace(state, happened=frozenset(item for item in state.happened
                                             if item[0] not in MOVE_EVENTS))

def answers_move(effect: Effect) -> bool:
    """Does ``effect`` answer its card being banished, returned or added to the hand, leaving
    the field, Tributed, discarded or destroyed by a card effect?"""
    return effect.answers in _OWN or any(name in _OWN for name in effect.also_answers)


def move_events(from_field: bool, to: str, reason: str) -> frozenset[EventName]:
    """The events of a card that moved from the field (``from_field``) or not, to ``to``
    (``graveyard``, ``banished``, ``hand``, ``deck``, ``extra_deck``), for ``reason``."""
    found = set()
    if to == "banished":
        found.add(EventName.BANISHED)
    if from_field:
        found.add(EventName.LEFT_FIELD)
        if to == "hand":
            found.add(EventName.RETURNED_TO_HAND)
    elif to == "hand":  # from the Deck or the GY, by an effect (R180)
        found.add(EventName.ADDED_TO_HAND)
    if reason in _BY_REASON:
        found.add(_BY_REASON[reason])
    return frozenset(found)


def _remember(rules: Rules, state: GameState, instance: str, from_field: bool, to: str,
              reason: str) -> GameState:
    """The card ``instance`` moved: remember its events when the card answers them."""
    if rules.card_of(state, instance).id not in rules.cards_with("answers_move", answers_move):
        return state
    if reason == BANISHED_FACE_DOWN:
        return state  # a card banished face-down activates nothing there (R174)
    happened = {(name, instance) for name in move_events(from_field, to, reason)}
    return replace(state, happened=state.happened | happened) if happened else state


MECHANIC = Mechanic("move_events", hooks=Hooks(card_moved=(_remember,)), present=answers_move)
