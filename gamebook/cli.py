"""The ``gamebook`` command.

Each subcommand imports what it needs only when it runs, so that start-up stays fast:
``build`` and ``graph`` load jinja2/graphviz, ``audit`` loads only the engine and networkx.
Exit codes: 0 success, 1 a failed audit or check, 2 bad input, 3 budget exceeded.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from gamebook.errors import GamebookError

RULE_PRESETS = ("seed", "flowchart")
LANGUAGES = ("en", "zh-Hant", "zh-Hans", "ja")


def _add_exploration_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("situation", help="situation file (YAML)")
    parser.add_argument("--rules", choices=RULE_PRESETS, default=None,
                        help="rules preset (default: the situation's, else 'seed')")
    parser.add_argument("--max-states", type=int, default=200_000,
                        help="stop exploring after this many game states (default 200000)")
    parser.add_argument("--max-seconds", type=float, default=60.0,
                        help="stop exploring after this many seconds (default 60)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gamebook",
        description="Explore every legal decision of a Yu-Gi-Oh! OCG battle and write it as a "
                    "numbered gamebook, Graphviz diagrams, a decision graph and an audit.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    build = sub.add_parser("build", help="write the book, diagrams, graph.json and audit.json")
    _add_exploration_options(build)
    build.add_argument("--out", help="output folder (default output/<situation name>, or "
                                     "output/<situation name>.<lang> for other languages)")
    build.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the book")
    build.add_argument("--format", dest="formats", default="md,html",
                       help="book formats, comma-separated: md, html, txt (default md,html)")
    build.add_argument("--no-images", action="store_true",
                       help="write graph.dot only, do not run Graphviz")

    graph = sub.add_parser("graph", help="write the decision graph as DOT (and SVG/PNG)")
    _add_exploration_options(graph)
    graph.add_argument("--out", help="output folder (default output/<situation name>)")
    graph.add_argument("--lang", choices=LANGUAGES, default="en")
    graph.add_argument("--no-images", action="store_true", help="write graph.dot only")

    audit = sub.add_parser("audit", help="check that every branch terminates")
    _add_exploration_options(audit)
    audit.add_argument("--json", action="store_true", help="print the report as JSON")

    check = sub.add_parser("check-book", help="check the structure of a hand-written walkthrough")
    check.add_argument("file", help="walkthrough in plain text or Markdown")
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    check.add_argument("--dot", metavar="PATH", help="also write the page graph as DOT to PATH")
    check.add_argument("--start-line", type=int, metavar="N",
                       help="the book starts at line N (overrides the automatic rule)")

    stats = sub.add_parser("stats", help="replay an ATK/DEF timeline step by step")
    stats.add_argument("file", nargs="?", help="timeline file (YAML)")
    stats.add_argument("--json", action="store_true", help="print per-step records as JSON")
    stats.add_argument("--explain", action="store_true",
                       help="list active, erased and suspended applications after each step")
    stats.add_argument("--schema", action="store_true",
                       help="print the JSON Schema of timeline files and exit")

    cards = sub.add_parser("cards", help="list the bundled cards, or show one card's text")
    cards.add_argument("card", nargs="?", metavar="ID", help="card id (default: list them all)")
    cards.add_argument("--lang", choices=LANGUAGES, default="en")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command in ("build", "graph", "audit"):
            from gamebook import commands

            return commands.run(args)
        if args.command == "check-book":
            from gamebook import checkbook

            return checkbook.main(args)
        if args.command == "stats":
            from gamebook import stats_cli

            return stats_cli.main(args)
        if args.command == "cards":
            from gamebook import cardscmd

            return cardscmd.main(args)
    except GamebookError as error:
        print(f"gamebook: {error}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        print("gamebook: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `gamebook audit … | head`
        sys.stderr.close()
        return 0
    parser.error(f"unknown command {args.command!r}")
    return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
