"""Every file in ``tests/bad_inputs/`` is a kind of broken or hostile input.

A file ends with its expectations, one comment per error line the command must print:
``# expect: LINE TEXT`` (``-`` for an error without a line). ``card_*.yaml`` are card files
(given with ``--cards``), ``timeline_*.yaml`` are ``gamebook stats`` timelines; the others
are situations. For each file the command must exit
with 2, print exactly one line per expected error, each ``gamebook: FILE:LINE: …`` and
containing TEXT, no traceback, quickly, and leave the output folder as it was.

Below the suite: limits that need a generated input (a file over the size limit, a device),
and a property test that feeds mutated situations through the command in-process.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from test_fuzz_inputs import mutated_situation

from gamebook.cli.entry import main

ROOT = Path(__file__).resolve().parents[1]
BAD = Path(__file__).resolve().parent / "bad_inputs"
EXAMPLE = ROOT / "examples" / "borrelsword_linkuriboh.yaml"
CASES = sorted(path.name for path in BAD.glob("*.yaml"))
EXPECT = re.compile(rb"^# expect: (-|\d+) (.*)$", re.MULTILINE)


def expectations(path: Path) -> list[tuple[int | None, str]]:
    found = [(None if line == b"-" else int(line), text.decode("utf-8"))
             for line, text in EXPECT.findall(path.read_bytes())]
    assert found, f"{path.name} names no expected error"
    return found


def old_build(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    """An output folder holding a previous build, which bad input must leave alone."""
    out = tmp_path / "out"
    out.mkdir()
    files = {"book.md": b"# the old book\n", "graph.dot": b"digraph old {}\n"}
    for name, data in files.items():
        (out / name).write_bytes(data)
    return out, files


def assert_untouched(out: Path, files: dict[str, bytes]) -> None:
    assert {p.name: p.read_bytes() for p in out.iterdir()} == files
    assert [p.name for p in out.parent.iterdir() if p.name.startswith(".")] == []


def run_case(tmp_path: Path, name: str,
             capsys: pytest.CaptureFixture[str]) -> tuple[int, str, Path]:
    source = BAD / name
    folder = tmp_path / "case"
    folder.mkdir()
    command = "build"
    if name.startswith("timeline_"):
        shown = folder / name
        shutil.copyfile(source, shown)
        command, argv = "stats", [str(shown)]
    elif name.startswith("card_"):
        cards = folder / "cards"
        cards.mkdir()
        shown = cards / name
        shutil.copyfile(source, shown)
        argv = [str(EXAMPLE), "--cards", str(cards)]
    else:
        shown = folder / name
        shutil.copyfile(source, shown)
        argv = [str(shown)]
    out, files = old_build(tmp_path)
    began = time.monotonic()
    options = ["--out", str(out), "--no-images"] if command == "build" else []
    code = main([command, *argv, *options])
    seconds = time.monotonic() - began
    assert seconds < 5, f"{name}: {seconds:.1f} s to refuse"
    assert_untouched(out, files)
    return code, capsys.readouterr().err, shown


def test_the_suite_has_at_least_forty_kinds_of_bad_input():
    assert len(CASES) >= 40


@pytest.mark.parametrize("name", CASES)
def test_bad_input_gives_one_line_per_error_with_file_and_line_and_exit_2(tmp_path, capsys,
                                                                         name):
    code, err, shown = run_case(tmp_path, name, capsys)
    expected = expectations(BAD / name)
    lines = err.splitlines()
    assert code == 2, err
    assert "Traceback" not in err
    assert len(lines) == len(expected), err
    for line, (number, text) in zip(lines, expected, strict=True):
        where = f"gamebook: {shown}:{number}: " if number else f"gamebook: {shown}: "
        assert line.startswith(where), (line, where)
        assert text in line, (line, text)
        assert line.isprintable(), line


def test_the_suite_runs_the_same_outside_the_test_process(tmp_path):
    """Two cases through a real process: no traceback reaches the terminal there either."""
    for name in ("alias_bomb.yaml", "nested_too_deep_flow.yaml"):
        path = tmp_path / name
        shutil.copyfile(BAD / name, path)
        result = subprocess.run([sys.executable, "-m", "gamebook", "audit", str(path)],
                                capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert result.stderr.count("\n") == 1, result.stderr


def test_a_file_over_the_size_limit_is_refused_without_reading_it_all(tmp_path, capsys):
    big = tmp_path / "big.yaml"
    big.write_bytes(EXAMPLE.read_bytes() + b"#" * 3_000_000 + b"\n")
    began = time.monotonic()
    assert main(["audit", str(big)]) == 2
    assert time.monotonic() - began < 2
    err = capsys.readouterr().err
    assert err == (f"gamebook: {big}: the file is larger than 2,000,000 bytes, the input "
                   "limit (raise it with --max-input-bytes)\n")
    assert main(["audit", str(big), "--max-input-bytes", "4000000"]) == 0


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_not_read(capsys):
    assert main(["audit", "/dev/zero"]) == 2
    assert "is not a regular file" in capsys.readouterr().err


def test_a_card_file_may_replace_a_bundled_card_when_it_says_so(tmp_path, capsys):
    cards = tmp_path / "cards"
    cards.mkdir()
    roar = (ROOT / "gamebook" / "cards" / "library" / "threatening_roar.yaml").read_text(
        encoding="utf-8")
    (cards / "roar.yaml").write_text(roar.replace("en: Threatening Roar", "en: Loud Roar")
                                     + "overrides: true\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(EXAMPLE), "--cards", str(cards), "--out", str(out),
                 "--no-images", "--format", "html"]) == 0
    assert "Loud Roar" in (out / "book.html").read_text(encoding="utf-8")


def test_a_card_folder_inside_the_situations_folder_is_read(tmp_path, capsys):
    (tmp_path / "cards").mkdir()
    shutil.copyfile(BAD / "card_negative_atk.yaml", tmp_path / "cards" / "bad.yaml")
    situation = tmp_path / "battle.yaml"
    situation.write_text(EXAMPLE.read_text(encoding="utf-8") + "card_folders: [cards]\n",
                         encoding="utf-8")
    assert main(["audit", str(situation)]) == 2
    assert "bad.yaml:8: atk: -500 is out of range" in capsys.readouterr().err


@pytest.mark.parametrize("cache", ["on", "off"])
def test_a_card_folder_reached_twice_is_read_once(tmp_path, capsys, monkeypatch, cache):
    """A folder named twice, or named by the situation and by --cards, or a file linked into
    a second folder: one file, not a card "already defined by" itself (issue 24)."""
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    if cache == "off":
        monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")
    cards = tmp_path / "cards"
    cards.mkdir()
    shutil.copyfile(ROOT / "tests" / "cards" / "test_pebble.yaml", cards / "test_pebble.yaml")
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / "pebble.yaml").symlink_to(cards / "test_pebble.yaml")
    text = EXAMPLE.read_text(encoding="utf-8")
    for folders, extra in (("[cards, ./cards]", []), ("[cards]", ["--cards", str(cards)]),
                           ("[cards, linked]", []), ("[]", ["--cards", str(cards), "--cards",
                                                          str(cards / ".." / "cards")])):
        situation = tmp_path / "battle.yaml"
        situation.write_text(text + f"card_folders: {folders}\n", encoding="utf-8")
        assert main(["audit", str(situation), "--quiet", *extra]) == 0, capsys.readouterr().err
    # two different files with one id are still refused
    shutil.copyfile(cards / "test_pebble.yaml", linked / "copy.yaml")
    assert main(["audit", str(situation), "--quiet", "--cards", str(linked)]) == 2
    assert "card id 'test_pebble' is also defined in" in capsys.readouterr().err


def test_an_error_message_never_prints_control_characters(tmp_path, capsys):
    evil = tmp_path / "evil\x1b[31m\nname.yaml"
    assert main(["audit", str(evil)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and err.count("\n") == 1 and "\\x1b[31m\\nname.yaml" in err


# -- property: mutated situations never crash the command -------------------------------

@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=mutated_situation())
def test_a_mutated_situation_is_explored_or_refused_in_one_line_per_error(tmp_path_factory,
                                                                         capsys, text):
    folder = tmp_path_factory.mktemp("mutated")
    path = folder / "battle.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["audit", str(path), "--max-seconds", "20", "--quiet"])
    err = capsys.readouterr().err
    assert code in (0, 1, 2, 3), err
    if code == 2:
        lines = err.splitlines()
        assert lines and all(line.startswith(f"gamebook: {path}") for line in lines), err
        assert all(line.isprintable() for line in lines)


# -- command-line manners ------------------------------------------------------------------

def test_version_and_exit_codes_in_help(capsys):
    from gamebook import __version__

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0 and capsys.readouterr().out == f"gamebook {__version__}\n"
    with pytest.raises(SystemExit):
        main(["build", "--help"])
    assert "3  a budget was exceeded" in capsys.readouterr().out


@pytest.mark.parametrize("option", [["--max-states", "-1"], ["--max-states", "0"],
                                    ["--max-states", "many"], ["--max-seconds", "nan"],
                                    ["--max-seconds", "-5"], ["--max-input-bytes", "0"]])
def test_a_bad_option_value_is_one_line_and_exit_2(capsys, option):
    assert main(["audit", str(EXAMPLE), *option]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"gamebook: argument {option[0]}: expected")


def test_the_progress_line_appears_only_on_a_terminal_and_not_when_quiet():
    import io

    from gamebook.cli.progress import Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for quiet, stream, shown in ((False, Terminal(), True), (True, Terminal(), False),
                                 (False, io.StringIO(), False)):
        progress = Progress(quiet=quiet, stream=stream, delay=0)
        progress.phase("exploring")
        with progress:
            time.sleep(0.2)
        text = stream.getvalue()
        assert ("gamebook: exploring… 0 s" in text) is shown, text
        assert text.endswith("\r\x1b[K") or not shown  # the line is cleared at the end


def test_quiet_prints_nothing_on_success(tmp_path, capsys):
    assert main(["graph", str(EXAMPLE), "--out", str(tmp_path / "o"), "--no-images",
                 "--quiet"]) == 0
    assert capsys.readouterr() == ("", "")


def test_check_book_end_line_leaves_notes_after_the_book_out(tmp_path, capsys):
    book = tmp_path / "book.txt"
    book.write_text("1. Attack? Yes -> 2\n2. It is over.\n（完）\n\nTranslator's notes\n"
                    "1. a note\n2. another note\n", encoding="utf-8")
    assert main(["check-book", str(book)]) == 1  # the notes read as duplicate pages
    capsys.readouterr()
    assert main(["check-book", str(book), "--end-line", "4"]) == 0
    assert main(["check-book", str(book), "--end-line", "99"]) == 2


def test_the_progress_line_counts_the_pages_of_a_long_exploration():
    from gamebook.cli.progress import Progress
    from gamebook.explore.explorer import explore
    from gamebook.situation.load import load_situation

    progress = Progress(quiet=True)
    seen: list[tuple[int, float]] = []

    def exploring(pages: int, seconds: float) -> None:
        seen.append((pages, seconds))
        progress.exploring(pages, seconds)

    crowded = load_situation(ROOT / "benchmarks" / "crowded_battle.yaml",
                             card_folders=(ROOT / "tests" / "cards",))
    explored = explore(crowded, "seed", on_progress=exploring, max_seconds=120)
    # Told every 1,024 decision points: pages found so far, growing, never past the end.
    assert len(seen) >= 2 and seen == sorted(seen)
    assert seen[-1][0] <= explored.graph.number_of_nodes()
    progress.exploring(12_345, 2.0)
    assert progress.current == "exploring: 12,345 pages (6,172 per second)"


# -- the corpus covers the vocabulary -------------------------------------------------------

def schema_keys(cls: type) -> dict[str, bool]:
    """Every key name of a schema (dataclasses, recursively): whether it takes named values
    (an enum)."""
    import dataclasses
    import enum
    import typing

    def inner(hint: object) -> list[object]:
        args = typing.get_args(hint)
        return [part for arg in args for part in inner(arg)] if args else [hint]

    found: dict[str, bool] = {}
    for item in dataclasses.fields(cls):
        types = inner(typing.get_type_hints(cls)[item.name])
        found[item.name] = found.get(item.name, False) or any(
            isinstance(kind, type) and issubclass(kind, enum.Enum) for kind in types)
        for kind in types:
            if dataclasses.is_dataclass(kind) and kind is not cls:
                for name, named in schema_keys(kind).items():
                    found[name] = found.get(name, False) or named
    return found


def covered(prefix: str) -> set[str]:
    """The key names the cases of one kind cover: named in an expected error line, or in a
    ``# covers: KEY`` line (for a message that does not repeat the key)."""
    words: set[str] = set()
    for name in CASES:
        if (prefix and not name.startswith(prefix)) or (
                not prefix and name.startswith(("card_", "timeline_"))):
            continue
        text = (BAD / name).read_bytes().decode("utf-8", errors="replace")
        for line in re.findall(r"^# (?:expect: \S+|covers:) (.*)$", text, re.MULTILINE):
            words.update(re.findall(r"[a-z_]+", line))
    return words


def test_every_key_of_a_situation_has_a_bad_input_case():
    from gamebook.situation.model import SituationFile

    missing = sorted(set(schema_keys(SituationFile)) - covered(""))
    assert missing == [], f"situation keys with no case in tests/bad_inputs/: {missing}"


def test_every_key_of_a_card_and_of_its_effects_has_a_bad_input_case():
    """The card's own keys and its effects' (the keys of a step and of a selection have a
    case each: the test below)."""
    import dataclasses

    from gamebook.cards.model import Card, Effect

    keys = {item.name for cls in (Card, Effect) for item in dataclasses.fields(cls)}
    missing = sorted(keys - covered("card_"))
    assert missing == [], f"card keys with no case in tests/bad_inputs/card_*: {missing}"


@pytest.mark.parametrize(("prefix", "schema"), [("card_step_", "Primitive"),
                                              ("card_select_", "TargetSpec")])
def test_every_key_of_a_step_and_of_a_selection_has_a_bad_input_case(prefix, schema):
    """A step of a cost or a resolution (``Primitive``) and a selection (``TargetSpec``):
    each key has its case ``card_step_KEY_….yaml`` / ``card_select_KEY_….yaml``, a wrong
    value (a wrong type, an unknown word, out of range) refused at its line, naming the key."""
    import dataclasses

    from gamebook.cards import model

    missing = []
    for item in dataclasses.fields(getattr(model, schema)):
        cases = [name for name in CASES if name.startswith(f"{prefix}{item.name}_")]
        named = [name for name in cases if any(
            re.search(rf"(?<![a-z_]){item.name}(?![a-z_])", text)
            for _, text in expectations(BAD / name))]
        if not named:
            missing.append(item.name)
    assert missing == [], f"{schema} keys with no case {prefix}KEY_….yaml: {missing}"


def test_the_readme_counts_the_cases():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"hostile input ({len(CASES)} of them)" in readme


def test_a_situation_translates_into_the_book_languages():
    from gamebook.book.catalog import LANGS
    from gamebook.situation.model import BOOK_LANGUAGES

    assert BOOK_LANGUAGES == LANGS
