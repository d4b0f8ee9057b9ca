"""Effect kinds and their limits: Trigger Effects (R4), Quick Effects (R5), Traps and the
Set-this-turn rule (R9), mandatory vs optional (R10), once per turn (R26)."""

from __future__ import annotations

from rules_helpers import (
    A,
    B,
    activations,
    engine,
    forbidden_by,
    graveyard,
    legal,
    monster,
    note,
    one_on_one,
    pass_until,
    play,
    play_events,
)

from gamebook.rules.engine import Engine
from gamebook.rules.state import Step, TriggerStatus, WindowKind

# -- R4 Trigger Effects -------------------------------------------------------------------


def test_r4_borrelsword_and_linkuriboh_triggers_are_collected_at_the_attack_declaration() -> None:
    state = engine().initial_state()
    assert state.window.kind is WindowKind.EVENT
    found = {(t.card, t.effect, t.mandatory) for t in state.window.triggers}
    assert found == {("borrelsword", "atk_gain", False), ("linkuriboh", "zero_atk", False)}


def test_r4_a_trigger_effect_cannot_be_activated_once_its_event_window_has_closed() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B pass"])
    assert state.window.kind is WindowKind.OPEN
    assert forbidden_by(eng, state, "borrelsword", "atk_gain") == "first_chain_only"
    assert forbidden_by(eng, state, "linkuriboh", "zero_atk") == "first_chain_only"
    assert "A activate borrelsword.atk_gain" not in legal(eng, state)


def test_r4_the_atk_trigger_does_not_trigger_on_a_direct_attack(tmp_path) -> None:
    eng = Engine(one_on_one(tmp_path, "borrelsword_dragon", None))
    state = eng.initial_state()
    assert state.window.triggers == ()
    assert forbidden_by(eng, state, "attacker", "atk_gain") == "trigger_effects"


def test_r4_the_atk_trigger_does_not_trigger_when_borrelsword_is_the_one_attacked() -> None:
    eng = engine("opponents_turn")
    state = eng.initial_state()
    assert forbidden_by(eng, state, "borrelsword", "atk_gain") == "trigger_effects"


def test_r4_optional_triggers_may_be_declined_under_both_presets() -> None:
    assert "A pass" in legal(engine(), engine().initial_state())
    flowchart = engine(preset="flowchart")
    assert "A decline" in legal(flowchart, flowchart.initial_state())


# -- R5 Quick Effects -----------------------------------------------------------------------

def test_r5_a_quick_effect_may_start_a_new_chain_in_the_open_battle_step() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B pass"])
    assert state.window.kind is WindowKind.OPEN and not state.chain
    assert "A activate borrelsword.position_change -> leo_wizard" in legal(eng, state)


def test_r5_a_quick_effect_may_be_activated_in_response_to_another_link() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B activate threatening_roar.activate",
                       "A activate borrelsword.position_change -> leo_wizard"], settle_end=False)
    assert [link.effect for link in state.chain] == ["activate", "position_change"]


def test_r5_a_quick_effect_may_be_activated_in_the_opponents_turn() -> None:
    eng = engine("opponents_turn")
    state = play(eng, ["B pass"], settle_end=False)
    assert state.turn_player is B and eng.to_move(state) is A
    assert "A activate borrelsword.position_change -> leo_wizard" in legal(eng, state)


# -- R9 Traps: Set this turn ------------------------------------------------------------------

def test_r9_a_trap_set_this_turn_cannot_be_activated() -> None:
    eng = engine("roar_set_this_turn")
    state = play(eng, ["A pass"], settle_end=False)
    assert eng.to_move(state) is B
    assert "B activate threatening_roar.activate" not in legal(eng, state)
    assert forbidden_by(eng, state, "threatening_roar", "activate") == "trap_cards"


def test_r9_the_same_trap_set_on_an_earlier_turn_can_be_activated() -> None:
    eng = engine()
    state = play(eng, ["A pass"], settle_end=False)
    assert note(eng, state, "threatening_roar", "activate").legal


def test_r9_a_trap_set_this_turn_is_still_unavailable_in_the_open_battle_step() -> None:
    eng = engine("roar_set_this_turn")
    state = play(eng, ["A pass", "B pass", "A pass"], settle_end=False)
    assert state.window.kind is WindowKind.OPEN and eng.to_move(state) is B
    assert legal(eng, state) == ["B pass"]
    assert forbidden_by(eng, state, "threatening_roar", "activate") == "trap_cards"


def test_r9_a_normal_trap_is_turned_face_up_and_sent_to_the_gy_after_resolving() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B activate threatening_roar.activate"], settle_end=False)
    assert state.spell_trap("threatening_roar").face_up
    state = play(eng, ["A pass", "B pass"], state)
    assert state.spell_trap("threatening_roar") is None
    assert graveyard(state) == {"threatening_roar": "resolved"}


# -- R10 Mandatory vs optional ------------------------------------------------------------

def test_r10_a_mandatory_trigger_must_be_activated_and_cannot_be_passed() -> None:
    for preset in ("seed", "flowchart"):
        eng = engine("same_stage_triggers", preset)
        state = eng.initial_state()
        assert legal(eng, state) == ["A activate horn_1.horn", "A activate horn_2.horn"]


def test_r10_the_opponents_mandatory_trigger_must_be_activated_when_its_stage_comes() -> None:
    eng = engine("segoc_all_stages")
    state = play(eng, ["A activate a_horn.horn"], settle_end=False)
    assert eng.to_move(state) is B
    assert legal(eng, state) == ["B activate b_horn.horn"]


def test_r10_a_mandatory_spell_speed_2_effect_must_be_activated_once_its_stage_is_reached(
        ) -> None:
    eng = engine("mandatory_quick_effect")
    state = play(eng, ["A activate borrelsword.atk_gain", "B pass"], settle_end=False)
    assert legal(eng, state) == ["A activate drum.drum"]


def test_r10_under_flowchart_declining_both_optional_triggers_still_reaches_the_mandatory_one(
        ) -> None:
    eng = engine("mandatory_quick_effect", "flowchart")
    state = play(eng, ["A decline", "B decline"], settle_end=False)
    assert legal(eng, state) == ["A activate drum.drum"]


def test_r10_under_seed_passing_both_optional_triggers_still_reaches_the_mandatory_one() -> None:
    # A passes (declining Borrelsword's S3 trigger), B passes (declining Linkuriboh's S4
    # trigger): S5 is reached and A's mandatory Test Battle Drum must be activated.
    eng = engine("mandatory_quick_effect")
    state, events = play_events(eng, ["A pass", "B pass"], settle_end=False)
    activated = [e.card for e in events if e.kind == "activate"]
    assert "drum" in activated or legal(eng, state) == ["A activate drum.drum"]


def test_r10_an_optional_trigger_is_marked_declined_when_its_owner_passes() -> None:
    eng = engine()
    state = play(eng, ["A pass"], settle_end=False)
    statuses = {t.card: t.status for t in state.window.triggers}
    assert statuses == {"borrelsword": TriggerStatus.DECLINED, "linkuriboh": TriggerStatus.PENDING}


# -- R26 Once per turn ----------------------------------------------------------------------

def test_r26_the_switch_to_def_effect_can_be_used_only_once_per_turn() -> None:
    eng = engine("model_whole_battle_phase")
    state = play(eng, ["A pass", "B pass",
                       "A activate borrelsword.position_change -> leo_wizard"])
    assert ("borrelsword", "position_change") in state.used_once_per_turn
    assert state.window.kind is WindowKind.OPEN and not state.chain
    assert forbidden_by(eng, state, "borrelsword", "position_change") == "once_per_turn"


def test_r26_a_once_per_turn_effect_counts_as_used_from_its_activation() -> None:
    eng = engine("booster")
    state = play(eng, ["A pass", "B pass", "A activate booster.boost"], settle_end=False)
    assert ("booster", "boost") in state.used_once_per_turn
    state = play(eng, ["B pass"], state, settle_end=False)
    assert eng.to_move(state) is A
    assert "A activate booster.boost" not in legal(eng, state)


def test_r26_the_once_per_turn_atk_effect_is_not_a_trigger_again_on_a_second_attack() -> None:
    eng = engine("model_whole_battle_phase")
    state = play(eng, ["A activate borrelsword.atk_gain", "B pass",
                       "A activate borrelsword.position_change -> leo_wizard"])
    state = pass_until(eng, state, lambda s: s.attack is None)
    state = play(eng, ["A declare_attack borrelsword -> leo_wizard"], state, settle_end=False)
    assert state.window.kind is WindowKind.EVENT and state.window.triggers == ()
    assert forbidden_by(eng, state, "borrelsword", "atk_gain") == "once_per_turn"


def test_r26_the_switch_to_def_effect_cannot_be_used_in_the_damage_step() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B pass", "A pass", "B pass"], settle_end=False)
    assert state.window.step is Step.DAMAGE_STEP_START
    assert monster(state, "leo_wizard").position.value == "attack"
    assert activations(eng, state) == []
    assert forbidden_by(eng, state, "borrelsword", "position_change") == "damage_step_activations"
