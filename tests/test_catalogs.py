"""The translated message catalogs: complete, faithful to the English placeholders, and used.

The catalogs are gettext files, ``gamebook/book/catalogs/<lang>.po`` (read here with
Babel), compiled to the ``.mo`` files the book reads. Every catalog must have exactly the keys
of ``en.po`` (the
narrator would otherwise fall back to English mid-sentence), use the same ``{placeholders}``
and the same R-numbers per message, and keep to full-width punctuation. A book built in each
language must not contain any English sentence from the ``event`` and ``reason`` sections.
"""

from __future__ import annotations

import re
import shutil
import string
import subprocess
from pathlib import Path
from typing import Any

import pytest

from gamebook.book import catalog as catalogs
from gamebook.book.catalog import MAY_BE_EMPTY as MAY_BE_EMPTY_PO
from gamebook.book.catalog import read_po
from gamebook.book.rulebook import cite
from gamebook.cli.entry import main

REPO = Path(__file__).resolve().parents[1]
CATALOGS = REPO / "gamebook" / "book" / "catalogs"
EXAMPLE = REPO / "examples" / "borrelsword_linkuriboh.yaml"
LANGS = ("zh-Hant", "zh-Hans", "ja")

# A rule as a catalog cites it: by id, "R:replay" (shown as its R-number).
RULE_NUMBER = re.compile(r"R:[a-z0-9_]+")
# ASCII punctuation that has a full-width counterpart in Chinese and Japanese text.
ASCII_PUNCTUATION = re.compile(r"[,.:;()!?]")
# Distinctive English words of the narrator's sentences (spot check on top of the fragments).
ENGLISH_WORDS = ("resolves", "priority", "cannot activate", "passes", "declines", "Player A",
                 "Damage Step", "the chain", "attack declaration")


def _load(lang: str) -> dict[str, Any]:
    """The translated messages of ``<lang>.po`` as nested mappings (an untranslated one is
    missing, unless it may be empty)."""
    tree: dict[str, Any] = {}
    for key, (_, text) in read_po(lang).items():
        if not text and key not in MAY_BE_EMPTY_PO:
            continue
        node = tree
        *parents, last = key.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = text
    return tree


def _flatten(node: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in node.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _placeholders(message: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(message) if field is not None}


ENGLISH = _flatten(_load("en"))


@pytest.fixture(scope="module", params=LANGS)
def catalog(request) -> tuple[str, dict[str, str]]:
    return request.param, _flatten(_load(request.param))


def test_each_catalog_is_a_po_file_with_a_key_and_the_english_text_per_message():
    english = read_po("en")
    assert all(text == source for source, text in english.values())  # en.po is the source
    for lang in LANGS:
        messages = read_po(lang)
        assert list(messages) == list(english), f"{lang}.po: keys or their order differ"
        stale = [key for key, (source, _) in messages.items() if source != english[key][0]]
        assert stale == [], f"{lang}.po: msgid is not the English text of en.po"


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_msgfmt_accepts_every_catalog(lang):
    """gettext's own checker reads every catalog: Babel skips a line it cannot parse (a stray
    second msgstr), Poedit, Weblate and msgfmt reject the whole file."""
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt not installed (gettext; scripts/setup.sh --tests installs it)")
    result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(CATALOGS / f"{lang}.po")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_every_catalog_entry_is_msgctxt_msgid_msgstr(lang):
    """The same defect without gettext installed: every entry (blank-line separated) is
    ``msgctxt``, ``msgid``, ``msgstr`` in that order, once each (the header has no msgctxt)."""
    text = (CATALOGS / f"{lang}.po").read_text(encoding="utf-8")
    wrong = []
    for entry in text.strip().split("\n\n"):
        keywords = re.findall(r"^(msgctxt|msgid|msgstr) ", entry, re.MULTILINE)
        if keywords not in (["msgctxt", "msgid", "msgstr"], ["msgid", "msgstr"]):
            wrong.append(entry.strip().splitlines()[-1][:80])
    assert wrong == []


def test_every_mo_file_is_its_po_file_compiled():
    """Recompile with: python -m gamebook.book.catalog"""
    assert catalogs.main(["--check"]) == 0


def test_the_narrator_reads_the_compiled_catalog():
    from gamebook.book.narrate import load_catalog

    for lang in LANGS:
        cited = {key: cite(text) for key, text in _flatten(_load(lang)).items()}
        assert _flatten(load_catalog(lang)) == cited, lang


def test_catalog_has_exactly_the_english_keys(catalog):
    lang, messages = catalog
    assert sorted(set(ENGLISH) - set(messages)) == [], f"{lang}: missing keys"
    assert sorted(set(messages) - set(ENGLISH)) == [], f"{lang}: keys not in en.po"


# Separators may be empty: Chinese and Japanese put no space between sentences.
MAY_BE_EMPTY = {"meta.sentence_sep"}


def test_every_message_is_a_non_empty_string(catalog):
    lang, messages = catalog
    bad = [key for key, value in messages.items()
           if not isinstance(value, str) or (not value and key not in MAY_BE_EMPTY)]
    assert bad == [], lang


def test_placeholders_match_english(catalog):
    lang, messages = catalog
    wrong = {key: (sorted(_placeholders(messages[key])), sorted(_placeholders(text)))
             for key, text in ENGLISH.items()
             if key in messages and _placeholders(messages[key]) != _placeholders(text)}
    assert wrong == {}, f"{lang}: (translation, English) placeholders differ"


def test_messages_format_with_the_english_arguments(catalog):
    lang, messages = catalog
    for key, text in messages.items():
        args = {name: f"<{name}>" for name in _placeholders(ENGLISH[key])}
        formatted = text.format(**args)
        assert "{" not in formatted and "}" not in formatted, (lang, key)


def test_rule_numbers_are_kept(catalog):
    lang, messages = catalog
    wrong = [key for key, text in ENGLISH.items()
             if sorted(RULE_NUMBER.findall(messages.get(key, "")))
             != sorted(RULE_NUMBER.findall(text))]
    assert wrong == [], lang


def test_punctuation_is_full_width(catalog):
    lang, messages = catalog
    wrong = {key: text for key, text in messages.items()
             if ASCII_PUNCTUATION.search(RULE_NUMBER.sub("", re.sub(r"\{[^}]*\}", "", text)))}
    assert wrong == {}, lang


def _english_fragments() -> set[str]:
    """The literal English text of the event and reason messages, between placeholders."""
    fragments = set()
    for key, text in ENGLISH.items():
        if not key.startswith(("event.", "reason.")):
            continue
        for literal, _, _, _ in string.Formatter().parse(text):
            for piece in re.split(r"[()\":;—]", literal):
                piece = piece.strip(" .,:;—")
                if len(re.findall(r"\b[A-Za-z][a-z-]+\b", piece)) >= 2:
                    fragments.add(piece)
    return fragments


ENGLISH_FRAGMENTS = _english_fragments()


@pytest.fixture(scope="module", params=LANGS)
def built_book(request, tmp_path_factory) -> tuple[str, str]:
    lang = request.param
    out = tmp_path_factory.mktemp(f"book-{lang}")
    code = main(["build", str(EXAMPLE), "--out", str(out), "--no-images", "--lang", lang])
    assert code == 0
    return lang, (out / "book.md").read_text(encoding="utf-8")


def _pages(book: str) -> str:
    """The numbered pages, without the preamble.

    The preamble repeats the situation's title and description and the rules preset's
    description, which are written in the situation and engine files, not in a catalog.
    """
    _, separator, pages = book.partition("\n## 1\n")
    assert separator, "the book has no pages"
    return separator + pages


def test_fragment_list_is_meaningful():
    assert "cannot respond to" in ENGLISH_FRAGMENTS
    assert "the chain resolves, last link first" in ENGLISH_FRAGMENTS
    assert len(ENGLISH_FRAGMENTS) > 50


def test_built_book_has_no_english_narration(built_book):
    lang, book = built_book
    pages = _pages(book)
    assert "## 1\n" in pages
    found = sorted(f for f in ENGLISH_FRAGMENTS if f in pages)
    assert found == [], f"{lang}: English sentences in book.md"
    words = [w for w in ENGLISH_WORDS if w.lower() in pages.lower()]
    assert words == [], f"{lang}: English words in book.md"


def test_built_book_uses_the_catalog(built_book):
    lang, book = built_book
    messages = _flatten(_load(lang))
    assert messages["meta.player"].format(player="A") in book
    assert messages["meta.the_end"] in book


def test_a_book_in_every_language_passes_check_book(tmp_path):
    """The checker reads our own books: headings, jumps and every language's THE END."""
    for lang in ("en", "zh-Hant", "zh-Hans", "ja"):
        out = tmp_path / lang
        assert main(["build", str(EXAMPLE), "--out", str(out), "--no-images", "--lang", lang,
                     "--format", "md"]) == 0
        assert main(["check-book", str(out / "book.md")]) == 0, lang


@pytest.mark.parametrize("lang", LANGS)
def test_no_message_is_missing_untranslated_or_fuzzy(lang):
    """Every msgid of en.po has a reviewed translation: none missing from the catalog, none
    with an empty msgstr (but a separator that may be empty), none marked fuzzy."""
    from babel.messages.pofile import read_po as babel_read_po

    with (CATALOGS / f"{lang}.po").open("rb") as handle:
        catalog = {(m.context, m.id): m for m in babel_read_po(handle) if m.id and m.context}
    problems = []
    for key, (english, _) in read_po("en").items():
        message = catalog.get((key, english))
        if message is None:
            problems.append(f"missing: {key} {english!r}")
        elif message.fuzzy:
            problems.append(f"fuzzy: {key} {english!r}")
        elif not message.string and key not in MAY_BE_EMPTY_PO:
            problems.append(f"untranslated: {key} {english!r}")
    assert problems == []
