"""Benchmark: CPU instructions per transition of the crowded battle, for one or more checkouts.

Run ``python benchmarks/instructions.py [ROOT ...]`` (default: this checkout; give two roots,
say a worktree of an older commit and this one, for a before/after pair in one run). Prints,
per root: the transitions of one exploration of ``benchmarks/crowded_battle.yaml`` (seed
preset), the instructions of one warm exploration, and instructions per transition.

Wall time on a shared machine moves by more than a change of a few per cent; an instruction
count does not. Each root is explored under valgrind's callgrind (Debian: ``apt install
valgrind``) once and three times in one process: the difference, halved, is one warm
exploration, so start-up, imports and bytecode compiling cancel out. A root that has never
run is run once first, so its bytecode is compiled outside the count. It takes a few minutes
per root. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Explores the crowded battle N times in one process; with "count", prints its transitions
# (actions applied, forced passes included), counted outside the measured runs.
_EXPLORE = """
import sys
root, times = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, root)
from pathlib import Path
import gamebook.rules.engine as engine
from gamebook.explore.explorer import explore
from gamebook.situation.load import load_situation
applied = [0]
if sys.argv[3:] == ["count"]:
    apply = engine.Engine.apply
    def counted(self, *args, **kwargs):
        applied[0] += 1
        return apply(self, *args, **kwargs)
    engine.Engine.apply = counted
battle = load_situation(Path(root) / "benchmarks" / "crowded_battle.yaml",
                        card_folders=(Path(root) / "tests" / "cards",))
for _ in range(times):
    explore(battle, "seed", max_seconds=100000)
print(applied[0] // times)
"""


def _instructions(root: Path, times: int, script: Path, out: Path) -> int:
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                    sys.executable, str(script), str(root), str(times)],
                   check=True, capture_output=True)
    found = re.search(r"^summary: (\d+)$", out.read_text(encoding="utf-8"), re.M)
    if found is None:
        raise SystemExit(f"instructions.py: no summary line in {out}")
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path, default=[ROOT],
                        help="checkouts to measure (default: this one)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("instructions.py: valgrind is not installed (Debian: apt install valgrind)",
              file=sys.stderr)
        return 2
    print(f"{'root':<40} {'transitions':>11} {'M instructions':>14} {'per transition':>14}")
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "explore.py"
        script.write_text(_EXPLORE, encoding="utf-8")
        for root in args.roots:
            root = root.resolve()
            warm = subprocess.run([sys.executable, str(script), str(root), "1", "count"],
                                  check=True, capture_output=True, text=True)
            transitions = int(warm.stdout.split()[-1])
            once = _instructions(root, 1, script, Path(folder) / "once.out")
            thrice = _instructions(root, 3, script, Path(folder) / "thrice.out")
            each = (thrice - once) / 2
            print(f"{str(root):<40} {transitions:>11,} {each / 1e6:>14,.0f} "
                  f"{each / transitions / 1e3:>13,.1f}k", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
