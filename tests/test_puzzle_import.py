"""``gamebook import-puzzle``: an EDOPro puzzle script read into a situation, never run.

The round trip: every example exported with ``export-puzzle`` and imported again gives the
same situation: the field (LP, each card in its zone, position and face, the hands), and the
title, description, translations, start and scope from export-puzzle's own header. Every file in
``tests/bad_puzzles/`` is a broken puzzle that ends with the error lines it must produce
(``-- expect: LINE TEXT``): one line each, ``gamebook: FILE:LINE: …``, exit code 2.
"""

from __future__ import annotations

import re
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamebook.audit.report import audit
from gamebook.cards.library import load_library
from gamebook.cli.entry import main
from gamebook.edopro.export import export_puzzle, join_own_words, wrap_own_words
from gamebook.edopro.field import placement, seat
from gamebook.edopro.importer import import_puzzle
from gamebook.explore.explorer import explore
from gamebook.situation.load import load_situation
from gamebook.situation.model import Situation

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
BAD = Path(__file__).resolve().parent / "bad_puzzles"
EXPECT = re.compile(r"^-- expect: (\d+) (.*)$", re.MULTILINE)
LIBRARY = load_library()


def field_of(situation: Situation) -> dict:
    """What a puzzle shows of a situation, by puzzle player (0 = the turn player)."""
    spec = situation.spec
    lp = {seat(spec, name): entry.lp for name, entry in spec.players.items()}
    cards = sorted((p.player, p.card, p.location, p.sequence, p.position)
                   for p in placement(spec, situation.cards) if p.zone is not None)
    hands = {seat(spec, name): sorted(h.card for h in entry.hand)
             for name, entry in spec.players.items()}
    return {"lp": lp, "cards": cards, "hands": hands}


def round_trip(situation: Situation, tmp_path: Path) -> Situation:
    """Export, import and load again, with no hand edits: export-puzzle's header and comments
    carry the title, the start, the scope, the rules and the instance ids back."""
    puzzle = tmp_path / f"{situation.name}.lua"
    puzzle.write_text(export_puzzle(situation), encoding="utf-8")
    imported = import_puzzle(puzzle, situation.cards)
    assert imported.left == ()
    return load_situation_text(imported.text, tmp_path / f"{situation.name}.yaml")


def load_situation_text(text: str, path: Path) -> Situation:
    path.write_text(text, encoding="utf-8")
    return load_situation(path)


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_export_then_import_gives_back_the_same_field(example, tmp_path):
    situation = load_situation(example)
    again = round_trip(situation, tmp_path)
    assert field_of(again) == field_of(situation)
    assert again.spec.turn_player == situation.spec.turn_player  # player 0, who moves first


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_export_import_audit_counts_what_the_original_counts(example, tmp_path):
    """The title, the attack (its attacker and target), the scope, the rules and the ids come
    back from export-puzzle's own header, hint and comments: the same battle is explored."""
    situation = load_situation(example)
    again = round_trip(situation, tmp_path)
    assert again.title == situation.title
    assert again.spec.start == situation.spec.start
    assert (again.spec.scope, again.spec.rules) == (situation.spec.scope, situation.spec.rules)
    assert again.spec.used_this_turn == situation.spec.used_this_turn

    def counts(s: Situation) -> dict:
        found = audit(explore(s, s.spec.rules)).as_dict()
        return {key: value for key, value in found.items() if key != "title"}

    assert counts(again) == counts(situation)
    tp = situation.spec.turn_player
    assert again.spec.players["A"].lp == situation.spec.players[tp].lp


def test_a_situation_of_player_b_turn_comes_back_with_b_as_the_turn_player(tmp_path):
    """The header names player 0 ("is B, the turn player"), so a description that says
    "Player B" still fits the cards; a puzzle from elsewhere has player 0 as A."""
    situation = load_situation(ROOT / "tests" / "situations" / "opponents_turn.yaml")
    again = round_trip(situation, tmp_path)
    assert field_of(again) == field_of(situation)
    assert again.spec.turn_player == "B"
    assert [m.card for m in again.spec.players["B"].monsters] == ["leo_wizard"]
    assert [m.zone for m in again.spec.players["A"].monsters] == ["emz_left"]


def test_the_imported_model_battle_reads_as_expected(tmp_path):
    puzzle = tmp_path / "model.lua"
    puzzle.write_text(export_puzzle(load_situation(ROOT / "examples" /
                                                   "borrelsword_linkuriboh.yaml")))
    imported = import_puzzle(puzzle, LIBRARY)
    assert imported.text.splitlines()[:23] == [
        "# Imported from model.lua by gamebook import-puzzle.",
        'title: "Borrelsword Dragon attacks Linkuriboh"',  # the header's, not the file's name
        # the header's own words: the description and each translation
        'description: "Player A\'s Borrelsword Dragon has declared an attack on Player B\'s',
        "  Linkuriboh. Player B also controls Leo Wizard in Attack Position and a Threatening Roar",
        '  Set on an earlier turn."',
        "turn_player: A",
        "players:",
        "  A:",
        "    lp: 8000",
        "    monsters:",
        "      - {id: borrelsword, card: borrelsword_dragon, zone: emz_left}",
        "  B:",
        "    lp: 8000",
        "    monsters:",
        "      - {id: linkuriboh, card: linkuriboh, zone: m3}",  # in the situation's order
        "      - {id: leo_wizard, card: leo_wizard, zone: m2}",
        "    spell_traps:",
        "      - {id: threatening_roar, card: threatening_roar, zone: s3}",
        "start: {moment: attack_declared, attacker: borrelsword, target: linkuriboh}",
        "scope: end_of_battle",
        "translations:",
        "  zh-Hant:",
        '    title: "槍管刺刀龍攻擊連結庫里波"',
    ]
    assert imported.left == ()
    assert imported.notes == []  # aux.BeginPuzzle() is the puzzle's own start: no note


def test_a_trap_set_this_turn_and_used_effects_come_back_from_the_header(tmp_path):
    situation = load_situation_text(
        (ROOT / "examples" / "borrelsword_linkuriboh.yaml").read_text(encoding="utf-8")
        .replace("set: earlier_turn", "set: this_turn")
        + "used_this_turn: [borrelsword.position_change]\n", tmp_path / "original.yaml")
    again = round_trip(situation, tmp_path)
    assert [s.set.value for s in again.spec.players["B"].spell_traps] == ["this_turn"]
    assert again.spec.used_this_turn == ("borrelsword.position_change",)


def test_a_flowchart_situation_comes_back_with_its_preset(tmp_path):
    situation = load_situation_text(
        (ROOT / "examples" / "borrelsword_linkuriboh.yaml").read_text(encoding="utf-8")
        .replace("rules: seed", "rules: flowchart"), tmp_path / "original.yaml")
    assert "It is explored under the rules preset flowchart (R23)." in export_puzzle(situation)
    assert round_trip(situation, tmp_path).spec.rules == "flowchart"


def test_a_long_title_comes_back_whole(tmp_path):
    title = "A-very-long-hyphenated-title-" * 5 + " and words " * 12 + "end"
    situation = load_situation_text(
        (ROOT / "examples" / "borrelsword_linkuriboh.yaml").read_text(encoding="utf-8")
        .replace("title: Borrelsword Dragon attacks Linkuriboh", f"title: {title}"),
        tmp_path / "original.yaml")
    assert round_trip(situation, tmp_path).title == " ".join(title.split())


HINTED = """\
Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)
Debug.AddCard(70781052,0,0,LOCATION_MZONE,1,POS_FACEUP_ATTACK)
Debug.AddCard(4392470,1,1,LOCATION_MZONE,1,POS_FACEUP_ATTACK)
Debug.AddCard(54652250,1,1,LOCATION_MZONE,2,POS_FACEUP_ATTACK)
Debug.ReloadFieldEnd()
Debug.ShowHint("Enter the Battle Phase and attack: Summoned Skull -> Man-Eater Bug")
"""


def test_a_hint_that_names_the_attack_gives_the_start(tmp_path, capsys):
    puzzle = tmp_path / "hinted.lua"
    puzzle.write_text(HINTED)
    imported = import_puzzle(puzzle, LIBRARY)
    assert ("start: {moment: attack_declared, attacker: summoned_skull, target: man_eater_bug}"
            in imported.text.splitlines())
    assert imported.left == ("scope",)
    assert main(["import-puzzle", str(puzzle)]) == 0
    err = capsys.readouterr().err
    assert "left to fill in: scope (end_of_battle or end_of_battle_phase)" in err
    assert "start (moment" not in err


def test_without_a_hint_the_example_start_lists_every_possible_target(tmp_path):
    puzzle = tmp_path / "plain.lua"
    puzzle.write_text(HINTED.replace('Debug.ShowHint("Enter the Battle Phase and attack: '
                                     'Summoned Skull -> Man-Eater Bug")\n', ""))
    imported = import_puzzle(puzzle, LIBRARY)
    assert imported.left == ("start", "scope")
    assert ("# start: {moment: attack_declared, attacker: summoned_skull, target: leo_wizard}"
            "   # target: one of leo_wizard, man_eater_bug") in imported.text.splitlines()


HAND_WRITTEN = """\
--[[message
A puzzle as people write them: numbers for constants, locals, hints, a helper function.
]]
Debug.SetAIName("Rival")
Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN|DUEL_SIMPLE_AI, 5)
Debug.SetPlayerInfo(0, 4000, 0, 0)
Debug.SetPlayerInfo(1, 2100, 0, 0)
local c1 = Debug.AddCard(70781052, 0, 0, 4, 0, 1)  -- Summoned Skull, m1
Debug.AddCard(54652250, 1, 1, LOCATION_MZONE, 4, 0x8); -- Man-Eater Bug, Set in m5
Debug.AddCard(47355498, 1, 1, LOCATION_FZONE, 0, POS_FACEUP)
Debug.AddCard(56120475, 1, 1, 8, 1, 10)
Debug.AddCard(40640057, 1, 1, LOCATION_HAND, 1, POS_FACEDOWN)
Debug.AddCard(37742478, 1, 1, LOCATION_HAND, 0, POS_FACEDOWN)
Debug.PreSummon(c1, SUMMON_TYPE_NORMAL)
function helper(x)
  return Debug.ShowHint(x)
end
Debug.ReloadFieldEnd()
aux.BeginPuzzle()
"""


def test_constants_by_number_locals_and_other_calls(tmp_path):
    puzzle = tmp_path / "hand_written.lua"
    puzzle.write_text(HAND_WRITTEN)
    imported = import_puzzle(puzzle, LIBRARY)
    situation = load_situation_text(imported.text + "start: {moment: attack_declared, attacker: "
                                    "summoned_skull, target: man_eater_bug}\n"
                                    "scope: end_of_battle\n", tmp_path / "hand_written.yaml")
    a, b = situation.spec.players["A"], situation.spec.players["B"]
    assert (a.lp, b.lp) == (4000, 2100)
    assert [(m.card, m.zone, m.position.value, m.face_up) for m in a.monsters] == [
        ("summoned_skull", "m1", "attack", True)]
    assert [(m.card, m.zone, m.position.value, m.face_up) for m in b.monsters] == [
        ("man_eater_bug", "m5", "defense", False)]
    assert [(s.card, s.zone, s.face_up) for s in b.spell_traps] == [
        ("sakuretsu_armor", "s2", False), ("necrovalley", "field", True)]
    assert [h.card for h in b.hand] == ["honest", "kuriboh"]  # by sequence
    notes = [note.split(":", 2)[1:] for note in imported.notes]
    assert notes == [["4", " ignored: Debug.SetAIName(…)"],
                     ["14", " ignored: Debug.PreSummon(…)"],
                     ["15", " ignored: function helper ( x ) return Debug . ShowHint ( x ) end"]]


def test_a_card_of_a_card_folder_is_found_by_its_passcode(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "dark_magician.yaml").write_text(
        "id: dark_magician\npasscode: 46986414\nnames: {en: Dark Magician}\n"
        "card_type: monster\nframe: normal\nattribute: DARK\nmonster_type: Spellcaster\n"
        "level: 7\natk: 2500\ndefense: 2100\n")
    puzzle = tmp_path / "p.lua"
    puzzle.write_text("Debug.ReloadFieldBegin(3,5)\n"
                      "Debug.AddCard(46986414,0,0,LOCATION_MZONE,2,POS_FACEUP_DEFENSE)\n"
                      "Debug.ReloadFieldEnd()\n")
    out = tmp_path / "p.yaml"
    assert main(["import-puzzle", str(puzzle), "--cards", str(folder), "-o", str(out),
                 "--quiet"]) == 0
    assert "- {id: dark_magician, card: dark_magician, position: defense, zone: m3}" in \
        out.read_text()


def test_the_command_says_what_is_left_and_keeps_an_existing_file(tmp_path, capsys):
    puzzle = tmp_path / "p.lua"
    puzzle.write_text("Debug.ReloadFieldBegin(3,5)\nDebug.ReloadFieldEnd()\n")
    out = tmp_path / "p.yaml"
    assert main(["import-puzzle", str(puzzle), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "left to fill in: start (moment: start_step" in err and "scope (" in err
    out.write_text("# my edits\n")
    assert main(["import-puzzle", str(puzzle), "-o", str(out)]) == 2
    assert "already exists; give another name, or --force" in capsys.readouterr().err
    assert out.read_text() == "# my edits\n"
    assert main(["import-puzzle", str(puzzle), "-o", str(out), "--force", "-q"]) == 0
    assert out.read_text().startswith("# Imported from p.lua")


CASES = sorted(path.name for path in BAD.glob("*.lua"))


def test_every_kind_of_bad_puzzle_has_a_case():
    assert len(CASES) >= 15


@pytest.mark.parametrize("name", CASES)
def test_a_bad_puzzle_is_one_clear_line_per_mistake(name, capsys):
    path = BAD / name
    expected = [(int(line), text) for line, text in EXPECT.findall(path.read_text())]
    assert expected, f"{name} names no expected error"
    code = main(["import-puzzle", str(path)])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert "Traceback" not in captured.err
    assert len(lines) == len(expected), captured.err
    for line_number, text in expected:
        prefix = f"gamebook: {path}:{line_number}: "
        assert any(line.startswith(prefix) and text in line for line in lines), \
            f"{name}: no line {prefix}…{text}… in\n{captured.err}"


FRAGMENTS = ["Debug.AddCard(", "Debug.ReloadFieldBegin(3,5)", "Debug.ReloadFieldEnd()",
             "Debug.SetPlayerInfo(", "40640057", "LOCATION_MZONE", "POS_FACEUP_ATTACK", ",",
             ")", "(", "--", "--[[", "]]", "[[", '"', "'", "\\", "\n", " ", "function", "end",
             "local c =", "0x", "9" * 5000, "+", "|", ";", "\x00", "\x1b[2J", "\u2028"]


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=5), max_size=40))
def test_any_text_is_a_situation_or_clear_errors_never_a_traceback(tmp_path, capsys, parts):
    puzzle = tmp_path / "fuzz.lua"
    puzzle.write_text("".join(parts), encoding="utf-8", errors="surrogatepass")
    code = main(["import-puzzle", str(puzzle)])
    captured = capsys.readouterr()
    assert code in (0, 2)
    assert "Traceback" not in captured.err
    for line in captured.err.splitlines():
        assert line.startswith("gamebook: ") and line.isprintable()


def as_written(situation: Situation) -> dict:
    """Everything a situation file says, with what a round trip may change explained away:
    a zone left open is the one placement() gives it (the puzzle names every zone), and
    runs of spaces and line breaks in a text are one space (a comment is one line)."""
    spec = asdict(situation.spec)
    zones = {p.instance: p.zone for p in placement(situation.spec, situation.cards)}
    for entry in spec["players"].values():
        for item in entry["monsters"] + entry["spell_traps"]:
            item["zone"] = zones[item["id"]]
    spec["title"] = " ".join(spec["title"].split())
    spec["description"] = " ".join(spec["description"].split())
    for words in spec["translations"].values():
        for key, text in words.items():
            words[key] = " ".join(text.split()) if text else text
    return spec


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_export_then_import_gives_back_the_whole_situation(example, tmp_path):
    """Title, description, translations, players, cards, zones, start, scope, rules and
    what a puzzle cannot show all come back; the one thing left behind is ``card_folders``
    (the folders are given to import-puzzle with --cards instead)."""
    situation = load_situation(example)
    again = round_trip(situation, tmp_path)
    expected = as_written(situation)
    expected["card_folders"] = ()
    assert as_written(again) == expected


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(["a", "bc ", " ", "玩家", "「", "」", "。", "ー", "A", "x" * 30,
                                 "攻撃" * 20, "-", "—"]), max_size=60))
def test_own_words_wrap_and_join_back_exactly(parts):
    paragraph = " ".join("".join(parts).split())
    lines = wrap_own_words(paragraph)
    assert all(line.startswith("  ") for line in lines[1:])
    assert join_own_words([line.strip() for line in lines]) == paragraph


def test_summons_already_made_and_a_description_that_quotes_the_header_come_back(tmp_path):
    """What a puzzle cannot show of Main Phase 1 (R103, R130) comes back; a description
    that says the header's own sentences is not read as the start or the scope."""
    text = (ROOT / "examples" / "borrelsword_linkuriboh.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^start:\n(  .*\n)+", "start: {moment: main_phase_1}\n", text)
    text = text.replace("scope: end_of_battle", "scope: end_of_main_phase_1")
    text += ("summoned_this_turn: [A]\nnormal_summon_used: true\n"
             "position_fixed: [borrelsword]\n"
             "description: It goes on to every further attack and the End Step.\n")
    text = re.sub(r"(?m)^description: >-\n(  .*\n)+", "", text)
    situation = load_situation_text(text, tmp_path / "original.yaml")
    again = round_trip(situation, tmp_path)
    assert again.spec.summoned_this_turn == ("A",) and again.spec.normal_summon_used
    assert again.spec.position_fixed == ("borrelsword",)  # R138
    assert again.spec.scope == situation.spec.scope
    assert again.spec.description == situation.spec.description


def test_import_names_the_file_it_wrote(tmp_path, capsys):
    puzzle = tmp_path / "model.lua"
    puzzle.write_text(export_puzzle(load_situation(ROOT / "examples" /
                                                   "borrelsword_linkuriboh.yaml")))
    out = tmp_path / "model.yaml"
    assert main(["import-puzzle", str(puzzle), "-o", str(out)]) == 0
    assert capsys.readouterr().err == (
        f"gamebook: wrote {out}: the situation 'Borrelsword Dragon attacks Linkuriboh' "
        f"from {puzzle}\n")


def test_once_per_duel_uses_come_back_from_the_header(tmp_path):
    """R156: ``used_this_duel`` is listed among what a puzzle cannot show, and read back."""
    from dataclasses import replace

    situation = load_situation(ROOT / "examples" / "borrelsword_linkuriboh.yaml")
    situation = replace(situation, spec=replace(
        situation.spec, used_this_duel=("borrelsword.position_change",)))
    puzzle = tmp_path / "duel.lua"
    puzzle.write_text(export_puzzle(situation), encoding="utf-8")
    header = " ".join(line.removeprefix("--").strip()
                      for line in puzzle.read_text(encoding="utf-8").splitlines()
                      if line.startswith("--"))
    assert "once-per-Duel effects already used in an earlier turn (R156): " \
           "borrelsword.position_change" in header
    imported = import_puzzle(puzzle, situation.cards)
    assert "used_this_duel: [borrelsword.position_change]" in imported.text.splitlines()
