"""Cards chosen when an effect resolves, not targeted when it is activated (R18): Mirror
Force (every matching card), Widespread Ruin (the highest ATK; a tie is the resolving
player's choice, one SELECT edge per tied monster), "choose 1"; and the activation
conditions that look at the attack (R4): Borrelsword Dragon's face-up target, Linkuriboh's
attacker with ATK."""

from __future__ import annotations

from rules_helpers import (
    B,
    engine,
    exploration,
    first,
    forbidden_by,
    graveyard,
    kinds,
    legal,
    note,
    play,
    play_events,
    run_out,
    write_situation,
)

from gamebook.rules.actions import ActionKind
from gamebook.rules.engine import Engine
from gamebook.rules.state import WindowKind

MIRROR_FORCE = "B activate mirror_force.activate"
RUIN = "B activate ruin.activate"


def _battle(tmp_path, a_monsters: list[dict], b_monsters: list[dict],  # noqa: ANN001
            b_traps: list[str], attacker: str, target: str | None) -> Engine:
    start = {"moment": "attack_declared", "attacker": attacker}
    if target is not None:
        start["target"] = target
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": a_monsters},
                    "B": {"monsters": b_monsters,
                          "spell_traps": [{"id": card, "card": card} for card in b_traps]}},
        "start": start, "scope": "end_of_battle"}), "seed")


# -- Mirror Force: every matching card ---------------------------------------------------------


def test_r18_mirror_force_destroys_every_attack_position_monster_of_the_attacking_player(
        ) -> None:
    eng = engine("mirror_force_field")
    state, events = run_out(eng, ["A pass", MIRROR_FORCE, "A pass", "B pass"])
    destroyed = sorted(e.card for e in events if e.kind == "destroyed")
    assert destroyed == ["gemini_elf", "skull"]
    assert state.monster("colossus") is not None  # Defense Position: not selected
    assert state.monster("leo_wizard") is not None  # B's own monster: not selected
    assert "select" not in kinds(events) and state.window.reason == "attack_ended"


def test_r18_mirror_force_asks_no_choice_and_names_no_target() -> None:
    eng = engine("mirror_force_field")
    state, events = play_events(eng, ["A pass", MIRROR_FORCE], settle_end=False)
    assert state.chain[-1].target is None and first(events, "activate").target is None
    graph = exploration("mirror_force_field").graph
    assert not any(data["action"].kind is ActionKind.SELECT
                   for _, _, data in graph.edges(data=True))


def test_r7_mirror_force_leaves_a_monster_that_cannot_be_destroyed_by_effects(tmp_path) -> None:
    eng = _battle(tmp_path, [{"id": "ironclad", "card": "test_ironclad"},
                             {"id": "skull", "card": "summoned_skull"}],
                  [{"id": "elf", "card": "mystical_elf", "position": "defense"}],
                  ["mirror_force"], "ironclad", "elf")
    state, events = run_out(eng, ["A pass", "B activate mirror_force.activate"])
    assert graveyard(state)["skull"] == "destroyed"
    assert first(events, "not_destroyed").card == "ironclad"
    assert first(events, "damage_calculation").card == "ironclad"  # its attack went on


# -- Widespread Ruin: the highest ATK, ties chosen ----------------------------------------------


def test_r18_widespread_ruin_destroys_the_highest_atk_attack_position_monster() -> None:
    eng = engine("mirror_force_field")
    state, events = run_out(eng, ["A pass", RUIN, "A pass", "B pass"])
    # Test Colossus (3000) is in Defense Position, so Summoned Skull (2500) is the highest.
    assert [e.card for e in events if e.kind == "destroyed"] == ["skull"]
    assert state.monster("colossus") is not None and state.monster("gemini_elf") is not None


def test_r18_widespread_ruin_chooses_when_it_resolves_not_when_it_is_activated() -> None:
    eng = engine("mirror_force_field")
    state, events = run_out(eng, ["A pass", MIRROR_FORCE, "A pass", RUIN])
    # c2 Ruin resolves first and takes Summoned Skull; c1 Mirror Force then finds Gemini Elf.
    assert [e.card for e in events if e.kind == "destroyed"] == ["skull", "gemini_elf"]
    state, events = run_out(eng, ["A pass", RUIN, "A pass", MIRROR_FORCE])
    # c2 Mirror Force takes both; c1 Ruin finds no monster at all and does nothing.
    skipped = [e for e in events if e.kind == "not_applied" and e.card == "ruin"]
    assert [e.get("why") for e in skipped] == ["none_selected"]


def test_r18_after_the_highest_leaves_widespread_ruin_takes_the_next_highest(tmp_path) -> None:
    eng = _battle(tmp_path, [{"id": "skull", "card": "summoned_skull"},
                             {"id": "gemini_elf", "card": "gemini_elf"}],
                  [{"id": "elf", "card": "mystical_elf", "position": "defense"}],
                  ["widespread_ruin", "sakuretsu_armor"], "skull", "elf")
    state, events = run_out(eng, ["A pass", "B activate widespread_ruin.activate", "A pass",
                                  "B activate sakuretsu_armor.activate -> skull"])
    assert [e.card for e in events if e.kind == "destroyed"] == ["skull", "gemini_elf"]
    assert graveyard(state)["gemini_elf"] == "destroyed"


def test_r18_a_tie_for_the_highest_atk_is_a_select_decision_of_the_resolving_player() -> None:
    eng = engine("widespread_ruin_tie")
    state = play(eng, ["A pass", RUIN])
    assert state.window.kind is WindowKind.SELECT and eng.to_move(state) is B
    assert legal(eng, state) == ["B select ruin.activate -> skull_1",
                                 "B select ruin.activate -> skull_2"]
    assert eng.notes(state) == []  # nothing can be activated while a link resolves (R17)


def test_r18_the_tie_gives_one_edge_per_tied_monster_and_each_ends_differently() -> None:
    found = exploration("widespread_ruin_tie")
    graph = found.graph
    selects = [(node, data["action"].target, child)
               for node, child, data in graph.edges(data=True)
               if data["action"].kind is ActionKind.SELECT]
    assert sorted(target for _, target, _ in selects) == ["skull_1", "skull_2"]
    assert len({node for node, _, _ in selects}) == 1
    endings = {target: found.engine.outcome(found.state(child)).reason
               for _, target, child in selects}
    # Destroying the attacker ends the attack; destroying the other Skull lets it go on.
    assert endings == {"skull_1": "attack_ended", "skull_2": "battle_over"}


def test_r18_widespread_ruin_whose_choice_cannot_be_destroyed_destroys_nothing(tmp_path) -> None:
    eng = _battle(tmp_path, [{"id": "skull", "card": "summoned_skull"},
                             {"id": "ironclad", "card": "test_ironclad"}],
                  [{"id": "elf", "card": "mystical_elf", "position": "defense"}],
                  ["widespread_ruin"], "skull", "elf")
    state, events = run_out(eng, ["A pass", "B activate widespread_ruin.activate"])
    assert first(events, "not_destroyed").card == "ironclad"  # 2600 ATK, the highest
    assert "destroyed" not in kinds(events)  # the choice does not pass on to Summoned Skull
    assert state.monster("skull") is not None and state.window.reason == "battle_over"


def test_r18_choose_one_at_resolution_offers_every_matching_card(tmp_path) -> None:
    eng = _battle(tmp_path, [{"id": "skull", "card": "summoned_skull"},
                             {"id": "gemini_elf", "card": "gemini_elf"}],
                  [{"id": "elf", "card": "mystical_elf"}],
                  ["test_choice_trap"], "skull", "elf")
    state = play(eng, ["A pass", "B activate test_choice_trap.activate"])
    assert legal(eng, state) == ["B select test_choice_trap.activate -> gemini_elf",
                                 "B select test_choice_trap.activate -> skull"]
    state, events = play_events(eng, ["B select test_choice_trap.activate -> gemini_elf"], state)
    assert first(events, "selected").target == "gemini_elf"
    assert graveyard(state)["gemini_elf"] == "destroyed"


# -- conditions on the attack (R4) -------------------------------------------------------------


def test_r4_borrelsword_gains_no_atk_trigger_when_it_attacks_a_face_down_monster(
        tmp_path) -> None:
    eng = _battle(tmp_path, [{"id": "borrelsword", "card": "borrelsword_dragon"}],
                  [{"id": "wall", "card": "test_sturdy_wall", "position": "defense",
                    "face_up": False}], [], "borrelsword", "wall")
    state = eng.initial_state()
    assert state.window.triggers == ()
    assert "A activate borrelsword.atk_gain" not in legal(eng, state)
    assert forbidden_by(eng, state, "borrelsword", "atk_gain") == "trigger_effects"


def test_r4_borrelsword_has_its_atk_trigger_against_a_face_up_defense_position_monster(
        tmp_path) -> None:
    eng = _battle(tmp_path, [{"id": "borrelsword", "card": "borrelsword_dragon"}],
                  [{"id": "wall", "card": "test_sturdy_wall", "position": "defense"}], [],
                  "borrelsword", "wall")
    assert "A activate borrelsword.atk_gain" in legal(eng, eng.initial_state())


def test_r4_linkuriboh_has_no_trigger_against_an_attacker_with_0_atk(tmp_path) -> None:
    eng = _battle(tmp_path, [{"id": "pebble", "card": "test_pebble"}],
                  [{"id": "linkuriboh", "card": "linkuriboh"}], [], "pebble", "linkuriboh")
    state = eng.initial_state()
    assert state.window.triggers == ()
    refused = note(eng, play(eng, ["A pass"], settle_end=False), "linkuriboh", "zero_atk")
    assert refused.rule == "trigger_effects"
    assert run_out(eng)[0].window.reason == "battle_over"  # nothing to decide at all


def test_r4_linkuriboh_has_its_trigger_against_an_attacker_with_atk() -> None:
    eng = engine("linkuriboh_alone")
    state = play(eng, ["A pass"], settle_end=False)
    assert "B activate linkuriboh.zero_atk" in legal(eng, state)
