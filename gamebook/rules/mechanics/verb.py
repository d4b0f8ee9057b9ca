"""What one operation of the effect vocabulary is: the :class:`Verb` a mechanic registers.

A verb holds everything an operation (``destroy``, ``special_summon``, ``gain_atk``, …) means,
in one value: the parameters a card file may give it, whether it acts on cards or on a
player, where its card must be for a step to apply when the link resolves (R18) and for the
effect to be activatable at all (R99), what the operation does (its handler), and the facts
other rules ask about it (does it move a card, take a monster off the field as a cost,
change ATK/DEF). Each mechanic module of :mod:`gamebook.rules.mechanics` registers its verbs;
no table about operations exists anywhere else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from gamebook.cards.model import (
    Effect,
    OpName,
    PlayerAbility,
    PlayerRef,
    Portion,
    Primitive,
    SpellTrapType,
)
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.state import (
    MONSTER_EFFECTS_NEGATED,
    ChainLink,
    GameState,
    GraveCard,
    HandCard,
    Player,
)
from gamebook.stats import round_half_up

Applied = tuple[GameState, list[Event], bool]
# handler(rules, state, link, step, who, of, cost, chosen) -> (state, events, applied)
Handler = Callable[[Rules, GameState, ChainLink, Primitive, tuple[str, ...], "str | None", bool,
                    "str | None"], Applied]
# grammar(step) -> what the step of a card file lacks, in words, or None
Grammar = Callable[[Primitive], "str | None"]

CARDS = ("who", "select")  # the parameters that name the cards a step acts on
# The ``ChainLink.negated`` values of a link whose activation may still be negated.
ACTIVATION_STANDS = (None, MONSTER_EFFECTS_NEGATED)


class Acts(Enum):
    """What a step of the verb acts on, as a card file must say it."""

    CARDS = "cards"  # `who` or `select` is required
    PLAYER = "player"  # `player` is required (or `both_players`)
    NOTHING = "nothing"  # neither is required


class Where(Enum):
    """Where a card must be: for a step to apply as its link resolves (R18), and for an effect
    to be activatable at all (R99)."""

    ANYWHERE = "anywhere"  # the card is known (captured or selected), wherever it is
    FIELD = "field"  # a monster or a Spell/Trap on the field, face-up or not
    FIELD_OR_HAND = "field_or_hand"  # on the field or in the hand
    # on the field, or in the hand as the card of the chain link the step answers (a card
    # activated from the hand, destroyed by Solemn Warning)
    FIELD_OR_LINK_IN_HAND = "field_or_link_in_hand"
    HAND = "hand"
    OFF_FIELD = "off_field"  # in the hand, the GY or the Deck
    FIELD_OR_GRAVEYARD = "field_or_graveyard"  # on the field or in the GY
    FACE_UP_MONSTER = "face_up_monster"
    FACE_DOWN_MONSTER = "face_down_monster"
    CHAIN = "chain"  # the card of a chain link below, not negated yet
    # the card of a chain link below whose activation is not negated yet: its effect may be,
    # by a negation of its monster's effects as it was activated (R109, R158)
    CHAIN_ACTIVATION = "chain_activation"


@dataclass(frozen=True)
class Verb:
    """One operation: its grammar, its places (R18, R99), its handler and its facts."""

    op: OpName
    handler: Handler
    acts: Acts = Acts.CARDS
    parameters: tuple[str, ...] = CARDS  # besides `op` and `if_previous_applied`
    applies_if: Where = Where.FACE_UP_MONSTER  # as the link resolves (R18)
    # at activation (R99); None: the step always does something, whatever the board
    activatable_if: Where | None = Where.FACE_UP_MONSTER
    # at activation, in place of ``activatable_if``: could(state, player, step) -> bool
    could_apply: Callable[[GameState, Player, Primitive], bool] | None = None
    grammar: Grammar | None = None  # what else a card file's step must say
    # the only kinds of Spell/Trap Card whose effects may use it (an Equip Card equips
    # itself, R105); empty: any card
    card_kinds: tuple[SpellTrapType, ...] = ()
    card_kinds_rule: str | None = None  # the rule (its id) that says so
    moves_card: bool = False  # it moves a card (Special Summon, return, banish, …): R112
    takes_off_field: bool = False  # as a cost on `self`, the monster leaves the field (R109)
    changes_stats: bool = False  # an ATK/DEF change (R46, R51)
    # it may be a cost (paying LP, discarding, Tributing, sending or banishing a card, R16)
    cost: bool = False
    # as a cost, the activation may choose its card (R16, R113); the book then names the card
    # in the choice, so the verb needs its own words there (``choice.activate_<op>``)
    chosen_for_cost: bool = False
    # what it does is a bond between two cards (equip, tie), not a thing that happens: the step
    # before it stays the last thing that happened (R25), so a Special Summon by Call of the
    # Haunted or Premature Burial can still be answered (R97)
    bond: bool = False
    # the cards a step's ``select`` may still offer as the link resolves, of those it matches:
    # offered(rules, state, link, step, found) -> found (a player who cannot receive them)
    offered: Callable[[Rules, GameState, ChainLink, Primitive, tuple[str, ...]],
                      tuple[str, ...]] | None = None
    # why the step does nothing when its select matches cards and ``offered`` keeps none:
    # not_offered_why(rules, state, link, step) -> the ``not_applied`` event's why
    not_offered_why: Callable[[Rules, GameState, ChainLink, Primitive], str | None] | None = None


@dataclass(frozen=True)
class Mechanic:
    """A mechanic's registration: its verbs and its lasting effects' hooks.

    ``present`` says which effects bring the mechanic's hooks into a situation (a card that
    grants ``piercing``, one that locks Traps): in a situation without such an effect the
    engine does not ask its hooks at all, so a mechanic costs nothing where no card uses it.
    ``None``: its hooks are asked in every situation."""

    name: str
    verbs: tuple[Verb, ...] = ()
    hooks: Hooks = field(default_factory=Hooks)
    present: Callable[[Effect], bool] | None = None


def holds(state: GameState, where: Where, instance: str | None,
          chain: tuple[ChainLink, ...] = (), *, of_link: bool = False) -> bool:
    """Is card ``instance`` where ``where`` says? ``chain`` holds the links a ``CHAIN`` card
    may be on (the resolving link excluded); ``of_link``: the card is named as the card of the
    chain link the step answers (``chained_to``)."""
    if where is Where.ANYWHERE:
        return True
    if instance is None:
        return False
    if where is Where.CHAIN:
        return any(link.card == instance and link.negated is None for link in chain)
    if where is Where.CHAIN_ACTIVATION:
        return any(link.card == instance and link.negated in ACTIVATION_STANDS
                   for link in chain)
    on_field = state.monster(instance) is not None or state.spell_trap(instance) is not None
    if where is Where.FIELD:
        return on_field
    if where is Where.FIELD_OR_HAND:
        return on_field or state.in_hand(instance) is not None
    if where is Where.FIELD_OR_LINK_IN_HAND:
        return on_field or (of_link and state.in_hand(instance) is not None)
    if where is Where.HAND:
        return state.in_hand(instance) is not None
    if where is Where.FIELD_OR_GRAVEYARD:
        return on_field or state.in_graveyard(instance) is not None
    if where is Where.OFF_FIELD:
        return off_field(state, instance) is not None
    monster = state.monster(instance)
    return monster is not None and monster.face_up is (where is Where.FACE_UP_MONSTER)


def skipped(link: ChainLink, step: Primitive, instance: str | None, why: str) -> Event:
    """A step (or one card of it) that does not apply, and why (R18)."""
    return event(EventKind.NOT_APPLIED, link.player, link.card, link.effect, instance,
                 op=step.op.value, why=why)


def player_of(link: ChainLink, step: Primitive) -> Player:
    """The player a step names (``player: you`` is the link's player)."""
    return link.player if step.player is PlayerRef.YOU else link.player.opponent


def off_field(state: GameState, instance: str) -> HandCard | GraveCard | None:
    """``instance`` in the hand, the GY or the Deck, or ``None``."""
    return state.in_hand(instance) or state.in_graveyard(instance) or state.in_deck(instance)


def amount_grammar(step: Primitive) -> str | None:
    """"gain X ATK/LP", "inflict X damage": an amount, or the ATK of another card (or the
    damage last taken), never both: the amount would win and ``of`` still be needed."""
    if step.amount is None and step.of is None and step.portion is not Portion.DAMAGE:
        return f"{step.op.value}: give 'amount' or 'of'"
    if step.amount is not None and step.of is not None:
        return f"{step.op.value}: give 'amount' or 'of', not both"
    return None


def amount_of(state: GameState, step: Primitive, of: str | None, rules: Rules | None = None,
           player: Player | None = None, link: ChainLink | None = None) -> int:
    """``amount`` (an expression worked out now from the game, ``you`` being the link's
    player: R154), or the current ATK of ``of`` (all of it, or half rounded up: R76), its
    original ATK, or the damage ``player`` last took (R101)."""
    if isinstance(step.amount, str) and link is not None:
        from gamebook.rules.expressions import amount_now

        refs = {ref.value: instance for ref, instance in link.refs}
        if link.target is not None:
            refs.setdefault("target", link.target)
        return amount_now(rules, state, link.player, link.card, step.amount, refs)
    if step.amount is not None:
        return step.amount
    if step.portion is Portion.DAMAGE:
        last = state.last_damage(player) if player is not None else None
        return last[1] if last else 0
    if step.portion is Portion.ORIGINAL:  # the card's own: wherever it went, a Token too
        return rules.card_of(state, of).atk or 0
    atk = state.monster(of).stats.atk
    return atk if step.portion is Portion.ALL else round_half_up(Fraction(atk, 2))


def own_card_gone(state: GameState, link: ChainLink, step: Primitive) -> Event | None:
    """A step that needs the resolving card itself face-up on the field (equip it, tie it)
    when that card is no longer there: why it does not apply (R107), else ``None``."""
    card = state.spell_trap(link.card)
    if card is None or not card.face_up:
        return skipped(link, step, link.card, "card_left_field")
    return None


# Every operation's verb, filled once by :mod:`gamebook.rules.mechanics` as it registers the
# mechanics (importing any mechanic module imports that package first, so the table is full
# before a rule asks it).
_VERBS: dict[OpName, Verb] = {}


def verb_of(op: OpName) -> Verb:
    """The verb that says what ``op`` means."""
    return _VERBS[op]


def register(mechanics: tuple[Mechanic, ...]) -> None:
    """Register the mechanics' verbs: each operation exactly once, and none left without a
    mechanic. (Their hooks are joined per situation, by ``hooks_for``.)"""
    for mechanic in mechanics:
        for verb in mechanic.verbs:
            if verb.op in _VERBS and _VERBS[verb.op] is not verb:
                raise RuntimeError(f"operation {verb.op.value!r} is registered twice")
            _VERBS[verb.op] = verb
    missing = [op.value for op in OpName if op not in _VERBS]
    if missing:
        raise RuntimeError(f"operations without a mechanic: {', '.join(missing)}")


def grants_player_ability(ability: PlayerAbility) -> Callable[[Effect], bool]:
    """``present`` for a mechanic of a player's ability: an effect that gives it, for the turn
    (a ``grant_player`` step) or while its card is face-up (``grants_player``,
    ``grants_opponent``)."""
    def gives(effect: Effect) -> bool:
        return ability in effect.grants_player or ability in effect.grants_opponent or any(
            step.ability is ability for step in (*effect.cost, *effect.resolution))
    return gives


def hooks_for(mechanics: tuple[Mechanic, ...], effects: tuple[Effect, ...]) -> Hooks:
    """The hooks of the mechanics present among ``effects`` (a situation's), in order."""
    hooks = Hooks()
    for mechanic in mechanics:
        if mechanic.present is None or any(mechanic.present(effect) for effect in effects):
            hooks += mechanic.hooks
    return hooks
