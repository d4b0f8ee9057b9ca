"""A book written as its pages are made (issue 29, the book at scale): ``gamebook build``
makes each page once and writes it into every format told from the pages at once
(:class:`~gamebook.book.pages.PageFeed`, :func:`~gamebook.render.export.write_formats`), so
a book of 10^5 pages is never whole in memory. The files are those of the whole book, byte
for byte; the pages one format has read and another not stay few."""

from __future__ import annotations

import gc
from functools import cache
from pathlib import Path

import pytest

from gamebook.book.pages import PageFeed, build_book
from gamebook.explore.explorer import explore
from gamebook.inputs.files import Stage
from gamebook.render import markup
from gamebook.render.export import (
    TOLD_FORMATS,
    diagram_files,
    format_files,
    graph_json,
    write_formats,
)
from gamebook.render.markup import render
from gamebook.render.mermaid import mermaid_files
from gamebook.render.twee import book_twee
from gamebook.situation.load import load_situation

ROOT = Path(__file__).resolve().parents[1]
START_STEP = ROOT / "examples" / "borrelsword_linkuriboh_start_step.yaml"  # several attacks
BOOK_OF_MOON = ROOT / "examples" / "book_of_moon.yaml"


@cache
def _explored(path: Path):
    return explore(load_situation(path), None)


def _whole(book, fmt: str) -> str:
    return book_twee(book) if fmt == "twee" else render(book, fmt)


@pytest.mark.parametrize(("path", "lang"), [(START_STEP, "en"), (START_STEP, "zh-Hant"),
                                            (BOOK_OF_MOON, "ja")])
def test_formats_written_as_the_pages_are_made_are_the_whole_books_byte_for_byte(
        tmp_path, path, lang):
    exploration = _explored(path)
    whole = build_book(exploration, lang)
    stage = Stage(tmp_path)
    with PageFeed(exploration, lang) as feed:
        write_formats(feed, stage, list(TOLD_FORMATS))
        outline = feed.outline()
    names = {fmt: next(iter(format_files(whole, fmt))) for fmt in TOLD_FORMATS}
    for fmt in TOLD_FORMATS:
        written = (tmp_path / names[fmt]).read_text(encoding="utf-8")
        assert written == _whole(whole, fmt), fmt
    assert sorted(stage.written) == sorted(names.values())
    # what is made from the outline is what the whole book makes
    assert graph_json(outline) == graph_json(whole)
    assert diagram_files(outline, layouts=False) == diagram_files(whole, layouts=False)
    assert mermaid_files(outline) == mermaid_files(whole)
    assert outline.appendix == whole.appendix
    assert outline.summary_line == whole.summary_line


def test_the_outline_keeps_no_story_field_or_notes():
    exploration = _explored(BOOK_OF_MOON)
    whole = build_book(exploration)
    with PageFeed(exploration) as feed:
        outline = feed.outline()
    assert len(outline.pages) == len(whole.pages)
    for kept, page in zip(outline.pages, whole.pages, strict=True):
        assert (kept.arrivals, kept.then, kept.field, kept.can, kept.cannot) == ((),) * 5
        assert (kept.number, kept.node, kept.choices, kept.chain, kept.ending, kept.outcome) \
            == (page.number, page.node, page.choices, page.chain, page.ending, page.outcome)


def test_each_page_is_made_once_and_the_pages_between_the_formats_stay_few(tmp_path,
                                                                            monkeypatch):
    """Three formats read 341 pages; in pieces of 4,096 characters the one ahead is never
    more than a few pages ahead of the one behind, and no page is made twice."""
    monkeypatch.setattr(markup, "BLOCK", 4096)
    made, held = [], []

    class Counted(PageFeed):
        def _next(self):
            page = super()._next()
            if page is not None:
                made.append(page.number)
                held.append(len(self._made))
            return page

    exploration = _explored(START_STEP)
    with Counted(exploration) as feed:
        write_formats(feed, Stage(tmp_path), ["md", "html", "twee"])
        pages = len(feed.outline().pages)
    assert pages == 341 and made == list(range(1, pages + 1))
    assert max(held) <= 10, max(held)
    assert (tmp_path / "book.md").read_text(encoding="utf-8") \
        == render(build_book(exploration), "md")


def test_a_format_must_begin_before_the_first_page_is_made(tmp_path):
    with PageFeed(_explored(BOOK_OF_MOON)) as feed:
        first = feed.reader()
        next(iter(first.pages))
        with pytest.raises(RuntimeError, match="before the first is made"):
            feed.reader()


def test_the_collector_is_off_while_pages_are_made_and_on_again_after():
    assert gc.isenabled()
    with PageFeed(_explored(BOOK_OF_MOON)) as feed:
        assert not gc.isenabled()
        feed.outline()
        assert gc.isenabled()
    with pytest.raises(KeyError), PageFeed(_explored(BOOK_OF_MOON)):
        raise KeyError("a format failed")
    assert gc.isenabled()


def test_a_feed_that_owns_its_exploration_lets_each_state_go_once_its_page_is_made(tmp_path):
    """``gamebook build`` hands the exploration over (``let_go``): the states and the edges
    are let go as the pages are made, and the files are the same."""
    exploration = explore(load_situation(BOOK_OF_MOON), None)
    states = len(exploration.states)
    whole = build_book(_explored(BOOK_OF_MOON))
    held = []

    class Counted(PageFeed):
        def _next(self):
            page = super()._next()
            held.append(len(exploration.states))
            return page

    with Counted(exploration, let_go=True) as feed:
        write_formats(feed, Stage(tmp_path), ["md"])
        outline = feed.outline()
    assert held[0] < states and held[-1] == 0
    graph = exploration.graph
    assert graph.number_of_edges() == 0 and not any(map(graph.in_degree, graph))
    assert (tmp_path / "book.md").read_text(encoding="utf-8") == render(whole, "md")
    assert graph_json(outline) == graph_json(whole)
