""""Did you mean" goes by meaning, not spelling (issue 31, point 3).

A card file's unknown word is answered with the vocabulary word that means it, or, when no
word says it yet, plainly so; never with a word of opposite meaning (``self_is_attack_target``
is not ``self_is_attacker``); the list of allowed values is still printed beside it.
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path

import pytest

from gamebook.cards import model
from gamebook.cards.library import load_card_file
from gamebook.cards.meanings import CARD_MEANINGS
from gamebook.errors import InputError, InputErrors
from gamebook.inputs.yamlsrc import did_you_mean

CARD = """id: meaning_card
names: {{en: Meaning}}
card_type: monster
frame: effect
atk: 1000
defense: 1000
effects:
  - id: a
    kind: quick
    {line}
    resolution:
      - {{op: destroy, who: target}}
"""


def said(tmp_path: Path, line: str) -> str:
    path = tmp_path / "card.yaml"
    path.write_text(CARD.format(line=line), encoding="utf-8")
    return first_error(path)


def first_error(path: Path) -> str:
    try:
        load_card_file(path)
    except InputErrors as errors:
        return errors.errors[0].message
    except InputError as error:
        return error.message
    raise AssertionError(f"{path} loaded")


@pytest.mark.parametrize("line, answer, not_said", [
    ("conditions: [self_is_attack_target]\n    target: {filters: [face_up]}",
     "no condition says 'this card is the attack target' yet", "self_is_attacker"),
    ("conditions: [monster_effect_activated_by_opponent]\n    target: {filters: [face_up]}",
     "did you mean 'opponent_activates_monster_effect'?", "did you mean 'trap_card_activated'"),
    ("target: {filters: [defence_position]}\n    conditions: [nothing_at_all]",
     "did you mean 'defense_position'?", "did you mean 'can_change_position'"),
])
def test_the_issues_suggestions_go_by_meaning(tmp_path, line, answer, not_said):
    message = said(tmp_path, line)
    assert answer in message and not_said not in message.split(";", 1)[1]
    assert "Input should be '" in message  # the allowed values stay


def test_a_key_with_no_word_says_so_and_keeps_the_known_keys(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text(CARD.format(line="target: {filters: [face_up]}").replace(
        "    resolution:", "  - id: b\n    kind: continuous\n    modifies: {select: "
        "{controller: you}, atk_becomes: half}\n  - id: c\n    kind: quick\n    resolution:"),
        encoding="utf-8")
    message = first_error(path)
    assert "modifies.atk_becomes: unknown field; no key makes an ATK become a value" in message
    assert "atk_becomes_original" in message and "expected one of: select, atk, defense" \
        in message
    assert "did you mean 'atk_becomes_original'" not in message


VOCABULARY = [kind for kind in vars(model).values()
              if isinstance(kind, type) and issubclass(kind, StrEnum) and kind is not StrEnum]


def swaps(word: str) -> list[str]:
    """``word`` with one of its words swapped for one of exclusive meaning."""
    parts = word.split("_")
    found = []
    for index, part in enumerate(parts):
        for group in CARD_MEANINGS.exclusive:
            if part in group:
                found += ["_".join([*parts[:index], other, *parts[index + 1:]])
                          for other in sorted(group - {part})]
    return found


def test_no_suggestion_is_a_word_of_opposite_meaning():
    """Every word of the vocabulary with one of its words swapped for an opposite (the
    attacker for the target, Spell for Trap): the suggestion, if any, is not the word it was
    made from, nor any other that contradicts what was written."""
    checked = 0
    for kind in VOCABULARY:
        known = [member.value for member in kind]
        for word in known:
            for swapped in swaps(word):
                if swapped in known:
                    continue
                answer = did_you_mean(swapped, known, "", CARD_MEANINGS)
                suggested = re.findall(r"did you mean '([^']*)'", answer)
                assert not [s for s in suggested if CARD_MEANINGS.contradicts(swapped, s)], \
                    (swapped, answer)
                checked += 1
    assert checked > 20


def test_every_word_the_table_suggests_is_in_the_vocabulary():
    words = {member.value for kind in VOCABULARY for member in kind}
    words |= {name for cls in (model.Effect, model.Primitive, model.TargetSpec,
                               model.StatModifier) for name in cls.__dataclass_fields__}
    for written, (use, note) in CARD_MEANINGS.instead.items():
        assert set(use) <= words and note, written
