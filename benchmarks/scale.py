"""Scale benchmark: families of situations that grow, up to about 10^5 decision points.

Run ``python benchmarks/scale.py`` to print the curve, ``python benchmarks/scale.py --write``
to also put it into ``benchmarks/README.md`` (between the ``scale:begin``/``scale:end``
marks). Each point runs in a fresh process, so its peak memory (maximum resident set size)
is its own. Per point: decision points, pages, transitions (actions applied, forced passes
included), exploring seconds (wall and CPU), microseconds per transition, the book (its
pages made and written into book.md and book.html, and graph.json) in CPU seconds, all that
``gamebook build`` makes by default after exploring (the book and the diagrams' DOT sources)
in CPU seconds, and the peak memory of the whole process.

Families, all made from the bundled test cards (``tests/cards``), with ``--cards`` rules:

- ``set_traps a+b[+c]``: player A's Test Giant attacks B's Test Pebble (end of the
  battle); A has ``a`` Set Test Heal Traps, B has ``b`` Set Test Burn Traps (and ``c`` Set
  Test Halt Traps, answering the attack declaration only). Identical traps are
  interchangeable, so they are used in one order only (docs/engine.md): the graph grows
  slowly.
- ``distinct_traps a+b[+c]``: the same battle with traps that all differ: A's ``a`` Scale
  Heal Traps gain 100, 200, … LP, B's ``b`` Scale Burn Traps inflict 100, 200, … damage (cards
  written by this script beside the situation), plus ``c`` Test Halt Traps. Every trap can be
  chained at every timing in any order, so each one multiplies the graph by about 6-7.
- ``boosters k``: the crowded benchmark's battle (a whole Battle Phase) with ``k`` Test
  Damage Step Boosters (a once-per-turn quick effect that may be used in the Damage Step)
  for player A.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "benchmarks" / "README.md"
BEGIN, END = "<!-- scale:begin -->", "<!-- scale:end -->"

# (family, size): from small to about 10^5 decision points.
POINTS = [
    ("set_traps", "3+3"), ("set_traps", "4+3+1"), ("set_traps", "5+5"),
    ("distinct_traps", "1+1"), ("distinct_traps", "2+1"), ("distinct_traps", "2+2"),
    ("distinct_traps", "3+2"), ("distinct_traps", "3+3"), ("distinct_traps", "4+3"),
    ("distinct_traps", "4+3+1"),
    ("boosters", "1"),  # = benchmarks/crowded_battle.yaml; 2 boosters pass 10^5 pages
]


def scale_cards(folder: Path) -> None:
    """The distinct traps of ``distinct_traps``: five heal and five burn amounts."""
    for i in range(1, 6):
        for kind, op in (("heal", {"op": "gain_lp", "player": "you"}),
                         ("burn", {"op": "inflict_damage", "player": "opponent"})):
            card = {"id": f"scale_{kind}_trap_{i}",
                    "names": {"en": f"Scale {kind.title()} Trap {i}"},
                    "card_type": "trap", "spell_trap_type": "normal",
                    "effects": [{"id": "activate", "kind": "activate",
                                 "resolution": [{**op, "amount": 100 * i}]}]}
            (folder / f"scale_{kind}_trap_{i}.yaml").write_text(json.dumps(card),
                                                               encoding="utf-8")


def load_point(name: str, root: Path):  # noqa: ANN201 - a Situation of root's gamebook
    """The situation ``name`` loaded with the gamebook package the caller imports (``root``'s,
    first on ``sys.path``), its cards from ``root``'s test cards: ``crowded`` (this folder's
    ``crowded_battle.yaml``) or a point of the curve, ``FAMILY:SIZE``."""
    from gamebook.situation.load import load_situation

    if name == "crowded":
        return load_situation(ROOT / "benchmarks" / "crowded_battle.yaml",
                              card_folders=(root / "tests" / "cards",))
    family, size = name.split(":")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "situation.yaml"
        path.write_text(json.dumps(situation(family, size)), encoding="utf-8")
        cards = Path(folder) / "cards"
        cards.mkdir()
        scale_cards(cards)
        return load_situation(path, card_folders=(root / "tests" / "cards", cards))


def situation(family: str, size: str) -> dict:
    if family in ("set_traps", "distinct_traps"):
        a, b, c = (*(int(part) for part in size.split("+")), 0)[:3]

        def trap(kind: str, i: int) -> str:
            return f"test_{kind}_trap" if family == "set_traps" else f"scale_{kind}_trap_{i}"
        return {
            "title": f"{family} {size} (scale benchmark)", "turn_player": "A",
            "players": {
                "A": {"monsters": [{"id": "giant", "card": "test_giant"}],
                      "spell_traps": [{"id": f"heal_{i}", "card": trap("heal", i)}
                                      for i in range(1, a + 1)]},
                "B": {"monsters": [{"id": "pebble", "card": "test_pebble"}],
                      "spell_traps": [*({"id": f"burn_{i}", "card": trap("burn", i)}
                                        for i in range(1, b + 1)),
                                      *({"id": f"halt_{i}", "card": "test_halt_trap"}
                                        for i in range(1, c + 1))]}},
            "start": {"moment": "attack_declared", "attacker": "giant", "target": "pebble"},
            "scope": "end_of_battle"}
    if family == "boosters":
        k = int(size)
        return {
            "title": f"Boosters {k} (scale benchmark)", "turn_player": "A",
            "players": {
                "A": {"monsters": [*({"id": f"booster_{i}", "card": "test_damage_step_booster"}
                                     for i in range(1, k + 1)),
                                   {"id": "borrelsword_a", "card": "borrelsword_dragon"}]},
                "B": {"monsters": [{"id": "leo_wizard", "card": "leo_wizard"},
                                   {"id": "borrelsword_b", "card": "borrelsword_dragon"}]}},
            "start": {"moment": "attack_declared", "attacker": "booster_1",
                      "target": "leo_wizard"},
            "scope": "end_of_battle_phase"}
    raise SystemExit(f"unknown family {family!r}")


def measure(family: str, size: str, max_seconds: float, reduce_orders: bool = False) -> dict:
    """One point, in this process (the parent runs each in a child)."""
    sys.path.insert(0, str(ROOT))
    from gamebook.book.pages import PageFeed
    from gamebook.explore.explorer import explore
    from gamebook.inputs.files import Stage
    from gamebook.render.diagram import diagrams
    from gamebook.render.export import graph_json_chunks, write_formats

    loaded = load_point(f"{family}:{size}", ROOT)
    wall, cpu = time.perf_counter(), time.process_time()
    exploration = explore(loaded, max_seconds=max_seconds, max_states=1_000_000,
                          reduce_orders=reduce_orders)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    graph = exploration.graph
    pages, transitions = graph.number_of_nodes(), exploration.transitions
    endings = sum(1 for _, terminal in graph.nodes(data="terminal") if terminal)
    del graph
    # Written into files as gamebook build writes them: the pages made one at a time and
    # written into book.md and book.html together, each state let go once its page is
    # made; then, from the book's outline, the diagrams' DOT and graph.json. CPU time, as
    # for exploring: a busy machine's wall time is noise.
    with tempfile.TemporaryDirectory() as folder:
        stage = Stage(Path(folder))
        began = time.process_time()
        with PageFeed(exploration, let_go=True) as feed:
            del exploration
            write_formats(feed, stage, ["md", "html"])
            book = feed.outline()
        stage.write("graph.json", graph_json_chunks(book))
        book_seconds = time.process_time() - began
        for diagram in diagrams(book, layouts=False):  # Graphviz is not timed
            stage.write(f"{diagram.name}.dot", diagram.lines)
        build_seconds = time.process_time() - began
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return {"family": family, "size": size, "reduce_orders": reduce_orders,
            "decisions": pages - endings, "pages": pages, "transitions": transitions,
            "explore_s": wall, "explore_cpu_s": cpu,
            "us_per_transition": 1e6 * cpu / max(transitions, 1),
            "decisions_per_s": (pages - endings) / max(cpu, 1e-9),
            "book_s": book_seconds, "build_s": build_seconds, "peak_mb": peak}


def run_point(family: str, size: str, max_seconds: float, reduce_orders: bool = False) -> dict:
    command = [sys.executable, __file__, "--point", family, size,
               "--max-seconds", str(max_seconds), *(["--reduce-orders"] if reduce_orders else [])]
    done = subprocess.run(command, capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["failed"])[-1]
        return {"family": family, "size": size, "error": last}
    return json.loads(done.stdout)


def table(rows: list[dict]) -> str:
    lines = ["| family | size | decision points | pages | transitions | explore s (CPU) "
             "| decision points/s | µs/transition | book s (CPU) | build s (CPU) | peak MB |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for row in rows:
        if "error" in row:
            lines.append(f"| {row['family']} | {row['size']} | {row['error']} "
                         "| | | | | | | | |")
            continue
        lines.append(
            f"| {row['family']} | {row['size']} | {row['decisions']:,} | {row['pages']:,} "
            f"| {row['transitions']:,} | {row['explore_cpu_s']:.2f} "
            f"| {row['decisions_per_s']:,.0f} | {row['us_per_transition']:.0f} "
            f"| {row['book_s']:.2f} | {row['build_s']:.2f} | {row['peak_mb']:,.0f} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help=f"put the table into {README.relative_to(ROOT)}")
    parser.add_argument("--only", help="run only this family")
    parser.add_argument("--max-seconds", type=float, default=120.0,
                        help="exploration budget of one point (default 120)")
    parser.add_argument("--reduce-orders", action="store_true",
                        help="explore with the order reduction (R137), as gamebook does by "
                             "default; without it every order is explored (--all-orders), "
                             "which measures the engine on the most transitions")
    parser.add_argument("--point", nargs=2, metavar=("FAMILY", "SIZE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.point:
        print(json.dumps(measure(*args.point, args.max_seconds, args.reduce_orders)))
        return 0
    rows = []
    for family, size in POINTS:
        if args.only and family != args.only:
            continue
        row = run_point(family, size, args.max_seconds, args.reduce_orders)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    text = table(rows)
    print(text)
    if args.write:
        readme = README.read_text(encoding="utf-8")
        head, _, rest = readme.partition(BEGIN)
        _, _, tail = rest.partition(END)
        README.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
