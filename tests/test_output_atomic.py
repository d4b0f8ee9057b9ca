"""An output folder is always one complete build: the old one or the new one.

A build is killed (SIGKILL, which nothing can catch) while it is held at each of its
checkpoints (after each file it writes into its staging folder, just before the swap and
just after it: tests/paused_build.py holds it there), and at moments spread over a plain run;
afterwards the folder must hold exactly the old build's files (killed before the swap) or
exactly the new build's (after), byte for byte, and no temporary file may be left in the
system temp folder. The next run removes the staging folders the killed ones left beside
the output. A terminated build is held inside its build too, so the signal always arrives
before the build is done.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gamebook.cli.entry import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "borrelsword_linkuriboh.yaml"
PAUSED = Path(__file__).resolve().parent / "paused_build.py"
TIMED_KILLS = 8


def command(out: Path, rules: str) -> list[str]:
    return [sys.executable, "-m", "gamebook", "build", str(EXAMPLE), "--out", str(out),
            "--rules", rules, "--format", "html,txt", "--quiet"]


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir()} if folder.exists() else {}


def environment(temp: Path) -> dict[str, str]:
    return {**os.environ, "TMPDIR": str(temp), "PYTHONDONTWRITEBYTECODE": "1"}


def paused(marks: Path, stop_at: int, out: Path, rules: str) -> list[str]:
    """The command, run by tests/paused_build.py: it stops at checkpoint ``stop_at``."""
    return [sys.executable, str(PAUSED), str(marks), str(stop_at), *command(out, rules)[3:]]


def stopped_at(process: subprocess.Popen, marks: Path) -> str:
    """Wait until the paused run reports the checkpoint it is holding at; its name."""
    began = time.monotonic()
    while not marks.exists() or not marks.read_text(encoding="utf-8").endswith("\n"):
        assert process.poll() is None, "the run ended before its checkpoint"
        assert time.monotonic() - began < 120, "the run never reached its checkpoint"
        time.sleep(0.02)
    return marks.read_text(encoding="utf-8").strip()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_build_killed_at_any_moment_leaves_the_old_build_or_the_new_one(tmp_path):
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = environment(temp)
    old_ref, new_ref = tmp_path / "old", tmp_path / "new"
    subprocess.run(command(old_ref, "flowchart"), check=True, env=env, cwd=ROOT)
    began = time.monotonic()
    subprocess.run(command(new_ref, "seed"), check=True, env=env, cwd=ROOT)
    duration = time.monotonic() - began
    old, new = contents(old_ref), contents(new_ref)
    assert old != new and set(old) == set(new)
    work = tmp_path / "work"
    work.mkdir()

    def fresh_out() -> Path:
        out = work / "out"
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(old_ref, out)
        return out

    # Where a build can be held: after each file it writes, and around the swap.
    marks = tmp_path / "checkpoints"
    subprocess.run(paused(marks, 0, fresh_out(), "seed"), check=True, env=env, cwd=ROOT)
    checkpoints = marks.read_text(encoding="utf-8").splitlines()
    assert checkpoints[-2:] == ["before the swap", "after the swap"], checkpoints
    assert len(checkpoints) >= 4, checkpoints  # files written before the swap

    # A kill held at each checkpoint: the old build up to the swap, the new one after it,
    # whatever the machine's load.
    for index, expected in enumerate(checkpoints, start=1):
        out = fresh_out()
        mark = tmp_path / f"mark{index}"
        process = subprocess.Popen(paused(mark, index, out, "seed"), env=env, cwd=ROOT,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert stopped_at(process, mark) == expected
        process.kill()
        process.wait()
        found = contents(out)
        assert found == (new if expected == "after the swap" else old), (
            f"killed {expected}: {sorted(found)}")

    # And kills at moments spread over a plain run (start-up, exploring, writing): never a
    # mix of the two builds.
    rng = random.Random(12)
    outcomes = {"old": 0, "new": 0}
    for index in range(TIMED_KILLS):
        out = fresh_out()
        process = subprocess.Popen(command(out, "seed"), env=env, cwd=ROOT,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.2 * duration * (index + rng.random()) / TIMED_KILLS)
        process.kill()
        process.wait()
        found = contents(out)
        assert found in (old, new), f"kill {index}: a mix of builds: {sorted(found)}"
        outcomes["old" if found == old else "new"] += 1
    print(f"{len(checkpoints)} kills at checkpoints, {TIMED_KILLS} over {duration:.2f} s: "
          f"{outcomes}")
    assert list(temp.iterdir()) == []  # nothing left in the system temp folder

    subprocess.run(command(work / "out", "seed"), check=True, env=env, cwd=ROOT)
    assert sorted(path.name for path in work.iterdir()) == ["out"]  # leftovers removed
    assert contents(work / "out") == new


def test_a_terminated_build_removes_its_staging_folder_and_leaves_the_old_build(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "book.html").write_text("old", encoding="utf-8")
    marks = tmp_path / "mark"
    # held after its first file is written into the staging folder, then terminated
    process = subprocess.Popen(paused(marks, 1, out, "seed"), cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert stopped_at(process, marks).startswith("wrote ")
    staging = [path.name for path in tmp_path.iterdir() if path.name.startswith(".out")]
    assert len(staging) == 1 and staging[0].endswith(".new"), staging
    marks.unlink()
    process.terminate()
    _, err = process.communicate(timeout=60)
    assert process.returncode == 143 and "terminated; nothing was written" in err, err
    assert contents(out) == {"book.html": b"old"}
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out"]


def test_a_budget_bounds_the_whole_command_and_writes_nothing(tmp_path, capsys, monkeypatch):
    from gamebook.book import pages

    def slow_book(*args, **kwargs):  # computes: --max-seconds counts CPU time
        began = time.monotonic()
        while time.monotonic() - began < 20:
            pass
        raise AssertionError("the deadline should have stopped the book")

    monkeypatch.setattr(pages, "PageFeed", slow_book)  # where the pages are made
    out = tmp_path / "out"
    began = time.monotonic()
    assert main(["build", str(EXAMPLE), "--out", str(out), "--max-seconds", "1.5"]) == 3
    assert time.monotonic() - began < 15  # 1.5 s of CPU time: more wall time on a busy machine
    err = capsys.readouterr().err
    assert "stopped after 1.5 s (--max-seconds) while writing the book" in err
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_a_second_command_keeps_the_users_own_files_and_drops_stale_outputs(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    (out / "graph.svg").write_text("stale", encoding="utf-8")
    assert main(["graph", str(EXAMPLE), "--out", str(out), "--no-images", "--quiet"]) == 0
    assert sorted(path.name for path in out.iterdir()) == ["graph.dot", "notes.txt"]
    assert (out / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_an_output_folder_holding_other_folders_is_refused(tmp_path, capsys):
    out = tmp_path / "out"
    (out / "project").mkdir(parents=True)
    assert main(["graph", str(EXAMPLE), "--out", str(out), "--no-images"]) == 2
    assert "holds folders gamebook did not write" in capsys.readouterr().err
    assert [path.name for path in out.iterdir()] == ["project"]


def test_without_an_atomic_exchange_a_kill_between_the_renames_is_repaired(tmp_path,
                                                                           monkeypatch):
    from gamebook.inputs import files

    monkeypatch.setattr(files, "_exchange", lambda first, second: False)
    out = tmp_path / "out"
    assert main(["graph", str(EXAMPLE), "--out", str(out), "--no-images", "--quiet"]) == 0
    assert main(["graph", str(EXAMPLE), "--out", str(out), "--no-images", "--quiet"]) == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out"]
    # a run (pid 999999, long gone) killed after moving the old build aside
    aside = tmp_path / f".out{files.STAGE_MARK}999999-x.old"
    out.rename(aside)
    files.recover_stale(out)
    assert (out / "graph.dot").exists() and not aside.exists()


def test_the_budget_counts_cpu_time_not_waiting(tmp_path, capsys, monkeypatch):
    """A run that waits (a loaded machine, a slow disk) does not use up --max-seconds."""
    from gamebook.book import pages

    class WaitingFeed(pages.PageFeed):
        def __init__(self, *args, **kwargs):  # waits where the pages are made
            time.sleep(4)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(pages, "PageFeed", WaitingFeed)
    out = tmp_path / "out"
    assert main(["build", str(EXAMPLE), "--out", str(out), "--max-seconds", "3",
                 "--no-images", "--quiet"]) == 0
    assert (out / "book.md").exists()
