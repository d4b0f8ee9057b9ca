"""The ``gamebook`` command.

Each subcommand imports what it needs only when it runs, so that start-up stays fast:
``build`` and ``graph`` load jinja2/graphviz, ``audit`` loads only the engine (no networkx,
and no pydantic once its input is in the cache, :mod:`gamebook.inputs.cache`), and
``--version`` only this module and argparse (``python benchmarks/startup.py`` measures it).
Exit codes (also in ``--help``): 0 success, 1 a failed audit or check, 2 bad input or a bad
option, 3 budget exceeded, 130/143 interrupted or terminated.
"""

from __future__ import annotations

import argparse
import gc
import math
import signal
import sys
import threading
from typing import TYPE_CHECKING

from gamebook import __version__
from gamebook.errors import GamebookError, InputErrors, printable

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, NoReturn

VERSION = f"gamebook {__version__}"
RULE_PRESETS = ("seed", "flowchart")
LANGUAGES = ("en", "zh-Hant", "zh-Hans", "ja")
EXIT_CODES = """exit codes:
  0  success (build, graph, stats; audit: every branch terminates; check-book: no problem)
  1  a failed audit, a walkthrough with problems, a timeline whose 'expect' failed
  2  bad input or bad option (one line per mistake: file:line: what was expected)
  3  a budget was exceeded (--max-states, --max-seconds); nothing was written
  130/143  interrupted (Ctrl-C) or terminated; nothing was written"""


class OptionError(GamebookError):
    """A command-line option or argument is missing or has a value the command refuses."""


class _Parser(argparse.ArgumentParser):
    """argparse, with a bad option reported like bad input: one line, exit code 2."""

    def error(self, message: str) -> NoReturn:
        raise OptionError(f"{message} (see {self.prog} --help)")


def _number(kind: type, what: str) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
        if not (value > 0 and math.isfinite(value)):
            raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}")
        return value

    return parse


POSITIVE_INT = _number(int, "a whole number above 0")
POSITIVE_SECONDS = _number(float, "a number of seconds above 0")


def _add_common_options(parser: argparse.ArgumentParser) -> None:
    from gamebook.inputs.limits import DEFAULT as DEFAULT_LIMITS

    parser.add_argument("--quiet", "-q", action="store_true",
                        help="print no progress line and no summary, only errors")
    parser.add_argument("--max-input-bytes", type=POSITIVE_INT, metavar="N",
                        default=DEFAULT_LIMITS.max_input_bytes,
                        help="refuse input files larger than N bytes "
                             f"(default {DEFAULT_LIMITS.max_input_bytes})")


def _add_exploration_options(parser: argparse.ArgumentParser, *,
                             two_presets: bool = False) -> None:
    parser.add_argument("situation", help="situation file (YAML)")
    if two_presets:
        parser.add_argument("--rules", choices=RULE_PRESETS, action="append", required=True,
                            help="a rules preset; give two: --rules seed --rules flowchart")
    else:
        parser.add_argument("--rules", choices=RULE_PRESETS, default=None,
                            help="rules preset (default: the situation's, else 'seed'); "
                                 "another than the situation's adds .<preset> to the "
                                 "default output folder")
    parser.add_argument("--cards", action="append", default=[], metavar="DIR",
                        help="also read the card files in DIR (repeatable; a card that "
                             "replaces another must say 'overrides: true')")
    parser.add_argument("--max-states", type=POSITIVE_INT, default=200_000, metavar="N",
                        help="stop after this many pages: decision points and endings "
                             "(default 200000)")
    parser.add_argument("--max-seconds", type=POSITIVE_SECONDS, default=60.0, metavar="S",
                        help="stop the whole command after this many seconds of CPU time "
                             "(default 60)")
    _add_common_options(parser)


def _add_reduce_orders(parser: argparse.ArgumentParser) -> None:
    orders = parser.add_mutually_exclusive_group()
    orders.add_argument("--reduce-orders", dest="all_orders", action="store_false",
                        help="explore chain links whose order cannot matter in one order only "
                             "(R137); the other orders' choices turn to that order's page "
                             "(the default)")
    orders.add_argument("--all-orders", dest="all_orders", action="store_true",
                        help="explore every order of every chain, also where the order cannot "
                             "matter (R137); a larger book with the same endings")
    parser.set_defaults(all_orders=False)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``only``, a parser of that command alone, which parses
    a command line naming it just as the whole one does, in a quarter of the time (the whole
    one is eleven ArgumentParsers and some ninety arguments)."""
    parser = _Parser(
        prog="gamebook", epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Explore every legal decision of a Yu-Gi-Oh! OCG battle and write it as a "
                    "numbered gamebook, Graphviz diagrams, a decision graph and an audit.")
    parser.add_argument("--version", action="version", version=VERSION)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)
    for name, add_command in COMMANDS.items():
        if only in (None, name):
            add_command(sub)
    return parser


def _command(sub: Any, name: str, help: str) -> argparse.ArgumentParser:
    return sub.add_parser(name, help=help, epilog=EXIT_CODES,
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def _add_build(sub: Any) -> None:
    build = _command(sub, "build", "write the book, diagrams, graph.json and audit.json")
    _add_exploration_options(build)
    _add_reduce_orders(build)
    build.add_argument("--out", help="output folder (default output/<situation name>, or "
                                     "output/<situation name>.<lang> for other languages)")
    build.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the book")
    build.add_argument("--format", dest="formats", default="md,html",
                       help="formats, comma-separated: md, html, txt, print (book.print.html), "
                            "twee (book.twee for Twine), mmd (graph.mmd, Mermaid) "
                            "(default md,html)")
    build.add_argument("--merge-endings", action="store_true",
                       help="draw endings with the same outcome as one node")
    build.add_argument("--no-images", action="store_true",
                       help="write graph.dot only, do not run Graphviz")


def _add_graph(sub: Any) -> None:
    graph = _command(sub, "graph", "write the decision graph as DOT (and SVG/PNG)")
    _add_exploration_options(graph)
    _add_reduce_orders(graph)
    graph.add_argument("--out", help="output folder (default output/<situation name>)")
    graph.add_argument("--lang", choices=LANGUAGES, default="en")
    graph.add_argument("--no-images", action="store_true", help="write graph.dot only")
    graph.add_argument("--merge-endings", action="store_true",
                       help="draw endings with the same outcome as one node")


def _add_article(sub: Any) -> None:
    article = _command(sub, "article", "write the teaching article: problem, cards, the rules "
                                       "the battle used, its outcomes, then the book")
    _add_exploration_options(article)
    article.add_argument("--out", help="output folder (default: the book's, "
                                       "output/<situation name>[.<lang>][.<preset>])")
    article.add_argument("--lang", choices=LANGUAGES, default="en",
                         help="language of the article")
    article.add_argument("--compare-rules", action="store_true",
                         help="add where the other rules preset offers other choices")


def _add_diff(sub: Any) -> None:
    diff = _command(sub, "diff", "list where two rules presets offer different choices "
                                 "(exit 0: none, 1: some)")
    _add_exploration_options(diff, two_presets=True)
    diff.add_argument("--lang", choices=LANGUAGES, default="en")


def _add_audit(sub: Any) -> None:
    audit = _command(sub, "audit", "check that every branch terminates")
    _add_exploration_options(audit)
    _add_reduce_orders(audit)
    audit.add_argument("--json", action="store_true", help="print the report as JSON")


def _add_check_book(sub: Any) -> None:
    check = _command(sub, "check-book", "check the structure of a hand-written walkthrough")
    check.add_argument("file", help="walkthrough in plain text or Markdown")
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    check.add_argument("--dot", metavar="PATH", help="also write the page graph as DOT to PATH")
    check.add_argument("--start-line", type=POSITIVE_INT, metavar="N",
                       help="the book starts at line N (overrides the automatic rule)")
    check.add_argument("--end-line", type=POSITIVE_INT, metavar="N",
                       help="the book ends at line N: what follows (a translator's notes, an "
                            "appendix) is not part of the last page")
    _add_common_options(check)


def _add_stats(sub: Any) -> None:
    stats = _command(sub, "stats", "replay an ATK/DEF timeline step by step")
    stats.add_argument("file", nargs="?", help="timeline file (YAML)")
    stats.add_argument("--json", action="store_true", help="print per-step records as JSON")
    stats.add_argument("--explain", action="store_true",
                       help="list active, erased and suspended applications after each step")
    stats.add_argument("--schema", action="store_true",
                       help="print the JSON Schema of timeline files and exit")
    _add_common_options(stats)


def _add_cards(sub: Any) -> None:
    cards = sub.add_parser("cards", help="list the cards, or show one card's text; 'cards "
                                         "check FILE...' checks card files and reads them "
                                         "back; 'cards new PASSCODE --cdb FILE' writes one")
    cards.add_argument("card", nargs="?", metavar="ID", help="card id (default: list them all), "
                                                             "'check' or 'new'")
    cards.add_argument("--lang", choices=LANGUAGES, default="en")
    cards.add_argument("--cards", action="append", default=[], metavar="DIR",
                       help="also read the card files in DIR (repeatable)")
    _add_edopro_options(cards)
    cards.add_argument("files", nargs="*", metavar="FILE",
                       help="with 'check': more card files (the first is in PASSCODE's place)")
    _add_common_options(cards)


def _add_export_puzzle(sub: Any) -> None:
    export = _command(sub, "export-puzzle",
                      "write the situation as an EDOPro puzzle script (.lua)")
    export.add_argument("situation", help="situation file (YAML)")
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
    export.add_argument("--cards", action="append", default=[], metavar="DIR",
                        help="also read the card files in DIR (repeatable)")
    _add_common_options(export)


def _add_import_puzzle(sub: Any) -> None:
    imports = _command(sub, "import-puzzle", "read an EDOPro puzzle script's field into a "
                                             "situation file (no Lua is run)")
    imports.add_argument("file", help="puzzle script (.lua)")
    imports.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
    imports.add_argument("--cards", action="append", default=[], metavar="DIR",
                         help="also read the card files in DIR (repeatable)")
    imports.add_argument("--force", action="store_true", help="replace FILE if it exists")
    _add_common_options(imports)


def _add_edopro_options(cards: argparse.ArgumentParser) -> None:
    """The arguments of `gamebook cards new PASSCODE --cdb FILE [-o FILE]`."""
    cards.add_argument("passcode", nargs="?", metavar="PASSCODE",
                       help="with 'new': the card's passcode")
    cards.add_argument("--cdb", action="append", default=[], metavar="[LANG=]FILE",
                       help="with 'new': a ygopro/EDOPro cards.cdb (repeatable, one per "
                            "language: en=cards.cdb ja=ja.cdb)")
    cards.add_argument("-o", "--output", metavar="FILE",
                       help="with 'new': write the card file to FILE (default: stdout)")
    cards.add_argument("--force", action="store_true", help="with 'new': replace FILE")


# The commands, in the order of ``gamebook --help``, each with what adds its parser.
COMMANDS: dict[str, Callable[[Any], None]] = {
    "build": _add_build, "graph": _add_graph, "article": _add_article, "diff": _add_diff,
    "audit": _add_audit, "check-book": _add_check_book, "stats": _add_stats,
    "cards": _add_cards, "export-puzzle": _add_export_puzzle,
    "import-puzzle": _add_import_puzzle,
}


class Terminated(BaseException):
    """SIGTERM: unwinds like Ctrl-C, so temporary files and folders are removed."""


def _terminate(signum: int, frame: Any) -> None:
    raise Terminated


def _cited(line: str) -> str:
    """An error line with each rule it cites as ``R:id`` (the loaders and the mechanics'
    grammar cite rules by id, as the engine does) shown as the rule's R-number."""
    if "R:" not in line:
        return line
    from gamebook.book.rulebook import CITATION, load_rulebook

    rules = load_rulebook().rules
    return CITATION.sub(lambda found: rules[found.group(1)].label
                        if found.group(1) in rules else found.group(0), line)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments == ["--version"]:
        _print_version()
    from gamebook.inputs import limits

    old_limits = limits.current()
    old_handler = _install(signal.SIGTERM, _terminate)
    try:
        # `gamebook audit …` needs the parser of audit alone; anything else, all of them.
        named = arguments[0] if arguments and arguments[0] in COMMANDS else None
        args = build_parser(named).parse_args(arguments)
        limits.configure(max_input_bytes=args.max_input_bytes)
        return _dispatch(args)
    except GamebookError as error:
        for line in error.lines() if isinstance(error, InputErrors) else [str(error)]:
            print(f"gamebook: {printable(_cited(line))}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        print("gamebook: interrupted; nothing was written", file=sys.stderr)
        return 130
    except Terminated:
        print("gamebook: terminated; nothing was written", file=sys.stderr)
        return 143
    except BrokenPipeError:  # e.g. `gamebook audit … | head`
        sys.stderr.close()
        return 0
    finally:
        limits.restore(old_limits)
        _install(signal.SIGTERM, old_handler)
        if argv is None:  # the process's own command line: the process ends next
            _before_the_end()


def _before_the_end() -> None:
    """Freeze what the command leaves (:func:`gc.freeze`) as the process is about to end.

    The interpreter's end looks for reference cycles among every object of the modules it
    imported, several times, as it frees them: about 9 ms of a 0.2 s ``gamebook audit``, for
    nothing (the process ends). Frozen objects are freed all the same, by their reference
    counts, and the end still flushes the output and runs what ``atexit`` holds; only a
    cycle is left to the system, which takes the whole memory back. Not when ``main`` is
    given its arguments (the tests, a caller that goes on running)."""
    gc.freeze()


def _print_version() -> NoReturn:
    """``gamebook --version`` on its own, answered before the parser is built and the input
    limits are imported (they would double its start-up): the same line on stdout and the
    same exit as argparse's version action, which answers it otherwise."""
    print(VERSION)
    raise SystemExit(0)


def _dispatch(args: argparse.Namespace) -> int:
    if args.command in ("build", "graph", "audit"):
        from gamebook.cli import build as commands

        return commands.run(args)
    if args.command in ("article", "diff"):
        from gamebook.cli import article as article_cli

        return article_cli.main(args)
    if args.command == "check-book":
        from gamebook.cli import checkbook

        return checkbook.main(args)
    if args.command in ("export-puzzle", "import-puzzle") or (
            args.command == "cards" and args.card == "new"):
        from gamebook.cli import puzzles as edopro

        return (edopro.export_puzzle if args.command == "export-puzzle" else
                edopro.import_puzzle if args.command == "import-puzzle" else
                edopro.new_card)(args)
    if args.command == "cards":
        from gamebook.cli import cards as cardscmd

        return cardscmd.main(args)
    from gamebook.cli import stats as stats_cli

    return stats_cli.main(args)


def _install(signum: int, handler: Any) -> Any:
    """Set a signal handler where that is possible (the main thread); return the old one."""
    if handler is None or threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signum, handler)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
