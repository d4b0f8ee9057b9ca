"""Priority: who decides first (R12), activation passes priority (R13), passing and two
consecutive passes (R14), chaining to one's own card (R15)."""

from __future__ import annotations

from rules_helpers import (
    A,
    B,
    chain,
    engine,
    forbidden_by,
    kinds,
    legal,
    play,
    play_events,
)

from gamebook.rules.state import Step, WindowKind

# -- R12 -------------------------------------------------------------------------------------


def test_r12_turn_player_receives_priority_first_at_the_attack_declaration() -> None:
    eng = engine()
    state = eng.initial_state()
    assert state.window.kind is WindowKind.EVENT
    assert eng.to_move(state) is A
    assert all(action.startswith("A ") for action in legal(eng, state))


def test_r12_the_attack_declaration_does_not_hand_priority_to_the_opponent() -> None:
    eng = engine("response_traps")
    state = eng.initial_state()
    assert eng.to_move(state) is A
    assert forbidden_by(eng, state, "halt_trap", "activate") == "turn_player_first"
    assert forbidden_by(eng, state, "threatening_roar", "activate") == "turn_player_first"


def test_r12_the_turn_player_decides_first_also_when_it_is_player_bs_turn() -> None:
    eng = engine("opponents_turn")
    state = eng.initial_state()
    assert state.turn_player is B and eng.to_move(state) is B
    assert forbidden_by(eng, state, "borrelsword", "position_change") == "turn_player_first"


def test_r12_turn_player_receives_priority_when_the_declaration_window_closes() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B pass"], settle_end=False)
    assert state.window.kind is WindowKind.OPEN and eng.to_move(state) is A


def test_r12_turn_player_receives_priority_after_a_chain_the_opponent_started_resolves() -> None:
    eng = engine()
    state, events = play_events(eng, ["A pass", "B pass", "A pass",
                                      "B activate threatening_roar.activate", "A pass", "B pass"],
                                settle_end=False)
    assert "chain_resolves" in kinds(events)
    assert state.window.kind is WindowKind.OPEN and not state.chain
    assert eng.to_move(state) is A
    assert state.window.passes == 0


def test_r12_turn_player_receives_priority_first_in_every_damage_step_timing() -> None:
    eng = engine("damage_step_effects")
    state = play(eng, ["A pass", "B pass", "A pass", "B pass"], settle_end=False)
    seen = []
    while state.window.kind is WindowKind.DAMAGE:
        seen.append(state.window.step)
        assert eng.to_move(state) is A, state.window.step
        state = play(eng, ["A pass", "B pass"], state, settle_end=False)
    assert seen == [Step.DAMAGE_STEP_START, Step.BEFORE_DAMAGE_CALCULATION,
                    Step.DURING_DAMAGE_CALCULATION, Step.AFTER_DAMAGE_CALCULATION,
                    Step.END_OF_DAMAGE_STEP]


# -- R13 -------------------------------------------------------------------------------------

def test_r13_activating_passes_priority_to_the_opponent() -> None:
    eng = engine()
    state = play(eng, ["A activate borrelsword.atk_gain"], settle_end=False)
    assert eng.to_move(state) is B


def test_r13_after_switch_to_def_the_opponent_receives_priority_but_can_only_pass() -> None:
    eng = engine()
    state = play(eng, ["A activate borrelsword.atk_gain", "B activate linkuriboh.zero_atk",
                       "A activate borrelsword.position_change -> leo_wizard"], settle_end=False)
    assert eng.to_move(state) is B
    assert legal(eng, state) == ["B pass"]
    assert forbidden_by(eng, state, "threatening_roar", "activate") == "activating_passes_priority"


def test_r13_the_opponents_forced_pass_is_recorded_as_a_pass_that_could_not_respond() -> None:
    eng = engine()
    _, events = play_events(eng, ["A pass", "B pass",
                                  "A activate borrelsword.position_change -> leo_wizard"])
    passes = [e for e in events if e.kind == "pass" and e.player is B and e.get("forced")]
    assert passes and passes[0].get("no_response") == "borrelsword.position_change"


def test_r13_after_the_opponents_forced_pass_the_controller_may_add_a_link_of_their_own() -> None:
    eng = engine("booster")
    state = play(eng, ["A pass", "B pass",
                       "A activate borrelsword.position_change -> leo_wizard", "B pass"],
                 settle_end=False)
    assert eng.to_move(state) is A
    assert legal(eng, state) == ["A activate booster.boost", "A pass"]
    state = play(eng, ["A activate booster.boost"], state, settle_end=False)
    assert chain(state) == ["borrelsword.position_change", "booster.boost"]
    assert eng.to_move(state) is B
    assert "B activate threatening_roar.activate" in legal(eng, state)


# -- R14 -------------------------------------------------------------------------------------

def test_r14_a_pass_gives_priority_to_the_opponent() -> None:
    eng = engine()
    state = play(eng, ["A pass"], settle_end=False)
    assert eng.to_move(state) is B and state.window.passes == 1


def test_r14_two_passes_with_an_empty_chain_close_the_declaration_window() -> None:
    eng = engine()
    state, events = play_events(eng, ["A pass", "B pass"], settle_end=False)
    assert kinds(events)[-1] == "window_closed"
    assert state.window.kind is WindowKind.OPEN and state.window.step is Step.BATTLE_STEP


def test_r14_two_passes_with_a_chain_resolve_it() -> None:
    eng = engine()
    state, events = play_events(eng, ["A activate borrelsword.atk_gain", "B pass", "A pass"],
                                settle_end=False)
    assert "chain_resolves" in kinds(events)
    assert state.chain == ()


def test_r14_an_activation_between_two_passes_resets_the_count() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B activate threatening_roar.activate"], settle_end=False)
    assert state.window.passes == 0
    state = play(eng, ["A pass"], state, settle_end=False)
    assert state.window.passes == 1 and chain(state) == ["threatening_roar.activate"]


def test_r14_two_passes_in_the_open_battle_step_with_an_attack_enter_the_damage_step() -> None:
    eng = engine()
    state, events = play_events(eng, ["A pass", "B pass", "A pass", "B pass"], settle_end=False)
    assert "damage_step_begins" in kinds(events)
    assert state.window.step is Step.DAMAGE_STEP_START


# -- R15 -------------------------------------------------------------------------------------

def test_r15_after_the_opponent_passes_on_your_link_you_may_add_another_link() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B activate linkuriboh.zero_atk", "A pass"], settle_end=False)
    assert eng.to_move(state) is B and state.window.passes == 1
    assert legal(eng, state) == ["B activate threatening_roar.activate", "B pass"]
    state = play(eng, ["B activate threatening_roar.activate"], state, settle_end=False)
    assert chain(state) == ["linkuriboh.zero_atk", "threatening_roar.activate"]


def test_r15_the_chain_resolves_only_after_two_consecutive_passes() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B activate linkuriboh.zero_atk", "A pass",
                       "B activate threatening_roar.activate"], settle_end=False)
    assert len(state.chain) == 2
    state, events = play_events(eng, ["A pass"], state, settle_end=False)
    assert "chain_resolves" not in kinds(events) and len(state.chain) == 2
    state, events = play_events(eng, ["B pass"], state, settle_end=False)
    assert "chain_resolves" in kinds(events) and state.chain == ()
