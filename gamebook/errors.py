"""Exceptions with messages a user can act on.

Every error that reaches the command line is one of these: it names the file, the line
(where one is known) and what was expected. The CLI prints ``str(error)`` on one line and
exits with :attr:`GamebookError.exit_code`; no traceback is shown.
"""

from __future__ import annotations

from pathlib import Path


class GamebookError(Exception):
    """Base class of every error the ``gamebook`` command reports to a user."""

    exit_code = 2


class InputError(GamebookError):
    """A situation, card, timeline or walkthrough file is unreadable or invalid."""

    def __init__(self, path: str | Path | None, line: int | None, message: str) -> None:
        self.path = str(path) if path is not None else None
        self.line = line
        self.message = message
        where = self.path or "<input>"
        if line is not None:
            where = f"{where}:{line}"
        super().__init__(f"{where}: {message}")


class BudgetExceeded(GamebookError):
    """Exploration stopped because it would exceed its state or time budget."""

    exit_code = 3


class RulesError(GamebookError):
    """The engine was asked to apply an action that is not legal in the current state."""

    exit_code = 1
