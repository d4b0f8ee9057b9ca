"""Replays: when one happens (R39, and R40's non-causes), when it is processed (R41), the
re-selection (R42) and cancelling the attack (R43)."""

from __future__ import annotations

from rules_helpers import (
    A,
    engine,
    forbidden_by,
    kinds,
    legal,
    monster,
    play,
    play_events,
)

from gamebook.rules.state import WindowKind

ATK = "A activate borrelsword.atk_gain"
KURIBOH = "B activate linkuriboh.zero_atk"
SWITCH = "A activate borrelsword.position_change -> leo_wizard"

# -- R39 / R40 ---------------------------------------------------------------------------------


def test_r39_the_attack_target_leaving_the_field_causes_a_replay() -> None:
    eng = engine()
    state, events = play_events(eng, [ATK, KURIBOH, "A pass", "B pass"])
    assert "replay" in kinds(events)
    assert state.window.kind is WindowKind.REPLAY and eng.to_move(state) is A  # S001 p.29


def test_r39_another_monster_leaving_the_defenders_side_causes_a_replay() -> None:
    eng = engine("borrelsword_attacks_leo")
    state, events = play_events(eng, [ATK, KURIBOH, "A pass", "B pass"])
    assert state.attack.target == "leo_wizard"  # the target itself is still there
    assert "replay" in kinds(events) and state.window.kind is WindowKind.REPLAY


def test_r39_a_defending_monster_tributed_for_a_cost_in_the_battle_step_causes_a_replay(
        ) -> None:
    eng = engine("escape_artist")
    state, events = play_events(eng, ["A pass", "B activate artist.escape"])
    assert kinds(events).index("replay_caused") < kinds(events).index("chain_resolves")
    assert legal(eng, state) == ["A replay_attack swordsman -> leo_wizard",
                                 "A stop_attack swordsman"]


def test_r40_a_defending_monster_leaving_in_the_damage_step_causes_no_replay() -> None:
    eng = engine("escape_artist")
    state = play(eng, ["A pass", "B pass", "A pass", "B pass", "A pass"], settle_end=False)
    assert state.window.kind is WindowKind.DAMAGE and eng.to_move(state).value == "B"
    _, events = play_events(eng, ["B activate artist.escape"], state)
    assert "replay_caused" not in kinds(events) and "replay" not in kinds(events)
    assert "damage_calculation" in kinds(events)


def test_r40_switching_the_defenders_monster_to_defense_causes_no_replay() -> None:
    eng = engine("borrelsword_attacks_leo")
    state, events = play_events(eng, ["A pass", "B pass", SWITCH])
    assert "replay_caused" not in kinds(events) and "replay" not in kinds(events)
    assert "damage_calculation" in kinds(events)
    calc = next(e for e in events if e.kind == "damage_calculation")
    assert (calc.target, calc.get("target_position")) == ("leo_wizard", "defense")


def test_r40_the_attacker_leaving_the_field_is_not_a_replay() -> None:
    eng = engine("response_traps")
    _, events = play_events(eng, ["A pass", "B activate pit_trap.activate", "A pass", "B pass"])
    assert "replay_caused" not in kinds(events) and "replay" not in kinds(events)


def test_r40_no_replay_in_the_model_battle_without_linkuriboh_leaving() -> None:
    eng = engine()
    _, events = play_events(eng, ["A pass", "B activate threatening_roar.activate", SWITCH])
    assert "replay" not in kinds(events)


# -- R41 -------------------------------------------------------------------------------------

def test_r41_a_replay_caused_by_a_cost_waits_until_the_whole_chain_has_resolved() -> None:
    eng = engine()
    state = play(eng, [ATK, KURIBOH], settle_end=False)
    assert state.attack.replay_pending and state.window.kind is WindowKind.EVENT
    assert legal(eng, state) == [SWITCH, "A pass"]  # the chain goes on: S001 p.6
    state = play(eng, [SWITCH], state, settle_end=False)
    assert len(state.chain) == 3


def test_r41_the_replay_comes_after_the_last_link_has_resolved() -> None:
    eng = engine()
    _, events = play_events(eng, [ATK, KURIBOH, SWITCH])
    names = kinds(events)
    last_resolve = max(i for i, kind in enumerate(names) if kind == "resolve")
    assert names.index("replay_caused") < names.index("chain_resolves")
    assert names.index("replay") > last_resolve


# -- R42 -------------------------------------------------------------------------------------

def test_r42_the_replay_offers_each_defending_monster_or_stopping_the_attack() -> None:
    eng = engine()
    state = play(eng, [ATK, KURIBOH, SWITCH])  # S001 p.12
    assert legal(eng, state) == ["A replay_attack borrelsword -> leo_wizard",
                                 "A stop_attack borrelsword"]
    assert eng.notes(state) == []


def test_r42_the_same_target_may_be_chosen_again_if_it_is_still_there() -> None:
    eng = engine("borrelsword_attacks_leo")
    state = play(eng, [ATK, KURIBOH, "A pass", "B pass"])
    assert "A replay_attack borrelsword -> leo_wizard" in legal(eng, state)
    state = play(eng, ["A replay_attack borrelsword -> leo_wizard"], state, settle_end=False)
    assert state.attack.target == "leo_wizard" and not state.attack.replay_pending


def test_r42_with_no_defending_monster_left_the_replay_offers_a_direct_attack() -> None:
    eng = engine("linkuriboh_alone")
    state = play(eng, ["A pass", KURIBOH])
    assert legal(eng, state) == ["A replay_attack borrelsword", "A stop_attack borrelsword"]
    _, events = play_events(eng, ["A replay_attack borrelsword"], state)
    calc = next(e for e in events if e.kind == "damage_calculation")
    assert calc.get("direct") is True and calc.get("attacker_atk") == 0


def test_r42_the_re_selection_is_not_an_attack_declaration() -> None:
    eng = engine()  # A declined the ATK effect, so only the declaration rule forbids it now
    state, events = play_events(eng, ["A pass", KURIBOH, "A pass", "B pass",
                                      "A replay_attack borrelsword -> leo_wizard"],
                                settle_end=False)
    assert kinds(events).count("attack_declared") == 1
    assert state.attacks_made("borrelsword") == 1
    assert state.window.kind is WindowKind.OPEN and state.window.triggers == ()
    assert ("borrelsword", "atk_gain") not in state.used_once_per_turn
    assert forbidden_by(eng, state, "borrelsword", "atk_gain") == "first_chain_only"


def test_r42_after_the_re_selection_the_turn_player_holds_priority_in_the_open_battle_step(
        ) -> None:
    eng = engine()
    state = play(eng, [ATK, KURIBOH, "A pass", "B pass",
                       "A replay_attack borrelsword -> leo_wizard"], settle_end=False)
    assert eng.to_move(state) is A
    assert legal(eng, state) == [SWITCH, "A pass"]


def test_r42_free_chain_cards_can_be_activated_after_the_re_selection() -> None:
    eng = engine()
    state = play(eng, [ATK, KURIBOH, SWITCH, "A replay_attack borrelsword -> leo_wizard"])
    assert eng.to_move(state).value == "B"  # S001 p.26: B can activate Roar
    assert "B activate threatening_roar.activate" in legal(eng, state)


def test_r42_the_battle_continues_with_the_new_target() -> None:
    eng = engine()
    state, events = play_events(eng, [ATK, KURIBOH, SWITCH,
                                      "A replay_attack borrelsword -> leo_wizard", "B pass"])
    calc = next(e for e in events if e.kind == "damage_calculation")
    assert calc.target == "leo_wizard" and calc.get("target_position") == "defense"
    assert state.lp == (6800, 8000)  # Borrelsword at 0 ATK vs 1200 DEF


# -- R43 -------------------------------------------------------------------------------------

def test_r43_stopping_the_attack_ends_the_branch_under_scope_end_of_battle() -> None:
    eng = engine()
    state, events = play_events(eng, [ATK, KURIBOH, SWITCH, "A stop_attack borrelsword"])
    assert "attack_stopped" in kinds(events) and "damage_step_begins" not in kinds(events)
    assert eng.is_terminal(state) and state.window.reason == "attack_stopped"


def test_r43_a_cancelled_attack_uses_the_monsters_attack() -> None:
    eng = engine("model_whole_battle_phase")
    state = play(eng, [ATK, KURIBOH, "A pass", "B pass", "A stop_attack borrelsword"],
                 settle_end=False)
    assert state.attack is None and state.attacks_made("borrelsword") == 1
    assert not any(action.startswith("A declare_attack") for action in legal(eng, state))
    assert eng.can_attack_again(state, "borrelsword") is False


def test_r43_with_the_second_attack_granted_the_monster_can_attack_after_cancelling() -> None:
    eng = engine("model_whole_battle_phase")
    state = play(eng, [ATK, KURIBOH, SWITCH, "A stop_attack borrelsword"], settle_end=False)
    assert eng.can_attack_again(state, "borrelsword")  # S001 p.27
    assert legal(eng, state) == ["A declare_attack borrelsword -> leo_wizard", "A pass"]


def test_r43_switch_to_def_after_cancelling_grants_the_attack_that_the_cancel_used() -> None:
    eng = engine("model_whole_battle_phase")
    state = play(eng, [ATK, KURIBOH, "A pass", "B pass", "A stop_attack borrelsword", SWITCH],
                 settle_end=False)
    state = play(eng, ["B pass", "A pass"], state, settle_end=False)
    assert state.chain == () and eng.to_move(state) is A
    assert "A declare_attack borrelsword -> leo_wizard" in legal(eng, state)
    assert monster(state, "leo_wizard").position.value == "defense"
