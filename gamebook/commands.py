"""``gamebook build``, ``graph`` and ``audit``: load, explore, audit, write.

Everything is computed before the first file is written, so bad input or an exceeded
budget leaves the output folder untouched; each file is then replaced atomically.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from gamebook.errors import GamebookError

FORMATS = ("md", "html", "txt")
DOT_MISSING = ("Graphviz's 'dot' program was not found, so only graph.dot was written. "
               "Install Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install "
               "graphviz) and run the command again to get graph.svg and graph.png.")
IMAGE_PAGE_LIMIT = 1500  # above this, a layout takes minutes and is no longer readable
TOO_LARGE = ("The diagram has {pages} pages (more than {limit}): drawing it would take minutes "
             "and nobody could read it, so only graph.dot was written. Render it yourself if you "
             "need it: dot -Tsvg graph.dot -o graph.svg")


class UsageError(GamebookError):
    """A command-line option has a value the command does not accept."""


def run(args: argparse.Namespace) -> int:
    from gamebook.audit import audit
    from gamebook.explore import explore
    from gamebook.situation import load_situation

    formats = _formats(getattr(args, "formats", "md"))
    situation = load_situation(args.situation)
    exploration = explore(situation, args.rules, max_states=args.max_states,
                          max_seconds=args.max_seconds)
    report = audit(exploration)
    if args.command == "audit":
        sys.stdout.write(report.to_json() if args.json else report.to_text())
        return 0 if report.terminates else 1

    from gamebook.book.export import graph_dot, graph_json
    from gamebook.book.pages import build_book
    from gamebook.book.render import render

    book = build_book(exploration, args.lang)
    outputs: dict[str, str] = {"graph.dot": graph_dot(exploration, book)}
    if args.command == "build":
        for fmt in formats:
            outputs[f"book.{fmt}"] = render(book, fmt)
        outputs["graph.json"] = graph_json(exploration, book)
        outputs["audit.json"] = report.to_json()
    out = Path(args.out) if args.out else default_output(situation.name, args.lang)
    images, note = ({}, None) if args.no_images else _images(outputs["graph.dot"], report.pages)

    from gamebook.files import write_atomic

    for name, text in outputs.items():
        write_atomic(out / name, text)
    for name, data in images.items():
        write_atomic(out / name, data)
    written = sorted(list(outputs) + list(images))
    print(f"{situation.title}: {report.pages} pages, {report.endings} endings, "
          f"{'every branch terminates' if report.terminates else 'NOT every branch terminates'}")
    print(f"wrote {out}/: {', '.join(written)}")
    if note:
        print(note, file=sys.stderr)
    return 0 if report.terminates else 1


def default_output(name: str, lang: str) -> Path:
    """``output/<situation>`` for English, ``output/<situation>.<lang>`` otherwise."""
    return Path("output") / (name if lang == "en" else f"{name}.{lang}")


def _formats(value: str) -> list[str]:
    formats = [part.strip() for part in value.split(",") if part.strip()]
    unknown = [part for part in formats if part not in FORMATS]
    if unknown or not formats:
        raise UsageError(f"--format: expected a comma-separated list of {', '.join(FORMATS)}; "
                         f"got {value!r}")
    return formats


def _images(source: str, pages: int) -> tuple[dict[str, bytes], str | None]:
    """SVG and PNG from one Graphviz layout, or none and the reason why."""
    if pages > IMAGE_PAGE_LIMIT:
        return {}, TOO_LARGE.format(pages=pages, limit=IMAGE_PAGE_LIMIT)
    dot = shutil.which("dot")
    if dot is None:
        return {}, DOT_MISSING
    with tempfile.TemporaryDirectory(prefix="gamebook-") as folder:
        svg, png = Path(folder) / "graph.svg", Path(folder) / "graph.png"
        result = subprocess.run([dot, "-Tsvg", "-o", str(svg), "-Tpng", "-o", str(png)],
                                input=source.encode("utf-8"), capture_output=True, check=False)
        if result.returncode != 0:
            message = result.stderr.decode("utf-8", "replace").strip()
            raise GamebookError(f"Graphviz failed to draw the diagram: {message}")
        return {"graph.svg": svg.read_bytes(), "graph.png": png.read_bytes()}, None
