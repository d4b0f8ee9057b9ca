"""The vocabulary of the ATK/DEF model (docs/rules.md, §E): stats, the R71 classes, operations,
the R96 options, and one entry of a monster's stat record.

Everything here is a frozen value (hashable, comparable) so that it can live inside the rules
engine's immutable game state. :mod:`gamebook.stats.block` builds the record
(:class:`~gamebook.stats.block.StatBlock`) from these; :mod:`gamebook.stats.evaluate`
derives the displayed values.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Protocol

from gamebook.stats.expr import Expr, ExprError, parse_expr, round_half_up

UNKNOWN = "?"

END_OF_TURN = "end_of_turn"
END_OF_DAMAGE_STEP = "end_of_damage_step"
END_OF_DAMAGE_CALCULATION = "end_of_damage_calculation"


class StatsError(ValueError):
    """An application or a query that the stat model cannot carry out (with the reason)."""


class Stat(StrEnum):
    ATK = "atk"
    DEF = "def"
    LEVEL = "level"  # R86: Levels use the same layering


class StatClass(StrEnum):
    """The modifier classes of R71."""

    DELTA_ONCE = "delta_once"  # activated raise/lower, value fixed at resolution
    DELTA_CONT = "delta_cont"  # continuous raise/lower, re-evaluated
    ASET = "aset"  # activated "becomes / half / double / swap": a snapshot
    AORIG = "aorig"  # activated "original becomes / half / swap"
    CSET = "cset"  # non-chain "becomes / swap", re-computed
    CORIG = "corig"  # non-chain "original becomes / swap", re-computed
    ORIG_ONCE = "orig_once"  # original set once (materials, Tributes)
    FINAL = "final"  # re-applied every time, always last (R89)
    DC_ONCE = "dc_once"  # fixed "only during damage calculation" raise (R91)


CONTINUOUS = frozenset({StatClass.DELTA_CONT, StatClass.CSET, StatClass.CORIG, StatClass.FINAL})
DELTAS = frozenset({StatClass.DELTA_ONCE, StatClass.DELTA_CONT, StatClass.DC_ONCE})
ORIGINALS = frozenset({StatClass.AORIG, StatClass.CORIG, StatClass.ORIG_ONCE})
#: what an ASET erases or suspends on its stats (R77, R78)
ERASED_BY_ASET = frozenset(DELTAS | {StatClass.ASET, StatClass.CSET})

GROUPS: dict[str, tuple[Stat, ...]] = {"ad": (Stat.ATK, Stat.DEF), "lv": (Stat.LEVEL,)}
GROUP_OF = {Stat.ATK: "ad", Stat.DEF: "ad", Stat.LEVEL: "lv"}


class OpKind(StrEnum):
    ADD = "add"
    BECOME = "become"
    MULTIPLY = "multiply"
    SWAP = "swap"


@dataclass(frozen=True)
class Operation:
    """What an application does to each stat it affects.

    ``add`` (raise/lower by a value), ``become`` (a value), ``multiply`` (the value it acts on
    × factor: half, double; rounded half up, R76), ``swap`` (ATK ↔ DEF). Values are
    :class:`Expr` trees: a constant, a named input, a stat of this or another monster.
    """

    kind: OpKind
    expr: Expr | None = None
    factor: Fraction = Fraction(1)
    rounding: str = "up"

    @classmethod
    def add(cls, amount: int | Expr | str) -> Operation:
        return cls(OpKind.ADD, expr=_as_expr(amount))

    @classmethod
    def become(cls, value: int | Expr | str) -> Operation:
        return cls(OpKind.BECOME, expr=_as_expr(value))

    @classmethod
    def multiply(cls, factor: int | Fraction | str, rounding: str = "up") -> Operation:
        if rounding not in ("up", "down"):
            raise StatsError(f"rounding must be 'up' (half up, R76) or 'down', not {rounding!r}")
        value = Fraction(factor)
        if value < 0:
            raise StatsError("a multiplying factor cannot be negative")
        return cls(OpKind.MULTIPLY, factor=value, rounding=rounding)

    @classmethod
    def half(cls, rounding: str = "up") -> Operation:
        return cls.multiply(Fraction(1, 2), rounding)

    @classmethod
    def double(cls) -> Operation:
        return cls.multiply(2)

    @classmethod
    def swap(cls) -> Operation:
        return cls(OpKind.SWAP)

    @classmethod
    def become_original(cls, factor: int | Fraction = 1) -> Operation:
        """"ATK/DEF becomes (k ×) its original ATK/DEF" — per stat; see :meth:`value_for`."""
        return cls(OpKind.BECOME, expr=None, factor=Fraction(factor))

    def value_for(self, stat: Stat) -> Expr:
        """The expression a ``become``/``add`` computes for ``stat``."""
        if self.expr is not None:
            return self.expr
        return Expr.stat(f"original_{stat.value}") * self.factor

    def round(self, value: Fraction) -> int:
        if self.rounding == "down":
            return int(value) if value >= 0 else -int(-value)
        return round_half_up(value)

    def __str__(self) -> str:
        if self.kind is OpKind.SWAP:
            return "swap"
        if self.kind is OpKind.MULTIPLY:
            names = {Fraction(1, 2): "half", Fraction(2): "double"}
            text = names.get(self.factor, f"multiply {self.factor}")
            return text if self.rounding == "up" else f"{text} (rounded down)"
        if self.expr is None:
            return f"{self.kind.value} original × {self.factor}"
        return f"{self.kind.value} {self.expr}"


def _as_expr(value: int | Expr | str) -> Expr:
    if isinstance(value, Expr):
        return value
    try:
        return parse_expr(value)
    except ExprError as error:
        raise StatsError(str(error)) from None


# The classes each kind of operation may be used with.
ALLOWED_CLASSES: dict[OpKind, frozenset[StatClass]] = {
    OpKind.ADD: frozenset(DELTAS | {StatClass.FINAL}),
    OpKind.BECOME: frozenset({StatClass.ASET, StatClass.AORIG, StatClass.CSET, StatClass.CORIG,
                              StatClass.ORIG_ONCE, StatClass.FINAL}),
    OpKind.MULTIPLY: frozenset({StatClass.ASET, StatClass.AORIG, StatClass.CSET,
                                StatClass.CORIG, StatClass.ORIG_ONCE, StatClass.FINAL}),
    OpKind.SWAP: frozenset({StatClass.ASET, StatClass.AORIG, StatClass.CSET, StatClass.CORIG,
                            StatClass.FINAL}),
}

#: R89: (lower, higher) pairs of FINAL ranks; lower ranks apply first.
R89_ORDER: tuple[tuple[str, str], ...] = (
    ("clear_vice_dragon", "mirror_wall"),
    ("mirror_wall", "gaia_plate"),
    ("gaia_plate", "super_crashbug"),
    ("super_crashbug", "wicked_avatar"),
    ("super_crashbug", "wicked_dreadroot"),
    ("wicked_avatar", "gradius_option"),
    ("wicked_dreadroot", "gradius_option"),
    ("clear_vice_dragon", "salamangreat_violet_chimera"),
    ("salamangreat_violet_chimera", "super_crashbug"),
)
#: R89: ranks that are equal ("The Wicked Avatar = The Wicked Dreadroot").
R89_EQUAL: tuple[tuple[str, str], ...] = (("wicked_avatar", "wicked_dreadroot"),)


@dataclass(frozen=True)
class StatRules:
    """The flagged points of R96, as named options with the defaults of docs/rules.md."""

    #: R96.1 — two Shrinks: "quarter" (each halves the current original, S000) or "half"
    #: (a new original-halving replaces an earlier one still in force, S002).
    stacked_original_halving: str = "quarter"
    #: R96.3 / R83 — a continuous application that stops and starts applying again (condition,
    #: negation) counts as having started at its latest start.
    restart_counts_as_new_start: bool = True
    #: R96.4 — a CSET that started before an AORIG re-computes from the new original.
    cset_follows_new_original: bool = True
    #: R96.5 / R89 — the FINAL order list, and how unlisted pairs are ordered.
    final_order: tuple[tuple[str, str], ...] = R89_ORDER
    final_equal: tuple[tuple[str, str], ...] = R89_EQUAL
    final_unlisted_order: str = "time"  # or "reverse_time"

    def __post_init__(self) -> None:
        if self.stacked_original_halving not in ("quarter", "half"):
            raise StatsError("stacked_original_halving must be 'quarter' or 'half'")
        if self.final_unlisted_order not in ("time", "reverse_time"):
            raise StatsError("final_unlisted_order must be 'time' or 'reverse_time'")


DEFAULT_RULES = StatRules()


@dataclass(frozen=True)
class Application:
    """One entry of the record: something that affects ATK/DEF/Level or their originals."""

    stat_class: StatClass
    stats: tuple[Stat, ...]
    op: Operation
    source: str
    duration: str | None = None
    started: int = 0  # order in which applications (last) started applying
    frozen: tuple[tuple[Stat, int], ...] = ()  # values fixed when applied (snapshot/amount)
    erased: tuple[Stat, ...] = ()  # per stat, permanent (R77, R94)
    suspended: tuple[tuple[Stat, int], ...] = ()  # (stat, start of the suspending ASET), R78
    pending: bool = False  # DC-once waiting for damage calculation (R91)
    off: bool = False  # a continuous application whose condition is false
    reverts_on_negation: bool = False  # applied-once self change undone by negation (R84)
    final_rank: str | None = None  # R89 rank name for FINAL applications

    @property
    def continuous(self) -> bool:
        return self.stat_class in CONTINUOUS

    def frozen_value(self, stat: Stat) -> int | None:
        for key, value in self.frozen:
            if key is stat:
                return value
        return None

    def suspended_on(self, stat: Stat) -> bool:
        return any(key is stat for key, _ in self.suspended)

    def describe(self) -> str:
        stats = "/".join(s.value for s in self.stats)
        text = f"{self.stat_class.value} {stats} {self.op} [{self.source}]"
        if self.frozen:
            text += " = " + ", ".join(f"{s.value} {v}" for s, v in self.frozen)
        if self.duration:
            text += f" until {self.duration}"
        if self.final_rank:
            text += f" rank {self.final_rank}"
        return text


@dataclass(frozen=True)
class StatValues:
    atk: int | None
    def_: int | None
    level: int | None
    original_atk: int | None
    original_def: int | None
    original_level: int | None
    pre_final_atk: int | None = None
    pre_final_def: int | None = None

    def of(self, stat: Stat) -> int | None:
        return {Stat.ATK: self.atk, Stat.DEF: self.def_, Stat.LEVEL: self.level}[stat]


@dataclass(frozen=True)
class ApplicationView:
    """How one application stands after the last step (for ``--explain``)."""

    description: str
    status: str  # active | erased | suspended | inactive | pending | partly erased …
    detail: str = ""


class StatEnvironment(Protocol):
    """What an expression may read besides the monster itself: inputs and other monsters."""

    def input(self, name: str) -> int: ...

    def monster(self, name: str) -> Record: ...


class Record(Protocol):
    """What the derivation reads of one monster's stat record.

    :class:`~gamebook.stats.block.StatBlock` is the one implementation; the derivation
    (:mod:`gamebook.stats.evaluate`) is written against this protocol so that it does not
    import the record that imports it.
    """

    applications: tuple[Application, ...]
    face_up: bool
    inputs: tuple[tuple[str, int], ...]
    rules: StatRules

    def has(self, stat: Stat) -> bool: ...

    def printed_value(self, stat: Stat) -> int | None: ...

    def live(self, app: Application) -> bool: ...


def source_matches(pattern: str, source: str) -> bool:
    """``negate("drident")`` reaches ``drident`` and ``drident:raise``."""
    return source == pattern or source.startswith(pattern + ":")
