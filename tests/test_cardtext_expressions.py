"""Expressions of the card files put into words in a card's text (gamebook.book.exprtext).

Every kind of node of the expression language is said in English and Japanese; Evenly
Matched's text carries its condition in every language; no card, bundled or test, shows a
raw ``count(`` (or any expression) in its generated text; a node the words do not know is
shown as its expression in code style instead of failing.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gamebook.book.cardtext import card_text, catalog, effect_text
from gamebook.book.exprtext import ExpressionWords
from gamebook.cards.expressions import Node
from gamebook.cards.library import load_library

LANGS = ("en", "zh-Hant", "zh-Hans", "ja")
TEST_CARDS = Path(__file__).parent / "cards"
LIBRARY = load_library((TEST_CARDS,))
NAMES = {"en": "Kuriboh", "ja": "クリボー"}


def words(lang: str) -> ExpressionWords:
    return ExpressionWords(catalog(lang), lambda card_id: NAMES[lang])


AMOUNTS = [  # (expression, English, Japanese): numbers, one per kind of node
    ("7", "7", "7"),
    ("count(monsters, opponent)", "the number of monsters your opponent controls",
     "相手フィールドのモンスターの数"),
    ("count(cards, you, hand)", "the number of cards in your hand", "自分の手札のカードの数"),
    ("count(cards, graveyard, opponent)", "the number of cards in your opponent's GY",
     "相手の墓地のカードの数"),
    ("lp(you)", "your LP", "自分のLP"),
    ("lp(opponent)", "your opponent's LP", "相手のLP"),
    ("atk(self)", "this card's ATK", "このカードの攻撃力"),
    ("def(attack_target)", "the attacked monster's DEF", "攻撃対象のモンスターの守備力"),
    ("level(target)", "the target's Level", "対象のモンスターのレベル"),
    ("difference(atk(target), atk(attacker))",
     "the difference between the target's ATK and the attacking monster's ATK",
     "対象のモンスターの攻撃力と攻撃モンスターの攻撃力の差"),
    ("max(lp(you), 1000)", "the highest of your LP and 1000", "自分のLPと1000のうち最も高い数値"),
    ("min(atk(self), def(self))", "the lowest of this card's ATK and this card's DEF",
     "このカードの攻撃力とこのカードの守備力のうち最も低い数値"),
    ("-atk(self)", "minus this card's ATK", "マイナスこのカードの攻撃力"),
    ("lp(you) + 500", "your LP plus 500", "自分のLPと500の合計"),
    ("count(cards, opponent) - count(cards, you)",
     "the number of cards your opponent controls minus the number of cards you control",
     "相手フィールドのカードの数から自分フィールドのカードの数を引いた数"),
    ("lp(you) - (lp(opponent) - 100)", "your LP minus (your opponent's LP minus 100)",
     "自分のLPから（相手のLPから100を引いた数）を引いた数"),
    ("300 * count(monsters)", "300 times the number of monsters on the field",
     "フィールドのモンスターの数×300"),
    ("count(monsters) * count(cards)",
     "the number of monsters on the field times the number of cards on the field",
     "フィールドのモンスターの数×フィールドのカードの数"),
    ("lp(you) / 2", "half of your LP", "自分のLPの半分"),
    ("lp(you) / 3", "your LP divided by 3", "自分のLP÷3"),
]

FILTERS = [  # counts with filters: flags, card numbers, card words, ranges, and/or/not
    ("count(monsters, opponent, face_up and atk >= 1000)",
     "the number of face-up monsters with ATK 1000 or more your opponent controls",
     "相手フィールドの表側表示の攻撃力1000以上のモンスターの数"),
    ("count(monsters, level in 1..4, not self)",
     "the number of monsters with Level 1 to 4 and other than this card on the field",
     "フィールドのレベル1～4かつこのカード以外のモンスターの数"),
    ("count(monsters, attribute == dark)", "the number of DARK monsters on the field",
     "フィールドの闇属性のモンスターの数"),
    ("count(monsters, attribute == dark or type == warrior)",
     "the number of monsters DARK or Warrior on the field",
     "フィールドの闇属性または戦士族のモンスターの数"),
    ("count(monsters, not attribute == dark)", "the number of monsters not DARK on the field",
     "フィールドの闇属性以外のモンスターの数"),
    ("count(monsters, not atk >= 2000)",
     "the number of monsters with ATK less than 2000 on the field",
     "フィールドの攻撃力2000未満のモンスターの数"),
    ("count(monsters, name == kuriboh)", 'the number of monsters named "Kuriboh" on the field',
     "フィールドの「クリボー」のモンスターの数"),
    ("count(monsters, fusion_monster)", "the number of Fusion monsters on the field",
     "フィールドの融合モンスターの数"),
    ("count(monsters, not attacking)", "the number of monsters not attacking on the field",
     "フィールドの攻撃モンスター以外のモンスターの数"),
]

CONDITIONS = [  # (expression, English, Japanese): comparisons, and/or/not, ranges
    ("count(monsters) >= 4", "there are 4 or more monsters on the field",
     "フィールドにモンスターが4体以上存在する"),
    ("2 <= count(monsters, opponent)", "your opponent controls 2 or more monsters",
     "相手フィールドにモンスターが2体以上存在する"),
    ("count(cards, you, hand) > 2", "there are more than 2 cards in your hand",
     "自分の手札にカードが2枚より多く存在する"),
    ("count(cards, you) == 0", "you control no cards", "自分フィールドにカードが存在しない"),
    ("count(monsters, opponent, face_up) > 0", "your opponent controls at least 1 face-up monster",
     "相手フィールドに表側表示のモンスターが存在する"),
    ("count(monsters) < 1", "there are no monsters on the field",
     "フィールドにモンスターが存在しない"),
    ("count(cards, opponent) > count(cards, you)",
     "your opponent controls more cards than you do",
     "相手フィールドのカードが自分フィールドのカードより多い"),
    ("count(cards, opponent) < count(cards, you)",
     "you control more cards than your opponent does",
     "自分フィールドのカードが相手フィールドのカードより多い"),
    ("count(cards, you) == count(cards, opponent)",
     "you and your opponent control as many cards as each other",
     "自分と相手のフィールドのカードの数が同じである"),
    ("lp(you) >= 2000", "your LP is 2000 or more", "自分のLPが2000以上である"),
    ("lp(you) <= 2000", "your LP is 2000 or less", "自分のLPが2000以下である"),
    ("lp(you) > lp(opponent)", "your LP is more than your opponent's LP",
     "自分のLPが相手のLPを超える"),
    ("lp(you) < 1000", "your LP is less than 1000", "自分のLPが1000未満である"),
    ("lp(you) == 8000", "your LP is equal to 8000", "自分のLPが8000と同じである"),
    ("lp(you) != 8000", "your LP is not equal to 8000", "自分のLPが8000と異なる"),
    ("lp(you) in 1..4000", "your LP is from 1 to 4000", "自分のLPが1以上4000以下である"),
    ("count(monsters, you) >= 1 and lp(you) >= 1000",
     "you control at least 1 monster and your LP is 1000 or more",
     "自分フィールドにモンスターが存在する、かつ自分のLPが1000以上である"),
    ("count(monsters, you) >= 1 or lp(you) >= 1000",
     "you control at least 1 monster or your LP is 1000 or more",
     "自分フィールドにモンスターが存在する、または自分のLPが1000以上である"),
    ("not lp(you) > 1000", "your LP is 1000 or less", "自分のLPが1000以下である"),
    ("not (count(monsters) >= 1 and lp(you) > 0)",
     "it is not so that there is at least 1 monster on the field and your LP is more than 0",
     "次の状態ではない：フィールドにモンスターが存在する、かつ自分のLPが0を超える"),
]


@pytest.mark.parametrize(("expression", "en", "ja"), AMOUNTS + FILTERS)
def test_each_kind_of_number_is_put_into_words(expression, en, ja):
    assert words("en").amount(expression) == en
    assert words("ja").amount(expression) == ja


@pytest.mark.parametrize(("expression", "en", "ja"), CONDITIONS)
def test_each_kind_of_condition_is_put_into_words(expression, en, ja):
    assert words("en").condition(expression) == en
    assert words("ja").condition(expression) == ja


@pytest.mark.parametrize("lang", LANGS)
def test_what_the_words_do_not_know_is_shown_as_code(lang):
    said = words(lang)
    assert said.number(Node("unheard_of")) == "`unheard_of`"
    assert said.filter(Node("unheard_of")) == "`unheard_of`"
    assert said.truth(Node("num")) == "`0`"  # a number where a condition is wanted
    assert said.amount("count(") == "`count(`"  # what does not parse is shown as written


EVENLY_MATCHED = {
    "en": "At the end of the Battle Phase, if your opponent controls more cards than you do: "
          "Your opponent chooses the cards and must banish cards your opponent controls (until "
          "they are left with as many cards as you control) face-down.",
    "ja": "バトルフェイズ終了時、相手フィールドのカードが自分フィールドのカードより多い場合に"
          "発動できる。相手が選んで残りが自分フィールドのカードと同じ数になるように相手フィールドのカードを"
          "裏側表示で除外する。",
    "zh-Hant": "戰鬥階段結束時，對方場上的卡比自己場上的多的場合才能發動。由對方選擇，"
               "把對方場上的卡（使剩下的數量與自己場上的卡相同）以裏側表示除外。",
    "zh-Hans": "战斗阶段结束时，对手场上的卡比自己场上的多的场合才能发动。由对手选择，"
               "把对手场上的卡（使剩下的数量与自己场上的卡相同）以里侧表示除外。",
}


@pytest.mark.parametrize("lang", LANGS)
def test_evenly_matched_says_its_condition_and_how_many_it_banishes(lang):
    card = LIBRARY["evenly_matched"]
    text = effect_text(card, card.effects[0], lang, written=False)
    assert EVENLY_MATCHED[lang] in text
    assert "count(" not in text


def test_amounts_of_steps_are_said_with_their_own_verbs():
    def said(card_id: str, lang: str) -> str:
        card = LIBRARY[card_id]
        return effect_text(card, card.effects[0], lang, written=False)

    assert "You gain LP equal to 300 times the number of monsters on the field." in said(
        "gift_of_the_mystical_elf", "en")
    assert "自分はフィールドのモンスターの数×300だけLPを回復する。" in said(
        "gift_of_the_mystical_elf", "ja")
    # a negative amount is a loss: "-800 * count(…)"
    assert ("All face-up Attack Position monsters your opponent controls lose ATK equal to 800 "
            "times the number of monsters your opponent controls.") in said(
        "wall_of_disruption", "en")
    assert "攻撃力は相手フィールドのモンスターの数×800ダウンする。" in said(
        "wall_of_disruption", "ja")
    # a selection's `where` is said with its thing
    assert "Destroy all face-up monsters on the field." in said("needle_ceiling", "en")
    assert "target 1 face-up monster with Level 5 or more and not attacking your opponent " \
           "controls" in said("test_toll_trap", "en")
    assert "Pay LP equal to 1000 times the number of monsters your opponent controls" in said(
        "test_toll_trap", "en")


def test_a_modal_effect_says_its_condition_once():
    card = LIBRARY["poison_of_the_old_man"]
    effect = replace(card.effects[0], condition="lp(you) < lp(opponent)")
    text = effect_text(card, effect, "en", written=False)
    assert text.count("your LP is less than your opponent's LP") == 1, text
    assert "自分のLPが相手のLP未満である場合に以下の効果から" in effect_text(card, effect, "ja",
                                                                written=False)


@pytest.mark.parametrize("lang", LANGS)
def test_no_card_shows_a_raw_expression(lang):
    """Rendered from the data (a card file's own wording set aside) and as shown."""
    def name_of(card_id: str) -> str:
        return LIBRARY[card_id].name(lang)

    lines = [(card_id, line) for card_id in LIBRARY.ids()
             for line in card_text(LIBRARY[card_id], lang, name_of)]
    lines += [(card_id, effect_text(LIBRARY[card_id], effect, lang, name_of, written=False))
              for card_id in LIBRARY.ids() for effect in LIBRARY[card_id].effects]
    found = [(card_id, line) for card_id, line in lines
             if any(raw in line for raw in ("count(", "lp(", "atk(", "def(", "level(", "`"))]
    assert len(lines) > 300
    assert found == []
