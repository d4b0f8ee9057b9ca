"""Building the chain of an event: SEGOC stage order (R20), stages (R21), no backtracking
(R22), the window protocol (R23, seed preset unless stated) and first-chain-only cards (R24).

Situation ``segoc_all_stages``: Borrelsword Dragon attacks Linkuriboh; A also has a mandatory
trigger (a_horn, S1) and a mandatory Spell Speed 2 effect (a_drum, S5), B the same (b_horn S2,
b_drum S6) and Threatening Roar (S7).
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    A,
    B,
    chain,
    engine,
    forbidden_by,
    legal,
    note,
    play,
)

from gamebook.rules.state import S1, S2, S3, S4, S5, S6, S7, TriggerStatus, WindowKind

ALL_STAGES_IN_ORDER = ["A activate a_horn.horn", "B activate b_horn.horn",
                       "A activate borrelsword.atk_gain", "B activate linkuriboh.zero_atk",
                       "A activate a_drum.drum", "B activate b_drum.drum"]

# -- R20 -------------------------------------------------------------------------------------


def test_r20_the_chain_is_built_in_stage_order_s1_to_s6_alternating_between_the_stage_owners(
        ) -> None:
    eng = engine("segoc_all_stages")
    state = eng.initial_state()
    for move in ALL_STAGES_IN_ORDER:
        assert legal(eng, state)[0] == move
        state = play(eng, [move], state, settle_end=False)
    assert [link.stage for link in state.chain] == [S1, S2, S3, S4, S5, S6]


@pytest.mark.parametrize("step", range(len(ALL_STAGES_IN_ORDER)))
def test_r20_at_each_stage_no_effect_of_a_later_stage_may_jump_ahead(step: int) -> None:
    eng = engine("segoc_all_stages")
    state = play(eng, ALL_STAGES_IN_ORDER[:step], settle_end=False)
    later = ALL_STAGES_IN_ORDER[step + 1:] + ["B activate threatening_roar.activate"]
    for move in later:
        assert move not in legal(eng, state)


def test_r20_s7_starts_with_the_opponent_of_the_last_links_controller() -> None:
    eng = engine("segoc_all_stages")
    state = play(eng, ALL_STAGES_IN_ORDER, settle_end=False)
    assert state.chain[-1].player is B and eng.to_move(state) is A
    assert "A activate borrelsword.position_change -> a_horn" in legal(eng, state)


def test_r20_within_one_stage_its_owner_chooses_the_order_of_their_effects() -> None:
    eng = engine("same_stage_triggers")
    first = play(eng, ["A activate horn_1.horn", "A activate horn_2.horn"], settle_end=False)
    second = play(eng, ["A activate horn_2.horn", "A activate horn_1.horn"], settle_end=False)
    assert chain(first) == ["horn_1.horn", "horn_2.horn"]
    assert chain(second) == ["horn_2.horn", "horn_1.horn"]


def test_r20_the_stage_owner_keeps_priority_while_placing_same_stage_effects() -> None:
    eng = engine("same_stage_triggers")
    state = play(eng, ["A activate horn_1.horn"], settle_end=False)
    assert eng.to_move(state) is A and state.window.placing
    assert legal(eng, state) == ["A activate horn_2.horn"]  # mandatory: no end of placement


def test_r20_optional_effects_of_one_stage_may_be_placed_in_part() -> None:
    eng = engine("same_stage_triggers")
    state = play(eng, ["A activate horn_1.horn", "A activate horn_2.horn",
                       "A activate fire_1.signal"], settle_end=False)
    assert legal(eng, state) == ["A activate fire_2.signal", "A end_placement"]
    state = play(eng, ["A end_placement"], state, settle_end=False)
    assert eng.to_move(state) is B
    assert forbidden_by(eng, state, "fire_2", "signal") == "no_going_back"


# -- R21 -------------------------------------------------------------------------------------

def test_r21_the_model_battles_triggers_are_s3_for_borrelsword_and_s4_for_linkuriboh() -> None:
    state = engine().initial_state()
    assert {(t.card, t.stage) for t in state.window.triggers} == {
        ("borrelsword", S3), ("linkuriboh", S4)}


def test_r21_every_attack_declaration_effect_gets_its_stage_by_owner_and_kind() -> None:
    state = engine("segoc_all_stages").initial_state()
    assert {t.card: t.stage for t in state.window.triggers} == {
        "a_horn": S1, "b_horn": S2, "borrelsword": S3, "linkuriboh": S4, "a_drum": S5,
        "b_drum": S6}


def test_r21_switch_to_def_and_threatening_roar_are_s7_links() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B activate threatening_roar.activate",
                       "A activate borrelsword.position_change -> leo_wizard"], settle_end=False)
    assert [(link.card, link.stage) for link in state.chain] == [
        ("threatening_roar", S7), ("borrelsword", S7)]


def test_r21_a_when_attacked_trap_is_an_s7_activation_not_a_trigger() -> None:
    eng = engine("response_traps")
    state = eng.initial_state()
    assert state.window.triggers == ()
    state = play(eng, ["A pass", "B activate halt_trap.activate"], settle_end=False)
    assert state.chain[0].stage == S7


# -- R22 -------------------------------------------------------------------------------------

def test_r22_after_a_later_stage_link_an_earlier_stage_trigger_cannot_be_activated() -> None:
    # S001 §2: A activates ATK up/down -> B activates Roar -> B can no longer use Linkuriboh.
    eng = engine()
    state = play(eng, ["A activate borrelsword.atk_gain", "B activate threatening_roar.activate"],
                 settle_end=False)
    state = play(eng, ["A pass"], state, settle_end=False)
    assert eng.to_move(state) is B
    assert "B activate linkuriboh.zero_atk" not in legal(eng, state)
    assert forbidden_by(eng, state, "linkuriboh", "zero_atk") == "no_going_back"


def test_r22_activating_a_later_stage_effect_declines_ones_own_pending_optional_triggers(
        ) -> None:
    eng = engine("counter_traps")  # Borrelsword attacks Leo Wizard: only A has a trigger
    state = play(eng, ["A activate borrelsword.position_change -> leo_wizard"], settle_end=False)
    assert [t.status for t in state.window.triggers] == [TriggerStatus.DECLINED]
    assert state.window.floor == S7


def test_r22_passing_declines_ones_own_pending_optional_triggers() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B activate linkuriboh.zero_atk"], settle_end=False)
    assert eng.to_move(state) is A
    assert forbidden_by(eng, state, "borrelsword", "atk_gain") == "no_going_back"  # S001 p.4


def test_r22_after_roar_as_c1_neither_trigger_can_be_activated() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B activate threatening_roar.activate"], settle_end=False)
    assert forbidden_by(eng, state, "borrelsword", "atk_gain") == "no_going_back"  # S001 p.5
    state = play(eng, ["A pass"], state, settle_end=False)
    assert forbidden_by(eng, state, "linkuriboh", "zero_atk") == "no_going_back"


# -- R23 (seed) -------------------------------------------------------------------------------

def test_r23_at_the_declaration_a_may_activate_the_atk_effect_or_pass_but_not_switch_to_def(
        ) -> None:
    eng = engine()
    state = eng.initial_state()  # S001 p.1
    assert legal(eng, state) == ["A activate borrelsword.atk_gain", "A pass"]
    assert forbidden_by(eng, state, "borrelsword", "position_change") == "event_window"
    assert forbidden_by(eng, state, "linkuriboh", "zero_atk") == "event_window"
    assert forbidden_by(eng, state, "threatening_roar", "activate") == "event_window"


def test_r23_a_player_may_skip_their_own_optional_trigger_by_activating_a_later_stage(
        ) -> None:
    eng = engine()
    state = play(eng, ["A activate borrelsword.atk_gain"], settle_end=False)  # S001 p.2
    assert legal(eng, state) == ["B activate linkuriboh.zero_atk",
                                 "B activate threatening_roar.activate", "B pass"]


def test_r23_a_player_may_not_jump_over_the_opponents_pending_trigger_stage() -> None:
    eng = engine()
    state = play(eng, ["A activate borrelsword.atk_gain"], settle_end=False)
    found = note(eng, state, "borrelsword", "position_change")
    assert (found.legal, found.rule) == (False, "event_window")  # Linkuriboh (S4, B) is pending


def test_r23_a_decline_by_pass_then_b_has_linkuriboh_roar_or_pass() -> None:
    eng = engine()
    state = play(eng, ["A pass"], settle_end=False)  # S001 p.3
    assert legal(eng, state) == ["B activate linkuriboh.zero_atk",
                                 "B activate threatening_roar.activate", "B pass"]


def test_r23_no_pass_while_the_player_must_place_a_mandatory_trigger() -> None:
    eng = engine("segoc_all_stages")
    state = play(eng, ALL_STAGES_IN_ORDER[:4], settle_end=False)
    assert legal(eng, state) == ["A activate a_drum.drum"]


def test_r23_under_flowchart_no_s7_activation_while_trigger_stages_are_pending() -> None:
    eng = engine(preset="flowchart")
    state = eng.initial_state()
    assert legal(eng, state) == ["A activate borrelsword.atk_gain", "A decline"]
    assert forbidden_by(eng, state, "borrelsword", "position_change") == "event_window"


# -- R24 -------------------------------------------------------------------------------------

def test_r24_a_when_attacked_trap_can_be_activated_in_the_declarations_first_chain() -> None:
    eng = engine("response_traps")
    state = play(eng, ["A pass"], settle_end=False)
    assert "B activate halt_trap.activate" in legal(eng, state)


def test_r24_several_when_attacked_traps_may_be_in_the_same_first_chain() -> None:
    eng = engine("response_traps")
    state = play(eng, ["A pass", "B activate halt_trap.activate", "A pass",
                       "B activate pit_trap.activate"], settle_end=False)
    assert chain(state) == ["halt_trap.activate", "pit_trap.activate"]


def test_r24_once_the_declaration_window_closed_a_when_attacked_trap_is_gone() -> None:
    eng = engine("response_traps")
    state = play(eng, ["A pass", "B pass", "A pass"], settle_end=False)
    assert state.window.kind is WindowKind.OPEN and eng.to_move(state) is B
    assert forbidden_by(eng, state, "halt_trap", "activate") == "first_chain_only"
    assert legal(eng, state) == ["B activate threatening_roar.activate", "B pass"]


def test_r24_once_the_first_chain_has_resolved_a_when_attacked_trap_is_gone() -> None:
    eng = engine("response_traps")
    state = play(eng, ["A pass", "B activate threatening_roar.activate", "A pass", "B pass",
                       "A pass"], settle_end=False)
    assert state.window.kind is WindowKind.OPEN and eng.to_move(state) is B
    assert forbidden_by(eng, state, "halt_trap", "activate") == "first_chain_only"
    assert forbidden_by(eng, state, "pit_trap", "activate") == "first_chain_only"


def test_r24_a_free_chain_trap_has_no_first_chain_limit() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B pass", "A pass"], settle_end=False)  # S001 p.16
    assert state.window.kind is WindowKind.OPEN
    assert "B activate threatening_roar.activate" in legal(eng, state)


def test_r24_the_open_battle_step_is_no_longer_the_declarations_first_chain() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B pass"], settle_end=False)
    assert state.window.triggers == ()
    assert state.window.first_chain is False
    assert eng.to_move(state) is A
