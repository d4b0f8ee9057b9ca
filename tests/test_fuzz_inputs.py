"""Property: no mutated situation or card file makes the command crash (issue 36).

Situations are every example with a few lines damaged; card files are the bundled cards an
example uses, with one value replaced by a word or number of the vocabulary (every enum value
of the card model, card ids, near misses, numbers at and past the ranges), a key dropped or
a known key added, given with ``--cards`` (``overrides: true``). Whatever the input, no
exception escapes :func:`gamebook.cli.entry.main`, the exit code is 0 to 3, and a refused
input (2) or a budget run out (3) leaves the output folder as it was. Derandomized, so the
suite runs the same cases every time, in well under a minute.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamebook.cards import model
from gamebook.cli.entry import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
BUNDLED = ROOT / "gamebook" / "cards" / "library"
SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
JUNK = ["", "- ", ": ", "{", "}", "[", "]", "&a ", "*a ", "'", '"', "yes", "-1", "9" * 30,
        "\t", "#", "|", "~", "null", "0x1F", ".nan"]


def _words() -> list[Any]:
    """Every enumerated word of a card file, card ids and near misses, and numbers around
    the ranges."""
    words: list[Any] = []
    for value in vars(model).values():
        if isinstance(value, type) and issubclass(value, enum.Enum):
            words += [member.value for member in value]
    words += sorted(path.stem for path in BUNDLED.glob("*.yaml"))[:20]
    words += ["oponent", "necrovaley", "sheep_tokn", "targte", "self ", ""]
    words += [0, 1, -1, 5, 6, 13, 14, 99_999_999, 100_000_001, 10**14, True, None, [], {}]
    return words


WORDS = _words()
KEYS = sorted({item.name for cls in (model.Card, model.Effect, model.Primitive,
                                     model.TargetSpec) for item in dataclasses.fields(cls)})


def _paths(data: Any, at: tuple = ()) -> list[tuple]:
    """The place of every value inside ``data``."""
    found = [at] if at else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, at + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, at + (index,))
    return found


def _cards_of(example: Path) -> list[str]:
    text = yaml.safe_load(example.read_text(encoding="utf-8"))
    ids = [item["card"] for entry in text["players"].values() for kind in entry.values()
           if isinstance(kind, list) for item in kind if isinstance(item, dict)]
    return sorted({card for card in ids if (BUNDLED / f"{card}.yaml").exists()})


@st.composite
def mutated_card(draw: st.DrawFn) -> tuple[Path, str, str]:
    """An example, and a card it uses with one change, as a card file's text."""
    example = draw(st.sampled_from(EXAMPLES))
    card = draw(st.sampled_from(_cards_of(example)))
    data = yaml.safe_load((BUNDLED / f"{card}.yaml").read_text(encoding="utf-8"))
    place = draw(st.sampled_from(_paths(data)))
    *parents, last = place
    node = data
    for part in parents:
        node = node[part]
    action = draw(st.sampled_from(["replace", "replace", "drop", "add"]))
    if action == "replace":
        node[last] = draw(st.sampled_from(WORDS))
    elif action == "drop" and isinstance(node, dict):
        del node[last]
    elif isinstance(node, dict):
        node[draw(st.sampled_from(KEYS))] = draw(st.sampled_from(WORDS))
    data["overrides"] = True
    return example, card, yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@st.composite
def mutated_situation(draw: st.DrawFn) -> str:
    """An example with one to three lines damaged."""
    lines = draw(st.sampled_from(EXAMPLES)).read_text(encoding="utf-8").splitlines(
        keepends=True)
    for _ in range(draw(st.integers(1, 3))):
        index = draw(st.integers(0, len(lines) - 1))
        line = lines[index]
        cut = draw(st.integers(0, len(line)))
        action = draw(st.sampled_from(["insert", "delete", "word", "drop"]))
        if action == "insert":
            lines[index] = line[:cut] + draw(st.sampled_from(JUNK)) + line[cut:]
        elif action == "delete":
            lines[index] = line[:cut] + line[cut + draw(st.integers(1, 8)):]
        elif action == "word" and ": " in line:  # a value becomes another word
            lines[index] = line.partition(": ")[0] + ": " + str(
                draw(st.sampled_from([w for w in WORDS if isinstance(w, (str, int))]))) + "\n"
        else:
            del lines[index]
    return "".join(lines)


def run(folder: Path, argv: list[str], capsys: Any) -> None:
    """``graph`` over ``argv`` into a folder holding an old build: the exit is 0 to 3, a
    refusal is one printable ``gamebook:`` line per error, and only success writes."""
    out = folder / "out"
    out.mkdir()
    (out / "graph.dot").write_bytes(b"digraph old {}\n")
    code = main(["graph", *argv, "--out", str(out), "--no-images", "--quiet",
                 "--max-states", "3000", "--max-seconds", "10"])
    err = capsys.readouterr().err
    assert code in (0, 1, 2, 3), err
    assert "Traceback" not in err
    if code != 0:
        assert [p.name for p in out.iterdir()] == ["graph.dot"], err
        assert (out / "graph.dot").read_bytes() == b"digraph old {}\n"
        assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []
    if code == 2:
        lines = err.splitlines()
        assert lines and all(line.startswith("gamebook: ") and line.isprintable()
                             for line in lines), err


@SETTINGS
@given(text=mutated_situation())
def test_a_mutated_example_is_explored_or_refused(tmp_path_factory, capsys, text):
    folder = tmp_path_factory.mktemp("situation")
    path = folder / "battle.yaml"
    path.write_text(text, encoding="utf-8")
    run(folder, [str(path)], capsys)


@SETTINGS
@given(case=mutated_card())
def test_a_mutated_card_file_is_used_or_refused(tmp_path_factory, capsys, case):
    example, card, text = case
    folder = tmp_path_factory.mktemp("card")
    (folder / "cards").mkdir()
    (folder / "cards" / f"{card}.yaml").write_text(text, encoding="utf-8")
    run(folder, [str(example), "--cards", str(folder / "cards")], capsys)


def test_the_vocabulary_holds_every_enumerated_word():
    """The card mutations draw from every enum of the card model (a new word is fuzzed)."""
    for value in vars(model).values():
        if isinstance(value, type) and issubclass(value, enum.Enum) and value is not enum.Enum:
            assert all(member.value in WORDS for member in value), value
    assert typing.get_type_hints(model.TargetSpec)["controller"] is model.Controller
