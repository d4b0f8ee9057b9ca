"""Properties of the stat model over random timelines (hypothesis).

- displayed values are never negative (and a Level never below 1);
- an applied-once value never changes after it resolved unless erased: inputs feed only
  applied-once values here, so changing an input never moves a displayed value, and every
  DELTA-once keeps the amount it was given;
- the same timeline always gives the same result (equal values, equal and equally hashed
  records);
- an effect that never applied (its source negated before it started, never un-negated)
  changes nothing at any step.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamebook.stats import (
    Operation,
    Stat,
    StatBlock,
    StatBoard,
    StatClass,
    StatsError,
    TimelineError,
)
from gamebook.stats import TimelineApplication as Application

MONSTERS = ("a", "b")
SOURCES = ("s0", "s1", "s2", "s3", "s4")
DURATIONS = (None, None, "end_of_turn", "end_of_damage_step", "end_of_damage_calculation")
EVENTS = ("damage_step", "damage_calculation", "end_of_damage_calculation",
          "end_of_damage_step", "end_of_turn")
ONCE = (StatClass.DELTA_ONCE, StatClass.ASET, StatClass.AORIG, StatClass.ORIG_ONCE,
        StatClass.DC_ONCE)
CONTINUOUS = (StatClass.DELTA_CONT, StatClass.CSET, StatClass.CORIG, StatClass.FINAL)
# derandomize: the same cases on every run (CI must not fail by chance; a new case found by a
# random run is added as a test of its own)
SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Step:
    kind: str
    arg: object = None


amounts = st.integers(-60, 60).map(lambda n: n * 50)
values = st.integers(0, 100).map(lambda n: n * 50)


@st.composite
def operations(draw: st.DrawFn, stat_class: StatClass, stats: tuple[Stat, ...]) -> Operation:
    once = stat_class in ONCE
    if stat_class in (StatClass.DELTA_ONCE, StatClass.DELTA_CONT, StatClass.DC_ONCE) or (
            stat_class is StatClass.FINAL and draw(st.booleans())):
        if once and draw(st.booleans()):
            return Operation.add(f"{draw(st.integers(-5, 5)) * 100} * hand")
        if once and draw(st.booleans()):
            other = draw(st.sampled_from(MONSTERS))
            return Operation.add(f"{other}.atk / 2")
        return Operation.add(draw(amounts))
    choices = ["become", "half", "double", "become_original"]
    if set(stats) == {Stat.ATK, Stat.DEF} and stat_class is not StatClass.ORIG_ONCE:
        choices.append("swap")
    kind = draw(st.sampled_from(choices))
    if kind == "become":
        if once and stat_class is not StatClass.AORIG and draw(st.booleans()):
            return Operation.become("hand * 300")
        return Operation.become(draw(values))
    if kind == "half":
        return Operation.half()
    if kind == "double":
        return Operation.double()
    if kind == "swap":
        return Operation.swap()
    if stat_class in (StatClass.AORIG, StatClass.CORIG, StatClass.ORIG_ONCE):
        return Operation.become(draw(values))  # "original becomes original" is a no-op
    return Operation.become_original(draw(st.sampled_from([1, 2])))


@st.composite
def applications(draw: st.DrawFn) -> Step:
    stat_class = draw(st.sampled_from(ONCE + CONTINUOUS))
    stats = draw(st.sampled_from([(Stat.ATK,), (Stat.DEF,), (Stat.ATK, Stat.DEF),
                                  (Stat.LEVEL,)]))
    if stats == (Stat.LEVEL,):
        stat_class = draw(st.sampled_from((StatClass.DELTA_ONCE, StatClass.DELTA_CONT)))
    op = draw(operations(stat_class, stats))
    final_rank = None
    if stat_class is StatClass.FINAL:
        final_rank = draw(st.sampled_from([None, "mirror_wall", "gaia_plate", "super_crashbug",
                                           "wicked_avatar", "gradius_option"]))
    return Step("apply", Application(
        draw(st.sampled_from(MONSTERS)), stat_class, stats, op,
        draw(st.sampled_from(SOURCES)), draw(st.sampled_from(DURATIONS)),
        reverts_on_negation=draw(st.booleans()), final_rank=final_rank))


steps = st.one_of(
    applications(), applications(), applications(),
    st.builds(Step, st.just("negate"), st.sampled_from(SOURCES)),
    st.builds(Step, st.just("unnegate"), st.sampled_from(SOURCES)),
    st.builds(Step, st.just("condition_off"), st.sampled_from(SOURCES)),
    st.builds(Step, st.just("condition_on"), st.sampled_from(SOURCES)),
    st.builds(Step, st.just("source_leaves"), st.sampled_from(SOURCES)),
    st.builds(Step, st.just("set_input"), st.integers(0, 8)),
    st.builds(Step, st.just("event"), st.sampled_from(EVENTS)),
    st.builds(Step, st.just("face_down"), st.sampled_from(MONSTERS)),
    st.builds(Step, st.just("face_up"), st.sampled_from(MONSTERS)),
    st.builds(Step, st.just("leave_field"), st.just("b")),
)
timelines = st.lists(steps, max_size=25)
printed = st.one_of(st.just("?"), values)


def start(atk: int | str, def_: int | str) -> StatBoard:
    board = StatBoard(inputs=(("hand", 3),)).declare_sources((*SOURCES, "ghost"))
    board = board.with_monster("a", StatBlock.printed(atk, def_, 4))
    return board.with_monster("b", StatBlock.printed(1500, None))


def step(board: StatBoard, item: Step) -> StatBoard:
    try:
        if item.kind == "apply":
            return board.apply(item.arg)  # type: ignore[arg-type]
        if item.kind == "set_input":
            return board.set_input("hand", item.arg)  # type: ignore[arg-type]
        return getattr(board, item.kind)(item.arg)
    except (TimelineError, StatsError):
        # not possible now (unknown source, face-down, left the field …), or not worked out:
        # a DC-once amount that reads a monster gone before damage calculation (the command
        # refuses such a timeline with that message)
        return board


def snapshot(board: StatBoard) -> tuple:
    return tuple((name, board.values(name)) for name in board.names())


def run(board: StatBoard, items: list[Step]) -> list[tuple]:
    shots = [snapshot(board)]
    for item in items:
        board = step(board, item)
        shots.append(snapshot(board))
    return shots


@SETTINGS
@given(printed, printed, timelines)
def test_displayed_values_are_never_negative(atk: int | str, def_: int | str,
                                             items: list[Step]) -> None:
    for shot in run(start(atk, def_), items):
        for _, values in shot:
            assert values.atk is not None and values.atk >= 0
            assert values.def_ is None or values.def_ >= 0
            assert values.level is None or values.level >= 1
            assert values.original_atk is not None and values.original_atk >= 0


@SETTINGS
@given(printed, printed, timelines)
def test_applied_once_values_never_change_after_they_resolved(
        atk: int | str, def_: int | str, items: list[Step]) -> None:
    board = start(atk, def_)
    given_amounts: dict[tuple[str, str], tuple] = {}
    for index, item in enumerate(items):
        if item.kind == "apply":  # a unique source per application: "s0:7" (negate "s0")
            app = item.arg
            assert isinstance(app, Application)
            item = Step("apply", replace(app, source=f"{app.source}:{index}"))
        before = snapshot(board)
        board = step(board, item)
        if item.kind == "set_input":
            assert snapshot(board) == before  # inputs feed applied-once values only
        for name, block in board.monsters:
            for app in block.applications:
                if app.stat_class is StatClass.DELTA_ONCE and app.frozen:
                    key = (name, app.source)
                    given_amounts.setdefault(key, app.frozen)
                    assert app.frozen == given_amounts[key]


@SETTINGS
@given(printed, printed, timelines)
def test_the_same_timeline_gives_the_same_result(atk: int | str, def_: int | str,
                                                 items: list[Step]) -> None:
    first, second = start(atk, def_), start(atk, def_)
    for item in items:
        first, second = step(first, item), step(second, item)
        assert first == second and hash(first) == hash(second)
        assert snapshot(first) == snapshot(second)


@SETTINGS
@given(printed, printed, timelines, st.integers(0, 25), st.sampled_from(CONTINUOUS),
       st.sampled_from(MONSTERS))
def test_an_effect_that_never_applied_changes_nothing(
        atk: int | str, def_: int | str, items: list[Step], position: int,
        ghost_class: StatClass, monster: str) -> None:
    op = Operation.swap() if ghost_class is not StatClass.DELTA_CONT else Operation.add(777)
    ghost = Step("apply", Application(monster, ghost_class, (Stat.ATK, Stat.DEF), op, "ghost"))
    position = min(position, len(items))
    with_ghost = [Step("negate", "ghost"), *items[:position], ghost, *items[position:]]
    plain = run(start(atk, def_), items)
    haunted = run(start(atk, def_), with_ghost)
    haunted = haunted[1:position + 2] + haunted[position + 3:]  # drop the two extra steps
    assert haunted == plain


def test_a_dc_once_amount_that_reads_a_monster_gone_is_refused_with_its_reason() -> None:
    """Found by the property tests: "b.atk / 2" applied once at damage calculation, after b
    has left the field, cannot be worked out; the model says so (a StatsError, which the
    ``stats`` command reports), it does not crash."""
    board = start(1000, 1000)
    board = board.leave_field("b")
    board = board.apply(Application("a", StatClass.DC_ONCE, (Stat.ATK,),
                                    Operation.add("b.atk / 2"), "s0", None))
    try:
        board.event("damage_calculation")
    except StatsError as error:
        assert "left the field" in str(error)
    else:
        raise AssertionError("a value read from a monster that has left was worked out")
