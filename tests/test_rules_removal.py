"""Cards leaving the field by card effects (destroy, banish, return to the hand) and monsters
arriving by Special Summon: where they go, which of these cause a replay (R39) and which do
not (R40), when the replay is processed (R41), and effects whose card is gone (R18, R38)."""

from __future__ import annotations

from rules_helpers import (
    A,
    B,
    engine,
    first,
    graveyard,
    kinds,
    legal,
    monster,
    play,
    play_events,
    run_out,
    write_situation,
)

from gamebook.rules.state import Player, Position, Step, WindowKind


def _banished(state) -> dict[str, str]:  # noqa: ANN001
    return {card.id: card.reason for card in state.banished}


def _hand(state, player: Player) -> list[str]:  # noqa: ANN001
    return [card.id for card in state.hand if card.owner is player]


# -- destroy, banish, return to the hand --------------------------------------------------------


def test_r38_dimensional_prison_banishes_the_attacker_and_no_damage_step_follows() -> None:
    eng = engine("removal")
    state, events = run_out(eng, ["A pass", "B activate prison.activate -> skull"])
    assert _banished(state) == {"skull": "banished"}
    assert "skull" not in graveyard(state) and state.monster("skull") is None
    assert first(events, "attack_ended").get("why") == "attacker_gone"
    assert "damage_step_begins" not in kinds(events)
    assert state.window.reason == "attack_ended" and state.lp == (8000, 8000)


def test_r38_returning_the_attacker_to_the_hand_ends_the_attack() -> None:
    eng = engine("removal")
    state, events = run_out(eng, ["A pass", "B activate bounce.activate -> skull"])
    assert _hand(state, A) == ["a_reinforcement", "skull"]
    assert "skull" not in graveyard(state)
    assert "damage_step_begins" not in kinds(events) and state.window.reason == "attack_ended"


def test_r39_destroying_a_defending_monster_by_a_card_effect_causes_a_replay() -> None:
    eng = engine("removal")
    state, events = play_events(eng, ["A pass", "B activate destroy.activate -> mystical_elf",
                                      "A pass", "B pass"])
    assert graveyard(state)["mystical_elf"] == "destroyed"  # by an effect, not by battle
    assert "replay_caused" in kinds(events)
    assert state.window.kind is WindowKind.REPLAY and eng.to_move(state) is A


def test_r39_banishing_the_attack_target_causes_a_replay_to_the_remaining_monster() -> None:
    eng = engine("removal")
    state = play(eng, ["A pass", "B activate banish.activate -> leo_wizard", "A pass", "B pass"])
    assert _banished(state) == {"leo_wizard": "banished"}
    assert state.window.kind is WindowKind.REPLAY
    assert legal(eng, state) == ["A replay_attack skull -> mystical_elf", "A stop_attack skull"]


def test_r39_returning_a_defending_monster_to_the_hand_causes_a_replay() -> None:
    eng = engine("removal")
    state, events = play_events(eng, ["A pass", "B activate bounce.activate -> mystical_elf",
                                      "A pass", "B pass"])
    assert _hand(state, B) == ["b_reinforcement", "mystical_elf"]
    assert first(events, "replay_caused").card == "mystical_elf"
    assert legal(eng, state) == ["A replay_attack skull -> leo_wizard", "A stop_attack skull"]


def test_r39_a_monster_special_summoned_to_the_defenders_side_causes_a_replay() -> None:
    eng = engine("removal")
    state, events = play_events(eng, ["A pass", "B activate b_reinforcement.summon",
                                      "A pass", "B pass"])
    arrived = monster(state, "b_reinforcement")
    assert (arrived.controller, arrived.position, arrived.face_up) == (B, Position.DEFENSE, True)
    assert first(events, "replay_caused").get("how") == "arrived"
    assert "A replay_attack skull -> b_reinforcement" in legal(eng, state)


def test_r42_a_monster_summoned_against_a_direct_attack_leaves_no_direct_attack_to_replay(
        tmp_path) -> None:
    from gamebook.rules.engine import Engine

    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"hand": [{"id": "reinforcement", "card": "test_reinforcement"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull"},
        "scope": "end_of_battle"}), "seed")
    state, events = play_events(eng, ["A pass", "B activate reinforcement.summon"])
    assert "replay" in kinds(events)
    assert legal(eng, state) == ["A replay_attack skull -> reinforcement", "A stop_attack skull"]


def test_r40_a_monster_leaving_the_attackers_side_causes_no_replay() -> None:
    eng = engine("removal")
    state, events = run_out(eng, ["A pass", "B activate bounce.activate -> gemini_elf"])
    assert _hand(state, A) == ["a_reinforcement", "gemini_elf"]
    assert "replay_caused" not in kinds(events) and "replay" not in kinds(events)
    assert first(events, "damage_calculation").target == "leo_wizard"  # the battle went on
    assert state.window.reason == "battle_over"


def test_r40_a_monster_special_summoned_to_the_attackers_side_causes_no_replay() -> None:
    eng = engine("removal")
    state, events = play_events(eng, ["A pass", "B pass", "A activate a_reinforcement.summon",
                                      "B pass", "A pass"], settle_end=False)
    assert monster(state, "a_reinforcement").controller is A
    assert "replay_caused" not in kinds(events)
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.BATTLE_STEP)
    assert state.attack.target == "leo_wizard"


def test_r41_sakuretsu_destroys_the_attacker_before_the_replay_its_chain_caused() -> None:
    eng = engine("removal")
    state, events = run_out(eng, ["A pass", "B activate sakuretsu.activate -> skull", "A pass",
                                  "B activate bounce.activate -> mystical_elf"])
    happened = kinds(events)
    assert "replay_caused" in happened  # the bounce (c2) resolved first...
    assert graveyard(state)["skull"] == "destroyed"  # ...and Sakuretsu (c1) still resolved
    assert "replay" not in happened and state.window.reason == "attack_ended"


def test_r18_a_destroy_effect_whose_target_went_to_the_hand_does_nothing() -> None:
    eng = engine("removal")
    state, events = run_out(eng, ["A pass", "B activate sakuretsu.activate -> skull", "A pass",
                                  "B activate bounce.activate -> skull"])
    assert "skull" in _hand(state, A) and "skull" not in graveyard(state)
    skipped = [e for e in events if e.kind == "not_applied" and e.card == "sakuretsu"]
    assert [e.get("why") for e in skipped] == ["left_field"]
    assert graveyard(state)["sakuretsu"] == "resolved"


def test_r18_a_banished_card_is_not_in_the_graveyard_and_cannot_be_chosen_again() -> None:
    eng = engine("removal")
    state = play(eng, ["A pass", "B activate banish.activate -> mystical_elf", "A pass", "B pass",
                       "A replay_attack skull -> leo_wizard"])
    assert "mystical_elf" in _banished(state) and "mystical_elf" not in graveyard(state)
    assert "A activate destroy.activate -> mystical_elf" not in legal(eng, state)
    assert state.monster("mystical_elf") is None


# -- cannot be destroyed by card effects --------------------------------------------------------


def _ironclad_attacks(tmp_path):  # noqa: ANN001, ANN202
    return write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "ironclad", "card": "test_ironclad"}]},
                    "B": {"monsters": [{"id": "leo_wizard", "card": "leo_wizard"}],
                          "spell_traps": [{"id": "sakuretsu", "card": "sakuretsu_armor"},
                                          {"id": "bounce", "card": "test_bounce_trap"}]}},
        "start": {"moment": "attack_declared", "attacker": "ironclad", "target": "leo_wizard"},
        "scope": "end_of_battle",
    })


def test_r7_a_monster_that_cannot_be_destroyed_by_effects_survives_sakuretsu(tmp_path) -> None:
    from gamebook.rules.engine import Engine

    eng = Engine(_ironclad_attacks(tmp_path), "seed")
    state, events = run_out(eng, ["A pass", "B activate sakuretsu.activate -> ironclad"])
    assert first(events, "not_destroyed").get("why") == "cannot_be_destroyed_by_effects"
    assert "ironclad" not in graveyard(state) and monster(state, "ironclad").controller is A
    assert first(events, "damage_calculation").card == "ironclad"  # the attack went on
    assert graveyard(state)["leo_wizard"] == "destroyed_by_battle"


def test_r7_cannot_be_destroyed_by_effects_does_not_stop_other_removal(tmp_path) -> None:
    from gamebook.rules.engine import Engine

    eng = Engine(_ironclad_attacks(tmp_path), "seed")
    state, events = run_out(eng, ["A pass", "B activate bounce.activate -> ironclad"])
    assert [card.id for card in state.hand] == ["ironclad"]
    assert state.window.reason == "attack_ended" and "damage_calculation" not in kinds(events)
