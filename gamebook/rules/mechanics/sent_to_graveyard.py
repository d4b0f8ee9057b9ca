"""A card sent to the GY as an event (R133): "if this card is sent to the GY", "when this card
is sent from the field to the GY".

Whatever sends a card to the GY (battle, an effect, a cost, a Tribute, a Spell/Trap going
after it resolved, an Equip Card left without its monster) asks the hook point
``sent_to_graveyard``; this mechanic remembers the event for the card, with whether it came
from the field, as the other events that name a card are remembered (R19). The card's
Trigger Effect is then activated from the GY once the chain that sent it has resolved
(R:events_during_a_chain), or at the end of the Damage Step for a monster destroyed by battle
and what went with it (R:end_of_damage_step). An optional "When …: you can" one misses the
timing when its event was not the last thing to happen (R:missing_the_timing); a card sent as a
cost, or one sent by a step that another step followed, has missed it. A Spell/Trap going to
the GY after it resolved is not a thing that happens in that sense (the ruling on missing the
timing): the step before it stays the last one.

Only a card whose own effects answer these events has them remembered, so a situation without
such a card keeps the states it always had.
"""

from __future__ import annotations

from gamebook.cards.model import SENT_EVENTS, Effect, EventName
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState, replace


def answers_sent(effect: Effect) -> bool:
    """Does ``effect`` answer its card being sent to the GY?"""
    return effect.answers in SENT_EVENTS or any(name in SENT_EVENTS
                                                 for name in effect.also_answers)


def _remember(rules: Rules, state: GameState, instance: str, from_field: bool) -> GameState:
    """The card ``instance`` was sent to the GY: remember it when the card answers it."""
    if rules.card_of(state, instance).id not in rules.cards_with("answers_sent", answers_sent):
        return state
    happened = {(EventName.SENT_TO_GRAVEYARD, instance)}
    if from_field:
        happened.add((EventName.SENT_FROM_FIELD_TO_GRAVEYARD, instance))
    return replace(state, happened=state.happened | happened)


MECHANIC = Mechanic("sent_to_graveyard", hooks=Hooks(sent_to_graveyard=(_remember,)),
                    present=answers_sent)
