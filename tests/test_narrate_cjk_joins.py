"""Where a template and its words meet, Chinese and Japanese books write what a reader writes.

Two cards of one name, one on each side: the book tells them apart by their owner, who stands
before the quoted name (プレイヤーAの「X」), never inside the quotes (「プレイヤーAのX」). And a
Japanese "only when E" of a moment after something is 「…後にしか」, not 「…後時にしか」."""

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


def test_a_japanese_moment_after_damage_calculation_takes_no_時() -> None:
    """「{event}時にしか発動できず」 of an event that is a moment after something: Wall of
    Illusion's 「ダメージ計算後にしか」, not 「ダメージ計算後時にしか」."""
    from gamebook.book.pages import build_book
    from gamebook.render.export import format_files

    wall = Path(__file__).parent.parent / "examples" / "wall_of_illusion_attacked.yaml"
    files = format_files(build_book(explore(load_situation(wall), "seed"), "ja"), "md")
    text = "".join(part if isinstance(part, str) else "".join(part)
                   for part in files.values())
    assert "ダメージ計算後にしか発動できず" in text
    assert "後時" not in text
