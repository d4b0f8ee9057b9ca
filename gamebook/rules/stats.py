"""ATK/DEF layering (RULES.md §E, R70–R96): one immutable stat record per monster.

A :class:`StatBlock` is a monster's printed ATK/DEF/Level plus the ordered record of every
:class:`Application` that affects them. Nothing is stored as "current ATK": the displayed
values are derived from the record each time they are asked for (and cached on the value):

1. original  = printed ('?' → 0 face-up, R81), run through every live AORIG, CORIG and
   ORIG-once application in the order they started applying (R79–R81, R83);
2. core(s)   = the latest live ASET snapshot on stat s (R77; a later CORIG "becomes"
   overrides it while it applies, R83) or else the original; replaced by the latest live CSET
   started after it (R82); plus the applied-once raises/lowers not erased, not suspended and
   not hidden by that CSET (R73);
3. pre(s)    = core(s) + every live continuous raise/lower (they always re-apply, R82) —
   the accumulated value, which may be negative (R74);
4. displayed = max(0, pre), then every live FINAL application in the R89 order, clamping at
   0 after each (R89–R92); Levels never go below 1 (R75).

Changing the record returns a new block: :meth:`StatBlock.apply` (ASET snapshots and DELTA-once
values are taken from the displayed values at that moment, R95; an ASET erases — or, with a
duration, suspends — every earlier raise/lower/ASET/CSET on its stats, R77/R78/R94; an AORIG
discards earlier ASETs, R79), :meth:`~StatBlock.end_duration` (R78, R80),
:meth:`~StatBlock.remove_source`, :meth:`~StatBlock.negate`/:meth:`~StatBlock.unnegate`
(R72, R84), :meth:`~StatBlock.face_down` (R84). The open points of R96 are the fields of
:class:`StatRules`.

Blocks are frozen, hashable and canonical (start times are renumbered 0…n-1), so two histories
that leave the same applications give equal blocks. This module imports nothing heavy: it sits
on the rules engine's hot path.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Protocol

from gamebook.rules.stats_expr import Expr, ExprError, parse_expr, round_half_up

__all__ = [
    "END_OF_DAMAGE_CALCULATION", "END_OF_DAMAGE_STEP", "END_OF_TURN", "R89_ORDER", "UNKNOWN",
    "Application", "ApplicationView", "Expr", "OpKind", "Operation", "Stat", "StatBlock",
    "StatClass", "StatEnvironment", "StatRules", "StatValues", "StatsError", "parse_expr",
]

#: A printed '?' (R62, R81).
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

_GROUPS: dict[str, tuple[Stat, ...]] = {"ad": (Stat.ATK, Stat.DEF), "lv": (Stat.LEVEL,)}
_GROUP_OF = {Stat.ATK: "ad", Stat.DEF: "ad", Stat.LEVEL: "lv"}
_INF = 1 << 60


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
_ALLOWED: dict[OpKind, frozenset[StatClass]] = {
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
    """The flagged points of R96, as named options with the defaults of RULES.md."""

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

    def monster(self, name: str) -> StatBlock: ...


def _matches(pattern: str, source: str) -> bool:
    """``negate("drident")`` reaches ``drident`` and ``drident:raise``."""
    return source == pattern or source.startswith(pattern + ":")


@dataclass(frozen=True)
class StatBlock:
    """The stat record of one monster. See the module docstring for the derivation."""

    printed_atk: int | str | None = UNKNOWN
    printed_def: int | str | None = UNKNOWN
    printed_level: int | None = None
    applications: tuple[Application, ...] = ()
    negated: tuple[str, ...] = ()
    face_up: bool = True
    in_damage_calculation: bool = False
    inputs: tuple[tuple[str, int], ...] = ()
    rules: StatRules = field(default=DEFAULT_RULES)
    #: descriptions of applications erased on every stat and dropped from the record (they
    #: can never act again); kept for ``explain`` only, not part of equality or hashing
    erased_history: tuple[str, ...] = field(default=(), compare=False)

    # -- construction -------------------------------------------------------------------
    @classmethod
    def printed(cls, atk: int | str | None, def_: int | str | None,
                level: int | None = None, *, rules: StatRules = DEFAULT_RULES) -> StatBlock:
        """``atk`` None or '?' = printed '?'; ``def_`` None = no DEF (Link), '?' = '?'."""
        atk_value: int | str = UNKNOWN if atk is None else atk
        for name, value in (("ATK", atk_value), ("DEF", def_)):
            if isinstance(value, bool) or (value is not None and not isinstance(value, int)
                                           and value != UNKNOWN):
                raise StatsError(f"printed {name} must be a number or '?', not {value!r}")
            if isinstance(value, int) and value < 0:
                raise StatsError(f"printed {name} cannot be negative ({value})")
        if level is not None and (isinstance(level, bool) or not isinstance(level, int)
                                  or level < 0):
            raise StatsError(f"printed Level must be a whole number ≥ 0, not {level!r}")
        return cls(printed_atk=atk_value, printed_def=def_, printed_level=level, rules=rules)

    def __hash__(self) -> int:
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash((self.printed_atk, self.printed_def, self.printed_level,
                           self.applications, self.negated, self.face_up,
                           self.in_damage_calculation, self.inputs, self.rules))
            object.__setattr__(self, "_hash", cached)
        return cached

    def has(self, stat: Stat) -> bool:
        if stat is Stat.DEF:
            return self.printed_def is not None
        if stat is Stat.LEVEL:
            return self.printed_level is not None
        return True

    def printed_value(self, stat: Stat) -> int | None:
        """The printed number, with '?' read as 0 (R81)."""
        raw = {Stat.ATK: self.printed_atk, Stat.DEF: self.printed_def,
               Stat.LEVEL: self.printed_level}[stat]
        if raw is None:
            return None
        return 0 if raw == UNKNOWN else int(raw)

    def with_input(self, name: str, value: int) -> StatBlock:
        """Set a named input (hand size, banished Dinosaurs …) read by this block's
        expressions when no environment is given."""
        inputs = dict(self.inputs)
        inputs[name] = value
        return replace(self, inputs=tuple(sorted(inputs.items())))

    # -- reading ------------------------------------------------------------------------
    @cached_property
    def _own_values(self) -> StatValues:
        return self.values()

    @property
    def atk(self) -> int:
        value = self._own_values.atk
        assert value is not None
        return value

    @property
    def def_(self) -> int | None:
        return self._own_values.def_

    @property
    def level(self) -> int | None:
        return self._own_values.level

    @property
    def original_atk(self) -> int:
        value = self._own_values.original_atk
        assert value is not None
        return value

    @property
    def original_def(self) -> int | None:
        return self._own_values.original_def

    @property
    def original_level(self) -> int | None:
        return self._own_values.original_level

    def values(self, env: StatEnvironment | None = None, name: str = "") -> StatValues:
        """Displayed and original values; ``env`` answers inputs and other monsters."""
        return _Evaluation(self, env, name).values(name, self)

    def can_decrease_fully(self, stat: Stat, amount: int, env: StatEnvironment | None = None,
                           name: str = "") -> bool:
        """R75 ``requires_full_decrease``: is the displayed value at least ``amount``?"""
        value = self.values(env, name).of(stat)
        return value is not None and value >= amount

    # -- changing the record ------------------------------------------------------------
    def apply(self, stat_class: StatClass, stats: Iterable[Stat], op: Operation, *,
              source: str, duration: str | None = None, env: StatEnvironment | None = None,
              name: str = "", reverts_on_negation: bool | None = None,
              final_rank: str | None = None) -> StatBlock:
        """Add an application. DELTA-once amounts and ASET snapshots use the displayed values
        at this moment (R95). Operations on a stat the monster lacks are ignored (Link: no DEF);
        a face-down monster is not affected (R70)."""
        stat_class = StatClass(stat_class)
        if stat_class not in _ALLOWED[op.kind]:
            raise StatsError(f"operation '{op.kind.value}' cannot be used with class "
                             f"{stat_class.value} (allowed: "
                             f"{', '.join(sorted(c.value for c in _ALLOWED[op.kind]))})")
        wanted = tuple(dict.fromkeys(Stat(s) for s in stats))
        if not wanted:
            raise StatsError("an application must affect at least one stat")
        if op.kind is OpKind.SWAP and set(wanted) != {Stat.ATK, Stat.DEF}:
            raise StatsError("a swap affects exactly ATK and DEF")
        if final_rank is not None and stat_class is not StatClass.FINAL:
            raise StatsError("only FINAL applications have an R89 rank")
        if not self.face_up:
            return self
        present = tuple(s for s in (Stat.ATK, Stat.DEF, Stat.LEVEL)
                        if s in wanted and self.has(s))
        if not present or (op.kind is OpKind.SWAP and len(present) != 2):
            return self
        if reverts_on_negation is None:
            reverts_on_negation = stat_class is StatClass.ORIG_ONCE
        if stat_class is StatClass.DC_ONCE and duration is None:
            duration = END_OF_DAMAGE_CALCULATION  # "only during damage calculation"
        now = self._clock()
        app = Application(stat_class, present, op, source, duration, started=now,
                          reverts_on_negation=reverts_on_negation, final_rank=final_rank)
        if stat_class is StatClass.DC_ONCE and not self.in_damage_calculation:
            app = replace(app, pending=True)
        else:
            app = replace(app, frozen=self._freeze(app, env, name))
        apps = list(self.applications)
        if stat_class is StatClass.ASET:
            apps = [_erase_or_suspend(y, app) if y.stat_class in ERASED_BY_ASET and not y.pending
                    else y for y in apps]
        elif stat_class is StatClass.AORIG:
            apps = self._discard_asets(apps, app)
            if self.rules.stacked_original_halving == "half" and op.kind is OpKind.MULTIPLY:
                apps = [y for y in apps if not (
                    y.stat_class is StatClass.AORIG and y.op == op
                    and set(y.stats) & set(app.stats))]
        apps.append(app)
        return self._with(apps)

    def end_duration(self, duration: str) -> StatBlock:
        """Every application lasting ``duration`` ends (R78, R80)."""
        block = self
        ending = [a for a in self.applications if a.duration == duration]
        for app in sorted(ending, key=lambda a: -a.started):
            block = block._end(app.started)
        if duration == END_OF_DAMAGE_CALCULATION and block.in_damage_calculation:
            block = replace(block, in_damage_calculation=False)
            block = block._with(a for a in block.applications
                                if not (a.pending and a.stat_class is StatClass.DC_ONCE))
        return block

    def begin_damage_calculation(self, env: StatEnvironment | None = None,
                                 name: str = "") -> StatBlock:
        """R91/R92: fixed "only during damage calculation" raises apply first, once."""
        block = replace(self, in_damage_calculation=True)
        while True:
            app = next((a for a in block.applications if a.pending), None)
            if app is None:
                return block
            started = replace(app, pending=False, started=block._clock())
            started = replace(started, frozen=block._freeze(started, env, name))
            block = block._with((*(a for a in block.applications if a is not app), started))

    def end_damage_calculation(self) -> StatBlock:
        return self.end_duration(END_OF_DAMAGE_CALCULATION)

    def remove_source(self, source: str) -> StatBlock:
        """The source left the field (or was turned face-down): its continuous applications
        and waiting DC-once raises go; applied-once results stay (R84)."""
        block = self
        for app in sorted(self.applications, key=lambda a: -a.started):
            if _matches(source, app.source) and (app.continuous or app.pending):
                block = block._end(app.started)
        return block

    def negate(self, source: str) -> StatBlock:
        """Negate ``source`` (and its sub-sources ``source:…``). Continuous applications stop
        while negated; applied-once self changes (ORIG-once, ``reverts_on_negation``) are
        undone for good (R72, R84). Anything already erased stays erased."""
        block = self
        for app in sorted(self.applications, key=lambda a: -a.started):
            if _matches(source, app.source) and app.reverts_on_negation and not app.continuous:
                block = block._remove(app.started)
        if source not in block.negated:
            block = replace(block, negated=tuple(sorted((*block.negated, source))))
        return block

    def unnegate(self, source: str) -> StatBlock:
        if source not in self.negated:
            return self
        before = self
        block = replace(self, negated=tuple(n for n in self.negated if n != source))
        return block._restart([a for a in block.applications
                               if a.continuous and not a.off and before._is_negated(a)
                               and not block._is_negated(a)])

    def condition_off(self, source: str) -> StatBlock:
        """The condition of ``source``'s continuous applications became false."""
        apps = [replace(a, off=True) if a.continuous and _matches(source, a.source) else a
                for a in self.applications]
        return self._with(apps)

    def condition_on(self, source: str) -> StatBlock:
        waking = {a.started for a in self.applications
                  if a.continuous and a.off and _matches(source, a.source)}
        block = self._with(replace(a, off=False) if a.started in waking else a
                           for a in self.applications)
        return block._restart([a for a in block.applications
                               if a.started in waking and not block._is_negated(a)])

    def face_down(self) -> StatBlock:
        """Turned face-down: every modification is cleared (R84)."""
        return replace(self, applications=(), negated=(), face_up=False,
                       in_damage_calculation=False, erased_history=())

    def flip_face_up(self) -> StatBlock:
        return replace(self, face_up=True)

    # -- explanation --------------------------------------------------------------------
    def explain(self) -> tuple[ApplicationView, ...]:
        """Every application of the record with its status; those erased on every stat
        first (they are no longer in the record)."""
        views = [ApplicationView(text, "erased", "erased for good")
                 for text in self.erased_history]
        for app in self.applications:
            details = []
            if app.pending:
                status = "pending"
                details.append("waits for damage calculation")
            elif app.continuous and self._is_negated(app):
                status = "inactive"
                details.append("source negated")
            elif app.continuous and app.off:
                status = "inactive"
                details.append("condition not met")
            else:
                erased = [s for s in app.stats if s in app.erased]
                suspended = [s for s in app.stats if app.suspended_on(s)]
                if len(erased) == len(app.stats):
                    status = "erased"
                elif len(suspended) + len(erased) == len(app.stats) and suspended:
                    status = "suspended"
                elif erased or suspended:
                    status = "partly active"
                else:
                    status = "active"
                if erased:
                    details.append("erased on " + "/".join(s.value for s in erased))
                if suspended:
                    details.append("suspended on " + "/".join(s.value for s in suspended))
            views.append(ApplicationView(app.describe(), status, "; ".join(details)))
        return tuple(views)

    # -- internals ----------------------------------------------------------------------
    def _clock(self) -> int:
        return max((a.started for a in self.applications), default=-1) + 1

    def _is_negated(self, app: Application) -> bool:
        return any(_matches(n, app.source) for n in self.negated)

    def _live(self, app: Application) -> bool:
        if app.pending:
            return False
        return not (app.continuous and (app.off or self._is_negated(app)))

    def _freeze(self, app: Application, env: StatEnvironment | None,
                name: str) -> tuple[tuple[Stat, int], ...]:
        """Values fixed when the application starts (R95): DELTA-once/DC-once amounts, ASET
        snapshots, and the value of an activated or applied-once original "becomes"."""
        cls = app.stat_class
        if cls in CONTINUOUS:
            return ()
        if cls in (StatClass.AORIG, StatClass.ORIG_ONCE) and app.op.kind is not OpKind.BECOME:
            return ()
        op = app.op
        if op.kind in (OpKind.ADD, OpKind.BECOME) and op.expr is not None \
                and op.expr.is_constant:  # fast path: nothing to look up
            value = op.round(op.expr.evaluate(_NO_SCOPE))
            return tuple((stat, value) for stat in app.stats)
        evaluation = _Evaluation(self, env, name)
        scope = _Scope(evaluation, name, self)
        if cls is StatClass.ASET:
            shown = evaluation.values(name, self)
            vector = {s: shown.of(s) for s in Stat}
            result = _run(app.op, vector, app.stats, scope, ())
            return tuple((s, int(result[s])) for s in app.stats if result[s] is not None)
        out = []
        for stat in app.stats:
            out.append((stat, app.op.round(_evaluate(app.op.value_for(stat), scope))))
        return tuple(out)

    def _discard_asets(self, apps: list[Application], aorig: Application) -> list[Application]:
        """R79: an AORIG discards earlier ASET results on its stats; what a discarded ASET
        held suspended is released as if it had ended (continuous resume, others erased)."""
        stats = set(aorig.stats)
        discarded = {(s, y.started) for y in apps if y.stat_class is StatClass.ASET
                     for s in y.stats if s in stats}
        out = []
        for y in apps:
            erased = set(y.erased)
            if y.stat_class is StatClass.ASET:
                erased |= stats & set(y.stats)
            kept = []
            for stat, by in y.suspended:
                if (stat, by) in discarded:
                    if not y.continuous:
                        erased.add(stat)
                else:
                    kept.append((stat, by))
            out.append(replace(y, erased=_stat_tuple(erased), suspended=tuple(kept)))
        return out

    def _end(self, started: int) -> StatBlock:
        """R95 ``end(x)``: duration over, condition gone for good, source gone."""
        app = next((a for a in self.applications if a.started == started), None)
        if app is None:
            return self
        apps = [a for a in self.applications if a.started != started]
        if app.stat_class is StatClass.ASET:
            apps = [_release(y, started) for y in apps]
        elif app.stat_class is StatClass.AORIG and app.duration is not None:
            # R80: applied-once original setters older than it do not come back
            apps = [y for y in apps if not (
                y.stat_class in (StatClass.ORIG_ONCE, StatClass.AORIG)
                and y.started < started and set(y.stats) & set(app.stats))]
        return self._with(apps)

    def _remove(self, started: int) -> StatBlock:
        """Undo an applied-once change (negation, R84); an ASET releases what it suspended."""
        apps = [a for a in self.applications if a.started != started]
        apps = [_release(y, started) for y in apps]
        return self._with(apps)

    def _restart(self, apps: list[Application]) -> StatBlock:
        if not apps or not self.rules.restart_counts_as_new_start:
            return self
        clock = self._clock()
        renumber = {}
        for app in sorted(apps, key=lambda a: a.started):
            renumber[app.started] = clock
            clock += 1
        return self._with(_renumber(a, renumber) for a in self.applications)

    def _with(self, apps: Iterable[Application]) -> StatBlock:
        """Canonical form: applications erased on every stat are dropped (they can never act
        again, R77), the rest sorted by start with start times renumbered 0…n-1 — so two
        histories that leave the same live applications give equal records."""
        ordered = sorted(apps, key=lambda a: a.started)
        dropped = [a for a in ordered if len(a.erased) == len(a.stats)]
        history = self.erased_history
        if dropped:
            ordered = [a for a in ordered if len(a.erased) != len(a.stats)]
            history = (*history, *(a.describe() for a in dropped))
        mapping = {a.started: index for index, a in enumerate(ordered)}
        canonical = tuple(_renumber(a, mapping) for a in ordered)
        return replace(self, applications=canonical, erased_history=history)


def _stat_tuple(stats: Iterable[Stat]) -> tuple[Stat, ...]:
    wanted = set(stats)
    return tuple(s for s in Stat if s in wanted)


def _renumber(app: Application, mapping: Mapping[int, int]) -> Application:
    started = mapping.get(app.started, app.started)
    suspended = tuple(sorted(((s, mapping.get(by, by)) for s, by in app.suspended),
                             key=lambda item: (list(Stat).index(item[0]), item[1])))
    if started == app.started and suspended == app.suspended:
        return app
    return replace(app, started=started, suspended=suspended)


def _erase_or_suspend(y: Application, aset: Application) -> Application:
    common = [s for s in aset.stats if s in y.stats and s not in y.erased]
    if not common:
        return y
    if aset.duration is None:
        return replace(y, erased=_stat_tuple((*y.erased, *common)),
                       suspended=tuple((s, by) for s, by in y.suspended if s not in common))
    return replace(y, suspended=tuple(sorted(
        (*y.suspended, *((s, aset.started) for s in common)),
        key=lambda item: (list(Stat).index(item[0]), item[1]))))


def _release(y: Application, by_started: int) -> Application:
    """R78: an ASET that suspended ``y`` ended: continuous ones resume, the others stay
    gone for good."""
    released = [s for s, by in y.suspended if by == by_started]
    if not released:
        return y
    erased = set(y.erased)
    if not y.continuous:
        erased |= set(released)
    return replace(y, erased=_stat_tuple(erased),
                   suspended=tuple((s, by) for s, by in y.suspended if by != by_started))


# -- evaluation ---------------------------------------------------------------------------


def _evaluate(expr: Expr, scope: _Scope) -> Fraction:
    try:
        return expr.evaluate(scope)
    except ExprError as error:
        raise StatsError(str(error)) from None


def _run(op: Operation, vector: dict[Stat, int | None], stats: Iterable[Stat], scope: _Scope,
         frozen: tuple[tuple[Stat, int], ...]) -> dict[Stat, int | None]:
    """Apply ``op`` to ``vector`` on ``stats`` (frozen values win over expressions)."""
    out = dict(vector)
    stats = [s for s in stats if out.get(s) is not None]
    fixed = dict(frozen)
    if op.kind is OpKind.SWAP:
        if Stat.ATK in stats and Stat.DEF in stats:
            out[Stat.ATK], out[Stat.DEF] = vector[Stat.DEF], vector[Stat.ATK]
        return out
    for stat in stats:
        current = out[stat]
        assert current is not None
        if op.kind is OpKind.MULTIPLY:
            out[stat] = op.round(current * op.factor)
            continue
        value = fixed[stat] if stat in fixed else op.round(_evaluate(op.value_for(stat), scope))
        out[stat] = current + value if op.kind is OpKind.ADD else value
    return out


class _NoScope:
    """For constant expressions, which read nothing."""

    def input(self, name: str) -> int:  # pragma: no cover - constants read no input
        raise StatsError(f"input {name!r} has no value")

    def quantity(self, monster: str, quantity: str) -> int:  # pragma: no cover
        raise StatsError(f"cannot read {quantity}")


_NO_SCOPE = _NoScope()


class _Scope:
    """What an expression sees: inputs, this monster, other monsters."""

    __slots__ = ("evaluation", "name", "block", "pipeline", "original_cutoff")

    def __init__(self, evaluation: _Evaluation, name: str, block: StatBlock,
                 pipeline: dict[Stat, int | None] | None = None,
                 original_cutoff: int | None = None) -> None:
        self.evaluation = evaluation
        self.name = name
        self.block = block
        self.pipeline = pipeline
        self.original_cutoff = original_cutoff

    def input(self, name: str) -> int:
        return self.evaluation.input(name, self.block)

    def quantity(self, monster: str, quantity: str) -> int:
        if monster and monster != self.name:
            value = self.evaluation.quantity(monster, self.evaluation.monster(monster),
                                             quantity)
        elif self.pipeline is not None and quantity in ("atk", "def", "level"):
            value = self.pipeline[Stat(quantity)]
        elif self.original_cutoff is not None and quantity.startswith("original_"):
            stat = Stat(quantity.removeprefix("original_"))
            value = self.evaluation.original(self.name, self.block, _GROUP_OF[stat],
                                             self.original_cutoff)[stat]
        elif quantity in ("atk", "def") and self.evaluation.computing_group(self.name, "ad"):
            # a continuous effect on one stat that reads the other ("gains ATK equal to its
            # DEF", Magnum Shield): the other stat's value before FINAL effects
            value = self.evaluation.pre(self.name, self.block, Stat(quantity))
            value = None if value is None else max(0, value)
        else:
            value = self.evaluation.quantity(self.name, self.block, quantity)
        if value is None:
            who = monster or self.name or "the monster"
            raise StatsError(f"{who} has no {quantity.replace('_', ' ')}")
        return value


class _Evaluation:
    """One derivation of displayed values, with a memo and a guard against circular
    definitions (A's ATK depends on B's, which depends on A's)."""

    def __init__(self, root: StatBlock, env: StatEnvironment | None, root_name: str) -> None:
        self.root = root
        self.env = env
        self.root_name = root_name
        self.memo: dict[tuple[str, str], object] = {}
        self.stack: list[tuple[str, str]] = []

    # environment
    def input(self, name: str, block: StatBlock) -> int:
        if self.env is not None:
            return self.env.input(name)
        for key, value in block.inputs:
            if key == name:
                return value
        raise StatsError(f"input {name!r} has no value")

    def monster(self, name: str) -> StatBlock:
        if self.env is None:
            raise StatsError(f"cannot read monster {name!r}: no environment given")
        return self.env.monster(name)

    def _memo(self, key: tuple[str, str], compute):  # noqa: ANN001, ANN202
        if key in self.memo:
            return self.memo[key]
        if key in self.stack:
            steps = [k for k in self.stack if not k[1].startswith("displayed:")]
            chain = " → ".join(_quantity_name(n, q) for n, q in (*steps, key))
            raise StatsError(f"circular definition: {chain}")
        self.stack.append(key)
        try:
            value = compute()
        finally:
            self.stack.pop()
        self.memo[key] = value
        return value

    def computing_group(self, name: str, group: str) -> bool:
        """Is a displayed or accumulated value of this monster's group being derived?"""
        stats = {f"pre:{s.value}" for s in _GROUPS[group]} | {f"displayed:{group}"}
        return any(n == name and q in stats for n, q in self.stack)

    def quantity(self, name: str, block: StatBlock, quantity: str) -> int | None:
        if quantity.startswith("original_"):
            stat = Stat(quantity.removeprefix("original_"))
            return self.original(name, block, _GROUP_OF[stat])[stat]
        stat = Stat(quantity)
        return self.displayed(name, block, _GROUP_OF[stat])[stat]

    def values(self, name: str, block: StatBlock) -> StatValues:
        ad = self.displayed(name, block, "ad")
        lv = self.displayed(name, block, "lv")
        oad = self.original(name, block, "ad")
        olv = self.original(name, block, "lv")
        pre = self.pre_final(name, block)
        return StatValues(ad[Stat.ATK], ad[Stat.DEF], lv[Stat.LEVEL], oad[Stat.ATK],
                          oad[Stat.DEF], olv[Stat.LEVEL], pre[Stat.ATK], pre[Stat.DEF])

    # 1. original values (R79–R81, R83)
    def original(self, name: str, block: StatBlock, group: str,
                 cutoff: int | None = None) -> dict[Stat, int | None]:
        def compute() -> dict[Stat, int | None]:
            vector = {s: block.printed_value(s) for s in _GROUPS[group]}
            if not block.face_up:
                return vector
            for app in block.applications:
                if cutoff is not None and app.started >= cutoff:
                    break
                if app.stat_class in ORIGINALS and block._live(app):
                    stats = [s for s in app.stats if s in vector]
                    if stats:
                        vector = _run(app.op, vector, stats,
                                      _Scope(self, name, block), app.frozen)
            return vector
        if cutoff is not None:
            return compute()
        return self._memo((name, f"original:{group}"), compute)  # type: ignore[return-value]

    # 2.–3. the accumulated value before FINAL effects (may be negative, R74)
    def pre(self, name: str, block: StatBlock, stat: Stat) -> int | None:
        def compute() -> int | None:
            if not block.has(stat):
                return None
            if not block.face_up:
                return block.printed_value(stat)
            core = self.core(name, block, stat, _INF)
            continuous = sum(self._delta(name, block, app, stat)
                             for app in block.applications
                             if app.stat_class is StatClass.DELTA_CONT
                             and self.effective(block, app, stat))
            return core + continuous
        return self._memo((name, f"pre:{stat.value}"), compute)  # type: ignore[return-value]

    def effective(self, block: StatBlock, app: Application, stat: Stat) -> bool:
        return (stat in app.stats and stat not in app.erased and not app.suspended_on(stat)
                and block._live(app))

    def core(self, name: str, block: StatBlock, stat: Stat, cutoff: int) -> int:
        apps = [a for a in block.applications
                if a.started < cutoff and self.effective(block, a, stat)]
        base_set = next((a for a in reversed(apps) if a.stat_class is StatClass.ASET), None)
        if base_set is not None and any(
                a.stat_class is StatClass.CORIG and a.op.kind is not OpKind.SWAP
                and a.started > base_set.started and a.started < cutoff
                and stat in a.stats and block._live(a) for a in block.applications):
            base_set = None  # R83: a later CORIG "becomes" overrides it while it applies
        after = base_set.started if base_set is not None else -1
        cset = next((a for a in reversed(apps)
                     if a.stat_class is StatClass.CSET and a.started > after), None)
        if cset is not None:
            base = self._cset_value(name, block, cset, stat)
            since = cset.started
        else:
            if base_set is not None:
                value = base_set.frozen_value(stat)
                assert value is not None
                base = value
            else:
                original = self.original(name, block, _GROUP_OF[stat])[stat]
                assert original is not None
                base = original
            since = -1
        once = sum(self._delta(name, block, a, stat) for a in apps
                   if a.stat_class in (StatClass.DELTA_ONCE, StatClass.DC_ONCE)
                   and a.started > since)
        return base + once

    def _cset_value(self, name: str, block: StatBlock, cset: Application, stat: Stat) -> int:
        op = cset.op
        if op.kind is OpKind.SWAP:
            other = Stat.DEF if stat is Stat.ATK else Stat.ATK
            return self.core(name, block, other, cset.started)
        if op.kind is OpKind.MULTIPLY:
            return op.round(self.core(name, block, stat, cset.started) * op.factor)
        cutoff = None if block.rules.cset_follows_new_original else cset.started
        scope = _Scope(self, name, block, original_cutoff=cutoff)
        return op.round(_evaluate(op.value_for(stat), scope))

    def _delta(self, name: str, block: StatBlock, app: Application, stat: Stat) -> int:
        value = app.frozen_value(stat)
        if value is not None:
            return value
        return app.op.round(_evaluate(app.op.value_for(stat), _Scope(self, name, block)))

    def pre_final(self, name: str, block: StatBlock) -> dict[Stat, int | None]:
        out: dict[Stat, int | None] = {}
        for stat in Stat:
            value = self.pre(name, block, stat)
            floor = 1 if stat is Stat.LEVEL else 0
            out[stat] = None if value is None else max(floor, value)
        return out

    # 4. displayed values: FINAL effects last, in the R89 order (R89–R92)
    def displayed(self, name: str, block: StatBlock, group: str) -> dict[Stat, int | None]:
        def compute() -> dict[Stat, int | None]:
            floor = 1 if group == "lv" else 0
            vector: dict[Stat, int | None] = {}
            for stat in _GROUPS[group]:
                value = self.pre(name, block, stat)
                vector[stat] = None if value is None else max(floor, value)
            if not block.face_up:
                return vector
            finals = [a for a in block.applications if a.stat_class is StatClass.FINAL
                      and block._live(a) and any(self.effective(block, a, s) and s in vector
                                                 for s in a.stats)]
            for app in _final_order(finals, block.rules):
                stats = [s for s in app.stats if s in vector and self.effective(block, app, s)]
                scope = _Scope(self, name, block, pipeline={**_blank(), **vector})
                vector = _run(app.op, vector, stats, scope, ())
                vector = {s: None if v is None else max(floor, v) for s, v in vector.items()}
            return vector
        return self._memo((name, f"displayed:{group}"), compute)  # type: ignore[return-value]


def _quantity_name(name: str, key: str) -> str:
    kind, _, what = key.partition(":")
    label = {"atk": "ATK", "def": "DEF", "level": "Level", "ad": "ATK/DEF", "lv": "Level"}
    prefix = "original " if kind == "original" else ""
    return f"{name or 'the monster'}'s {prefix}{label.get(what, what)}"


def _blank() -> dict[Stat, int | None]:
    return {s: None for s in Stat}


def _final_order(finals: list[Application], rules: StatRules) -> list[Application]:
    """R89: a linear extension of the partial order; unlisted pairs in time order (or
    reverse time order, R96.5)."""
    if len(finals) < 2:
        return finals
    below = _rank_closure(rules.final_order, rules.final_equal)
    remaining = sorted(finals, key=lambda a: a.started,
                       reverse=rules.final_unlisted_order == "reverse_time")
    ordered: list[Application] = []
    while remaining:
        for candidate in remaining:
            if not any(_ranks_below(other, candidate, below) for other in remaining
                       if other is not candidate):
                break
        else:  # pragma: no cover - the closure is acyclic by construction
            candidate = remaining[0]
        ordered.append(candidate)
        remaining.remove(candidate)
    return ordered


def _ranks_below(lower: Application, higher: Application,
                 below: frozenset[tuple[str, str]]) -> bool:
    if lower.final_rank is None or higher.final_rank is None:
        return False
    return (lower.final_rank, higher.final_rank) in below


@lru_cache(maxsize=32)
def _rank_closure(order: tuple[tuple[str, str], ...],
                  equal: tuple[tuple[str, str], ...]) -> frozenset[tuple[str, str]]:
    """Transitive closure of the R89 order; equal ranks share their neighbours."""
    group: dict[str, str] = {}

    def root(rank: str) -> str:
        while group.get(rank, rank) != rank:
            rank = group[rank]
        return rank

    for a, b in equal:
        group[root(a)] = root(b)
    names = {n for pair in (*order, *equal) for n in pair}
    edges = {(root(a), root(b)) for a, b in order}
    changed = True
    while changed:
        changed = False
        for a, b in list(edges):
            for c, d in list(edges):
                if b == c and (a, d) not in edges:
                    edges.add((a, d))
                    changed = True
    cyclic = {a for a, b in edges if a == b}
    if cyclic:
        raise StatsError(f"the FINAL order list has a cycle through {sorted(cyclic)}")
    return frozenset((x, y) for x in names for y in names if (root(x), root(y)) in edges)
