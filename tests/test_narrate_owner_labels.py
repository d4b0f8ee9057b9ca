"""Two cards of one name, one on each side: the book tells them apart by their owner, and in
Chinese and Japanese the owner stands before the quoted name (プレイヤーAの「X」), as a reader
writes it, never inside the quotes (「プレイヤーAのX」)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamebook.book.pages import narrator_for
from gamebook.explore import explore
from gamebook.explore.explorer import Exploration
from gamebook.rules.actions import Action, ActionKind
from gamebook.rules.state import Player
from gamebook.situation.load import load_situation

SITUATION = Path(__file__).parent / "situations" / "amazoness_swords_woman_battles.yaml"
CARDS = (Path(__file__).parent / "cards",)
ATTACK = Action(ActionKind.DECLARE_ATTACK, Player.A, "amazoness_a", None, "amazoness_b")


@pytest.fixture(scope="module")
def battle() -> Exploration:
    return explore(load_situation(SITUATION, card_folders=CARDS), "seed")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Player A's Amazoness Swords Woman"),
    ("ja", "プレイヤーAの「アマゾネスの剣士」でプレイヤーBの「アマゾネスの剣士」を攻撃する"),
    ("zh-Hant", "玩家A的「亞馬遜劍士」"),
    ("zh-Hans", "用玩家A的「亚马逊剑士」攻击玩家B的「亚马逊剑士」"),
])
def test_the_owner_of_a_card_stands_outside_its_quotes(battle: Exploration, lang: str,
                                                       expected: str) -> None:
    said = narrator_for(battle, lang).choice(ATTACK)
    assert expected in said
    assert "「プレイヤー" not in said and "「玩家" not in said


def test_a_card_whose_name_no_other_shares_keeps_its_plain_quotes(battle: Exploration) -> None:
    said = narrator_for(battle, "ja").choice(
        Action(ActionKind.DECLARE_ATTACK, Player.A, "amazoness_a", None, "gemini_elf"))
    assert "プレイヤーAの「アマゾネスの剣士」で「ヂェミナイ・エルフ」を攻撃する" in said
