"""The layout figures of every example's diagrams, as ``build`` draws them (issue 33).

Run ``python benchmarks/diagram_figures.py`` (``--lang ja`` for another language, several
``--lang`` for several; example stems after the options to pick some). For each example,
one line: the diagrams drawn (1, or an overview and its parts), then over all of them the
edge crossings, the long edges, the stray labels (:mod:`gamebook.render.layoutfigures`) and
the smallest capital in pixels in the diagrams' own PNGs (96 dpi, at most 1,600 px wide:
what Graphviz shrinks a wide layout to), the part that has it in brackets. Needs Graphviz
``dot``; about a minute a language on the project's 2-core machine.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gamebook.book.pages import build_book  # noqa: E402
from gamebook.explore import explore  # noqa: E402
from gamebook.render.diagram import diagrams  # noqa: E402
from gamebook.render.layoutfigures import figures  # noqa: E402
from gamebook.render.textboxes import layout, scale  # noqa: E402
from gamebook.situation import load_situation  # noqa: E402

CAP_RATIO = 0.73  # a capital's height over the font size (Helvetica and Noto Sans CJK)
DPI = 96  # Graphviz's PNG


def smallest_font(laid_out: dict) -> float:
    """The smallest font size (points) of any text of the layout."""
    sizes = [float(op["size"]) for obj in [*laid_out.get("objects", []),
                                           *laid_out.get("edges", []), laid_out]
             for key in ("_ldraw_", "_hldraw_", "_tldraw_", "_draw_")
             for op in obj.get(key, []) if op.get("op") == "F"]
    return min(sizes, default=14.0)


def capital(laid_out: dict) -> float:
    """The smallest capital's height in pixels in the diagram's own PNG."""
    return smallest_font(laid_out) * scale(laid_out) * DPI / 72 * CAP_RATIO


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", action="append", help="en (default), zh-Hant, zh-Hans, ja")
    parser.add_argument("examples", nargs="*", help="example stems (default: all)")
    args = parser.parse_args()
    print("| example | lang | pages | diagrams | crossings | long edges | stray labels "
          "| smallest capital px |")
    print("|---|---|---|---|---|---|---|---|")
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        if args.examples and path.stem not in args.examples:
            continue
        exploration = explore(load_situation(path), None)
        for lang in args.lang or ["en"]:
            book = build_book(exploration, lang)
            parts = diagrams(book)
            crossings = long_edges = stray = 0
            smallest: tuple[float, str] = (1e9, "")
            for part in parts:
                laid_out = layout(part.source)
                found = figures(laid_out)
                crossings += found.crossings
                long_edges += found.long_edges
                stray += found.stray_labels
                smallest = min(smallest, (capital(laid_out), part.name))
            print(f"| {path.stem} | {lang} | {len(book.pages)} | {len(parts)} | {crossings} "
                  f"| {long_edges} | {stray} | {smallest[0]:.1f} ({smallest[1]}) |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
