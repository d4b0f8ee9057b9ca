"""An output folder is always one complete build: the old one or the new one.

A build is killed (SIGKILL, which nothing can catch) at moments spread over its whole run;
afterwards the folder must hold exactly the old build's files or exactly the new build's,
byte for byte, and no temporary file may be left in the system temp folder. The next run
removes the staging folders the killed ones left beside the output.
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
KILLS = 16


def command(out: Path, rules: str) -> list[str]:
    return [sys.executable, "-m", "gamebook", "build", str(EXAMPLE), "--out", str(out),
            "--rules", rules, "--format", "html,txt", "--quiet"]


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir()} if folder.exists() else {}


def environment(temp: Path) -> dict[str, str]:
    return {**os.environ, "TMPDIR": str(temp), "PYTHONDONTWRITEBYTECODE": "1"}


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

    rng = random.Random(12)
    work = tmp_path / "work"
    work.mkdir()
    outcomes = {"old": 0, "new": 0}
    for index in range(KILLS):
        out = work / "out"
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(old_ref, out)
        process = subprocess.Popen(command(out, "seed"), env=env, cwd=ROOT,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Spread over the whole run and a little past it, so that a loaded machine, where
        # this run is slower than the measured one, still has kills after the swap.
        time.sleep(1.5 * duration * (index + rng.random()) / KILLS)
        process.kill()
        process.wait()
        found = contents(out)
        assert found in (old, new), f"kill {index}: a mix of builds: {sorted(found)}"
        outcomes["old" if found == old else "new"] += 1
    print(f"{KILLS} kills over {duration:.2f} s: {outcomes}")
    assert outcomes["old"] and outcomes["new"], outcomes  # the kills did cover the swap
    assert list(temp.iterdir()) == []  # nothing left in the system temp folder

    subprocess.run(command(work / "out", "seed"), check=True, env=env, cwd=ROOT)
    assert sorted(path.name for path in work.iterdir()) == ["out"]  # leftovers removed
    assert contents(work / "out") == new


def test_a_terminated_build_removes_its_staging_folder_and_leaves_the_old_build(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "book.html").write_text("old", encoding="utf-8")
    process = subprocess.Popen(command(out, "seed"), cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    time.sleep(0.6)  # past start-up, inside the build
    process.terminate()
    _, err = process.communicate(timeout=60)
    if process.returncode == 0:
        pytest.skip("the build finished before SIGTERM arrived")
    assert process.returncode == 143 and "terminated; nothing was written" in err
    assert contents(out) == {"book.html": b"old"}
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out"]


def test_a_budget_bounds_the_whole_command_and_writes_nothing(tmp_path, capsys, monkeypatch):
    from gamebook.book import pages

    def slow_book(*args, **kwargs):  # computes: --max-seconds counts CPU time
        began = time.monotonic()
        while time.monotonic() - began < 20:
            pass
        raise AssertionError("the deadline should have stopped the book")

    monkeypatch.setattr(pages, "build_book", slow_book)
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

    build_book = pages.build_book

    def waiting_book(*args, **kwargs):
        time.sleep(4)
        return build_book(*args, **kwargs)

    monkeypatch.setattr(pages, "build_book", waiting_book)
    out = tmp_path / "out"
    assert main(["build", str(EXAMPLE), "--out", str(out), "--max-seconds", "3",
                 "--no-images", "--quiet"]) == 0
    assert (out / "book.md").exists()
