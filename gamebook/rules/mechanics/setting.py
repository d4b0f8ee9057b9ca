"""Setting a Spell/Trap Card from the hand by an effect (R165): Dust Tornado's "then you can
Set 1 Spell/Trap from your hand".

A ``set_spell_trap`` step Sets the card its ``select`` chooses in its player's hand
(``zone: hand``, ``controller: you``, ``filters: [spell_trap]``) face-down in a free Spell &
Trap Zone of that player, as the step applies: no chain link, no window of its own. The card
is Set this turn: a Trap, or a Quick-Play Spell, cannot be activated this turn (R8, R9), as
after a Set in the Main Phase (R141). With no free zone, or no Spell/Trap Card in the hand,
nothing is Set; nor while its player cannot Set (``cannot_set``, R177: no card is offered).
The card resolving the effect still holds its own zone while it resolves.

The step is usually written ``optional: true`` ("you can", R164): the resolving player then
chooses the card to Set, or to Set nothing (:mod:`gamebook.rules.resolution`).
"""

from __future__ import annotations

from gamebook.cards.model import Controller, OpName, Primitive, SpellTrapType, TargetFilter, Zone
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.player_locks import set_locked
from gamebook.rules.mechanics.verb import Applied, Mechanic, Verb, Where
from gamebook.rules.state import ChainLink, GameState, Player, SpellTrapState

SPELL_TRAP_ZONES = 5  # a player's Spell & Trap Zones, besides the Field Zone


def free_spell_trap_zones(rules: Rules, state: GameState, player: Player) -> int:
    """How many of ``player``'s Spell & Trap Zones are empty now: a Field Spell is in the
    Field Zone, not in one of them (R8)."""
    cards = rules.cards
    return SPELL_TRAP_ZONES - sum(
        1 for card in state.spell_traps if card.controller is player
        and cards[card.card].spell_trap_type is not SpellTrapType.FIELD)


def _set_spell_trap(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                    who: tuple[str, ...], of: str | None, cost: bool,
                    chosen: str | None) -> Applied:
    """Set the chosen Spell/Trap Card face-down from the hand (R165): Set this turn."""
    events: list[Event] = []
    applied = False
    for instance in who[:1]:
        held = state.in_hand(instance)
        state = state.without_hand(held.id).with_spell_trap(
            SpellTrapState(held.id, held.card, held.owner, False, True))
        events.append(event(EventKind.SPELL_TRAP_SET, held.owner, held.id, by=link.card))
        applied = True
    return state, events, applied


def _offered(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
             found: tuple[str, ...]) -> tuple[str, ...]:
    """No card is offered to Set without a free Spell & Trap Zone, nor to a player who cannot
    Set (R165, R177): the step then Sets nothing, and says why (:func:`_not_offered_why`)."""
    return () if _not_offered_why(rules, state, link, step) else found


def _not_offered_why(rules: Rules, state: GameState, link: ChainLink, step: Primitive
                     ) -> str | None:
    if set_locked(rules, state, link.player):  # "cannot Set" (R177)
        return "cannot_set"
    if free_spell_trap_zones(rules, state, link.player) < 1:
        return "no_free_zone"
    return None


def _grammar(step: Primitive) -> str | None:
    """The step chooses among its own player's Spell/Trap Cards in the hand."""
    select = step.select
    if select is None or select.zone is not Zone.HAND or select.controller is not \
            Controller.YOU or TargetFilter.SPELL_TRAP not in select.filters:
        return ("set_spell_trap: Sets a Spell/Trap Card from its player's own hand "
                "(R:set_by_an_effect): "
                "write select: {controller: you, zone: hand, filters: [spell_trap]}")
    return None


MECHANIC = Mechanic("setting", verbs=(
    Verb(OpName.SET_SPELL_TRAP, _set_spell_trap, parameters=("select",),
         applies_if=Where.HAND, activatable_if=None, grammar=_grammar, offered=_offered,
         not_offered_why=_not_offered_why),
), hooks=Hooks())
