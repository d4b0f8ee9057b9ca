"""Reading input files with clear errors and limits, and writing output so that a reader
never sees half of it.

An output *folder* is replaced as a whole (:func:`staged_folder`): the new build is written
into a staging folder beside it, then the two are swapped with one ``rename``, so a run
killed at any moment leaves either the old build or the new one, never a mix. A single
file (``check-book --dot``) is written to a temporary file beside it and renamed.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from gamebook.errors import GamebookError, InputError


class OutputError(GamebookError):
    """The output folder or a file in it cannot be written."""


STAGE_MARK = ".gamebook-"  # in the names of staging folders: .<out>.gamebook-<pid>-<id>.new/.old


def write_atomic(path: Path, data: str | bytes) -> None:
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # here, not at the top: reading input must start fast

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
    Only regular files are read (not ``/dev/zero``, a pipe or a socket), and never more than
    the input size limit (:mod:`gamebook.inputs.limits`), whatever the file claims its size is.
    """
    from gamebook.inputs.limits import current

    limit = current().max_input_bytes
    try:
        # O_NONBLOCK: opening a pipe must not wait for a writer; regular files ignore it
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(handle, "rb") as stream:
            status = os.fstat(handle)
            if stat.S_ISDIR(status.st_mode):
                raise IsADirectoryError
            if not stat.S_ISREG(status.st_mode):
                raise InputError(path, None, f"is not a regular file (a device, pipe or "
                                 f"socket); expected {what}")
            # The size the file claims and a byte more, then the rest up to the limit if it
            # holds more: the same bytes as read(limit + 1), without a buffer of the limit's
            # size for every file (15 us each, a card library is a hundred files).
            wanted = min(limit + 1, status.st_size + 1)
            data = stream.read(wanted)
            if wanted <= limit and len(data) == wanted:  # longer than it claims
                data += stream.read(limit + 1 - wanted)
    except FileNotFoundError:
        raise InputError(path, None,
                         f"file not found (there is no such file); expected {what}") from None
    except IsADirectoryError:
        raise InputError(path, None, f"is a folder; expected {what}") from None
    except OSError as exc:
        raise InputError(path, None, f"cannot read the file ({exc.strerror})") from None
    if len(data) > limit:
        raise InputError(path, None, f"the file is larger than {limit:,} bytes, the input "
                         "limit (raise it with --max-input-bytes)")
    return data


class Stage:
    """The staging folder of one build; :meth:`write` puts a file into it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.written: list[str] = []

    def write(self, name: str, data: str | bytes | Iterable[str]) -> None:
        """Write file ``name``: text, bytes, or text in pieces (written as they come, so a
        file of hundreds of megabytes is never all in memory)."""
        with self.writing(name) as write:
            if isinstance(data, bytes):
                write(data)
            elif isinstance(data, str):  # encoded a slice at a time: no second copy
                for start in range(0, len(data), 1 << 20):
                    write(data[start:start + (1 << 20)])
            else:  # small pieces (a diagram's lines) joined into about a megabyte each
                block: list[str] = []
                size = 0
                for piece in data:
                    block.append(piece)
                    size += len(piece)
                    if size >= 1 << 20:
                        write("".join(block))
                        block, size = [], 0
                write("".join(block))

    @contextmanager
    def writing(self, name: str) -> Iterator[Callable[[str | bytes], None]]:
        """File ``name`` open for writing while the block runs: it gives a function that
        writes a piece of text (or bytes), so several files can be written at once."""
        target = self.path / name
        try:
            with open(target, "wb", buffering=1 << 20) as stream:
                def write(piece: str | bytes) -> None:
                    stream.write(piece if isinstance(piece, bytes) else piece.encode("utf-8"))

                yield write
                stream.flush()
                os.fsync(stream.fileno())
        except OSError as exc:
            raise OutputError(f"{target}: cannot write ({exc.strerror or exc})") from None
        self.added(name)

    def added(self, name: str) -> None:
        """Record a file something else (Graphviz) wrote into the folder."""
        if name not in self.written:
            self.written.append(name)


@contextmanager
def staged_folder(out: Path, owned: Iterable[str]) -> Iterator[Stage]:
    """Build the new contents of folder ``out`` aside, then swap it in whole.

    The staging folder starts with the files of ``out`` that gamebook did not write (not in
    ``owned``), so a user's own files survive; the files named in ``owned`` come only from
    this run. If the body raises (bad input found late, a budget, Ctrl-C, SIGTERM), the
    staging folder is removed and ``out`` is untouched. Leftovers of a run killed with
    SIGKILL are removed by the next run, which also puts back an old build that was being
    swapped out at that moment.
    """
    import shutil
    import tempfile

    out = Path(os.path.abspath(out))
    _check_output_folder(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        recover_stale(out)
        stage = Path(tempfile.mkdtemp(dir=out.parent,
                                      prefix=f".{out.name}{STAGE_MARK}{os.getpid()}-",
                                      suffix=".new"))
    except OSError as exc:
        raise OutputError(f"{out}: cannot create the output folder "
                          f"({exc.strerror or exc})") from None
    try:
        os.chmod(stage, 0o755)
        owned = set(owned)
        if out.is_dir():
            for entry in out.iterdir():
                if entry.name not in owned:
                    _carry_over(entry, stage / entry.name)
        yield Stage(stage)
        _fsync_folder(stage)
        _swap(stage, out)
    except OSError as exc:
        raise OutputError(f"{out}: cannot write the output folder "
                          f"({exc.strerror or exc})") from None
    finally:
        shutil.rmtree(stage, ignore_errors=True)  # the new build on failure, else the old one


def _check_output_folder(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out}: exists and is not a folder; expected an output folder")
    cwd = Path.cwd().resolve()
    if out.exists() and (out.resolve() == cwd or out.resolve() in cwd.parents):
        raise OutputError(f"{out}: is the current folder or holds it; an output folder is "
                          "replaced whole, so give one of its own (e.g. --out output/NAME)")
    if out.is_dir():
        folders = sorted(entry.name for entry in out.iterdir() if entry.is_dir())
        if folders:
            raise OutputError(f"{out}: holds folders gamebook did not write "
                              f"({', '.join(folders[:3])}); an output folder is replaced "
                              "whole, so give one of its own")


def _carry_over(source: Path, target: Path) -> None:
    import shutil

    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:
        shutil.copy2(source, target, follow_symlinks=False)


def _swap(stage: Path, out: Path) -> None:
    """Make ``stage`` the folder ``out``; afterwards ``stage`` holds the old build (if any)."""
    if not out.exists():
        os.rename(stage, out)
        _fsync_folder(out.parent)
        return
    if _exchange(stage, out):
        _fsync_folder(out.parent)
        return
    # No atomic exchange here: two renames, and recover_stale() repairs a kill between them.
    old = stage.with_suffix(".old")
    os.rename(out, old)
    os.rename(stage, out)
    os.rename(old, stage)
    _fsync_folder(out.parent)


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths atomically (Linux ``renameat2(RENAME_EXCHANGE)``); False if unsupported."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    result = renameat2(at_fdcwd, os.fsencode(first), at_fdcwd, os.fsencode(second),
                       rename_exchange)
    if result == 0:
        return True
    error = ctypes.get_errno()
    if error in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(error, os.strerror(error))


def recover_stale(out: Path) -> None:
    """Remove the staging folders of dead runs for ``out``; put back an old build a kill
    left aside (``out`` missing, its ``.old`` copy present)."""
    import glob
    import shutil

    prefix = f".{out.name}{STAGE_MARK}"
    for entry in sorted(out.parent.glob(f"{glob.escape(prefix)}*")):
        pid = entry.name[len(prefix):].partition("-")[0]
        if not pid.isdigit() or _alive(int(pid)):
            continue
        if entry.suffix == ".old" and not out.exists():
            os.rename(entry, out)
        else:
            shutil.rmtree(entry, ignore_errors=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _fsync_folder(folder: Path) -> None:
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
