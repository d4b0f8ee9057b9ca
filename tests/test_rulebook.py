"""The rules reference: complete, translated, in step with docs/rules.md, and linked.

Every R-number the engine or a catalog cites must have an entry in
``gamebook/book/rulebook.yaml`` with a summary in every book language; ``docs/rules.md`` is
rendered from that file; the books end with the rules they cite, and every R-number in
book.html links to an entry of its appendix. Nothing the project ships points outside the
repository.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamebook.book.rulebook import (
    RULE_NUMBER,
    TRANSLATED,
    cited,
    load_rulebook,
    reference_targets,
    render_reference,
    translated,
)
from gamebook.cli.entry import main

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "borrelsword_linkuriboh.yaml"
LANGS = ("en", "zh-Hant", "zh-Hans", "ja")


def test_every_rule_from_r1_on_has_an_entry_in_its_section():
    book = load_rulebook()
    expected = [f"R{n}" for n in range(1, len(book.rules) + 1)]  # no number left out
    assert sorted(book.rules, key=lambda r: int(r[1:])) == expected
    in_sections = [rule for section in book.sections for rule in section.rules]
    assert sorted(in_sections) == sorted(book.rules) and len(set(in_sections)) == len(in_sections)
    for section in book.sections:  # each section lists its rules in order
        assert [int(r[1:]) for r in section.rules] == sorted(int(r[1:]) for r in section.rules)


def test_every_rule_has_a_summary_in_every_language_and_its_parts():
    for rule in load_rulebook().rules.values():
        summaries = dict(rule.summaries)
        assert sorted(summaries) == sorted(LANGS), rule.id
        assert all(text.strip() for text in summaries.values()), rule.id
        assert rule.title and rule.statement and rule.example and rule.sources, rule.id
        assert "\n" not in summaries["en"], rule.id


def test_translated_summaries_use_full_width_punctuation():
    for rule in load_rulebook().rules.values():
        for lang, text in rule.summaries:
            if lang != "en":
                assert not re.search(r"[,.:;()!?]", text), (rule.id, lang)


def test_every_rule_the_code_or_a_catalog_cites_is_in_the_reference():
    texts = [path.read_text(encoding="utf-8")
             for folder in ("gamebook/rules", "gamebook/book/catalogs")
             for path in (REPO / folder).iterdir() if path.suffix in (".py", ".po")]
    missing = set(cited(texts)) - set(load_rulebook().rules)
    assert missing == set()


def test_docs_rules_md_is_rendered_from_the_rulebook():
    """Regenerate with: python -m gamebook.book.rulebook"""
    assert (REPO / "docs" / "rules.md").read_text(encoding="utf-8") == render_reference()


def test_every_translated_reference_page_is_rendered_from_its_yaml():
    """Regenerate with: python -m gamebook.book.rulebook"""
    targets = reference_targets()
    assert "rules.md" in {path.name for path in targets}
    for path, text in targets.items():
        assert path.read_text(encoding="utf-8") == text, path.name


TRANSLATIONS = [lang for lang in TRANSLATED if translated(lang)]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_rule_has_its_title_statement_example_and_sources_in_the_language(lang):
    missing = []
    for rule in load_rulebook().rules.values():
        words = dict(rule.texts).get(lang)
        if words is None or not all((words.title, words.statement, words.example,
                                     words.sources)):
            missing.append(rule.id)
    assert missing == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translated_rule_cites_the_rules_its_english_cites(lang):
    differ = {}
    for rule in load_rulebook().rules.values():
        words = rule.text(lang)
        english = sorted(set(RULE_NUMBER.findall(rule.statement + rule.example)))
        own = sorted(set(RULE_NUMBER.findall(words.statement + words.example)))
        if english != own:
            differ[rule.id] = (english, own)
    assert differ == {}


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translated_reference_has_no_english_sentence(lang):
    text = render_reference(lang)
    prose = re.sub(r"`[^`]*`|\([^)]*\.md[^)]*\)|<!--.*?-->|\(#[^)]*\)", "", text)
    english = re.findall(r"\b[A-Za-z]{3,}(?: [A-Za-z]{3,}){2,}\b", prose)
    assert english == []
    sentences = [line for line in prose.splitlines() if not line.startswith(("#", "- ["))]
    assert [line for line in sentences if re.search(r"[,.:;!?] ", line)] == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_article_explains_every_rule_point_with_its_name_and_full_text(tmp_path, lang):
    out = tmp_path / "article"
    assert main(["article", str(EXAMPLE), "--out", str(out), "--lang", lang, "-q"]) == 0
    text = (out / "article.md").read_text(encoding="utf-8")
    book = load_rulebook()
    points = re.findall(r"^\d+\. \*\*(R\d+) ([^*]+)\*\*", text, re.MULTILINE)
    assert len(points) >= 20
    for rule_id, title in points:
        words = book.rule(rule_id).text(lang)
        assert title == words.title
        assert words.statement in text, rule_id
    assert f"docs/rules.{lang}.md" in text and "docs/rules.md" not in text


def test_the_reference_explains_both_presets():
    text = render_reference()
    assert "## The two rules presets" in text
    assert "**seed (the default)**" in text and "**flowchart**" in text


def test_the_reference_names_sources_by_what_they_are_not_by_file():
    text = render_reference()
    assert not re.search(r"\bS00\d\b|seeds/|\.txt\b|RULES\.md|shared/", text)
    assert "Konami's published timing flowchart" in text


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("rulebook") / "book"
    assert main(["build", str(EXAMPLE), "--out", str(out), "--no-images"]) == 0
    return out


def test_book_md_ends_with_the_rules_it_cites(built):
    text = (built / "book.md").read_text(encoding="utf-8")
    pages, _, appendix = text.partition("\n## The rules cited in this book\n")
    assert appendix, "book.md has no appendix of rules"
    listed = re.findall(r"^- \*\*(R\d+) ", appendix, re.MULTILINE)
    assert listed == sorted(set(cited([pages])), key=lambda r: int(r[1:]))


def test_every_rule_number_in_book_html_links_to_its_appendix_entry(built):
    html = (built / "book.html").read_text(encoding="utf-8")
    main_part = html.split('<section class="appendix"')[0]
    links = set(re.findall(r'href="#rule-(R\d+)"', html))
    anchors = set(re.findall(r'id="rule-(R\d+)"', html))
    assert links and links <= anchors
    text_only = re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)>.*?</\1>", "", main_part,
                                                flags=re.S))
    unlinked = set(RULE_NUMBER.findall(text_only))
    linked = {r[1:] for r in re.findall(r'<a class="rule" href="#rule-R\d+">(R\d+)</a>',
                                        main_part)}
    assert {f"R{n}" for n in unlinked} == {f"R{n}" for n in linked}


def test_nothing_shipped_links_outside_the_repository(built):
    shipped = [REPO / "README.md", *(REPO / "docs").glob("*.md"),
               *(built / name for name in ("book.md", "book.html"))]
    for path in shipped:
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text and "RULES.md" not in text, path.name
        assert not re.search(r"\]\(\.\./", text), path.name
