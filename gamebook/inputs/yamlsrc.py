"""Safe YAML loading that remembers where every value came from.

Situation, card and timeline files are data: they are parsed with PyYAML's safe loader,
every explicit tag (``!!python/object`` and the like) is refused, and each mapping and
sequence item is recorded with its line so that validation errors can name it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from gamebook.errors import InputError, raise_all
from gamebook.inputs.limits import current as current_limits

Loc = tuple[str | int, ...]

_STANDARD_TAGS = {
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}


@dataclass
class Located:
    """A parsed YAML document plus the line (1-based) of every path inside it."""

    data: Any
    path: Path
    lines: dict[Loc, int] = field(default_factory=dict)

    def line_of(self, loc: Loc) -> int | None:
        """The line of ``loc`` or of its closest ancestor that has one."""
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return self.lines.get((), None)

    def error(self, loc: Loc, message: str) -> InputError:
        return InputError(self.path, self.line_of(loc), message)


def load_yaml(path: str | Path) -> Located:
    """Read ``path`` as YAML; raise :class:`InputError` with file and line on any problem."""

    from gamebook.inputs.files import read_input

    path = Path(path)
    try:
        text = read_input(path, "a YAML file").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, None, f"expected UTF-8 text ({exc.reason})") from None
    return parse_yaml(text, path)


def parse_yaml(text: str, path: str | Path = "<string>") -> Located:
    """Parse ``text`` within the input limits of :mod:`gamebook.inputs.limits`."""
    import yaml

    path = Path(path)
    loader = None
    try:
        loader = _loader_class()(text)  # the reader checks every character here
        node = loader.get_single_node()
    except _LimitError as exc:
        raise InputError(path, exc.line, exc.message) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        raise InputError(path, line, f"character U+{exc.character:04X} is not allowed in a "
                         "YAML file (a control character?)") from None
    except yaml.MarkedYAMLError as exc:
        line, message = _indentation_error(exc, text) or _syntax_error(exc)
        raise InputError(path, line, message) from None
    except yaml.YAMLError as exc:
        raise InputError(path, None, f"YAML error: {_one_line(str(exc))}") from None
    finally:
        if loader is not None:
            loader.dispose()
    located = Located(data=None, path=path)
    if node is None:
        raise InputError(path, 1, "the file is empty; expected a YAML mapping")
    converter = _Converter(located)
    located.data = converter.convert(node, ())
    return located


def _syntax_error(exc: Any) -> tuple[int | None, str]:
    """The line of the mistake and a one-line message.

    PyYAML notices an unclosed quote or bracket, or a key without ':', only later, at the
    "problem" mark; the mistake is where that scalar or collection began (the "context"
    mark). For other errors (bad indentation) the problem mark is the better line.
    """
    problem = _one_line(exc.problem or exc.context or "invalid YAML")
    context = _one_line(exc.context or "")
    mark = exc.problem_mark or exc.context_mark
    began = exc.context_mark
    if (began is not None and mark is not None and began.line < mark.line
            and context.startswith(("while scanning", "while parsing a flow"))):
        return began.line + 1, (f"YAML syntax error: {problem} (line {mark.line + 1}), "
                                f"{context} that starts here")
    return (mark.line + 1 if mark is not None else None), f"YAML syntax error: {problem}"


# PyYAML's words for a line whose indentation fits no open block
_INDENTATION_PROBLEMS = ("expected <block end>", "mapping values are not allowed here")


def _indentation_error(exc: Any, text: str) -> tuple[int, str] | None:
    """A line indented by a number of spaces that no block above it has, said as such: the
    line, its indentation and the nearest block's (PyYAML says only "expected <block end>");
    ``None`` for any other mistake."""
    mark = exc.problem_mark
    if mark is None or not (exc.problem or "").startswith(_INDENTATION_PROBLEMS):
        return None
    lines = text.splitlines()
    if mark.line >= len(lines):
        return None
    open_blocks: list[tuple[int, int]] = []  # (indentation, line) of each open block
    for number, line in enumerate(lines[:mark.line], start=1):
        body = line.lstrip(" ")
        if not body or body.startswith("#"):
            continue
        indent = len(line) - len(body)
        while open_blocks and open_blocks[-1][0] > indent:
            open_blocks.pop()
        if not open_blocks or open_blocks[-1][0] < indent:
            open_blocks.append((indent, number))
    line = lines[mark.line]
    indent = len(line) - len(line.lstrip(" "))
    if not open_blocks or indent in {spaces for spaces, _ in open_blocks}:
        return None
    spaces, began = min(open_blocks, key=lambda block: (abs(block[0] - indent), block[0]))
    first = _one_line(lines[began - 1])
    first = first if len(first) <= 30 else first[:29] + "…"
    return mark.line + 1, (
        f"YAML syntax error: the indentation is inconsistent: line {mark.line + 1} is indented "
        f"by {indent} space{'s' * (indent != 1)}, but the block above it (line {began}, "
        f"'{first}') by {spaces}; indent the keys of one block by the same number of spaces, "
        "and a key inside another by 2 more")


def _one_line(text: str) -> str:
    return " ".join(text.split())


class _LimitError(Exception):
    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@cache
def _loader_class() -> type:
    """PyYAML's safe loader, composing with a bound on nesting depth and alias uses."""
    import yaml

    class BoundedLoader(yaml.SafeLoader):
        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self._limits = current_limits()
            self._depth = 0
            self._aliases = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            line = self.peek_event().start_mark.line + 1
            if self.check_event(yaml.AliasEvent):
                self._aliases += 1
                if self._aliases > self._limits.max_aliases:
                    raise _LimitError(line, f"more than {self._limits.max_aliases} YAML aliases "
                                      "(*name); expected a plain data file")
                return super().compose_node(parent, index)
            self._depth += 1
            try:
                if self._depth > self._limits.max_depth:
                    raise _LimitError(line, f"nested deeper than {self._limits.max_depth} "
                                      "levels; expected a plain data file")
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1

    return BoundedLoader


class _Converter:
    """YAML nodes to Python values with their lines, refusing tags, loops and excess."""

    def __init__(self, located: Located) -> None:
        self.located = located
        self.limits = current_limits()
        self.nodes = 0
        self.entry_line: int | None = None
        self.open: set[int] = set()  # the collections being converted (an alias loop)

    def fail(self, node: Any, message: str) -> InputError:
        return InputError(self.located.path, node.start_mark.line + 1, message)

    def convert(self, node: Any, loc: Loc) -> Any:
        import yaml

        line = node.start_mark.line + 1
        self.located.lines.setdefault(loc, line)
        self.nodes += 1
        if self.nodes > self.limits.max_nodes:
            raise InputError(self.located.path, self.entry_line or line,
                             f"more than {self.limits.max_nodes:,} values once aliases are "
                             "expanded; expected a plain data file")
        if node.tag not in _STANDARD_TAGS:
            raise self.fail(node, _tag_message(node))
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        if id(node) in self.open:
            raise self.fail(node, "an alias refers to a collection that contains it (a loop)")
        if len(loc) >= self.limits.max_depth:
            raise self.fail(node, f"nested deeper than {self.limits.max_depth} levels once "
                            "aliases are expanded")
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self.mapping(node, loc)
            return self.sequence(node, loc)
        finally:
            self.open.discard(id(node))

    def mapping(self, node: Any, loc: Loc) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not loc:  # excess found deep inside aliases is reported at its top-level key
                self.entry_line = key_node.start_mark.line + 1
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self.fail(key_node, "YAML merge keys ('<<') are not supported")
            key = self.convert(key_node, loc)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise self.fail(key_node, "expected a plain key (text or number)")
            if key in result:
                raise self.fail(key_node, f"duplicate key {key!r}")
            self.located.lines[loc + (key,)] = key_node.start_mark.line + 1
            result[key] = self.convert(value_node, loc + (key,))
        return result

    def sequence(self, node: Any, loc: Loc) -> list[Any]:
        items = []
        for index, item in enumerate(node.value):
            self.located.lines[loc + (index,)] = item.start_mark.line + 1
            items.append(self.convert(item, loc + (index,)))
        return items

    def scalar(self, node: Any) -> Any:
        import math

        text = node.value
        if node.tag == "tag:yaml.org,2002:int":
            digits = sum(char.isdigit() for char in text)
            if digits > self.limits.max_int_digits:
                raise self.fail(node, f"a number of {digits} digits; expected at most "
                                f"{self.limits.max_int_digits}")
            if _OCTAL.fullmatch(text):  # YAML 1.1 reads 0123 as 83: a passcode's lost digits
                raise self.fail(node, f"{text} has a leading zero, which YAML reads as an "
                                f"octal number ({_construct(node)}); write it without the "
                                "leading zeros")
        elif node.tag == "tag:yaml.org,2002:str":
            if len(text) > self.limits.max_string_chars:
                raise self.fail(node, f"a text of {len(text):,} characters; expected at most "
                                f"{self.limits.max_string_chars:,}")
            bad = _FORBIDDEN_CHARS.search(text)
            if bad:
                what = ("a lone surrogate, which is not a character"
                        if 0xD800 <= ord(bad.group()) <= 0xDFFF else "a control character")
                raise self.fail(node, f"the text contains U+{ord(bad.group()):04X}, {what}; "
                                "expected printable text")
        value = _construct(node)
        if isinstance(value, float) and not math.isfinite(value):
            raise self.fail(node, f"{text!r} is not a finite number")
        return value


_OCTAL = re.compile(r"[-+]?0[0-7_]+")
# C0 controls except tab/newline/carriage return, DEL, C1 controls, surrogates, and the
# non-characters XML forbids: none can be shown on a terminal or written to SVG/HTML.
_FORBIDDEN_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff"
                              "\ufffe\uffff]")


def _tag_message(node: Any) -> str:
    implicit = {"tag:yaml.org,2002:timestamp": "a date or time",
                "tag:yaml.org,2002:binary": "binary data", "tag:yaml.org,2002:set": "a set",
                "tag:yaml.org,2002:omap": "an ordered map", "tag:yaml.org,2002:pairs": "pairs"}
    if node.tag in implicit and getattr(node, "style", None) is None:
        return (f"{node.value!r} reads as {implicit[node.tag]}, which data files do not use; "
                "put it in quotes if it is text")
    return f"tag {node.tag!r} is not allowed in data files"


def _construct(node: Any) -> Any:
    import yaml

    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def validate(located: Located, adapter: Any, what: str, schema: Any = None,
             meanings: Meanings | None = None) -> Any:
    """Validate ``located.data`` with a pydantic ``TypeAdapter``, strictly.

    Strict: a YAML boolean is not a number (``lp: yes``), a number is not text or a boolean,
    ``1.0`` is not a whole number. Every schema error is reported at once
    (:class:`InputErrors`), each with its line and, for an unknown key or value, the closest
    known one. ``schema`` (the validated type) lets an unknown key name the known ones;
    ``meanings`` make "did you mean" go by meaning.
    """
    import json

    from pydantic import ValidationError

    try:
        return adapter.validate_json(json.dumps(located.data), strict=True)
    except ValidationError as exc:
        raise_all(validation_errors(located, exc, what, schema, meanings))
        raise  # pragma: no cover - a ValidationError always has an error


def validation_error(located: Located, exc: Any, what: str) -> InputError:
    """The first error of a pydantic ``ValidationError`` as an :class:`InputError`."""
    return validation_errors(located, exc, what)[0]


def validation_errors(located: Located, exc: Any, what: str, schema: Any = None,
                      meanings: Meanings | None = None) -> list[InputError]:
    """Every error of a pydantic ``ValidationError``, one :class:`InputError` per place."""
    errors: list[InputError] = []
    seen: dict[Loc, int] = {}
    for error in exc.errors():
        loc = tuple(part for part in error["loc"] if not isinstance(part, str)
                    or not part.startswith(("function-", "tagged-union")))
        # A union of plain types (``bool | DamageStepUse``) names each alternative as a part
        # of the place ("damage_step.bool"): not a key of the file, so it is left out and
        # the alternatives become one line.
        kept: list[str | int] = []
        union = False
        for part in loc:
            if isinstance(part, str) and (*kept, part) not in located.lines and (
                    part in ("bool", "int", "str", "float") or "[" in part):
                union = True
                continue
            kept.append(part)
        loc = tuple(kept)
        if loc in seen:  # a union reports each alternative
            if union:
                index = seen[loc]
                first = errors[index]
                said = error["msg"].removeprefix("Input should be ")
                said += did_you_mean(str(error.get("input")), re.findall(
                    r"'([^']*)'", error.get("ctx", {}).get("expected", "")), "", meanings)
                errors[index] = InputError(first.path, first.line, f"{first.message} or {said}")
            continue
        seen[loc] = len(errors)
        shown = ".".join(str(part) for part in loc) or what
        message = error["msg"]
        kind = error["type"]
        if kind == "missing":
            message = "required field is missing"
        elif kind in ("extra_forbidden", "unexpected_keyword_argument"):
            known = _known_keys(schema, loc[:-1])
            message = "unknown field" + (did_you_mean(str(loc[-1]), known,
                                                      meanings=meanings) if known else
                                         " (check the spelling)")
            if any(mark in str(loc[-1]) for mark in "()"):  # count(monsters, opponent) in {…}
                message = ("unknown field: a part of an expression; inside {…} a comma ends "
                           "the value, so quote an expression that holds commas "
                           "(amount: '300 * count(monsters, opponent)') or write the step "
                           "on its own lines")
        elif kind == "enum":
            expected = re.findall(r"'([^']*)'", error.get("ctx", {}).get("expected", ""))
            message += did_you_mean(str(error.get("input")), expected, "", meanings)
        elif kind in ("int_type", "bool_type", "string_type") and isinstance(
                error.get("input"), bool):
            message += " (yes/no, true/false and on/off are booleans in YAML)"
        errors.append(located.error(loc, f"{shown}: {message}"))
    return errors


@dataclass(frozen=True)
class Meanings:
    """What words a file may write mean, so "did you mean" goes by meaning, not spelling:
    per word that is not in the vocabulary, the words that say it and a note (the note alone
    when no word says it yet), and groups of words of exclusive meaning (attacker and target,
    Spell and Trap) that a suggestion must never swap. ``same`` spells a word the way the
    groups do (``your`` is ``you``)."""

    instead: dict[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)
    exclusive: tuple[frozenset[str], ...] = ()
    same: dict[str, str] = field(default_factory=dict)

    def contradicts(self, word: str, other: str) -> bool:
        """Does ``other`` swap a word of ``word`` for one of exclusive meaning?"""
        mine, theirs = self._words(word), self._words(other)
        return any(mine & group and theirs & group and not mine & theirs & group
                   for group in self.exclusive)

    def _words(self, text: str) -> set[str]:
        return {self.same.get(part, part) for part in re.split(r"[^a-z]+", text.lower())}


def did_you_mean(word: str, known: Any, prefix: str = "; expected one of: ",
                 meanings: Meanings | None = None) -> str:
    """``"; did you mean 'x'?"`` for the known word that means ``word`` (by ``meanings``) or,
    failing that, the closest in spelling that does not mean its opposite; else the list (or
    nothing)."""
    import difflib

    known = list(known)
    if meanings is not None and word in meanings.instead:
        options, note = meanings.instead[word]
        use = [option for option in options if option in known]
        if use:
            return f"; did you mean {' or '.join(repr(option) for option in use)}? ({note})"
        if not options:  # no word says it yet; the known words still follow
            return f"; {note}" + (f"{prefix}{', '.join(known)}" if prefix and known else "")
    close = difflib.get_close_matches(word, known, n=3, cutoff=0.6)
    if meanings is not None:
        close = [option for option in close if not meanings.contradicts(word, option)]
    if close:
        return f"; did you mean {close[0]!r}?"
    return f"{prefix}{', '.join(known)}" if prefix and known else ""


def _known_keys(schema: Any, loc: Loc) -> list[str]:
    """The field names of the dataclass at ``loc`` inside ``schema`` (empty if unknown)."""
    import dataclasses
    import typing

    kind = schema
    for part in loc:
        kind = _unwrap(kind)
        if dataclasses.is_dataclass(kind) and isinstance(part, str):
            kind = typing.get_type_hints(kind).get(part)
        elif typing.get_origin(kind) in (tuple, list) and isinstance(part, int):
            kind = typing.get_args(kind)[0]
        elif typing.get_origin(kind) is dict:
            kind = typing.get_args(kind)[1]
        else:
            return []
    kind = _unwrap(kind)
    if not (isinstance(kind, type) and dataclasses.is_dataclass(kind)):
        return []
    return [item.name for item in dataclasses.fields(kind)]


def _unwrap(kind: Any) -> Any:
    """``X | None`` → ``X``."""
    import types
    import typing

    args = [arg for arg in typing.get_args(kind) if arg is not type(None)]
    if typing.get_origin(kind) in (typing.Union, types.UnionType) and len(args) == 1:
        return args[0]
    return kind
