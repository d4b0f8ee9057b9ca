"""A run stopped by its budget says which choices multiplied the graph (issue 34): from Main
Phase 1 the turn player's choices (a Spell, a Set, a Quick Effect, an attack) are the ones a
reader can take out of the situation to make it fit."""

from __future__ import annotations

import pytest
from rules_helpers import ROOT

from gamebook.errors import BudgetExceeded
from gamebook.explore.explorer import choice_name, explore
from gamebook.rules.actions import Action
from gamebook.situation.load import load_situation


def test_the_page_budget_names_the_main_phase_choices_explored_most():
    situation = load_situation(ROOT / "examples" / "borrelsword_main_phase.yaml")
    with pytest.raises(BudgetExceeded) as stopped:
        explore(situation, "seed", max_states=20)
    message = str(stopped.value)
    assert "more than 20 pages" in message
    assert "the choices that multiplied the graph" in message
    for choice in ("A activate raigeki.activate", "A set_spell_trap raigeki",
                   "A activate borrelsword.position_change"):
        assert choice in message, message


def test_the_time_budget_names_them_too():
    situation = load_situation(ROOT / "examples" / "borrelsword_main_phase.yaml")
    with pytest.raises(BudgetExceeded) as stopped:
        explore(situation, "seed", max_seconds=0)
    assert "raise --max-seconds" in str(stopped.value)


def test_a_choice_is_named_without_its_target_and_cost():
    action = Action.parse("A activate raigeki.activate -> leo_wizard")
    assert choice_name(action) == "A activate raigeki.activate"
    assert choice_name("a move of another game") == "a move of another game"
