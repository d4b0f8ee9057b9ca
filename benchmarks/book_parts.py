"""Benchmark: where the time (or the memory) of writing a book goes, part by part, for one or
more checkouts.

Run ``python benchmarks/book_parts.py [ROOT ...] [--repeat N] [--situation S ...] [--memory]``
(default: this checkout; give an older worktree and this one for a before/after pair in one
run). Prints, per root and situation: the exploration (every order, as ``--all-orders``), then
the parts of the book one after the other, to be told apart: the whole page model, the
diagrams' DOT sources (Graphviz is not run), the Markdown, the HTML and graph.json, each the
best CPU seconds of N runs, and the book's total. (``gamebook build`` makes each page once
and writes the Markdown and HTML in one pass over them, the DOT and graph.json after; its
peak memory is ``scale.py``'s.) With ``--memory``: one run of each situation in a process
of its own, and after each part the process's resident memory and its peak so far (MB), the
exploration dropped once the book is made. Figures, not assertions.

A situation is ``crowded`` (``benchmarks/crowded_battle.yaml``) or a point of the scale
curve, ``FAMILY:SIZE`` (``distinct_traps:3+3``: see ``benchmarks/scale.py``). Each root runs
in a process of its own, so that it imports its own code.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("explore", "model", "dot", "md", "html", "json")  # as _MEASURE measures them

# Measures one root (argv: root, repeat, "memory" or "time", this checkout's benchmarks folder,
# situations...); prints one JSON line a situation.
_MEASURE = """
import json, sys, time
from pathlib import Path
root = Path(sys.argv[1])
sys.path.insert(0, str(root))
sys.path.insert(0, sys.argv[4])  # this checkout's benchmarks: the same situations for every root
from gamebook.book.pages import build_book
from gamebook.explore.explorer import explore
from gamebook.render.diagram import diagrams
from gamebook.render.export import graph_json_chunks
from gamebook.render.markup import render_chunks
from scale import load_point


def drain(chunks):
    for _ in chunks:
        pass


def memory():  # resident and peak memory of this process, MB (Linux)
    import resource
    with open("/proc/self/statm") as statm:
        resident = int(statm.read().split()[1]) * resource.getpagesize()
    return resident / 2**20, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


for name in sys.argv[5:]:
    situation = load_point(name, root)
    best = {}
    marks = {}
    for _ in range(int(sys.argv[2])):
        times = []
        began = time.process_time()
        exploration = explore(situation, max_seconds=3600, max_states=1_000_000,
                              reduce_orders=False)
        pages = exploration.graph.number_of_nodes()
        times.append(time.process_time())
        marks["explore"] = memory()
        book = build_book(exploration)
        del exploration  # as gamebook build: the book holds what its files say
        times.append(time.process_time())
        marks["model"] = memory()
        # a checkout older than Diagram.lines has its source joined
        drain(getattr(diagram, "lines", None) or diagram.source
              for diagram in diagrams(book, layouts=False))
        times.append(time.process_time())
        marks["dot"] = memory()
        drain(render_chunks(book, "md"))
        times.append(time.process_time())
        marks["md"] = memory()
        drain(render_chunks(book, "html"))
        times.append(time.process_time())
        marks["html"] = memory()
        drain(graph_json_chunks(book))
        times.append(time.process_time())
        marks["json"] = memory()
        for part, start, end in zip(("explore", "model", "dot", "md", "html", "json"),
                                    [began, *times], times):
            best[part] = min(best.get(part, float("inf")), end - start)
    row = {"situation": name, "pages": pages, **best}
    if sys.argv[3] == "memory":
        row["memory"] = marks
    print(json.dumps(row), flush=True)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path, default=[ROOT],
                        help="checkouts to measure (default: this one)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--situation", action="append", dest="situations",
                        help="crowded or FAMILY:SIZE (default: crowded and "
                             "distinct_traps:3+3); repeatable")
    parser.add_argument("--memory", action="store_true",
                        help="print the resident memory and the peak after each part (MB; "
                             "one run, a process for each situation) instead of CPU seconds")
    args = parser.parse_args()
    situations = args.situations or ["crowded", "distinct_traps:3+3"]
    width = 11 if args.memory else 7
    print(f"{'root':<30} {'situation':<20} {'pages':>7} "
          + " ".join(f"{part:>{width}}" for part in PARTS)
          + ("" if args.memory else f" {'book':>7}"))
    # a process for each situation when its peak is measured, one for all when times are
    runs = [[name] for name in situations] if args.memory else [situations]
    for root in args.roots:
        root = root.resolve()
        for names in runs:
            done = subprocess.run(
                [sys.executable, "-c", _MEASURE, str(root),
                 "1" if args.memory else str(args.repeat),
                 "memory" if args.memory else "time", str(ROOT / "benchmarks"), *names],
                capture_output=True, text=True, check=False,
                env={"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"})
            if done.returncode != 0:
                last = (done.stderr.strip().splitlines() or ["failed"])[-1]
                print(f"{str(root):<30} failed: {last}")
                continue
            for line in done.stdout.splitlines():
                print(_row(root, json.loads(line)), flush=True)
    return 0


def _row(root: Path, row: dict) -> str:
    head = f"{str(root):<30} {row['situation']:<20} {row['pages']:>7,} "
    if "memory" in row:  # resident/peak after each part
        return head + " ".join(f"{'{:.0f}/{:.0f}'.format(*row['memory'][part]):>11}"
                               for part in PARTS)
    book = sum(row[part] for part in PARTS[1:])
    return head + " ".join(f"{row[part]:>7.2f}" for part in PARTS) + f" {book:>7.2f}"


if __name__ == "__main__":
    raise SystemExit(main())
