"""The damage calculation table (R50): every row, "cannot be destroyed by battle", a direct
attack and 0 against 0. Each case is one attack played out with every player passing."""

from __future__ import annotations

import pytest
from rules_helpers import engine, first, kinds, one_on_one, run_out, write_situation

from gamebook.rules.engine import Engine

# attacker card, target card (None: direct), target position, destroyed, LP (A, B) after
TABLE = [
    pytest.param("test_swordsman", "leo_wizard", "attack", {"defender"}, (8000, 7850),
                 id="A>T target destroyed, A-T to its controller"),
    pytest.param("test_swordsman", "test_swordsman", "attack", {"attacker", "defender"},
                 (8000, 8000), id="A=T>0 both destroyed, no damage"),
    pytest.param("test_pebble", "test_pebble", "attack", set(), (8000, 8000),
                 id="A=T=0 neither destroyed, no damage"),
    pytest.param("test_swordsman", "test_giant", "attack", {"attacker"}, (7500, 8000),
                 id="A<T attacker destroyed, T-A to the attacker's controller"),
    pytest.param("test_swordsman", "leo_wizard", "defense", {"defender"}, (8000, 8000),
                 id="A>D target destroyed, no damage"),
    pytest.param("test_swordsman", "test_shieldbearer", "defense", set(), (8000, 8000),
                 id="A=D neither destroyed, no damage"),
    pytest.param("test_swordsman", "test_giant", "defense", set(), (7000, 8000),
                 id="A<D neither destroyed, D-A to the attacker's controller"),
    pytest.param("test_swordsman", None, "attack", set(), (8000, 6500),
                 id="direct attack, A to the defending player"),
]


@pytest.mark.parametrize(("attacker", "target", "position", "destroyed", "lp"), TABLE)
def test_r50_damage_calculation_follows_the_table(tmp_path, attacker, target, position,
                                                  destroyed, lp) -> None:
    eng = Engine(one_on_one(tmp_path, attacker, target, position=position))
    state, events = run_out(eng)
    assert state.lp == lp
    assert {card.id for card in state.graveyard} == destroyed
    assert {e.card for e in events if e.kind == "destroyed_by_battle"} == destroyed
    assert state.window.reason == "battle_over"


@pytest.mark.parametrize(("attacker", "target", "position", "destroyed", "lp"), TABLE)
def test_r50_battle_damage_is_dealt_only_where_the_table_says_so(tmp_path, attacker, target,
                                                                 position, destroyed, lp) -> None:
    eng = Engine(one_on_one(tmp_path, attacker, target, position=position))
    _, events = run_out(eng)
    dealt = {(e.player.value, e.get("amount")) for e in events
             if e.kind == "battle_damage" and e.get("amount")}
    expected = {(player, 8000 - value) for player, value in zip("AB", lp, strict=True)
                if value != 8000}
    assert dealt == expected


def test_r50_the_calculation_compares_atk_with_the_targets_atk_or_def_by_position(
        tmp_path) -> None:
    eng = Engine(one_on_one(tmp_path, "test_swordsman", "test_giant", position="defense"))
    _, events = run_out(eng)
    calc = first(events, "damage_calculation")
    assert (calc.get("attacker_atk"), calc.get("target_value"), calc.get("target_position")) == (
        1500, 2500, "defense")


def test_r50_a_direct_attack_is_calculated_with_the_attackers_atk(tmp_path) -> None:
    eng = Engine(one_on_one(tmp_path, "test_swordsman", None))
    _, events = run_out(eng)
    calc = first(events, "damage_calculation")
    assert calc.get("direct") is True and calc.get("attacker_atk") == 1500


def test_r50_borrelsword_is_not_destroyed_by_an_equal_atk_but_its_opponent_is(tmp_path) -> None:
    eng = Engine(one_on_one(tmp_path, "borrelsword_dragon", "test_colossus"))
    state, events = run_out(eng)  # A declines the ATK effect: 3000 vs 3000
    assert [e.card for e in events if e.kind == "not_destroyed"] == ["attacker"]
    assert first(events, "not_destroyed").get("why") == "cannot_be_destroyed_by_battle"
    assert {card.id for card in state.graveyard} == {"defender"}
    assert state.monster("attacker") is not None and state.lp == (8000, 8000)


def test_r50_cannot_be_destroyed_by_battle_does_not_prevent_the_damage() -> None:
    # Model battle: Linkuriboh sets Borrelsword to 0, A re-targets Leo Wizard (1350 ATK).
    eng = engine()
    state, events = run_out(eng, ["A pass", "B activate linkuriboh.zero_atk", "A pass", "B pass",
                                  "A replay_attack borrelsword -> leo_wizard"])
    calc = first(events, "damage_calculation")
    assert (calc.get("attacker_atk"), calc.get("target_value")) == (0, 1350)
    assert state.lp == (6650, 8000)
    assert "not_destroyed" in kinds(events) and "destroyed_by_battle" not in kinds(events)
    assert state.monster("borrelsword") is not None


def test_r50_the_model_battle_with_no_effects_destroys_linkuriboh_for_2700() -> None:
    state, _ = run_out(engine())
    assert state.lp == (8000, 5300)
    assert [card.id for card in state.graveyard] == ["linkuriboh"]


def test_r50_the_model_battle_after_the_atk_effect_compares_3150_with_150() -> None:
    state, events = run_out(engine(), ["A activate borrelsword.atk_gain", "B pass", "A pass"])
    calc = first(events, "damage_calculation")
    assert (calc.get("attacker_atk"), calc.get("target_value")) == (3150, 150)
    assert state.lp == (8000, 5000)


def test_r50_a_face_down_target_is_calculated_with_its_def_once_flipped() -> None:
    state, events = run_out(engine("face_down_target"))  # 1500 vs 1900 DEF
    calc = first(events, "damage_calculation")
    assert (calc.get("target_value"), calc.get("target_position")) == (1900, "defense")
    assert state.lp == (7600, 8000) and state.graveyard == ()


def test_r50_battle_damage_stops_at_0_lp_and_the_player_at_0_loses(tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A", "scope": "end_of_battle",
        "players": {"A": {"monsters": [{"id": "attacker", "card": "test_swordsman"}]},
                    "B": {"lp": 1000}},
        "start": {"moment": "attack_declared", "attacker": "attacker"}}))
    state, events = run_out(eng)
    assert state.lp == (8000, 0)
    assert first(events, "duel_lost").player.value == "B"
    assert state.window.reason == "duel_over"
