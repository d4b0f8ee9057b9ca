"""Equip Cards (R105, R106): an Equip Spell's activation equips it to a face-up monster; it
goes to the GY, at once and without a chain link, when that monster leaves the field or is
turned face-down (hook point ``monster_gone``). What it does to the monster's ATK/DEF is its
continuous effect (:mod:`gamebook.rules.continuous`).
"""

from __future__ import annotations

from gamebook.cards.model import OpName, Primitive, SpellTrapType
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.moving import leave_field
from gamebook.rules.mechanics.verb import Applied, Mechanic, Verb, Where, own_card_gone
from gamebook.rules.state import ChainLink, GameState, Lasting

# The lasting effect of an Equip Card on itself: ``data`` is the monster it is equipped to.
EQUIPPED = "equipped"


def _equip(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
           who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """Equip this card to a face-up monster on the field (R105); it needs this card face-up
    on the field."""
    card = state.spell_trap(link.card)
    if (gone := own_card_gone(state, link, step)) is not None:
        return state, [gone], False
    events: list[Event] = []
    for instance in who[:1]:
        state = state.with_lasting(Lasting(EQUIPPED, link.card, data=instance))
        events.append(event(EventKind.EQUIPPED, card.controller, link.card, to=instance))
    return state, events, bool(events)


def equipped_to(state: GameState, card: str) -> str | None:
    """The monster the Equip Card ``card`` is equipped to, or ``None``."""
    record = state.lasting_on(card, EQUIPPED)
    return record.data if record is not None else None


def _unequipped(rules: Rules, state: GameState, instance: str, *, destroyed: bool,
                face_down: bool) -> tuple[GameState, list[Event]]:
    """Every Equip Card still equipped to ``instance`` goes to the GY (R105)."""
    events: list[Event] = []
    before = state
    for card in before.spell_traps:
        if equipped_to(before, card.id) == instance and state.spell_trap(card.id) is not None:
            state, more = leave_field(rules, state, card.id, "unequipped")
            events.extend(more)
    return state, events


MECHANIC = Mechanic("equip", verbs=(
    Verb(OpName.EQUIP, _equip, activatable_if=Where.ANYWHERE, bond=True,
         card_kinds=(SpellTrapType.EQUIP,), card_kinds_rule="equip_cards"),
), hooks=Hooks(monster_gone=(_unequipped,)))
