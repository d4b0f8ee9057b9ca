"""Adding a card to the hand (R180) and the lock on the added card's name (R182).

``add_to_hand`` takes each card its ``select`` chose as the link resolved (a ``zone`` of
``deck`` or ``graveyard``: "add 1 monster with 1500 or less ATK from your Deck to your hand")
to its owner's hand; the resolving player chooses which (R18), as for a Special Summon from the
Deck. Only the Deck cards a situation lists can be chosen; the rest of the Deck is unknown
(docs/engine.md), so a search is never refused at activation for want of a listed card
(``activatable_if=None``): Sangan's mandatory search is activated with no monster to add
(its ruling), and resolves adding nothing. A card added is a card that moved (hook point
``card_moved``, R171: ``to`` the hand, not from the field), and the move event
``added_to_hand`` is remembered for a card that answers it
(:mod:`gamebook.rules.mechanics.move_events`).

With ``locks_name``, the resolving player cannot activate cards, or the effects of cards, with
the added card's name for the rest of the turn (Sangan, R182): a turn memory
(``field_effects``, keyed by the player), read by the hook point ``activation_forbidden``.
Whether an activation includes adding a card from the Deck to the hand (Ash Blossom & Joyous
Spring, R181) is :func:`adds_from_deck`.
"""

from __future__ import annotations

from gamebook.cards.model import Effect, OpName, Primitive, Zone
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.moving import card_moved
from gamebook.rules.mechanics.player_locks import deck_locked
from gamebook.rules.mechanics.verb import Applied, Mechanic, Verb, Where, off_field, skipped
from gamebook.rules.state import ChainLink, GameState, HandCard, Player, replace

# The turn memory's word for a player's lock on a name: ("name_locked:A", card id)
_LOCKED = "name_locked:"
_ZONES = (Zone.DECK, Zone.GRAVEYARD)


def adds_from_deck(effect: Effect) -> bool:
    """Does ``effect`` include adding a card from the Deck to the hand (R181)?"""
    return any(step.op is OpName.ADD_TO_HAND and step.select is not None
               and step.select.zone is Zone.DECK for step in effect.resolution)


def summons_from_deck(effect: Effect) -> bool:
    """Does ``effect`` include a Special Summon from the Deck (R181)?"""
    return any(step.op is OpName.SPECIAL_SUMMON and step.select is not None
               and step.select.zone is Zone.DECK for step in effect.resolution)


def locks_names(effect: Effect) -> bool:
    """An effect that locks the name of the card it adds (R182): its hook matters."""
    return any(step.op is OpName.ADD_TO_HAND and step.locks_name for step in effect.resolution)


def _add_to_hand(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                 who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                 ) -> Applied:
    """Each chosen card goes from the Deck or the GY to its owner's hand (R180)."""
    events: list[Event] = []
    applied = False
    for instance in who:
        card = off_field(state, instance)
        if card is None or state.in_hand(instance) is not None:
            continue
        from_zone = "deck" if state.in_deck(instance) is not None else "graveyard"
        if from_zone == "deck" and deck_locked(rules, state, card.owner):
            events.append(skipped(link, step, instance, "cannot_add_from_deck"))  # R184
            continue
        applied = True
        state = state.without_off_field(instance).with_hand(
            HandCard(instance, card.card, card.owner))
        state = card_moved(rules, state, instance, from_field=False, to="hand",
                           reason=f"added_from_{from_zone}")
        events.append(event(EventKind.ADDED_TO_HAND, card.owner, instance))
        if step.locks_name:
            lock = (_LOCKED + link.player.value, card.card)
            state = replace(state, field_effects=state.field_effects | {lock})
            events.append(event(EventKind.NAME_LOCKED, link.player, instance))
    return state, events, applied


def name_locked(state: GameState, player: Player, card_id: str) -> bool:
    """Can ``player`` no longer activate cards named as ``card_id`` this turn (R182)?"""
    return (_LOCKED + player.value, card_id) in state.field_effects


def _forbidden(rules: Rules, state: GameState, player: Player, instance: str, effect: Effect
               ) -> tuple[str, str, tuple] | None:
    if name_locked(state, player, rules.card_of(state, instance).id):
        return ("name_locked", "name_locked", ())
    return None


def _grammar(step: Primitive) -> str | None:
    if step.select is None or step.select.zone not in _ZONES:
        return ("add_to_hand: give 'select' with 'zone: deck' or 'zone: graveyard' (a card "
                "on the field is returned to the hand, not added: return_to_hand)")
    if step.who is not None:
        return "add_to_hand: give 'select', not 'who'"
    return None


def _offered(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
             found: tuple[str, ...]) -> tuple[str, ...]:
    """No Deck card is offered to a player whose hand it cannot reach (R184): the search
    resolves and adds nothing from the Deck."""
    return tuple(i for i in found if state.in_deck(i) is None
                 or not deck_locked(rules, state, state.in_deck(i).owner))


MECHANIC = Mechanic("adding_to_hand", verbs=(
    Verb(OpName.ADD_TO_HAND, _add_to_hand, parameters=("select", "locks_name"),
         applies_if=Where.OFF_FIELD, activatable_if=None, moves_card=True, grammar=_grammar,
         offered=_offered, not_offered_why=lambda *_: "cannot_add_from_deck"),
), hooks=Hooks(activation_forbidden=(_forbidden,)), present=locks_names)
