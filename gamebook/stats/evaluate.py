"""How a monster's displayed and original values are derived from its stat record (R95).

One :class:`Evaluation` computes the values of one or several monsters (other monsters are
reached through a :class:`~gamebook.stats.vocab.StatEnvironment`), memoising each
quantity and refusing circular definitions. The steps, for each stat:

1. ``original``  — printed ('?' → 0) through live AORIG/CORIG/ORIG-once in start order;
2. ``core``      — latest live ASET snapshot (unless a later CORIG "becomes" overrides it) or
   the original; replaced by the latest live CSET started after it; plus applied-once
   raises/lowers not erased, suspended or hidden by that CSET;
3. ``pre``       — core + live continuous raises/lowers (may be negative, R74);
4. ``displayed`` — max(0, pre), then FINAL applications in the R89 order (:func:`final_order`).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

from gamebook.stats.expr import Expr, ExprError
from gamebook.stats.vocab import (
    GROUP_OF,
    GROUPS,
    ORIGINALS,
    Application,
    Operation,
    OpKind,
    Record,
    Stat,
    StatClass,
    StatEnvironment,
    StatRules,
    StatsError,
    StatValues,
)

_INF = 1 << 60


def evaluate(expr: Expr, reader: EvaluationReader) -> Fraction:
    try:
        return expr.evaluate(reader)
    except ExprError as error:
        raise StatsError(str(error)) from None


def run_operation(op: Operation, vector: dict[Stat, int | None], stats: Iterable[Stat],
                  reader: EvaluationReader,
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
        value = fixed[stat] if stat in fixed else op.round(evaluate(op.value_for(stat), reader))
        out[stat] = current + value if op.kind is OpKind.ADD else value
    return out


class NothingToRead:
    """The :class:`~gamebook.stats.expr.ExprReader` of constant expressions, which read
    nothing."""

    def input(self, name: str) -> int:  # pragma: no cover - constants read no input
        raise StatsError(f"input {name!r} has no value")

    def quantity(self, monster: str, quantity: str) -> int:  # pragma: no cover
        raise StatsError(f"cannot read {quantity}")


NOTHING_TO_READ = NothingToRead()


class EvaluationReader:
    """The :class:`~gamebook.stats.expr.ExprReader` of one monster's application during one
    :class:`Evaluation`: what its expression sees (inputs, this monster, other monsters)."""

    __slots__ = ("evaluation", "name", "block", "pipeline", "original_cutoff")

    def __init__(self, evaluation: Evaluation, name: str, block: Record,
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
            value = self.evaluation.original(self.name, self.block, GROUP_OF[stat],
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


class Evaluation:
    """One derivation of displayed values, with a memo and a guard against circular
    definitions (A's ATK depends on B's, which depends on A's)."""

    def __init__(self, root: Record, env: StatEnvironment | None, root_name: str) -> None:
        self.root = root
        self.env = env
        self.root_name = root_name
        self.memo: dict[tuple[str, str], object] = {}
        self.stack: list[tuple[str, str]] = []

    # environment
    def input(self, name: str, block: Record) -> int:
        if self.env is not None:
            return self.env.input(name)
        for key, value in block.inputs:
            if key == name:
                return value
        raise StatsError(f"input {name!r} has no value")

    def monster(self, name: str) -> Record:
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
        stats = {f"pre:{s.value}" for s in GROUPS[group]} | {f"displayed:{group}"}
        return any(n == name and q in stats for n, q in self.stack)

    def quantity(self, name: str, block: Record, quantity: str) -> int | None:
        if quantity.startswith("original_"):
            stat = Stat(quantity.removeprefix("original_"))
            return self.original(name, block, GROUP_OF[stat])[stat]
        stat = Stat(quantity)
        return self.displayed(name, block, GROUP_OF[stat])[stat]

    def values(self, name: str, block: Record) -> StatValues:
        ad = self.displayed(name, block, "ad")
        lv = self.displayed(name, block, "lv")
        oad = self.original(name, block, "ad")
        olv = self.original(name, block, "lv")
        pre = self.pre_final(name, block)
        return StatValues(ad[Stat.ATK], ad[Stat.DEF], lv[Stat.LEVEL], oad[Stat.ATK],
                          oad[Stat.DEF], olv[Stat.LEVEL], pre[Stat.ATK], pre[Stat.DEF])

    # 1. original values (R79–R81, R83)
    def original(self, name: str, block: Record, group: str,
                 cutoff: int | None = None) -> dict[Stat, int | None]:
        def compute() -> dict[Stat, int | None]:
            vector = {s: block.printed_value(s) for s in GROUPS[group]}
            if not block.face_up:
                return vector
            for app in block.applications:
                if cutoff is not None and app.started >= cutoff:
                    break
                if app.stat_class in ORIGINALS and block.live(app):
                    stats = [s for s in app.stats if s in vector]
                    if stats:
                        vector = run_operation(app.op, vector, stats,
                                      EvaluationReader(self, name, block), app.frozen)
            return vector
        if cutoff is not None:
            return compute()
        return self._memo((name, f"original:{group}"), compute)  # type: ignore[return-value]

    # 2.–3. the accumulated value before FINAL effects (may be negative, R74)
    def pre(self, name: str, block: Record, stat: Stat) -> int | None:
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

    def effective(self, block: Record, app: Application, stat: Stat) -> bool:
        return (stat in app.stats and stat not in app.erased and not app.suspended_on(stat)
                and block.live(app))

    def core(self, name: str, block: Record, stat: Stat, cutoff: int) -> int:
        apps = [a for a in block.applications
                if a.started < cutoff and self.effective(block, a, stat)]
        base_set = next((a for a in reversed(apps) if a.stat_class is StatClass.ASET), None)
        if base_set is not None and any(
                a.stat_class is StatClass.CORIG and a.op.kind is not OpKind.SWAP
                and a.started > base_set.started and a.started < cutoff
                and stat in a.stats and block.live(a) for a in block.applications):
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
                original = self.original(name, block, GROUP_OF[stat])[stat]
                assert original is not None
                base = original
            since = -1
        once = sum(self._delta(name, block, a, stat) for a in apps
                   if a.stat_class in (StatClass.DELTA_ONCE, StatClass.DC_ONCE)
                   and a.started > since)
        return base + once

    def _cset_value(self, name: str, block: Record, cset: Application, stat: Stat) -> int:
        op = cset.op
        if op.kind is OpKind.SWAP:
            other = Stat.DEF if stat is Stat.ATK else Stat.ATK
            return self.core(name, block, other, cset.started)
        if op.kind is OpKind.MULTIPLY:
            return op.round(self.core(name, block, stat, cset.started) * op.factor)
        cutoff = None if block.rules.cset_follows_new_original else cset.started
        reader = EvaluationReader(self, name, block, original_cutoff=cutoff)
        return op.round(evaluate(op.value_for(stat), reader))

    def _delta(self, name: str, block: Record, app: Application, stat: Stat) -> int:
        value = app.frozen_value(stat)
        if value is not None:
            return value
        reader = EvaluationReader(self, name, block)
        return app.op.round(evaluate(app.op.value_for(stat), reader))

    def pre_final(self, name: str, block: Record) -> dict[Stat, int | None]:
        out: dict[Stat, int | None] = {}
        for stat in Stat:
            value = self.pre(name, block, stat)
            floor = 1 if stat is Stat.LEVEL else 0
            out[stat] = None if value is None else max(floor, value)
        return out

    # 4. displayed values: FINAL effects last, in the R89 order (R89–R92)
    def displayed(self, name: str, block: Record, group: str) -> dict[Stat, int | None]:
        def compute() -> dict[Stat, int | None]:
            floor = 1 if group == "lv" else 0
            vector: dict[Stat, int | None] = {}
            for stat in GROUPS[group]:
                value = self.pre(name, block, stat)
                vector[stat] = None if value is None else max(floor, value)
            if not block.face_up:
                return vector
            finals = [a for a in block.applications if a.stat_class is StatClass.FINAL
                      and block.live(a) and any(self.effective(block, a, s) and s in vector
                                                 for s in a.stats)]
            for app in final_order(finals, block.rules):
                stats = [s for s in app.stats if s in vector and self.effective(block, app, s)]
                reader = EvaluationReader(self, name, block, pipeline={**_blank(), **vector})
                vector = run_operation(app.op, vector, stats, reader, ())
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


def final_order(finals: list[Application], rules: StatRules) -> list[Application]:
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
