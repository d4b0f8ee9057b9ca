"""The decision diagrams: what the nodes and edges say, in every language, and their size.

The size target (issue 11): the model battle's PNG is at most 1,600 px wide and, shown in an
article column of 1,200 px, its capitals and page numbers are at least 10 px high
(measured on the picture, ``tests/diagram_measure.py``).
"""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import graphviz
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamebook.book.pages import build_book
from gamebook.cli.entry import main
from gamebook.explore.explorer import explore
from gamebook.render import diagram as diagram_module
from gamebook.render.diagram import diagrams, missing_font
from gamebook.render.linebreak import wrap
from gamebook.situation.load import load_situation

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
MODEL = EXAMPLES / "borrelsword_linkuriboh.yaml"
BATTLE_PHASE = EXAMPLES / "borrelsword_linkuriboh_battle_phase.yaml"
LANGS = ("en", "zh-Hant", "zh-Hans", "ja")
ENDING_COLOUR = diagram_module.ENDING_STYLE["color"]
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' is missing")


@cache
def _book(path: Path, lang: str):
    exploration = explore(load_situation(path), None)
    return exploration, build_book(exploration, lang)


def _dot(path: Path = MODEL, lang: str = "en", **options) -> list:
    exploration, book = _book(path, lang)
    return diagrams(book, **options)


def _nodes(source: str) -> dict[str, str]:
    """node id -> its attribute text, for the nodes of a DOT source (not the legend)."""
    return {m[1]: m[2] for m in re.finditer(r"^\s*(\w+) \[(.*?)\]$", source,
                                            re.MULTILINE | re.DOTALL)
            if not m[1].startswith(("legend", "node", "edge", "graph"))}


def test_an_ending_shows_its_page_and_its_outcome_in_short():
    """Issue 23: pages 18, 32, 33 and 35 all read "B 5300 · Linkuriboh destroyed"; each now
    says what tells it apart (another attack possible or not, Leo Wizard's position), one
    fact a line, and only the facts that tell the endings of one short outcome apart."""
    nodes = _nodes(_dot()[0].source)
    assert ('label="18\nB 5300 ·\nLinkuriboh\ndestroyed\nno further\nattack\nLeo Wizard\n'
            'in DEF"') in nodes["p18"]
    assert ('label="35\nB 5300 ·\nLinkuriboh\ndestroyed\nanother attack\npossible\n'
            'Leo Wizard\nin ATK"') in nodes["p35"]
    assert 'label="37\nA 6800 ·\nLinkuriboh\nTributed\nanother attack\npossible"' in nodes["p37"]


@pytest.mark.parametrize("lang", LANGS)
def test_no_two_ending_boxes_of_any_examples_diagram_read_the_same(lang):
    """Endings that read the same are one box listing its pages; others say what differs."""
    for path in sorted(EXAMPLES.glob("*.yaml")):
        for part in _dot(path, lang):
            labels = [re.search(r'label="[^\n"]*\n([^"]*)"', attrs)[1]
                      for node, attrs in _nodes(part.source).items()
                      if re.fullmatch(r"p\d+", node) and "fillcolor" in attrs
                      and ENDING_COLOUR in attrs]
            assert len(labels) == len(set(labels)), (path.stem, part.name, labels)


def test_no_two_ending_pages_of_any_example_read_the_same():
    """The same rule in the book: an ending page is what it shows, so two endings whose
    summary reads the same are one page."""
    for path in sorted(EXAMPLES.glob("*.yaml")):
        _, book = _book(path, "en")
        endings = [page.ending for page in book.pages if page.terminal]
        assert len(endings) == len(set(endings)), path.stem


def test_a_decision_shows_its_page_links_to_it_and_says_who_decides_and_the_chain():
    nodes = _nodes(_dot()[0].source)
    assert 'label=2 ' in nodes["p2"] + " " and 'URL="book.html#p2"' in nodes["p2"]
    assert "Player B decides" in nodes["p2"]
    assert "Chain: c1 Borrelsword Dragon's ATK up/down effect (Player A)" in nodes["p2"]


def test_colours_say_who_decides_and_which_class_of_outcome_an_ending_is():
    nodes = _nodes(_dot()[0].source)
    assert "#dbe8f7" in nodes["p1"] and "#fbe2d5" in nodes["p2"]  # A blue, B orange
    assert diagram_module.OUTCOME_STYLE["b_loses"] in nodes["p18"]
    assert diagram_module.OUTCOME_STYLE["a_loses"] in nodes["p37"]
    assert diagram_module.OUTCOME_STYLE["none"] in nodes["p23"]


# Draining Shield negates Summoned Skull's attack and B gains 2500 LP.
SHIELD = """\
title: Draining Shield
turn_player: A
players:
  A: {monsters: [{id: skull, card: summoned_skull, zone: m3}]}
  B: {monsters: [{id: elf, card: gemini_elf, zone: m3}],
      spell_traps: [{id: shield, card: draining_shield, zone: s1}]}
start: {moment: attack_declared, attacker: skull, target: elf}
scope: end_of_battle
"""


@pytest.fixture(scope="module")
def draining_shield(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("shield") / "draining_shield.yaml"
    path.write_text(SHIELD, encoding="utf-8")
    return path


@pytest.mark.parametrize("lang, gained", [("en", "(+2500 LP)"), ("ja", "（LP+2500）"),
                                          ("zh-Hant", "（回復2500）")])
def test_an_ending_where_a_player_gained_lp_says_plus_n_and_has_the_colour_of_a_gain(
        draining_shield, lang, gained):
    """Draining Shield negates the attack and B gains 2500 LP: not "LP unchanged" in the
    grey of no change, but "B 10500 (+2500 LP)" in the class of its own."""
    source = _dot(draining_shield, lang)[0].source
    gains = [attributes for attributes in _nodes(source).values()
             if diagram_module.OUTCOME_STYLE["gains"] in attributes]
    assert len(gains) == 1
    assert _unwrapped(f"10500{gained}") in _unwrapped(gains[0]), gains[0]
    legend = _book(draining_shield, lang)[1].narrator.msg("diagram.class_gains")
    assert _unwrapped(legend) in _unwrapped(source)


def _unwrapped(text: str) -> str:
    """``text`` without the line breaks (and spaces) a diagram's label wraps at."""
    return re.sub(r"\s|\\n", "", text)


def test_merge_endings_draws_one_node_per_outcome_listing_its_pages():
    source = _dot(merge_endings=True)[0].source
    endings = [attrs for node, attrs in _nodes(source).items() if node.startswith("end")]
    exploration, book = _book(MODEL, "en")
    assert len(endings) == 5 < sum(page.terminal for page in book.pages) == 16
    assert any("pages 12, 26, 27, 43" in " ".join(attrs.split()) for attrs in endings)


def test_edge_labels_are_short_and_unambiguous():
    source = _dot()[0].source
    # each line is padded with an en space either side (labels side by side stay apart)
    # a choice's words are a node on its edge (choice1, …): the line runs into and out of it
    labels = [label.replace(diagram_module.EDGE_PAD, "")
              for label in re.findall(r'^\s*choice\d+ \[label="([^"]*)"', source, re.MULTILINE)]
    assert labels and max(len(line) for label in labels for line in label.split("\n")) <= 14
    assert "replay:\nLeo Wizard" in labels  # a replay says so (it was "→ Leo Wizard")
    # switch-to-DEF only ever targets Leo Wizard here: the label need not say it
    assert "switch-to-DEF\neffect" in labels
    assert not any(label.startswith("→") for label in labels)
    # a pass is a dashed edge without words (the legend says so)
    assert re.search(r"p1 -> p3 \[color=\"#1f5fa8\" minlen=2 style=dashed", source)


@pytest.mark.parametrize("lang,words", [("zh-Hant", ("圖例", "輪到玩家B", "不發動")),
                                        ("zh-Hans", ("图例", "轮到玩家B")),
                                        ("ja", ("凡例",))])
def test_legend_labels_and_tooltips_are_in_the_books_language(lang, words):
    source = _dot(lang=lang)[0].source
    for word in words:
        assert word in source
    for english in ("Legend", "decides", "ending:", "Chain:"):
        assert english not in source
    assert f'fontname="{diagram_module.FONTS[lang]}"' in source


def test_wrap_breaks_at_spaces_and_between_cjk_characters_never_before_punctuation():
    assert wrap("B 5300 · Linkuriboh destroyed") == "B 5300 ·\nLinkuriboh\ndestroyed"
    assert wrap("結局：雙方LP不變") == "結局：\n雙方LP不變"
    assert all(not line.startswith(("、", "。", "ー", "：")) for line in
               wrap("リンクリボーの攻撃力を0にする効果、そして。", 8).split("\n"))
    assert wrap("switch-to-DEF") == "switch-to-DEF"  # one word is never cut
    # a lone " · " ends a line, never starts one (the overview's wider ending lines)
    assert (wrap("B 5000 · Leo Wizard destroyed · Linkuriboh destroyed", 42)
            == "B 5000 · Leo Wizard destroyed ·\nLinkuriboh destroyed")


def test_a_card_name_wider_than_a_line_breaks_after_its_middle_dot_only():
    names = ("レオ・ウィザード", "ヴァレルソード・ドラゴン", "リンクリボー", "ドン・ザルーグ")
    assert wrap("レオ・ウィザード", 14, "ja", names) == "レオ・\nウィザード"
    assert wrap("ヴァレルソード・ドラゴン", 14, "ja", names) == "ヴァレルソード・\nドラゴン"
    assert wrap("レオ・ウィザード守備表示", 14, "ja", names) == "レオ・\nウィザード\n守備表示"
    # a name that fits a line stays whole, its ・ too
    assert wrap("ドン・ザルーグを破壊", 14, "ja", names) == "ドン・ザルーグを\n破壊"


def test_a_diagram_whose_steps_are_clusters_is_ranked_cluster_by_cluster():
    """The Skill Drain example (132 pages) draws its three steps as clusters. Ranked with
    Graphviz's newrank (2.43), the labels of its junction edges beside the clusters lie on
    top of each other ('stop attack' twice, 'ATK gain effect' three times) in every language,
    whatever the search; ranked cluster by cluster they stand apart
    (``tests/test_diagram_text.py`` lays out the diagram the build keeps). A diagram without
    clusters keeps newrank (with it every example's text in English is as large or larger)."""
    clustered = _dot(EXAMPLES / "skill_drain_borrelsword.yaml", layouts=False)[0].source
    assert "subgraph cluster_battle_step" in clustered
    assert "subgraph cluster_before_damage_calculation" in clustered
    assert "newrank" not in clustered
    assert "newrank=true" in _dot(layouts=False)[0].source


def test_a_large_book_of_several_attacks_is_an_overview_plus_one_diagram_per_attack():
    parts = _dot(BATTLE_PHASE)
    # Attack 1 on Linkuriboh, then on Leo Wizard after a replay; the Battle Step after
    # attack 1; Attack 2 on Leo Wizard; the Battle Step after attack 2; the End Step (issue
    # 23: the Battle Step is one part per number of attacks declared, not one for them all,
    # and the parts are numbered in the order of the Battle Phase)
    assert [p.name for p in parts] == ["graph"] + [f"graph.{n}" for n in range(1, 7)]
    overview = parts[0].source
    assert [re.search(r'label="[^"\n]*\n([^"\n]*)', part.source)[1]
            for part in parts[1:]] == [
        "Attack 1: Borrelsword Dragon → Linkuriboh", "Attack 1: Borrelsword Dragon → Leo Wizard",
        "The Battle Step, after attack 1", "Attack 2: Borrelsword Dragon → Leo Wizard",
        "The Battle Step, after attack 2", "The End Step"]
    assert "Attack 1: Borrelsword Dragon → Linkuriboh" in overview
    assert 'URL="graph.1.svg"' in overview and "decides" not in overview
    exploration, book = _book(BATTLE_PHASE, "en")
    drawn = set()
    for part in parts[1:]:
        drawn |= {int(n[1:]) for n in _nodes(part.source) if re.fullmatch(r"p\d+", n)}
        # no label is dropped: every edge but a pass runs through a choice's words (where
        # several pages' equal choices meet, to go on as one edge)
        for head, edge in re.findall(r"^\s*p\d+ -> (\w+) \[(.*?)\]$", part.source,
                                     re.MULTILINE | re.DOTALL):
            assert "style=dashed" in edge or re.fullmatch(r"choice\d+", head)
    assert drawn == {page.number for page in book.pages}


START_STEP = EXAMPLES / "borrelsword_linkuriboh_start_step.yaml"
# the overview's rows (issue 23): each stage of the Battle Phase, in order
START_STEP_ROWS = [
    ["The Start Step"], ["The Battle Step, before the first attack"],
    ["Attack 1: Borrelsword Dragon → Leo Wizard", "Attack 1: Borrelsword Dragon → Linkuriboh"],
    ["The Battle Step, after attack 1"],
    ["Attack 2: Borrelsword Dragon → Leo Wizard", "Attack 2: Borrelsword Dragon → Linkuriboh",
     "Attack 2: Borrelsword Dragon, direct attack"],
    ["The Battle Step, after attack 2"], ["The End Step"],
]


def _overview(lang: str) -> tuple[str, object]:
    exploration, book = _book(START_STEP, lang)
    return diagrams(book, layouts=False)[0].source, book


def _rows(source: str) -> list[list[str]]:
    """The node ids of each ``rank=same`` row of the overview, top to bottom."""
    found = dict(re.findall(r"subgraph (stage\d+|endings) \{\n\s*rank=same\n(.*?)\n\s*\}",
                            source, re.DOTALL))
    names = sorted((n for n in found if n != "endings"), key=lambda n: int(n[5:]))
    return [re.findall(r"^\s*(\w+)", found[name], re.MULTILINE)
            for name in [*names, "endings"]]


@pytest.mark.parametrize("lang", LANGS)
def test_the_start_step_overview_reads_stage_by_stage_with_every_count_on_its_edge(lang):
    """Issue 23: the overview was a hairball (about 100 crossing edges, "×N" labels that
    could not be matched to their edge). Now one row per stage, the endings grouped by
    outcome class in the last row, one edge per pair of boxes, and its count a tag that the
    edge runs through (so it belongs to that edge and no other)."""
    source, book = _overview(lang)
    english, _ = _overview("en")
    nodes = _nodes(source)
    rows = _rows(source)
    assert len(rows) == len(START_STEP_ROWS) + 1  # the stages, then the endings
    # every language has the same rows as English (the ids of the stages are the same)
    assert [[n for n in row if n.startswith("g")] for row in rows] == [
        [n for n in row if n.startswith("g")] for row in _rows(english)]
    if lang == "en":
        tooltips = [sorted(re.search(r'tooltip="([^"]*)"', nodes[n])[1] for n in row
                           if n.startswith("g")) for row in rows[:-1]]
        assert tooltips == START_STEP_ROWS
    endings = rows[-1]
    assert endings == ["end_none", "end_b_loses", "end_a_loses"]  # grouped by outcome class
    listed = sum(int(n) for end in endings for n in re.findall(
        r'<TD ALIGN="RIGHT"[^>]*>\D*(\d+)\D*</TD>', nodes[end]))
    assert listed == sum(page.terminal for page in book.pages) == 58
    # each count is a tag with one edge in and one out; no edge has a label of its own
    edges = re.findall(r"^\s*(\w+) -> (\w+) \[(.*?)\]$", source, re.MULTILINE | re.DOTALL)
    assert not [e for e in edges if "label=" in e[2]]
    tags = {n: int(re.search(r'label="×(\d+)"', a)[1]) for n, a in nodes.items()
            if n.startswith("n")}
    into = [head for _, head, _ in edges if head in tags]
    out_of = [tail for tail, _, _ in edges if tail in tags]
    assert sorted(into) == sorted(out_of) == sorted(tags)  # exactly one of each per tag
    pairs = [(tail, next(h for t, h, _ in edges if t == tag)) for tail, tag, _ in edges
             if tag in tags]
    assert len(pairs) == len(set(pairs)) == len(tags)  # one edge per pair of boxes
    # the counts add up to the book's choices that leave a stage or end the battle
    stage_of = {page.number: index for index, (_, pages) in enumerate(
        diagram_module._Builder(_book(START_STEP, lang)[1], False, "book.html",
                                False).groups(), start=1) for page in pages}
    leaving = sum(1 for page in book.pages for choice in page.choices
                  if book.page(choice.page).terminal
                  or stage_of[choice.page] != stage_of[page.number])
    assert sum(tags.values()) == leaving


@needs_dot
def test_the_overviews_edges_run_through_their_count_tags():
    """Laid out, each count tag is where its two edges meet: the edge into it ends on its
    box and the edge out of it starts there."""
    import json
    import subprocess

    source, _ = _overview("en")
    laid = json.loads(subprocess.run(["dot", "-Tjson"], input=source.encode(),
                                     capture_output=True, check=True).stdout)
    objects = {obj["_gvid"]: obj for obj in laid["objects"]}
    checked = 0
    for edge in laid["edges"]:
        ends = [(edge["head"], -1), (edge["tail"], 0)]
        points = [p for op in edge.get("_draw_", []) if op["op"] == "b" for p in op["points"]]
        for gvid, index in ends:
            tag = objects[gvid]
            if not tag["name"].startswith("n") or not points:
                continue
            x, y = (float(v) for v in tag["pos"].split(","))
            half_w, half_h = float(tag["width"]) * 36 + 3, float(tag["height"]) * 36 + 3
            px, py = points[index]
            assert abs(px - x) <= half_w and abs(py - y) <= half_h, tag["name"]
            checked += 1
    assert checked == 2 * sum(1 for obj in objects.values() if obj["name"].startswith("n"))
    # an edge within a row (attack 1's replay onto Leo Wizard) runs straight: nothing stands
    # between its two boxes and its tag (an edge passing there made it loop over the other)
    where = {obj["name"]: tuple(float(v) for v in obj["pos"].split(","))
             for obj in objects.values() if "pos" in obj}
    joined = {(objects[e["tail"]]["name"], objects[e["head"]]["name"]) for e in laid["edges"]}
    beside = [(a, tag, b) for a, tag in joined for t, b in joined
              if t == tag and tag.startswith("n") and where[a][1] == where[tag][1] == where[b][1]]
    assert beside
    for a, tag, b in beside:
        low, high = sorted((where[a][0], where[b][0]))
        assert low < where[tag][0] < high, tag
        between = [name for name, (x, y) in where.items()
                   if y == where[tag][1] and low < x < high and name != tag]
        assert not between, (a, tag, b, between)


def test_missing_font_warns_when_fontconfig_lists_no_font_for_the_language(tmp_path,
                                                                         monkeypatch):
    fake = tmp_path / "fc-list"
    fake.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert "fonts-noto-cjk" in missing_font("zh-Hant")
    assert missing_font("en") is None


def test_build_in_chinese_warns_on_stderr_without_a_cjk_font(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(diagram_module, "missing_font", lambda lang: f"warning: {lang} font")
    out = tmp_path / "out"
    assert main(["build", str(MODEL), "--out", str(out), "--lang", "zh-Hant",
                 "--format", "md", "--quiet"]) == 0
    assert "warning: zh-Hant font" in capsys.readouterr().err


@needs_dot
@pytest.mark.parametrize("lang", LANGS)
def test_the_model_battles_png_fits_an_article_column_in_every_language(tmp_path, lang):
    pytest.importorskip("PIL")
    if missing_font(lang):
        pytest.skip(f"no font for {lang}: {missing_font(lang)}")
    from diagram_measure import measure

    out = tmp_path / "out"
    assert main(["graph", str(MODEL), "--out", str(out), "--lang", lang, "--quiet"]) == 0
    found = measure(out / "graph.svg")
    print(found.line(lang))
    assert found.png_width <= 1600
    assert found.cap_height >= 10 and found.digit_height >= 10


@needs_dot
def test_svg_nodes_link_to_their_page_and_carry_a_tooltip(tmp_path):
    out = tmp_path / "out"
    assert main(["build", str(MODEL), "--out", str(out), "--format", "html", "--quiet"]) == 0
    svg = (out / "graph.svg").read_text(encoding="utf-8")
    assert 'xlink:href="book.html#p12"' in svg
    assert re.search(r'xlink:title="Page 2&#10;Player B decides', svg)


def test_without_graphviz_the_rank_direction_is_guessed_from_the_graphs_shape(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    exploration, book = _book(MODEL, "en")
    source = diagrams(book)[0].source
    assert "rankdir=TB" in source and "ratio=compress" in source


WHOLE_BATTLE = ROOT / "tests" / "situations" / "whole_battle_phase_man_eater_bug.yaml"


@needs_dot
def test_a_tangled_battle_phase_of_87_pages_is_an_overview_plus_one_part_per_stage():
    """Issue 33: Summoned Skull and Gemini Elf against a face-down Man-Eater Bug, to the end
    of the Battle Phase: 87 pages (under the page limit of a split) were one diagram of 1593×
    1654 px, bundles of edges across the middle and edges from top to bottom (84 pages since
    the rules of issue 35 were fixed: the same tangle). Its whole
    layout is measured above the bound; it is drawn as the overview and one part per stage,
    each of them under the bound."""
    from gamebook.render.diagram import SPLIT_LIMIT, _Builder
    from gamebook.render.layoutfigures import figures
    from gamebook.render.textboxes import layout

    exploration, book = _book(WHOLE_BATTLE, "en")
    assert len(book.pages) == 84 <= SPLIT_LIMIT
    whole = _Builder(book, False, "book.html")
    whole.diagram(book.pages)
    assert whole.figures.over_bound(), whole.figures
    parts = diagrams(book)
    assert [p.name for p in parts][:3] == ["graph", "graph.1", "graph.2"] and len(parts) > 4
    assert 'URL="graph.1.svg"' in parts[0].source
    for part in parts:
        found = figures(layout(part.source))
        assert not found.over_bound() and not found.stray_labels, (part.name, found)


SKILL_DRAIN = EXAMPLES / "skill_drain_borrelsword.yaml"


@needs_dot
def test_a_book_of_one_stage_too_wide_to_read_is_cut_into_parts_by_its_first_choices():
    """Issue 33: the Skill Drain example, 132 pages of one attack, was one diagram that
    Graphviz shrank to 0.41 of its size to fit 1,600 px, its capitals 6.4 px in its own PNG.
    It is an overview and parts, cut by the choices of its first pages, each of them with
    capitals of at least 10 px; every decision is drawn in exactly one part, the overview
    links to every part, and a part is named by the choice it starts from."""
    from gamebook.render.diagram import MIN_CAPITAL, _Builder, capital_px
    from gamebook.render.textboxes import layout, scale

    exploration, book = _book(SKILL_DRAIN, "en")
    assert len(book.pages) == 132
    whole = _Builder(book, False, "book.html")
    whole.diagram(book.pages, clusters=True)
    assert capital_px(whole.scale) < MIN_CAPITAL  # what one diagram would be
    parts = diagrams(book)
    assert parts[0].name == "graph" and len(parts) > 3
    for part in parts:
        assert capital_px(scale(layout(part.source))) >= MIN_CAPITAL, part.name
    drawn = [int(number) for part in parts[1:]
             for number in re.findall(r"^\tp(\d+) \[label=\d+ ", part.source, re.MULTILINE)]
    assert sorted(drawn) == [page.number for page in book.pages if not page.terminal]
    for part in parts[1:]:
        assert f'URL="{part.name}.svg"' in parts[0].source
    titles = " ".join(part.source for part in parts[1:])
    assert "Attack 1: Borrelsword Dragon, after pass (page 3)" in titles


def test_the_layout_figures_count_crossings_long_edges_and_stray_labels():
    """The figures themselves, on layouts made for them."""
    from gamebook.render.layoutfigures import figures, lines, stray_labels

    def edge(tail: int, head: int, points, label=None):
        found = {"tail": tail, "head": head, "_gvid": tail * 10 + head,
                 "_draw_": [{"op": "b", "points": points}]}
        if label:
            x, y = label
            found["_ldraw_"] = [{"op": "F", "size": 16.0},
                                {"op": "T", "pt": [x, y], "align": "c", "width": 40.0,
                                 "text": "words"}]
        return found

    nodes = [{"_gvid": n, "name": f"p{n}", "pos": pos}
             for n, pos in enumerate(["0,300", "100,300", "0,200", "100,200", "0,0"])]
    straight = [[0, 300], [0, 280], [0, 220], [0, 200]]
    across = [[100, 300], [80, 270], [40, 240], [0, 200]]
    laid_out = {"objects": nodes, "edges": [
        edge(0, 3, [[0, 300], [40, 260], [60, 240], [100, 200]], label=(90, 250)),
        edge(1, 2, across), edge(2, 4, [[0, 200], [0, 120], [0, 80], [0, 0]])]}
    found = figures(laid_out)
    assert found.crossings == 1 and found.edges == 3
    # p2 -> p4 runs two ranks down: long only past more than two
    assert found.long_edges == 0
    # the words of p0 -> p3 sit at (90, 250), against p1 -> p2, 20 pt from their own line
    assert stray_labels(laid_out, lines(laid_out))[0][1:] == ("p0->p3#3", "p1->p2#12")
    laid_out["edges"][0]["_ldraw_"][1]["pt"] = [50, 230]  # on its own line
    laid_out["edges"][1]["_draw_"][0]["points"] = straight
    assert not stray_labels(laid_out, lines(laid_out))


def test_an_svg_is_never_drawn_so_narrow_that_its_capitals_fall_under_10_px():
    """Issue 33: the article's column (52rem) drew the Battle Phase diagram 830 px wide, its
    capitals 8 px high. The SVG carries the narrowest width that keeps them 10 px high."""
    from gamebook.render.diagram import CAP_RATIO, readable_svg

    svg = ('<svg width="1195pt" height="900pt" viewBox="0.00 0.00 1195.00 900.00">'
           '<g transform="scale(0.5 0.5) rotate(0) translate(4 1796)">'
           '<text font-size="16.00">A</text></g></svg>')
    width = float(re.search(r"min-width: (\d+)px", readable_svg(svg))[1])
    # 16 pt at a scale of 0.5, 4/3 px a pt: 10.7 px a letter, its capital 7.8 px
    capital = 16 * 0.5 * (1195 * 4 / 3) / 1195 * CAP_RATIO * width / (1195 * 4 / 3)
    assert 10 <= capital < 10.1
    large = svg.replace("scale(0.5 0.5)", "scale(1 1)")
    # its capitals 15.6 px at its own size: it may be drawn down to 1,024 px, never above it
    assert 'style="min-width: 1024px; max-width: 1594px"' in readable_svg(large)


# -- the node and edge statements written without the library's methods ----------------------

_DOT_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12) | \
    st.sampled_from(["p1", "node", "edge", "-4.2", "<b>x</b>", "a\\", 'say "hi"', "", "#888888",
                     "Page 12\nB to move\nChain: Mirror Force, then \"Sakuretsu Armor\"",
                     "<" + "a long label, quoted each time it is written " * 2 + ">"])
_VALUES = _DOT_TEXT | _DOT_TEXT.map(graphviz.escape) | st.none()


@pytest.mark.filterwarnings("ignore:expect syntax error")  # a trailing backslash, both ways
@settings(max_examples=300, deadline=None)
@given(name=_DOT_TEXT, head=_DOT_TEXT, label=_VALUES,
       attributes=st.dictionaries(st.sampled_from(["tooltip", "color", "URL", "class", "style",
                                                   "minlen", "fillcolor"]), _VALUES,
                                  max_size=4))
def test_statements_write_the_lines_of_the_library(name: str, head: str, label: str | None,
                                                    attributes: dict) -> None:
    """Diagrams write their nodes and edges with Statements (a quoted value is kept, not
    quoted again): the lines are the ones graphviz's own node and edge write, byte for byte,
    whatever the text (HTML-like, escaped, keywords, quotes, backslashes)."""
    library = graphviz.Digraph()
    ours = graphviz.Digraph()
    statements = diagram_module.Statements()
    for _ in range(2):  # the second time from what was kept
        library.node(name, label=label, **attributes)
        statements.node(ours, name, label=label, **attributes)
        if ":" not in name + head:  # a node id with a port: not one that diagrams write
            library.edge(name, head, label=label, **attributes)
            statements.edge(ours, name, head, label=label, **attributes)
    assert ours.source == library.source
