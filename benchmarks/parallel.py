"""Would a process pool help? Measure it on this machine (figures for docs/scaling.md).

Run ``python benchmarks/parallel.py [--workers N] [--size A+B | --situation FILE]``
(default: the ``set_traps 3+3`` point of ``benchmarks/scale.py``, two workers). It prints:

- the sequential exploration (decision points, CPU and wall seconds);
- a process pool that splits the work near the root: the first breadth-first level with at
  least ``--split`` x workers decision points is dealt round-robin, each worker explores
  below its points on its own (no communication), and the parent would merge the graphs by
  state. Decision points explored in all (duplicates included: a state reached
  below two root choices is explored twice), the duplication factor, wall seconds, speed-up;
- what partitioning by state hash would have to send: the pickled size of a state and the
  time to pickle and unpickle one, per transition.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CARDS = (ROOT / "tests" / "cards",)


def _load(path: str):  # noqa: ANN202
    from gamebook.situation.load import load_situation

    return load_situation(path, card_folders=CARDS)


def _frontier(engine, wanted: int) -> list:  # noqa: ANN001
    """The decision points of the first level (breadth-first) that has ``wanted`` or more."""
    from gamebook.rules.engine import forced_pass

    def settle(state):  # noqa: ANN001, ANN202
        while not engine.is_terminal(state) and (action := forced_pass(engine, state)):
            state = engine.apply(state, action, forced=True).state
        return state

    level = [settle(engine.start().state)]
    while len(level) < wanted:
        following = {}
        for state in level:
            for action in engine.legal_actions(state):
                child = settle(engine.apply(state, action, trusted=True).state)
                if not engine.is_terminal(child):
                    following.setdefault(child, None)
        if not following:
            break
        level = list(following)
    return level


def _subtree(path: str, indexes: list[int], wanted: int) -> tuple[int, float, set[int]]:
    """Explore below the frontier points ``indexes``: decision points, CPU s, state hashes."""
    from gamebook.explore.explorer import explore_game
    from gamebook.rules.actions import ActionKind
    from gamebook.rules.engine import Engine

    engine = Engine(_load(path))
    began = time.process_time()
    level = _frontier(engine, wanted)
    seen: set[int] = set()
    points = 0

    def choices(state):  # noqa: ANN001, ANN202
        legal = engine.legal_actions(state)
        if len(legal) == 1 and legal[0].kind is ActionKind.PASS:
            return legal[0], legal
        return None, legal

    for index in indexes:
        found = explore_game(engine, level[index], choices=choices, max_seconds=3600,
                             max_states=10_000_000)
        for state in found.states.values():
            digest = hash(state)
            if digest not in seen:
                seen.add(digest)
        points += found.graph.number_of_nodes()
    return points, time.process_time() - began, seen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--size", default="3+3", help="the set_traps point (default 3+3)")
    parser.add_argument("--situation", help="a situation file instead")
    parser.add_argument("--split", type=int, default=8,
                        help="split at the first level with SPLIT x workers decision points")
    args = parser.parse_args()
    from benchmarks.scale import situation as scale_situation
    from gamebook.explore.explorer import explore
    from gamebook.rules.engine import Engine

    with tempfile.TemporaryDirectory() as folder:
        path = args.situation
        if path is None:
            path = str(Path(folder) / "set_traps.yaml")
            Path(path).write_text(json.dumps(scale_situation("set_traps", args.size)),
                                  encoding="utf-8")
        situation = _load(path)
        wall, cpu = time.perf_counter(), time.process_time()
        whole = explore(situation, max_seconds=3600, max_states=10_000_000)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        total = whole.graph.number_of_nodes()
        print(f"sequential: {total:,} pages, {cpu:.2f} s CPU, {wall:.2f} s wall, "
              f"{whole.transitions:,} transitions")

        wanted = args.split * args.workers
        roots = len(_frontier(Engine(situation), wanted))
        shares = [list(range(index, roots, args.workers)) for index in range(args.workers)]
        os.environ["PYTHONHASHSEED"] = "0"
        began = time.perf_counter()
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(_subtree, [path] * args.workers, shares,
                                    [wanted] * args.workers))
        pool_wall = time.perf_counter() - began
        explored = sum(points for points, _, _ in results)
        print(f"pool of {args.workers} (the first level of {roots} decision points, dealt "
              "round-robin): "
              f"{explored:,} pages explored in all ({explored / total:.2f}x the graph), "
              f"CPU per worker {', '.join(f'{c:.2f}' for _, c, _ in results)} s, "
              f"{pool_wall:.2f} s wall, speed-up {wall / pool_wall:.2f}x")

        states = list(whole.states.values())
        sample = states[:: max(1, len(states) // 500)]
        blobs = [pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL) for state in sample]
        began = time.perf_counter()
        for state in sample:
            pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        dump_us = 1e6 * (time.perf_counter() - began) / len(sample)
        began = time.perf_counter()
        for blob in blobs:
            pickle.loads(blob)
        load_us = 1e6 * (time.perf_counter() - began) / len(sample)
        size = sum(map(len, blobs)) / len(blobs)
        print(f"a state pickled: {size:,.0f} bytes, {dump_us:.0f} us to pickle, "
              f"{load_us:.0f} us to unpickle; a transition costs "
              f"{1e6 * cpu / whole.transitions:.0f} us of CPU here")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
