"""Every placeholder a catalog message uses is supplied by every note or event that selects it.

The engine's notes (the reasons of :func:`~gamebook.rules.timing.activation_problem`, the
can-lines of the mechanics' hooks) and events carry structured arguments; the narrator picks a
catalog message by their key and fills it. A message with a placeholder the narration never
passes stops a build with a ``KeyError`` (issue 36: "cannot pay the cost" at 1 LP). These tests
read every reason and event the rules can make from their source (so a new one is covered
without a new test), build each with its arguments, and narrate it in every language.
"""

from __future__ import annotations

import ast
import string
from pathlib import Path
from typing import Any

import pytest

from gamebook.book.catalog import LANGS, messages, nested
from gamebook.book.narrate import Narrator
from gamebook.cards.model import (
    Card,
    CardType,
    Effect,
    EffectKind,
    MonsterFrame,
    PlayerAbility,
    Position,
)
from gamebook.rules.actions import Event, Note
from gamebook.rules.events import EventKind
from gamebook.rules.state import Player, Step, WindowKind

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "gamebook" / "rules"
CARD, EFFECT = "card", "quick"  # the card every note and event names


def _strings(node: ast.AST) -> set[str]:
    return {part.value for part in ast.walk(node)
            if isinstance(part, ast.Constant) and isinstance(part.value, str)}


def _assigned(function: ast.AST | None, name: str) -> set[str]:
    """The text constants a local ``name`` may hold (``reason = "a" if x else "b"``)."""
    found: set[str] = set()
    for node in ast.walk(function) if function is not None else ():
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == name for target in node.targets):
            found |= _strings(node.value)
    return found


def _functions(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    """Each node's innermost enclosing function."""
    owner: dict[ast.AST, ast.AST] = {}
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(function):
                owner[node] = function  # inner functions come later and overwrite
    return owner


def _values(node: ast.AST, function: ast.AST | None) -> set[str]:
    """The texts an argument may be: a constant, an event kind (``EventKind.PASS`` is
    ``"pass"``), or a local's constants."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
            and node.value.id == "EventKind":
        return {EventKind[node.attr].value}
    if isinstance(node, ast.Name):
        return _assigned(function, node.id)
    if isinstance(node, ast.IfExp):
        return _values(node.body, function) | _values(node.orelse, function)
    return set()


def _sources() -> list[tuple[Path, ast.AST]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted(RULES.rglob("*.py"))]


def rule_reasons() -> dict[str, set[tuple[str, ...]]]:
    """Every reason of a note the rules make, ``(rule, reason, ((name, value), …))``: the
    argument names each place passes."""
    found: dict[str, set[tuple[str, ...]]] = {}
    for _path, tree in _sources():
        owner = _functions(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Tuple) and len(node.elts) == 3):
                continue
            args = node.elts[2]
            if isinstance(args, ast.Name):
                assigned = [a.value for a in ast.walk(owner.get(node) or tree)
                            if isinstance(a, ast.Assign) and any(
                                isinstance(t, ast.Name) and t.id == args.id for t in a.targets)]
                args = assigned[0] if assigned else None
            if not isinstance(args, ast.Tuple) or not all(
                    isinstance(pair, ast.Tuple) and len(pair.elts) == 2
                    and isinstance(pair.elts[0], ast.Constant) for pair in args.elts):
                continue
            names = tuple(pair.elts[0].value for pair in args.elts)
            for reason in _values(node.elts[1], owner.get(node)):
                found.setdefault(reason, set()).add(names)
    return found


def rule_events() -> list[tuple[str, dict[str, set[str] | None]]]:
    """Every event the rules make: its kind and, per keyword, the texts it may hold (``None``:
    a value computed at run time)."""
    found: list[tuple[str, dict[str, set[str] | None]]] = []
    for _path, tree in _sources():
        owner = _functions(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            function = owner.get(node)
            if node.func.id == "skipped" and len(node.args) == 4:
                found.append(("not_applied", {"op": None, "why": _values(node.args[3], function)
                                              or None, "target": None}))
                continue
            if node.func.id != "event" or not node.args:
                continue
            keywords: dict[str, set[str] | None] = {}
            optional: list[str] = []
            for keyword in node.keywords:
                if keyword.arg is not None:
                    keywords[keyword.arg] = _values(keyword.value, function) or None
                else:  # **{"by": source} if …: the keys, sometimes there
                    for part in ast.walk(keyword.value):
                        if isinstance(part, ast.Dict):
                            for key, value in zip(part.keys, part.values, strict=True):
                                if isinstance(key, ast.Constant):
                                    keywords[key.value] = _values(value, function) or None
                                    optional.append(key.value)
            for kind in _values(node.args[0], function):
                found.append((kind, keywords))
                for name in optional:  # an optional keyword may be missing too
                    found.append((kind, {k: v for k, v in keywords.items() if k != name}))
    return found


# Plausible values for the arguments computed at run time, by name.
_ENUMS: dict[str, tuple[Any, ...]] = {
    "position": tuple(p.value for p in Position),
    "target_position": tuple(p.value for p in Position),
    "step": tuple(s.value for s in Step),
    "window": tuple(w.value for w in WindowKind),
    "ability": tuple(a.value for a in PlayerAbility),
}
_PLAIN: dict[str, Any] = {
    "card": CARD, "target": CARD, "to": CARD, "monster": CARD, "holder": "B", "owner": "B",
    "effect": EFFECT, "declined": (f"{CARD}.{EFFECT}",), "effects": (f"{CARD}.{EFFECT}",),
    "timing_passed": (f"{CARD}.{EFFECT}",), "no_response": f"{CARD}.{EFFECT}",
    "op": "destroy", "wanted": "trap_card_activated", "event": "attack_declared", "direct": True,
    "cost": True, "negated": True, "forced": False, "cost_first": True,
    "condition": "opponent_is_attacking",
}


def _value(name: str, kind: str) -> Any:
    if name == "by":  # an effect, for a destruction; a card otherwise
        return f"{CARD}.{EFFECT}" if kind == "destroyed" else CARD
    return _PLAIN.get(name, 100)


# Texts a keyword takes at run time, from a hook point rather than a constant in the call:
# why a monster is unaffected (hook point unaffected_by: R104, R125).
_AT_RUN_TIME: dict[tuple[str, str], set[str]] = {
    ("not_destroyed", "why"): {"unaffected", "unaffected_by_opponent"},
}


def _variants(kind: str, keywords: dict[str, set[str] | None]) -> list[dict[str, Any]]:
    """The event's keywords with each possible text in turn (one varied at a time)."""
    keywords = {name: values or _AT_RUN_TIME.get((kind, name)) or values
                for name, values in keywords.items()}
    base = {name: sorted(values)[0] if values else _ENUMS.get(name, (_value(name, kind),))[0]
            for name, values in keywords.items()}
    out = [base]
    for name, values in keywords.items():
        for value in sorted(values) if values else _ENUMS.get(name, ()):
            out.append({**base, name: value})
    return out


class Checking(Narrator):
    """A narrator that records each message whose placeholders it was not given."""

    missing: list[str]

    def msg(self, key: str, **args: Any) -> str:
        template = messages(self.lang).get(key, "")
        wanted = {field for _, field, _, _ in string.Formatter().parse(template) if field}
        lacking = sorted(wanted - set(args))
        if lacking:
            self.missing.append(f"{key} lacks {', '.join(lacking)}")
        return super().msg(key, **{name: "?" for name in lacking}, **args)


@pytest.fixture(scope="module")
def narrators() -> dict[str, Checking]:
    card = Card(CARD, {"en": "Card"}, CardType.MONSTER, frame=MonsterFrame.EFFECT, atk=0,
                effects=(Effect(EFFECT, EffectKind.QUICK),))
    out = {}
    for lang in LANGS:
        narrator = Checking(lang, {CARD: card}, {CARD: Player.A})
        narrator.missing = []
        out[lang] = narrator
    return out


def test_the_sources_are_read():
    """The reading finds what it must: every reason the catalog words, and the events that
    carry the most arguments."""
    reasons = rule_reasons()
    worded = set(nested("en")["reason"])
    assert worded <= set(reasons), sorted(worded - set(reasons))
    assert ("amount",) in reasons["cannot_pay_lp"]
    kinds = {kind for kind, _ in rule_events()}
    assert {"lp_paid", "destroyed", "not_applied", "activate", "pass"} <= kinds


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_is_worded_with_what_its_note_carries(narrators, lang):
    narrator = narrators[lang]
    narrator.missing = []
    worded = set(nested("en")["reason"])
    for reason, places in sorted(rule_reasons().items()):
        for names in sorted(places):
            args = tuple((name, _value(name, "")) for name in names)
            for legal in (False, True) if reason in worded else (True,):
                narrator._notes.clear()
                narrator.note(Note(Player.A, CARD, EFFECT, legal, "replay", reason, args))
    assert narrator.missing == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_is_worded_with_what_it_carries(narrators, lang):
    narrator = narrators[lang]
    narrator.missing = []
    for kind, keywords in rule_events():
        for data in _variants(kind, keywords):
            target = data.pop("target", None)
            ev = Event(kind, Player.A, CARD, EFFECT, target, tuple(sorted(data.items())))
            narrator.event(ev)
    assert narrator.missing == []
