"""``gamebook article`` and ``gamebook diff``.

``article`` explores a situation and writes ``article.md`` and ``article.html`` (the
problem, the cards, the rules the battle used, its outcomes, then the book) into the
situation's output folder, next to the book; ``--compare-rules`` adds where the other
rules preset differs. ``diff`` prints where two presets offer different choices; like
diff(1) it exits 0 when they are the same and 1 when they differ.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from gamebook.errors import printable

ARTICLE_NAMES = ("article.md", "article.html")
ARTICLE_DIAGRAM = re.compile(r"article(?:\.\d+)?\.svg")  # the diagram files it writes too


def main(args: argparse.Namespace) -> int:
    from gamebook.cli.build import Deadline
    from gamebook.cli.progress import Progress

    with Deadline(args.max_seconds) as deadline, \
            Progress(quiet=args.quiet, lang=args.lang) as progress:
        if args.command == "article":
            return _article(args, deadline, progress)
        return _diff(args, deadline, progress)


def _explore(args: argparse.Namespace, situation: Any, rules: str | None, deadline: Any) -> Any:
    from gamebook.explore.explorer import explore

    return explore(situation, rules, max_states=args.max_states,
                   max_seconds=deadline.remaining(f"exploring ({rules or 'default'} rules)"),
                   clock=deadline.clock)


def _article(args: argparse.Namespace, deadline: Any, progress: Any) -> int:
    from gamebook.book.article import build_article
    from gamebook.book.pages import build_book
    from gamebook.book.presetdiff import compare
    from gamebook.cli.build import default_output
    from gamebook.inputs.files import staged_folder
    from gamebook.render.markup import render_article
    from gamebook.situation.load import load_situation

    situation = load_situation(args.situation, card_folders=tuple(args.cards))
    progress.phase("exploring")
    exploration = _explore(args, situation, args.rules, deadline)
    differences, other = None, ""
    if args.compare_rules:
        other = next(p for p in ("seed", "flowchart") if p != exploration.engine.config.name)
        differences = compare(exploration, _explore(args, situation, other, deadline), args.lang)
    progress.phase("article")
    deadline.phase = "writing the article"
    book = build_book(exploration, args.lang)
    progress.phase("drawing")
    pictures = _diagrams(book, deadline)
    article = build_article(exploration, book, differences, other, pictures)
    outputs = {"article.md": render_article(article, "md"),
               "article.html": render_article(article, "html"), **dict(pictures)}
    out = Path(args.out) if args.out else default_output(situation.name, args.lang,
                                                         args.rules, situation.spec.rules)
    owned = {*ARTICLE_NAMES, *(entry.name for entry in (out.iterdir() if out.is_dir() else ())
                               if ARTICLE_DIAGRAM.fullmatch(entry.name))}
    with staged_folder(out, owned) as stage:
        for name, text in outputs.items():
            stage.write(name, text)
        deadline.cancel()
    progress.done()
    if not args.quiet:
        from gamebook.book.catalog import messages
        from gamebook.cli.build import wrote_line

        words = messages(args.lang)
        print(printable(words["cli.summary.article"].format(
            title=situation.title_in(args.lang), rules=len(article.points),
            outcomes=len(article.outcomes), pages=len(book.pages))))
        print(printable(wrote_line(words, out, stage.written)))
    return 0


def _diagrams(book: Any, deadline: Any) -> tuple[tuple[str, str], ...]:
    """The decision diagram as SVG files for the article, ``(article.svg, svg)``, …: the
    diagram, or the overview and one per attack or step, each page linking to its page in
    article.html. None without Graphviz, or for a book too large to draw (the article then
    has no diagram and says nothing of one)."""
    import shutil
    import subprocess

    from gamebook.cli.build import DIAGRAM_PAGE_LIMIT, IMAGE_PAGE_LIMIT
    from gamebook.render.diagram import diagrams

    dot = shutil.which("dot")
    if dot is None or len(book.pages) > IMAGE_PAGE_LIMIT:
        return ()
    parts = diagrams(book, book_file="article.html", stem="article")
    if max(part.pages for part in parts) > DIAGRAM_PAGE_LIMIT:
        return ()
    drawn = []
    for part in parts:
        try:
            result = subprocess.run([dot, "-Tsvg"], input=part.source.encode("utf-8"),
                                    capture_output=True, check=False, timeout=max(
                                        deadline.remaining("drawing the diagram"), 0.01))
        except subprocess.TimeoutExpired:
            deadline.expire()
            raise  # pragma: no cover - expire() raises
        if result.returncode != 0:
            return ()
        drawn.append((f"{part.name}.svg", result.stdout.decode("utf-8")))
    return tuple(drawn)


def _diff(args: argparse.Namespace, deadline: Any, progress: Any) -> int:
    from gamebook.book.presetdiff import compare, render_text
    from gamebook.cli.build import UsageError
    from gamebook.situation.load import load_situation

    presets = args.rules or []
    if len(presets) != 2 or presets[0] == presets[1]:
        raise UsageError("diff: name two different presets, e.g. "
                         "--rules seed --rules flowchart")
    situation = load_situation(args.situation, card_folders=tuple(args.cards))
    progress.phase("exploring")
    first, second = (_explore(args, situation, preset, deadline) for preset in presets)
    differences = compare(first, second, args.lang)
    progress.done()
    sys.stdout.write(render_text(differences, first, second, args.lang))
    return 1 if differences else 0
