"""Ties between a card and its monster (R108): Call of the Haunted and Premature Burial.

A ``tie`` step ties the card to the monster its effect Special Summoned; the card's ``tie``
says what happens to one when the other goes (destroyed at once, without a chain link, by a
Spell/Trap effect: R104, R19).
"""

from __future__ import annotations

from gamebook.cards.model import (
    Effect,
    EffectKind,
    EventName,
    OpName,
    Primitive,
    StaticAbility,
    Tie,
    TieTrigger,
)
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.equip import EQUIPPED, equipped_to
from gamebook.rules.mechanics.immunity import unaffected_why
from gamebook.rules.mechanics.moving import leave_field
from gamebook.rules.mechanics.verb import Applied, Mechanic, Verb, Where, own_card_gone
from gamebook.rules.state import ChainLink, GameState, Lasting, SpellTrapState, replace

# The lasting effect of a card on itself: ``data`` is the monster it is tied to (R108).
TIED = "tied"


def _tie(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
         who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """Tie this card to the monster its effect Special Summoned (R108); it needs this card
    face-up on the field."""
    if (gone := own_card_gone(state, link, step)) is not None:
        return state, [gone], False
    events: list[Event] = []
    for instance in who[:1]:
        monster = state.monster(instance)
        state = state.with_lasting(Lasting(TIED, link.card, data=instance))
        events.append(event(EventKind.TIED, monster.controller, instance, to=link.card))
    return state, events, bool(events)


def _monster_gone(rules: Rules, state: GameState, instance: str, *, destroyed: bool,
                  face_down: bool) -> tuple[GameState, list[Event]]:
    """The monster a card is equipped or tied to left the field or was turned face-down: a
    card whose tie says so is destroyed when the monster was destroyed; a card only tied to it
    is tied to nothing (R108). (An Equip Card that stays goes to the GY: R105, its own hook.)
    """
    events: list[Event] = []
    before = state
    for card in before.spell_traps:
        equipped, tied = equipped_to(before, card.id), tied_to(before, card.id)
        if equipped != instance and tied != instance:
            continue
        if state.spell_trap(card.id) is None:
            continue  # gone meanwhile (a tie of its own)
        tie = tie_of(rules, card.card)
        if destroyed and tie is not None and tie.destroy_card_when_monster_destroyed:
            state, more = _destroy_by_tie(rules, state, card.id, card.id)
        elif equipped != instance:
            state = state.without_lasting(card.id, TIED)
            more = [event(EventKind.TIE_ENDED, card.controller, card.id, monster=instance,
                          why="face_down" if face_down else "left_field")]
        else:
            continue
        events.extend(more)
    return state, events


def tied_to(state: GameState, card: str) -> str | None:
    """The monster ``card`` is tied to, or ``None``."""
    record = state.lasting_on(card, TIED)
    return record.data if record is not None else None


def _card_gone(rules: Rules, state: GameState, card: SpellTrapState, had: tuple[Lasting, ...],
               *, destroyed: bool) -> tuple[GameState, list[Event]]:
    """A card equipped or tied to a monster left the field (``had``: the lasting effects it
    had there): its tie may destroy the monster (R108)."""
    tie = tie_of(rules, card.card)
    monster = next((record.data for kind in (EQUIPPED, TIED) for record in had
                    if record.kind == kind), None)
    if tie is None or tie.destroy_monster_when is None or state.monster(monster) is None:
        return state, []
    if tie.destroy_monster_when is TieTrigger.DESTROYED and not destroyed:
        return state, []
    return _destroy_by_tie(rules, state, monster, card.id)


def _destroy_by_tie(rules: Rules, state: GameState, instance: str, source: str
                    ) -> tuple[GameState, list[Event]]:
    """Destroy ``instance`` by the tie of card ``source``, at once and without a chain link
    (R108): still a Spell/Trap effect (R104), and a destruction (R19)."""
    monster = state.monster(instance)
    controller = state.controller(instance)
    if monster is not None and rules.cards[monster.card].has_ability(
            StaticAbility.CANNOT_BE_DESTROYED_BY_EFFECTS):
        return state, [event(EventKind.NOT_DESTROYED, controller, instance,
                             why="cannot_be_destroyed_by_effects")]
    if monster is not None and (why := unaffected_why(rules, state, source, instance)):
        return state, [event(EventKind.NOT_DESTROYED, controller, instance, why=why)]
    effect = tie_effect(rules, rules.card_of(state, source).id)  # the tie is of this effect
    assert effect is not None, source
    events = [event(EventKind.DESTROYED, controller, instance, by=f"{source}.{effect.id}")]
    state = replace(state, happened=state.happened | {(EventName.DESTROYED, instance)})
    state, more = leave_field(rules, state, instance, "destroyed")
    return state, events + more


def tie_of(rules: Rules, card_id: str) -> Tie | None:
    """The ``tie`` of a card's continuous effects, or ``None``."""
    effect = tie_effect(rules, card_id)
    return effect.tie if effect is not None else None


def tie_effect(rules: Rules, card_id: str) -> Effect | None:
    """The continuous effect of a card that holds its ``tie`` (whatever its id), or ``None``."""
    for effect in rules.cards[card_id].effects:
        if effect.kind is EffectKind.CONTINUOUS and effect.tie is not None:
            return effect
    return None



# the ties act before an Equip Card goes (R105): a tie that destroys its card does so first
MECHANIC = Mechanic("ties", verbs=(
    Verb(OpName.TIE, _tie, activatable_if=Where.ANYWHERE, bond=True),
), hooks=Hooks(monster_gone=(_monster_gone,), card_gone=(_card_gone,)))
