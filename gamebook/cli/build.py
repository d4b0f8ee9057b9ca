"""``gamebook build``, ``graph`` and ``audit``: load, explore, audit, write.

Every file is written into a staging folder beside the output folder as soon as it is made
(a big book's files are hundreds of megabytes: they are never all in memory at once), and
the staging folder then replaces the output folder as a whole
(:func:`gamebook.inputs.files.staged_folder`), so bad input or an exceeded budget leaves the output
folder untouched. ``--max-seconds`` bounds the whole command.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

from gamebook.errors import BudgetExceeded, GamebookError, printable

FORMATS = ("md", "html", "txt", "print", "twee", "mmd")
DOT_MISSING = ("Graphviz's 'dot' program was not found, so only graph.dot was written. "
               "Install Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install "
               "graphviz) and run the command again to get graph.svg and graph.png.")
# Graphviz's layout time grows faster than the pages: on the project's machine a diagram of
# 460 pages takes 4 s, 660 pages 5 s, 830 pages 14 s, 1,000 pages 28 s (CPU; minutes of wall
# time on a busy machine). Above these limits nothing is laid out (not even to try layouts).
IMAGE_PAGE_LIMIT = 1500  # pages of the whole book (all its diagrams together)
DIAGRAM_PAGE_LIMIT = 600  # pages of one diagram (graph, or one attack's graph.N)
TOO_LARGE = ("The diagram has {pages} pages (more than {limit}): drawing it would take minutes "
             "and nobody could read it, so only graph.dot was written. Render it yourself if you "
             "need it: dot -Tsvg graph.dot -o graph.svg")
PART_TOO_LARGE = ("The diagram {name} has {pages} pages (more than {limit}): drawing it would "
                  "take minutes and nobody could read it, so only the .dot files were written "
                  "({names}). Render one yourself if you need it: dot -Tsvg {name}.dot -o "
                  "{name}.svg")


# Every file build or graph may write; a new build replaces all of these (a stale
# graph.svg next to a new graph.dot would be a mix of two builds), other files stay.
OUTPUT_NAMES = ("book.md", "book.html", "book.txt", "book.print.html", "book.twee", "graph.mmd",
                "graph.dot", "graph.svg", "graph.png", "graph.json", "audit.json")
GRAPH_NAMES = ("graph.dot", "graph.svg", "graph.png")


class UsageError(GamebookError):
    """A command-line option has a value the command does not accept."""


def run(args: argparse.Namespace) -> int:
    from gamebook.cli.progress import Progress

    formats = _formats(getattr(args, "formats", "md"))
    lang = getattr(args, "lang", "en")
    with Deadline(args.max_seconds) as deadline, \
            Progress(quiet=args.quiet, lang=lang) as progress:
        return _run(args, formats, deadline, progress)


def _run(args: argparse.Namespace, formats: list[str], deadline: Deadline,
         progress: Any) -> int:
    from gamebook.audit.report import audit
    from gamebook.explore.explorer import explore
    from gamebook.situation.load import load_situation

    situation = load_situation(args.situation, card_folders=tuple(args.cards))
    progress.phase("exploring")
    exploration = explore(situation, args.rules, max_states=args.max_states,
                          max_seconds=deadline.remaining("exploring"), clock=deadline.clock,
                          on_progress=progress.exploring, reduce_orders=not args.all_orders)
    report = audit(exploration)
    if args.command == "audit":
        progress.done()
        sys.stdout.write(report.to_json() if args.json else report.to_text())
        return 0 if report.terminates else 1

    from gamebook.book.pages import PageFeed
    from gamebook.inputs.files import staged_folder
    from gamebook.render.diagram import diagrams as make_diagrams
    from gamebook.render.diagram import missing_font
    from gamebook.render.export import (
        TOLD_FORMATS,
        format_files,
        graph_json_chunks,
        part_files,
        shorten,
        write_formats,
    )

    out = Path(args.out) if args.out else default_output(situation.name, args.lang, args.rules,
                                                         situation.spec.rules)
    owned = [*(OUTPUT_NAMES if args.command == "build" else GRAPH_NAMES), *part_files(out)]
    note = None if args.no_images else missing_font(args.lang)
    progress.phase("writing", pages=f"{report.pages:,}")
    deadline.phase = "writing the book"
    merge = getattr(args, "merge_endings", False)
    # Each file is written into the staging folder as it is made: a big book's formats are
    # hundreds of megabytes each.
    with staged_folder(out, owned) as stage:
        # The pages are made one at a time and written into every format told from them at
        # once, so the whole book is never in memory: only its outline, what the diagrams
        # and graph.json are made from. The explored states and the graph's edges, most of
        # a big exploration's memory, are let go as the pages are made.
        with PageFeed(exploration, args.lang, let_go=True) as feed:
            del exploration  # the feed's alone: it lets go of what it has read
            if args.command == "build":
                write_formats(feed, stage, formats)
            book = feed.outline()
        # Layouts are tried with Graphviz only for a book small enough to be drawn.
        diagrams = make_diagrams(book, merge_endings=merge,
                                 layouts=report.pages <= IMAGE_PAGE_LIMIT)
        _write(stage, {f"{diagram.name}.dot": diagram.lines for diagram in diagrams})
        if args.no_images or report.pages > IMAGE_PAGE_LIMIT:
            diagrams = []  # not drawn: a big book's DOT is not held while graph.json is made
        if args.command == "build":
            for fmt in formats:
                if fmt not in TOLD_FORMATS:  # a Mermaid chart: made from the outline
                    _write(stage, format_files(book, fmt, merge_endings=merge))
            _write(stage, {"graph.json": graph_json_chunks(book),
                           "audit.json": report.to_json()})
        if not args.no_images:
            progress.phase("drawing")
            deadline.phase = "drawing the diagram"
            note = _images(diagrams, report.pages, stage, deadline) or note
        deadline.cancel()  # the swap is one rename: a budget must not stop it halfway
    progress.done()
    if not args.quiet:
        from gamebook.book.catalog import messages

        words = messages(args.lang)
        verdict = words["cli.summary.terminates" if report.terminates
                        else "cli.summary.not_terminates"]
        print(printable(words["cli.summary.book"].format(
            title=shorten(situation.title_in(args.lang), 80), pages=report.pages,
            endings=report.endings, verdict=verdict)))
        print(printable(wrote_line(words, out, stage.written)))
    if note:
        print(note, file=sys.stderr)
    return 0 if report.terminates else 1


def wrote_line(words: dict[str, str], out: Path, written: Any) -> str:
    """The summary line that says which files were written where, in the catalog's words."""
    return words["cli.summary.wrote"].format(
        folder=out, files=words["cli.summary.file_sep"].join(sorted(written)))


class Deadline:
    """``--max-seconds`` for the whole command: exploration, book, diagram and writing.

    The budget is CPU time (user and system) of this process, so the same input passes or
    fails the same way on an idle or a loaded machine. The explorer gets what is left of the
    budget and checks it itself; past it, a CPU timer (``SIGPROF``, where the platform has one
    and this is the main thread) stops whatever runs, and the output folder stays as it was
    (exit code 3). Graphviz runs as a child process, so it gets what is left as wall time.
    A process that waits without computing (a stuck disk) is stopped by a wall-clock timer at
    four times the budget plus 10 s.
    """

    WALL_FACTOR, WALL_EXTRA = 4, 10.0

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.began = time.process_time()
        self.phase = "loading the situation"
        self._old: dict[int, Any] = {}
        self._armed = False

    def __enter__(self) -> Deadline:
        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            self._old[signal.SIGPROF] = signal.signal(signal.SIGPROF, self.expire)
            self._old[signal.SIGALRM] = signal.signal(signal.SIGALRM, self.expire)
            signal.setitimer(signal.ITIMER_PROF, self.seconds)
            signal.setitimer(signal.ITIMER_REAL, self.seconds * self.WALL_FACTOR + self.WALL_EXTRA)
            self._armed = True
        return self

    def __exit__(self, *exc: object) -> None:
        self.cancel()
        for signum, handler in self._old.items():
            signal.signal(signum, handler)
        self._old = {}

    @staticmethod
    def clock() -> float:
        """What the budget counts: CPU seconds of this process."""
        return time.process_time()

    def remaining(self, phase: str) -> float:
        self.phase = phase
        left = self.seconds - (time.process_time() - self.began)
        if left <= 0:
            self.expire()
        return left

    def cancel(self) -> None:
        if self._armed:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
            self._armed = False

    def expire(self, *signal_args: object) -> None:
        self.cancel()
        raise BudgetExceeded(f"stopped after {self.seconds:g} s (--max-seconds) while "
                             f"{self.phase}; nothing was written (raise --max-seconds)")


def default_output(name: str, lang: str, rules: str | None = None,
                   default_rules: str = "seed") -> Path:
    """``output/<situation>``, with ``.<lang>`` for a language other than English and
    ``.<preset>`` for a rules preset other than the situation's, so that no build
    overwrites another: ``output/borrelsword_linkuriboh.zh-Hant.flowchart``."""
    parts = [name]
    if lang != "en":
        parts.append(lang)
    if rules and rules != default_rules:
        parts.append(rules)
    return Path("output") / ".".join(parts)


def _formats(value: str) -> list[str]:
    formats = [part.strip() for part in value.split(",") if part.strip()]
    unknown = [part for part in formats if part not in FORMATS]
    if unknown or not formats:
        raise UsageError(f"--format: expected a comma-separated list of {', '.join(FORMATS)}; "
                         f"got {value!r}")
    return formats


def _write(stage: Any, files: dict[str, Any]) -> None:
    for name, text in files.items():
        stage.write(name, text)


def _images(diagrams: list[Any], pages: int, stage: Any, deadline: Deadline) -> str | None:
    """For each diagram (``graph``, ``graph.1``, …) its SVG and PNG from one Graphviz
    layout, written into ``stage``; or the reason why not (none is drawn then)."""
    import shutil  # here, not at the top: audit and --no-images never run a program

    if pages > IMAGE_PAGE_LIMIT:
        return TOO_LARGE.format(pages=pages, limit=IMAGE_PAGE_LIMIT)
    largest = max(diagrams, key=lambda diagram: diagram.pages)
    if largest.pages > DIAGRAM_PAGE_LIMIT:
        if len(diagrams) == 1:
            return TOO_LARGE.format(pages=largest.pages, limit=DIAGRAM_PAGE_LIMIT)
        return PART_TOO_LARGE.format(name=largest.name, pages=largest.pages,
                                     limit=DIAGRAM_PAGE_LIMIT, names=", ".join(
                                         f"{diagram.name}.dot" for diagram in diagrams))
    dot = shutil.which("dot")
    if dot is None:
        return DOT_MISSING
    for diagram in diagrams:
        _draw(dot, diagram.name, diagram.source, stage, deadline)
    return None


def _draw(dot: str, stem: str, source: str, stage: Any, deadline: Deadline) -> None:
    import subprocess

    svg, png = stage.path / f"{stem}.svg", stage.path / f"{stem}.png"
    try:
        result = subprocess.run([dot, "-Tsvg", "-o", str(svg), "-Tpng", "-o", str(png)],
                                input=source.encode("utf-8"), capture_output=True, check=False,
                                timeout=max(deadline.remaining("drawing the diagram"), 0.01))
    except subprocess.TimeoutExpired:
        deadline.expire()
        raise  # pragma: no cover - expire() raises
    if result.returncode != 0:
        message = " ".join(result.stderr.decode("utf-8", "replace").split())
        raise GamebookError(f"Graphviz failed to draw the diagram: {message[:300]}")
    stage.added(f"{stem}.svg")
    stage.added(f"{stem}.png")
