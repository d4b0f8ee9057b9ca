"""Regression tests for rules errors found by reviewing the engine against RULES.md.

Each test names the R-rule it protects and builds the smallest battle that showed the error.
"""

from __future__ import annotations

from rules_helpers import legal, note, play, write_situation

from gamebook.explore.explorer import explore
from gamebook.rules.engine import Engine


def _engine(tmp_path, spec: dict, preset: str = "seed") -> Engine:
    return Engine(write_situation(tmp_path, spec), preset)


def test_r20_a_forced_pass_does_not_decline_a_trigger_whose_stage_has_not_come(tmp_path):
    """A places a mandatory S1 trigger; B cannot act yet (A's S3 is pending) and passes, but
    B's optional S4 Linkuriboh is still B's to decide once A has decided on S3."""
    eng = _engine(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "borrelsword", "card": "borrelsword_dragon"},
                                       {"id": "horn", "card": "test_war_horn"}]},
                    "B": {"monsters": [{"id": "linkuriboh", "card": "linkuriboh"},
                                       {"id": "leo_wizard", "card": "leo_wizard"}]}},
        "start": {"moment": "attack_declared", "attacker": "borrelsword",
                  "target": "linkuriboh"},
        "scope": "end_of_battle"})
    state = play(eng, ["A activate horn.horn"])  # B's forced pass is applied automatically
    assert eng.to_move(state).value == "A"
    assert "A activate borrelsword.atk_gain" in legal(eng, state)
    assert note(eng, state, "linkuriboh", "zero_atk").reason != "trigger_declined"
    state = play(eng, ["A activate borrelsword.atk_gain"], state)
    assert "B activate linkuriboh.zero_atk" in legal(eng, state)
    state = play(eng, ["A pass"], play(eng, ["A activate horn.horn"]))
    assert "B activate linkuriboh.zero_atk" in legal(eng, state)  # after A's decline too


def test_r10_r23_a_mandatory_trigger_without_a_legal_target_never_blocks_the_game(tmp_path):
    spec = {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "swordsman", "card": "test_swordsman"},
                                       {"id": "aimed", "card": "test_aimed_horn"}]},
                    "B": {"monsters": [{"id": "wall", "card": "test_sturdy_wall",
                                        "position": "defense", "face_up": False}]}},
        "start": {"moment": "attack_declared", "attacker": "swordsman", "target": "wall"},
        "scope": "end_of_battle"}
    for preset in ("seed", "flowchart"):
        eng = _engine(tmp_path, spec, preset)
        state = eng.initial_state()
        assert not any(t.card == "aimed" for t in state.window.triggers)
        assert legal(eng, state)
        exploration = explore(eng.situation, preset)
        for node, data in exploration.graph.nodes(data=True):
            assert data["terminal"] or eng.legal_actions(exploration.state(node)), node


def test_r6_r51_a_flip_effect_is_activated_after_damage_calculation_not_before(tmp_path):
    from rules_helpers import engine, forbidden_by, pass_until

    from gamebook.rules.state import Step

    eng = engine("face_down_flip_target")
    before = pass_until(eng, eng.initial_state(),
                        lambda s: s.window.step is Step.BEFORE_DAMAGE_CALCULATION)
    assert before.monster("beetle").face_up  # flipped at R48's timing
    assert forbidden_by(eng, before, "beetle", "flip") == "flip_effects"
    after = pass_until(eng, before, lambda s: s.window.step is Step.AFTER_DAMAGE_CALCULATION
                       and eng.to_move(s).value == "B")
    assert "B activate beetle.flip" in legal(eng, after)
    state = play(eng, ["B activate beetle.flip"], after)
    assert state.monster("beetle").stats.atk == 900


def test_r8_a_face_up_normal_trap_in_a_situation_is_rejected(tmp_path):
    import pytest

    from gamebook.errors import InputError

    with pytest.raises(InputError, match="would already have resolved"):
        write_situation(tmp_path, {
            "turn_player": "A",
            "players": {"A": {"monsters": [{"id": "sword", "card": "test_swordsman"}]},
                        "B": {"spell_traps": [{"id": "roar", "card": "threatening_roar",
                                               "face_up": True}]}},
            "start": {"moment": "attack_declared", "attacker": "sword"},
            "scope": "end_of_battle"})
