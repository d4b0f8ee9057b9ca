"""Continuous effects that change ATK/DEF: applied while their condition holds (R7).

A face-up card with a continuous effect that ``modifies`` ATK/DEF (a Field Spell such as
Necrovalley) applies a DELTA-cont raise to every face-up monster its selection matches, and
stops the moment the card or the monster no longer qualifies. :func:`refresh` brings every
monster's stat record in line with that after each action; it is idempotent.
"""

from __future__ import annotations

from gamebook.cards.model import EffectKind
from gamebook.rules.context import Rules
from gamebook.rules.negated import effects_negated
from gamebook.rules.operations import unaffected
from gamebook.rules.selection import matching_cards
from gamebook.rules.state import GameState, replace
from gamebook.stats import Operation, Stat, StatClass


def refresh(rules: Rules, state: GameState) -> GameState:
    """Start and stop the continuous ATK/DEF modifiers of face-up cards (R7, R71)."""
    # Every modifier of the situation, on the field or not: one whose card has left the
    # field must still be taken off the monsters it raised (R7).
    sources = _modifier_sources(rules)
    if not sources:
        return state  # most situations: nothing to do after any action
    wanted: dict[str, dict[str, tuple[int, int]]] = {}  # monster -> source -> (atk, def)
    for card in (*state.monsters, *state.spell_traps):
        definition = rules.cards[card.card]
        for effect in definition.effects:
            if effect.kind is not EffectKind.CONTINUOUS or effect.modifies is None:
                continue
            source = f"{card.id}:{effect.id}"
            if not card.face_up or effects_negated(rules, state, card.id) is not None:
                continue  # a negated monster's own modifier stops (R84, R110)
            spec = effect.modifies
            found = matching_cards(rules, state, card.controller, card.id, spec.select)
            immune = unaffected(rules, state, card.id, found)  # R104
            for monster in found:
                if state.monster(monster).face_up and monster not in immune:
                    wanted.setdefault(monster, {})[source] = (spec.atk, spec.defense)
    for monster in state.monsters:
        have = {app.source for app in monster.stats.applications if app.source in sources}
        want = wanted.get(monster.id, {})
        if have == set(want):
            continue
        stats = monster.stats
        for source in sorted(have - set(want)):
            stats = stats.remove_source(source)
        for source in sorted(set(want) - have):
            atk, defense = want[source]
            if atk:
                stats = stats.apply(StatClass.DELTA_CONT, (Stat.ATK,), Operation.add(atk),
                                    source=source)
            if defense:
                stats = stats.apply(StatClass.DELTA_CONT, (Stat.DEF,), Operation.add(defense),
                                    source=source)
        state = state.with_monster(replace(monster, stats=stats))
    return state


def _modifier_sources(rules: Rules) -> frozenset[str]:
    """``instance:effect`` of every continuous ATK/DEF modifier of the situation (computed
    once per :class:`Rules`)."""
    found = rules.__dict__.get("_modifier_sources")
    if found is None:
        found = frozenset(f"{instance}:{effect.id}" for instance, card_id in rules.instances
                          for effect in rules.cards[card_id].effects
                          if effect.kind is EffectKind.CONTINUOUS and effect.modifies is not None)
        object.__setattr__(rules, "_modifier_sources", found)
    return found
