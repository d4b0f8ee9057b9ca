"""The teaching article, ``gamebook diff`` and output folders per rules preset.

The article of the model battle must explain every rule the hand-written walkthrough
explains (the order of simultaneous effects and no going back, two passes end a timing,
Quick Effects in the Battle Step, priority passing, Threatening Roar against an attack
already declared, a replay is not an attack declaration), each with a page of its book that
shows it, and no rule the graph never used; its outcome table counts what the audit counts.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gamebook.audit.report import audit
from gamebook.book.article import build_article, used_rules
from gamebook.book.pages import build_book, narrator_for
from gamebook.book.rulebook import cite
from gamebook.cli.build import default_output
from gamebook.cli.entry import main
from gamebook.explore.explorer import explore
from gamebook.situation.load import load_situation

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "borrelsword_linkuriboh.yaml"

# What the hand-written explanation teaches, as the rules that say it.
WALKTHROUGH_POINTS = {
    "SEGOC order and no going back": {"segoc", "no_going_back"},
    "both passing ends a timing": {"two_passes"},
    "Quick Effects start new chains in the Battle Step": {"battle_step_with_attack"},
    "priority passing": {"turn_player_first", "activating_passes_priority"},
    "Threatening Roar cannot stop an attack already declared": {"cannot_declare_an_attack"},
    "a replay is not an attack declaration": {"replay_choice"},
}


@pytest.fixture(scope="module")
def exploration():
    return explore(load_situation(EXAMPLE), "seed")


@pytest.fixture(scope="module")
def article(exploration):
    return build_article(exploration, build_book(exploration, "en"))


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("article") / "en"
    assert main(["article", str(EXAMPLE), "--out", str(out), "-q", "--compare-rules"]) == 0
    return out


def test_the_field_picture_draws_the_opponents_row_from_across_the_table(article):
    """B's Leo Wizard (m2) and Linkuriboh (m3) seen from A's seat: B's m1 is on A's right,
    so m2 is the fourth column and m3 the third; A's own rows read m1 to m5 from the left."""
    back_b, main_b, extra, main_a, back_a = article.picture
    assert [zone.card for zone in main_b.zones] == ["", "", "Linkuriboh", "Leo Wizard", ""]
    assert [zone.card for zone in back_b.zones] == ["", "", "Threatening Roar", "", ""]
    assert [zone.card for zone in extra.zones] == ["", "Borrelsword Dragon", "", "", ""]
    assert [zone.card for zone in main_a.zones] == [""] * 5
    assert main_b.label.startswith("Player B") and main_a.label.startswith("Player A")


@pytest.mark.parametrize("lang, detail", [("en", "face-down Defense Position"),
                                          ("ja", "裏側守備表示"), ("zh-Hant", "裏側守備表示")])
def test_the_field_picture_names_a_face_down_monster_and_says_it_is_face_down(lang, detail):
    """Man-Eater Bug is Set: its owner knows it, and the reader has the situation file; the
    picture names it and says "face-down", not a bare "?"."""
    found = explore(load_situation(REPO / "examples" / "man_eater_bug.yaml"), "seed")
    picture = build_article(found, build_book(found, lang)).picture
    zones = [zone for row in picture for zone in row.zones if zone.card]
    assert "?" not in [zone.card for zone in zones]
    bug = [zone for zone in zones if zone.detail == detail]
    assert len(bug) == 1 and "face-down" in bug[0].css.split()
    assert bug[0].card == narrator_for(found, lang).card("man_eater_bug")


def test_the_field_picture_breaks_a_card_name_only_after_its_middle_dot(tmp_path):
    """A narrow box breaks レオ・ウィザード between its words, never inside one."""
    out = tmp_path / "ja"
    assert main(["article", str(EXAMPLE), "--out", str(out), "-q", "--lang", "ja"]) == 0
    html = (out / "article.html").read_text(encoding="utf-8")
    picture = html[html.index('<table class="picture">'):]
    picture = picture[:picture.index("</table>")]
    assert "レオ・<wbr>ウィザード<small>" in picture
    assert "ヴァレルソード・<wbr>ドラゴン<small>" in picture
    assert "overflow-wrap: anywhere" not in html  # no break inside a word when narrow


def test_the_explanation_covers_what_the_walkthrough_explains(article):
    explained = {point.rule for point in article.points}
    missing = {what: rules - explained for what, rules in WALKTHROUGH_POINTS.items()
               if rules - explained}
    assert missing == {}


def test_the_explanation_explains_no_rule_the_graph_never_used(article, exploration):
    used = used_rules(article.book, exploration, narrator_for(exploration, "en"))
    assert {point.rule for point in article.points} == set(used)
    for never in ("flip_effects", "missing_the_timing", "no_longer_attacking",  # not in
                  "damage_step_start", "during_damage_calculation",  # this battle
                  "battling_monster_leaves", "end_step"):
        assert never not in used


def test_each_point_quotes_a_line_of_the_page_it_names(article):
    for point in article.points:
        page = article.book.page(point.page)
        text = " ".join([*(line for a in page.arrivals for line in a.lines), *page.then,
                         *page.can, *page.cannot, *page.ending, "; ".join(page.chain)])
        assert point.quote in text, point.rule


def test_points_come_in_the_order_a_reader_needs_them(article):
    order = [point.rule for point in article.points]
    needed = ["trigger_effects", "segoc", "two_passes", "battle_step_with_attack",
              "turn_player_first", "cannot_declare_an_attack", "replay_choice"]
    assert [order.index(rule) for rule in needed] == sorted(order.index(rule) for rule in needed)


def test_the_outcome_table_counts_what_the_audit_counts(article, exploration):
    report = audit(exploration)
    assert len(article.outcomes) == report.distinct_outcomes
    assert sum(row.paths for row in article.outcomes) == report.paths_to_endings
    endings = sorted(page for row in article.outcomes for page in row.pages)
    assert endings == [page.number for page in article.book.pages if page.terminal]


def test_the_outcome_table_lists_banished_cards_and_each_hand(tmp_path):
    """Gemini Elf banished by Bottomless Trap Hole, or still in the hand when A never
    Summons it: a row must say where it is, not let it vanish."""
    situation = REPO / "examples" / "gemini_elf_bottomless_trap_hole.yaml"
    exploration = explore(load_situation(situation))
    rows = build_article(exploration, build_book(exploration, "en")).outcomes
    assert any(row.banished == "Gemini Elf" for row in rows)
    assert any(row.hand == "Player A: Gemini Elf" for row in rows)
    for row in rows:  # a row where Gemini Elf is neither on the field, in the GY, banished
        assert "Gemini Elf" in row.monsters + row.graveyard + row.banished + row.hand, row
    out = tmp_path / "en"
    assert main(["article", str(situation), "--out", str(out), "-q"]) == 0
    header = next(line for line in (out / "article.md").read_text(encoding="utf-8").splitlines()
                  if line.startswith("| # |"))
    assert "| Graveyard | Banished | Hand |" in header
    assert "<th>Banished</th><th>Hand</th>" in (out / "article.html").read_text(encoding="utf-8")


def test_article_md_has_problem_cards_explanation_outcomes_then_the_book(written):
    text = (written / "article.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (\D.*)$", text, re.MULTILINE)
    diagram = ["The decision diagram"] if shutil.which("dot") else []  # drawn with Graphviz
    assert headings == ["The problem", "The cards", "The rules this battle uses",
                        "Every way the battle can end", "Where the two readings differ",
                        *diagram, "The book", "The rules cited in this book"]
    assert "Threatening Roar (Set)" in text and "Leo Wizard 1350/1200" in text
    assert "In this battle, page " in text
    assert "\n## 56\n" in text


def test_every_rule_number_in_article_html_links_to_an_entry(written):
    html = (written / "article.html").read_text(encoding="utf-8")
    links = set(re.findall(r'href="#rule-(R\d+)"', html))
    anchors = set(re.findall(r'id="rule-(R\d+)"', html))
    assert links and links <= anchors
    pages = set(re.findall(r'href="#p(\d+)"', html))
    assert pages <= set(re.findall(r'id="p(\d+)"', html))


def test_the_article_in_traditional_chinese_has_no_english_sentences(tmp_path):
    out = tmp_path / "zh"
    assert main(["article", str(EXAMPLE), "--out", str(out), "--lang", "zh-Hant", "-q"]) == 0
    text = (out / "article.md").read_text(encoding="utf-8")
    for english in ("Player A", "In this battle", "The problem", "cannot activate", "passes"):
        assert english not in text


def test_the_article_is_written_the_same_twice(tmp_path):
    for name in ("one", "two"):
        assert main(["article", str(EXAMPLE), "--out", str(tmp_path / name), "-q"]) == 0
    for file in ("article.md", "article.html"):
        assert (tmp_path / "one" / file).read_bytes() == (tmp_path / "two" / file).read_bytes()


def test_diff_lists_where_the_presets_differ_with_the_rule(capsys):
    code = main(["diff", str(EXAMPLE), "--rules", "seed", "--rules", "flowchart", "-q"])
    out = capsys.readouterr().out
    assert code == 1
    assert "only in seed: Activate Threatening Roar → page 5" in out
    assert "why not in flowchart: Player B cannot activate Threatening Roar" in out
    assert cite("(R:event_window, flowchart reading)") in out


def test_diff_needs_two_different_presets(capsys):
    assert main(["diff", str(EXAMPLE), "--rules", "seed", "--rules", "seed"]) == 2
    assert "two different presets" in capsys.readouterr().err


def test_a_preset_other_than_the_situations_gets_its_own_folder():
    assert default_output("battle", "en") == Path("output/battle")
    assert default_output("battle", "en", "seed", "seed") == Path("output/battle")
    assert default_output("battle", "en", "flowchart", "seed") == Path("output/battle.flowchart")
    assert default_output("battle", "zh-Hant", "flowchart") == Path(
        "output/battle.zh-Hant.flowchart")
    assert default_output("battle", "ja", "seed", "flowchart") == Path("output/battle.ja.seed")


def test_build_and_article_with_another_preset_write_beside_the_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["build", str(EXAMPLE), "--rules", "flowchart", "--no-images", "-q"]) == 0
    assert main(["article", str(EXAMPLE), "--rules", "flowchart", "-q"]) == 0
    folder = tmp_path / "output" / "borrelsword_linkuriboh.flowchart"
    assert (folder / "book.md").exists() and (folder / "article.md").exists()
    assert not (tmp_path / "output" / "borrelsword_linkuriboh").exists()


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' is missing")
def test_the_article_carries_its_decision_diagram(written):
    """Issue 23: article.html draws the diagram inline, each page linking to its page in
    the article; article.md shows article.svg, written beside it."""
    html = (written / "article.html").read_text(encoding="utf-8")
    figure = re.search(r'<figure class="diagram" id="diagram-0">(.*?)</figure>', html, re.DOTALL)
    assert figure and figure[1].lstrip().startswith("<svg")
    assert 'xlink:href="#p12"' in figure[1] and "<?xml" not in html and "<!DOCTYPE svg" not in html
    assert "![The decision diagram](article.svg)" in (written / "article.md").read_text("utf-8")
    assert 'xlink:href="article.html#p12"' in (written / "article.svg").read_text("utf-8")


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' is missing")
def test_an_inline_diagram_escapes_the_situations_words(tmp_path):
    source = EXAMPLE.read_text(encoding="utf-8").replace(
        "title: Borrelsword Dragon attacks Linkuriboh",
        'title: "<script>alert(1)</script> & </figure>"', 1)
    situation = tmp_path / "hostile.yaml"
    situation.write_text(source, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["article", str(situation), "--out", str(out), "-q"]) == 0
    figure = re.search(r'<figure class="diagram" id="diagram-0">(.*?)</figure>',
                       (out / "article.html").read_text(encoding="utf-8"), re.DOTALL)[1]
    assert "<script>" not in figure and "&lt;script&gt;" in figure


def test_cards_come_in_the_order_of_play(article):
    """The turn player's attacker first, then the defender's cards, then the rest."""
    assert [card.name for card in article.cards] == [
        "Borrelsword Dragon", "Linkuriboh", "Leo Wizard", "Threatening Roar"]


def test_each_rule_is_told_once(article):
    """The numbered points carry their rules' text; the appendix lists only the rules the
    book cites that no point explains."""
    explained = {point.label for point in article.points}
    appendix = {entry.label for entry in article.book.appendix}
    assert explained and not explained & appendix


def test_no_sentence_points_at_a_section_the_article_does_not_have(tmp_path):
    """R23 said "see the presets below", and nothing followed without --compare-rules."""
    out = tmp_path / "plain"
    assert main(["article", str(EXAMPLE), "--out", str(out), "-q"]) == 0
    text = (out / "article.md").read_text(encoding="utf-8")
    assert "Where the two readings differ" not in text
    assert not re.search(r"\b(see|shown|listed)\b[^.]*\bbelow\b", text, re.IGNORECASE)


MAIN_PHASE_EXAMPLE = REPO / "examples" / "borrelsword_main_phase.yaml"


@pytest.mark.parametrize("lang, first_sentence", [
    ("en", "The battle starts in Main Phase 1, so the first 4 explain the Main Phase"),
    ("zh-Hant", "這場戰鬥從主要階段1開始，所以前4條先說明主要階段"),
])
def test_a_main_phase_battle_explains_the_main_phase_before_the_attack(tmp_path, lang,
                                                                      first_sentence):
    """Issue 34: a battle that starts in Main Phase 1 is explained in the order it is
    played: the open game state (R129), the Spell and its Set (R8, R141) and how passing
    enters the Battle Phase (R30) come first, the rules of the attack after them."""
    out = tmp_path / lang
    assert main(["article", str(MAIN_PHASE_EXAMPLE), "--out", str(out), "--lang", lang,
                 "-q"]) == 0
    text = (out / "article.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.MULTILINE)
    rules = next(section for section in sections
                 if re.search(r"^1\. \*\*R\d+", section, re.MULTILINE))
    assert first_sentence in rules
    points = re.findall(r"^\d+\. \*\*(R\d+)", rules, re.MULTILINE)
    assert points[:4] == ["R129", "R8", "R141", "R30"]
    assert points.index("R4") > 3 and points.index("R50") > 3  # a Trigger, damage: later
    html = (out / "article.html").read_text(encoding="utf-8")
    assert first_sentence in html


def test_a_battle_step_start_keeps_the_attack_first(article):
    """The order of an attack's battle is unchanged: no Main Phase sentence, R4 first."""
    assert article.main_phase_rules == 0
    assert article.points[0].label == "R4"
