"""Reading the set-up calls of a Lua puzzle script without running any Lua.

:func:`tokens` splits a script into Lua tokens (names, numbers, strings, symbols), skipping
comments; :func:`scan` walks them and returns the calls to the functions it is asked about,
each with its arguments and line, and a note for every other piece of code, which it
ignores. It understands no more Lua than a puzzle's set-up needs: an argument is a number,
a string, ``true``/``false``/``nil``, or names and numbers joined by ``+`` or ``|``
(``DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI``). A set-up call inside a function, a loop or a
condition is an error, since only running the script could tell how often it happens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from gamebook.errors import InputError


@dataclass(frozen=True)
class Token:
    kind: str  # name, number, string, symbol
    text: str
    line: int
    value: object = None  # a number's int, a string's text


@dataclass(frozen=True)
class Call:
    """One set-up call: ``Debug.AddCard(…)``, its arguments (token lists) and line."""

    name: str
    args: tuple[tuple[Token, ...], ...]
    line: int
    assigned: str | None = None  # ``local c1 = Debug.AddCard(…)``: the variable ``c1``


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"0[xX][0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?")
_LONG_OPEN = re.compile(r"\[(=*)\[")
_SYMBOLS = ("...", "..", "==", "~=", "<=", ">=", "<<", ">>", "//", "::")
_SPACE = re.compile(r"[ \t\r\f\v]+")
# Keywords that open a block closed by `end` (`repeat` by `until`).
_OPENS = {"function", "do", "if", "repeat"}
_CLOSES = {"end", "until"}
_MAX_DIGITS = 15  # a longer number is refused where a number is expected (as in YAML files)


def tokens(text: str, path: Path) -> list[Token]:
    """The tokens of ``text``; :class:`InputError` at an unclosed string or comment."""
    out: list[Token] = []
    pos, line, size = 0, 1, len(text)
    while pos < size:
        char = text[pos]
        if char == "\n":
            line += 1
            pos += 1
            continue
        space = _SPACE.match(text, pos)
        if space:
            pos = space.end()
            continue
        if text.startswith("--", pos):
            long = _LONG_OPEN.match(text, pos + 2)
            if long:
                end = _long_end(text, long, path, line, "comment")
            else:
                end = text.find("\n", pos)
                end = size if end < 0 else end
            line += text.count("\n", pos, end)
            pos = end
            continue
        long = _LONG_OPEN.match(text, pos)
        if long:
            end = _long_end(text, long, path, line, "string")
            body = text[long.end():end - len(long.group())]
            out.append(Token("string", text[pos:end], line, body.removeprefix("\n")))
            line += text.count("\n", pos, end)
            pos = end
            continue
        if char in "\"'":
            end, value = _quoted(text, pos, path, line)
            out.append(Token("string", text[pos:end], line, value))
            pos = end
            continue
        number = _NUMBER.match(text, pos)
        if number and (char.isdigit() or char == "."):
            literal = number.group()
            value: object = literal  # not a whole number a puzzle's set-up uses
            if len(literal) <= _MAX_DIGITS:
                value = int(literal, 16) if literal[:2] in ("0x", "0X") else (
                    int(literal) if literal.isdigit() else literal)
            out.append(Token("number", literal, line, value))
            pos = number.end()
            continue
        name = _NAME.match(text, pos)
        if name:
            out.append(Token("name", name.group(), line))
            pos = name.end()
            continue
        symbol = next((s for s in _SYMBOLS if text.startswith(s, pos)), char)
        out.append(Token("symbol", symbol, line))
        pos += len(symbol)
    return out


def _long_end(text: str, opening: re.Match[str], path: Path, line: int, what: str) -> int:
    closing = "]" + opening.group(1) + "]"
    end = text.find(closing, opening.end())
    if end < 0:
        raise InputError(path, line, f"a long {what} {opening.group()} that is never closed "
                         f"(expected {closing})")
    return end + len(closing)


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
            "\\": "\\", '"': '"', "'": "'", "\n": "\n"}


def _quoted(text: str, start: int, path: Path, line: int) -> tuple[int, str]:
    """The end of the quoted string at ``start`` and its value (escapes read loosely)."""
    quote, pos, value = text[start], start + 1, []
    while pos < len(text):
        char = text[pos]
        if char == quote:
            return pos + 1, "".join(value)
        if char == "\n":
            break
        if char == "\\" and pos + 1 < len(text):
            value.append(_ESCAPES.get(text[pos + 1], text[pos + 1]))
            pos += 2
            continue
        value.append(char)
        pos += 1
    raise InputError(path, line, "a string that is never closed on its line "
                     f"(expected {quote})")


def scan(items: list[Token], wanted: set[str], path: Path
         ) -> tuple[list[Call], list[tuple[int, str]], list[InputError]]:
    """The calls to the functions named in ``wanted`` (``"Debug.AddCard"``), the notes on
    what was ignored (line, text), and the errors (a wanted call inside a block, a call
    whose parentheses do not close)."""
    calls: list[Call] = []
    notes: list[tuple[int, str]] = []
    errors: list[InputError] = []
    depth, index, ignored = 0, 0, []  # ignored: tokens of code that is not a wanted call

    def flush() -> None:
        if ignored and not _assignment(ignored):
            notes.append((ignored[0].line, _snippet(ignored)))
        ignored.clear()

    while index < len(items):
        token = items[index]
        name, after = _dotted_name(items, index)
        if name in wanted and after < len(items) and items[after].text == "(":
            assigned = ignored[-2].text if ignored and _assignment(ignored) \
                and len(ignored) >= 2 else None
            flush()
            args, index = _arguments(items, after, path, name)
            if depth:
                errors.append(InputError(path, token.line, f"{name} inside a function, loop "
                                         "or condition; a puzzle is read without running it, "
                                         "so its set-up calls must be plain statements"))
            else:
                calls.append(Call(name, args, token.line, assigned))
            continue
        if name and after < len(items) and items[after].text == "(" and depth == 0:
            flush()  # a call gamebook does not read: skipped whole, with a note
            _, end = _arguments(items, after, path, name)
            notes.append((token.line, f"{name}(…)"))
            index = end
            continue
        if ignored and ignored[-1].line != token.line and depth == 0:
            flush()
        if token.text == ";" and token.kind == "symbol" and not ignored:
            index += 1  # the optional end of a statement
            continue
        if token.kind == "name" and token.text in _OPENS:
            depth += 1
        elif token.kind == "name" and token.text in _CLOSES:
            depth = max(0, depth - 1)
        ignored.append(token)
        index += 1
    flush()
    return calls, notes, errors


def _dotted_name(items: list[Token], index: int) -> tuple[str, int]:
    """``Debug.AddCard`` starting at ``index`` (and the index after it), or ``("", index)``."""
    if items[index].kind != "name" or (index and items[index - 1].text in (".", ":")):
        return "", index
    parts, end = [items[index].text], index + 1
    while end + 1 < len(items) and items[end].text in (".", ":") and \
            items[end + 1].kind == "name":
        parts.append(items[end + 1].text)
        end += 2
    return ".".join(parts), end


def _arguments(items: list[Token], open_index: int, path: Path, name: str
               ) -> tuple[tuple[tuple[Token, ...], ...], int]:
    """The arguments of the call whose ``(`` is at ``open_index``, and the index after ``)``."""
    args: list[tuple[Token, ...]] = []
    current: list[Token] = []
    level = 0
    for index in range(open_index + 1, len(items)):
        token = items[index]
        if token.text in ("(", "{", "[") and token.kind == "symbol":
            level += 1
        elif token.text in (")", "}", "]") and token.kind == "symbol":
            if level == 0:
                if current or args:
                    args.append(tuple(current))
                return tuple(args), index + 1
            level -= 1
        if token.text == "," and token.kind == "symbol" and level == 0:
            args.append(tuple(current))
            current = []
            continue
        current.append(token)
    raise InputError(path, items[open_index].line, f"{name}( is never closed (expected ')')")


def _assignment(items: list[Token]) -> bool:
    """``local c1 =`` (the start of ``local c1 = Debug.AddCard(…)``): nothing to note."""
    rest = items[1:] if items[0].text == "local" else items
    if len(rest) < 2 or rest[-1].text != "=" or len(rest) % 2:
        return False
    return all(token.kind == "name" if index % 2 == 0 else token.text == ","
               for index, token in enumerate(rest[:-1]))


def _snippet(items: list[Token]) -> str:
    text = " ".join(token.text for token in items)
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:59] + "…"
