"""The Damage Step: what may be activated (R46), its sub-timings before damage calculation
(R47, R48), a battling monster leaving (R53), the single chain of damage calculation (R49),
destruction confirmed (R51) and sent to the GY at the end (R52).

Situation ``damage_step_effects``: Test Swordsman (1500) attacks Leo Wizard (1350 ATK); A has
a once-per-turn Quick Effect usable in the Damage Step (ds_booster: a face-up monster gains
500), B has Threatening Roar and a Counter Trap.
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    A,
    B,
    engine,
    exploration,
    forbidden_by,
    graveyard,
    kinds,
    legal,
    monster,
    one_on_one,
    pass_until,
    play,
    play_events,
)

from gamebook.rules.engine import Engine
from gamebook.rules.state import Step, WindowKind

BOOST_SWORDSMAN = "A activate ds_booster.boost -> swordsman"


def _at(eng, step: Step, moves=()):  # noqa: ANN001, ANN202
    """The first state of the Damage Step timing ``step`` (TP to move), all passing."""
    state = play(eng, list(moves), settle_end=False)
    state = pass_until(eng, state, lambda s: s.window.step is step)
    assert state.window.step is step and eng.to_move(state) is A
    return state


# -- R46 -------------------------------------------------------------------------------------

@pytest.mark.parametrize("step", [Step.DAMAGE_STEP_START, Step.BEFORE_DAMAGE_CALCULATION,
                                  Step.DURING_DAMAGE_CALCULATION, Step.AFTER_DAMAGE_CALCULATION,
                                  Step.END_OF_DAMAGE_STEP])
def test_r46_switch_to_def_and_roar_cannot_be_activated_in_any_damage_step_timing(
        step: Step) -> None:
    eng = engine()
    state = _at(eng, step)
    assert forbidden_by(eng, state, "borrelsword", "position_change") == "damage_step_activations"
    assert forbidden_by(eng, state, "threatening_roar", "activate") == "damage_step_activations"
    assert legal(eng, state) == ["A pass"]


def test_r46_the_model_battle_has_no_decision_in_the_damage_step_under_either_preset() -> None:
    for preset in ("seed", "flowchart"):
        result = exploration("model", preset)
        assert not any(state.window.kind is WindowKind.DAMAGE
                       for state in result.states.values())


def test_r46_an_effect_that_says_it_may_be_used_in_the_damage_step_can_be() -> None:
    eng = engine("damage_step_effects")
    state = _at(eng, Step.DAMAGE_STEP_START)
    assert BOOST_SWORDSMAN in legal(eng, state)
    state = play(eng, ["A pass"], state, settle_end=False)
    assert eng.to_move(state) is B
    assert forbidden_by(eng, state, "threatening_roar", "activate") == "damage_step_activations"


def test_r46_a_counter_trap_may_be_activated_in_the_damage_step() -> None:
    eng = engine("damage_step_effects")
    state = play(eng, ["A pass"], _at(eng, Step.DAMAGE_STEP_START), settle_end=False)
    assert eng.to_move(state) is B
    assert "B activate counter_1.activate" in legal(eng, state)


# -- R47 / R48 ---------------------------------------------------------------------------------

def test_r47_at_the_start_of_the_damage_step_a_face_down_target_is_still_face_down() -> None:
    eng = engine("face_down_target")
    state = _at(eng, Step.DAMAGE_STEP_START)
    assert monster(state, "wall").face_up is False


def test_r47_after_a_chain_at_the_start_of_the_damage_step_the_same_timing_recurs() -> None:
    eng = engine("damage_step_effects")
    state = _at(eng, Step.DAMAGE_STEP_START)
    state = play(eng, [BOOST_SWORDSMAN, "B pass", "A pass"], state, settle_end=False)
    assert state.chain == () and monster(state, "swordsman").stats.atk == 2000
    assert state.window.step is Step.DAMAGE_STEP_START and eng.to_move(state) is A


def test_r48_the_face_down_target_is_flipped_face_up_before_damage_calculation() -> None:
    eng = engine("face_down_target")
    state = _at(eng, Step.DAMAGE_STEP_START)
    state, events = play_events(eng, ["A pass", "B pass"], state, settle_end=False)
    assert kinds(events)[-3:] == ["window_closed", "flipped", "damage_timing"]
    assert state.window.step is Step.BEFORE_DAMAGE_CALCULATION
    assert monster(state, "wall").face_up is True


def test_r48_a_flipped_monsters_flip_effect_is_not_activated_before_damage_calculation() -> None:
    eng = engine("face_down_flip_target")
    state = _at(eng, Step.BEFORE_DAMAGE_CALCULATION)
    assert monster(state, "beetle").face_up is True
    state = play(eng, ["A pass"], state, settle_end=False)
    assert legal(eng, state) == ["B pass"]
    assert forbidden_by(eng, state, "beetle", "flip") is not None


def test_r53_the_attack_target_leaving_in_the_damage_step_ends_the_battle_without_damage(
        tmp_path) -> None:
    eng = Engine(one_on_one(tmp_path, "test_swordsman", "test_escape_artist"))
    state = _at(eng, Step.DAMAGE_STEP_START)
    state, events = play_events(eng, ["A pass", "B activate defender.escape"], state)
    assert "battle_ends_without_damage" in kinds(events) and "replay" not in kinds(events)
    assert "damage_calculation" not in kinds(events)
    assert state.lp == (8000, 8000) and eng.is_terminal(state)


# -- R49 -------------------------------------------------------------------------------------

def test_r49_after_the_one_chain_of_damage_calculation_damage_is_calculated_at_once() -> None:
    eng = engine("damage_step_effects")
    state = _at(eng, Step.DURING_DAMAGE_CALCULATION)
    state, events = play_events(eng, [BOOST_SWORDSMAN, "B pass", "A pass"], state,
                                settle_end=False)
    names = kinds(events)
    assert names.index("chain_resolves") < names.index("damage_calculation")
    assert state.window.step is Step.AFTER_DAMAGE_CALCULATION
    assert state.lp == (8000, 8000 - (2000 - 1350))


# -- R51 -------------------------------------------------------------------------------------

def test_r51_after_damage_calculation_the_destroyed_monster_is_still_on_the_field() -> None:
    eng = engine("damage_step_effects")
    state = _at(eng, Step.AFTER_DAMAGE_CALCULATION)
    leo = monster(state, "leo_wizard")
    assert leo.battle_destroyed is True
    assert state.lp == (8000, 7850) and graveyard(state) == {}


def test_r51_a_destruction_confirmed_monster_cannot_be_targeted() -> None:
    eng = engine("damage_step_targeting")
    state = _at(eng, Step.AFTER_DAMAGE_CALCULATION)
    assert monster(state, "leo_wizard").battle_destroyed
    targets = [a for a in legal(eng, state) if a.startswith("A activate guard.guard")]
    assert targets == ["A activate guard.guard -> guard", "A activate guard.guard -> swordsman"]


def test_r51_atk_modifiers_can_no_longer_be_activated_after_damage_calculation() -> None:
    eng = engine("damage_step_effects")
    for step in (Step.AFTER_DAMAGE_CALCULATION, Step.END_OF_DAMAGE_STEP):
        state = _at(eng, step)
        assert not [a for a in legal(eng, state) if a.startswith("A activate ds_booster")]
        assert forbidden_by(eng, state, "ds_booster", "boost") == "after_damage_calculation"


def test_r46_an_ordinary_atk_modifier_may_be_used_until_damage_calculation_only() -> None:
    eng = engine("booster")
    for step, allowed in ((Step.DAMAGE_STEP_START, True), (Step.BEFORE_DAMAGE_CALCULATION, True),
                          (Step.DURING_DAMAGE_CALCULATION, False)):
        state = _at(eng, step)
        offered = [a for a in legal(eng, state) if ".boost" in a]
        assert bool(offered) is allowed, step


# -- R52 -------------------------------------------------------------------------------------

def test_r52_the_destroyed_monster_is_sent_to_the_gy_at_the_end_of_the_damage_step() -> None:
    eng = engine("damage_step_effects")
    state = _at(eng, Step.AFTER_DAMAGE_CALCULATION)
    state, events = play_events(eng, ["A pass", "B pass", "A pass", "B pass"], state)
    names = kinds(events)
    assert names.index("damage_timing") < names.index("sent_to_gy") < names.index("battle_over")
    assert graveyard(state) == {"leo_wizard": "destroyed_by_battle"}
    assert state.monster("leo_wizard") is None


def test_r52_in_the_model_battle_linkuriboh_goes_to_the_gy_destroyed_by_battle() -> None:
    eng = engine()
    state = _at(eng, Step.END_OF_DAMAGE_STEP)
    state = play(eng, ["A pass", "B pass"], state)
    assert graveyard(state) == {"linkuriboh": "destroyed_by_battle"}


def test_r52_destroyed_monsters_have_left_the_field_when_the_end_of_damage_step_timing_opens(
        ) -> None:
    eng = engine("damage_step_effects")
    state = _at(eng, Step.END_OF_DAMAGE_STEP)
    assert state.monster("leo_wizard") is None
    assert graveyard(state) == {"leo_wizard": "destroyed_by_battle"}
