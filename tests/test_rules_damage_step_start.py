"""Destroyed face-down at the start of the Damage Step (R162): Mystic Swordsman LV2's
mandatory Trigger Effect when it attacks a face-down Defense Position monster."""

from __future__ import annotations

from rules_helpers import (
    engine,
    exploration,
    graveyard,
    kinds,
    offered,
    one_on_one,
    run_out,
    to_damage_step,
)

from gamebook.rules.engine import Engine
from gamebook.rules.state import Step
from gamebook.situation.model import Situation

SWORDSMAN = "mystic_swordsman_face_down"


def test_r162_the_trigger_is_offered_when_the_damage_step_begins() -> None:
    eng = engine(SWORDSMAN)
    state = to_damage_step(eng)
    assert state.window.step is Step.DAMAGE_STEP_START
    assert offered(eng, state) == ["A activate swordsman.destroy"]  # mandatory: the only one
    assert not state.monster("man_eater_bug").face_up  # not flipped yet


def test_r162_the_target_is_destroyed_face_down_without_flip_nor_damage_calculation() -> None:
    eng = engine(SWORDSMAN)
    ending, events = run_out(eng, ["A activate swordsman.destroy"], to_damage_step(eng))
    assert graveyard(ending) == {"man_eater_bug": "destroyed"}  # by the effect, not by battle
    assert "flipped" not in kinds(events)  # never flipped: no Flip Effect (R6)
    assert "damage_calculation" not in kinds(events)
    assert "battle_ends_without_damage" in kinds(events)  # R53
    assert ending.lp == (8000, 8000)
    assert not ending.monster("penguin").face_up  # the monster not attacked stays face-down


def test_r162_one_ending_and_the_flip_effect_is_never_offered() -> None:
    explored = exploration(SWORDSMAN)
    endings = [n for n, data in explored.graph.nodes(data=True) if data["terminal"]]
    assert len(endings) == 1
    actions = {str(data["action"]) for _, _, data in explored.graph.edges(data=True)}
    assert not any("man_eater_bug" in action for action in actions)


def test_r162_a_face_up_target_is_battled_as_usual(tmp_path) -> None:
    eng = engine_of(one_on_one(tmp_path, "mystic_swordsman_lv2", "man_eater_bug",
                               position="defense"))
    ending, events = run_out(eng)  # nothing to activate anywhere: the battle runs out
    assert "damage_calculation" in kinds(events)
    assert not any(e.kind == "activate" for e in events)
    assert graveyard(ending) == {"defender": "destroyed_by_battle"}  # 900 ATK against 600 DEF


def engine_of(situation: Situation) -> Engine:
    return Engine(situation)
