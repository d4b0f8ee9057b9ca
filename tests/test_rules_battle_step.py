"""The Battle Step after the declaration window (R36), leaving it (R37) and attacks that
never reach the Damage Step (R38)."""

from __future__ import annotations

from rules_helpers import (
    A,
    B,
    engine,
    forbidden_by,
    kinds,
    legal,
    monster,
    play,
    play_events,
)

from gamebook.rules.state import Step, WindowKind

SWITCH = "A activate borrelsword.position_change -> leo_wizard"

# -- R36 -------------------------------------------------------------------------------------


def test_r36_when_the_declaration_window_closes_the_open_battle_step_begins_with_the_tp(
        ) -> None:
    eng = engine()
    state = play(eng, ["A pass", "B pass"], settle_end=False)  # S001 p.14
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.BATTLE_STEP)
    assert state.attack is not None and state.attack.target == "linkuriboh"
    assert eng.to_move(state) is A
    assert legal(eng, state) == [SWITCH, "A pass"]


def test_r36_when_the_first_chain_has_resolved_the_open_battle_step_begins_with_the_tp(
        ) -> None:
    eng = engine()
    state = play(eng, ["A activate borrelsword.atk_gain", "B pass", "A pass"], settle_end=False)
    assert state.chain == () and state.window.kind is WindowKind.OPEN
    assert eng.to_move(state) is A
    assert forbidden_by(eng, state, "linkuriboh", "zero_atk") == "first_chain_only"


def test_r36_any_number_of_new_chains_may_be_started_in_the_open_battle_step() -> None:
    eng = engine()
    state, events = play_events(eng, ["A pass", "B pass", SWITCH, "B pass", "A pass", "A pass",
                                      "B activate threatening_roar.activate", "A pass", "B pass"],
                                settle_end=False)
    assert kinds(events).count("chain_resolves") == 2
    assert state.window.kind is WindowKind.OPEN and state.attack is not None
    assert eng.to_move(state) is A


def test_r36_after_each_new_chain_resolves_the_turn_player_gets_priority_again() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B pass", SWITCH, "B pass", "A pass"], settle_end=False)
    assert state.chain == () and eng.to_move(state) is A
    assert state.window.passes == 0
    state = play(eng, ["A pass"], state, settle_end=False)
    assert eng.to_move(state) is B
    assert "B activate threatening_roar.activate" in legal(eng, state)  # S001 p.31


def test_r36_a_link_added_in_the_open_battle_step_needs_spell_speed_2() -> None:
    eng = engine("counter_traps")
    state = play(eng, ["A pass", "B pass", "A pass", "B activate threatening_roar.activate"],
                 settle_end=False)
    assert state.window.kind is WindowKind.OPEN
    assert forbidden_by(eng, state, "normal_spell", "activate") == "response_speed"


def test_r36_a_new_chain_in_the_open_battle_step_cannot_start_with_spell_speed_1() -> None:
    eng = engine("counter_traps")
    state = play(eng, ["A pass", "B pass", "A pass"], settle_end=False)
    assert state.window.kind is WindowKind.OPEN and eng.to_move(state) is B
    assert "B activate normal_spell.activate" not in legal(eng, state)


# -- R37 -------------------------------------------------------------------------------------

def test_r37_two_passes_in_the_open_battle_step_during_an_attack_enter_the_damage_step(
        ) -> None:
    eng = engine()
    state, events = play_events(eng, ["A pass", "B pass", "A pass", "B pass"], settle_end=False)
    assert kinds(events)[-3:] == ["window_closed", "damage_step_begins", "damage_timing"]
    assert events[-1].get("step") == "damage_step_start"
    assert (state.window.kind, state.window.step) == (WindowKind.DAMAGE, Step.DAMAGE_STEP_START)
    assert eng.to_move(state) is A


def test_r37_two_passes_in_the_battle_step_with_no_attack_end_the_battle_phase() -> None:
    eng = engine("open_battle_step")
    state = eng.initial_state()
    assert state.attack is None and eng.to_move(state) is A
    state, events = play_events(eng, ["A pass", "B pass"], state, settle_end=False)
    assert "battle_phase_ends" in kinds(events) and "damage_step_begins" not in kinds(events)
    # The End Step follows (R57): the turn player first; two more passes end the Battle Phase.
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.END_STEP)
    assert eng.to_move(state) is A
    state = play(eng, ["A pass", "B pass"], state)
    assert eng.is_terminal(state) and state.window.reason == "battle_phase_over"


def test_r37_the_turn_player_may_declare_an_attack_while_holding_priority_in_the_battle_step(
        ) -> None:
    eng = engine("open_battle_step")
    actions = legal(eng, eng.initial_state())
    assert "A declare_attack borrelsword -> leo_wizard" in actions
    assert "A declare_attack swordsman -> leo_wizard" in actions
    assert actions[-1] == "A pass"


def test_r37_a_chain_in_the_battle_step_without_an_attack_does_not_start_a_damage_step() -> None:
    eng = engine("open_battle_step")
    state, events = play_events(eng, ["A pass", "B activate threatening_roar.activate",
                                      "A pass", "B pass"], settle_end=False)
    assert "chain_resolves" in kinds(events) and "damage_step_begins" not in kinds(events)
    assert state.window.kind is WindowKind.OPEN and state.attack is None
    assert eng.to_move(state) is A
    state, events = play_events(eng, ["A pass", "B pass"], state)
    assert "damage_step_begins" not in kinds(events) and "end_step_begins" in kinds(events)
    state = play(eng, ["A pass", "B pass"], state)  # the End Step (R57)
    assert eng.is_terminal(state) and state.window.reason == "battle_phase_over"


# -- R38 -------------------------------------------------------------------------------------

def test_r38_an_attacker_switched_to_defense_before_the_damage_step_ends_the_attack() -> None:
    eng = engine("opponents_turn")  # B's Leo Wizard attacks; A switches it to Defense
    state, events = play_events(eng, ["B pass", SWITCH])
    assert "attack_ended" in kinds(events)
    assert "damage_step_begins" not in kinds(events) and "damage_calculation" not in kinds(events)
    assert state.lp == (8000, 8000)
    assert monster(state, "leo_wizard").position.value == "defense"


def test_r38_the_attacker_stopped_before_the_damage_step_has_still_declared_its_attack() -> None:
    eng = engine("opponents_turn")
    state = play(eng, ["B pass", SWITCH])
    assert state.attacks_made("leo_wizard") == 1
    assert eng.outcome(state).can_attack_again == ()


def test_r38_a_trap_that_switches_the_attacker_to_defense_ends_the_attack() -> None:
    eng = engine("response_traps")
    state, events = play_events(eng, ["A pass", "B activate halt_trap.activate", "A pass",
                                      "B pass"])
    assert "attack_ended" in kinds(events) and "damage_step_begins" not in kinds(events)
    assert state.lp == (8000, 8000) and state.monster("leo_wizard") is not None
    assert state.attacks_made("swordsman") == 1


def test_r38_an_attacker_that_leaves_the_field_before_the_damage_step_ends_the_attack() -> None:
    eng = engine("response_traps")
    state, events = play_events(eng, ["A pass", "B activate pit_trap.activate", "A pass",
                                      "B pass"])
    assert state.monster("swordsman") is None
    assert "attack_ended" in kinds(events) and "damage_step_begins" not in kinds(events)
    assert "replay" not in kinds(events)  # the attacker's side changed: no replay (R40)
    assert state.lp == (8000, 8000)


def test_r38_the_attack_continues_when_the_trap_is_not_activated() -> None:
    eng = engine("response_traps")
    state, events = play_events(eng, ["A pass", "B pass", "A pass", "B pass"])
    assert "damage_calculation" in kinds(events)
    assert state.lp == (8000, 7850)
    assert B not in state.cannot_declare_attacks
