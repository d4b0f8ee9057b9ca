"""Safe YAML loading that remembers where every value came from.

Situation, card and timeline files are data: they are parsed with PyYAML's safe loader,
every explicit tag (``!!python/object`` and the like) is refused, and each mapping and
sequence item is recorded with its line so that validation errors can name it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamebook.errors import InputError

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

    from gamebook.files import read_input

    path = Path(path)
    try:
        text = read_input(path, "a YAML file").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, None, f"expected UTF-8 text ({exc.reason})") from None
    return parse_yaml(text, path)


def parse_yaml(text: str, path: str | Path = "<string>") -> Located:
    import yaml

    path = Path(path)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise InputError(path, line, f"YAML syntax error: {problem}") from None
    except yaml.YAMLError as exc:
        raise InputError(path, None, f"YAML error: {exc}") from None
    located = Located(data=None, path=path)
    if node is None:
        raise InputError(path, 1, "the file is empty; expected a YAML mapping")
    located.data = _convert(node, (), located)
    return located


def _convert(node: Any, loc: Loc, located: Located) -> Any:
    import yaml

    line = node.start_mark.line + 1
    located.lines.setdefault(loc, line)
    if node.tag not in _STANDARD_TAGS:
        raise InputError(located.path, line, f"tag {node.tag!r} is not allowed in data files")
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise InputError(located.path, key_node.start_mark.line + 1,
                                 "YAML merge keys ('<<') are not supported")
            key = _convert(key_node, loc, located)
            if not isinstance(key, (str, int)):
                raise InputError(located.path, key_node.start_mark.line + 1,
                                 "expected a plain key (text or number)")
            if key in result:
                raise InputError(located.path, key_node.start_mark.line + 1,
                                 f"duplicate key {key!r}")
            located.lines[loc + (key,)] = key_node.start_mark.line + 1
            result[key] = _convert(value_node, loc + (key,), located)
        return result
    if isinstance(node, yaml.SequenceNode):
        items = []
        for index, item in enumerate(node.value):
            located.lines[loc + (index,)] = item.start_mark.line + 1
            items.append(_convert(item, loc + (index,), located))
        return items
    return _scalar(node)


def _scalar(node: Any) -> Any:
    import yaml

    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def validation_error(located: Located, exc: Any, what: str) -> InputError:
    """Turn the first error of a pydantic ``ValidationError`` into an :class:`InputError`."""
    first = exc.errors()[0]
    loc = tuple(part for part in first["loc"] if not isinstance(part, str) or not part.startswith(
        ("function-", "tagged-union")))
    shown = ".".join(str(part) for part in loc) or what
    message = first["msg"]
    if first["type"] == "missing":
        message = "required field is missing"
    elif first["type"] == "extra_forbidden":
        message = "unknown field (check the spelling)"
    return located.error(loc, f"{shown}: {message}")
