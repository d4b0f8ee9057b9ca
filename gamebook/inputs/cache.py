"""Validated input, cached in the user's cache folder, keyed by the files' contents.

Validating the card library (about 30 YAML files, pure-Python parsing, pydantic schemas)
took about 0.3 s of every command, ten times what exploring a small situation takes. The
result is a value (frozen dataclasses), so it is pickled once and read back in about a
millisecond, together with the validated form of a situation file.

Safe to delete: the folder is ``$GAMEBOOK_CACHE_DIR``, else ``$XDG_CACHE_HOME/gamebook``,
else ``~/.cache/gamebook``; ``GAMEBOOK_NO_CACHE=1`` turns the cache off. A cached value is
used only if its key matches: the bytes of every input file read (with its name and its
folder's place in the search order), the input limits in force, and a fingerprint of the
code that validates and defines the values (the gamebook version, the Python version, the
source of the modules below, and the pydantic and PyYAML versions). Any other version never
trusts an entry; an entry that cannot be read is ignored and written again. Only input that
validated without a problem is cached, so every error message comes from the full
validation, with its file and line.
"""

from __future__ import annotations

import os
import pickle
import sys
from functools import cache
from pathlib import Path
from typing import Any

try:  # hashlib's own BLAKE2 (hashlib never takes it from OpenSSL), without importing hashlib:
    # it loads OpenSSL, 2-4 ms of every command, which would use it for this hash alone
    from _blake2 import blake2b as _digest
except ImportError:  # pragma: no cover - a Python built without the module
    from hashlib import blake2b as _digest

# The rooms whose code decides what a validated situation or card library is: every module of
# them is read (a list of file names went stale once the modules moved into these rooms, and
# then a changed loader read an old entry back).
_ROOMS = ("inputs", "cards", "situation")
_PACKAGE = Path(__file__).resolve().parent.parent
_FORMAT = b"gamebook-input-cache-2"


def _sources() -> list[str]:
    """The package's ``__init__.py``, ``errors.py`` and every module of :data:`_ROOMS`."""
    names = ["__init__.py", "errors.py"]
    for room in _ROOMS:
        names += sorted(path.relative_to(_PACKAGE).as_posix()
                        for path in (_PACKAGE / room).rglob("*.py"))
    return names


def folder() -> Path | None:
    """Where entries live, or ``None`` when caching is off."""
    if os.environ.get("GAMEBOOK_NO_CACHE"):
        return None
    configured = os.environ.get("GAMEBOOK_CACHE_DIR")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "gamebook"


@cache
def code_fingerprint() -> bytes:
    digest = _digest(_FORMAT)
    digest.update(sys.version.encode())
    for name in _sources():
        try:
            digest.update(name.encode() + b"\0" + (_PACKAGE / name).read_bytes())
        except OSError:
            digest.update(name.encode() + b"\0missing")
    for package, version_file in (("pydantic", "version.py"), ("pydantic_core", "__init__.py"),
                                  ("yaml", "__init__.py")):
        digest.update(_package_file(package, version_file))
    return digest.digest()


def _package_file(package: str, name: str) -> bytes:
    """The bytes of a file of an installed package (its version is in it), without
    importing the package."""
    from importlib.util import find_spec

    try:
        spec = find_spec(package)
        origin = spec.origin if spec is not None else None
        if origin is None:
            return b"none"
        return Path(origin).with_name(name).read_bytes()
    except (ImportError, OSError, ValueError):
        return b"none"


def key(kind: str, parts: list[bytes]) -> str:
    """The entry name for ``kind`` and the ``parts`` that decide it."""
    from gamebook.inputs.limits import current

    digest = _digest(code_fingerprint())
    digest.update(kind.encode() + b"\0" + repr(current()).encode())
    for part in parts:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return f"{kind}-{digest.hexdigest()[:40]}"


def load(name: str) -> Any | None:
    """The cached value, or ``None`` (no entry, caching off, or an unreadable entry)."""
    where = folder()
    if where is None:
        return None
    try:
        data = (where / f"{name}.pickle").read_bytes()
        return pickle.loads(data)
    except Exception:  # noqa: BLE001 - a missing, partial or stale entry is a miss
        return None


def store(name: str, value: Any) -> None:
    """Write an entry (atomically); any problem only means there is no entry."""
    where = folder()
    if where is None:
        return
    try:
        import tempfile

        where.mkdir(parents=True, exist_ok=True)
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        handle, temp = tempfile.mkstemp(dir=where, prefix=f".{name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.replace(temp, where / f"{name}.pickle")
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except Exception:  # noqa: BLE001, S110 - a read-only or full disk: just no cache
        pass


def folder_parts(folders: list[Path]) -> list[bytes] | None:
    """What decides a card library: each folder's place and path, its files' names and
    bytes. The path is part of it since the library keeps each file's place for the errors
    the rules' grammar reports later (the same files in another folder name that folder).

    ``None`` if a file cannot be read within the limits: the full validation then reports
    it with the usual message.
    """
    from gamebook.errors import InputError
    from gamebook.inputs.files import read_input

    parts: list[bytes] = []
    seen: set[Path] = set()
    for index, where in enumerate(folders):
        real = where.resolve()
        parts.append(f"folder {index} {real}".encode())
        if not where.is_dir():
            return None
        for path in sorted(where.glob("*.yaml")):
            # The file's real path: its name in the folder's, unless it is a link (one lstat,
            # where resolve() looks at every part of the path: 5 ms for the bundled library).
            resolved = path.resolve() if path.is_symlink() else real / path.name
            if resolved in seen:  # a file reached twice is read once
                parts.append(path.name.encode() + b"\0again")
                continue
            seen.add(resolved)
            try:
                parts.append(path.name.encode() + b"\0" + read_input(path, "a YAML file"))
            except InputError:
                return None
    return parts
