"""Tests of ``gamebook check-book``: reading hand-written walkthroughs and auditing them."""

from __future__ import annotations

import codecs
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from gamebook.audit.checkbook import (
    check_book,
    decode_book_bytes,
    find_jumps,
    heading_of,
    is_ending_line,
    load_book,
    parse_book,
    render_dot,
)
from gamebook.cli import entry as cli
from gamebook.errors import InputError

BOOKS = Path(__file__).resolve().parent / "books"
SEED = Path(__file__).resolve().parents[2] / "shared/seeds/001_f548d9451e4f58f2.txt"
needs_seed = pytest.mark.skipif(
    not SEED.exists(), reason=f"seed walkthrough not found at {SEED} (shared/ must sit beside "
                              "the repository)")


def run(*argv: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(["check-book", *map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_json(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, dict]:
    code, out, _ = run(path, "--json", *extra, capsys=capsys)
    return code, json.loads(out)


def write(tmp_path: Path, text: str, name: str = "book.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(data: dict) -> dict:
    keys = ("missing_pages", "dangling_jumps", "unreachable_pages", "dead_ends",
            "cycles_without_ending", "duplicate_pages")
    return {key: data[key] for key in keys}


NO_PROBLEMS = {"missing_pages": [], "dangling_jumps": [], "unreachable_pages": [],
               "dead_ends": [], "cycles_without_ending": [], "duplicate_pages": []}


# --------------------------------------------------------------------------------------------
# The seed walkthrough
# --------------------------------------------------------------------------------------------


@needs_seed
def test_the_seed_reports_exactly_its_missing_dangling_unreachable_and_dead_end_pages(capsys):
    code, data = run_json(SEED, capsys)
    assert code == 1
    assert problems(data) == {
        "missing_pages": [18, 19],
        "dangling_jumps": [{"from": 7, "to": 18, "line": 175}],
        "unreachable_pages": [20],
        "dead_ends": [31],
        "cycles_without_ending": [],
        "duplicate_pages": [],
    }
    assert data["stats"] == {"pages": 32, "endings": 15, "jumps": 34, "longest_path": 5,
                             "paths": 14}


@needs_seed
def test_the_seeds_rule_list_before_its_concrete_flow_is_not_part_of_the_book():
    book = load_book(SEED)
    assert book.start_line == 73
    assert [page.number for page in book.pages] == [*range(1, 18), *range(20, 35)]
    assert book.pages[0].jumps[0].target == 2


@needs_seed
def test_the_seed_text_report_names_every_problem_with_page_numbers(capsys):
    code, out, err = run(SEED, capsys=capsys)
    assert code == 1 and err == ""
    assert "Missing pages (skipped in the numbering): 18, 19" in out
    assert "page 7 -> 18 (line 175)" in out
    assert "Pages not reachable from page 1: 20 (line 329)" in out
    assert "Dead ends (no jump, no ending): 31 (line 483)" in out
    assert "5 problems found." in out


@needs_seed
def test_start_line_overrides_the_automatic_start_of_the_book(capsys):
    code, data = run_json(SEED, capsys, "--start-line", "37")
    assert code == 1
    assert data["start_line"] == 37
    assert data["duplicate_pages"] == [1, 2, 3, 4, 5, 6, 7]


@needs_seed
def test_the_seed_page_graph_draws_missing_pages_dashed_red_and_unreachable_pages_grey(
        tmp_path, capsys):
    dot_path = tmp_path / "seed.dot"
    code, _, _ = run(SEED, "--dot", dot_path, capsys=capsys)
    assert code == 1
    dot = dot_path.read_text(encoding="utf-8")
    assert '18 [label="18\\nmissing", style=dashed, color=red' in dot
    assert '19 [label="19\\nmissing", style=dashed, color=red' in dot
    assert "7 -> 18 [style=dashed, color=red];" in dot
    assert "fillcolor=lightgrey" in dot.split("\n  20 [")[1].split("\n")[0]
    assert '31 [label="31\\ndead end"' in dot
    assert [p.name for p in tmp_path.iterdir()] == ["seed.dot"]


# --------------------------------------------------------------------------------------------
# Recognising headings, jumps and endings
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "style", "number"), [
    ("12.玩家A發動了效果", "number", 12),
    ("12. Player A activates the effect", "number", 12),
    ("12、玩家A发动了效果", "number", 12),
    ("１２．全角数字的页首", "number", 12),
    ("１２、全角数字的页首", "number", 12),
    ("**12.** bold heading", "number", 12),
    ("第12页 攻击宣言", "chinese", 12),
    ("第12頁", "chinese", 12),
    ("第 12 页", "chinese", 12),
    ("## 12", "markdown", 12),
    ("## 12. Player A attacks", "markdown", 12),
    ("### Page 12", "markdown", 12),
    ("## 第12页", "markdown", 12),
    ("Page 12", "page", 12),
    ("PAGE 12: the attack", "page", 12),
    ("Page 12 - Linkuriboh", "page", 12),
])
def test_page_headings_are_recognised_in_every_documented_style(line, style, number):
    found = heading_of(line)
    assert found is not None and found[:2] == (style, number)


@pytest.mark.parametrize("line", [
    "12.5 ATK is not a page",
    "   12. an indented list item",
    "Page 12 is where the replay happens",
    "0. page zero does not exist",
    "第12步",
    "2021.5.2 修正多處錯誤",
    "（18和19由于異常錯誤而被湮滅了）",
])
def test_lines_that_only_resemble_headings_are_not_headings(line):
    assert heading_of(line) is None


@pytest.mark.parametrize(("line", "targets"), [
    ("是 -> 跳到6", [6]),
    ("咆哮 -> 6", [6]),
    ("不發動->31", [31]),
    ("發動咆哮的話跳到 6。", [6]),
    ("If Player B passes, go to 6.", [6]),
    ("Otherwise turn to 6 and read on.", [6]),
    ("Activate → 6", [6]),
    ("Player B may chain Linkuriboh (see 6).", [6]),
    ("玩家B也可以发动（见6）", [6]),
    ("turn to page 6", [6]),
    ("跳到第6页", [6]),
    ("－＞６", [6]),
    ("→ [6](#page-6)", [6]),
    ("If B chains, go to 12; otherwise turn to 14.", [12, 14]),
    ("是 -> 跳到2　否 -> 跳到3", [2, 3]),
    ("Yes --> 4, no => 5", [4, 5]),
    ("→ 跳至6", [6]),
    ("转到6", [6]),
    ("參見第6頁", [6]),
    ("（見第6頁）", [6]),
    ("jump to 6", [6]),
    ("proceed to page 6", [6]),
    ("⇒ 6", [6]),
    ("go to **6**", [6]),
])
def test_jumps_are_found_in_every_documented_style_even_mid_sentence(line, targets):
    assert find_jumps(line) == targets


@pytest.mark.parametrize("line", [
    "刺刀攻擊力 3000->3150",
    "ATK 3000 → 0",
    "c1->c2",
    "比如玩家A發動加減攻->玩家B發動咆哮後",
    "放棄攻擊 -> 戰斗結束。此時",
    "Then go to the 2nd Main Phase",
    "see 2 examples below",
    "請從具體流程的「1」開始看",
    "ATK becomes 0 -> 0 damage",
])
def test_arrows_and_numbers_that_are_not_jumps_are_ignored(line):
    assert find_jumps(line) == []


@pytest.mark.parametrize("line", [
    "（THE END）", "(THE END)", "THE END", "完", "结束", "結束", "**THE END**", "— 完 —",
    "（完）", "Damage calculation. (THE END)", "No -> THE END", "The End",
    "玩家B的攻击怪兽被破坏。完", "攻擊怪獸被破壞。 完 ", "伤害计算。（完）", "戰斗結束！完",
    "攻击被无效。结束",
])
def test_ending_markers_are_recognised(line):
    assert is_ending_line(line)


@pytest.mark.parametrize("line", [
    "放棄攻擊 -> 戰斗結束。此時", "若玩家B也宣言不發動任何效果，則開始傷害計算，結束戰斗。",
    "until the end of the turn", "完成连锁", "结束战斗", "Until the End Phase",
    "Battle Phase → End Phase", "→ 结束阶段", "攻击被无效。完成连锁后进入战斗阶段结束",
    "攻击被无效。完成", "玩家B的攻击怪兽被破坏完",
])
def test_words_for_ending_inside_prose_are_not_ending_markers(line):
    assert not is_ending_line(line)


# --------------------------------------------------------------------------------------------
# Books in every style, with and without problems
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "stats"), [
    ("zh_dot_clean.txt", {"pages": 5, "endings": 3, "jumps": 4, "longest_path": 2, "paths": 3}),
    ("zh_comma_fullwidth_clean.txt",
     {"pages": 5, "endings": 2, "jumps": 4, "longest_path": 3, "paths": 2}),
    ("zh_di_ye_clean.txt", {"pages": 4, "endings": 2, "jumps": 4, "longest_path": 3, "paths": 4}),
    ("en_markdown_clean.md",
     {"pages": 4, "endings": 2, "jumps": 4, "longest_path": 2, "paths": 3}),
    ("en_page_clean.txt", {"pages": 4, "endings": 2, "jumps": 4, "longest_path": 2, "paths": 3}),
])
def test_correct_books_in_each_style_and_language_pass_with_exit_code_0(name, stats, capsys):
    code, data = run_json(BOOKS / name, capsys)
    assert problems(data) == NO_PROBLEMS
    assert data["stats"] == stats
    assert data["ok"] is True
    assert code == 0


def test_a_preface_with_its_own_numbered_list_is_skipped(capsys):
    _, data = run_json(BOOKS / "zh_dot_clean.txt", capsys)
    assert data["start_line"] == 17
    assert [page["page"] for page in data["pages"]] == [1, 2, 3, 4, 5]


def test_numbered_choice_lists_inside_markdown_pages_are_not_pages(capsys):
    _, data = run_json(BOOKS / "en_markdown_clean.md", capsys)
    assert data["heading_style"] == "markdown"
    assert [page["page"] for page in data["pages"]] == [1, 2, 3, 4]
    assert data["pages"][0]["jumps"] == [2, 3]


def test_missing_pages_and_jumps_to_them_are_reported(capsys):
    code, data = run_json(BOOKS / "en_missing_and_dangling.txt", capsys)
    assert code == 1
    assert problems(data) == NO_PROBLEMS | {
        "missing_pages": [3, 4], "dangling_jumps": [{"from": 1, "to": 9, "line": 2}]}


def test_pages_no_path_from_page_1_reaches_are_unreachable(capsys):
    code, data = run_json(BOOKS / "zh_unreachable.txt", capsys)
    assert code == 1
    assert problems(data) == NO_PROBLEMS | {"unreachable_pages": [4, 5]}


def test_a_page_with_no_jump_and_no_ending_is_a_dead_end(capsys):
    code, data = run_json(BOOKS / "en_dead_end.md", capsys)
    assert code == 1
    assert problems(data) == NO_PROBLEMS | {"dead_ends": [2]}


def test_a_page_number_used_twice_is_a_duplicate(capsys):
    code, out, _ = run(BOOKS / "zh_duplicate.txt", capsys=capsys)
    assert code == 1
    assert "Duplicate page numbers: 2 (lines 7, 11)" in out


def test_a_loop_that_never_reaches_an_ending_is_reported(capsys):
    code, data = run_json(BOOKS / "zh_loop_without_ending.txt", capsys)
    assert code == 1
    assert problems(data) == NO_PROBLEMS | {"cycles_without_ending": [[2, 3]]}
    assert data["stats"]["longest_path"] == "infinite"
    assert data["stats"]["paths"] == 1


def test_a_loop_with_a_way_out_to_an_ending_is_fine_but_makes_the_path_count_infinite(capsys):
    code, data = run_json(BOOKS / "en_loop_with_ending.md", capsys)
    assert code == 0
    assert problems(data) == NO_PROBLEMS
    assert data["stats"]["paths"] == "infinite"
    assert data["stats"]["longest_path"] == "infinite"


def test_a_full_stop_then_wan_at_the_end_of_a_line_ends_the_page():
    """"…被破坏。完": 完 right after a full stop, at the end of the line, is an ending."""
    book = parse_book("1. 玩家A攻击 -> 2\n2. 伤害计算，玩家B的攻击怪兽被破坏。完\n")
    assert [page.ending for page in book.pages] == [False, True]
    assert check_book(book).ok


def test_an_ending_marker_on_the_heading_line_ends_the_page():
    book = parse_book("1. attack -> 2\n2. 完\n")
    assert [page.ending for page in book.pages] == [False, True]
    assert check_book(book).ok


def test_a_page_whose_only_jump_points_to_a_missing_page_is_a_dangling_jump_not_a_dead_end():
    book = parse_book("1. start -> 2\n\n2. go on -> 7\n")
    report = check_book(book)
    assert report.dead_ends == ()
    assert [(source, jump.target) for source, jump in report.dangling_jumps] == [(2, 7)]


HEADINGS = {
    "dot": "{n}. ", "dot-zh": "{n}.", "comma": "{n}、", "full-width": "{fw}．",
    "di-ye": "第{n}页 ", "di-ye-traditional": "第{n}頁", "markdown": "## {n}",
    "page": "Page {n}",
}
JUMPS = {
    "arrow-verb": "-> 跳到{n}", "arrow": "-> {n}", "arrow-tight": "->{n}", "verb": "跳到 {n}",
    "go-to": "go to {n}", "turn-to": "turn to {n}", "unicode-arrow": "→ {n}",
    "see": "(see {n})", "mid-sentence": "If Player B chains, go to {n} and read on.",
}
ENDINGS = ["（THE END）", "(THE END)", "THE END", "完", "结束", "結束"]


def _small_book(heading: str, jump: str, ending: str) -> str:
    def head(n: int) -> str:
        return heading.format(n=n, fw=chr(0xFF10 + n))

    return (f"{head(1)}\nPlayer A attacks.\n{jump.format(n=2)}\n{jump.format(n=3)}\n\n"
            f"{head(2)}\nPlayer B chains.\n{ending}\n\n{head(3)}\nNothing happens.\n{ending}\n")


@pytest.mark.parametrize("heading", HEADINGS)
@pytest.mark.parametrize("jump", JUMPS)
def test_every_heading_style_works_with_every_jump_style(heading, jump):
    book = parse_book(_small_book(HEADINGS[heading], JUMPS[jump], "THE END"))
    assert [(page.number, [j.target for j in page.jumps], page.ending) for page in book.pages] \
        == [(1, [2, 3], False), (2, [], True), (3, [], True)]
    assert check_book(book).ok


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("heading", HEADINGS)
def test_every_ending_marker_ends_a_page_in_every_heading_style(heading, ending):
    report = check_book(parse_book(_small_book(HEADINGS[heading], "-> {n}", ending)))
    assert report.ok
    assert report.stats()["endings"] == 2


# --------------------------------------------------------------------------------------------
# Output formats
# --------------------------------------------------------------------------------------------


def test_json_output_has_every_documented_key(capsys):
    _, data = run_json(BOOKS / "en_page_clean.txt", capsys)
    assert {"missing_pages", "dangling_jumps", "unreachable_pages", "dead_ends",
            "cycles_without_ending", "duplicate_pages", "stats", "ok", "start_line",
            "pages"} <= set(data)
    assert set(data["stats"]) == {"pages", "endings", "jumps", "longest_path", "paths"}


def test_a_clean_book_says_no_problems_found(capsys):
    code, out, _ = run(BOOKS / "en_page_clean.txt", capsys=capsys)
    assert code == 0
    assert out.rstrip().endswith("No problems found.")


def test_dot_output_escapes_quotes_and_backslashes_from_the_file(tmp_path):
    book = parse_book('1. say "hi" \\N to \\" the reader -> 2\n2. done\nTHE END\n',
                      path=str(tmp_path / 'odd "name".txt'))
    dot = render_dot(check_book(book))
    assert 'tooltip="say \\"hi\\" \\\\N to \\\\\\" the reader -> 2"' in dot
    assert 'digraph "odd \\"name\\".txt" {' in dot


def test_dot_output_is_valid_graphviz(tmp_path, capsys):
    if shutil.which("dot") is None:
        pytest.skip("Graphviz 'dot' is not installed")
    source = write(tmp_path, 'Page 1\nA "quoted" \\ title -> 2 -> 9\n\nPage 2\nTHE END\n\n'
                             "Page 4\n(THE END)\n")
    dot_path = tmp_path / "book.dot"
    run(source, "--dot", dot_path, capsys=capsys)
    result = subprocess.run(["dot", "-Tsvg", str(dot_path)], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr


def test_dot_output_replaces_an_existing_file_whole(tmp_path, capsys):
    dot_path = tmp_path / "graph.dot"
    dot_path.write_text("old content that is much longer than nothing" * 100)
    run(BOOKS / "en_dead_end.md", "--dot", dot_path, capsys=capsys)
    text = dot_path.read_text(encoding="utf-8")
    assert text.startswith('digraph "en_dead_end.md" {') and text.endswith("}\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.dot"]


def test_dot_into_a_missing_folder_is_a_clear_error(tmp_path, capsys):
    code, _, err = run(BOOKS / "en_dead_end.md", "--dot", tmp_path / "no/such/graph.dot",
                       capsys=capsys)
    assert code == 2
    assert "cannot write the DOT file" in err and "Traceback" not in err


def test_main_also_accepts_a_plain_argument_list(capsys):
    from gamebook.cli import main

    assert main(["check-book", str(BOOKS / "en_page_clean.txt")]) == 0
    assert "No problems found." in capsys.readouterr().out


# --------------------------------------------------------------------------------------------
# Bad input and encodings
# --------------------------------------------------------------------------------------------


def assert_clear_error(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2
    assert out == ""
    assert err.startswith("gamebook: ") and err.count("\n") == 1
    assert "Traceback" not in err
    for word in words:
        assert word in err


@pytest.mark.parametrize("content", [b"", b"   \n\n\t\n", codecs.BOM_UTF8, codecs.BOM_UTF16_LE])
def test_an_empty_file_is_a_clear_error(tmp_path, capsys, content):
    path = tmp_path / "empty.txt"
    path.write_bytes(content)
    assert_clear_error(*run(path, capsys=capsys), "empty.txt", "empty")


def test_a_binary_file_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "picture.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    assert_clear_error(*run(path, capsys=capsys), "picture.png", "binary")


def test_a_file_with_no_pages_is_a_clear_error(capsys):
    assert_clear_error(*run(BOOKS / "no_pages.txt", capsys=capsys), "no numbered pages found")


def test_a_missing_file_or_a_folder_is_a_clear_error(tmp_path, capsys):
    assert_clear_error(*run(tmp_path / "nothing.txt", capsys=capsys), "no such file")
    assert_clear_error(*run(tmp_path, capsys=capsys), "is a folder")


@pytest.mark.parametrize(("argument", "message"), [("0", "expected a whole number above 0"),
                                                   ("10000", "outside the file"),
                                                   ("16", "no page heading on or after")])
def test_a_start_line_outside_the_book_is_a_clear_error(capsys, argument, message):
    path = BOOKS / "en_page_clean.txt"
    assert_clear_error(*run(path, "--start-line", argument, capsys=capsys), message)


@pytest.mark.parametrize(("name", "encoding"), [
    ("zh_dot_clean.txt", "utf-8-sig"),
    ("zh_dot_clean.txt", "utf-16"),
    ("zh_dot_clean.txt", "utf-16-be"),
    ("zh_dot_clean.txt", "utf-32"),
    ("zh_dot_clean.txt", "big5"),
    ("zh_loop_without_ending.txt", "big5"),
    ("zh_dot_clean.txt", "gb18030"),
    ("zh_comma_fullwidth_clean.txt", "gb18030"),
    ("zh_unreachable.txt", "gb18030"),
])
def test_books_in_other_encodings_read_the_same_as_in_utf8(tmp_path, capsys, name, encoding):
    text = (BOOKS / name).read_text(encoding="utf-8")
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
    path = tmp_path / name
    path.write_bytes(data)
    expected_code, expected = run_json(BOOKS / name, capsys)
    code, got = run_json(path, capsys)
    assert code == expected_code
    assert {k: v for k, v in got.items() if k != "file"} == \
        {k: v for k, v in expected.items() if k != "file"}


def test_utf16_without_a_byte_order_mark_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "no_bom.txt"
    path.write_bytes("1. start\n(THE END)\n".encode("utf-16-le"))
    assert_clear_error(*run(path, capsys=capsys), "NUL bytes", "UTF-16")


def test_text_in_an_unrecognised_encoding_is_a_clear_error_with_its_line(tmp_path, capsys):
    path = tmp_path / "latin1.txt"
    path.write_bytes("1. start\nCaf\u00e9 au lait -> 2\n2. fin\n".encode("latin-1"))
    assert_clear_error(*run(path, capsys=capsys), "latin1.txt:2", "not valid UTF-8", "GB18030")


def test_a_broken_byte_order_mark_file_is_a_clear_error():
    with pytest.raises(InputError, match="byte-order mark"):
        decode_book_bytes(codecs.BOM_UTF16_LE + b"1\x00.\x00\x00\xd8", "bad.txt")
