"""Once per turn (R26), once per turn by card name (R135), and once per Duel (R156).

A plain "Once per turn" limits one card: its use is remembered for the card (the instance) and
forgotten when the card leaves the field, since it comes back as a new card
(R:a_new_card). "You can only use this effect of "X" once per turn" and "You can only activate
1 "X" per turn" (``once_per_turn_by_name``) limit the card name: every copy of the card, in any
zone, shares one use, and leaving the field forgets nothing. "You can only use this effect of
"X" once per Duel" (``once_per_duel``) limits the name for the whole Duel: the turn explored is
the only one gamebook plays, so the uses of earlier turns are the situation's
(``used_this_duel``) and start in the same memory, under a key of their own. All are a turn
memory (``used_once_per_turn``), keyed by the instance or by the name, never a field of a
card's state; an activation counts even when it is negated.
"""

from __future__ import annotations

from gamebook.cards.model import Effect
from gamebook.rules.context import Rules
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState, replace

# The key of a use limited by name: a situation's instance ids cannot hold a colon, so a name
# key never meets an instance's key.
BY_NAME = "name:"
PER_DUEL = "duel:"


def limited(effect: Effect) -> bool:
    """Is ``effect`` limited to once per turn (per card or per name) or once per Duel?"""
    return effect.once_per_turn or effect.once_per_turn_by_name or effect.once_per_duel


def use_key(card_id: str, instance: str, effect: Effect) -> tuple[str, str]:
    """The turn memory's key of a use of ``effect`` by ``instance`` (a card ``card_id``): the
    name for a limit by name, the instance otherwise; the modes of one effect share its key
    (R:modal_effects). Once per Duel is the strictest limit: its key alone is kept."""
    effect_id = effect.mode_of or effect.id
    if effect.once_per_duel:
        return (PER_DUEL + card_id, effect_id)
    if effect.once_per_turn_by_name:
        return (BY_NAME + card_id, effect_id)
    return (instance, effect_id)


def used_this_turn(rules: Rules, state: GameState, instance: str, effect: Effect) -> bool:
    """Has the limit of ``effect`` been reached, this turn for this card or this name, or
    this Duel for this name?"""
    if effect.once_per_duel or effect.once_per_turn_by_name:  # kept by the card's name
        return use_key(rules.card_of(state, instance).id, instance,
                       effect) in state.used_once_per_turn
    # by the instance (use_key's last case): asked for every effect at every priority, so
    # the card is not looked up
    return effect.once_per_turn and (instance, effect.mode_of or effect.id) \
        in state.used_once_per_turn


def record_use(rules: Rules, state: GameState, instance: str, effect: Effect) -> GameState:
    """The turn remembers an activation of ``effect`` by ``instance`` (at activation: a negated
    one counts too); a use once per Duel is remembered the same way, for the rest of the turn
    explored being the rest of the Duel that gamebook plays."""
    if not limited(effect):
        return state
    key = use_key(rules.card_of(state, instance).id, instance, effect)
    return replace(state, used_once_per_turn=state.used_once_per_turn | {key})


MECHANIC = Mechanic("once_per_turn")
