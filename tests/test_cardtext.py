"""Card text rendered from the data (gamebook.book.cardtext), in every book language.

Every bundled card must render in en, zh-Hant, zh-Hans and ja with no placeholder left and,
in Chinese and Japanese, no English word; every value of the effect vocabulary must have
words; a card file's own ``card_text`` replaces the rendering for its language only.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from gamebook.book.cardtext import card_text, effect_text, kind_name, type_line
from gamebook.cards.library import load_card_file, load_library
from gamebook.cards.model import (
    Card,
    CardType,
    Condition,
    Duration,
    Effect,
    EffectKind,
    EventName,
    Location,
    MonsterFrame,
    OpName,
    PlayerAbility,
    PlayerRef,
    Position,
    Primitive,
    Ref,
    SpellTrapType,
    StaticAbility,
)

LANGS = ("en", "zh-Hant", "zh-Hans", "ja")
LIBRARY = load_library()
# Japanese card text writes Life Points as "LP"; nothing else may be in Latin letters.
ALLOWED_LATIN = {"ja": {"LP"}, "zh-Hant": set(), "zh-Hans": set()}
PRINTED_UNKNOWN = r"(?:ATK|DEF|攻撃力|守備力|攻擊力|攻击力|守备力) ?\?"


def render(card_id: str, lang: str) -> list[str]:
    return card_text(LIBRARY[card_id], lang, lambda i: LIBRARY[i].name(lang))


@pytest.mark.parametrize("lang", LANGS)
def test_every_bundled_card_renders(lang):
    for card_id in LIBRARY.ids():
        lines = render(card_id, lang)
        assert len(lines) == 1 + len(LIBRARY[card_id].effects), card_id
        for line in lines:
            shown = re.sub(PRINTED_UNKNOWN, "", line)  # a printed '?' ATK/DEF (R62) is a value
            assert line.strip() and not re.search(r"[{}]|\?", shown), (card_id, line)
        if lang != "en":
            latin = set(re.findall(r"[A-Za-z]+", " ".join(lines))) - ALLOWED_LATIN[lang]
            assert latin == set(), (lang, card_id, lines)


def test_sakuretsu_armor():
    assert render("sakuretsu_armor", "en") == [
        "Normal Trap",
        "[Activation of this Normal Trap, Spell Speed 2] When an opponent's monster declares "
        "an attack: Target the attacking monster; destroy that target."]
    assert render("sakuretsu_armor", "zh-Hant")[1] == (
        "【這張通常陷阱的發動・咒文速度2】對方怪獸的攻擊宣言時，以攻擊怪獸為對象才能發動。"
        "把作為對象的怪獸破壞。")
    assert render("sakuretsu_armor", "ja")[1] == (
        "【この通常罠の発動・スペルスピード2】相手モンスターの攻撃宣言時、攻撃モンスターを対象として"
        "発動できる。対象のモンスターを破壊する。")


def test_widespread_ruin_selects_without_targeting():
    assert render("widespread_ruin", "en")[1] == (
        "[Activation of this Normal Trap, Spell Speed 2] When an opponent's monster declares "
        "an attack: Destroy the Attack Position monster your opponent controls with the "
        "highest ATK (your choice, if tied).")
    assert render("widespread_ruin", "zh-Hans")[1].endswith(
        "对手怪兽的攻击宣言时才能发动。把对手场上攻击力最高的攻击表示怪兽（攻击力相同的场合由自己选择）破坏。")


def test_trap_jammer_answers_a_trap_during_the_battle_phase():
    assert render("trap_jammer", "en") == [
        "Counter Trap",
        "[Activation of this Counter Trap, Spell Speed 3] During the Battle Phase, when your "
        "opponent activates a Trap Card: Negate the activation of that card, and if you do, "
        "destroy that card."]
    assert render("trap_jammer", "ja")[1] == (
        "【このカウンター罠の発動・スペルスピード3】バトルフェイズ中、相手が罠カードを発動した時に"
        "発動できる。そのカードの発動を無効にする。その処理を行った場合、そのカードを破壊する。")


def test_borrelsword_dragon():
    lines = render("borrelsword_dragon", "en")
    assert lines[0] == "Link Monster · Link-4 · DARK · Dragon · ATK 3000"
    assert lines[1] == "[Continuous Effect] This card cannot be destroyed by battle."
    assert lines[2] == (
        "[Quick Effect, Spell Speed 2] Target 1 non-Link Attack Position monster on the field; "
        "change that target to Defense Position, also this card can make 1 more attack this "
        "turn. This effect can be activated only once per turn. Your opponent cannot activate "
        "cards or effects in response to this effect's activation.")
    assert lines[3].startswith(
        "[Trigger Effect, optional, Spell Speed 1] When this card declares an attack on a "
        "face-up monster: This card gains ATK equal to half the ATK of the attacked monster")
    assert ", and if you do, the attacked monster's ATK becomes half its current ATK" in lines[3]
    assert render("borrelsword_dragon", "zh-Hant")[0] == (
        "連結怪獸・連結4・暗屬性・龍族・攻擊力3000")
    assert render("borrelsword_dragon", "ja")[2].startswith(
        "【誘発即時効果・スペルスピード2】フィールドのリンクモンスター以外の攻撃表示のモンスター1体を"
        "対象として発動できる。")


def test_stats_line_and_kind_of_card():
    assert type_line(LIBRARY["gemini_elf"], "en") == (
        "Normal Monster · Level 4 · EARTH · Spellcaster · ATK 1900 · DEF 900")
    assert type_line(LIBRARY["summoned_skull"], "ja") == (
        "通常モンスター・レベル6・闇属性・悪魔族・攻撃力2500・守備力1200")
    assert kind_name(LIBRARY["mystical_space_typhoon"], "zh-Hant") == "速攻魔法"
    assert kind_name(LIBRARY["negate_attack"], "zh-Hant") == "反擊陷阱"
    assert kind_name(LIBRARY["linkuriboh"], "ja") == "リンクモンスター"


def test_trigger_from_the_hand_says_optional_and_where():
    line = render("battle_fader", "en")[1]
    assert line.startswith("[Trigger Effect, optional, activated from the hand, Spell Speed 1] "
                           "When an opponent's monster declares a direct attack: ")
    assert line.endswith("Special Summon this card from the hand (if it leaves the field, it "
                         "is banished), and if you do, end the Battle Phase. Only 1 card of "
                         "this name can activate this effect for the same attack.")


def test_cost_and_condition():
    assert render("linkuriboh", "en")[1] == (
        "[Trigger Effect, optional, Spell Speed 1] When an opponent's monster declares an "
        "attack, if the attacking monster has more than 0 ATK: Tribute this card; the "
        "attacking monster's ATK becomes 0 until the end of this turn.")


# -- the card file's own wording ----------------------------------------------------------
def test_card_text_field_replaces_the_rendering_for_its_language_only():
    card = LIBRARY["sakuretsu_armor"]
    own = replace(card.effects[0], card_text={"en": "Destroy the attacker."})
    card = replace(card, effects=(own,))
    assert effect_text(card, own, "en") == (
        "[Activation of this Normal Trap, Spell Speed 2] Destroy the attacker.")
    assert effect_text(card, own, "en", written=False).endswith("destroy that target.")
    assert effect_text(card, own, "ja") == render("sakuretsu_armor", "ja")[1]


def test_card_text_field_is_accepted_in_card_files(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text(
        "id: own_words\nnames: {en: Own Words}\ncard_type: trap\nspell_trap_type: normal\n"
        "effects:\n  - id: activate\n    kind: activate\n"
        "    resolution: [{op: end_battle_phase}]\n"
        "    card_text: {en: End the Battle Phase., ja: バトルフェイズを終了する。}\n",
        encoding="utf-8")
    card = load_card_file(path)
    assert card.effects[0].card_text["ja"] == "バトルフェイズを終了する。"
    assert card_text(card, "ja")[1] == (
        "【この通常罠の発動・スペルスピード2】バトルフェイズを終了する。")
    assert card_text(card, "zh-Hant")[1] == "【這張通常陷阱的發動・咒文速度2】結束戰鬥階段。"


# -- every value of the vocabulary has words -------------------------------------------
def _trap(*effects: Effect) -> Card:
    return Card(id="probe", names={"en": "Probe"}, card_type=CardType.TRAP,
                spell_trap_type=SpellTrapType.NORMAL, effects=effects)


def _probe_steps() -> list[Primitive]:
    steps = []
    for op in OpName:
        for player in PlayerRef:
            for of in (None, Ref.ATTACKER):
                for ability in PlayerAbility:
                    steps.append(Primitive(op=op, who=Ref.TARGET, of=of, amount=500,
                                           position=Position.DEFENSE, player=player,
                                           ability=ability))
    for duration in Duration:
        steps.append(Primitive(op=OpName.GAIN_ATK, who=Ref.SELF, amount=1, duration=duration))
        steps.append(Primitive(op=OpName.GRANT_PLAYER, player=PlayerRef.YOU, duration=duration,
                               ability=PlayerAbility.NO_BATTLE_DAMAGE))
    steps += [Primitive(op=OpName.DESTROY, who=ref) for ref in Ref]
    return steps


@pytest.mark.parametrize("lang", LANGS)
def test_every_value_of_the_vocabulary_has_words(lang):
    """A new op, condition, event, … needs words in the catalogs' ``cardtext`` section."""
    effects = [Effect(id="step", kind=EffectKind.ACTIVATE, resolution=(step,), cost=(step,))
               for step in _probe_steps()]
    effects += [Effect(id="c", kind=EffectKind.TRIGGER, event=event, conditions=(condition,))
                for event in (None, *EventName) for condition in Condition]
    effects += [Effect(id="k", kind=kind, mandatory=True) for kind in EffectKind]
    effects += [Effect(id="l", kind=EffectKind.QUICK, location=place) for place in Location]
    effects += [Effect(id="g", kind=EffectKind.CONTINUOUS, grants=(ability,))
                for ability in StaticAbility]
    for effect in effects:
        line = effect_text(_trap(effect), effect, lang)
        assert "{" not in line and "}" not in line, line
    for subtype in SpellTrapType:
        for card_type in (CardType.SPELL, CardType.TRAP):
            card = Card(id="t", names={"en": "T"}, card_type=card_type, spell_trap_type=subtype)
            assert type_line(card, lang)
    for frame in MonsterFrame:
        card = Card(id="m", names={"en": "M"}, card_type=CardType.MONSTER, frame=frame, atk=0)
        assert "?" not in kind_name(card, lang)
