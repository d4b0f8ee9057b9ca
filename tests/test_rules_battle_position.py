"""Battle positions (R59): Link monsters are always in Attack Position, so they are never
legal targets of "change to Defense Position" effects and a situation cannot put one in
Defense Position."""

from __future__ import annotations

import pytest
from rules_helpers import (
    SITUATIONS,
    activations,
    engine,
    first,
    forbidden_by,
    monster,
    play,
    run_out,
    write_situation,
)

from gamebook.errors import InputError
from gamebook.rules.engine import Engine
from gamebook.situation.load import load_situation


def test_r59_switch_to_def_offers_leo_wizard_but_never_a_link_monster() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B pass"], settle_end=False)
    assert activations(eng, state) == ["A activate borrelsword.position_change -> leo_wizard"]


def test_r59_with_only_link_monsters_on_the_field_switch_to_def_has_no_legal_target() -> None:
    eng = engine("linkuriboh_alone")
    state = play(eng, ["A pass", "B pass"], settle_end=False)
    assert forbidden_by(eng, state, "borrelsword", "position_change") == "battle_positions"
    assert activations(eng, state) == []


def test_r59_a_situation_with_a_link_monster_in_defense_position_is_rejected() -> None:
    with pytest.raises(InputError, match="R59") as caught:
        load_situation(SITUATIONS / "link_in_defense.yaml")
    assert caught.value.line == 10


def test_r59_a_face_down_link_monster_is_rejected_too(tmp_path) -> None:
    spec = {"turn_player": "A", "scope": "end_of_battle",
            "players": {"A": {"monsters": [{"id": "b", "card": "borrelsword_dragon"}]},
                        "B": {"monsters": [{"id": "l", "card": "linkuriboh",
                                            "position": "defense", "face_up": False}]}},
            "start": {"moment": "attack_declared", "attacker": "b", "target": "l"}}
    with pytest.raises(InputError):
        write_situation(tmp_path, spec)


def test_r59_an_effect_that_would_switch_a_link_monster_to_defense_does_nothing(
        tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A", "scope": "end_of_battle",
        "players": {"A": {"monsters": [{"id": "borrelsword", "card": "borrelsword_dragon"}]},
                    "B": {"monsters": [{"id": "leo", "card": "leo_wizard"}],
                          "spell_traps": [{"id": "halt", "card": "test_halt_trap"}]}},
        "start": {"moment": "attack_declared", "attacker": "borrelsword", "target": "leo"}}))
    state, events = run_out(eng, ["A pass", "B activate halt.activate"])
    refused = first(events, "not_applied")
    assert (refused.card, refused.get("why")) == ("halt", "link_always_attack")
    assert monster(state, "borrelsword").position.value == "attack"
    assert "damage_calculation" in [e.kind for e in events]  # the attack goes on
