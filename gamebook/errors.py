"""Exceptions with messages a user can act on.

Every error that reaches the command line is one of these: it names the file, the line
(where one is known) and what was expected. The CLI prints ``str(error)`` on one line and
exits with :attr:`GamebookError.exit_code`; no traceback is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
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


class InputErrors(GamebookError):
    """Several independent mistakes in input files, reported together (one line each)."""

    shown = 20  # at most this many lines; then "… and N more"

    def __init__(self, errors: list[InputError]) -> None:
        unique = {str(error): error for error in errors}
        self.errors = sorted(unique.values(), key=lambda e: (e.path or "", e.line or 0))
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        """One message per error (a message itself never holds a line break once shown
        through :func:`printable`)."""
        lines = [str(error) for error in self.errors[:self.shown]]
        if len(self.errors) > self.shown:
            lines.append(f"… and {len(self.errors) - self.shown} more problems")
        return lines


def raise_all(errors: list[InputError]) -> None:
    """Raise the one error, or all of them together; nothing if the list is empty."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InputErrors(errors)


def printable(text: str) -> str:
    """``text`` as one printable line: control characters, escape sequences, line breaks and
    characters that are not characters (lone surrogates) are shown as ``\\x1b``-style escapes,
    so a message can never move the cursor, recolour the terminal or span two lines."""
    out = []
    for char in text:
        if char.isprintable() or char == " ":
            out.append(char)
        else:
            out.append(char.encode("unicode_escape", "backslashreplace").decode("ascii"))
    return "".join(out)


class BudgetExceeded(GamebookError):
    """Exploration stopped because it would exceed its state or time budget."""

    exit_code = 3


class RulesError(GamebookError):
    """The engine was asked to apply an action that is not legal in the current state."""

    exit_code = 1
