"""Benchmark: how fast the explorer and the book writer are on the example situations.

Run ``python benchmarks/bench_explore.py`` (optionally ``--repeat N``). Prints, per example
(and for ``benchmarks/crowded_battle.yaml``, a battle with thousands of states) and rules
preset: decision points, endings, edges, transitions (actions applied, forced
passes included), the best exploration time of N runs, transitions per second, and the time
to build the book (page model + Markdown + HTML + graph.json). Figures, not assertions.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gamebook.book.pages import build_book  # noqa: E402
from gamebook.explore.explorer import explore  # noqa: E402
from gamebook.render.export import graph_dot, graph_json  # noqa: E402
from gamebook.render.markup import render  # noqa: E402
from gamebook.situation.load import load_situation  # noqa: E402


def best_of(repeat: int, work):
    best, result = float("inf"), None
    for _ in range(repeat):
        began = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - began)
    return best, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", help="run only the situation with this name")
    args = parser.parse_args()
    header = (f"{'situation':<40} {'rules':<9} {'decisions':>9} {'endings':>7} {'edges':>6} "
              f"{'transitions':>11} {'explore s':>9} {'dec/s':>7} {'trans/s':>9} {'book s':>7}")
    print(header)
    print("-" * len(header))
    paths = [*sorted((ROOT / "examples").glob("*.yaml")),
             ROOT / "benchmarks" / "crowded_battle.yaml"]
    for path in paths:
        if args.only and path.stem != args.only:
            continue
        situation = load_situation(path, card_folders=(ROOT / "tests" / "cards",))
        for preset in ("seed", "flowchart"):
            seconds, exploration = best_of(
                args.repeat, lambda situation=situation, preset=preset: explore(situation, preset))
            graph = exploration.graph
            endings = sum(1 for _, data in graph.nodes(data=True) if data["terminal"])

            def write_book(exploration=exploration):
                book = build_book(exploration)
                return render(book, "md"), render(book, "html"), graph_json(book), \
                    graph_dot(book)

            book_seconds, _ = best_of(args.repeat, write_book)
            print(f"{path.stem:<40} {preset:<9} {graph.number_of_nodes() - endings:>9} "
                  f"{endings:>7} {graph.number_of_edges():>6} {exploration.transitions:>11} "
                  f"{seconds:>9.4f} {(graph.number_of_nodes() - endings) / seconds:>7.0f} "
                  f"{exploration.transitions / seconds:>9.0f} "
                  f"{book_seconds:>7.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
