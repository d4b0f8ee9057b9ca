"""The message catalogs: gettext ``catalogs/<lang>.po`` (what translators edit, in Poedit,
Weblate, Lokalize, …) compiled to ``catalogs/<lang>.mo`` (what the book reads).

Each message's context (``msgctxt``) is its key, ``meta.player``; its ``msgid`` is the
English text, ``Player {player}``; its ``msgstr`` the translation, with the same
``{placeholders}`` and the same rules, cited by id (``R:replay``, shown as ``R39``: see
:mod:`gamebook.book.rulebook`). ``en.po`` is the source: a key or an English text is
changed there, then in each language's file. After editing a ``.po`` file, compile::

    python -m gamebook.book.catalog           # writes every catalogs/<lang>.mo (needs Babel)
    python -m gamebook.book.catalog --check   # exit 1 if a .mo is not its .po compiled

Reading needs only the standard library (:mod:`gettext`); compiling needs Babel (a test
dependency), so a .mo file is committed beside its .po (``tests/test_catalogs.py`` checks
that it is up to date).
"""

from __future__ import annotations

import gettext
import sys
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from gamebook.book.rulebook import cite

CATALOGS = Path(__file__).parent / "catalogs"
LANGS = ("en", "zh-Hant", "zh-Hans", "ja")
# Messages a language may leave empty: gettext reads an empty translation as "untranslated",
# so for these an untranslated message is empty rather than English (Chinese and Japanese
# put no space between sentences).
MAY_BE_EMPTY = frozenset({"meta.sentence_sep"})
_CONTEXT = "\x04"  # gettext joins a message's context and its msgid with this


@cache
def messages(lang: str) -> dict[str, str]:
    """``{key: text}`` of ``lang``'s compiled catalog, English for a key it lacks, in the
    order of ``en.po``, every rule it cites shown as its R-number."""
    english = _read_mo(CATALOGS / "en.mo")
    path = CATALOGS / f"{lang}.mo"
    translated = _read_mo(path) if lang != "en" and path.exists() else {}
    return {key: cite(translated.get(key) or ("" if key in MAY_BE_EMPTY and lang != "en"
                                              else text))
            for key, text in english.items()}


@cache
def nested(lang: str) -> dict[str, Any]:
    """:func:`messages` as nested mappings: ``{"meta": {"player": …}}``."""
    tree: dict[str, Any] = {}
    for key, text in messages(lang).items():
        node = tree
        *parents, last = key.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = text
    return tree


def _read_mo(path: Path) -> dict[str, str]:
    with path.open("rb") as handle:
        translations = gettext.GNUTranslations(handle)
    found = {}
    for msgid, msgstr in translations._catalog.items():  # noqa: SLF001 - no public listing
        if isinstance(msgid, str) and _CONTEXT in msgid and msgstr:
            key = msgid.split(_CONTEXT, 1)[0]
            found[key] = msgstr
    order = _order()
    return dict(sorted(found.items(), key=lambda item: order.get(item[0], len(order))))


@cache
def _order() -> dict[str, int]:
    """The keys in the order of en.po (a .mo file is sorted by msgid)."""
    keys = []
    for line in (CATALOGS / "en.po").read_text(encoding="utf-8").splitlines():
        if line.startswith('msgctxt "'):
            keys.append(line[len('msgctxt "'):-1])
    return {key: index for index, key in enumerate(keys)}


def read_po(lang: str) -> dict[str, tuple[str, str]]:
    """``{key: (English text, translation)}`` of ``catalogs/<lang>.po``, with Babel."""
    from babel.messages.pofile import read_po as babel_read_po

    with (CATALOGS / f"{lang}.po").open("rb") as handle:
        catalog = babel_read_po(handle)
    return {message.context: (message.id, message.string) for message in catalog
            if message.id and message.context}


def compiled(lang: str) -> bytes:
    """The .mo bytes of ``catalogs/<lang>.po``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po as babel_read_po

    with (CATALOGS / f"{lang}.po").open("rb") as handle:
        catalog = babel_read_po(handle)
    out = BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def main(argv: list[str]) -> int:
    stale = []
    for lang in LANGS:
        data = compiled(lang)
        path = CATALOGS / f"{lang}.mo"
        if path.exists() and path.read_bytes() == data:
            continue
        if "--check" in argv:
            stale.append(path.name)
        else:
            path.write_bytes(data)
            print(f"wrote {path}")
    if stale:
        print(f"not compiled from their .po: {', '.join(stale)}; run python -m "
              f"gamebook.book.catalog", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
