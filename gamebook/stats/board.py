"""A field of named monsters whose stat records read each other: the replay of a timeline.

:class:`StatBoard` holds one :class:`~gamebook.stats.block.StatBlock` per monster on the
field, the named inputs (hand size, banished Dinosaurs, materials …), the negated sources and
the current part of the Damage Step. It is the environment the blocks' expressions read
("half of Avramax's ATK", "1000 × cards in hand"). Every method returns a new board; a step
that cannot be carried out raises :class:`TimelineError`, naming the field at fault, so that
``gamebook stats`` can point at the line of the timeline file.

Board-wide events: a source negated or leaving the field reaches every monster; damage
calculation starts the waiting DC-once raises of every monster (R91, R92); the end of the
damage calculation, of the Damage Step and of the turn end the applications lasting that
long (R78, R80, R90).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from gamebook.stats.block import StatBlock
from gamebook.stats.vocab import (
    END_OF_DAMAGE_CALCULATION,
    END_OF_DAMAGE_STEP,
    END_OF_TURN,
    Operation,
    Stat,
    StatClass,
    StatRules,
    StatsError,
    StatValues,
)

#: R88: non-chain effects that start applying at the same moment apply in this order.
ORIGINS = ("own", "summoning_effect", "other")

#: Damage Step moments a timeline can move through, in order.
EVENTS = ("damage_step", "damage_calculation", "end_of_damage_calculation",
          "end_of_damage_step", "end_of_turn")


class TimelineError(ValueError):
    """A step names something that does not exist or cannot happen now."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class TimelineApplication:
    """An application as a timeline step describes it (before it meets a monster)."""

    monster: str
    stat_class: StatClass
    stats: tuple[Stat, ...]
    op: Operation
    source: str
    duration: str | None = None
    reverts_on_negation: bool | None = None
    final_rank: str | None = None
    origin: str = "other"


@dataclass(frozen=True)
class StatBoard:
    monsters: tuple[tuple[str, StatBlock], ...] = ()
    left: tuple[str, ...] = ()
    inputs: tuple[tuple[str, int], ...] = ()
    negated: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    moment: str = ""  # "", "damage_step", "damage_calculation"
    rules: StatRules = field(default_factory=StatRules)

    # -- environment (read by the blocks' expressions) ----------------------------------
    def input(self, name: str) -> int:
        for key, value in self.inputs:
            if key == name:
                return value
        raise StatsError(f"unknown input {name!r} (declare it under 'inputs')")

    def monster(self, name: str) -> StatBlock:
        for key, block in self.monsters:
            if key == name:
                return block
        if name in self.left:
            raise StatsError(f"monster {name!r} has left the field")
        raise StatsError(f"unknown monster {name!r}")

    def values(self, name: str) -> StatValues:
        return self.monster(name).values(self, name)

    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.monsters)

    # -- building -----------------------------------------------------------------------
    def with_monster(self, name: str, block: StatBlock) -> StatBoard:
        if name in self.names():
            raise TimelineError(f"monster {name!r} is already on the field")
        block = replace(block, rules=self.rules, negated=self.negated)
        return replace(self, monsters=(*self.monsters, (name, block)))

    def declare_sources(self, sources: Iterable[str]) -> StatBoard:
        return replace(self, sources=tuple(dict.fromkeys((*self.sources, *sources))))

    # -- steps --------------------------------------------------------------------------
    def apply(self, app: TimelineApplication) -> StatBoard:
        return self._apply(app).negations_reach(app)

    def _apply(self, app: TimelineApplication) -> StatBoard:
        block = self._block(app.monster, "monster")
        if not block.face_up:
            raise TimelineError(f"monster {app.monster!r} is face-down: ATK/DEF effects apply "
                                "only to face-up monsters (R70)", "monster")
        try:
            new = block.apply(app.stat_class, app.stats, app.op, source=app.source,
                              duration=app.duration, env=self, name=app.monster,
                              reverts_on_negation=app.reverts_on_negation,
                              final_rank=app.final_rank)
        except StatsError as error:
            raise TimelineError(str(error)) from None
        board = self._put(app.monster, new)
        board = board.declare_sources([app.source])
        board._check(app.monster)
        return board

    def apply_simultaneously(self, apps: Iterable[TimelineApplication]) -> StatBoard:
        """R88: the monster's own effects, then "the monster Special Summoned by this effect
        gains …", then other cards' non-chain effects — including negations already in force
        (Skill Drain) — ; ties keep the written order."""
        board = self
        ordered = sorted(apps, key=lambda a: ORIGINS.index(a.origin))
        for app in ordered:
            board = board._apply(app)
        for app in ordered:
            board = board.negations_reach(app)
        return board

    def negations_reach(self, app: TimelineApplication) -> StatBoard:
        """A negation already in force undoes a self-only applied-once change at once (it
        applies as an "other card's non-chain effect", R88); continuous ones just stay off."""
        patterns = [n for n in self.negated if _reaches(n, app.source)]
        if not patterns or app.monster not in self.names():
            return self
        block = self.monster(app.monster)
        for pattern in patterns:
            block = block.negate(pattern)
        board = self._put(app.monster, block)
        board._check(app.monster)
        return board

    def set_input(self, name: str, value: int) -> StatBoard:
        if all(key != name for key, _ in self.inputs):
            raise TimelineError(f"unknown input {name!r} (declare it under 'inputs')")
        inputs = tuple((k, value if k == name else v) for k, v in self.inputs)
        board = replace(self, inputs=inputs)
        board._check_all()
        return board

    def negate(self, source: str) -> StatBoard:
        self._known_source(source)
        board = self._each(lambda block: block.negate(source))
        return replace(board, negated=tuple(sorted({*board.negated, source})))

    def unnegate(self, source: str) -> StatBoard:
        self._known_source(source)
        if source not in self.negated:
            raise TimelineError(f"source {source!r} is not negated")
        board = replace(self, negated=tuple(n for n in self.negated if n != source))
        return board._each(lambda block: block.unnegate(source))

    def condition_off(self, source: str) -> StatBoard:
        self._known_source(source)
        return self._each(lambda block: block.condition_off(source))

    def condition_on(self, source: str) -> StatBoard:
        self._known_source(source)
        return self._each(lambda block: block.condition_on(source))

    def source_leaves(self, source: str) -> StatBoard:
        """The source left the field: its continuous applications end everywhere (R84)."""
        self._known_source(source)
        return self._each(lambda block: block.remove_source(source))

    def leave_field(self, monster: str) -> StatBoard:
        """The monster left the field: its record is gone (R84) and its own continuous
        effects on other monsters end."""
        self._block(monster, "monster")
        board = replace(self, monsters=tuple((n, b) for n, b in self.monsters if n != monster),
                        left=(*self.left, monster))
        board = board._each(lambda block: block.remove_source(monster))
        return board

    def face_down(self, monster: str) -> StatBoard:
        """Turned face-down: every modification is cleared and its continuous effects on
        other monsters end (R84)."""
        block = self._block(monster, "monster")
        board = self._put(monster, block.face_down())
        return board._each(lambda b: b.remove_source(monster), skip=monster)

    def face_up(self, monster: str) -> StatBoard:
        block = self._block(monster, "monster")
        if block.face_up:
            raise TimelineError(f"monster {monster!r} is already face-up")
        return self._put(monster, replace(block.flip_face_up(), negated=self.negated))

    def event(self, event: str) -> StatBoard:
        """Move through the Damage Step or end the turn (R90–R92)."""
        if event == "damage_step":
            return replace(self, moment="damage_step")
        if event == "damage_calculation":
            board = replace(self, moment="damage_calculation")
            for name in self.names():
                board = board._put(name, board.monster(name).begin_damage_calculation(
                    board, name))
            return board
        if event == "end_of_damage_calculation":
            board = self.end(END_OF_DAMAGE_CALCULATION)
            return replace(board, moment="damage_step" if self.moment else "")
        if event == "end_of_damage_step":
            board = self.end(END_OF_DAMAGE_CALCULATION).end(END_OF_DAMAGE_STEP)
            return replace(board, moment="")
        if event == "end_of_turn":
            board = self.end(END_OF_DAMAGE_CALCULATION).end(END_OF_DAMAGE_STEP)
            return replace(board.end(END_OF_TURN), moment="")
        raise TimelineError(f"unknown event {event!r} (expected one of {', '.join(EVENTS)})")

    def end(self, duration: str) -> StatBoard:
        return self._each(lambda block: block.end_duration(duration))

    # -- internals ----------------------------------------------------------------------
    def _block(self, name: str, field_name: str) -> StatBlock:
        try:
            return self.monster(name)
        except StatsError as error:
            raise TimelineError(str(error), field_name) from None

    def _put(self, name: str, block: StatBlock) -> StatBoard:
        return replace(self, monsters=tuple((n, block if n == name else b)
                                            for n, b in self.monsters))

    def _each(self, change, skip: str | None = None) -> StatBoard:  # noqa: ANN001
        board = replace(self, monsters=tuple((n, b if n == skip else change(b))
                                             for n, b in self.monsters))
        board._check_all()
        return board

    def _known_source(self, source: str) -> None:
        known = (*self.sources, *self.names(), *self.left)
        if not any(_reaches(source, k) or _reaches(k, source) for k in known):
            raise TimelineError(f"unknown source {source!r} (declare it under 'sources' or "
                                "use it in an earlier application)")

    def _check(self, name: str) -> None:
        try:
            self.values(name)
        except StatsError as error:
            raise TimelineError(str(error)) from None

    def _check_all(self) -> None:
        for name in self.names():
            self._check(name)


def _reaches(pattern: str, source: str) -> bool:
    return source == pattern or source.startswith(pattern + ":")
