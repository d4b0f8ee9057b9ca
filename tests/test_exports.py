"""The exports for authors: ``graph.mmd`` (Mermaid, split under its default limits) and the
print-ready ``book.print.html``; and ``--format`` choosing them."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from gamebook.book.pages import build_book
from gamebook.cli.entry import main
from gamebook.explore.explorer import explore
from gamebook.render import mermaid
from gamebook.render.markup import render
from gamebook.render.mermaid import MAX_EDGES, MAX_TEXT, mermaid_files
from gamebook.situation.load import load_situation

ROOT = Path(__file__).resolve().parents[1]
MODEL = ROOT / "examples" / "borrelsword_linkuriboh.yaml"
START_STEP = ROOT / "examples" / "borrelsword_linkuriboh_start_step.yaml"  # 365 pages
NODE = re.compile(r"^  (\w+)(\(\(\"[^\"]*\"\)\)|\(\"[^\"]*\"\)|\[\"[^\"]*\"\]):::(\w+)$")
EDGE = re.compile(r"^  (\w+) (?:-\.->|-->\|\"[^\"]*\"\|) (\w+)$")
CLICK = re.compile(r'^  click (\w+) href "[^"]*" "[^"]*"$')


@cache
def _explored(path: Path, lang: str = "en"):
    exploration = explore(load_situation(path), None)
    return exploration, build_book(exploration, lang)


def check_chart(text: str) -> tuple[set[str], list[tuple[str, str]]]:
    """Every line of a chart is a known statement; every edge joins declared nodes."""
    lines = text.rstrip("\n").split("\n")
    assert lines[:1] == ["---"] and lines[3] == "flowchart TD"
    nodes, edges = set(), []
    for line in lines[4:]:
        if match := NODE.match(line):
            nodes.add(match[1])
        elif match := EDGE.match(line):
            edges.append((match[1], match[2]))
        else:
            assert CLICK.match(line) or line.startswith("  classDef "), line
    assert all(a in nodes and b in nodes for a, b in edges)
    return nodes, edges


def test_the_model_battle_is_one_mermaid_chart_with_every_page_and_choice():
    exploration, book = _explored(MODEL)
    files = mermaid_files(book)
    assert list(files) == ["graph.mmd"]
    nodes, edges = check_chart(files["graph.mmd"])
    assert nodes == {f"p{page.number}" for page in book.pages}
    assert len(edges) == len({(page.number, choice.page) for page in book.pages
                              for choice in page.choices})
    assert '-->|"replay:<br>Leo Wizard"|' in files["graph.mmd"]
    assert 'click p12 href "book.html#p12"' in files["graph.mmd"]


def test_a_chart_past_mermaids_limits_is_split_into_parts_under_them(monkeypatch):
    exploration, book = _explored(START_STEP)
    files = mermaid_files(book)
    assert len(files) >= 2 and set(files) == {f"graph.part{i}.mmd"
                                              for i in range(1, len(files) + 1)}
    seen = set()
    for text in files.values():
        nodes, edges = check_chart(text)
        assert len(edges) < MAX_EDGES and len(text) < MAX_TEXT
        seen |= {n for n in nodes}
    assert {f"p{page.number}" for page in book.pages} <= seen
    # and by edges alone: a budget of 60 edges makes parts of at most 60 edges
    monkeypatch.setattr(mermaid, "EDGE_BUDGET", 60)
    for text in mermaid_files(book).values():
        assert len(check_chart(text)[1]) <= 60


def test_mermaid_strings_cannot_break_out_of_their_quotes():
    assert mermaid.quote('a "b" <i>#1</i>\nc') == '"a #quot;b#quot; #lt;i#gt;#35;1#lt;/i#gt;<br>c"'


def test_print_html_has_every_page_in_number_order_no_script_and_print_rules():
    _, book = _explored(MODEL)
    html = render(book, "print")
    numbers = [int(n) for n in re.findall(r'<section class="page" id="p(\d+)"', html)]
    assert numbers == list(range(1, len(book.pages) + 1))
    assert "<script" not in html and "@page" in html and 'class="print"' in html
    # book.html prints every page too
    assert "@media print" in render(book, "html")


def test_format_chooses_the_exports(tmp_path):
    out = tmp_path / "out"
    assert main(["build", str(MODEL), "--out", str(out), "--no-images", "--quiet",
                 "--format", "twee,mmd,print"]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "audit.json", "book.print.html", "book.twee", "graph.dot", "graph.json", "graph.mmd"]


def test_a_new_build_removes_the_parts_of_an_older_one(tmp_path):
    out = tmp_path / "out"
    assert main(["build", str(START_STEP), "--out", str(out), "--no-images", "--quiet",
                 "--format", "mmd"]) == 0
    assert (out / "graph.part2.mmd").exists() and (out / "graph.1.dot").exists()
    assert main(["build", str(MODEL), "--out", str(out), "--no-images", "--quiet",
                 "--format", "mmd"]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "audit.json", "graph.dot", "graph.json", "graph.mmd"]


def test_a_book_written_in_pieces_reads_as_the_book_rendered_whole():
    import random

    from gamebook.render.markup import _blocks, _squeezed

    rng = random.Random(14)
    for _ in range(2000):  # runs of blank lines across any cut between two pieces
        text = "".join(rng.choice("ab\n\n\n") for _ in range(rng.randint(0, 60)))
        cuts = sorted(rng.sample(range(len(text) + 1), min(len(text) + 1, 8)))
        pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
        squeezed = "".join(_squeezed(_blocks(iter(pieces), size=rng.randint(1, 8))))
        assert squeezed == re.sub(r"\n{3,}", "\n\n", text)


def test_book_txt_labels_the_field_and_what_each_player_can_do_as_the_other_books_do():
    """Page 1 of book.txt: "Field:" above the field's lines, "Right now:" above the ✔/✘
    lines, in the book's language."""
    for lang, field, now in (("en", "Field:", "Right now:"), ("zh-Hant", "場上狀況：", "此時：")):
        _, book = _explored(MODEL, lang)
        text = render(book, "txt")
        page = text[text.index("\n1.\n"):text.index("\n2.\n")]
        lines = page.splitlines()
        assert field in lines and now in lines, page
        assert lines[lines.index(field) + 1].strip() == book.page(1).field[0]
        assert lines[lines.index(now) + 1].strip() == f"· {book.page(1).can[0]}"
