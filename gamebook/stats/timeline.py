"""The ATK/DEF timeline file of ``gamebook stats``: its format, loading and replay.

A timeline file (YAML; format in ``docs/stats.md``, JSON Schema from :func:`timeline_schema`)
declares monsters (printed ATK/DEF, '?' allowed, Level, face-up or face-down), named inputs,
options for the open points of R96, and an ordered list of steps.

1. :func:`load_timeline` reads the file with the safe loader (line numbers kept) and
   validates it with pydantic against :class:`TimelineSpec`;
2. :func:`replay_timeline` builds a :class:`~gamebook.stats.board.StatBoard` from the
   monsters and carries out every step's action(s) on it — a problem (unknown monster or
   source, a monster that has left the field, a circular definition) stops the replay with
   ``file:line: message`` (:class:`~gamebook.errors.InputError`);
3. after every step it records each monster's ATK/DEF and original ATK/DEF (and Level) and
   compares them with the step's optional ``expect`` block (:class:`TimelineReplay`).

Printing the replay is the command's (:mod:`gamebook.cli.stats`). This module imports
pydantic, so :mod:`gamebook.stats` loads it only on first use: the engine never does.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from gamebook.errors import InputError, raise_all
from gamebook.inputs.yamlsrc import Located, load_yaml, validation_error
from gamebook.stats.block import StatBlock
from gamebook.stats.board import StatBoard, TimelineApplication, TimelineError
from gamebook.stats.expr import ExprError, parse_expr
from gamebook.stats.vocab import (
    ApplicationView,
    Operation,
    Stat,
    StatClass,
    StatRules,
    StatsError,
)

NAME_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]*$"
OPERATIONS = ("add", "become", "half", "double", "multiply", "swap", "become_original")
ACTIONS = ("apply", "simultaneous", "do", "set_input", "negate", "unnegate", "condition_off",
           "condition_on", "source_leaves", "leave_field", "face_down", "face_up", "event",
           "end")

Printed = Annotated[int, Field(ge=0)] | Literal["?"]
Number = Annotated[int, Field(strict=True)]
Value = Annotated[int, Field(strict=True)] | str


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class MonsterSpec(_Model):
    """A monster on the field at the start of the timeline."""

    name: str | None = Field(None, description="display name (default: the key)")
    atk: Printed = Field(description="printed ATK: a number ≥ 0 or '?'")
    def_: Printed | None = Field(alias="def", description="printed DEF: a number ≥ 0, '?', "
                                 "or null for a monster without DEF (Link)")
    level: Annotated[int, Field(strict=True, ge=0)] | None = Field(
        None, description="printed Level (null: none, e.g. Xyz/Link)")
    face_up: bool = Field(True, description="face-up at the start")

    @field_validator("atk", "def_", mode="before")
    @classmethod
    def _printed(cls, value: Any) -> Any:
        if value is None or value == "?" or (isinstance(value, int)
                                             and not isinstance(value, bool) and value >= 0):
            return value
        raise ValueError(f"a printed ATK/DEF is a whole number ≥ 0 or '?', not {value!r}")


class ApplySpec(_Model):
    """One application of an effect to one monster (R71 class, stats, operation)."""

    monster: str = Field(description="key of the affected monster")
    class_: StatClass = Field(alias="class", description="modifier class (R71): "
                              + ", ".join(c.value for c in StatClass))
    stats: list[Stat] = Field(min_length=1, description="stats affected: atk, def, level")
    op: str = Field(description="operation: " + ", ".join(OPERATIONS))
    value: Value | None = Field(None, description="for add/become: a number or an expression, "
                                "e.g. '1000 * hand', 'avramax.atk / 2 + 100', "
                                "'original_atk * 2'")
    factor: Number | str | None = Field(None, description="for multiply/become_original: "
                                        "e.g. 2, '1/2', '3/2'")
    rounding: Literal["up", "down"] = Field("up", description="halves round half up (R76)")
    source: str = Field(min_length=1, description="the card/effect applying it; 'card:effect' "
                        "sources are reached by negating 'card'")
    duration: str | None = Field(None, description="end_of_turn, end_of_damage_step, "
                                 "end_of_damage_calculation or any name ended by an 'end' step")
    reverts_on_negation: bool | None = Field(
        None, description="applied-once change undone if its source is negated (self-only "
        "effects, R84); default: true for orig_once, false otherwise")
    final_rank: str | None = Field(None, description="R89 rank of a FINAL application, e.g. "
                                   "mirror_wall, gaia_plate, super_crashbug, wicked_avatar, "
                                   "wicked_dreadroot, gradius_option")
    origin: Literal["own", "summoning_effect", "other"] = Field(
        "other", description="for simultaneous steps (R88)")

    @field_validator("class_", mode="before")
    @classmethod
    def _known_class(cls, value: Any) -> Any:
        if value not in {c.value for c in StatClass}:
            raise ValueError(f"unknown class {value!r} (expected one of "
                             f"{', '.join(c.value for c in StatClass)})")
        return value

    @field_validator("op")
    @classmethod
    def _known_op(cls, op: str) -> str:
        if op not in OPERATIONS:
            raise ValueError(f"unknown operation {op!r} (expected one of {', '.join(OPERATIONS)})")
        return op

    @field_validator("value")
    @classmethod
    def _expression(cls, value: int | str | None) -> int | str | None:
        if isinstance(value, str):
            _check_expression_size(value)
            try:
                parse_expr(value)
            except ExprError as error:
                raise ValueError(str(error)) from None
        return value

    @field_validator("factor")
    @classmethod
    def _fraction(cls, factor: int | str | None) -> int | str | None:
        if isinstance(factor, str):
            try:
                if Fraction(factor.replace(" ", "")) < 0:
                    raise ValueError
            except (ValueError, ZeroDivisionError):
                raise ValueError(f"expected a factor such as 2 or '1/2', not {factor!r}") from None
        return factor

    @model_validator(mode="after")
    def _operands(self) -> ApplySpec:
        needs_value = self.op in ("add", "become")
        if needs_value and self.value is None:
            raise ValueError(f"operation {self.op!r} needs a 'value'")
        if not needs_value and self.value is not None:
            raise ValueError(f"operation {self.op!r} takes no 'value'")
        if self.op == "multiply" and self.factor is None:
            raise ValueError("operation 'multiply' needs a 'factor'")
        if self.op not in ("multiply", "become_original") and self.factor is not None:
            raise ValueError(f"operation {self.op!r} takes no 'factor'")
        return self

    def operation(self) -> Operation:
        factor = Fraction(str(self.factor).replace(" ", "")) if self.factor is not None else None
        if self.op == "add":
            return Operation.add(self.value)  # type: ignore[arg-type]
        if self.op == "become":
            return Operation.become(self.value)  # type: ignore[arg-type]
        if self.op == "half":
            return Operation.half(self.rounding)
        if self.op == "double":
            return Operation.double()
        if self.op == "multiply":
            return Operation.multiply(factor, self.rounding)  # type: ignore[arg-type]
        if self.op == "swap":
            return Operation.swap()
        return Operation.become_original(factor if factor is not None else 1)

    def application(self) -> TimelineApplication:
        return TimelineApplication(self.monster, self.class_, tuple(self.stats), self.operation(),
                           self.source, self.duration, self.reverts_on_negation,
                           self.final_rank, self.origin)


class ActionSpec(_Model):
    """Exactly one action."""

    apply: ApplySpec | None = Field(None, description="apply one application")
    simultaneous: list[ApplySpec] | None = Field(
        None, min_length=1, description="non-chain applications that start at the same moment, "
        "ordered by origin (R88)")
    do: list[ActionSpec] | None = Field(
        None, min_length=1, description="several actions of one resolution, in text order (R87)")
    set_input: dict[str, Number] | None = Field(
        None, description="change named inputs, e.g. {hand: 4}")
    negate: str | None = Field(None, description="negate a source (and its 'source:…' parts)")
    unnegate: str | None = Field(None, description="the negation of a source ends")
    condition_off: str | None = Field(None, description="a source's continuous effects stop "
                                      "applying (their condition became false)")
    condition_on: str | None = Field(None, description="… and start applying again")
    source_leaves: str | None = Field(None, description="a source leaves the field")
    leave_field: str | None = Field(None, description="a monster leaves the field")
    face_down: str | None = Field(None, description="a monster is turned face-down")
    face_up: str | None = Field(None, description="a face-down monster is turned face-up")
    event: Literal["damage_step", "damage_calculation", "end_of_damage_calculation",
                   "end_of_damage_step", "end_of_turn"] | None = Field(
        None, description="enter the Damage Step, start damage calculation, end it, end the "
        "Damage Step, end the turn")
    end: str | None = Field(None, description="end every application with this duration")

    @model_validator(mode="after")
    def _exactly_one(self) -> ActionSpec:
        given = [name for name in ACTIONS if getattr(self, name) is not None]
        if len(given) != 1:
            found = ", ".join(given) if given else "none"
            raise ValueError(f"a step needs exactly one action of {', '.join(ACTIONS)} "
                             f"(found: {found})")
        return self


class ExpectSpec(_Model):
    atk: Number | None = None
    def_: Number | None = Field(None, alias="def")
    original_atk: Number | None = None
    original_def: Number | None = None
    level: Number | None = None
    original_level: Number | None = None
    atk_before_final: Number | None = Field(
        None, description="ATK before FINAL effects re-apply (clamped at 0), R89")
    def_before_final: Number | None = None


class CaseSpec(_Model):
    """Where a timeline comes from, for test suites (reference/atk_examples.md)."""

    id: str = Field(description="case id, e.g. E31")
    status: Literal["verified", "expected_failure", "option_dependent", "open_inputs"] = Field(
        description="verified: a ✔ case; expected_failure: the expected values are the seed's "
        "and the model does not reproduce them (reason says why); option_dependent: the result "
        "follows an R96 option; open_inputs: the seed leaves inputs open, ours are filled in")
    rules: list[str] = Field(default_factory=list, description="R-rules the case checks")
    reason: str | None = None


class StepSpec(ActionSpec):
    """One step: an action, an optional label/note, optional expected values."""

    label: str | None = Field(None, description="shown next to the step number")
    note: str | None = Field(None, description="free text")
    expect: dict[str, ExpectSpec] | None = Field(
        None, description="expected values after the step, per monster (exit 1 if different)")


class RulesSpec(_Model):
    """Options for the open points of R96."""

    stacked_original_halving: Literal["quarter", "half"] = "quarter"
    restart_counts_as_new_start: bool = True
    cset_follows_new_original: bool = True
    final_unlisted_order: Literal["time", "reverse_time"] = "time"
    final_order: list[Annotated[list[str], Field(min_length=2, max_length=2)]] | None = Field(
        None, description="replaces the R89 list of (lower, higher) FINAL rank pairs")

    def rules(self) -> StatRules:
        base = StatRules()
        order = base.final_order if self.final_order is None else tuple(
            (a, b) for a, b in self.final_order)
        return StatRules(self.stacked_original_halving, self.restart_counts_as_new_start,
                         self.cset_follows_new_original, order, base.final_equal,
                         self.final_unlisted_order)


class TimelineSpec(_Model):
    """A timeline for ``gamebook stats``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True,
                              title="gamebook stats timeline",
                              json_schema_extra={"$id": "gamebook-stats-timeline"})

    title: str | None = None
    note: str | None = None
    case: CaseSpec | None = None
    rules: RulesSpec = Field(default_factory=RulesSpec)
    inputs: dict[str, Number] = Field(default_factory=dict,
                                      description="named inputs and their starting values")
    sources: list[str] = Field(default_factory=list,
                               description="sources named before any application uses them")
    monsters: dict[str, MonsterSpec] = Field(min_length=1)
    steps: list[StepSpec] = Field(default_factory=list)

    @field_validator("monsters", "inputs")
    @classmethod
    def _names(cls, mapping: dict[str, Any]) -> dict[str, Any]:
        for name in mapping:
            if not re.match(NAME_PATTERN, str(name)):
                raise ValueError(f"{name!r}: names are letters, digits and '_' (not starting "
                                 "with a digit)")
        return mapping


MAX_EXPRESSION_CHARS = 200  # "half(atk(m)) + 500" is 18; the parser and evaluator recurse
MAX_EXPRESSION_DEPTH = 20


def _check_expression_size(text: str) -> None:
    """Refuse an expression long or deep enough to exhaust the recursive parser."""
    if len(text) > MAX_EXPRESSION_CHARS:
        raise ValueError(f"an expression of {len(text):,} characters; expected at most "
                         f"{MAX_EXPRESSION_CHARS}")
    depth = deepest = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        deepest = max(deepest, depth)
    if deepest > MAX_EXPRESSION_DEPTH:
        raise ValueError(f"an expression nested {deepest} parentheses deep; expected at most "
                         f"{MAX_EXPRESSION_DEPTH}")


def timeline_schema() -> dict[str, Any]:
    """The JSON Schema of timeline files (draft 2020-12)."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            **TimelineSpec.model_json_schema(by_alias=True)}


# -- replay -------------------------------------------------------------------------------


@dataclass(frozen=True)
class StepRecord:
    step: int
    label: str
    monster: str
    values: dict[str, int | None]
    face_up: bool
    explain: tuple[ApplicationView, ...]

    def as_json(self, explain: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"step": self.step, "monster": self.monster}
        for key in ("atk", "def", "original_atk", "original_def"):
            out[key] = self.values[key]
        if self.values["level"] is not None:
            out["level"] = self.values["level"]
            out["original_level"] = self.values["original_level"]
        if not self.face_up:
            out["face_up"] = False
        if explain:
            out["applications"] = [
                {"application": v.description, "status": v.status, "detail": v.detail}
                for v in self.explain]
        return out


@dataclass(frozen=True)
class ExpectMismatch:
    step: int
    line: int | None
    monster: str
    key: str
    expected: int
    actual: int | None


@dataclass(frozen=True)
class TimelineReplay:
    title: str | None
    records: tuple[StepRecord, ...]
    mismatches: tuple[ExpectMismatch, ...]
    steps: tuple[str, ...]  # step descriptions, index 0 = start


def load_timeline(path: str | Path) -> tuple[Located, TimelineSpec]:
    located = load_yaml(path)
    if not isinstance(located.data, dict):
        raise located.error((), "expected a mapping with 'monsters' and 'steps'")
    raise_all(_name_problems(located))
    try:
        spec = TimelineSpec.model_validate_json(json.dumps(located.data), strict=True)
    except ValidationError as exc:
        raise _validation_error(located, exc) from None
    return located, spec


def _name_problems(located: Located) -> list[InputError]:
    """A monster or input whose name is not a name, each at its key's own line (the schema's
    check could name only the mapping's line)."""
    problems = []
    for group in ("monsters", "inputs"):
        mapping = located.data.get(group)
        for name in mapping if isinstance(mapping, dict) else ():
            if not re.match(NAME_PATTERN, str(name)):
                problems.append(located.error((group, name), f"{group}.{name}: {name!r}: names "
                                              "are letters, digits and '_' (not starting "
                                              "with a digit)"))
    return problems


def _validation_error(located: Located, exc: ValidationError) -> InputError:
    """The shared converter, with pydantic's internal union tags and "Value error, " taken
    out of the message."""
    error = validation_error(located, exc, "timeline")
    message = re.sub(r"\.(constrained-int|literal\[[^\]]*\]|int|str)(?=[.:])", "",
                     error.message).replace("Value error, ", "")
    return InputError(error.path, error.line, message)


def replay_timeline(located: Located, spec: TimelineSpec) -> TimelineReplay:
    try:
        board = StatBoard(rules=spec.rules.rules(), inputs=tuple(spec.inputs.items()))
    except StatsError as error:
        raise located.error(("rules",), str(error)) from None
    for name, monster in spec.monsters.items():
        try:
            block = StatBlock.printed(monster.atk, monster.def_, monster.level)
        except StatsError as error:
            raise located.error(("monsters", name), str(error)) from None
        if not monster.face_up:
            block = block.face_down()
        board = board.with_monster(name, block)
    board = board.declare_sources(spec.sources)
    records: list[StepRecord] = []
    mismatches: list[ExpectMismatch] = []
    descriptions = ["start"]
    records.extend(_snapshot(board, 0, "start", located, ()))
    for index, step in enumerate(spec.steps, start=1):
        loc: tuple[str | int, ...] = ("steps", index - 1)
        board = _carry_out(board, step, loc, located)
        label = step.label or _describe(step)
        descriptions.append(label)
        records.extend(_snapshot(board, index, label, located, loc))
        for monster, expected in (step.expect or {}).items():
            where = (*loc, "expect", monster)
            if monster not in board.names():
                raise located.error(where, f"expect: monster {monster!r} is not on the field")
            actual = _values(board, monster)
            for key, value in expected.model_dump(by_alias=True).items():
                if value is not None and actual[key] != value:
                    mismatches.append(ExpectMismatch(index, located.line_of(where), monster,
                                                     key, value, actual[key]))
    return TimelineReplay(spec.title, tuple(records), tuple(mismatches), tuple(descriptions))


def _carry_out(board: StatBoard, action: ActionSpec, loc: tuple[str | int, ...],
               located: Located) -> StatBoard:
    key = next(name for name in ACTIONS if getattr(action, name) is not None)
    payload = getattr(action, key)
    try:
        if key == "apply":
            return board.apply(payload.application())
        if key == "simultaneous":
            return board.apply_simultaneously(spec.application() for spec in payload)
        if key == "do":
            for index, inner in enumerate(payload):
                board = _carry_out(board, inner, (*loc, "do", index), located)
            return board
        if key == "set_input":
            for name, value in payload.items():
                board = board.set_input(name, value)
            return board
        if key == "event":
            return board.event(payload)
        if key == "end":
            return board.end(payload)
        method = getattr(board, key)
        return method(payload)
    except TimelineError as error:
        where = (*loc, key, error.field) if error.field else (*loc, key)
        shown = ".".join(str(part) for part in where)
        raise located.error(where, f"{shown}: {error}") from None
    except StatsError as error:
        shown = ".".join(str(part) for part in (*loc, key))
        raise located.error((*loc, key), f"{shown}: {error}") from None


def _values(board: StatBoard, name: str) -> dict[str, int | None]:
    values = board.values(name)
    return {"atk": values.atk, "def": values.def_, "original_atk": values.original_atk,
            "original_def": values.original_def, "level": values.level,
            "original_level": values.original_level, "atk_before_final": values.pre_final_atk,
            "def_before_final": values.pre_final_def}


def _snapshot(board: StatBoard, index: int, label: str, located: Located,
              loc: tuple[str | int, ...]) -> list[StepRecord]:
    out = []
    for name in board.names():
        try:
            values = _values(board, name)
        except StatsError as error:
            raise located.error(loc, str(error)) from None
        block = board.monster(name)
        out.append(StepRecord(index, label, name, values, block.face_up, block.explain()))
    return out


def _describe(step: ActionSpec) -> str:
    key = next(name for name in ACTIONS if getattr(step, name) is not None)
    payload = getattr(step, key)
    if key == "apply":
        return _describe_apply(payload)
    if key == "simultaneous":
        return "simultaneously: " + "; ".join(_describe_apply(a) for a in payload)
    if key == "do":
        return "; then ".join(_describe(a) for a in payload)
    if key == "set_input":
        return ", ".join(f"{k} = {v}" for k, v in payload.items())
    if key == "event":
        return payload.replace("_", " ")
    return f"{key.replace('_', ' ')} {payload}"


def _describe_apply(spec: ApplySpec) -> str:
    stats = "/".join(s.value for s in spec.stats)
    text = f"{spec.source}: {spec.monster} {stats} {spec.operation()} ({spec.class_.value})"
    if spec.duration:
        text += f" until {spec.duration}"
    return text



__all__ = ["ExpectMismatch", "StepRecord", "TimelineReplay", "TimelineSpec", "load_timeline",
           "replay_timeline", "timeline_schema"]
