"""ATK changes by effects: gain, halve, become, halve the original ATK. Every change goes
through the layered stat model (R71, R76; R46 and R51 for when they may be activated).
"""

from __future__ import annotations

from gamebook.cards.model import OpName, Primitive
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.equip import equipped_to
from gamebook.rules.mechanics.verb import (
    CARDS,
    Applied,
    Mechanic,
    Verb,
    Where,
    amount_grammar,
    amount_of,
)
from gamebook.rules.state import ChainLink, GameState, replace
from gamebook.stats import Operation, Stat, StatClass


def _change_atk(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                ) -> Applied:
    """Every ATK change goes through the layered stat model (R71)."""
    source = f"{link.card}:{link.effect}"
    duration = step.duration.value if step.duration.value != "permanent" else None
    events: list[Event] = []
    for instance in who:
        monster = state.monster(instance)
        before = monster.stats.atk
        if step.op is OpName.GAIN_ATK:
            amount = amount_of(state, step, of, rules, link.player, link)
            stats = monster.stats.apply(StatClass.DELTA_ONCE, (Stat.ATK,), Operation.add(amount),
                                        source=source, duration=duration)
        elif step.op is OpName.HALVE_ORIGINAL_ATK:
            stats = monster.stats.apply(StatClass.AORIG, (Stat.ATK,), Operation.half("up"),
                                        source=source, duration=duration)
        elif step.op is OpName.HALVE_ATK:
            stats = monster.stats.apply(StatClass.ASET, (Stat.ATK,), Operation.half("up"),
                                        source=source, duration=duration)
        else:
            stats = monster.stats.apply(StatClass.ASET, (Stat.ATK,),
                                        Operation.become(step.amount), source=source,
                                        duration=duration)
        state = state.with_monster(replace(monster, stats=stats))
        extra = {"equipped": True} if _equipped_with_modifier(rules, state, instance) else {}
        events.append(event(EventKind.ATK_CHANGED, monster.controller, instance, before=before,
                            after=stats.atk, op=step.op.value, **extra))
    return state, events, True


def _equipped_with_modifier(rules: Rules, state: GameState, instance: str) -> bool:
    """Is a card that changes ATK/DEF equipped to ``instance`` (R106)?"""
    return any(equipped_to(state, card.id) == instance and any(
        effect.modifies is not None for effect in rules.cards[card.card].effects)
        for card in state.spell_traps)



def _set_atk_grammar(step: Primitive) -> str | None:
    return "set_atk: 'amount' is required" if step.amount is None else None


_CHANGE = dict(handler=_change_atk, changes_stats=True, activatable_if=Where.FACE_UP_MONSTER)
MECHANIC = Mechanic("atk", verbs=(
    Verb(OpName.GAIN_ATK, parameters=(*CARDS, "amount", "of", "portion", "duration"),
         grammar=amount_grammar, **_CHANGE),
    Verb(OpName.HALVE_ATK, parameters=(*CARDS, "duration"), **_CHANGE),
    Verb(OpName.SET_ATK, parameters=(*CARDS, "amount", "duration"), grammar=_set_atk_grammar,
         **_CHANGE),
    Verb(OpName.HALVE_ORIGINAL_ATK, parameters=(*CARDS, "duration"), **_CHANGE),
))
