"""Benchmark: where the time of writing a book goes, part by part, for one or more checkouts.

Run ``python benchmarks/book_parts.py [ROOT ...] [--repeat N] [--situation S ...]`` (default:
this checkout; give an older worktree and this one for a before/after pair in one run).
Prints, per root and situation: the exploration (every order, as ``--all-orders``), then the
parts of the book as ``gamebook build`` writes them: the page model, the Markdown, graph.json,
the HTML and the diagrams' DOT sources (Graphviz is not run), each the best CPU seconds of N
runs, and the book's total. Figures, not assertions.

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
PARTS = ("explore", "model", "md", "json", "html", "dot")  # as _MEASURE times them

# Measures one root (argv: root, repeat, situations...); prints one JSON line a situation.
_MEASURE = """
import json, sys, tempfile, time
from pathlib import Path
root = Path(sys.argv[1])
sys.path.insert(0, str(root))
sys.path.insert(0, str(root / "benchmarks"))
from gamebook.book.pages import build_book
from gamebook.explore.explorer import explore
from gamebook.render.diagram import diagrams
from gamebook.render.export import graph_json_chunks
from gamebook.render.markup import render_chunks
from gamebook.situation.load import load_situation


def load(name):
    if name == "crowded":
        return load_situation(root / "benchmarks" / "crowded_battle.yaml",
                              card_folders=(root / "tests" / "cards",))
    import scale
    family, size = name.split(":")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "situation.yaml"
        path.write_text(json.dumps(scale.situation(family, size)), encoding="utf-8")
        cards = Path(folder) / "cards"
        cards.mkdir()
        scale.scale_cards(cards)
        return load_situation(path, card_folders=(root / "tests" / "cards", cards))


def drain(chunks):
    for _ in chunks:
        pass


for name in sys.argv[3:]:
    situation = load(name)
    best = {}
    for _ in range(int(sys.argv[2])):
        times = []
        began = time.process_time()
        exploration = explore(situation, max_seconds=3600, max_states=1_000_000,
                              reduce_orders=False)
        times.append(time.process_time())
        book = build_book(exploration)
        times.append(time.process_time())
        drain(render_chunks(book, "md"))
        times.append(time.process_time())
        drain(graph_json_chunks(book))
        times.append(time.process_time())
        drain(render_chunks(book, "html"))
        times.append(time.process_time())
        drain(diagram.source for diagram in diagrams(book, layouts=False))
        times.append(time.process_time())
        for part, start, end in zip(("explore", "model", "md", "json", "html", "dot"),
                                    [began, *times], times):
            best[part] = min(best.get(part, float("inf")), end - start)
    print(json.dumps({"situation": name, "pages": exploration.graph.number_of_nodes(),
                      **best}), flush=True)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path, default=[ROOT],
                        help="checkouts to measure (default: this one)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--situation", action="append", dest="situations",
                        help="crowded or FAMILY:SIZE (default: crowded and "
                             "distinct_traps:3+3); repeatable")
    args = parser.parse_args()
    situations = args.situations or ["crowded", "distinct_traps:3+3"]
    print(f"{'root':<30} {'situation':<20} {'pages':>7} "
          + " ".join(f"{part:>7}" for part in PARTS) + f" {'book':>7}")
    for root in args.roots:
        root = root.resolve()
        done = subprocess.run([sys.executable, "-c", _MEASURE, str(root), str(args.repeat),
                               *situations], capture_output=True, text=True, check=False,
                              env={"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"})
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["failed"])[-1]
            print(f"{str(root):<30} failed: {last}")
            continue
        for line in done.stdout.splitlines():
            row = json.loads(line)
            book = sum(row[part] for part in PARTS[1:])
            print(f"{str(root):<30} {row['situation']:<20} {row['pages']:>7,} "
                  + " ".join(f"{row[part]:>7.2f}" for part in PARTS) + f" {book:>7.2f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
