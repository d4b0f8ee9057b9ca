"""A progress line on stderr for commands that take more than about a second.

Shown only when stderr is a terminal (never in a pipe, a log or a test) and not with
``--quiet``: one line, rewritten in place, cleared when the command ends, e.g.
``gamebook: exploring… 3 s``, in the language of the command's ``--lang`` (the catalog's
``cli.progress.*`` messages). Nothing else is ever written to stderr by it.

The catalog is read only when a text is asked for (the line is shown, or :attr:`current` is
read): reading it cites the rules of every message, which loads the rulebook, about a sixth
of a whole ``gamebook audit`` that never shows the line.
"""

from __future__ import annotations

import sys
import threading
import time
from functools import cached_property
from typing import Any, TextIO

DELAY = 1.0  # seconds before the line appears: quick commands show nothing
INTERVAL = 0.5


class Progress:
    def __init__(self, *, quiet: bool = False, stream: TextIO | None = None,
                 delay: float = DELAY, lang: str = "en") -> None:
        self.lang = lang
        self.stream = stream or sys.stderr
        self.enabled = not quiet and _is_terminal(self.stream)
        self.delay = delay
        self.began = time.monotonic()
        # The phase as its message's key and values, made a text only when one is needed.
        self._phase: tuple[str, dict[str, Any]] = ("loading", {})
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

    @cached_property
    def words(self) -> dict[str, str]:
        """The catalog of the command's language, read the first time a text is needed."""
        from gamebook.book.catalog import messages

        return messages(self.lang)

    @property
    def current(self) -> str:
        """The phase now running, as the line shows it."""
        key, values = self._phase
        return self.words[f"cli.progress.{key}"].format(**values)

    def phase(self, key: str, **values: Any) -> None:
        """The phase now running: a ``cli.progress.<key>`` message."""
        self._phase = (key, values)

    def exploring(self, pages: int, seconds: float) -> None:
        """How far the exploration is: pages found so far and the rate."""
        rate = pages / seconds if seconds > 0 else 0.0
        self._phase = ("exploring_rate", {"pages": f"{pages:,}", "rate": f"{rate:,.0f}"})

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
