"""A progress line on stderr for commands that take more than about a second.

Shown only when stderr is a terminal (never in a pipe, a log or a test) and not with
``--quiet``: one line, rewritten in place, cleared when the command ends, e.g.
``gamebook: exploring… 3 s``, in the language of the command's ``--lang`` (the catalog's
``cli.progress.*`` messages). Nothing else is ever written to stderr by it.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any, TextIO

DELAY = 1.0  # seconds before the line appears: quick commands show nothing
INTERVAL = 0.5


class Progress:
    def __init__(self, *, quiet: bool = False, stream: TextIO | None = None,
                 delay: float = DELAY, lang: str = "en") -> None:
        from gamebook.book.catalog import messages

        self.words = messages(lang)
        self.stream = stream or sys.stderr
        self.enabled = not quiet and _is_terminal(self.stream)
        self.delay = delay
        self.began = time.monotonic()
        self.current = self.words["cli.progress.loading"]
        self._shown = False
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Progress:
        if self.enabled:
            self._thread = threading.Thread(target=self._tick, name="gamebook-progress",
                                            daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done()

    def phase(self, key: str, **values: Any) -> None:
        """The phase now running: a ``cli.progress.<key>`` message."""
        self.current = self.words[f"cli.progress.{key}"].format(**values)

    def exploring(self, pages: int, seconds: float) -> None:
        """How far the exploration is: pages found so far and the rate."""
        rate = pages / seconds if seconds > 0 else 0.0
        self.current = self.words["cli.progress.exploring_rate"].format(
            pages=f"{pages:,}", rate=f"{rate:,.0f}")

    def done(self) -> None:
        """Stop and clear the line (before the command prints its own output)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        with self._lock:
            if self._shown:
                self.stream.write("\r\x1b[K")
                self.stream.flush()
                self._shown = False

    def line(self) -> str:
        return self.words["cli.progress.line"].format(
            phase=self.current, seconds=f"{time.monotonic() - self.began:.0f}")

    def _tick(self) -> None:
        if self._stop.wait(self.delay):
            return
        while not self._stop.is_set():
            with self._lock:
                self.stream.write("\r\x1b[K" + self.line())
                self.stream.flush()
                self._shown = True
            self._stop.wait(INTERVAL)


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
