"""``gamebook article`` and ``gamebook diff``.

``article`` explores a situation and writes ``article.md`` and ``article.html`` (the
problem, the cards, the rules the battle used, its outcomes, then the book) into the
situation's output folder, next to the book; ``--compare-rules`` adds where the other
rules preset differs. ``diff`` prints where two presets offer different choices; like
diff(1) it exits 0 when they are the same and 1 when they differ.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gamebook.errors import printable

ARTICLE_NAMES = ("article.md", "article.html")


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
    from gamebook.book.render import render_article
    from gamebook.cli.build import default_output
    from gamebook.inputs.files import staged_folder
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
    article = build_article(exploration, book, differences, other)
    outputs = {"article.md": render_article(article, "md"),
               "article.html": render_article(article, "html")}
    out = Path(args.out) if args.out else default_output(situation.name, args.lang,
                                                         args.rules, situation.spec.rules)
    with staged_folder(out, ARTICLE_NAMES) as stage:
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
