"""``gamebook export-puzzle``: a situation as an EDOPro puzzle script.

The model battle's script is checked line by line; the others for what a puzzle cannot show
(a card Set this turn, an effect already used), for the turn player as player 0, and for
user text that must stay inside Lua comments and strings.
"""

from __future__ import annotations

from pathlib import Path

from gamebook.cli.entry import main
from gamebook.edopro.export import export_puzzle
from gamebook.situation.load import load_situation

ROOT = Path(__file__).resolve().parents[1]
MODEL = ROOT / "examples" / "borrelsword_linkuriboh.yaml"

MODEL_PUZZLE = """\
-- Borrelsword Dragon attacks Linkuriboh
-- Written by gamebook export-puzzle from borrelsword_linkuriboh.yaml.
--
-- Player 0 (who moves first) is A, the turn player; player 1 is B.
-- A puzzle starts in player 0's Main Phase 1 and cannot start in the Battle Phase.
-- The situation starts at attack 1: enter the Battle Phase and declare an attack with
-- Borrelsword Dragon (borrelsword) on Linkuriboh (linkuriboh); the situation begins right
-- after that declaration (R33).
-- It ends when that attack is over.
--
-- The situation's own words, read back by gamebook import-puzzle (text, never run):
-- description: Player A's Borrelsword Dragon has declared an attack on Player B's
--   Linkuriboh. Player B also controls Leo Wizard in Attack Position and a Threatening
--   Roar Set on an earlier turn.
-- zh-Hant title: 槍管刺刀龍攻擊連結庫里波
-- zh-Hant description: 玩家A的「槍管刺刀龍」對玩家B的「連結庫里波」進行了攻擊宣言。玩家B場
--   上還有攻擊表示的「獅子男巫」，後場有1張在之前的回合蓋放的「威嚇咆哮」。
-- zh-Hans title: 枪管刺刀龙攻击连接库里波
-- zh-Hans description: 玩家A的「枪管刺刀龙」对玩家B的「连接库里波」进行了攻击宣言。玩家B场
--   上还有攻击表示的「狮子男巫」，后场有1张在之前的回合盖放的「威吓之咆哮」。
-- ja title: ヴァレルソード・ドラゴンがリンクリボーに攻撃
-- ja description: プレイヤーAの「ヴァレルソード・ドラゴン」がプレイヤーBの「リンクリボー」
--   に攻撃宣言した。プレイヤーBのフィールドには攻撃表示の「レオ・ウィザード」と、前のター
--   ンにセットされた「威嚇する咆哮」がある。

Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.SetPlayerInfo(0,8000,0,0)
Debug.SetPlayerInfo(1,8000,0,0)

-- player 0 (A), field
Debug.AddCard(85289965,0,0,LOCATION_MZONE,5,POS_FACEUP_ATTACK,true) -- Borrelsword Dragon \
(borrelsword, the left Extra Monster Zone)

-- player 1 (B), field
Debug.AddCard(41999284,1,1,LOCATION_MZONE,2,POS_FACEUP_ATTACK,true) -- Linkuriboh (linkuriboh, m3)
Debug.AddCard(4392470,1,1,LOCATION_MZONE,1,POS_FACEUP_ATTACK) -- Leo Wizard (leo_wizard, m2)
Debug.AddCard(36361633,1,1,LOCATION_SZONE,2,POS_FACEDOWN) -- Threatening Roar \
(threatening_roar, s3)

Debug.ReloadFieldEnd()
Debug.ShowHint("Enter the Battle Phase and attack: Borrelsword Dragon -> Linkuriboh")
aux.BeginPuzzle()
"""


def test_the_model_battle_line_by_line():
    lines = export_puzzle(load_situation(MODEL)).splitlines()
    expected = MODEL_PUZZLE.splitlines()
    for number, (line, wanted) in enumerate(zip(lines, expected, strict=False), start=1):
        assert line == wanted, f"line {number}"
    assert len(lines) == len(expected)


def test_the_command_writes_stdout_or_a_file(tmp_path, capsys):
    assert main(["export-puzzle", str(MODEL)]) == 0
    assert capsys.readouterr().out == MODEL_PUZZLE
    out = tmp_path / "model.lua"
    assert main(["export-puzzle", str(MODEL), "-o", str(out)]) == 0
    assert out.read_text() == MODEL_PUZZLE
    assert "its header says where the situation starts" in capsys.readouterr().err


def situation_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_what_a_puzzle_cannot_show_is_in_the_header(tmp_path):
    path = situation_file(tmp_path, """\
title: Set this turn
turn_player: B
players:
  A:
    lp: 3000
    spell_traps:
      - {id: roar, card: threatening_roar, set: this_turn}
      - {id: valley, card: necrovalley, face_up: true}
    hand:
      - {id: kuriboh, card: kuriboh}
      - {id: honest, card: honest}
  B:
    monsters:
      - {id: skull, card: summoned_skull}
      - {id: bug, card: man_eater_bug, position: defense, face_up: false}
start: {moment: attack_declared, attacker: skull}
scope: end_of_battle_phase
used_this_turn: [skull.x]
""")
    text = export_puzzle(load_situation_unchecked(path))
    header = " ".join(line.removeprefix("-- ").strip() for line in text.splitlines()
                      if line.startswith("--"))
    assert "Player 0 (who moves first) is B, the turn player; player 1 is A." in header
    assert "- Set this turn (R9: it cannot be activated this turn): Threatening Roar (roar)" \
        in header
    assert "- effects already used this turn (R26): skull.x" in header
    assert "Debug.SetPlayerInfo(1,3000,0,0)" in text
    # zones left open are the first free ones; a Field Spell goes to the Field Zone
    assert "Debug.AddCard(70781052,0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK) -- Summoned Skull" \
        in text
    assert "Debug.AddCard(54652250,0,0,LOCATION_MZONE,1,POS_FACEDOWN_DEFENSE)" in text
    assert "Debug.AddCard(47355498,1,1,LOCATION_SZONE,5,POS_FACEUP) -- Necrovalley (valley, " \
        "the Field Zone)" in text
    assert "Debug.AddCard(37742478,1,1,LOCATION_HAND,1,POS_FACEDOWN) -- Honest" in text
    assert "declare an attack with Summoned Skull (skull) directly" in header
    assert "It goes on to every further attack and the End Step." in header


def load_situation_unchecked(path: Path):
    """The situation, with its used effect removed so that it loads (the list is kept)."""
    from dataclasses import replace

    text = path.read_text().replace("used_this_turn: [skull.x]\n", "")
    path.write_text(text)
    situation = load_situation(path)
    spec = replace(situation.spec, used_this_turn=("skull.x",))
    return replace(situation, spec=spec)


def test_user_text_stays_inside_comments_and_strings(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "odd.yaml").write_text(
        'id: odd\npasscode: 1\nnames: {en: "Odd\\nDebug.SetPlayerInfo(0,1,0,0) \\"]]"}\n'
        "card_type: monster\nframe: normal\nlevel: 1\natk: 0\ndefense: 0\n")
    path = situation_file(tmp_path, """\
title: "Hostile \\u2028 title ]] --[[ x"
turn_player: A
players:
  A:
    monsters:
      - {id: odd, card: odd}
  B: {}
start: {moment: attack_declared, attacker: odd}
scope: end_of_battle
""")
    text = export_puzzle(load_situation(path, card_folders=(folder,)))
    code = [line for line in text.splitlines() if line and not line.startswith("--")]
    assert [line.split("(")[0] for line in code] == [
        "Debug.ReloadFieldBegin", "Debug.SetPlayerInfo", "Debug.SetPlayerInfo",
        "Debug.AddCard", "Debug.ReloadFieldEnd", "Debug.ShowHint", "aux.BeginPuzzle"]
    assert 'Debug.ShowHint("Enter the Battle Phase and attack: Odd Debug.SetPlayerInfo(0,1,0,0) ' \
           '\\"]] -> directly")' in text
    assert "Debug.AddCard(1,0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK) -- Odd" in text


def test_a_card_without_a_passcode_is_an_error_at_its_line(tmp_path, capsys):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "plain.yaml").write_text("id: plain\nnames: {en: Plain}\ncard_type: monster\n"
                                       "frame: normal\nlevel: 1\natk: 0\ndefense: 0\n")
    path = situation_file(tmp_path, """\
title: No passcode
turn_player: A
players:
  A:
    monsters:
      - {id: plain, card: plain}
  B: {}
start: {moment: battle_step}
scope: end_of_battle
""")
    assert main(["export-puzzle", str(path), "--cards", str(folder)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"gamebook: {path}:6: card 'plain' has no passcode; EDOPro names "
                            "cards by passcode, so add 'passcode: N' to its card file\n")
