"""Values that ATK/DEF applications compute: constants, named inputs, stats of monsters.

An :class:`Expr` is a small immutable tree (hashable, so it can live inside a game state).
It is evaluated against an :class:`ExprReader` that answers two questions: what is the value
of a named input ("hand", "banished_dinosaurs"), and what is the value of a quantity (``atk``,
``def``, ``level``, ``original_atk`` …) of a monster ("" = the affected monster itself).
Arithmetic is exact (fractions); the caller rounds the final result half up (R76).

:func:`parse_expr` reads the text form used in timeline files, e.g. ``"1000 * hand"``,
``"original_atk * 2"``, ``"avramax.atk / 2"``, ``"max(a.atk, b.atk) + 100"``,
``"if(lp_lower, original_atk * 2, original_atk / 2)"``; ``str(expr)`` writes it back.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

#: Quantities a monster exposes to expressions.
QUANTITIES = ("atk", "def", "level", "original_atk", "original_def", "original_level")


class ExprError(ValueError):
    """An expression is malformed or refers to something that does not exist."""


class ExprReader(Protocol):
    """What an expression reads: named inputs and the quantities of monsters."""

    def input(self, name: str) -> int: ...

    def quantity(self, monster: str, quantity: str) -> int: ...


@dataclass(frozen=True)
class Expr:
    """One node: ``const``, ``input``, ``stat``, or an operator over ``args``."""

    kind: str
    value: Fraction = Fraction(0)
    name: str = ""
    quantity: str = ""
    args: tuple[Expr, ...] = ()

    # -- construction -------------------------------------------------------------------
    @classmethod
    def const(cls, value: int | Fraction) -> Expr:
        return cls("const", value=Fraction(value))

    @classmethod
    def input(cls, name: str) -> Expr:
        return cls("input", name=name)

    @classmethod
    def stat(cls, quantity: str, monster: str = "") -> Expr:
        if quantity not in QUANTITIES:
            raise ExprError(f"unknown quantity {quantity!r} (expected one of "
                            f"{', '.join(QUANTITIES)})")
        return cls("stat", name=monster, quantity=quantity)

    def __add__(self, other: Expr | int) -> Expr:
        return Expr("+", args=(self, _lift(other)))

    def __sub__(self, other: Expr | int) -> Expr:
        return Expr("-", args=(self, _lift(other)))

    def __mul__(self, other: Expr | int | Fraction) -> Expr:
        return Expr("*", args=(self, _lift(other)))

    def __truediv__(self, other: Expr | int) -> Expr:
        return Expr("/", args=(self, _lift(other)))

    # -- inspection ---------------------------------------------------------------------
    @property
    def is_constant(self) -> bool:
        return self.kind == "const" or (bool(self.args) and all(a.is_constant for a in self.args))

    def refers_to_self(self) -> bool:
        """Does the value depend on the affected monster's own displayed ATK/DEF?"""
        if self.kind == "stat":
            return self.name == "" and self.quantity in ("atk", "def")
        return any(arg.refers_to_self() for arg in self.args)

    def monsters(self) -> frozenset[str]:
        """Names of the other monsters this expression reads."""
        if self.kind == "stat":
            return frozenset({self.name}) if self.name else frozenset()
        found: frozenset[str] = frozenset()
        for arg in self.args:
            found |= arg.monsters()
        return found

    def inputs(self) -> frozenset[str]:
        if self.kind == "input":
            return frozenset({self.name})
        found: frozenset[str] = frozenset()
        for arg in self.args:
            found |= arg.inputs()
        return found

    # -- evaluation ---------------------------------------------------------------------
    def evaluate(self, reader: ExprReader) -> Fraction:
        kind = self.kind
        if kind == "const":
            return self.value
        if kind == "input":
            return Fraction(reader.input(self.name))
        if kind == "stat":
            return Fraction(reader.quantity(self.name, self.quantity))
        values = [arg.evaluate(reader) for arg in self.args]
        if kind == "+":
            return values[0] + values[1]
        if kind == "-":
            return values[0] - values[1]
        if kind == "*":
            return values[0] * values[1]
        if kind == "/":
            if values[1] == 0:
                raise ExprError(f"division by zero in {self}")
            return values[0] / values[1]
        if kind == "neg":
            return -values[0]
        if kind == "max":
            return max(values)
        if kind == "min":
            return min(values)
        if kind == "if":
            return values[1] if values[0] != 0 else values[2]
        raise ExprError(f"unknown expression node {kind!r}")

    def __str__(self) -> str:
        return _render(self, 0)

    def __repr__(self) -> str:
        return f"Expr({str(self)!r})"


def _lift(value: Expr | int | Fraction) -> Expr:
    return value if isinstance(value, Expr) else Expr.const(value)


def round_half_up(value: Fraction) -> int:
    """R76: 612.5 → 613 (and −612.5 → −612: half always goes up)."""
    return math.floor(value + Fraction(1, 2))


# -- text form ---------------------------------------------------------------------------

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


def _render(expr: Expr, outer: int) -> str:
    if expr.kind == "const":
        value = expr.value
        text = str(value.numerator) if value.denominator == 1 else \
            f"{value.numerator} / {value.denominator}"
        return f"({text})" if value.denominator != 1 and outer else text
    if expr.kind == "input":
        return expr.name
    if expr.kind == "stat":
        return f"{expr.name}.{expr.quantity}" if expr.name else expr.quantity
    if expr.kind == "neg":
        return f"-{_render(expr.args[0], 3)}"
    if expr.kind in ("max", "min", "if"):
        return f"{expr.kind}({', '.join(_render(a, 0) for a in expr.args)})"
    level = _PRECEDENCE[expr.kind]
    left = _render(expr.args[0], level)
    right = _render(expr.args[1], level + 1)
    text = f"{left} {expr.kind} {right}"
    return f"({text})" if level < outer else text


_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)|(.))")


def parse_expr(text: str | int) -> Expr:
    """Parse the text form; raise :class:`ExprError` with what was expected."""
    if isinstance(text, bool):
        raise ExprError("expected a number or an expression, found true/false")
    if isinstance(text, int):
        return Expr.const(text)
    tokens: list[tuple[str, str]] = []
    position = 0
    source = str(text)
    while position < len(source):
        match = _TOKEN.match(source, position)
        if match is None or match.end() == position:
            break
        position = match.end()
        number, name, other = match.groups()
        if number is not None:
            tokens.append(("num", number))
        elif name is not None:
            tokens.append(("name", name))
        elif other is not None and other.strip():
            tokens.append(("op", other))
    parser = _Parser(tokens, source)
    expr = parser.sum()
    if parser.index != len(tokens):
        raise ExprError(f"unexpected {tokens[parser.index][1]!r} in expression {source!r}")
    return expr


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]], source: str) -> None:
        self.tokens = tokens
        self.index = 0
        self.source = source

    def _peek(self) -> tuple[str, str] | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def _take(self, op: str) -> bool:
        token = self._peek()
        if token is not None and token == ("op", op):
            self.index += 1
            return True
        return False

    def sum(self) -> Expr:
        expr = self.product()
        while True:
            if self._take("+"):
                expr = Expr("+", args=(expr, self.product()))
            elif self._take("-"):
                expr = Expr("-", args=(expr, self.product()))
            else:
                return expr

    def product(self) -> Expr:
        expr = self.unary()
        while True:
            if self._take("*") or self._take("×"):
                expr = Expr("*", args=(expr, self.unary()))
            elif self._take("/"):
                expr = Expr("/", args=(expr, self.unary()))
            else:
                return expr

    def unary(self) -> Expr:
        if self._take("-"):
            inner = self.unary()
            if inner.kind == "const":
                return Expr.const(-inner.value)
            return Expr("neg", args=(inner,))
        return self.atom()

    def atom(self) -> Expr:
        token = self._peek()
        if token is None:
            raise ExprError(f"expression {self.source!r} ends too early")
        kind, text = token
        self.index += 1
        if kind == "num":
            return Expr.const(int(text))
        if kind == "op" and text == "(":
            expr = self.sum()
            if not self._take(")"):
                raise ExprError(f"missing ')' in expression {self.source!r}")
            return expr
        if kind == "name":
            if text in ("max", "min", "if") and self._take("("):
                args = [self.sum()]
                while self._take(","):
                    args.append(self.sum())
                if not self._take(")"):
                    raise ExprError(f"missing ')' after {text}( in {self.source!r}")
                if text == "if" and len(args) != 3:
                    raise ExprError("if(condition, then, else) takes 3 arguments")
                if text != "if" and len(args) < 1:
                    raise ExprError(f"{text}() needs at least one argument")
                return Expr(text, args=tuple(args))
            if "." in text:
                monster, quantity = text.split(".", 1)
                return Expr.stat(quantity, monster)
            if text in QUANTITIES:
                return Expr.stat(text)
            return Expr.input(text)
        raise ExprError(f"unexpected {text!r} in expression {self.source!r}")
