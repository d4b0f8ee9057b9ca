"""The outcome of an ending is a value: frozen, hashable, read by field; graph.json writes
its to_json() with the keys in their published order."""

from __future__ import annotations

import dataclasses

import pytest
from rules_helpers import exploration

from gamebook.rules.outcome import MonsterAtEnd, Outcome, SpellTrapAtEnd


def test_an_ending_of_the_model_battle_is_a_frozen_outcome_with_graph_json_keys() -> None:
    found = exploration("model", "seed")
    endings = [found.engine.outcome(state) for state in found.states.values()
               if found.engine.is_terminal(state)]
    assert endings and all(isinstance(outcome, Outcome) for outcome in endings)
    outcome = endings[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.reason = "changed"  # type: ignore[misc]
    assert len(set(endings)) == len({repr(outcome.to_json()) for outcome in endings})
    written = outcome.to_json()
    assert list(written) == ["reason", "lp", "field", "graveyard", "banished", "hand",
                             "second_attack_possible", "can_attack_again",
                             "can_attack_again_with", "cannot_declare_attacks"]
    assert written["lp"] == {"A": outcome.life("A"), "B": outcome.life("B")}
    assert written["second_attack_possible"] is outcome.second_attack_possible
    assert len(written["field"]) == len(outcome.monsters) + len(outcome.spell_traps)


def test_a_monster_writes_def_and_a_spell_trap_only_the_links_it_has() -> None:
    monster = MonsterAtEnd("skull", "summoned_skull", "B", "attack", True, 2500, None, False)
    assert monster.to_json()["def"] is None and "def_" not in monster.to_json()
    card = SpellTrapAtEnd("axe", "axe_of_despair", "A", True, equipped_to="skull")
    assert card.to_json() == {"id": "axe", "card": "axe_of_despair", "controller": "A",
                              "face_up": True, "equipped_to": "skull"}
