"""Chain links whose order cannot matter (R137): the proof obligation of the order reduction.

Two chain links *commute* when resolving them in either order leads to the same game, and
nothing before they resolve can tell the two orders apart. Two chains that differ only in
the order of commuting links are then one game: the explorer explores one of them and sends
the other order's choice to its page (``explore(..., reduce_orders=True)``).

The proof is conservative; where it does not hold, every order is still explored:

- the situation as a whole: no card of it reads the chain (a step on the link it was chained
  to, "negate the activation", a Counter Trap, "when your opponent activates …", an effect
  that cannot be responded to), and none reads the damage a player took (R101);
- each link: not negated, its effect only gains LP or inflicts a fixed amount of damage
  (no target, no selection, no "of" another card's ATK, no condition checked again at
  resolution), and its card either stays where it is or goes to the GY after resolving
  (a Normal or Quick-Play card);
- each pair: different cards, the same spell speed, the same SEGOC stage, and (in the
  flowchart preset, where the top link's player decides who holds priority next) the same
  player;
- LP changes commute only while no player can reach 0 in between (R102): every LP loss any
  card of the situation could still cause, costs included, added up, leaves each player
  above 0. A card whose LP loss is not a fixed amount makes the bound fail.

The canonical order is the smallest arrangement reachable by swapping adjacent commuting
links (the lexicographic normal form of a trace), so every order of the same links that
the proof allows has one key.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamebook.cards.model import (
    RESPONSE_CONDITIONS,
    Effect,
    EffectKind,
    OpName,
    Ref,
    SpellTrapType,
)
from gamebook.rules.context import Rules
from gamebook.rules.mechanics.life import reads_damage
from gamebook.rules.state import ChainLink, GameState, replace

RULE = "order_does_not_matter"  # the rulebook entry that proves it (R137)

_LP_OPS = (OpName.GAIN_LP, OpName.INFLICT_DAMAGE)
_CHAIN_OPS = (OpName.NEGATE_ACTIVATION, OpName.NEGATE_EFFECT)
_LEAVE_AFTER = (SpellTrapType.NORMAL, SpellTrapType.QUICK_PLAY)


@dataclass(frozen=True)
class Reordered:
    """A choice whose chain is shown on its page in another order (R137): the cards of the
    chain as the choice built it (link 1 first), and as the page shows them."""

    rule: str
    reached: tuple[str, ...]
    shown: tuple[str, ...]


def _reads_chain(effect: Effect) -> bool:
    """Does the effect read the chain's order: the link it was chained to, the activation
    directly below, or the top link's "cannot be responded to"?"""
    steps = (*effect.cost, *effect.resolution)
    return (effect.opponent_cannot_respond
            or any(c in RESPONSE_CONDITIONS for c in effect.conditions)
            or any(step.who is Ref.CHAINED_TO or step.of is Ref.CHAINED_TO
                   or step.op in _CHAIN_OPS for step in steps))


def _max_loss(effect: Effect) -> int | None:
    """The most LP one activation of ``effect`` can take from a player (costs included), or
    ``None`` when it is not a fixed amount."""
    total = 0
    for step in (*effect.cost, *effect.resolution):
        if step.op is OpName.PAY_LP or step.op is OpName.INFLICT_DAMAGE:
            if step.amount is None:
                return None
            total += step.amount
    return total


class Commutation:
    """The order reduction's proof for one situation (its :class:`Rules`)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        effects = [effect for _, card_id in rules.instances
                   for effect in rules.cards[card_id].effects]
        cards = [rules.cards[card_id] for _, card_id in rules.instances]
        self.possible = not (
            any(card.spell_trap_type is SpellTrapType.COUNTER for card in cards)
            or any(_reads_chain(effect) or reads_damage(effect) for effect in effects))
        losses = [_max_loss(effect) for effect in effects]
        # every card's every effect at most once on one chain, counted against both players
        self.max_loss = None if None in losses else sum(losses)
        self._simple: dict[tuple[str, str], bool] = {}

    # -- links -------------------------------------------------------------------------------
    def _lp_only(self, state: GameState, link: ChainLink) -> bool:
        """Does the link only change LP by fixed amounts, its card staying or going to the GY
        after resolving?"""
        key = (link.card, link.effect)
        found = self._simple.get(key)
        if found is None:
            card = self.rules.card_of(state, link.card)
            effect = self.rules.effect_of(state, link.card, link.effect)
            found = bool(effect.resolution) and effect.target is None \
                and not effect.recheck_conditions and card.stays_for_opponent_turns is None \
                and all(step.op in _LP_OPS and step.amount is not None and step.of is None
                        and step.select is None for step in effect.resolution) \
                and (effect.kind is not EffectKind.ACTIVATE
                     or card.spell_trap_type in _LEAVE_AFTER)
            self._simple[key] = found
        return found and link.negated is None

    def commute(self, state: GameState, one: ChainLink, other: ChainLink) -> bool:
        """Can ``one`` and ``other``, adjacent on the chain, swap places (R137)?"""
        rules = self.rules
        return (one.card != other.card and one.stage == other.stage
                and (one.player is other.player or rules.config.decline_counts_as_pass)
                and rules.speed(state, one.card, one.effect)
                == rules.speed(state, other.card, other.effect)
                and self._lp_only(state, one) and self._lp_only(state, other))

    def _lp_safe(self, state: GameState) -> bool:
        """No player can reach 0 LP before the chain has resolved (R102)."""
        return self.max_loss is not None and min(state.lp) - self.max_loss > 0

    # -- the key -----------------------------------------------------------------------------
    def canonical(self, state: GameState) -> GameState | None:
        """The state with its chain in the canonical order (links without the card they were
        chained to, which no card reads), or ``None`` when no two links can swap."""
        chain = state.chain
        if len(chain) < 2 or not self.possible or state.resolving is not None \
                or not self._lp_safe(state):
            return None  # (a link waiting for a choice is resolving: it stays on top)
        remaining = list(chain)
        ordered: list[ChainLink] = []
        swapped = False
        while remaining:
            # the smallest link that commutes with every link below it still waiting
            best = 0
            for index in range(1, len(remaining)):
                link = remaining[index]
                if _order(link) < _order(remaining[best]) and all(
                        self.commute(state, below, link) for below in remaining[:index]):
                    best = index
            swapped |= best != 0
            ordered.append(remaining.pop(best))
        if not swapped and not any(self._lp_only(state, link) for link in chain):
            return None
        return replace(state, chain=tuple(_unchained(link) for link in ordered))

    def reordered(self, reached: GameState, shown: GameState) -> Reordered:
        """What a choice's edge records when its chain is shown in another order."""
        return Reordered(RULE, tuple(link.card for link in reached.chain),
                         tuple(link.card for link in shown.chain))


def _order(link: ChainLink) -> tuple[str, str]:
    return link.card, link.effect


def _unchained(link: ChainLink) -> ChainLink:
    """The link without the card it was chained to (no card of the situation reads it)."""
    if not any(ref is Ref.CHAINED_TO for ref, _ in link.refs):
        return link
    return replace(link, refs=tuple(r for r in link.refs if r[0] is not Ref.CHAINED_TO))
