"""Every figure issue 14 asks for, in one command: start-up, throughput, the scale curve.

Run ``python benchmarks/figures.py`` (add ``--write`` to also put the scale curve into
``benchmarks/README.md``). It runs, one after the other so that they do not slow each
other down: ``startup.py`` (whole-process start-up of ``--version`` and ``audit``),
``bench_explore.py --only crowded_battle`` (decision points per second on the crowded
benchmark) and ``scale.py`` (the families that grow to 10^5 decision points: exploring and
book seconds, peak memory). About six minutes on the project's 2-core machine.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help="also put the scale curve into benchmarks/README.md")
    args = parser.parse_args()
    runs = [
        ("start-up", ["startup.py"]),
        ("throughput: the crowded benchmark", ["bench_explore.py", "--only", "crowded_battle"]),
        ("scale", ["scale.py", *(["--write"] if args.write else [])]),
    ]
    failed = 0
    for title, command in runs:
        print(f"\n== {title}: python benchmarks/{' '.join(command)}", flush=True)
        done = subprocess.run([sys.executable, str(HERE / command[0]), *command[1:]],
                              check=False)
        failed |= done.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
