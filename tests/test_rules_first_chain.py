"""First-chain-only activations (R24): attack-declaration Traps such as Sakuretsu Armor and
Widespread Ruin only in the chain built in the declaration's own window; free-chain cards
such as Mystical Space Typhoon in any window; Quick-Play Spells from the hand (R8)."""

from __future__ import annotations

from rules_helpers import (
    ROOT,
    B,
    chain,
    forbidden_by,
    graveyard,
    kinds,
    legal,
    note,
    pass_until,
    play,
    play_events,
    run_out,
    write_situation,
)

from gamebook.explore.explorer import explore
from gamebook.rules.engine import Engine
from gamebook.rules.state import Step, WindowKind
from gamebook.situation.load import load_situation

SAKURETSU = "B activate sakuretsu_armor.activate -> summoned_skull"
MST_ON_JAMMER = "B activate mystical_space_typhoon.activate -> trap_jammer"
RUIN_1 = "B activate widespread_ruin_1.activate"
RUIN_2 = "B activate widespread_ruin_2.activate"


def _example(name: str) -> Engine:
    return Engine(load_situation(ROOT / "examples" / f"{name}.yaml"), "seed")


# -- Sakuretsu Armor: the declaration's first chain only -------------------------------------


def test_r24_sakuretsu_armor_can_be_activated_in_the_declarations_window() -> None:
    eng = _example("sakuretsu_first_chain")
    state = eng.initial_state()
    state = play(eng, [], state)  # A can do nothing yet: Trap Jammer needs a Trap to answer
    assert eng.to_move(state) is B and SAKURETSU in legal(eng, state)


def test_r24_sakuretsu_armor_cannot_be_activated_once_the_declaration_window_has_closed() -> None:
    eng = _example("sakuretsu_first_chain")
    state = play(eng, ["B pass"], settle_end=False)
    state = play(eng, [], state)
    assert state.window.kind is WindowKind.OPEN and eng.to_move(state) is B
    assert SAKURETSU not in legal(eng, state)
    refused = note(eng, state, "sakuretsu_armor", "activate")
    assert (refused.rule, refused.reason) == ("first_chain_only", "event_timing_passed")


def test_r24_sakuretsu_armor_cannot_be_activated_after_the_first_chain_has_resolved() -> None:
    eng = _example("sakuretsu_first_chain")
    state = play(eng, [MST_ON_JAMMER, "B pass"], settle_end=False)
    assert state.chain == () and state.window.kind is WindowKind.OPEN
    assert forbidden_by(eng, state, "sakuretsu_armor", "activate") == "first_chain_only"


def test_r24_sakuretsu_armor_may_join_the_first_chain_above_a_free_chain_card() -> None:
    eng = _example("sakuretsu_first_chain")
    state = play(eng, [MST_ON_JAMMER, SAKURETSU], settle_end=False)
    assert chain(state) == ["mystical_space_typhoon.activate", "sakuretsu_armor.activate"]


def test_r24_mystical_space_typhoon_can_be_activated_in_any_open_window() -> None:
    eng = _example("sakuretsu_first_chain")
    mst = "B activate mystical_space_typhoon.activate -> sakuretsu_armor"
    in_declaration = play(eng, [])
    after_window_closed = play(eng, ["B pass"])
    assert in_declaration.window.kind is WindowKind.EVENT and mst in legal(eng, in_declaration)
    assert after_window_closed.window.kind is WindowKind.OPEN
    assert mst in legal(eng, after_window_closed)
    in_damage_step = pass_until(eng, after_window_closed,
                                lambda s: s.window.step is Step.DAMAGE_STEP_START)
    assert (forbidden_by(eng, in_damage_step, "mystical_space_typhoon", "activate")
            == "damage_step_activations")


def test_r24_mystical_space_typhoon_after_the_first_chain_makes_the_forced_pass_name_sakuretsu(
        ) -> None:
    eng = _example("sakuretsu_first_chain")
    state, events = play_events(eng, ["B pass", MST_ON_JAMMER])
    passes = [e for e in events if e.kind == "pass" and e.player is B and e.get("forced")]
    assert passes and all(e.get("timing_passed") == ("sakuretsu_armor.activate",)
                          for e in passes)
    assert graveyard(state)["trap_jammer"] == "destroyed"


def test_r24_every_sakuretsu_armor_in_the_example_book_is_activated_in_the_first_chain(
        ) -> None:
    found = explore(_example("sakuretsu_first_chain").situation, "seed")
    windows = [found.state(node).window for node, _, data in found.graph.edges(data=True)
               if str(data["action"]).startswith("B activate sakuretsu_armor")]
    assert len(windows) == 3  # as c1, or as c2 above either of the two Typhoon activations
    assert all(w.kind is WindowKind.EVENT and w.first_chain for w in windows)


# -- Widespread Ruin and Trap Jammer (S003's example) ------------------------------------------


def test_r24_a_second_widespread_ruin_is_refused_after_the_chain_trap_jammer_won() -> None:
    eng = _example("widespread_ruin_trap_jammer")
    state = play(eng, [RUIN_1, "A activate trap_jammer.activate"], settle_end=False)
    state = pass_until(eng, state, lambda s: not s.chain)
    assert graveyard(state)["widespread_ruin_1"] == "destroyed"
    assert state.chain == () and state.window.kind is WindowKind.OPEN
    refused = note(eng, state, "widespread_ruin_2", "activate")
    assert (refused.rule, refused.reason) == ("first_chain_only", "event_timing_passed")


def test_r24_the_forced_pass_after_trap_jammer_carries_the_missed_widespread_ruin() -> None:
    eng = _example("widespread_ruin_trap_jammer")
    state, events = play_events(eng, [RUIN_1, "A activate trap_jammer.activate"])
    resolved = kinds(events).index("chain_resolves")
    later = [e for e in events[resolved:] if e.kind == "pass" and e.player is B]
    assert later and all(e.get("forced") for e in later)
    assert later[0].get("timing_passed") == ("widespread_ruin_2.activate",)
    assert state.window.reason == "battle_over"  # Summoned Skull went on to battle


def test_r24_two_widespread_ruins_may_both_be_activated_in_the_first_chain() -> None:
    eng = _example("widespread_ruin_trap_jammer")
    state = play(eng, [RUIN_1, "A pass"], settle_end=False)
    assert RUIN_2 in legal(eng, state)
    state = play(eng, [RUIN_2], state, settle_end=False)
    assert chain(state) == ["widespread_ruin_1.activate", "widespread_ruin_2.activate"]


def test_r24_a_passed_declaration_window_is_not_reopened_by_the_open_battle_step() -> None:
    eng = _example("widespread_ruin_trap_jammer")
    state, events = play_events(eng, ["B pass"])
    missed = [e.get("timing_passed") for e in events if e.kind == "pass" and e.player is B
              and e.get("forced")]
    assert missed and all(m == ("widespread_ruin_1.activate", "widespread_ruin_2.activate")
                          for m in missed)
    assert graveyard(state)["mystical_elf"] == "destroyed_by_battle"


# -- Quick-Play Spells from the hand (R8) ------------------------------------------------------


def _typhoon_in_hand(tmp_path, holder: str):  # noqa: ANN001, ANN202
    players = {
        "A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
        "B": {"monsters": [{"id": "leo_wizard", "card": "leo_wizard"}],
              "spell_traps": [{"id": "sakuretsu", "card": "sakuretsu_armor"}]},
    }
    players[holder]["hand"] = [{"id": "typhoon", "card": "mystical_space_typhoon"}]
    return Engine(write_situation(tmp_path, {
        "turn_player": "A", "players": players,
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "leo_wizard"},
        "scope": "end_of_battle"}), "seed")


def test_r8_the_turn_player_may_activate_a_quick_play_spell_from_the_hand(tmp_path) -> None:
    eng = _typhoon_in_hand(tmp_path, "A")
    state = eng.initial_state()
    assert "A activate typhoon.activate -> sakuretsu" in legal(eng, state)
    state, events = run_out(eng, ["A activate typhoon.activate -> sakuretsu"])
    assert graveyard(state) == {"sakuretsu": "destroyed", "typhoon": "resolved",
                                "leo_wizard": "destroyed_by_battle"}
    assert [e.get("from_hand") for e in events if e.kind == "activate"] == [True]


def test_r8_the_non_turn_player_cannot_activate_a_quick_play_spell_from_the_hand(
        tmp_path) -> None:
    eng = _typhoon_in_hand(tmp_path, "B")
    state = play(eng, ["A pass"], settle_end=False)
    assert eng.to_move(state) is B
    refused = note(eng, state, "typhoon", "activate")
    assert (refused.rule, refused.reason) == ("spell_cards", "quick_play_own_turn")


def test_r8_a_quick_play_spell_set_this_turn_cannot_be_activated(tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "leo_wizard", "card": "leo_wizard"}],
                          "spell_traps": [{"id": "typhoon", "card": "mystical_space_typhoon",
                                           "set": "this_turn"},
                                          {"id": "sakuretsu", "card": "sakuretsu_armor"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "leo_wizard"},
        "scope": "end_of_battle"}), "seed")
    state = play(eng, ["A pass"], settle_end=False)
    assert forbidden_by(eng, state, "typhoon", "activate") == "spell_cards"
    assert forbidden_by(eng, state, "sakuretsu", "activate") is None


def test_r17_a_trap_destroyed_in_answer_to_its_activation_still_resolves() -> None:
    eng = _example("sakuretsu_first_chain")
    state, events = run_out(eng, [SAKURETSU, "A pass",
                                  "B activate mystical_space_typhoon.activate -> sakuretsu_armor"])
    destroyed = [e.card for e in events if e.kind == "destroyed"]
    assert destroyed == ["sakuretsu_armor", "summoned_skull"]  # destroying is not negating
    assert graveyard(state)["sakuretsu_armor"] == "destroyed"
    assert state.window.reason == "attack_ended"
