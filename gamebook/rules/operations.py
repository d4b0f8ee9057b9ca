"""Primitive operations of costs and resolutions (the effect vocabulary's verbs).

Each primitive names the cards it acts on through references captured at activation
(``self``, ``target``, ``attacker``, ``attack_target``). If such a card is no longer on the
field when the link resolves, that step is not applied, and neither is a later step marked
``if_previous_applied`` (R18). Monsters leaving the defender's side during the Battle Step
mark a replay, processed after the chain (R39, R41).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from gamebook.cards.model import (
    CardType,
    Effect,
    OpName,
    PlayerRef,
    Position,
    Primitive,
    SpellTrapType,
)
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Rules
from gamebook.rules.state import (
    DAMAGE_STEP_TIMINGS,
    ChainLink,
    GameState,
    GraveCard,
    Player,
)
from gamebook.rules.stats import Operation, Stat, StatClass
from gamebook.rules.stats_expr import round_half_up


def pay_costs(rules: Rules, state: GameState, link: ChainLink, effect: Effect
              ) -> tuple[GameState, list[Event]]:
    """Costs are paid at activation, before anyone can respond (R16)."""
    events: list[Event] = []
    for step in effect.cost:
        state, step_events, _ = _apply(rules, state, link, step, cost=True)
        events.extend(step_events)
    return state, events


def resolve_link(rules: Rules, state: GameState, link: ChainLink, number: int
                 ) -> tuple[GameState, list[Event]]:
    """Resolve one chain link as far as possible (R17, R18)."""
    effect = rules.effect_of(state, link.card, link.effect)
    events = [event("resolve", link.player, link.card, link.effect, link.target, link=number)]
    applied_previous = True
    applied_any = False
    for step in effect.resolution:
        if step.if_previous_applied and not applied_previous:
            events.append(event("not_applied", link.player, link.card, link.effect,
                                op=step.op.value, why="previous_not_applied"))
            applied_previous = False
            continue
        state, step_events, applied_previous = _apply(rules, state, link, step, cost=False)
        applied_any |= applied_previous
        events.extend(step_events)
    if not applied_any:
        events.append(event("no_effect", link.player, link.card, link.effect, link=number))
    card = rules.card_of(state, link.card)
    spell_trap = state.spell_trap(link.card)
    if spell_trap is not None and card.card_type is not CardType.MONSTER and \
            card.spell_trap_type in (SpellTrapType.NORMAL, SpellTrapType.QUICK_PLAY,
                                     SpellTrapType.COUNTER):
        state = state.without_spell_trap(link.card)
        state = state.with_grave(GraveCard(link.card, card.id, spell_trap.controller, "resolved"))
        events.append(event("sent_to_gy", spell_trap.controller, link.card, why="resolved"))
    return state, events


def _apply(rules: Rules, state: GameState, link: ChainLink, step: Primitive, *, cost: bool
           ) -> tuple[GameState, list[Event], bool]:
    """Apply one primitive. Returns (state, events, applied)."""
    who = link.ref(step.who) if step.who is not None else None
    of = link.ref(step.of) if step.of is not None else None
    for ref, instance in ((step.who, who), (step.of, of)):
        if ref is None:
            continue
        monster = state.monster(instance) if instance else None
        if monster is None or not monster.face_up:
            return state, [event("not_applied", link.player, link.card, link.effect,
                                 target=instance, op=step.op.value, why="left_field")], False
    source = f"{link.card}:{link.effect}"
    op = step.op
    if op is OpName.TRIBUTE:
        return (*remove_monster(rules, state, who, "tributed", cost=cost), True)
    if op is OpName.CHANGE_POSITION:
        monster = state.monster(who)
        card = rules.cards[monster.card]
        if card.is_link and step.position is Position.DEFENSE:
            return state, [event("not_applied", link.player, link.card, link.effect, who,
                                 op=op.value, why="link_always_attack")], False
        state = state.with_monster(replace(monster, position=step.position))
        return state, [event("position_changed", monster.controller, who,
                             position=step.position.value)], True
    if op is OpName.GRANT_EXTRA_ATTACK:
        state = state.with_count("extra_attacks", who, step.amount or 1)
        return state, [event("extra_attack_granted", state.controller(who), who,
                             amount=step.amount or 1)], True
    if op is OpName.FORBID_ATTACK_DECLARATION:
        player = link.player if step.player is PlayerRef.YOU else link.player.opponent
        state = replace(state, cannot_declare_attacks=state.cannot_declare_attacks | {player})
        return state, [event("attacks_forbidden", player)], True
    if op in (OpName.GAIN_ATK, OpName.HALVE_ATK, OpName.SET_ATK):
        return _change_atk(state, who, of, step, source)
    raise AssertionError(f"unhandled primitive {op}")  # pragma: no cover - the enum is closed


def _change_atk(state: GameState, who: str, of: str | None, step: Primitive, source: str
                ) -> tuple[GameState, list[Event], bool]:
    monster = state.monster(who)
    before = monster.stats.atk
    duration = step.duration.value if step.duration.value != "permanent" else None
    if step.op is OpName.GAIN_ATK:
        amount = (step.amount if step.amount is not None
                  else round_half_up(Fraction(state.monster(of).stats.atk, 2)))  # R76
        stats = monster.stats.apply(StatClass.DELTA_ONCE, (Stat.ATK,), Operation.add(amount),
                                    source=source, duration=duration)
    elif step.op is OpName.HALVE_ATK:
        stats = monster.stats.apply(StatClass.ASET, (Stat.ATK,), Operation.half("up"),
                                    source=source, duration=duration)
    else:
        stats = monster.stats.apply(StatClass.ASET, (Stat.ATK,), Operation.become(step.amount),
                                    source=source, duration=duration)
    state = state.with_monster(replace(monster, stats=stats))
    return state, [event("atk_changed", monster.controller, who, before=before,
                         after=stats.atk, op=step.op.value)], True


def remove_monster(rules: Rules, state: GameState, instance: str, reason: str, *,
                   cost: bool = False) -> tuple[GameState, list[Event]]:
    """Send a monster from the field to the GY and note a replay if one is caused (R39)."""
    monster = state.monster(instance)
    state = state.without_monster(instance)
    state = state.with_grave(GraveCard(instance, monster.card, monster.controller, reason))
    events = [event("sent_to_gy", monster.controller, instance, why=reason, cost=cost)]
    attack = state.attack
    if attack is not None and state.window.step not in DAMAGE_STEP_TIMINGS:
        defender = state.controller(attack.attacker)
        defender = defender.opponent if defender is not None else None
        if monster.controller is defender and not attack.replay_pending:
            state = replace(state, attack=replace(attack, replay_pending=True))
            events.append(event("replay_caused", monster.controller, instance))
    return state, events


def lp_after_damage(state: GameState, player: Player, amount: int) -> GameState:
    return state.with_lp(player, max(0, state.life(player) - amount))
