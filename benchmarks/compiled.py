"""Benchmark: what compiling the rules engine with mypyc would buy (issue 29's compiled route).

Run ``python benchmarks/compiled.py [--repeat N] [--situation S …] [--keep DIR]``
with mypy installed in the same Python (``pip install mypy``: it is not one of gamebook's
dependencies, and nothing of this is shipped). It copies the package into a temporary
folder (or ``DIR``, kept and reused), compiles the rules engine and the explorer there
with mypyc, and explores each situation with this checkout and with the compiled copy, a
fresh process each: the best CPU seconds of N runs, microseconds per transition, the
speed-up, and whether the two graphs are the same (pages, edges, transitions). Figures,
not assertions. Compiling takes about two minutes on two cores.

The engine is compiled as it is typed today, which takes four changes in the copy, made by
this script (the checkout is not touched):

- the type checker is told that ``GameState`` is ``Any``: the state is made by
  ``make_dataclass`` from its three parts, so its fields are invisible to mypy (about 1,000
  of its errors); the state stays a Python class;
- every line mypy still reports (about 85: optional values read without a check, numbers
  that may be ``Fraction`` or ``bool``) gets a ``# type: ignore``; a wrong annotation
  there would surface as a ``TypeError`` when the compiled code runs, and the situation's
  row says so;
- a membership test in a tuple display with a starred item (``x in (a, *rest)``), which
  mypyc 2.4 cannot compile, tests the same tuple built by ``tuple(…)``;
- ``state.py``, ``context.py`` (``Rules`` keeps its tables in its instance dictionary) and
  ``explore/digraph.py`` (networkx's layout of dictionaries, handed over as they are) stay
  Python.

A situation is ``crowded`` (``benchmarks/crowded_battle.yaml``) or a point of the scale
curve, ``FAMILY:SIZE`` (``distinct_traps:3+3``: see ``benchmarks/scale.py``); the default is
both of those, every order explored.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
# Python, not compiled: see the docstring
KEPT_PYTHON = ("__init__.py", "state.py", "context.py", "digraph.py")
BUILT = ".compiled-benchmark"  # marks a finished build in a kept folder

# Explores each situation (argv: root, benchmarks folder, repeat, situations...) and prints
# one JSON line a situation.
_MEASURE = """
import json, sys, time
from pathlib import Path
root, benchmarks, repeat = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
sys.path[:0] = [str(root), str(benchmarks)]
from gamebook.explore.explorer import explore
from scale import load_point

for name in sys.argv[4:]:
    situation = load_point(name, root)
    best = float("inf")
    try:
        for _ in range(repeat):
            began = time.process_time()
            exploration = explore(situation, max_seconds=3600, max_states=1_000_000,
                                  reduce_orders=False)
            best = min(best, time.process_time() - began)
    except Exception as error:  # a wrong annotation, caught by the compiled code
        print(json.dumps({"situation": name, "error": f"{type(error).__name__}: {error}"}))
        continue
    graph = exploration.graph
    print(json.dumps({"situation": name, "pages": graph.number_of_nodes(),
                      "edges": graph.number_of_edges(),
                      "transitions": exploration.transitions, "cpu": best}), flush=True)
"""

_SETUP = """
from setuptools import setup
from mypyc.build import mypycify
setup(name="gamebook-compiled-benchmark", packages=[],
      ext_modules=mypycify([*{options!r}, *{modules!r}], opt_level="3"))
"""

MYPY_OPTIONS = ("--follow-imports=silent", "--ignore-missing-imports")
ERROR_LINE = re.compile(r"^(gamebook/[^:]+):(\d+): error:")
MEMBERSHIP = re.compile(r"\bin \(")


def compiled_modules(package: Path) -> list[str]:
    """The rules engine's and the explorer's modules that are compiled, relative to the
    copy."""
    found = [*package.glob("rules/*.py"), *package.glob("rules/mechanics/*.py"),
             *package.glob("explore/*.py")]
    return sorted(str(path.relative_to(package.parent)) for path in found
                  if path.name not in KEPT_PYTHON)


def state_for_the_checker(copy: Path) -> None:
    """``GameState`` is ``Any`` for mypy; the program still makes it with make_dataclass."""
    path = copy / "gamebook" / "rules" / "state.py"
    text = path.read_text(encoding="utf-8")
    made = "GameState = make_dataclass(\n"
    if made not in text:
        raise SystemExit(f"compiled: {path} no longer makes GameState with make_dataclass; "
                         "this script needs updating")
    path.write_text(text.replace(made, "from typing import TYPE_CHECKING, Any\n"
                                       "if TYPE_CHECKING:\n    GameState = Any\nelse:\n"
                                       "  " + made, 1), encoding="utf-8")


def starred_memberships(path: Path) -> None:
    """``x in (a, *rest)`` becomes ``x in tuple((a, *rest))`` (not in a ``for`` clause)."""
    text = path.read_text(encoding="utf-8")
    position = 0
    while (match := MEMBERSHIP.search(text, position)) is not None:
        opening = match.end() - 1
        depth, closing = 0, opening
        for closing in range(opening, len(text)):
            depth += {"(": 1, ")": -1}.get(text[closing], 0)
            if depth == 0:
                break
        inner = text[opening:closing + 1]
        line_before = text[text.rfind("\n", 0, opening) + 1:opening]
        if "*" in inner and not re.search(r"\bfor\b", line_before):
            text = f"{text[:opening]}tuple({inner}){text[closing + 1:]}"
        position = opening + 1
    path.write_text(text, encoding="utf-8")


def silence_type_errors(copy: Path, modules: list[str]) -> int:
    """A ``# type: ignore`` on every line mypy reports; how many lines. A line continued with
    a backslash, which cannot end with a comment, is joined with the lines it continues
    into."""
    report = subprocess.run([sys.executable, "-m", "mypy", *MYPY_OPTIONS, "--no-error-summary",
                             *modules], cwd=copy, capture_output=True, text=True,
                            check=False).stdout
    lines: dict[str, set[int]] = {}
    for line in report.splitlines():
        if (match := ERROR_LINE.match(line)) is not None:
            lines.setdefault(match.group(1), set()).add(int(match.group(2)))
    for name, numbers in lines.items():
        path = copy / name
        source = path.read_text(encoding="utf-8").split("\n")
        for index in sorted((number - 1 for number in numbers), reverse=True):
            while source[index].endswith("\\"):
                source[index] = source[index][:-1] + source.pop(index + 1).lstrip()
            code, hash_, comment = source[index].partition("  #")
            source[index] = f"{code}  # type: ignore" + (f"  #{comment}" if hash_ else "")
        path.write_text("\n".join(source), encoding="utf-8")
    return sum(len(numbers) for numbers in lines.values())


def build(copy: Path) -> None:
    """Copy the package and the test cards, prepare the copy, compile it in place."""
    if (copy / BUILT).exists():
        print(f"compiled: reusing the build in {copy}", flush=True)
        return
    for part in ("gamebook", "tests/cards"):
        shutil.copytree(ROOT / part, copy / part, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    modules = compiled_modules(copy / "gamebook")
    state_for_the_checker(copy)
    for module in modules:
        starred_memberships(copy / module)
    silenced = silence_type_errors(copy, modules)
    print(f"compiled: {len(modules)} modules, {silenced} lines mypy reports silenced; "
          "compiling (about two minutes)…", flush=True)
    (copy / "setup_compiled.py").write_text(
        _SETUP.format(options=MYPY_OPTIONS, modules=modules), encoding="utf-8")
    done = subprocess.run([sys.executable, "setup_compiled.py", "build_ext", "--inplace"],
                          cwd=copy, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
        raise SystemExit("compiled: mypyc failed (above)")
    (copy / BUILT).write_text("built\n", encoding="utf-8")


def measure(root: Path, repeat: int, situations: list[str]) -> dict[str, dict]:
    done = subprocess.run([sys.executable, "-c", _MEASURE, str(root), str(BENCHMARKS),
                           str(repeat), *situations],
                          capture_output=True, text=True, check=False,
                          env={"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"})
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["failed"])[-1]
        return {name: {"error": last} for name in situations}
    rows = (json.loads(line) for line in done.stdout.splitlines())
    return {row["situation"]: row for row in rows}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--situation", action="append", dest="situations",
                        help="crowded or FAMILY:SIZE (default: crowded and "
                             "distinct_traps:3+3); repeatable")
    parser.add_argument("--keep", type=Path,
                        help="build in this folder and keep it (a finished build is reused)")
    args = parser.parse_args()
    try:
        import mypyc  # noqa: F401
    except ImportError:
        print("compiled: needs mypy in this Python (pip install mypy); it is not one of "
              "gamebook's dependencies", file=sys.stderr)
        return 2
    situations = args.situations or ["crowded", "distinct_traps:3+3"]
    with tempfile.TemporaryDirectory() as temporary:
        copy = (args.keep or Path(temporary)).resolve()
        copy.mkdir(parents=True, exist_ok=True)
        build(copy)
        python = measure(ROOT, args.repeat, situations)
        compiled = measure(copy, args.repeat, situations)
    print(f"{'situation':<22} {'pages':>8} {'transitions':>11} {'Python s':>9} {'µs/tr':>6} "
          f"{'compiled s':>10} {'µs/tr':>6} {'speed-up':>8}  graph")
    for name in situations:
        before, after = python[name], compiled[name]
        if "error" in before or "error" in after:
            print(f"{name:<22} failed: {before.get('error') or after.get('error')}")
            continue
        same = all(before[key] == after[key] for key in ("pages", "edges", "transitions"))
        micro = 1e6 / before["transitions"]
        print(f"{name:<22} {before['pages']:>8,} {before['transitions']:>11,} "
              f"{before['cpu']:>9.3f} {before['cpu'] * micro:>6.1f} {after['cpu']:>10.3f} "
              f"{after['cpu'] * micro:>6.1f} {before['cpu'] / after['cpu']:>7.2f}x  "
              f"{'the same' if same else 'DIFFERENT'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
