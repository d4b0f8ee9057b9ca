"""``book.twee`` read back by a parser of the Twee 3 specification (the format Twine 2
imports): passage headers with escaped names, tags and metadata, the StoryTitle and
StoryData passages (an IFID that is an upper-case version-4 UUID, a story format, a start
passage that exists), unique names, and links ``[[text->target]]`` to existing passages.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from gamebook.book.pages import build_book
from gamebook.cli.entry import main
from gamebook.explore.explorer import explore
from gamebook.render.twee import book_twee
from gamebook.situation.load import load_situation

ROOT = Path(__file__).resolve().parents[1]
MODEL = ROOT / "examples" / "borrelsword_linkuriboh.yaml"

# Twee 3: "::" then the name (with \ escaping [ ] { } and \), optional [tags], optional {metadata}
HEADER = re.compile(r"^::\s*(?P<name>(?:\\.|[^\\\[\]{}])+?)\s*"
                    r"(?:\[(?P<tags>(?:\\.|[^\\\]])*)\])?\s*(?:(?P<meta>\{.*\}))?\s*$")
IFID = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$")
LINK = re.compile(r"\[\[(.*?)\]\]")


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def parse_twee(source: str) -> dict[str, dict]:
    """Passages by name: ``tags``, ``meta`` and ``text``; raises on what Twee 3 forbids."""
    passages: dict[str, dict] = {}
    current = None
    for number, line in enumerate(source.split("\n"), start=1):
        if line.startswith("::"):
            match = HEADER.match(line)
            assert match, f"line {number}: not a Twee 3 passage header: {line!r}"
            name = _unescape(match["name"])
            assert name not in passages, f"line {number}: passage {name!r} twice"
            tags = [_unescape(t) for t in (match["tags"] or "").split()]
            meta = json.loads(match["meta"]) if match["meta"] else {}
            current = passages[name] = {"tags": tags, "meta": meta, "lines": []}
        else:
            assert current is not None or not line.strip(), f"line {number}: text before ::"
            if current is not None:
                current["lines"].append(line)
    for passage in passages.values():
        passage["text"] = "\n".join(passage.pop("lines")).strip("\n")
    return passages


def link_target(inner: str) -> str:
    """The passage a Twine 2 link names: [[text->target]], [[target<-text]], [[text|target]]."""
    if "->" in inner:
        return inner.rsplit("->", 1)[1]
    if "<-" in inner:
        return inner.split("<-", 1)[0]
    if "|" in inner:
        return inner.rsplit("|", 1)[1]
    return inner


@cache
def _book(lang: str = "en"):
    return build_book(explore(load_situation(MODEL), None), lang)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "ja"])
def test_book_twee_follows_the_twee_3_rules_and_every_link_reaches_a_passage(lang):
    book = _book(lang)
    passages = parse_twee(book_twee(book))
    assert passages["StoryTitle"]["text"] == book.title
    data = json.loads(passages["StoryData"]["text"])
    assert IFID.match(data["ifid"]) and data["format"] == "Harlowe"
    assert data["format-version"] and data["start"] in passages
    assert set(data["tag-colors"].values()) <= {"red", "orange", "yellow", "green", "blue",
                                                 "purple"}
    pages = {name: p for name, p in passages.items() if name not in ("StoryTitle", "StoryData")}
    assert len(pages) == len(book.pages)
    for page in book.pages:
        passage = passages[book_page_name(lang, page.number)]
        links = LINK.findall(passage["text"])
        assert [link_target(link) for link in links] == [
            book_page_name(lang, choice.page) for choice in page.choices]
        assert ("ending" in passage["tags"]) == page.terminal
    for passage in pages.values():
        for line in passage["text"].split("\n"):
            # prose is Harlowe verbatim text: one pair of backticks, no markup can start
            assert not line or LINK.fullmatch(line) or re.fullmatch(r"`[^`]+`", line), line


def book_page_name(lang: str, number: int) -> str:
    from gamebook.book.narrate import Narrator

    return Narrator(lang, {}).msg("meta.page", number=number)


def test_the_same_book_gives_the_same_twee_and_ifid():
    assert book_twee(_book()) == book_twee(_book())


def test_a_hostile_title_stays_text(tmp_path):
    situation = tmp_path / "evil.yaml"
    situation.write_text(MODEL.read_text(encoding="utf-8").replace(
        "title: Borrelsword Dragon attacks Linkuriboh",
        "title: ':: [[x->y]] `(set: $a to 1)` <script>'"), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(situation), "--out", str(out), "--format", "twee",
                 "--no-images", "--quiet"]) == 0
    passages = parse_twee((out / "book.twee").read_text(encoding="utf-8"))
    assert "StoryTitle" in passages and len(passages) == 2 + len(_book().pages)
    assert passages["StoryTitle"]["text"].startswith("\\::")
