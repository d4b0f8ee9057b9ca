"""The bundled cards' data: official names in every book language, and aliases that point at
one card only.

Names and types follow the official card database (DawnbrandBots/yaml-yugi,
``data/cards/<passcode>.yaml``, whose Chinese names are the printed or Master Duel ones).
The names this project used before (栗子球 for Kuriboh, 刺刀槍管龍 for Borrelsword Dragon)
are kept as ``aliases``, so the card lookup still understands them.
"""

from __future__ import annotations

import pytest

from gamebook.book.catalog import LANGS
from gamebook.cards.library import load_library

LIBRARY = load_library()
IDS = LIBRARY.ids()


@pytest.mark.parametrize("card_id", IDS)
def test_every_card_has_a_name_in_every_book_language(card_id):
    names = LIBRARY[card_id].names
    assert [lang for lang in LANGS if not names.get(lang, "").strip()] == []


def test_no_alias_is_the_name_or_alias_of_another_card():
    owners: dict[str, set[str]] = {}
    for card_id in IDS:
        card = LIBRARY[card_id]
        for name in card.names.values():
            owners.setdefault(name.casefold(), set()).add(card_id)
        for names in card.aliases.values():
            for name in names:
                owners.setdefault(name.casefold(), set()).add(card_id)
    assert {name: ids for name, ids in owners.items() if len(ids) > 1} == {}


def test_aliases_are_in_book_languages_and_differ_from_the_cards_own_names():
    for card_id in IDS:
        card = LIBRARY[card_id]
        assert set(card.aliases) <= set(LANGS), card_id
        for lang, names in card.aliases.items():
            assert card.names[lang] not in names, (card_id, lang)


@pytest.mark.parametrize("card_id, lang, official, alias", [
    ("kuriboh", "zh-Hant", "庫里波", "栗子球"),
    ("kuriboh", "zh-Hans", "库里波", "栗子球"),
    ("borrelsword_dragon", "zh-Hant", "槍管刺刀龍", "刺刀槍管龍"),
    ("linkuriboh", "zh-Hant", "連結庫里波", "連接栗子球"),
    ("mystical_space_typhoon", "zh-Hans", "气旋", "旋风"),
    ("leo_wizard", "ja", "レオ・ウィザード", "獅子の魔術師"),
])
def test_official_name_with_the_community_name_kept_as_alias(card_id, lang, official, alias):
    card = LIBRARY[card_id]
    assert card.names[lang] == official
    assert alias in card.aliases[lang]


def test_borrelsword_is_a_dark_dragon_and_linkuriboh_a_dark_cyberse():
    borrelsword, linkuriboh = LIBRARY["borrelsword_dragon"], LIBRARY["linkuriboh"]
    assert (borrelsword.attribute, borrelsword.monster_type) == ("DARK", "Dragon")
    assert (linkuriboh.attribute, linkuriboh.monster_type) == ("DARK", "Cyberse")
