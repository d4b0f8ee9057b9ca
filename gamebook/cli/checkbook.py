"""``gamebook check-book``: the command over :mod:`gamebook.audit.checkbook`.

Reads the walkthrough, checks it, prints the report (text or JSON) and writes the page graph
as DOT when asked (through a temporary file and a rename, so a reader never sees half a file).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from gamebook.audit.checkbook import check_book, load_book, render_dot, render_json, render_text
from gamebook.errors import InputError


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename.

    Readers never see a half-written file; the file gets the usual permissions (those of
    the file it replaces, else 0666 minus the umask).
    """
    target = Path(path)
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                             suffix=".tmp")
    except OSError as error:
        raise InputError(target, None, f"cannot write the DOT file: {error.strerror}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.chmod(temporary, _file_mode(target))
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise InputError(target, None, f"cannot write the DOT file: {error.strerror}") from None


def _file_mode(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


# --------------------------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------------------------


def main(args: argparse.Namespace) -> int:
    """Run ``gamebook check-book`` on the parsed command line (:mod:`gamebook.cli.entry`
    defines its options); 0 no problem, 1 problems found (2 is raised as InputError)."""
    book = load_book(args.file, start_line=getattr(args, "start_line", None),
                     end_line=getattr(args, "end_line", None))
    report = check_book(book)
    if getattr(args, "dot", None):
        write_atomically(args.dot, render_dot(report))
    _print(render_json(report) if getattr(args, "json", False) else render_text(report))
    return 0 if report.ok else 1


def _print(text: str) -> None:
    """Print the report; a reader that stops early (``| head``) is not an error."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # Point stdout at /dev/null so the interpreter's final flush does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
