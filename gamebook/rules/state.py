"""The game state: immutable, hashable and canonical.

Two histories that reach the same game state produce equal :class:`GameState` values (every
collection is a sorted tuple or a frozenset), so the explorer can merge them: that is how the
book shares pages. "Same position" is defined here and nowhere else: the state *is* the key.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, fields, make_dataclass
from dataclasses import replace as _dataclass_replace
from enum import StrEnum
from operator import attrgetter, itemgetter

from gamebook.cards.model import EventName, PlayerAbility, Position, Ref
from gamebook.stats import StatBlock


class Player(StrEnum):
    A = "A"
    B = "B"

    @property
    def opponent(self) -> Player:
        return Player.B if self is Player.A else Player.A


class WindowKind(StrEnum):
    """What kind of moment the game is in (R11)."""

    EVENT = "event"  # right after an event: its triggers and "when E" cards (R24)
    OPEN = "open"  # open game state inside a step
    DAMAGE = "damage"  # a Damage Step sub-timing (R46-R52)
    REPLAY = "replay"  # the turn player's replay choice (R42): a decision, not priority
    SELECT = "select"  # a resolving effect's controller chooses (ties, "choose 1", position)
    ENDED = "ended"  # the scope's end: nothing more is explored


class Step(StrEnum):
    MAIN_PHASE_1 = "main_phase_1"  # the turn player's Main Phase 1 (R129)
    START_STEP = "start_step"  # R30
    BATTLE_STEP = "battle_step"
    DAMAGE_STEP_START = "damage_step_start"  # R47
    BEFORE_DAMAGE_CALCULATION = "before_damage_calculation"  # R48
    DURING_DAMAGE_CALCULATION = "during_damage_calculation"  # R49
    AFTER_DAMAGE_CALCULATION = "after_damage_calculation"  # R51
    END_OF_DAMAGE_STEP = "end_of_damage_step"  # R52
    END_STEP = "end_step"  # R57


DAMAGE_STEP_TIMINGS = (
    Step.DAMAGE_STEP_START,
    Step.BEFORE_DAMAGE_CALCULATION,
    Step.DURING_DAMAGE_CALCULATION,
    Step.AFTER_DAMAGE_CALCULATION,
    Step.END_OF_DAMAGE_STEP,
)

def _kept_hash(self) -> int:  # noqa: ANN001 - the __hash__ of the state's nested values
    """The hash of a frozen value, computed once and kept in the instance: a state's hash
    hashes its monsters, window and chain, which most states share with the one before."""
    cached = self.__dict__.get("_hash")
    if cached is None:
        cached = hash(_FIELD_VALUES[self.__class__](self.__dict__))
        object.__setattr__(self, "_hash", cached)
    return cached


def _without_hash(self) -> dict:  # noqa: ANN001 - the __getstate__ of those values
    state = dict(self.__dict__)
    state.pop("_hash", None)  # str hashes differ between processes
    return state


# SEGOC stages (R20): S1..S6 are trigger stages, S7 every other activation.
S1, S2, S3, S4, S5, S6, S7 = range(1, 8)


class TriggerStatus(StrEnum):
    PENDING = "pending"
    ACTIVATED = "activated"
    DECLINED = "declined"


@dataclass(frozen=True, order=True)
class Trigger:
    """An effect made activatable by the window's event (R20-R23)."""

    __hash__ = _kept_hash
    __getstate__ = _without_hash

    stage: int
    player: Player
    card: str  # card instance id
    effect: str
    mandatory: bool
    status: TriggerStatus = TriggerStatus.PENDING


# ``ChainLink.negated`` of a link whose monster had its effects negated as it was activated.
MONSTER_EFFECTS_NEGATED = "monster_effects"


@dataclass(frozen=True)
class ChainLink:
    __hash__ = _kept_hash
    __getstate__ = _without_hash

    player: Player
    card: str
    effect: str
    stage: int
    target: str | None = None
    refs: tuple[tuple[Ref, str], ...] = ()  # cards captured at activation (R18)
    # "activation" or "effect" once negated: it does nothing (R17); "monster_effects" when
    # its monster's effects were negated as it was activated (R109): its activation is not
    # negated, and a card that negates activations may still answer it (R158)
    negated: str | None = None
    from_hand: bool = False  # activated from the hand

    def ref(self, ref: Ref) -> str | None:
        for key, value in self.refs:
            if key is ref:
                return value
        return None

    def all_refs(self, ref: Ref) -> tuple[str, ...]:
        return tuple([value for key, value in self.refs if key is ref])


@dataclass(frozen=True)
class Resolving:
    """Where the resolution of the top chain link stopped for a choice (WindowKind.SELECT)."""

    step: int  # index of the resolution step waiting for the choice
    options: tuple[str, ...]  # card instances, or positions for a Special Summon
    applied_previous: bool = True
    applied_any: bool = False
    # who answers the choice: the resolving player (None), or the opponent who chooses the
    # cards a step names (R174)
    chooser: Player | None = None
    # a destruction's replacement (R183): the monster whose controller (``chooser``) chooses
    # now whether to banish one of ``options`` from their GY instead (or ``nothing``); the
    # monsters of the same step already asked; the step's own choice, made before; in a
    # battle, the monsters still to ask after this one
    replacing: str | None = None
    answered: tuple[str, ...] = ()
    step_choice: str | None = None
    waiting: tuple[str, ...] = ()


@dataclass(frozen=True)
class Window:
    __hash__ = _kept_hash
    __getstate__ = _without_hash

    kind: WindowKind
    step: Step
    priority: Player
    event: EventName | None = None
    passes: int = 0  # consecutive passes (R14)
    floor: int = S1  # lowest stage still allowed (R22)
    triggers: tuple[Trigger, ...] = ()
    placing: bool = False  # the priority holder is placing more triggers of one stage (R23)
    first_chain: bool = False  # the chain being built is the first one of the event (R24)
    also: tuple[EventName, ...] = ()  # further events answered in this window (R51 timing 8)
    reason: str | None = None  # for ENDED windows: why the branch ends
    summoned: tuple[str, ...] = ()  # EVENT(special_summoned): the monsters summoned (R97)


@dataclass(frozen=True)
class Attack:
    attacker: str
    target: str | None  # None: a direct attack
    replay_pending: bool = False  # the defender's monsters changed (R39); handled after the chain
    negated: bool = False  # negated by an effect: it ends once the chain has resolved (R38)
    # The attacker was changed to Defense Position or face-down, or left the field: it is no
    # longer "the attacking monster", even if changed back in the same chain (R38).
    stopped: bool = False

    def attacking(self, instance: str) -> bool:
        """Is ``instance`` still the attacking monster of this attack (R38)?"""
        return instance == self.attacker and not self.negated and not self.stopped


@dataclass(frozen=True)
class MonsterState:
    __hash__ = _kept_hash
    __getstate__ = _without_hash

    id: str
    card: str
    controller: Player
    position: Position
    face_up: bool
    stats: StatBlock
    battle_destroyed: bool = False  # destruction confirmed in damage calculation (R51)
    # Its owner, when another player controls it (Special Summoned from the opponent's GY by
    # Monster Reborn); None: its controller owns it. A card that leaves the field goes to its
    # owner's GY, hand or Deck.
    owner: Player | None = None

    @property
    def owned_by(self) -> Player:
        return self.owner or self.controller


@dataclass(frozen=True)
class SpellTrapState:
    __hash__ = _kept_hash
    __getstate__ = _without_hash

    id: str
    card: str
    controller: Player
    face_up: bool
    set_this_turn: bool


class Until(StrEnum):
    """When a lasting effect ends, besides the end of the turn (which no explored situation
    reaches): every lasting effect ends when its subject leaves the field."""

    LEAVES_FIELD = "leaves_field"
    FACE_DOWN = "face_down"  # also when its subject is turned face-down (R84)


@dataclass(frozen=True, order=True)
class Lasting:
    """A lasting effect on one card, as its mechanic (:mod:`gamebook.rules.mechanics`) names
    it: ``kind`` (``equipped``, ``tied``, ``stays``, ``banished_if_leaves``, ``unaffected``,
    ``negated``, …), the card it applies to (``subject``), the card whose effect made it
    (``source``, if it matters), when it ends besides its subject leaving the field
    (``until``), and one value of its own (``data``: the monster an Equip Card is equipped
    to, the turns a card stays, …). A subject has at most one lasting effect of a kind."""

    kind: str
    subject: str
    source: str | None = None
    until: Until = Until.LEAVES_FIELD
    data: str | int | None = None


@dataclass(frozen=True, order=True)
class GraveCard:
    """A card off the field: in the GY, or banished (``GameState.banished``)."""

    id: str
    card: str
    owner: Player
    reason: str  # "tributed", "destroyed_by_battle", "destroyed", "resolved", "discarded", …


@dataclass(frozen=True, order=True)
class HandCard:
    id: str
    card: str
    owner: Player


@dataclass(frozen=True)
class Board:
    """Where every card is, and the LP: what a player sees on the table."""

    __hash__ = _kept_hash
    __getstate__ = _without_hash

    lp: tuple[int, int]  # (A, B)
    monsters: tuple[MonsterState, ...]  # sorted by id
    spell_traps: tuple[SpellTrapState, ...]  # sorted by id
    graveyard: tuple[GraveCard, ...]  # sorted
    hand: tuple[HandCard, ...] = ()  # sorted
    banished: tuple[GraveCard, ...] = ()  # sorted
    # The Deck cards the situation lists (sorted); the rest of each Deck is unknown and never
    # chosen (docs/engine.md).
    deck: tuple[HandCard, ...] = ()
    # Fusion, Synchro, Xyz and Link Monsters that went back to the Extra Deck (face-down
    # there; not the hand) from the field (R:extra_deck_monsters), sorted.
    extra_deck: tuple[HandCard, ...] = ()
    vanished: tuple[GraveCard, ...] = ()  # Tokens gone while their "destroyed" trigger waits
    # Lasting effects on cards, sorted (Lasting): what an effect left on a card that the card
    # itself does not say (equipped to, tied to, unaffected, negated, …).
    lasting: tuple[Lasting, ...] = ()


@dataclass(frozen=True)
class TurnMemory:
    """What this turn remembers: whose turn, what was used, declared, granted and done."""

    __hash__ = _kept_hash
    __getstate__ = _without_hash

    turn_player: Player
    used_once_per_turn: frozenset[tuple[str, str]] = frozenset()
    attacks_declared: tuple[tuple[str, int], ...] = ()
    # Attacks declared this turn by monsters that have left the field since: they count for
    # the turn (the attack's number), no longer for the monster, a new card if it comes back.
    attacks_of_cards_gone: int = 0
    extra_attacks: tuple[tuple[str, int], ...] = ()
    cannot_declare_attacks: frozenset[Player] = frozenset()  # R44
    flipped: frozenset[str] = frozenset()  # flipped face-up in this battle; Flip Effects due (R6)
    player_abilities: frozenset[tuple[Player, PlayerAbility]] = frozenset()  # for this turn
    battle_abilities: frozenset[tuple[Player, PlayerAbility]] = frozenset()  # for this battle
    happened: frozenset[tuple[EventName, str]] = frozenset()  # events naming a card (R19, R51)
    # The damage each player last took this turn: (player, "battle" | "effect", amount) (R101).
    damage: tuple[tuple[Player, str, int], ...] = ()
    # The events of the last thing that happened while a chain resolved (R25).
    last_happened: frozenset[tuple[EventName, str]] = frozenset()
    summoned_this_turn: frozenset[Player] = frozenset()  # players who Summoned (R103)
    normal_summon_used: bool = False  # the turn player has Normal Summoned or Set (R130)
    # Monsters whose battle position their controller can no longer change this turn:
    # Summoned, Set or already changed this turn (R138), kept while a Main Phase could read it.
    position_fixed: frozenset[str] = frozenset()
    # Effects a resolved card left on the whole field for the rest of the turn, whatever
    # happens to that card: (what, the card) ("negates_trap_effects": Trap Stun, R150).
    field_effects: frozenset[tuple[str, str]] = frozenset()


@dataclass(frozen=True)
class Procedure:
    """The rules procedure under way: the window, the chain, the attack, a resolution waiting
    for a choice."""

    __hash__ = _kept_hash
    __getstate__ = _without_hash

    window: Window
    chain: tuple[ChainLink, ...] = ()  # c1 first
    attack: Attack | None = None
    resolving: Resolving | None = None  # the top link's resolution waits for a choice
    ending_battle_phase: bool = False  # an effect ends the Battle Phase after the chain (R58)
    # the monsters whose destruction by the step now applying was replaced (R183): that step
    # does not destroy them; empty at every other moment
    replaced: frozenset[str] = frozenset()


class _StateMethods:
    """What a :class:`GameState` answers and how it changes; its fields are its parts'."""

    __slots__ = ()

    def __post_init__(self) -> None:
        # The instance dictionary __init__ leaves behind, past 30 attributes, has room for
        # twice its fields (1.6 KB); one built from it is sized to them (0.8 KB). Every
        # later state is a copy of it (``replace``), which keeps its size.
        object.__setattr__(self, "__dict__", dict(self.__dict__))

    def __setstate__(self, state: dict) -> None:
        # unpickled (a process pool's worker): sized to its fields, as __post_init__ does
        object.__setattr__(self, "__dict__", dict(state))

    @classmethod
    def new(cls, **fields: object) -> GameState:
        """A state from the names of its parts' fields."""
        return cls(**fields)

    def fields(self) -> dict[str, object]:
        """Every field of the three parts by name."""
        return {name: getattr(self, name) for name in _PART_OF}

    @property
    def board(self) -> Board:
        return _part(self, Board)

    @property
    def turn(self) -> TurnMemory:
        return _part(self, TurnMemory)

    @property
    def procedure(self) -> Procedure:
        return _part(self, Procedure)

    # -- identity: the explorer hashes every state several times and compares equal ones ----
    def __hash__(self) -> int:
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(_state_key(self.__dict__))
            object.__setattr__(self, "_hash", cached)
        return cached

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not GameState:
            return NotImplemented
        if hash(self) != hash(other):
            return False
        return _state_key(self.__dict__) == _state_key(other.__dict__)  # type: ignore[attr-defined]

    __getstate__ = _without_hash

    # -- lookups ---------------------------------------------------------------------------
    def monster(self, instance: str) -> MonsterState | None:
        for monster in self.monsters:
            if monster.id == instance:
                return monster
        return None

    def spell_trap(self, instance: str) -> SpellTrapState | None:
        for card in self.spell_traps:
            if card.id == instance:
                return card
        return None

    def lasting_on(self, subject: str, kind: str) -> Lasting | None:
        """The lasting effect of ``kind`` on card ``subject``, or ``None``."""
        for record in self.lasting:
            if record.subject == subject and record.kind == kind:
                return record
        return None

    def lasting_of(self, kind: str) -> tuple[Lasting, ...]:
        """Every lasting effect of ``kind``, in the state's order."""
        return tuple(record for record in self.lasting if record.kind == kind)

    def life(self, player: Player) -> int:
        return self.lp[0] if player is Player.A else self.lp[1]

    def in_hand(self, instance: str) -> HandCard | None:
        for card in self.hand:
            if card.id == instance:
                return card
        return None

    def in_deck(self, instance: str) -> HandCard | None:
        for card in self.deck:
            if card.id == instance:
                return card
        return None

    def in_graveyard(self, instance: str) -> GraveCard | None:
        for card in self.graveyard:
            if card.id == instance:
                return card
        return None

    def controller(self, instance: str) -> Player | None:
        card = self.monster(instance) or self.spell_trap(instance)
        return card.controller if card else None

    def last_damage(self, player: Player) -> tuple[str, int] | None:
        """("battle" | "effect", amount) of the damage ``player`` last took, or ``None``."""
        for who, kind, amount in self.damage:
            if who is player:
                return kind, amount
        return None

    def took_damage(self, player: Player, kind: str, amount: int, *, from_opponent: bool
                    ) -> GameState:
        """Remember the damage (R101); from a card of the opponent it is an event."""
        damage = tuple(d for d in self.damage if d[0] is not player) + ((player, kind, amount),)
        happened = self.happened | {(EventName.DAMAGE_TAKEN, player.value)} if from_opponent \
            else self.happened
        return replace(self, damage=tuple(sorted(damage)), happened=happened)

    def has_ability(self, player: Player, ability: PlayerAbility) -> bool:
        return (player, ability) in self.player_abilities \
            or (player, ability) in self.battle_abilities

    def attacks_made(self, instance: str) -> int:
        return dict(self.attacks_declared).get(instance, 0)

    @property
    def attacks_this_turn(self) -> int:
        """Every attack declared this turn, by monsters still on the field or gone since."""
        return sum(count for _, count in self.attacks_declared) + self.attacks_of_cards_gone

    def attack_allowance(self, instance: str) -> int:
        return 1 + dict(self.extra_attacks).get(instance, 0)

    def answers(self, event_name: EventName) -> bool:
        """Is ``event_name`` one of the events this window was opened for?"""
        return self.window.event is event_name or event_name in self.window.also

    @property
    def terminal(self) -> bool:
        return self.window.kind is WindowKind.ENDED

    # -- canonical updates -----------------------------------------------------------------
    def with_monster(self, monster: MonsterState) -> GameState:
        others = tuple(m for m in self.monsters if m.id != monster.id)
        return replace(self, monsters=tuple(sorted(others + (monster,), key=_by_id)))

    def without_monster(self, instance: str) -> GameState:
        """The monster leaves the field, and every lasting effect on it ends."""
        return replace(self, monsters=tuple(m for m in self.monsters if m.id != instance),
                       **self._lasting_ends(instance))

    def with_spell_trap(self, card: SpellTrapState) -> GameState:
        others = tuple(c for c in self.spell_traps if c.id != card.id)
        return replace(self, spell_traps=tuple(sorted(others + (card,), key=_by_id)))

    def without_spell_trap(self, instance: str) -> GameState:
        """The card leaves the field, and every lasting effect on it ends."""
        return replace(self, spell_traps=tuple(c for c in self.spell_traps if c.id != instance),
                       **self._lasting_ends(instance))

    def with_grave(self, card: GraveCard) -> GameState:
        return replace(self, graveyard=_with(self.graveyard, card))

    def to_grave_from_spell_trap_zone(self, card: GraveCard, **changes: object) -> GameState:
        """The Spell/Trap ``card.id`` leaves its zone for the GY as ``card``; ``changes`` to
        other fields are made in the same copy."""
        return replace(self, spell_traps=tuple(c for c in self.spell_traps if c.id != card.id),
                       graveyard=_with(self.graveyard, card),
                       **self._lasting_ends(card.id), **changes)

    def with_banished(self, card: GraveCard) -> GameState:
        return replace(self, banished=_with(self.banished, card))

    def with_hand(self, card: HandCard) -> GameState:
        return replace(self, hand=_with(self.hand, card))

    def with_extra_deck(self, card: HandCard) -> GameState:
        return replace(self, extra_deck=_with(self.extra_deck, card))

    def without_hand(self, instance: str) -> GameState:
        return replace(self, hand=tuple(c for c in self.hand if c.id != instance))

    def without_off_field(self, instance: str) -> GameState:
        """The state without ``instance`` in the hand, the GY or the Deck (it is moving)."""
        return replace(self, hand=tuple(c for c in self.hand if c.id != instance),
                       graveyard=tuple(c for c in self.graveyard if c.id != instance),
                       deck=tuple(c for c in self.deck if c.id != instance))

    def with_lasting(self, record: Lasting) -> GameState:
        """``record`` in place of any lasting effect of its kind on its subject."""
        others = tuple(r for r in self.lasting
                       if r.subject != record.subject or r.kind != record.kind)
        return replace(self, lasting=_with(others, record))

    def without_lasting(self, subject: str, kind: str | None = None, *,
                        until: Until | None = None) -> GameState:
        """The lasting effects on ``subject`` end: those of ``kind``, or those that end at
        ``until``, or all of them."""
        kept = tuple(r for r in self.lasting if r.subject != subject
                     or (kind is not None and r.kind != kind)
                     or (until is not None and r.until is not until))
        return self if len(kept) == len(self.lasting) else replace(self, lasting=kept)

    def _lasting_ends(self, subject: str) -> dict:
        if not self.lasting or not any(record.subject == subject for record in self.lasting):
            return {}
        return {"lasting": tuple(r for r in self.lasting if r.subject != subject)}

    def with_lp(self, player: Player, value: int) -> GameState:
        lp = (value, self.lp[1]) if player is Player.A else (self.lp[0], value)
        return replace(self, lp=lp)

    def with_count(self, field: str, instance: str, delta: int) -> GameState:
        counts = dict(getattr(self, field))
        counts[instance] = counts.get(instance, 0) + delta
        return replace(self, **{field: tuple(sorted(counts.items()))})


_PARTS = {"board": Board, "turn": TurnMemory, "procedure": Procedure}
_PART_OF = {f.name: part for part, cls in _PARTS.items() for f in fields(cls)}

# The state is its three parts' fields in one flat record: the explorer replaces and hashes
# states tens of thousands of times a second, and one record of references is copied and
# hashed in half the time of three records (the parts are views, built when asked).
GameState = make_dataclass(
    "GameState", [(f.name, f.type, field(default=f.default, kw_only=True))
                  for cls in _PARTS.values() for f in fields(cls)],
    bases=(_StateMethods,), frozen=True, eq=False, kw_only=True)
GameState.__module__ = __name__  # pickled by this module's name
GameState.__doc__ = """A game state: the :class:`Board` (where every card is, the LP, the lasting
effects), the :class:`TurnMemory` (what this turn remembers) and the :class:`Procedure`
under way (window, chain, attack). Every field of the three parts is a field of the state
(``state.window``, ``state.monsters``); ``state.board`` and the others build the part."""


def _part(state: GameState, cls: type) -> Board | TurnMemory | Procedure:
    return cls(**{f.name: state.__dict__[f.name] for f in fields(cls)})


_by_id = attrgetter("id")  # sort keys read in C: no Python call for each card sorted


def _with(cards: tuple, card: GraveCard | HandCard | Lasting) -> tuple:
    """``cards`` and ``card``, sorted in the order of ``order=True`` (the fields as a tuple),
    read in C, without a call of the generated ``__lt__`` for every pair."""
    return tuple(sorted(cards + (card,), key=_ORDER[card.__class__]))


# The engine's own value types: plain frozen dataclasses (no slots, no cached properties, no
# __post_init__ or __setstate__ but GameState's, which only repack its dictionary), so a copy
# of the instance dictionary, its kept hash reset, is a faithful new value. _FIELD_VALUES
# reads an instance dictionary's field values, in field order.
_FAST = (GameState, Board, TurnMemory, Procedure, Window, Attack, ChainLink, Trigger,
         MonsterState, SpellTrapState, Resolving)
_ORDERED = (GraveCard, HandCard, Lasting)
_FIELD_NAMES = {cls: frozenset(f.name for f in fields(cls)) for cls in _FAST}
_FIELD_VALUES = {cls: itemgetter(*(f.name for f in fields(cls))) for cls in _FAST + _ORDERED}
_state_key = _FIELD_VALUES[GameState]
_ORDER = {cls: attrgetter(*(f.name for f in fields(cls))) for cls in _ORDERED}


def remembered(key: Hashable) -> Hashable:
    """What a memo keeps of the merge key ``key``: a state's field values, without the
    state's instance dictionary (a third of its memory; the explorer's memo of forced runs
    keeps every state a run passed through, hundreds of thousands in a big exploration),
    any other key as it is. Equal only for equal keys: a key of another kind is not a tuple
    of as many values."""
    return _state_key(key.__dict__) if key.__class__ is GameState else key


# A state's instance dictionary, its keys in order and sized to them as __post_init__
# leaves it: what a recalled state's dictionary is copied from (filled in place, it keeps
# that size).
_STATE_FIELDS = tuple(f.name for f in fields(GameState))
_STATE_DICTIONARY = dict.fromkeys((*_STATE_FIELDS, "_hash"))


def recalled(kept: tuple) -> GameState:
    """The state whose field values :func:`remembered` kept: equal to it, with the same
    hash. The explorer keeps each explored state so once its node is made, in a third of
    the memory, and the book asks for the state again when it reads it."""
    new = object.__new__(GameState)
    values = _STATE_DICTIONARY.copy()
    values.update(zip(_STATE_FIELDS, kept, strict=True))
    object.__setattr__(new, "__dict__", values)
    return new


def replace(obj, /, **changes):  # noqa: ANN001, ANN201 - same signature as dataclasses.replace
    """``dataclasses.replace`` for the state's value types, without re-running ``__init__``.

    The explorer replaces states several times per action; skipping the generated
    ``__init__`` of these wide classes makes that about three times cheaper. Unknown field
    names are still refused. Any other dataclass goes through :func:`dataclasses.replace`.
    """
    cls = obj.__class__
    names = _FIELD_NAMES.get(cls)
    if names is None:
        return _dataclass_replace(obj, **changes)
    if not names.issuperset(changes):
        raise TypeError(f"unknown fields for {cls.__name__}: "
                        f"{sorted(changes.keys() - names)}")
    new = object.__new__(cls)
    values = obj.__dict__.copy()  # a plain copy is cheaper than {**old, **changes}
    values.update(changes)
    # A cached hash belongs to the old value. It is reset, not removed: a key removed and
    # added again at every copy leaves a hole that the copy keeps, until the dictionary
    # doubles (a state's, from 0.8 to 1.6 KB).
    values["_hash"] = None
    object.__setattr__(new, "__dict__", values)
    return new


def open_window(state: GameState, step: Step, kind: WindowKind = WindowKind.OPEN) -> GameState:
    """A fresh window in which the turn player holds priority (R12)."""
    key = (kind, step, state.turn_player)
    window = _FRESH_WINDOWS.get(key)
    if window is None:
        window = _FRESH_WINDOWS[key] = Window(kind, step, state.turn_player)
    return replace(state, window=window)


# A fresh window is a value of its kind, step and holder: built once, shared by every state.
_FRESH_WINDOWS: dict[tuple[WindowKind, Step, Player], Window] = {}
