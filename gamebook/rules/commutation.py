"""Chain links whose order cannot matter (R137): the proof obligation of the order reduction.

Two chain links *commute* when resolving them in either order leads to the same game, and
nothing before they resolve can tell the two orders apart. Two chains that differ only in
the order of commuting links are then one game: the explorer explores one of them and sends
the other order's choice to its page (``explore(..., reduce_orders=True)``).

The proof is conservative; where it does not hold, every order is still explored:

- the situation as a whole: no card of it reads the chain (a step on the link it was chained
  to, "negate the activation", a Counter Trap, "when your opponent activates …"), and none
  reads the damage a player took (R101);
- each link: not negated, its opponent may respond to it (a link that cannot be responded
  to never moves, so the top of the chain, which decides who may respond, stays), no
  condition checked again at resolution, its card stays where it is or goes to the GY after
  resolving (a Normal or Quick-Play card), and its effect of one kind (:data:`KINDS`):
  - ``lp``: only gains LP or inflicts a fixed amount of damage (no target, no selection, no
    "of" another card's ATK);
  - ``stats``: only raises or lowers the ATK of cards fixed at activation by fixed amounts,
    applied once: such changes add up in any order, on one monster too (the stat model's
    record forgets the order of a run of them); only while no card of the situation chooses
    a card by its ATK or LP, or changes ATK by a continuous effect;
  - ``destroy``: only destroys cards fixed at activation; only while no card of the
    situation answers a destruction or a card sent to the GY (it could miss its timing in
    one order, R25) or depends on cards on the field (an Equip Card, a tie, a lock, a
    negation of others' effects, a player's ability, an ATK/DEF change);
- each pair: different cards, the same spell speed, the same SEGOC stage, (in the
  flowchart preset, where the top link's player decides who holds priority next) the same
  player, and when one destroys, the two act on different cards and no card destroyed is on
  the chain (a Trap destroyed before it resolves still resolves, then lies in the GY as
  destroyed, not as resolved);
- LP changes commute only while no player can reach 0 in between (R102): every LP loss any
  card of the situation could still cause, costs included, added up, leaves each player
  above 0. A card whose LP loss is not a fixed amount makes the bound fail.

Not proved, so left out: banishing or returning cards (where they go could be read by
another card), negating a monster's effects (it undoes the monster's own ATK changes and
what its continuous effects grant), "becomes" and halving (ASET: the order decides the
result), and ATK read from another card.

The canonical order is the smallest arrangement reachable by swapping adjacent commuting
links (the lexicographic normal form of a trace), so every order of the same links that
the proof allows has one key.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamebook.cards.model import (
    MOVE_EVENTS,
    Effect,
    EffectKind,
    EventName,
    OpName,
    Ref,
    SpellTrapType,
    TargetFilter,
    responds_to_activations,
)
from gamebook.rules.context import Rules
from gamebook.rules.mechanics.life import reads_damage
from gamebook.rules.state import ChainLink, GameState, replace

RULE = "order_does_not_matter"  # the rulebook entry that proves it (R137)

_LP_OPS = (OpName.GAIN_LP, OpName.INFLICT_DAMAGE)
_CHAIN_OPS = (OpName.NEGATE_ACTIVATION, OpName.NEGATE_EFFECT)
_LEAVE_AFTER = (SpellTrapType.NORMAL, SpellTrapType.QUICK_PLAY)
# the cards a step may act on when they were fixed as the link was activated (R18)
_FIXED_REFS = (Ref.SELF, Ref.TARGET, Ref.ATTACKER, Ref.ATTACK_TARGET, Ref.BATTLING_OWN,
               Ref.BATTLING_OPPONENT)
# the kinds of link the proof knows (a :class:`Reordered` names the kinds of the links moved)
LP, STATS, DESTROY = "lp", "stats", "destroy"
KINDS = (LP, STATS, DESTROY)
# filters that read ATK or LP: a card choosing by them could tell the orders of ATK changes
_READS_STATS = (TargetFilter.ATK_AT_MOST_CONTROLLER_LP,)
# events that answer a card leaving the field: a "when … is destroyed" card could miss its
# timing in one order and not in the other (R25)
_ANSWERS_DESTRUCTION = (EventName.DESTROYED, EventName.DESTROYED_BY_BATTLE,
                        *MOVE_EVENTS)
# steps that make one card depend on another (an Equip Card, a card tied to its monster)
_BINDS = (OpName.EQUIP, OpName.TIE)


@dataclass(frozen=True)
class Reordered:
    """A choice whose chain is shown on its page in another order (R137): the cards of the
    chain as the choice built it (link 1 first), as the page shows them, and why the links
    that moved commute (each one's kind of effect, :data:`KINDS`, sorted, once)."""

    rule: str
    reached: tuple[str, ...]
    shown: tuple[str, ...]
    because: tuple[str, ...] = ("lp",)

    @property
    def moved(self) -> tuple[str, ...]:
        """The cards whose place on the chain differs, in the order the choice built."""
        return tuple(card for card, shown in zip(self.reached, self.shown, strict=True)
                     if card != shown)


def _reads_chain(effect: Effect) -> bool:
    """Does the effect read the chain's order: the link it was chained to, the activation
    directly below? (A top link's "cannot be responded to" is asked of each link instead: no
    link that has it moves, so the top of the chain stays the same.)"""
    steps = (*effect.cost, *effect.resolution)
    return (responds_to_activations(effect)
            or any(step.who is Ref.CHAINED_TO or step.of is Ref.CHAINED_TO
                   or step.op in _CHAIN_OPS for step in steps))


def _reads_stats(effect: Effect) -> bool:
    """Does the effect choose a card by its ATK (or LP), or change ATK/DEF by a continuous
    effect or a step that reads another card?"""
    specs = [effect.target, effect.battling, effect.summoned,
             *(step.select for step in (*effect.cost, *effect.resolution))]
    return effect.modifies is not None or any(
        spec is not None and any(f in _READS_STATS for f in spec.filters) for spec in specs)


def _binds_cards(effect: Effect) -> bool:
    """Does the effect answer a card leaving the field, or is it a continuous effect that
    depends on cards on the field (an Equip Card, a tie, a card needed on the field, a
    negation of other cards' effects, a change of ATK/DEF, a lock, an ability of a player, a
    destruction's replacement)?
    Only a card's ``grants`` on itself (Borrelsword Dragon's "cannot be destroyed by battle")
    is left: it goes with its card."""
    return (effect.event in _ANSWERS_DESTRUCTION
            or any(event in _ANSWERS_DESTRUCTION for event in effect.also_answers)
            or effect.tie is not None or bool(effect.requires_on_field)
            or effect.negates_effects_of is not None or effect.modifies is not None
            or bool(effect.grants_player or effect.grants_opponent) or effect.locks_graveyard
            or effect.halves_attackers or effect.negates_trap_effects
            or effect.forbids_trap_activation or effect.negates_spell_effects
            or effect.forbids_spell_activation
            # a destruction replaced (R183) is paid from the GY: the first to be destroyed
            # may take the card the second would need
            or effect.replaces_destruction is not None
            or any(step.op in _BINDS for step in (*effect.cost, *effect.resolution)))


def _max_loss(effect: Effect) -> int | None:
    """The most LP one activation of ``effect`` can take from a player (costs included), or
    ``None`` when it is not a fixed amount."""
    total = 0
    for step in (*effect.cost, *effect.resolution):
        if step.op is OpName.PAY_LP or step.op is OpName.INFLICT_DAMAGE:
            if not isinstance(step.amount, int):
                return None  # none, or an expression read from the board (R154)
            total += step.amount
    return total


def _kind_of(effect: Effect) -> str | None:
    """Which kind of link the proof knows ``effect`` for (:data:`KINDS`), by its steps alone:
    only LP by fixed amounts (no target); only ATK gains or losses by fixed amounts to cards
    fixed at activation; only destroying cards fixed at activation."""
    steps = effect.resolution
    if not steps or any(step.select is not None or step.of is not None for step in steps):
        return None
    if effect.target is None and all(step.op in _LP_OPS and isinstance(step.amount, int)
                                     for step in steps):
        return LP
    if all(step.op is OpName.GAIN_ATK and isinstance(step.amount, int)
           and not step.stats_from_damage and step.who in _FIXED_REFS for step in steps):
        return STATS
    if all(step.op is OpName.DESTROY and step.who in _FIXED_REFS
           and step.leaves_field is None for step in steps):
        return DESTROY
    return None


class Commutation:
    """The order reduction's proof for one situation (its :class:`Rules`)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        effects = [effect for _, card_id in rules.instances
                   for effect in rules.cards[card_id].played_effects]
        cards = [rules.cards[card_id] for _, card_id in rules.instances]
        self.possible = not (
            any(card.spell_trap_type is SpellTrapType.COUNTER for card in cards)
            or any(_reads_chain(effect) or reads_damage(effect) for effect in effects))
        # the kinds the situation allows: ATK changes while no card reads ATK to choose one
        # and no continuous effect changes it; destruction while no card answers it or
        # depends on another card
        self.kinds = {LP, *(() if any(_reads_stats(e) for e in effects) else (STATS,)),
                      *(() if any(_binds_cards(e) for e in effects) else (DESTROY,))}
        losses = [_max_loss(effect) for effect in effects]
        # every card's every effect at most once on one chain, counted against both players
        self.max_loss = None if None in losses else sum(losses)
        self._kinds: dict[tuple[str, str], str | None] = {}

    # -- links -------------------------------------------------------------------------------
    def kind(self, state: GameState, link: ChainLink) -> str | None:
        """The link's kind (:data:`KINDS`) when the proof knows it: its effect's steps are of
        that kind, it is not negated, no condition is checked again as it resolves, its
        opponent may respond to it, and its card stays or goes to the GY after resolving."""
        if link.negated is not None:
            return None
        key = (link.card, link.effect)
        if key in self._kinds:
            return self._kinds[key]
        card = self.rules.card_of(state, link.card)
        effect = self.rules.effect_of(state, link.card, link.effect)
        found = _kind_of(effect)
        if found not in self.kinds or effect.recheck_conditions \
                or effect.opponent_cannot_respond or card.stays_for_opponent_turns is not None \
                or (effect.kind is EffectKind.ACTIVATE
                    and card.spell_trap_type not in _LEAVE_AFTER):
            found = None
        self._kinds[key] = found
        return found

    def commute(self, state: GameState, one: ChainLink, other: ChainLink) -> bool:
        """Can ``one`` and ``other``, adjacent on the chain, swap places (R137)?"""
        rules = self.rules
        if not (one.card != other.card and one.stage == other.stage
                and (one.player is other.player or rules.config.decline_counts_as_pass)
                and rules.speed(state, one.card, one.effect)
                == rules.speed(state, other.card, other.effect)):
            return False
        kinds = (self.kind(state, one), self.kind(state, other))
        if None in kinds:
            return False
        if DESTROY not in kinds:
            return True  # LP add up; ATK gains and losses applied once add up (R74, R83)
        # a destruction: the two act on different cards, and no card destroyed is on the chain
        # (a Trap destroyed before it resolves still resolves, then sits in the GY as
        # destroyed, not as resolved)
        cards = [self._acted_on(state, one), self._acted_on(state, other)]
        chain = {link.card for link in state.chain}
        return not (cards[0] & cards[1]) and all(
            not (acted & chain) for acted, kind in zip(cards, kinds, strict=True)
            if kind == DESTROY)

    def _acted_on(self, state: GameState, link: ChainLink) -> frozenset[str]:
        """The cards a link's steps act on (fixed when it was activated, R18)."""
        effect = self.rules.effect_of(state, link.card, link.effect)
        return frozenset(card for step in effect.resolution if step.who is not None
                         for card in link.all_refs(step.who))  # each of joint targets


    def _lp_safe(self, state: GameState) -> bool:
        """No player can reach 0 LP before the chain has resolved (R102)."""
        return self.max_loss is not None and min(state.lp) - self.max_loss > 0

    # -- the key -----------------------------------------------------------------------------
    def canonical(self, state: GameState) -> GameState | None:
        """The state with its chain in the canonical order (links without the card they were
        chained to, which no card reads), or ``None`` when no two links can swap."""
        chain = state.chain
        if len(chain) < 2 or not self.possible or state.resolving is not None:
            return None  # (a link waiting for a choice is resolving: it stays on top)
        kinds = [self.kind(state, link) for link in chain]
        if kinds.count(None) >= len(chain) - 1 or (LP in kinds and not self._lp_safe(state)):
            return None  # LP changes commute only while no player can reach 0 (R102)
        remaining = list(chain)
        ordered: list[ChainLink] = []
        while remaining:
            # the smallest link that commutes with every link below it still waiting
            best = 0
            for index in range(1, len(remaining)):
                link = remaining[index]
                if _order(link) < _order(remaining[best]) and all(
                        self.commute(state, below, link) for below in remaining[:index]):
                    best = index
            ordered.append(remaining.pop(best))
        return replace(state, chain=tuple(_unchained(link) for link in ordered))

    def reordered(self, reached: GameState, shown: GameState) -> Reordered:
        """What a choice's edge records when its chain is shown in another order."""
        moved = [link for link, other in zip(reached.chain, shown.chain, strict=True)
                 if link.card != other.card]
        because = {self.kind(reached, link) for link in moved}
        return Reordered(RULE, tuple(link.card for link in reached.chain),
                         tuple(link.card for link in shown.chain),
                         tuple(kind for kind in KINDS if kind in because))


def _order(link: ChainLink) -> tuple[str, str]:
    return link.card, link.effect


def _unchained(link: ChainLink) -> ChainLink:
    """The link without the card it was chained to (no card of the situation reads it)."""
    if not any(ref is Ref.CHAINED_TO for ref, _ in link.refs):
        return link
    return replace(link, refs=tuple(r for r in link.refs if r[0] is not Ref.CHAINED_TO))
