"""The rules reference: complete, translated, in step with docs/rules.md, and linked.

Every R-number the engine or a catalog cites must have an entry in
``gamebook/book/rulebook.yaml`` with a summary in every book language; ``docs/rules.md`` is
rendered from that file; the books end with the rules they cite, and every R-number in
book.html links to an entry of its appendix. Nothing the project ships points outside the
repository.
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

from gamebook.book import catalog, rulebook
from gamebook.book.rulebook import (
    CITATION,
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


def test_every_rule_from_r1_on_has_an_id_and_an_entry_in_its_section():
    book = load_rulebook()
    numbers = sorted(rule.number for rule in book.rules.values())
    assert numbers == list(range(1, len(book.rules) + 1))  # no number left out or twice
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", rule_id) for rule_id in book.rules)
    in_sections = [rule for section in book.sections for rule in section.rules]
    assert sorted(in_sections) == sorted(book.rules) and len(set(in_sections)) == len(in_sections)
    for section in book.sections:  # each section lists its rules in order
        numbered = [book.rule(r).number for r in section.rules]
        assert numbered == sorted(numbered)
    assert set(book.teaching_order) <= set(book.rules)


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


def _code_citations() -> set[str]:
    """The rule ids the engine and the book cite in code: a refusal's ``(rule, reason,
    args)``, a ``Note``'s rule, a function ``*_rule`` returns, a ``*_RULE(S)`` table."""
    reasons = {key.split(".", 1)[1] for key in catalog.messages("en") if key.startswith("reason.")}
    found = set()

    def strings(node: ast.AST) -> set[str]:
        return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant)
                and isinstance(n.value, str)}

    for folder in ("gamebook/rules", "gamebook/book"):
        for path in (REPO / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Tuple) and len(node.elts) == 3
                        and all(isinstance(e, ast.Constant) and isinstance(e.value, str)
                                for e in node.elts[:2]) and node.elts[1].value in reasons):
                    found.add(node.elts[0].value)
                elif (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Note"
                      and len(node.args) > 4 and isinstance(node.args[4], ast.Constant)
                      and node.args[4].value is not None):
                    found.add(node.args[4].value)
                elif isinstance(node, ast.FunctionDef) and node.name.endswith("_rule"):
                    found |= {s for r in ast.walk(node) if isinstance(r, ast.Return)
                              and r.value is not None for s in strings(r.value)}
                elif (isinstance(node, ast.Assign) and len(node.targets) == 1
                      and getattr(node.targets[0], "id", "").endswith(("_RULE", "_RULES"))):
                    value = node.value
                    found |= strings(ast.Dict(keys=[], values=value.values)
                                     if isinstance(value, ast.Dict) else value)
    return found


def test_every_rule_the_code_or_a_catalog_cites_is_in_the_reference():
    in_code = _code_citations()
    assert len(in_code) >= 25  # the scan finds the engine's reasons (28 rules today)
    texts = [path.read_text(encoding="utf-8")
             for path in [*(REPO / "gamebook/book/catalogs").glob("*.po"),
                          *(REPO / "gamebook/book").glob("rulebook*.yaml"),
                          *(REPO / "gamebook/rules").rglob("*.py")]]
    in_texts = {match.group(1) for text in texts for match in CITATION.finditer(text)}
    assert (in_code | in_texts) - set(load_rulebook().rules) == set()


def _literal_numbers(path: Path) -> list[str]:
    """The R-numbers in a module's string literals, docstrings aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [f"{path.name}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings and RULE_NUMBER.search(node.value)]


def test_rules_are_cited_by_id_not_by_number_in_code_and_catalogs():
    """A renumbering changes rulebook.yaml alone: the engine, the book and the catalogs
    cite ids (comments and docstrings may still say "(R18)" to a reader)."""
    numbered = [found for folder in ("gamebook/rules", "gamebook/book", "gamebook/render",
                                     "gamebook/explore")
                for path in sorted((REPO / folder).rglob("*.py"))
                for found in _literal_numbers(path)]
    numbered += [f"{path.name}:{number}" for path in (REPO / "gamebook/book/catalogs").glob("*.po")
                 for line in path.read_text(encoding="utf-8").splitlines()
                 if not line.startswith("#") for number in RULE_NUMBER.findall(line)]
    assert numbered == []


def test_renumbering_the_rulebook_renumbers_every_citation(tmp_path, monkeypatch):
    """Numbers given in reverse in a copy of the rulebook: the reference, the catalogs and
    the citations inside the rules follow; nothing else had to change."""
    for path in (REPO / "gamebook/book").glob("rulebook*.yaml"):
        shutil.copy(path, tmp_path / path.name)
    total = len(load_rulebook().rules)
    last = max(load_rulebook().rules.values(), key=lambda rule: rule.number)  # R1 in the copy
    copy = tmp_path / "rulebook.yaml"
    copy.write_text(re.sub(r"^    number: (\d+)$",
                           lambda m: f"    number: {total + 1 - int(m.group(1))}",
                           copy.read_text(encoding="utf-8"), flags=re.MULTILINE),
                    encoding="utf-8")
    monkeypatch.setattr(rulebook, "RULEBOOK", copy)
    caches = (rulebook.load_rulebook, catalog.messages, catalog.nested)
    for cached in caches:
        cached.cache_clear()
    try:
        book = rulebook.load_rulebook()
        assert book.label("spell_speeds") == f"R{total}"
        assert book.rule("chain_resolution").statement.endswith(
            f"({book.label('card_gone')}); events it causes are collected and dealt with "
            f"after the chain ({book.label('events_during_a_chain')}).")
        text = rulebook.render_reference()
        assert f"### R{total}. Spell speeds" in text and f"### R1. {last.title}" in text
        pending = catalog.messages("ja")["reason.replay_choice_pending"]
        assert f"（{book.label('replay_choice')}）" in pending
    finally:
        for cached in caches:
            cached.cache_clear()


def test_tests_named_after_a_rule_name_one_of_the_rulebook():
    """A rule's tests are named after its R-number (``test_r39_…``); the number is read
    through the rulebook, so every name must still find its rule."""
    numbers = {rule.number for rule in load_rulebook().rules.values()}
    named = {int(n) for path in (REPO / "tests").glob("test_*.py")
             for names in re.findall(r"^def test_((?:r\d+_)+)", path.read_text(encoding="utf-8"),
                                     re.MULTILINE)
             for n in re.findall(r"r(\d+)_", names)}
    assert named - numbers == set()


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
        words = book.labelled[rule_id].text(lang)
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
