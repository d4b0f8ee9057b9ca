"""Life Points: effect damage (R55), gaining LP, paying LP as a cost (R16), and the damage
a player last took, remembered when a card reads it (R101).
"""

from __future__ import annotations

from fractions import Fraction

from gamebook.cards.model import Effect, EventName, OpName, Portion, Primitive
from gamebook.rules.actions import Event, event
from gamebook.rules.conditions import DAMAGE_CONDITIONS
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.verb import (
    Acts,
    Applied,
    Mechanic,
    Verb,
    amount_grammar,
    amount_of,
    player_of,
)
from gamebook.rules.state import ChainLink, GameState, Player
from gamebook.stats import round_half_up


def _inflict_damage(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                    who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                    ) -> Applied:
    """Effect damage (not battle damage, R55)."""
    players = (link.player, link.player.opponent) if step.both_players \
        else (player_of(link, step),)
    events: list[Event] = []
    for player in players:  # at the same time: the Duel is decided after the step (R102)
        amount = max(0, amount_of(state, step, of, rules, player, link))
        state = lp_after_damage(state, player, amount)
        if amount > 0:
            state = record_damage(rules, state, player, "effect", amount,
                                  from_opponent=player is not link.player)
        events.append(event(EventKind.EFFECT_DAMAGE, player, amount=amount, lp=state.life(player)))
    return state, events, True


def _gain_lp(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
             who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    player = player_of(link, step)
    amount = max(0, amount_of(state, step, of, rules, player, link))
    state = state.with_lp(player, state.life(player) + amount)
    return state, [event(EventKind.LP_GAINED, player, amount=amount, lp=state.life(player))], True


def _pay_lp(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
            who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """A cost in LP (R16): the activation is legal only with at least that much (timing).
    "Pay half your LP" (Solemn Judgment) pays half of what the player has, rounded up as
    every half is (R76)."""
    player = link.player
    amount = lp_cost(state, player, step, rules, link.card)
    state = state.with_lp(player, state.life(player) - amount)
    paid = event(EventKind.LP_PAID, player, amount=amount, lp=state.life(player))
    return state, [paid], True


def reads_damage(effect: Effect) -> bool:
    """Does the effect answer, or read, the damage a player took (R101)?"""
    return (effect.answers is EventName.DAMAGE_TAKEN
            or any(c in effect.conditions for c in DAMAGE_CONDITIONS)
            or any(step.portion is Portion.DAMAGE or step.stats_from_damage
                   for step in effect.resolution))


def record_damage(rules: Rules, state: GameState, player: Player, kind: str, amount: int, *,
                  from_opponent: bool) -> GameState:
    """Remember the damage as an event (R101), when a card of the situation reads it: without
    one, two histories that differ only in it are one game."""
    if not rules.cards_with("reads_damage", reads_damage):
        return state
    return state.took_damage(player, kind, amount, from_opponent=from_opponent)


def lp_after_damage(state: GameState, player: Player, amount: int) -> GameState:
    return state.with_lp(player, max(0, state.life(player) - amount))



def lp_cost(state: GameState, player: Player, step: Primitive, rules: Rules | None = None,
            source: str = "") -> int:
    """What a ``pay_lp`` step costs ``player`` now: its ``amount`` (an expression worked
    out now, R154), or half their LP."""
    if isinstance(step.amount, str):
        from gamebook.rules.expressions import amount_now

        return max(0, amount_now(rules, state, player, source, step.amount))
    if step.amount is not None:
        return step.amount
    return round_half_up(Fraction(state.life(player), 2))


def _pay_grammar(step: Primitive) -> str | None:
    if step.amount is not None and step.portion is not Portion.ALL:
        return "pay_lp: give 'amount' or 'portion: half', not both"
    if step.amount is None and step.portion is Portion.HALF:
        return None
    if step.amount is None or isinstance(step.amount, int) and step.amount < 1:
        return "pay_lp: an 'amount' of 1 or more (or 'portion: half') is required"
    return None


MECHANIC = Mechanic("life", verbs=(
    Verb(OpName.INFLICT_DAMAGE, _inflict_damage, acts=Acts.PLAYER,
         parameters=("player", "amount", "of", "portion", "both_players"),
         activatable_if=None, grammar=amount_grammar),
    Verb(OpName.GAIN_LP, _gain_lp, acts=Acts.PLAYER,
         parameters=("player", "amount", "of", "portion"), activatable_if=None,
         grammar=amount_grammar),
    Verb(OpName.PAY_LP, _pay_lp, acts=Acts.NOTHING, parameters=("amount", "portion"),
         activatable_if=None, grammar=_pay_grammar, cost=True),
))
