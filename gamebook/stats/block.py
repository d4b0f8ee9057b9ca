"""ATK/DEF layering (docs/rules.md, §E, R70–R96): one immutable stat record per monster.

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

Blocks are frozen, hashable and canonical (applications erased on every stat are dropped,
start times are renumbered 0…n-1), so two histories that leave the same live applications give
equal blocks. The vocabulary (stats, classes, operations, options) is in
:mod:`gamebook.stats.vocab` (all of it is exported by :mod:`gamebook.stats`); the derivation is in
:mod:`gamebook.stats.evaluate`. Nothing heavy is imported: this is the engine's hot path.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from gamebook.stats.evaluate import (
    NOTHING_TO_READ,
    Evaluation,
    EvaluationReader,
    evaluate,
    run_operation,
)
from gamebook.stats.vocab import (
    ALLOWED_CLASSES,
    CONTINUOUS,
    DEFAULT_RULES,
    END_OF_DAMAGE_CALCULATION,
    ERASED_BY_ASET,
    UNKNOWN,
    Application,
    ApplicationView,
    Operation,
    OpKind,
    Stat,
    StatClass,
    StatEnvironment,
    StatRules,
    StatsError,
    StatValues,
    source_matches,
)

# Records are values: equal records have equal displayed values, and the explorer meets the
# same few records on thousands of branches (73,722 derivations of 6 records on the crowded
# benchmark). Bounded, so that a long session cannot grow it without end.
_MEMO_LIMIT = 100_000
_OWN_VALUES: dict = {}
_APPLIED: dict = {}


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

    # -- identity: what the record can still affect ------------------------------------
    @cached_property
    def _identity(self) -> tuple:
        return (self.printed_atk, self.printed_def, self.printed_level,
                _commuted(self.applications), self.negated, self.face_up,
                self.in_damage_calculation, self.inputs, self.rules)

    def __hash__(self) -> int:
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(self._identity)
            object.__setattr__(self, "_hash", cached)
        return cached

    def __eq__(self, other: object) -> bool:
        """Equal when nothing can tell the records apart: the same applications, except that
        a run of applied-once raises/lowers in a row may have started in any order
        (:func:`_commuted`). Two raises of +500 and +1,500 are one record either way round."""
        if self is other:
            return True
        if other.__class__ is not StatBlock:
            return NotImplemented
        return hash(self) == hash(other) and self._identity == other._identity  # type: ignore[attr-defined]

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

    def off_field_value(self, stat: Stat) -> int | None:
        """R62: the printed value as checked off the field (Deck, hand, GY): '?' is
        undetermined (None) and cannot be compared ("1500 or less"), nor is no DEF."""
        raw = {Stat.ATK: self.printed_atk, Stat.DEF: self.printed_def,
               Stat.LEVEL: self.printed_level}[stat]
        return None if raw is None or raw == UNKNOWN else int(raw)

    def with_input(self, name: str, value: int) -> StatBlock:
        """Set a named input (hand size, banished Dinosaurs …) read by this block's
        expressions when no environment is given."""
        inputs = dict(self.inputs)
        inputs[name] = value
        return replace(self, inputs=tuple(sorted(inputs.items())))

    def without_input(self, name: str) -> StatBlock:
        """The block without the named input (what read it has gone)."""
        if all(key != name for key, _ in self.inputs):
            return self
        return replace(self, inputs=tuple(item for item in self.inputs if item[0] != name))

    # -- reading ------------------------------------------------------------------------
    @cached_property
    def _own_values(self) -> StatValues:
        found = _OWN_VALUES.get(self)
        if found is None:
            if len(_OWN_VALUES) >= _MEMO_LIMIT:
                _OWN_VALUES.clear()
            found = _OWN_VALUES[self] = self.values()
        return found

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
        return Evaluation(self, env, name).values(name, self)

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
        a face-down monster is not affected (R70). Without an environment the result depends
        on the record and the arguments only, and equal calls share it."""
        stats = tuple(stats)
        if env is not None:
            return self._apply(stat_class, stats, op, source=source, duration=duration, env=env,
                               name=name, reverts_on_negation=reverts_on_negation,
                               final_rank=final_rank)
        # the record itself too: equal blocks may list a run of raises in another order
        key = (self, self.applications, self.erased_history, stat_class, stats, op, source,
               duration, name, reverts_on_negation, final_rank)
        found = _APPLIED.get(key)
        if found is None:
            found = self._apply(stat_class, stats, op, source=source, duration=duration,
                                name=name, reverts_on_negation=reverts_on_negation,
                                final_rank=final_rank)
            if len(_APPLIED) >= _MEMO_LIMIT:
                _APPLIED.clear()
            _APPLIED[key] = found
        return found

    def _apply(self, stat_class: StatClass, stats: Iterable[Stat], op: Operation, *,
               source: str, duration: str | None = None, env: StatEnvironment | None = None,
               name: str = "", reverts_on_negation: bool | None = None,
               final_rank: str | None = None) -> StatBlock:
        stat_class = StatClass(stat_class)
        if stat_class not in ALLOWED_CLASSES[op.kind]:
            raise StatsError(f"operation '{op.kind.value}' cannot be used with class "
                             f"{stat_class.value} (allowed: "
                             f"{', '.join(sorted(c.value for c in ALLOWED_CLASSES[op.kind]))})")
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
            if source_matches(source, app.source) and (app.continuous or app.pending):
                block = block._end(app.started)
        return block

    def negate(self, source: str) -> StatBlock:
        """Negate ``source`` (and its sub-sources ``source:…``). Continuous applications stop
        while negated; applied-once self changes (ORIG-once, ``reverts_on_negation``) are
        undone for good (R72, R84). Anything already erased stays erased."""
        block = self
        for app in sorted(self.applications, key=lambda a: -a.started):
            if (source_matches(source, app.source) and app.reverts_on_negation
                    and not app.continuous):
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
        apps = [replace(a, off=True) if a.continuous and source_matches(source, a.source) else a
                for a in self.applications]
        return self._with(apps)

    def condition_on(self, source: str) -> StatBlock:
        waking = {a.started for a in self.applications
                  if a.continuous and a.off and source_matches(source, a.source)}
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
        return any(source_matches(n, app.source) for n in self.negated)

    def live(self, app: Application) -> bool:
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
            value = op.round(op.expr.evaluate(NOTHING_TO_READ))
            return tuple((stat, value) for stat in app.stats)
        evaluation = Evaluation(self, env, name)
        reader = EvaluationReader(evaluation, name, self)
        if cls is StatClass.ASET:
            shown = evaluation.values(name, self)
            vector = {s: shown.of(s) for s in Stat}
            result = run_operation(app.op, vector, app.stats, reader, ())
            return tuple((s, int(result[s])) for s in app.stats if result[s] is not None)
        out = []
        for stat in app.stats:
            out.append((stat, app.op.round(evaluate(app.op.value_for(stat), reader))))
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


def _commuted(apps: tuple[Application, ...]) -> tuple:
    """The record with the order of each run of consecutive applied-once raises/lowers
    forgotten. Their sum does not depend on their order, and whatever reads start times
    (an ASET erasing or suspending what started before it, R77/R78; a CSET hiding earlier
    raises, R73; the R89 order of FINAL applications) compares them with applications outside
    the run only, whose places do not move. A run member is kept without its start time."""
    out: list = []
    run: list[tuple] = []
    for app in apps:
        if app.stat_class is StatClass.DELTA_ONCE and not app.pending:
            run.append((app.stats, str(app.op), app.source, app.duration or "", app.frozen,
                        app.erased, app.suspended, app.reverts_on_negation))
            continue
        out.extend(sorted(run))
        run = []
        out.append(app)
    out.extend(sorted(run))
    return tuple(out)


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
