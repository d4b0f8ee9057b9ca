"""``docs/vocabulary.md`` covers every word of the card model and is up to date (issue 31).

Every value of every vocabulary enum of :mod:`gamebook.cards.model` and every key of a card
file has an entry with its meaning; every value also names the rule it follows; every
operation gives its parameters from its verb. The page is what ``python -m
gamebook.book.rulebook`` writes.
"""

from __future__ import annotations

import dataclasses
import re
from enum import StrEnum
from pathlib import Path

from gamebook.book import vocabulary
from gamebook.book.rulebook import load_rulebook
from gamebook.cards import model
from gamebook.rules.mechanics import verb_of

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "vocabulary.md"
ENUMS = [kind for kind in vars(model).values()
         if isinstance(kind, type) and issubclass(kind, StrEnum) and kind is not StrEnum]
CLASSES = [kind for kind in vars(model).values()
           if dataclasses.is_dataclass(kind) and kind.__module__ == model.__name__]


def rows(text: str) -> dict[str, list[tuple[str, str, str]]]:
    """Per section title, its rows (word, meaning, rule)."""
    found: dict[str, list[tuple[str, str, str]]] = {}
    title = ""
    for line in text.splitlines():
        if line.startswith("## "):
            title = line[3:]
        cells = re.match(r"^\| `([^`]+)` \| (.*?) \| ([^|]*) \| .* \|$", line)
        if cells:
            found.setdefault(title, []).append(cells.groups())
    return found


def test_the_page_is_what_the_generator_writes():
    assert PAGE.read_text(encoding="utf-8") == vocabulary.markdown(load_rulebook().label), \
        "docs/vocabulary.md is stale: python -m gamebook.book.rulebook"


def test_every_vocabulary_word_has_an_entry_with_its_meaning_and_rule():
    listed = {kind for _, _, kind, _ in vocabulary.VALUES}
    assert set(ENUMS) <= listed, f"no section for {set(ENUMS) - listed}"
    sections = rows(vocabulary.markdown(load_rulebook().label))
    labels = set(load_rulebook().labelled)
    for title, _, kind, _ in vocabulary.VALUES:
        entries = {word: (meaning, rule) for word, meaning, rule in sections[title]}
        for member in kind:
            assert member.value in entries, (title, member.value)
            meaning, rule = entries[member.value]
            assert meaning.strip(), (title, member.value)
            assert rule and set(re.findall(r"R\d+", rule)) <= labels, (title, member.value)


def test_every_key_of_a_card_file_has_an_entry_with_its_meaning():
    listed = {cls for _, cls in vocabulary.KEYS}
    assert set(CLASSES) <= listed, f"no section for {set(CLASSES) - listed}"
    sections = rows(vocabulary.markdown(load_rulebook().label))
    for title, cls in vocabulary.KEYS:
        entries = {word: meaning for word, meaning, _ in sections[title]}
        for item in dataclasses.fields(cls):
            assert entries.get(item.name, "").strip(), (title, item.name)


def test_every_operation_gives_its_parameters_from_its_verb():
    sections = rows(vocabulary.markdown(load_rulebook().label))
    meanings = {word: meaning for word, meaning, _ in
                sections["Operations (cost and resolution steps)"]}
    for op in model.OpName:
        for name in verb_of(op).parameters:
            assert f"`{name}`" in meanings[op.value], (op.value, name)
