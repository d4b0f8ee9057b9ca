"""A destruction replaced (R183): "if this card would be destroyed by battle or card effect,
you can banish 1 Thunder monster from your GY instead" (Thunder Dragon Colossus).

A face-up monster whose continuous effect says ``replaces_destruction`` (its effects not
negated, R109) that would be destroyed by one of the causes its ``by`` names gives its
controller a choice at that very moment, which is no chain link and starts none: banish 1
card of their GY that its ``banish`` matches, or let it be destroyed. The choice is a
``SELECT`` window of that controller (each interchangeable GY card once, and ``nothing``),
whoever's effect or attack destroys it:

- by a card effect, as the destroying step of a chain link is about to apply
  (:mod:`gamebook.rules.resolution`): the step waits for the answers of every monster it
  would destroy that may be replaced, then destroys the others together;
- by battle, at damage calculation (:mod:`gamebook.rules.battle`): the calculation is
  done, battle damage dealt, and before the Damage Step goes on, each monster it would
  destroy that may be replaced waits for its controller's answer.

Replaced, the GY card is banished (face-up: the price of the replacement, not a destruction
of it), the monster stays on the field and is not destroyed: no "destroyed" event happens,
so nothing that answers one is activated, and a battle records no destruction. Declined, it
is destroyed as before. With no matching card in the GY (or a GY that is locked, R112) no
choice is offered. The effect has no limit per turn: it applies each time it is asked.
"""

from __future__ import annotations

from gamebook.cards.model import DestructionCause, Effect
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.graveyard_lock import graveyard_lock
from gamebook.rules.mechanics.moving import card_moved
from gamebook.rules.mechanics.negated import effects_negated
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.selection import distinguishable, matching_cards
from gamebook.rules.state import GameState, GraveCard
from gamebook.situation.model import NOTHING

# The reason a card banished for a replacement keeps (GraveCard.reason).
REPLACED = "destruction_replaced"


def _replacing(effect: Effect) -> bool:
    return effect.replaces_destruction is not None


def _replacement(rules: Rules, state: GameState, instance: str, cause: DestructionCause
                 ) -> Effect | None:
    """The monster's effect that may replace its destruction by ``cause`` now, or ``None``."""
    monster = state.monster(instance)
    if monster is None or not monster.face_up or monster.card not in rules.cards_with(
            "replaces_destruction", _replacing):
        return None
    for effect in rules.card_of(state, instance).played_effects:
        found = effect.replaces_destruction
        if found is not None and cause in found.by:
            return None if effects_negated(rules, state, instance) is not None else effect
    return None


def _options(rules: Rules, state: GameState, instance: str, cause: DestructionCause
             ) -> tuple[str, ...]:
    """Hook point ``destruction_replacement``: the GY cards the controller of ``instance``
    may banish so that it is not destroyed by ``cause``, and ``nothing``; or ``()``."""
    effect = _replacement(rules, state, instance, cause)
    if effect is None or graveyard_lock(rules, state) is not None:
        return ()
    controller = state.controller(instance)
    found = matching_cards(rules, state, controller, instance,
                           effect.replaces_destruction.banish)
    found = distinguishable(rules, state, found)
    return found + (NOTHING,) if found else ()


def replacement_effect(rules: Rules, state: GameState, instance: str,
                       cause: DestructionCause) -> str:
    """The id of the effect of ``instance`` that replaces its destruction by ``cause`` (for
    the choice): a card may have one for battle and another for card effects."""
    return next(effect.id for effect in rules.card_of(state, instance).played_effects
                if effect.replaces_destruction is not None
                and cause in effect.replaces_destruction.by)


def replace_destruction(rules: Rules, state: GameState, instance: str, banished: str,
                        cause: DestructionCause) -> tuple[GameState, list[Event]]:
    """The controller of ``instance`` banishes ``banished`` from their GY: ``instance`` is not
    destroyed (R183)."""
    gone = state.in_graveyard(banished)
    state = state.without_off_field(banished).with_banished(
        GraveCard(banished, gone.card, gone.owner, REPLACED))
    state = card_moved(rules, state, banished, from_field=False, to="banished",
                       reason=REPLACED)
    controller = state.controller(instance)
    return state, [event(EventKind.DESTRUCTION_REPLACED, controller, instance,
                         replacement_effect(rules, state, instance, cause), banished,
                         by=cause.value)]


MECHANIC = Mechanic("destruction_replacement",
                    hooks=Hooks(destruction_replacement=(_options,)),
                    present=_replacing)


def replacement_options(rules: Rules, state: GameState, instance: str,
                        cause: DestructionCause) -> tuple[str, ...]:
    """What the controller of ``instance``, about to be destroyed by ``cause``, may choose
    (hook point ``destruction_replacement``), or ``()``."""
    for hook in rules.hooks.destruction_replacement:
        found = hook(rules, state, instance, cause)
        if found:
            return found
    return ()
