"""Counter Traps and effects with a cost (R2, R16), answers to an attack (R38, R58) and
Scapegoat's restriction both ways (R103)."""

from __future__ import annotations

from rules_helpers import ROOT, A, B, engine, forbidden_by, graveyard, legal, play_events, run_out

from gamebook.rules.engine import Engine
from gamebook.situation import load_situation


def _example(name: str) -> Engine:
    return Engine(load_situation(ROOT / "examples" / f"{name}.yaml"))


def test_r16_magic_jammer_discards_at_activation_and_negates_book_of_moon() -> None:
    eng = _example("magic_jammer_seven_tools")
    state, _ = play_events(eng, ["A pass", "B activate book_of_moon.activate -> summoned_skull"],
                           settle_end=False)
    assert "A activate magic_jammer.activate paying gemini_elf" in legal(eng, state)
    state, _ = play_events(eng, ["A activate magic_jammer.activate paying gemini_elf"], state,
                           settle_end=False)
    assert graveyard(state)["gemini_elf"] == "discarded"  # the cost, before any response
    state, _ = run_out(eng, [], state)
    assert graveyard(state)["book_of_moon"] == "destroyed"
    assert state.monster("summoned_skull").face_up


def test_r2_seven_tools_pays_1000_and_answers_a_trap_but_not_a_spell() -> None:
    eng = _example("magic_jammer_seven_tools")
    state, _ = play_events(eng, ["A pass", "B activate book_of_moon.activate -> summoned_skull"],
                           settle_end=False)
    assert forbidden_by(eng, state, "seven_tools_of_the_bandit", "activate") == "response_speed"
    eng = _example("magic_jammer_seven_tools")
    state, _ = run_out(eng, ["A pass", "B activate sakuretsu_armor.activate -> summoned_skull",
                             "A activate seven_tools_of_the_bandit.activate"])
    assert state.life(A) == 7000 and graveyard(state)["sakuretsu_armor"] == "destroyed"
    assert state.monster("summoned_skull") is not None


def test_r58_swift_scarecrow_discarded_from_the_hand_ends_the_battle_phase() -> None:
    eng = engine("answers_with_costs")
    state, events = run_out(eng, ["A pass", "B activate scarecrow.negate_and_end"])
    assert graveyard(state)["scarecrow"] == "discarded" and state.life(B) == 8000
    assert state.window.reason == "battle_phase_over"


def test_r38_draining_shield_negates_the_attack_and_gains_its_atk() -> None:
    eng = engine("answers_with_costs")
    state, _ = run_out(eng, ["A pass", "B activate shield.activate -> skull"])
    assert state.life(B) == 8000 + 2500


def test_r18_compulsory_evacuation_device_returns_the_attacker_to_the_hand() -> None:
    eng = engine("answers_with_costs")
    state, _ = run_out(eng, ["A pass", "B activate device.activate -> skull"])
    assert state.in_hand("skull") is not None and state.life(B) == 8000


def test_r97_linkuriboh_comes_back_from_the_gy_by_tributing_a_level_1_monster() -> None:
    eng = _example("linkuriboh_scapegoat")
    state, _ = play_events(eng, ["A pass", "B activate linkuriboh.zero_atk", "A pass",
                                 "B pass", "A replay_attack summoned_skull -> kuriboh", "A pass"],
                           settle_end=False)
    assert graveyard(state)["linkuriboh"] == "tributed"
    assert "B activate linkuriboh.revive paying kuriboh" in legal(eng, state)


def test_r103_after_scapegoat_linkuriboh_cannot_summon_itself() -> None:
    eng = _example("linkuriboh_scapegoat")
    state, _ = play_events(eng, ["A pass", "B activate linkuriboh.zero_atk", "A pass",
                                 "B activate scapegoat.activate"], settle_end=False)
    assert forbidden_by(eng, state, "linkuriboh", "revive") == "summon_forbidden_for_the_turn"


REVIVE = ["A pass", "B activate linkuriboh.zero_atk", "A pass",
          "B activate linkuriboh.revive paying kuriboh"]


def test_r103_after_linkuriboh_came_back_scapegoat_cannot_be_activated() -> None:
    eng = _example("linkuriboh_scapegoat")
    state, _ = play_events(eng, [*REVIVE, "A pass", "B pass",
                                 "A replay_attack summoned_skull -> linkuriboh"],
                           settle_end=False)
    assert state.monster("linkuriboh") is not None and B in state.summoned_this_turn
    assert forbidden_by(eng, state, "scapegoat", "activate") == "summon_forbidden_for_the_turn"


def test_r103_a_summon_below_scapegoat_on_the_chain_does_nothing() -> None:
    eng = _example("linkuriboh_scapegoat")
    state, events = play_events(eng, [*REVIVE, "A pass", "B activate scapegoat.activate",
                                      "A pass", "B pass"], settle_end=False)
    assert state.monster("linkuriboh") is None
    assert "cannot_summon" in [e.get("why") for e in events if e.kind == "not_applied"]


def test_r132_linkuriboh_may_tribute_a_face_down_level_1_monster() -> None:
    eng = engine("linkuriboh_face_down_cost")
    state, _ = play_events(eng, ["A pass", "B activate linkuriboh.zero_atk", "A pass"],
                           settle_end=False)
    assert not state.monster("kuriboh").face_up
    assert "B activate linkuriboh.revive paying kuriboh" in legal(eng, state)
    state, _ = play_events(eng, ["B activate linkuriboh.revive paying kuriboh", "A pass",
                                 "B pass"], state, settle_end=False)
    assert graveyard(state)["kuriboh"] == "tributed" and state.monster("linkuriboh").face_up
