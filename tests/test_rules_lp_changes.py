"""Life Points changed by effects: effect damage is not battle damage (R55), gaining LP,
Waboku's floating effects in damage calculation (R50), costs paid from the hand (R16), and
a Duel lost to effect damage (R69 item 6: the branch ends)."""

from __future__ import annotations

from rules_helpers import (
    A,
    B,
    engine,
    first,
    forbidden_by,
    graveyard,
    kinds,
    monster,
    pass_until,
    play,
    play_events,
    run_out,
    write_situation,
)

from gamebook.rules.engine import Engine
from gamebook.rules.state import Step

WABOKU = "B activate waboku.activate"
JAVELIN = "B activate javelin.activate -> skull"
SAKURETSU = "B activate sakuretsu.activate -> skull"
BURN = "A activate burn.activate"


def _attack(tmp_path, attacker: str, target: str, *, b_traps: tuple[str, ...] = (),  # noqa: ANN001
            a_lp: int = 8000) -> Engine:
    traps = [{"id": card, "card": card} for card in b_traps]
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"lp": a_lp, "monsters": [{"id": "attacker", "card": attacker}]},
                    "B": {"monsters": [{"id": "defender", "card": target}],
                          "spell_traps": traps}},
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "defender"},
        "scope": "end_of_battle"}), "seed")


# -- effect damage is not battle damage (R55) --------------------------------------------------


def test_r55_magic_cylinders_damage_is_effect_damage_not_battle_damage(tmp_path) -> None:
    eng = _attack(tmp_path, "summoned_skull", "mystical_elf", b_traps=("magic_cylinder",))
    state, events = run_out(eng, ["A pass", "B activate magic_cylinder.activate -> attacker"])
    damage = first(events, "effect_damage")
    assert (damage.player, damage.get("amount"), damage.get("lp")) == (A, 2500, 5500)
    assert "battle_damage" not in kinds(events) and state.lp == (5500, 8000)


def test_r55_taking_no_battle_damage_does_not_stop_effect_damage() -> None:
    eng = engine("lp_changes")
    state, events = run_out(eng, ["A pass", WABOKU, "A pass", "B pass", BURN])
    assert first(events, "effect_damage").get("amount") == 1000
    assert first(events, "no_battle_damage").get("amount") == 600  # 2500 - 1900, not taken
    assert "battle_damage" not in kinds(events)
    assert state.lp == (8000, 7000)


def test_r55_effect_damage_is_applied_when_its_link_resolves() -> None:
    eng = engine("lp_changes")
    state = play(eng, ["A pass", "B pass", BURN], settle_end=False)
    assert state.lp == (8000, 8000)  # activated, not resolved yet
    state = play(eng, ["B pass", "A pass"], state, settle_end=False)
    assert state.chain == () and state.lp == (8000, 7000)


# -- gaining LP --------------------------------------------------------------------------------


def test_r17_enchanted_javelin_gains_lp_equal_to_the_attackers_atk() -> None:
    eng = engine("lp_changes")
    state, events = play_events(eng, ["A pass", JAVELIN, "A pass", "B pass"], settle_end=False)
    gained = first(events, "lp_gained")
    assert (gained.player, gained.get("amount"), gained.get("lp")) == (B, 2500, 10500)
    ending, _ = run_out(eng, [], state)
    assert ending.lp == (8000, 10500 - 600)  # LP may go above 8000; battle damage follows


def test_r18_enchanted_javelin_gains_nothing_once_sakuretsu_destroyed_the_attacker() -> None:
    eng = engine("lp_changes")
    state, events = run_out(eng, ["A pass", JAVELIN, "A pass", SAKURETSU])
    assert graveyard(state)["skull"] == "destroyed"
    assert "lp_gained" not in kinds(events)
    skipped = [e for e in events if e.kind == "not_applied" and e.card == "javelin"]
    assert [e.get("why") for e in skipped] == ["left_field"]
    assert state.lp == (8000, 8000)


def test_r17_gain_lp_of_a_fixed_amount(tmp_path) -> None:
    eng = _attack(tmp_path, "test_swordsman", "gemini_elf", b_traps=("test_heal_trap",))
    state, events = run_out(eng, ["A pass", "B activate test_heal_trap.activate"])
    assert first(events, "lp_gained").get("amount") == 1000
    assert state.lp == (8000 - 400, 9000)  # then Swordsman 1500 loses to Gemini Elf 1900


# -- Waboku: floating effects in damage calculation (R50) --------------------------------------


def test_r50_waboku_applies_in_damage_calculation_after_the_card_has_left_the_field() -> None:
    eng = engine("lp_changes")
    state = play(eng, ["A pass", WABOKU, "A pass", "B pass"], settle_end=False)
    assert graveyard(state)["waboku"] == "resolved"
    ending, events = run_out(eng, [], state)
    assert first(events, "no_battle_damage").player is B
    refused = first(events, "not_destroyed")
    assert (refused.card, refused.get("why")) == ("gemini_elf",
                                                  "monsters_cannot_be_destroyed_by_battle")
    assert monster(ending, "gemini_elf").controller is B and ending.lp == (8000, 8000)


def test_r50_waboku_protects_only_its_controller(tmp_path) -> None:
    eng = _attack(tmp_path, "gemini_elf", "summoned_skull", b_traps=("waboku",))
    state, events = run_out(eng, ["A pass", "B activate waboku.activate"])
    assert first(events, "battle_damage").player is A and state.lp == (8000 - 600, 8000)
    assert graveyard(state)["attacker"] == "destroyed_by_battle"


def test_r50_waboku_protects_in_a_battle_the_defender_would_win(tmp_path) -> None:
    eng = _attack(tmp_path, "summoned_skull", "summoned_skull", b_traps=("waboku",))
    state, events = run_out(eng, ["A pass", "B activate waboku.activate"])
    assert [e.card for e in events if e.kind == "destroyed_by_battle"] == ["attacker"]
    assert graveyard(state) == {"attacker": "destroyed_by_battle", "waboku": "resolved"}


def test_r46_waboku_a_free_chain_trap_cannot_be_activated_in_the_damage_step() -> None:
    eng = engine("lp_changes")
    state = pass_until(eng, play(eng, ["A pass", "B pass"], settle_end=False),
                       lambda s: s.window.step is Step.DAMAGE_STEP_START and s.window.priority is B)
    assert forbidden_by(eng, state, "waboku", "activate") == "damage_step_activations"


# -- a cost paid from the hand (R16) -----------------------------------------------------------


def test_r16_a_card_discarded_as_a_cost_is_in_the_gy_before_anyone_responds() -> None:
    eng = engine("lp_changes")
    state = pass_until(eng, play(eng, ["A pass", "B pass"], settle_end=False),
                       lambda s: s.window.step is Step.DAMAGE_STEP_START and s.window.priority is B)
    state, events = play_events(eng, ["B activate kuriboh.shield"], state, settle_end=False)
    assert first(events, "discarded").get("cost") is True
    assert graveyard(state)["kuriboh"] == "discarded" and state.in_hand("kuriboh") is None
    assert [link.card for link in state.chain] == ["kuriboh"]


def test_r55_a_no_battle_damage_effect_from_the_hand_stops_the_battle_damage() -> None:
    eng = engine("lp_changes")
    state = pass_until(eng, play(eng, ["A pass", "B pass"], settle_end=False),
                       lambda s: s.window.step is Step.DAMAGE_STEP_START and s.window.priority is B)
    ending, events = run_out(eng, ["B activate kuriboh.shield"], state)
    assert first(events, "no_battle_damage").get("amount") == 600
    assert ending.lp == (8000, 8000)
    assert graveyard(ending)["gemini_elf"] == "destroyed_by_battle"  # damage only, not destruction


# -- a Duel lost to effect damage -------------------------------------------------------------


def test_r69_a_duel_lost_to_effect_damage_ends_the_branch_at_once(tmp_path) -> None:
    eng = _attack(tmp_path, "summoned_skull", "mystical_elf", b_traps=("magic_cylinder",),
                  a_lp=2000)
    state, events = play_events(eng, ["A pass", "B activate magic_cylinder.activate -> attacker"])
    assert eng.is_terminal(state) and state.window.reason == "duel_over"
    assert first(events, "duel_lost").player is A
    assert state.lp == (0, 8000)  # LP cannot go below 0
    assert "damage_step_begins" not in kinds(events)
    assert eng.outcome(state).can_attack_again == ()


def test_r69_a_duel_lost_in_the_middle_of_a_chain_is_lost_before_the_lower_links_resolve(
        tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"lp": 2000, "monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": [{"id": "heal", "card": "test_heal_trap"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf",
                                        "position": "defense"}],
                          "spell_traps": [{"id": "cylinder", "card": "magic_cylinder"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"}), "seed")
    state, events = play_events(eng, ["A activate heal.activate",
                                      "B activate cylinder.activate -> skull", "A pass", "B pass"])
    # c2 Magic Cylinder takes A to 0: the Duel is over, c1's LP gain never resolves.
    assert state.window.reason == "duel_over" and state.lp == (0, 8000)
    assert "lp_gained" not in kinds(events) and first(events, "duel_lost").player is A
