"""Tighter pages keep every fact: what each page says can and cannot be activated, and why,
and every choice with the page it leads to, in every language.

``tests/golden/page_facts.json`` was read from the page model (not from the text) of the model
battle and two more examples before the pages were made tighter (short names after the first
mention, each rule cited once a page, acts said once): per page, each ✔/✘ note as
(player, card, effect, can, rule) and each choice as (its action, the page it leads to). The
book built today must have the same facts, and its words must still say each one: a ✔ and a
✘ line per note, each naming its card (whole or by its short name) and each ✘ line citing
its rule.

When the engine changes the facts on purpose, rewrite the golden file from today's books:
``python tests/test_page_facts.py --update``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from gamebook.book.catalog import LANGS
from gamebook.book.pages import Book, build_book
from gamebook.book.rulebook import cite, cited
from gamebook.explore import explore
from gamebook.situation import load_situation

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = ("borrelsword_linkuriboh", "two_attackers_roar", "necrovalley_linkuriboh")
GOLDEN = REPO / "tests" / "golden" / "page_facts.json"


def facts(book: Book) -> dict[str, dict[str, list]]:
    """Per page number: its notes and its choices, from the page model."""
    pages = {}
    for page in book.pages:
        point = page.point
        assert point is not None
        notes = [[note.player.value, note.card, note.effect, note.legal, note.rule]
                 for note in point.notes]
        choices = [[choice.action.kind.value, choice.action.player.value, choice.action.card,
                    choice.action.effect, choice.action.target, choice.action.cost, choice.page]
                   for choice in page.choices]
        pages[str(page.number)] = {"notes": notes, "choices": choices}
    return pages


_explored: dict[str, object] = {}


def _exploration(name: str):  # noqa: ANN202
    if name not in _explored:
        _explored[name] = explore(load_situation(REPO / "examples" / f"{name}.yaml"))
    return _explored[name]


def _book(name: str, lang: str) -> Book:
    return build_book(_exploration(name), lang)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def golden() -> dict[str, dict]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_fact_and_every_choice_of_every_page_is_kept(golden, name):
    assert facts(_book(name, "en")) == golden[name]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", EXAMPLES)
def test_the_words_still_say_every_fact(name, lang):
    book = _book(name, lang)
    narrator = book.narrator
    assert narrator is not None
    for page in book.pages:
        point = page.point
        assert point is not None
        for legal, lines in ((True, page.can), (False, page.cannot)):
            notes = [note for note in point.notes if note.legal is legal]
            assert len(lines) == len(notes), (name, lang, page.number)
            for note, line in zip(notes, lines, strict=True):
                card = narrator.instances[note.card]
                names = {narrator.card(note.card), card.short.get(lang, "\0")}
                assert any(word in line for word in names), (name, lang, page.number, line)
                if not legal:  # the rule the whole sentence cites, in the ✘ line
                    assert set(cited([narrator.note(note)])) <= set(cited([line])), (
                        name, lang, page.number, line)
        assert len(page.choices) == len(point.choices)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_the_untightened_page_cites_is_still_cited_on_it(lang):
    """A citation may move (to the ✘ line that needs it) or go where the page cites the
    same rule already, never leave the page."""
    book = _book("borrelsword_linkuriboh", lang)
    narrator = book.narrator
    assert narrator is not None
    for page in book.pages:
        point = page.point
        assert point is not None
        whole = [line for arrival in page.arrivals for line in arrival.lines]
        whole += [*page.then, *page.can, *page.cannot, *page.ending]
        untightened = [narrator.note(note) for note in point.notes]
        assert set(cited(untightened)) <= set(cited(whole)), (lang, page.number)
    assert cite("R:segoc") in {entry.label for entry in book.appendix}


def _update() -> None:
    GOLDEN.write_text(json.dumps({name: facts(_book(name, "en")) for name in EXAMPLES},
                                 ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--update"]:
        _update()
