"""Continuous effects that change ATK/DEF: applied while their condition holds (R7).

A face-up card with a continuous effect that ``modifies`` ATK/DEF (a Field Spell such as
Necrovalley, an Equip Spell such as Axe of Despair) applies a DELTA-cont raise to every
face-up monster its selection matches, and stops the moment the card or the monster no
longer qualifies. "Its ATK becomes double/half its original ATK" as the LP compare
(Megamorph) is a CSET that reads the monster's original ATK, with the comparison as an input
of the record: a change of the LP switches the branch without restarting the application,
equal LP turn it off (R82, R106). A modifier that counts cards (Tragoedia: 600 for each card
in its controller's hand, R114) applies an amount that reads a named input of the stat record
(``hand_a``, ``hand_b``), set to the count now. :func:`refresh` brings every monster's stat
record in line with that after each action; it is idempotent.
"""

from __future__ import annotations

import re

from gamebook.cards.model import (
    ByLifePoints,
    EffectKind,
    Multiple,
    SpellTrapType,
    StatCount,
    StatModifier,
)
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.immunity import unaffected
from gamebook.rules.mechanics.negated import effects_negated
from gamebook.rules.selection import matching_cards
from gamebook.rules.state import GameState, Player, replace
from gamebook.stats import Operation, Stat, StatBlock, StatClass


def refresh(rules: Rules, state: GameState) -> GameState:
    """Start and stop the continuous ATK/DEF modifiers of face-up cards (R7, R71)."""
    return refresh_events(rules, state)[0]


def refresh_events(rules: Rules, state: GameState) -> tuple[GameState, list[Event]]:
    """:func:`refresh`, and a ``continuous_atk`` event for each monster whose ATK it
    changed (an Equip Card gone, a monster now unaffected, the LP turned round)."""
    events: list[Event] = []
    for hook in rules.hooks.refresh:  # the lasting effects that follow the board
        state, more = hook(rules, state)
        events.extend(more)
    # Every modifier of the situation, on the field or not: one whose card has left the
    # field must still be taken off the monsters it raised (R7).
    sources = _modifier_sources(rules)
    if not sources:
        return state, events  # most situations: nothing more to do after any action
    # monster -> source -> the modifier, its controller and its amounts
    wanted: dict[str, dict[str, tuple[StatModifier, Player, tuple[int | str, int | str]]]] = {}
    counts: dict[str, dict[str, int]] = {}  # monster -> the inputs its amounts read (R114)
    for card in (*state.monsters, *state.spell_traps):
        definition = rules.cards[card.card]
        for effect in definition.effects:
            if effect.kind is not EffectKind.CONTINUOUS or effect.modifies is None:
                continue
            source = f"{card.id}:{effect.id}"
            if not card.face_up or effects_negated(rules, state, card.id) is not None:
                continue  # a negated monster's own modifier stops (R84, R109)
            spec = effect.modifies
            found = matching_cards(rules, state, card.controller, card.id, spec.select)
            immune = unaffected(rules, state, card.id, found)  # R104
            amounts: tuple[int | str, int | str] = (spec.atk, spec.defense)
            read: dict[str, int] = {}
            if spec.per is StatCount.CARD_IN_HAND:  # "for each card in your hand" (R114)
                name = f"hand_{card.controller.value.lower()}"
                read[name] = sum(1 for held in state.hand if held.owner is card.controller)
                amounts = tuple(f"{amount} * {name}" if amount else 0
                                for amount in amounts)  # type: ignore[assignment]
            for monster in found:
                if state.monster(monster).face_up and monster not in immune:
                    wanted.setdefault(monster, {})[source] = (spec, card.controller, amounts)
                    counts.setdefault(monster, {}).update(read)
    for monster in state.monsters:
        if monster.battle_destroyed:  # still on the field until the end of the Damage Step
            continue  # (R52): what applies to it stays, and nothing new is told
        have = {app.source for app in monster.stats.applications if app.source in sources}
        want = wanted.get(monster.id, {})
        read = counts.get(monster.id, {})
        by_lp = [source for source, (spec, _, _) in want.items()
                 if spec.atk_becomes_original is not None]
        if have == set(want) and not by_lp and all((name, value) in monster.stats.inputs
                                                   for name, value in read.items()):
            continue
        stats = monster.stats
        for name, value in sorted(read.items()):  # the count now: the amount follows it
            stats = stats.with_input(name, value)
        for source in sorted(have - set(want)):
            stats = stats.remove_source(source).without_input(_lp_input(source))
        for source in sorted(set(want) - have):
            spec, _, (atk, defense) = want[source]
            if atk:
                stats = stats.apply(StatClass.DELTA_CONT, (Stat.ATK,), Operation.add(atk),
                                    source=source)
            if defense:
                stats = stats.apply(StatClass.DELTA_CONT, (Stat.DEF,), Operation.add(defense),
                                    source=source)
            if spec.atk_becomes_original is not None:
                stats = _start_by_lp(stats, source, spec.atk_becomes_original)
        for source in sorted(by_lp):
            spec, controller, _ = want[source]
            stats = _follow_lp(state, stats, source, spec.atk_becomes_original, controller)
        if stats != monster.stats:
            state = state.with_monster(replace(monster, stats=stats))
            # what changed besides a count, which recounted() tells (R114)
            changed = {source for source in (have ^ set(want)) | set(by_lp)
                       if source not in want or want[source][0].per is None}
            if stats.atk != monster.stats.atk and changed:
                extra = {"equipped": True} if any(
                    rules.card_of(state, source.partition(":")[0]).spell_trap_type
                    is SpellTrapType.EQUIP for source in changed) else {}
                events.append(event(EventKind.CONTINUOUS_ATK, monster.controller, monster.id,
                                    before=monster.stats.atk, after=stats.atk, **extra))
    if min(state.lp) <= 0:
        return state, []  # the Duel is over (R102): the values stay right, nothing is told
    return state, events


_FACTOR = {Multiple.DOUBLE: "original_atk * 2", Multiple.HALF: "original_atk / 2"}


def _lp_input(source: str) -> str:
    """The record's input that says whether ``source``'s controller has the lower LP."""
    return "lp_lower_" + re.sub(r"[^A-Za-z0-9_]", "_", source)


def _start_by_lp(stats: StatBlock, source: str, by_lp: ByLifePoints) -> StatBlock:
    """Add the CSET "ATK becomes a multiple of its original ATK" of ``source`` (R82)."""
    name = _lp_input(source)
    lower = _FACTOR[by_lp.your_lp_lower] if by_lp.your_lp_lower else "original_atk"
    higher = _FACTOR[by_lp.your_lp_higher] if by_lp.your_lp_higher else "original_atk"
    stats = stats.with_input(name, 0)
    return stats.apply(StatClass.CSET, (Stat.ATK,),
                       Operation.become(f"if({name}, {lower}, {higher})"), source=source)


def _follow_lp(state: GameState, stats: StatBlock, source: str, by_lp: ByLifePoints,
               controller: Player) -> StatBlock:
    """Switch the branch as the LP now compare, or turn it off (equal LP, R106)."""
    mine, theirs = state.life(controller), state.life(controller.opponent)
    lower = mine < theirs
    applies = mine != theirs and (by_lp.your_lp_lower if lower else by_lp.your_lp_higher)
    name = _lp_input(source)
    if dict(stats.inputs).get(name) != int(lower):
        stats = stats.with_input(name, int(lower))
    off = any(app.off for app in stats.applications if app.source == source)
    if applies and off:
        stats = stats.condition_on(source)
    elif not applies and not off:
        stats = stats.condition_off(source)
    return stats


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


def recounted(before: GameState, after: GameState) -> list[Event]:
    """What :func:`refresh` counted anew (R114): a monster whose ATK/DEF count cards, with the
    count and the values it has now, whenever the count is new to its record or changed."""
    found = []
    for monster in after.monsters:
        counts = [(name, value) for name, value in monster.stats.inputs
                  if name.startswith("hand_")]
        if not counts:
            continue
        old = before.monster(monster.id)
        if old is not None and all(item in old.stats.inputs for item in counts):
            continue
        found.append(event(EventKind.RECOUNTED, monster.controller, monster.id, count=counts[0][1],
                           atk=monster.stats.atk, defense=monster.stats.def_))
    return found
