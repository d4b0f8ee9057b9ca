"""Reading input files with clear errors, and writing output files so that a reader never
sees half a file.

Each output file is written to a temporary file in the same folder and renamed over the
target, so an interrupted run leaves either the old file or the new one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from gamebook.errors import GamebookError, InputError


class OutputError(GamebookError):
    """The output folder or a file in it cannot be written."""


def write_atomic(path: Path, data: str | bytes) -> None:
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(payload)
            os.chmod(temp, 0o644)
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise OutputError(f"{path}: cannot write ({exc.strerror or exc})") from None


def read_input(path: str | Path, what: str) -> bytes:
    """The bytes of an input file; :class:`InputError` (one line, no traceback) if unreadable.

    ``what`` names the expected file in the message ("a YAML file", "a walkthrough text file").
    """
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(path, None,
                         f"file not found (there is no such file); expected {what}") from None
    except IsADirectoryError:
        raise InputError(path, None, f"is a folder; expected {what}") from None
    except OSError as exc:
        raise InputError(path, None, f"cannot read the file ({exc.strerror})") from None
