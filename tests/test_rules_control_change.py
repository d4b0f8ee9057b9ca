"""R167 (with R147, R39, R38, R151): Enemy Controller, a Quick-Play Spell of two effects.
Its first changes the battle position of a face-up monster of the opponent; its second
Tributes a monster as the cost, then takes control of a face-up monster of the opponent: the
monster moves to the taker's field, still owned by its owner; in the Battle Step that causes
a replay, and the monster may attack for its new controller if it has not attacked yet. A
card file that gives take_control a word it does not take is refused at its line."""

from __future__ import annotations

from rules_helpers import engine, first, legal, play_events

from gamebook.rules.engine import Engine, forced_pass
from gamebook.rules.state import Player

TAKE = "A activate controller.take_control paying elf -> leo_wizard"


def _until_a_choice(eng: Engine, moves: list[str], state=None):  # noqa: ANN001, ANN202
    """Play ``moves``, then every forced pass, up to the next real choice."""
    state, events = play_events(eng, moves, state, settle_end=False)
    while (forced := forced_pass(eng, state)) is not None:
        transition = eng.apply(state, forced, forced=True)
        state, events = transition.state, events + list(transition.events)
    return state, events


def test_r147_r167_both_effects_are_offered_with_each_tribute() -> None:
    eng = engine("enemy_controller_attack")
    assert legal(eng, eng.start().state) == [
        "A activate controller.change_position -> leo_wizard",
        "A activate controller.take_control paying elf -> leo_wizard",
        "A activate controller.take_control paying skull -> leo_wizard", "A pass"]


def test_r167_the_monster_moves_to_the_takers_field_and_its_owner_stays() -> None:
    eng = engine("enemy_controller_attack")
    state, events = _until_a_choice(eng, [TAKE])
    changed = first(events, "control_changed")
    assert changed.card == "leo_wizard" and changed.get("previous") == "B"
    leo = state.monster("leo_wizard")
    assert leo.controller is Player.A and leo.owned_by is Player.B
    assert leo.face_up and leo.position.value == "attack"
    assert first(events, "replay_caused").card == "leo_wizard"  # it left B's side (R39)


def test_r167_r39_the_replay_then_the_taken_monster_attacks_for_its_new_controller() -> None:
    eng = engine("enemy_controller_attack")
    state, _ = _until_a_choice(eng, [TAKE])
    assert legal(eng, state) == ["A replay_attack skull", "A stop_attack skull"]
    state, _ = _until_a_choice(eng, ["A replay_attack skull"], state)  # a direct attack now
    assert state.lp == (8000, 8000 - 2500)
    assert legal(eng, state) == ["A declare_attack leo_wizard", "A pass"]
    state, _ = _until_a_choice(eng, ["A declare_attack leo_wizard"], state)
    assert state.lp == (8000, 8000 - 2500 - 1350)


def test_r167_r38_tributing_the_attacker_ends_its_attack() -> None:
    eng = engine("enemy_controller_attack")
    state, events = _until_a_choice(
        eng, ["A activate controller.take_control paying skull -> leo_wizard"])
    assert first(events, "attack_ended").get("why") == "attacker_gone"
    assert legal(eng, state) == ["A declare_attack leo_wizard", "A pass"]


def test_r167_the_first_effect_only_changes_the_position() -> None:
    eng = engine("enemy_controller_attack")
    state, _ = play_events(eng, ["A activate controller.change_position -> leo_wizard"])
    assert state.monster("leo_wizard") is None  # destroyed by battle in Defense Position
    assert state.lp == (8000, 8000)
