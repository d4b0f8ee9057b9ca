"""The event protocol: every kind the engine emits is declared once, with its payload, and
written out in docs/events.md; event() refuses anything else."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from gamebook.rules.actions import event
from gamebook.rules.events import SPEC, SPECS, EventKind, EventProtocolError, markdown
from gamebook.rules.state import Player

ROOT = Path(__file__).resolve().parent.parent


def test_every_kind_has_exactly_one_spec() -> None:
    assert [spec.kind for spec in SPECS] == sorted(SPEC, key=list(EventKind).index)
    assert set(SPEC) == set(EventKind)
    for spec in SPECS:
        names = [key.name for key in spec.payload]
        assert len(names) == len(set(names)), spec.kind
        assert spec.meaning and spec.when, spec.kind


def test_docs_events_md_is_written_from_the_table() -> None:
    written = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    from gamebook.book.rulebook import load_rulebook

    assert written == markdown(load_rulebook().cite), (
        "docs/events.md is stale: python -m gamebook.book.rulebook")
    for kind in EventKind:
        assert f"\n## {kind.value}\n" in written, kind


def test_the_readme_links_the_event_list_where_it_describes_graph_json() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## graph.json", 1)[1].split("\n## ", 1)[0]
    assert "(docs/events.md)" in section


def _emitted_kinds() -> dict[str, set[str]]:
    """Every kind an ``event(...)`` call in gamebook/ names, literally or as EventKind.X,
    with the payload keys it passes by name; and every string a kind variable is set to."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "gamebook").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "event" and node.args):
                continue
            keys = {k.arg for k in node.keywords if k.arg is not None} - {"target"}
            for part in ast.walk(node.args[0]):
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    found.setdefault(part.value, set()).update(keys)
                elif isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) \
                        and part.value.id == "EventKind":
                    found.setdefault(EventKind[part.attr].value, set()).update(keys)
    return found


def test_every_kind_and_key_emitted_in_the_code_is_declared() -> None:
    emitted = _emitted_kinds()
    assert emitted, "no event() call found"
    for kind, keys in emitted.items():
        assert kind in SPEC, f"{kind!r} is emitted but not declared"
        assert keys <= {key.name for key in SPEC[EventKind(kind)].payload}, kind


def test_a_string_kind_and_its_enum_make_the_same_interned_event() -> None:
    first = event("battle_damage", Player.B, amount=500, lp=7500)
    assert first is event(EventKind.BATTLE_DAMAGE, Player.B, lp=7500, amount=500)
    assert first.kind is EventKind.BATTLE_DAMAGE
    assert first.as_dict() == {"kind": "battle_damage", "player": "B", "amount": 500,
                               "lp": 7500}


@pytest.mark.parametrize(("call", "message"), [
    (lambda: event("fireworks", Player.A), "unknown event kind 'fireworks'"),
    (lambda: event("battle_damage", Player.A, amount=1, lp=2, colour="red"),
     "event kind 'battle_damage' declares no payload key 'colour'"),
    (lambda: event("battle_damage", Player.A, amount=1),
     "event kind 'battle_damage' lacks payload key"),
    (lambda: event("battle_damage", Player.A, amount="1", lp=2),
     "payload key 'amount' must be integer"),
    (lambda: event("battle_damage", Player.A, "kuriboh", amount=1, lp=2),
     "event kind 'battle_damage' has no 'card'"),
])
def test_event_refuses_what_the_protocol_does_not_declare(call, message) -> None:
    with pytest.raises(EventProtocolError, match=message):
        call()


def test_every_kind_is_narrated_or_listed_as_silent() -> None:
    from gamebook.book.narrate import _SILENT, _TELLERS

    assert not set(_TELLERS) & _SILENT
    missing = set(EventKind) - set(_TELLERS) - _SILENT
    assert not missing, f"no narration for {sorted(missing)}: add a method to _TELLERS"
