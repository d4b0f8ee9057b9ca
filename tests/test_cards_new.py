"""``gamebook cards new PASSCODE --cdb cards.cdb``: a card file skeleton from a cards.cdb.

The tests build a tiny cards.cdb of their own (the two tables of ygopro/EDOPro with a few
cards, in two languages); the skeleton must load as a card file once written, with the
names, stats and passcode filled in and no effects.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from gamebook.cards.library import load_card_file
from gamebook.cli.entry import main
from gamebook.edopro.cdb import TEXT_MARK

# (passcode, alias, type, atk, def, level, race, attribute, name, desc) of made-up cards
ENGLISH = [
    (10000001, 0, 0x21, 1800, 1000, 4, 0x20, 0x20, "Test Gear-Knight's Engine",
     "A first line.\r\nA second line with \x1b[31m in it."),
    (10000002, 0, 0x4000021, 2300, 0b101, 3, 0x1000000, 0x10, "Test Link Pilot", ""),
    (10000003, 0, 0x2 | 0x10000, 0, 0, 0, 0, 0, "Test Quick Spell", "Do something."),
    (10000004, 0, 0x4 | 0x100000, 0, 0, 0, 0, 0, "Test Counter Trap", ""),
    (10000005, 0, 0x11, -2, -2, 0x05050007, 0x2000, 0x04, "Test Unknown Dragon", ""),
]
CHINESE = [(10000001, 0, 0x21, 1800, 1000, 4, 0x20, 0x20, "测试齿轮骑士的引擎", "中文的卡片文本。")]


def make_cdb(path: Path, rows: list[tuple]) -> Path:
    connection = sqlite3.connect(path)
    connection.executescript(
        "CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer,"
        " type integer, atk integer, def integer, level integer, race integer,"
        " attribute integer, category integer);"
        "CREATE TABLE texts(id integer primary key, name text, desc text, str1 text);")
    for code, alias, kind, atk, defense, level, race, attribute, name, desc in rows:
        connection.execute("INSERT INTO datas VALUES (?,3,?,0,?,?,?,?,?,?,0)",
                           (code, alias, kind, atk, defense, level, race, attribute))
        connection.execute("INSERT INTO texts VALUES (?,?,?,'')", (code, name, desc))
    connection.commit()
    connection.close()
    return path


@pytest.fixture
def cdb(tmp_path):
    return make_cdb(tmp_path / "cards.cdb", ENGLISH)


def new(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["cards", "new", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_an_effect_monster_with_two_languages(tmp_path, cdb, capsys):
    chinese = make_cdb(tmp_path / "zh-CN.cdb", CHINESE)
    out = tmp_path / "engine.yaml"
    code, stdout, err = new(capsys, "10000001", "--cdb", str(cdb), "--cdb", str(chinese),
                            "-o", str(out))
    assert code == 0 and stdout == ""
    assert "left to write: the effects" in err
    card = load_card_file(out)
    assert card.id == "test_gear_knights_engine"
    assert card.passcode == 10000001
    assert card.names == {"en": "Test Gear-Knight's Engine", "zh-Hans": "测试齿轮骑士的引擎"}
    assert (card.card_type.value, card.frame.value, card.attribute, card.monster_type,
            card.level, card.atk, card.defense) == ("monster", "effect", "DARK", "Machine", 4,
                                                    1800, 1000)
    assert card.effects == ()
    text = out.read_text()
    assert f"# {TEXT_MARK} cards.cdb (en), for reference only" in text
    assert "#   A first line." in text
    assert "#   A second line with \\x1b[31m in it." in text  # the escape is shown, inert
    assert "中文的卡片文本。" in text


def test_link_spell_trap_and_unknown_stats(tmp_path, cdb, capsys):
    cards = {}
    for passcode in ("10000002", "10000003", "10000004", "10000005"):
        out = tmp_path / f"{passcode}.yaml"
        assert new(capsys, passcode, "--cdb", f"en={cdb}", "-o", str(out))[0] == 0
        cards[passcode] = (load_card_file(out), out.read_text())
    link, _ = cards["10000002"]
    assert (link.frame.value, link.link_rating, link.level, link.atk, link.defense,
            link.monster_type, link.attribute) == ("link", 3, None, 2300, None, "Cyberse",
                                                   "LIGHT")
    assert cards["10000003"][0].spell_trap_type.value == "quick_play"
    assert cards["10000004"][0].card_type.value == "trap"
    assert cards["10000004"][0].spell_trap_type.value == "counter"
    dragon, text = cards["10000005"]
    assert (dragon.frame.value, dragon.level, dragon.monster_type) == ("normal", 7, "Dragon")
    assert "atk: null  # '?' on the card (R62)" in text  # read back as a printed '?'
    assert dragon.atk is None and dragon.printed_stats[0] == "?"


def test_stdout_without_output_file(cdb, capsys):
    code, stdout, _ = new(capsys, "10000003", "--cdb", str(cdb))
    assert code == 0
    assert stdout.splitlines()[2:4] == ["id: test_quick_spell", "passcode: 10000003"]


@pytest.mark.parametrize(("argv", "message"), [
    (["12345678"], "passcode 12345678 is in none of the cards.cdb files given"),
    (["abc"], "expected PASSCODE, the card's number of up to 8 digits, got 'abc'"),
    ([], "expected PASSCODE"),
    (["123456789"], "expected PASSCODE"),
])
def test_bad_passcodes(cdb, capsys, argv, message):
    code, stdout, err = new(capsys, *argv, "--cdb", str(cdb))
    assert code == 2 and stdout == ""
    assert len(err.splitlines()) == 1 and message in err


def test_bad_databases(tmp_path, capsys):
    text = tmp_path / "notes.cdb"
    text.write_text("not a database")
    assert new(capsys, "1", "--cdb", str(text))[2].endswith(
        "not an SQLite database; expected a cards.cdb\n")
    empty = tmp_path / "empty.cdb"
    sqlite3.connect(empty).execute("CREATE TABLE other(x)").connection.close()
    code, _, err = new(capsys, "1", "--cdb", str(empty))
    assert code == 2 and "not a readable cards.cdb (no such table: datas)" in err
    code, _, err = new(capsys, "1", "--cdb", str(tmp_path / "missing.cdb"))
    assert code == 2 and "missing.cdb: file not found; expected a cards.cdb" in err
    code, _, err = new(capsys, "1", "--cdb", str(tmp_path))
    assert code == 2 and "is not a regular file; expected a cards.cdb" in err
    code, _, err = new(capsys, "1")
    assert code == 2 and "give the cards.cdb to read with --cdb FILE" in err


def test_two_files_of_one_language_and_an_existing_output(tmp_path, cdb, capsys):
    code, _, err = new(capsys, "10000001", "--cdb", str(cdb), "--cdb", f"en={cdb}")
    assert code == 2 and "two --cdb files for the language en" in err
    out = tmp_path / "mine.yaml"
    out.write_text("# mine\n")
    code, _, err = new(capsys, "10000001", "--cdb", str(cdb), "-o", str(out))
    assert code == 2 and "already exists" in err and out.read_text() == "# mine\n"
    assert new(capsys, "10000001", "--cdb", str(cdb), "-o", str(out), "--force")[0] == 0


def test_the_options_of_new_are_refused_elsewhere(cdb, capsys):
    assert main(["cards", "kuriboh", "--cdb", str(cdb)]) == 2
    assert "are for 'gamebook cards new PASSCODE --cdb FILE'" in capsys.readouterr().err
