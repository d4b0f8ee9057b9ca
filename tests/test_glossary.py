"""Each language's rules terms, used the same way in its message catalog and its rules
reference.

``gamebook/book/catalogs/glossary.<lang>.yaml`` lists, per English rules term, the word the
language uses (連鎖, 优先权, チェーン) and variants that must not appear (another script's
form, a community word). The catalog (the books' words), the rulebook's one-line summaries
and the translated rules reference of that language must all use the term and none of its
variants.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gamebook.book.catalog import read_po
from gamebook.book.rulebook import RULEBOOK, translation_file

CATALOGS = Path(__file__).resolve().parents[1] / "gamebook" / "book" / "catalogs"
GLOSSARIES = sorted(CATALOGS.glob("glossary.*.yaml"))


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
