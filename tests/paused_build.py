"""Run ``gamebook`` and hold it still at a known moment, so a test can kill it there.

    python tests/paused_build.py MARKS N build SITUATION --out DIR …

The moments ("checkpoints") are: after each file the build writes into its staging folder,
just before the staging folder is swapped in, and just after. At checkpoint ``N`` (from 1)
the run writes its name into the file ``MARKS`` and sleeps, so the test knows where the run
is when its signal arrives; with ``N`` = 0 it never stops and appends every checkpoint's name
to ``MARKS``, one a line. Used by tests/test_output_atomic.py: a kill that depends on where
the run happens to be on a loaded machine could miss the moment it means to test.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path


def main() -> int:
    marks, stop_at, argv = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
    from gamebook.cli.entry import main as gamebook
    from gamebook.inputs import files

    reached = 0

    def checkpoint(name: str) -> None:
        nonlocal reached
        reached += 1
        if stop_at == 0:
            with marks.open("a", encoding="utf-8") as stream:
                stream.write(name + "\n")
        elif reached == stop_at:
            marks.write_text(name + "\n", encoding="utf-8")
            time.sleep(600)  # until the test's signal arrives

    added, swap = files.Stage.added, files._swap

    def paused_added(self, name):  # type: ignore[no-untyped-def]
        added(self, name)  # each file, once it is whole (several may be open at once)
        checkpoint(f"wrote {name}")

    def paused_swap(stage, out):  # type: ignore[no-untyped-def]
        checkpoint("before the swap")
        swap(stage, out)
        checkpoint("after the swap")

    files.Stage.added = paused_added  # type: ignore[method-assign]
    files._swap = paused_swap
    return gamebook(argv)


if __name__ == "__main__":
    sys.exit(main())
