"""R144: selecting monsters in Defense Position. Dark Mirror Force banishes every Defense
Position monster of the attacking player, face-up or face-down, and leaves the monsters in
Attack Position."""

from __future__ import annotations

from rules_helpers import A, first, legal, play_events, run_out, write_situation

from gamebook.rules.engine import Engine


def _engine(tmp_path, mine: tuple[dict, ...]) -> Engine:  # noqa: ANN001
    """Summoned Skull has declared a direct attack; A also controls ``mine``; B has a Set Dark
    Mirror Force."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}, *mine]},
                    "B": {"spell_traps": [{"id": "dmf", "card": "dark_mirror_force",
                                           "face_up": False, "set": "earlier_turn"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull"},
        "scope": "end_of_battle",
    }), "seed")


def test_r144_defense_position_monsters_face_up_and_face_down_are_banished(tmp_path) -> None:
    eng = _engine(tmp_path, (
        {"id": "elf", "card": "mystical_elf", "position": "defense"},
        {"id": "gemini", "card": "gemini_elf", "position": "defense", "face_up": False}))
    state, events = run_out(eng, ["A pass", "B activate dmf.activate"])
    assert {card.id for card in state.banished} == {"elf", "gemini"}
    assert state.monster("skull") is not None  # in Attack Position: left
    assert state.lp == (8000, 8000 - 2500)  # the attack goes on
    assert first(events, "banished").player is A


def test_r144_attack_position_monsters_are_left_and_with_none_else_it_is_not_activated(
        tmp_path) -> None:
    """With nothing in Defense Position, Dark Mirror Force would do nothing (R99)."""
    eng = _engine(tmp_path, ({"id": "leo", "card": "leo_wizard", "position": "attack"},))
    state, events = play_events(eng, ["A pass"], settle_end=False)
    assert "B activate dmf.activate" not in legal(eng, state)


def test_r144_a_monster_whose_position_changed_first_is_taken_as_it_is_then(tmp_path) -> None:
    """Book of Moon chained above Dark Mirror Force sets Summoned Skull face-down first."""
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"},
                                       {"id": "elf", "card": "mystical_elf",
                                        "position": "defense"}]},
                    "B": {"spell_traps": [
                        {"id": "dmf", "card": "dark_mirror_force", "face_up": False,
                         "set": "earlier_turn"},
                        {"id": "moon", "card": "book_of_moon", "face_up": False,
                         "set": "earlier_turn"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull"},
        "scope": "end_of_battle",
    }), "seed")
    state, _ = run_out(eng, ["A pass", "B activate dmf.activate", "A pass",
                             "B activate moon.activate -> skull"])
    assert {card.id for card in state.banished} == {"skull", "elf"}
