"""Each language's rules terms, used the same way in its message catalog and its rules
reference.

``gamebook/book/catalogs/glossary.<lang>.yaml`` lists, per English rules term, the word the
language uses (連鎖, 优先权, チェーン) and variants that must not appear (another script's
form, a community word). The catalog (the books' words), the rulebook's one-line summaries
and the translated rules reference of that language must all use the term and none of its
variants.

The same holds in what a reader reads: for each concept, one form per language over every
example built in that language (its title and description included, checked in the example
files too); every other form fails with its count and first place.

The books themselves are read too: every example is built in each language (with the model
battle's article), and its pages carry no Latin-script word a reader would not understand
(an internal name, a variable, an English abbreviation), only the labels the books define:
players A and B, chain links c1, rule numbers R1, stages S1, and LP where the language uses it.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from gamebook.book.catalog import read_po
from gamebook.book.rulebook import RULEBOOK, translation_file
from gamebook.cli.entry import main

REPO = Path(__file__).resolve().parents[1]
CATALOGS = REPO / "gamebook" / "book" / "catalogs"
GLOSSARIES = sorted(CATALOGS.glob("glossary.*.yaml"))
EXAMPLES = sorted((REPO / "examples").glob("*.yaml"))
MODEL_BATTLE = REPO / "examples" / "borrelsword_linkuriboh.yaml"
CJK = ("zh-Hant", "zh-Hans", "ja")


def _texts(lang: str) -> dict[str, str]:
    """``{where: text}`` of every translated text of ``lang``."""
    texts = {f"{lang}.po {key}": text for key, (_, text) in read_po(lang).items()}
    rulebook = yaml.safe_load(RULEBOOK.read_text(encoding="utf-8"))
    texts.update({f"rulebook.yaml {rule_id} summary": entry["summary"][lang]
                  for rule_id, entry in rulebook["rules"].items()})
    if translation_file(lang).exists():
        page = yaml.safe_load(translation_file(lang).read_text(encoding="utf-8"))
        for rule_id, entry in page["rules"].items():
            texts.update({f"{translation_file(lang).name} {rule_id} {part}": entry[part]
                          for part in ("title", "statement", "example", "sources")})
        texts[f"{translation_file(lang).name} intro"] = page["intro"]
        texts.update({f"{translation_file(lang).name} presets {name}": str(value)
                      for name, value in page["presets"].items()})
    return texts


def _glossary(path: Path) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["terms"]


def test_every_book_language_but_english_has_a_glossary():
    assert [p.name for p in GLOSSARIES] == [
        f"glossary.{lang}.yaml" for lang in sorted(("zh-Hant", "zh-Hans", "ja"))]


@pytest.mark.parametrize("path", GLOSSARIES, ids=lambda p: p.stem.split(".", 1)[1])
def test_no_forbidden_variant_of_a_term_appears(path):
    lang = path.stem.split(".", 1)[1]
    texts = _texts(lang)
    found = [(term["en"], variant, where) for term in _glossary(path)
             for variant in term["not"] for where, text in texts.items() if variant in text]
    assert found == []


@pytest.mark.parametrize("path", GLOSSARIES, ids=lambda p: p.stem.split(".", 1)[1])
def test_every_term_of_the_glossary_is_used(path):
    lang = path.stem.split(".", 1)[1]
    everything = "\n".join(_texts(lang).values())
    assert [term["en"] for term in _glossary(path) if term["use"] not in everything] == []


@pytest.mark.parametrize("path", GLOSSARIES, ids=lambda p: p.stem.split(".", 1)[1])
def test_a_variant_never_contains_the_term_it_replaces(path):
    # such a variant would flag every correct use of the term
    assert [term["en"] for term in _glossary(path)
            if any(term["use"] in variant for variant in term["not"])] == []


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, dict[str, str]]:
    """``{lang: {"<example>/book.md": text}}``: every example built in each language, and the
    model battle's article compared with the other rules preset."""
    out = tmp_path_factory.mktemp("books")
    built: dict[str, dict[str, str]] = {lang: {} for lang in CJK}
    for lang in CJK:
        for example in EXAMPLES:
            folder = out / f"{example.stem}.{lang}"
            assert main(["build", str(example), "--out", str(folder), "--no-images", "--quiet",
                         "--lang", lang, "--format", "md"]) == 0
            built[lang][f"{example.stem}/book.md"] = (folder / "book.md").read_text("utf-8")
        folder = out / f"article.{lang}"
        assert main(["article", str(MODEL_BATTLE), "--out", str(folder), "--quiet",
                     "--lang", lang, "--compare-rules"]) == 0
        built[lang]["article.md"] = (folder / "article.md").read_text("utf-8")
    return built


# What a CJK page may spell in Latin letters: the players, chain links, rule numbers and ranges
# (and "R＋編號", how the appendix explains them), SEGOC stages, THE END (the walkthrough's own
# ending mark), OCG, and in Japanese LP and EX (official Japanese card text writes them so).
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9&-]*")
ALLOWED_LATIN = re.compile(r"A|B|c\d+|R\d*(-R\d+)?|S\d(-S\d)?|THE|END|OCG")
ALLOWED_LATIN_JA = re.compile(r"LP|EX")
# Not prose: code spans of options, link targets, HTML tags and the rules reference's file name.
NOT_PROSE = re.compile(r"`[^`]*`|\]\([^)]*\)|<[^>]*>|docs/rules\.[\w-]+\.md")


def _official_names_with_letters(lang: str) -> list[str]:
    """The bundled cards' official names (and aliases) in ``lang`` that are written with
    Latin letters, longest first."""
    found = set()
    for path in (REPO / "gamebook" / "cards" / "library").glob("*.yaml"):
        card = yaml.safe_load(path.read_text(encoding="utf-8"))
        for name in [card["names"][lang], *card.get("aliases", {}).get(lang, [])]:
            if LATIN_WORD.search(name):
                found.add(name)
    return sorted(found, key=len, reverse=True)


def _first_place(texts: dict[str, str], word: re.Pattern[str]) -> str:
    for where, text in texts.items():
        for number, line in enumerate(text.splitlines(), 1):
            if word.search(NOT_PROSE.sub("", line)):
                return f"{where}:{number}"
    return ""


@pytest.mark.parametrize("lang", CJK)
def test_no_latin_word_in_cjk_prose(books, lang):
    """seed, flowchart, SEGOC, a variable k, a model's identifier or "LP" in Chinese (where the
    text says 基本分) is English left in a book: each is reported with its count and first
    place. An official card name of the language is not prose of ours: 「D.D.烏鴉」 keeps its
    letters."""
    names = _official_names_with_letters(lang)
    counts: Counter[str] = Counter()
    for text in books[lang].values():
        for name in names:
            text = text.replace(name, "")
        for word in LATIN_WORD.findall(NOT_PROSE.sub("", text)):
            if not (ALLOWED_LATIN.fullmatch(word)
                    or (lang == "ja" and ALLOWED_LATIN_JA.fullmatch(word))):
                counts[word] += 1
    found = {word: (count, _first_place(books[lang], re.compile(rf"\b{re.escape(word)}\b")))
             for word, count in counts.most_common()}
    assert found == {}


def _example_texts(lang: str) -> dict[str, str]:
    """``{"examples/x.yaml title": text}``: each example's title and description in ``lang``."""
    texts = {}
    for example in EXAMPLES:
        translation = (yaml.safe_load(example.read_text(encoding="utf-8")).get("translations")
                       or {}).get(lang) or {}
        texts.update({f"examples/{example.name} {part}": str(translation[part])
                      for part in ("title", "description") if part in translation})
    return texts


@pytest.mark.parametrize("lang", CJK)
def test_one_form_per_concept_in_the_books(books, lang):
    """Every variant the glossary rules out, over the built books and the examples' titles and
    descriptions: ``{variant: (concept, count, first place)}``."""
    texts = {**_example_texts(lang), **books[lang]}
    found = {}
    for term in _glossary(CATALOGS / f"glossary.{lang}.yaml"):
        for variant in term["not"]:
            count = sum(text.count(variant) for text in texts.values())
            if count:
                found[variant] = (term["en"], count,
                                  _first_place(texts, re.compile(re.escape(variant))))
    assert found == {}
