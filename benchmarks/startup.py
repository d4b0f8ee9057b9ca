"""Benchmark: how long the ``gamebook`` command takes to start, as a whole process.

Run ``python benchmarks/startup.py [--repeat N] [--top K]``. Prints the minimum and median
wall time and the minimum CPU time of N fresh processes (default 20) for ``python -c pass``
(the interpreter alone, the floor), ``gamebook --version``, ``gamebook audit`` of the
Battle Phase example and ``gamebook build --format md --no-images`` of a small example into
a temporary folder; then
the modules that cost most to import during that audit (``python -X importtime``, the
minimum over N runs of each module's own time, and its time with what it imports).

The command is the ``gamebook`` script next to this Python when there is one (what a user
runs), else ``python -m gamebook``; this checkout is put first on ``PYTHONPATH``, so the
figures are this tree's. Each command runs once before timing, which also writes the
``.pyc`` files: the children run without ``PYTHONDONTWRITEBYTECODE``, since with it every
run compiles again what changed since the last ``compileall``, a cost no user pays twice.
The input cache (:mod:`gamebook.inputs.cache`) is warm, as it is from a user's second run.
Figures, not assertions: a busy machine makes them larger; the minimum is the steadiest,
and CPU time moves less than wall time. ``--instructions`` adds what does not move at all:
the instructions each command executes, counted once by valgrind (cachegrind) if installed.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AUDITED = ROOT / "examples" / "borrelsword_linkuriboh_battle_phase.yaml"
BUILT = ROOT / "examples" / "book_of_moon.yaml"
IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \| (\s*)(\S+)")


def _environment() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return env


def _gamebook() -> list[str]:
    script = Path(sys.executable).with_name("gamebook")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "gamebook"]


def _times(command: list[str], repeat: int,
           env: dict[str, str]) -> tuple[list[float], list[float]]:
    """Wall and CPU (user + system) seconds of ``repeat`` runs, after one to warm up."""
    subprocess.run(command, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    wall, cpu = [], []
    for _ in range(repeat):
        before, began = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        subprocess.run(command, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        wall.append(time.perf_counter() - began)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return wall, cpu


def _instructions(command: list[str], env: dict[str, str]) -> float | None:
    """Millions of instructions ``command`` executes (user space), or ``None`` without
    valgrind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    result = subprocess.run([valgrind, "--tool=cachegrind", "--cache-sim=no",
                             "--cachegrind-out-file=/dev/null", *command], env=env, cwd=ROOT,
                            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    return int(found[1].replace(",", "")) / 1e6 if found else None


def _import_times(command: list[str], repeat: int,
                  env: dict[str, str]) -> dict[str, tuple[int, int, int]]:
    """Per module: the minimum over ``repeat`` runs of its own and cumulative import time
    (microseconds), and its nesting depth."""
    best: dict[str, tuple[int, int, int]] = {}
    for _ in range(repeat):
        result = subprocess.run([*command[:1], "-X", "importtime", *command[1:]], env=env,
                                cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        for match in IMPORT_LINE.finditer(result.stderr):
            own, cumulative = int(match[1]), int(match[2])
            depth, name = len(match[3]) // 2, match[4]
            old = best.get(name, (own, cumulative, depth))
            best[name] = (min(old[0], own), min(old[1], cumulative), depth)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="processes per command")
    parser.add_argument("--top", type=int, default=25, help="modules in the import list")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each command's instructions with valgrind")
    args = parser.parse_args()
    env, gamebook = _environment(), _gamebook()
    audit = [*gamebook, "audit", str(AUDITED.relative_to(ROOT))]
    with tempfile.TemporaryDirectory() as out:
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "gamebook --version": [*gamebook, "--version"],
            f"gamebook audit {AUDITED.name}": audit,
            f"gamebook build --format md --no-images {BUILT.name}":
                [*gamebook, "build", str(BUILT.relative_to(ROOT)), "--format", "md",
                 "--no-images", "--quiet", "--out", out],
        }
        print(f"{' '.join(gamebook)}, {args.repeat} processes each")
        print(f"{'command':<58} {'min s':>6} {'median s':>8} {'min CPU s':>9}"
              + (f" {'M instr.':>8}" if args.instructions else ""))
        for label, command in commands.items():
            wall, cpu = _times(command, args.repeat, env)
            counted = _instructions(command, env) if args.instructions else None
            print(f"{label:<58} {min(wall):>6.3f} {statistics.median(wall):>8.3f} "
                  f"{min(cpu):>9.3f}" + (f" {counted:>8.0f}" if counted is not None else ""))
    # python -X importtime needs the interpreter first: run the script through it.
    traced = audit if audit[0] == sys.executable else [sys.executable, *audit]
    modules = _import_times(traced, args.repeat, env)
    print(f"\nimporting during the audit: {len(modules)} modules, the costliest by own time "
          f"(minimum of {args.repeat} runs)")
    print(f"{'module':<40} {'own ms':>7} {'with imports ms':>15}")
    ranked = sorted(modules.items(), key=lambda item: item[1][0], reverse=True)
    for name, (own, cumulative, _) in ranked[:args.top]:
        print(f"{name:<40} {own / 1000:>7.1f} {cumulative / 1000:>15.1f}")
    print(f"{'all (top level, with imports)':<40} "
          f"{sum(c for o, c, d in modules.values() if d == 0) / 1000:>23.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
