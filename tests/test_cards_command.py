"""``gamebook cards``: the list of bundled cards and one card's data, in every language.

An unknown id is one line on stderr with the closest ids and exit code 2; the command loads
neither the engine nor networkx/jinja2, so it starts fast.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gamebook.book.cardtext import effect_text, kind_name, type_line
from gamebook.cards.library import CardLibrary, load_library
from gamebook.cli import cards as cardscmd
from gamebook.cli.entry import main

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "zh-Hant", "zh-Hans", "ja")
LIBRARY = load_library()


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["cards", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("lang", LANGS)
def test_list_names_every_bundled_card(capsys, lang):
    code, out, err = run(capsys, "--lang", lang)
    assert code == 0 and err == ""
    rows = out.splitlines()
    assert len(rows) == len(LIBRARY.ids()) + 2  # the cards, a blank line, the count
    for card_id, row in zip(LIBRARY.ids(), rows, strict=False):
        card = LIBRARY[card_id]
        assert row.startswith(card_id + " ")
        assert card.name(lang) in row and kind_name(card, lang) in row
        assert all(effect.id in row for effect in card.effects)
    assert str(len(LIBRARY.ids())) in rows[-1]


@pytest.mark.parametrize("lang", LANGS)
def test_show_gives_names_stats_and_each_effect(capsys, lang):
    code, out, err = run(capsys, "borrelsword_dragon", "--lang", lang)
    card = LIBRARY["borrelsword_dragon"]
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"{card.name(lang)} [borrelsword_dragon, 85289965]"
    assert lines[1] == type_line(card, lang)
    for name in card.names.values():
        assert name in out
    for effect in card.effects:
        assert f"- {effect.id}" in out
        assert "  " + effect_text(card, effect, lang, written=False) in lines
        assert effect.text[lang] in out  # the effect's name, as the book calls it


def test_show_a_card_without_effects(capsys):
    code, out, _ = run(capsys, "gemini_elf", "--lang", "zh-Hans")
    assert code == 0
    assert "通常怪兽・4星・地属性・魔法师族・攻击力1900・守备力900" in out
    assert "这张卡没有效果。" in out


def test_show_adds_the_card_files_own_wording(capsys, monkeypatch):
    card = LIBRARY["sakuretsu_armor"]
    own = replace(card.effects[0], card_text={"ja": "その攻撃モンスターを破壊する。"})
    cards = [LIBRARY[i] for i in LIBRARY.ids() if i != card.id] + [
        replace(card, effects=(own,))]
    monkeypatch.setattr(cardscmd, "load_library", lambda *_: CardLibrary(cards))
    code, out, _ = run(capsys, "sakuretsu_armor", "--lang", "ja")
    assert code == 0
    assert "  カードファイルに書かれたテキスト：その攻撃モンスターを破壊する。" in out
    assert "対象のモンスターを破壊する。" in out  # the rendering is still shown
    _, english, _ = run(capsys, "sakuretsu_armor")
    assert "As written" not in english  # no own wording in English


@pytest.mark.parametrize("wanted, suggestion", [
    ("sakuretsu", "'sakuretsu_armor'"), ("Mirror Forse", "'mirror_force'"),
    ("borelsword_dragon", "'borrelsword_dragon'")])
def test_unknown_id_is_one_line_with_did_you_mean(capsys, wanted, suggestion):
    code, out, err = run(capsys, wanted)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"gamebook: unknown card {wanted!r}; did you mean {suggestion}")


@pytest.mark.parametrize("name, card_id", [
    ("Mirror Force", "mirror_force"), ("庫里波", "kuriboh"), ("栗子球", "kuriboh"),
    ("刺刀槍管龍", "borrelsword_dragon"), ("连接栗子球", "linkuriboh"),
    ("レオ・ウィザード", "leo_wizard"), ("獅子の魔術師", "leo_wizard")])
def test_a_card_is_found_by_its_name_or_an_alias_in_any_language(capsys, name, card_id):
    code, out, _ = run(capsys, name, "--lang", "zh-Hant")
    assert code == 0
    assert out.splitlines()[0].endswith(f"[{card_id}, {LIBRARY[card_id].passcode:08d}]")


def test_show_lists_the_aliases_after_the_names(capsys):
    code, out, _ = run(capsys, "kuriboh", "--lang", "zh-Hant")
    assert code == 0
    assert "卡名：\n  en       Kuriboh\n  zh-Hant  庫里波\n" in out
    assert "又稱：\n  zh-Hant  栗子球\n  zh-Hans  栗子球\n" in out


def test_unknown_id_with_nothing_close(capsys):
    code, _, err = run(capsys, "qqqqqq")
    assert code == 2
    assert err == (f"gamebook: unknown card 'qqqqqq'; `gamebook cards` lists the "
                   f"{len(LIBRARY.ids())} bundled cards\n")


def test_starts_without_the_engine_or_heavy_libraries():
    probe = ("import sys, io, contextlib\n"
             "from gamebook.cli.entry import main\n"
             "with contextlib.redirect_stdout(io.StringIO()):\n"
             "    assert main(['cards', 'trap_jammer', '--lang', 'ja']) == 0\n"
             "heavy = [m for m in sys.modules if m.split('.')[0] in ('networkx', 'jinja2')\n"
             "         or m.startswith(('gamebook.rules', 'gamebook.explore.explorer'))]\n"
             "print(heavy)\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"


def test_cards_reads_a_folder_of_ones_own_cards(capsys):
    """`gamebook cards ID --cards DIR`: a card that is not bundled, read back in words."""
    code, out, err = run(capsys, "test_lancer", "--cards", str(ROOT / "tests" / "cards"))
    assert code == 0 and err == ""
    assert out.startswith("Test Lancer [test_lancer]")
    code, out, _ = run(capsys, "--cards", str(ROOT / "tests" / "cards"))
    assert "test_lancer " in out


def test_check_shows_each_card_and_what_is_never_offered(capsys, tmp_path):
    good = str(ROOT / "tests" / "cards" / "test_normal_spell.yaml")
    kuriboh = tmp_path / "kuriboh.yaml"
    kuriboh.write_text((ROOT / "gamebook/cards/library/kuriboh.yaml").read_text(
        encoding="utf-8").replace("    kind: quick\n", "    kind: quick\n    card_text: {en: "
                                  "Discard this card; you take no battle damage.}\n"),
        encoding="utf-8")
    code, out, err = run(capsys, "check", good, str(kuriboh))
    assert code == 0 and err == "gamebook: 2 card files checked, no mistake\n"
    assert f"{good}:\nTest Normal Spell [test_normal_spell]" in out
    assert "Offered only in Main Phase 1, never in the Battle Phase:\n- activate: a Spell of " \
           "Spell Speed 1 is activated in its controller's Main Phase on an empty chain (R8); " \
           "it is offered only when a situation starts in Main Phase 1 (start: {moment: " \
           "main_phase_1}, R129), never in the Battle Phase" in out
    # the file's own wording beside the words the engine reads
    assert "As written in the card file: Discard this card; you take no battle damage." in out
    assert "  nothing: every effect is offered when its moment comes" in out


def test_check_names_every_mistake_of_every_file_and_exits_2(capsys, tmp_path):
    hand_trap = tmp_path / "hand_trap.yaml"
    hand_trap.write_text("id: hand_trap\nnames: {en: Hand Trap}\ncard_type: trap\n"
                         "spell_trap_type: normal\neffects:\n  - id: activate\n"
                         "    kind: activate\n    location: hand\n"
                         "    resolution: [{op: negate_attack}]\n", encoding="utf-8")
    no_who = tmp_path / "no_who.yaml"
    no_who.write_text("id: no_who\nnames: {en: No Who}\ncard_type: trap\n"
                      "spell_trap_type: normal\neffects:\n  - id: activate\n"
                      "    kind: activate\n    resolution:\n      - {op: destroy}\n",
                      encoding="utf-8")
    code, out, err = run(capsys, "check", str(hand_trap), str(no_who))
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"gamebook: {hand_trap}:8: effect 'activate': a Trap Card is not activated from the "
        "hand unless its text allows it: a Trap is Set first and activated from the Spell & "
        "Trap Zone (R9); leave location out, and write the text's condition as from_hand_if "
        "(\"if you control no cards, you can activate this card from your hand\": "
        "from_hand_if: [you_control_no_cards], R159)",
        f"gamebook: {no_who}:9: destroy: 'who' or 'select' is required"]
    code, _, err = run(capsys, "check")
    assert code == 2 and "give the card files to check" in err
