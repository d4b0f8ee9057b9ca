"""``gamebook stats`` end to end: text, --json, --explain, --schema, expectations, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamebook.cli.entry import main

CASES = Path(__file__).parent / "stats_cases"
DOCS = Path(__file__).resolve().parents[1] / "docs"

GOOD = """\
title: demo
inputs: {hand: 3}
monsters:
  slifer: {atk: "?", def: "?", level: 10}
  link: {atk: 2500, def: null}
steps:
  - apply: {monster: slifer, class: delta_cont, stats: [atk, def], op: add,
            value: "1000 * hand", source: "slifer:hand"}
  - apply: {monster: link, class: aset, stats: [atk], op: half, source: halving,
            duration: end_of_turn}
  - set_input: {hand: 5}
  - event: end_of_turn
"""


def write(tmp_path: Path, text: str, name: str = "t.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["stats", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_output_lists_every_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(write(tmp_path, GOOD)))
    assert code == 0 and err == ""
    assert out.splitlines()[0] == "demo"
    assert "step 0: start" in out and "step 4: end of turn" in out
    assert "slifer  ATK  5000  DEF  5000  original 0/0  Level 10 (original 10)" in out
    assert "link    ATK  1250  DEF     -  original 2500/-" in out


def test_json_records_per_step_and_monster(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(write(tmp_path, GOOD)), "--json")
    records = json.loads(out)
    assert code == 0
    assert len(records) == 5 * 2
    assert records[2] == {"step": 1, "monster": "slifer", "atk": 3000, "def": 3000,
                          "original_atk": 0, "original_def": 0, "level": 10,
                          "original_level": 10}
    assert records[5] == {"step": 2, "monster": "link", "atk": 1250, "def": None,
                          "original_atk": 2500, "original_def": None}
    assert [r["atk"] for r in records if r["monster"] == "link"] == [2500, 2500, 1250, 1250,
                                                                      2500]


def test_explain_shows_active_erased_and_suspended(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    text = """\
monsters:
  m: {atk: 2000, def: 1000}
steps:
  - apply: {monster: m, class: delta_once, stats: [atk], op: add, value: -800, source: lance}
  - apply: {monster: m, class: delta_cont, stats: [atk], op: add, value: 300, source: equip}
  - apply: {monster: m, class: aset, stats: [atk], op: become, value: 0, source: linkuriboh,
            duration: end_of_turn}
  - event: end_of_turn
"""
    code, out, _ = run(capsys, str(write(tmp_path, text)), "--explain")
    assert code == 0
    step3 = out.split("step 3:")[1].split("step 4:")[0]
    assert "suspended     delta_once atk add -800 [lance]" in step3
    assert "suspended     delta_cont atk add 300 [equip]" in step3
    assert "active        aset atk become 0 [linkuriboh] = atk 0 until end_of_turn" in step3
    step4 = out.split("step 4:")[1]
    assert "erased        delta_once atk add -800 [lance]" in step4
    assert "active        delta_cont atk add 300 [equip]" in step4
    assert "ATK  2300" in step4
    code, out, _ = run(capsys, str(write(tmp_path, text)), "--json", "--explain")
    records = json.loads(out)
    assert records[-1]["applications"][0]["status"] == "erased"


def test_output_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(CASES / "e77_metalmorph_moon_mirror_shield_avramax.yaml")
    first = run(capsys, path, "--explain")
    second = run(capsys, path, "--explain")
    assert first == second


def test_a_failed_expectation_exits_1(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    text = """\
monsters:
  m: {atk: 1000, def: 1000}
steps:
  - apply: {monster: m, class: delta_once, stats: [atk], op: add, value: 500, source: s}
    expect: {m: {atk: 1400}}
"""
    code, out, _ = run(capsys, str(write(tmp_path, text)))
    assert code == 1
    assert "expect failed at step 1 (line 5): m atk is 1500, expected 1400" in out


def test_schema_is_printed_and_every_field_is_documented(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--schema")
    schema = json.loads(out)
    assert code == 0
    assert schema["title"] == "gamebook stats timeline"
    assert {"monsters", "steps", "inputs", "rules"} <= set(schema["properties"])
    fields = set(schema["properties"])
    for definition in schema["$defs"].values():
        fields |= set(definition.get("properties", {}))
    doc = (DOCS / "stats.md").read_text(encoding="utf-8")
    assert not sorted(f for f in fields if f"`{f}`" not in doc and f"`{f}:" not in doc)


def test_the_documented_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    doc = (DOCS / "stats.md").read_text(encoding="utf-8")
    example = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = DOCS.parent / "tests" / "stats_cases" / "_doc_example.yaml"
    try:
        path.write_text(example, encoding="utf-8")
        code, _, err = run(capsys, str(path))
    finally:
        path.unlink()
    assert code == 0, err


BAD = {
    "unknown_class": ("apply: {monster: m, class: foo, stats: [atk], op: add, value: 1, "
                      "source: s}", "unknown class 'foo'"),
    "unknown_operation": ("apply: {monster: m, class: aset, stats: [atk], op: triple, "
                          "source: s}", "unknown operation 'triple'"),
    "wrong_operation_for_class": ("apply: {monster: m, class: delta_once, stats: [atk], "
                                  "op: become, value: 1, source: s}",
                                  "cannot be used with class delta_once"),
    "unknown_monster": ("apply: {monster: x, class: aset, stats: [atk], op: half, source: s}",
                        "unknown monster 'x'"),
    "unknown_source": ("negate: nobody", "unknown source 'nobody'"),
    "unknown_input": ("set_input: {graveyard: 3}", "unknown input 'graveyard'"),
    "bad_expression": ("apply: {monster: m, class: cset, stats: [atk], op: become, "
                       "value: '2 *', source: s}", "ends too early"),
    "two_actions": ("{negate: m, unnegate: m}", "exactly one action"),
    "unknown_event": ("event: battle_royale", "steps.0.event"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_steps_give_one_line_with_file_and_line(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    step, message = BAD[name]
    text = f"monsters:\n  m: {{atk: 1000, def: 1000}}\nsteps:\n  - {step}\n"
    path = write(tmp_path, text)
    code, out, err = run(capsys, str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"gamebook: {path}:4: ")
    assert message in err


@pytest.mark.parametrize("value", ["-5", "lots", '"1500"', "true", "1.5"])
def test_a_negative_or_non_numeric_printed_atk_is_refused(
        value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, f"monsters:\n  m:\n    atk: {value}\n    def: 0\n")
    code, _, err = run(capsys, str(path))
    assert code == 2
    assert err.startswith(f"gamebook: {path}:3: monsters.m.atk: a printed ATK/DEF is a whole")


def test_a_step_after_the_monster_left_the_field(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = """\
monsters:
  m: {atk: 1000, def: 1000}
steps:
  - leave_field: m
  - apply: {monster: m, class: aset, stats: [atk], op: half, source: s}
"""
    code, _, err = run(capsys, str(write(tmp_path, text)))
    assert code == 2
    assert ":5: steps.1.apply.monster: monster 'm' has left the field" in err


def test_a_yaml_error_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "monsters:\n  m: {atk: 1000, def: 1000\nsteps: []\n")
    code, _, err = run(capsys, str(path))
    # the mapping left open on line 2 is the mistake, though PyYAML notices it on line 3
    assert code == 2 and err.startswith(f"gamebook: {path}:2: YAML syntax error")


@pytest.mark.parametrize("text, message", [
    ("", "the file is empty"),
    ("- 1\n", "expected a mapping"),
    ("monsters:\n  1abc: {atk: 0, def: 0}\n", "names are letters"),
    ("monsters:\n  m: {atk: 0, def: 0}\nsteps:\n  - negate: m\n    expect: {x: {atk: 0}}\n",
     "expect: monster 'x' is not on the field"),
    ("monsters:\n  m: {atk: 0, def: 0, colour: red}\n", "unknown field"),
])
def test_other_bad_files(text: str, message: str, tmp_path: Path,
                         capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(write(tmp_path, text)))
    assert code == 2 and message in err and err.count("\n") == 1


def test_a_bad_name_is_reported_at_its_own_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Line 3 holds the bad name; the mapping starts on line 1, its first key on line 2."""
    path = write(tmp_path, "monsters:\n  m: {atk: 0, def: 0}\n  1abc: {atk: 0, def: 0}\n"
                           "inputs:\n  ok: 1\n  two words: 2\n")
    code, _, err = run(capsys, str(path))
    assert code == 2, err
    assert err.splitlines() == [
        f"gamebook: {path}:3: monsters.1abc: '1abc': names are letters, digits and '_' (not "
        "starting with a digit)",
        f"gamebook: {path}:6: inputs.two words: 'two words': names are letters, digits and "
        "'_' (not starting with a digit)"]


def test_missing_file_and_missing_argument(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(tmp_path / "nope.yaml"))
    assert code == 2 and "file not found" in err
    code, _, err = run(capsys)
    assert code == 2 and "give a timeline file" in err
