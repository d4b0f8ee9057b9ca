"""The table of known differences from EDOPro is well formed and agrees with docs/engine.md.

Runs everywhere, with or without the reference engine (tests/test_reference_engine.py uses
the table): each entry names a situation that exists, a reading that docs/engine.md's
"Checked against EDOPro" defines, and a ruling; every reading defined there is used; an
expected failure is an error of gamebook's (G-number), never a reading.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "tests" / "reference_engine_differences.yaml"
ENGINE_DOC = ROOT / "docs" / "engine.md"
ENTRY_KEYS = {"situation", "reading", "ruling", "differences", "expected_failure"}
KINDS = {"end_states", "lp", "activated"}
SIDES = {"only_in_gamebook", "only_in_oracle"}


def _table() -> dict:
    return yaml.safe_load(TABLE.read_text(encoding="utf-8"))


def _section() -> str:
    text = ENGINE_DOC.read_text(encoding="utf-8")
    return text.split("## Checked against EDOPro", 1)[1].split("\n## ", 1)[0]


def test_each_documented_difference_names_a_situation_a_reading_and_a_ruling() -> None:
    data = _table()
    assert set(data) == {"documented", "not_expressible", "not_compared"}
    seen = set()
    for entry in data["documented"]:
        assert set(entry) <= ENTRY_KEYS, entry
        name = entry["situation"]
        assert name not in seen, f"{name} is listed twice"
        seen.add(name)
        assert (ROOT / name).is_file(), name
        assert isinstance(entry["ruling"], str) and entry["ruling"].strip(), name
        reading = entry["reading"]
        if entry.get("expected_failure"):
            assert re.fullmatch(r"G\d+", reading), f"{name}: an expected failure is a G-number"
        else:
            assert re.fullmatch(r"D\d+", reading), f"{name}: a reading is a D-number"
        for kind, sides in (entry.get("differences") or {}).items():
            assert kind in KINDS and set(sides) <= SIDES, (name, kind)
            for items in sides.values():
                assert items and all(isinstance(item, str) for item in items), (name, kind)
        if entry.get("expected_failure"):
            assert entry.get("differences"), f"{name}: an expected failure lists what fails"
    for entry in [*data["not_expressible"], *data["not_compared"]]:
        assert set(entry) == {"situation", "reason"} and (ROOT / entry["situation"]).is_file()
    for entry in data["not_compared"]:
        assert not entry["situation"].startswith("examples/"), "every example is compared"


def test_the_readings_of_the_table_are_the_ones_docs_engine_md_defines() -> None:
    defined = set(re.findall(r"^- \*\*([DG]\d+),", _section(), flags=re.M))
    used = {entry["reading"] for entry in _table()["documented"]}
    assert used == defined
