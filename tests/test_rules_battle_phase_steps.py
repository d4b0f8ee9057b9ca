"""The steps of the Battle Phase around the attacks: the Start Step (R30), the End Step (R57)
and effects that end the Battle Phase (R58), with Battle Fader activated from the hand
against a direct attack."""

from __future__ import annotations

from rules_helpers import (
    A,
    B,
    activations,
    engine,
    exploration,
    first,
    forbidden_by,
    kinds,
    legal,
    monster,
    play,
    play_events,
    run_out,
    situation,
    write_situation,
)

from gamebook.rules.actions import ActionKind
from gamebook.rules.engine import Engine
from gamebook.rules.state import Position, Step, WindowKind

ROAR = "B activate threatening_roar.activate"
FADER = "B activate battle_fader.summon_and_end"

# -- the Start Step (R30) ----------------------------------------------------------------------


def test_r30_the_battle_phase_starts_in_the_start_step_with_the_turn_player_to_move() -> None:
    eng = engine("start_step")
    state = eng.initial_state()
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.START_STEP)
    assert eng.to_move(state) is A and state.attack is None
    assert not [a for a in legal(eng, state) if "declare_attack" in a]  # not before R31


def test_r30_spell_speed_2_cards_may_be_activated_in_the_start_step() -> None:
    eng = engine("start_step")
    state = play(eng, ["A pass"], settle_end=False)
    assert state.window.step is Step.START_STEP and eng.to_move(state) is B
    assert activations(eng, state) == [ROAR, "B activate waboku.activate"]


def test_r30_two_passes_in_the_start_step_enter_the_battle_step() -> None:
    eng = engine("start_step")
    state, events = play_events(eng, ["A pass", "B pass"], settle_end=False)
    assert kinds(events)[-2:] == ["window_closed", "battle_step_begins"]
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.BATTLE_STEP)
    assert eng.to_move(state) is A
    assert "A declare_attack skull -> mystical_elf" in legal(eng, state)


def test_r30_a_chain_in_the_start_step_is_followed_by_the_start_step_again() -> None:
    eng = engine("start_step")
    state = play(eng, ["A pass", ROAR, "A pass", "B pass"], settle_end=False)
    assert state.chain == () and state.window.step is Step.START_STEP
    assert eng.to_move(state) is A and state.window.passes == 0


def test_r30_threatening_roar_in_the_start_step_stops_every_attack_of_the_turn() -> None:
    eng = engine("start_step")
    state = play(eng, ["A pass", ROAR, "A pass", "B pass", "A pass", "B pass"],
                 settle_end=False)
    assert state.window.step is Step.BATTLE_STEP and state.cannot_declare_attacks == {A}
    assert legal(eng, state) == ["A pass"]


# -- the End Step (R57) ------------------------------------------------------------------------


def _to_end_step(eng: Engine):  # noqa: ANN202
    return play_events(eng, ["A pass", "B pass", "A pass", "B pass"], settle_end=False)


def test_r57_two_passes_in_the_battle_step_without_an_attack_enter_the_end_step() -> None:
    eng = engine("start_step")
    state, events = _to_end_step(eng)
    assert kinds(events)[-2:] == ["battle_phase_ends", "end_step_begins"]
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.END_STEP)
    assert eng.to_move(state) is A


def test_r57_spell_speed_2_cards_may_be_activated_in_the_end_step() -> None:
    eng = engine("start_step")
    state, _ = _to_end_step(eng)
    state = play(eng, ["A pass"], state, settle_end=False)
    assert state.window.step is Step.END_STEP and eng.to_move(state) is B
    assert activations(eng, state) == [ROAR, "B activate waboku.activate"]
    state = play(eng, ["B activate waboku.activate", "A pass", "B pass"], state,
                 settle_end=False)
    assert state.chain == () and state.window.step is Step.END_STEP  # still the End Step


def test_r57_there_is_no_return_to_the_battle_step_from_the_end_step() -> None:
    eng = engine("start_step")
    state, _ = _to_end_step(eng)
    assert not [a for a in legal(eng, state) if "declare_attack" in a]
    ending, events = run_out(eng, [], state)
    assert ending.window.reason == "battle_phase_over"
    assert "battle_step_begins" not in kinds(events) and "attack_declared" not in kinds(events)
    outcome = eng.outcome(ending)
    assert outcome.can_attack_again == ()  # Skull and Gemini Elf never attacked


def test_r57_every_branch_of_the_start_step_book_ends_after_the_end_step() -> None:
    found = exploration("start_step")
    endings = [node for node in found.graph.nodes if found.graph.nodes[node]["terminal"]]
    assert endings
    for node in endings:
        state = found.state(node)
        assert (state.window.step, state.window.reason) == (Step.END_STEP, "battle_phase_over")


# -- Battle Fader: from the hand, against a direct attack (R58) --------------------------------


def test_r4_battle_fader_is_offered_from_the_hand_against_a_direct_attack() -> None:
    eng = engine("battle_fader_direct")
    state = eng.initial_state()
    assert [(t.card, t.stage) for t in state.window.triggers] == [("battle_fader", 4)]
    state = play(eng, ["A pass"], settle_end=False)
    assert FADER in legal(eng, state)


def test_r23_under_the_flowchart_preset_battle_fader_is_settled_before_anyone_has_priority(
        ) -> None:
    eng = Engine(situation("battle_fader_direct"), "flowchart")
    state = eng.initial_state()
    assert eng.to_move(state) is B and legal(eng, state) == [FADER, "B decline"]
    state = play(eng, ["B decline"], state, settle_end=False)
    assert eng.to_move(state) is A and state.window.passes == 0  # a decline is not a pass
    assert forbidden_by(eng, state, "battle_fader", "summon_and_end") == "no_going_back"


def test_r4_battle_fader_is_not_offered_against_an_attack_on_a_monster(tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf",
                                        "position": "defense"}],
                          "hand": [{"id": "battle_fader", "card": "battle_fader"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"}), "seed")
    state = play(eng, ["A pass"], settle_end=False)
    assert state.window.triggers == ()
    assert forbidden_by(eng, state, "battle_fader", "summon_and_end") == "trigger_effects"


def test_r24_battle_fader_cannot_be_activated_once_the_declaration_window_has_closed() -> None:
    eng = engine("battle_fader_direct")
    state = play(eng, ["A pass", "B pass"], settle_end=False)
    assert state.window.kind is WindowKind.OPEN and state.attack is not None
    assert forbidden_by(eng, state, "battle_fader", "summon_and_end") == "first_chain_only"


def test_r58_battle_fader_asks_its_controller_for_the_position_of_the_special_summon() -> None:
    eng = engine("battle_fader_direct")
    state = play(eng, ["A pass", FADER, "A pass", "B pass"], settle_end=False)
    assert state.window.kind is WindowKind.SELECT and eng.to_move(state) is B
    assert legal(eng, state) == ["B select battle_fader.summon_and_end -> attack",
                                 "B select battle_fader.summon_and_end -> defense"]


def test_r58_battle_fader_is_special_summoned_then_the_battle_phase_ends() -> None:
    eng = engine("battle_fader_direct")
    state, events = play_events(eng, ["A pass", FADER, "A pass", "B pass",
                                      "B select battle_fader.summon_and_end -> defense"],
                                settle_end=False)
    fader = monster(state, "battle_fader")
    assert (fader.controller, fader.position, fader.face_up) == (B, Position.DEFENSE, True)
    assert state.in_hand("battle_fader") is None
    happened = kinds(events)
    assert happened.index("special_summoned") < happened.index("battle_phase_ended_by_effect") \
        < happened.index("end_step_begins")
    assert "replay" not in happened and "damage_step_begins" not in happened
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.END_STEP)


def test_r58_after_battle_fader_the_end_step_allows_spell_speed_2_but_no_attack() -> None:
    eng = engine("battle_fader_direct")
    state = play(eng, ["A pass", FADER, "A pass", "B pass",
                       "B select battle_fader.summon_and_end -> attack", "A pass"],
                 settle_end=False)
    assert state.window.step is Step.END_STEP and eng.to_move(state) is B
    assert "B activate waboku.activate" in legal(eng, state)
    ending, events = run_out(eng, [], state)
    assert ending.window.reason == "battle_phase_over" and ending.lp == (8000, 8000)
    assert ending.attacks_made("gemini_elf") == 0 and "attack_declared" not in kinds(events)


def test_r58_the_battle_fader_book_gives_one_edge_per_position() -> None:
    found = exploration("battle_fader_direct")
    selects = [(node, data["action"].target) for node, _, data in
               found.graph.edges(data=True) if data["action"].kind is ActionKind.SELECT]
    by_node: dict[str, list[str]] = {}
    for node, target in selects:
        by_node.setdefault(node, []).append(target)
    assert by_node  # Battle Fader, alone or with Waboku chained to it
    assert all(sorted(targets) == ["attack", "defense"] for targets in by_node.values())


def test_r32_without_battle_fader_the_second_monster_may_attack_after_the_direct_attack() -> None:
    eng = engine("battle_fader_direct")
    state, events = play_events(eng, ["A pass", "B pass", "A pass", "B pass"])
    assert first(events, "battle_damage").get("amount") == 2500
    assert state.window.step is Step.BATTLE_STEP and state.attack is None
    assert "A declare_attack gemini_elf" in legal(eng, state)
