"""An ending page tells everything a rules article needs: where every card is, each
player's hand, and which monsters are face-down (issue 31)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamebook.book.article import build_article
from gamebook.book.pages import build_book
from gamebook.explore.explorer import explore
from gamebook.situation.load import load_situation

REPO = Path(__file__).resolve().parents[1]
GEMINI = REPO / "examples" / "gemini_elf_bottomless_trap_hole.yaml"


@pytest.fixture(scope="module")
def exploration():
    return explore(load_situation(GEMINI))


def endings(exploration, lang: str) -> list[str]:
    book = build_book(exploration, lang)
    return [" ".join(page.ending) for page in book.pages if page.terminal]


def test_every_ending_lists_each_players_hand(exploration):
    texts = endings(exploration, "en")
    assert any("In Player A's hand: Gemini Elf." in text for text in texts)
    for text in texts:
        assert "Player B's hand is empty." in text
        assert ("Player A's hand is empty." in text) != ("In Player A's hand:" in text)


def test_an_ending_says_a_set_monster_is_face_down(exploration):
    texts = endings(exploration, "en")
    assert any("Gemini Elf (Player A): 1900/900, face-down Defense Position." in text
               for text in texts)
    rows = build_article(exploration, build_book(exploration, "en")).outcomes
    assert any("Gemini Elf 1900/900 (face-down Defense Position)" in row.monsters
               for row in rows)


@pytest.mark.parametrize(("lang", "face_down", "hand"), [
    ("ja", "裏側守備表示", "プレイヤーAの手札：ヂェミナイ・エルフ。"),
    ("zh-Hant", "裏側守備表示", "玩家A的手牌："),
    ("zh-Hans", "里侧守备表示", "玩家A的手牌："),
], ids=["ja", "zh-Hant", "zh-Hans"])
def test_the_endings_say_it_in_every_language(exploration, lang, face_down, hand):
    texts = endings(exploration, lang)
    assert any(face_down in text for text in texts)
    assert any(hand in text for text in texts)
