"""Damage Step timings of a field that changes: "until damage calculation" (Honest, Shrink,
Rush Recklessly, R46 item 2) against "during damage calculation" (Kuriboh, R49), the damage
that results, and the Damage Step's trigger events (R51 timings 7-8, R52).

Situation ``field_honest_kuriboh``: Summoned Skull (2500) attacks Mystical Elf (LIGHT,
800/2000) in Attack Position; B has Set Shrink and Rush Recklessly and holds Honest and
Kuriboh. Situation ``field_damage_step_triggers``: Test Damage Dealer (2000, "when this card
inflicts battle damage") attacks Test Grave Avenger (1000, a GY trigger "destroyed by battle
and sent to the GY"); A also has Test After-Calculation Sentry, B Test Field Martyr ("when
this card is destroyed by battle", on the field) and Kuriboh in the hand.
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    A,
    B,
    activations,
    chain,
    engine,
    forbidden_by,
    graveyard,
    kinds,
    legal,
    monster,
    pass_until,
    play,
    play_events,
    run_out,
)

from gamebook.rules.state import Step, WindowKind

HONEST = "B activate honest.gain"
KURIBOH = "B activate kuriboh.no_damage"
SHRINK_SKULL = "B activate shrink.activate -> summoned_skull"
SHRINK_ELF = "B activate shrink.activate -> mystical_elf"
RUSH_ELF = "B activate rush.activate -> mystical_elf"
RUSH_SKULL = "B activate rush.activate -> summoned_skull"


def _at(eng, step: Step, moves=(), player=B):  # noqa: ANN001, ANN202
    """The first state of the Damage Step timing ``step`` where ``player`` holds priority."""
    state = play(eng, list(moves), settle_end=False)
    state = pass_until(eng, state, lambda s: s.window.step is step and eng.to_move(s) is player)
    assert state.window.step is step and eng.to_move(state) is player
    return state


def _calculation(events):  # noqa: ANN001, ANN202
    return next(e for e in events if e.kind == "damage_calculation")


# -- R46: Honest, until damage calculation, and only in the Damage Step ----------------------

def test_r46_honest_cannot_be_activated_in_the_battle_step() -> None:
    eng = engine("field_honest_kuriboh")
    state = pass_until(eng, eng.start().state, lambda s: eng.to_move(s) is B)
    assert state.window.step is Step.BATTLE_STEP
    assert forbidden_by(eng, state, "honest", "gain") == "damage_step_activations"
    assert HONEST not in legal(eng, state)


@pytest.mark.parametrize("step", [Step.DAMAGE_STEP_START, Step.BEFORE_DAMAGE_CALCULATION])
def test_r46_honest_can_be_activated_in_the_damage_step_until_damage_calculation(
        step: Step) -> None:
    eng = engine("field_honest_kuriboh")
    state = _at(eng, step)
    assert HONEST in legal(eng, state)


def test_r49_honest_cannot_be_activated_during_damage_calculation() -> None:
    eng = engine("field_honest_kuriboh")
    state = _at(eng, Step.DURING_DAMAGE_CALCULATION)
    assert forbidden_by(eng, state, "honest", "gain") == "during_damage_calculation"
    assert HONEST not in legal(eng, state)


def test_r16_honest_is_sent_from_the_hand_to_the_gy_as_its_cost_at_activation() -> None:
    eng = engine("field_honest_kuriboh")
    state, events = play_events(eng, [HONEST], _at(eng, Step.DAMAGE_STEP_START),
                                settle_end=False)
    assert chain(state) == ["honest.gain"]  # not resolved yet
    assert state.in_hand("honest") is None and graveyard(state) == {"honest": "sent"}
    assert ("sent_to_gy", "honest") in [(e.kind, e.card) for e in events]


def test_r46_honest_makes_the_elf_gain_the_skulls_atk_and_the_skull_is_destroyed() -> None:
    eng = engine("field_honest_kuriboh")
    state, events = run_out(eng, [HONEST], _at(eng, Step.DAMAGE_STEP_START))
    calc = _calculation(events)
    assert (calc.get("attacker_atk"), calc.get("target_value")) == (2500, 3300)
    assert state.lp == (7200, 8000)  # 3300 - 2500 = 800 to A (R50)
    assert graveyard(state)["summoned_skull"] == "destroyed_by_battle"
    assert monster(state, "mystical_elf").stats.atk == 3300


def test_r46_honest_needs_its_controllers_light_monster_to_be_battling() -> None:
    eng = engine("field_honest_leo")  # Leo Wizard is EARTH
    state = _at(eng, Step.DAMAGE_STEP_START)
    assert forbidden_by(eng, state, "honest", "gain") == "quick_effects"  # a Quick Effect (R5)
    assert legal(eng, state) == ["B pass"]


# -- R49: Kuriboh, only during damage calculation -----------------------------------------------

@pytest.mark.parametrize("step", [Step.BATTLE_STEP, Step.DAMAGE_STEP_START,
                                  Step.BEFORE_DAMAGE_CALCULATION])
def test_r49_kuriboh_cannot_be_activated_before_damage_calculation(step: Step) -> None:
    eng = engine("field_honest_kuriboh")
    state = _at(eng, step)
    assert forbidden_by(eng, state, "kuriboh", "no_damage") == "during_damage_calculation"
    assert KURIBOH not in legal(eng, state)


def test_r49_kuriboh_can_be_activated_during_damage_calculation_and_nothing_else_can() -> None:
    eng = engine("field_honest_kuriboh")
    state = _at(eng, Step.DURING_DAMAGE_CALCULATION)
    assert activations(eng, state) == [KURIBOH]  # Shrink and Rush no longer (R49)
    assert forbidden_by(eng, state, "shrink", "activate") == "during_damage_calculation"
    assert forbidden_by(eng, state, "rush", "activate") == "during_damage_calculation"


def test_r49_kuriboh_prevents_the_battle_damage_but_not_the_destruction() -> None:
    eng = engine("field_honest_kuriboh")
    state, events = run_out(eng, [KURIBOH], _at(eng, Step.DURING_DAMAGE_CALCULATION))
    assert state.lp == (8000, 8000)
    assert ("no_battle_damage", B) in [(e.kind, e.player) for e in events]
    assert graveyard(state) == {"kuriboh": "discarded", "mystical_elf": "destroyed_by_battle"}


def test_r49_the_single_chain_of_damage_calculation_is_followed_by_the_calculation() -> None:
    eng = engine("field_honest_kuriboh")
    _, events = play_events(eng, [KURIBOH], _at(eng, Step.DURING_DAMAGE_CALCULATION))
    names = kinds(events)
    resolved = names.index("chain_resolves")
    assert names.index("damage_calculation") > resolved
    assert "activate" not in names[resolved:]  # no second chain in damage calculation (R54)


def test_r49_kuriboh_is_not_for_the_turn_player_whose_monster_attacks() -> None:
    eng = engine("field_kuriboh_attacker")  # A holds Kuriboh and attacks
    state = _at(eng, Step.DURING_DAMAGE_CALCULATION, player=A)
    assert forbidden_by(eng, state, "kuriboh", "no_damage") == "quick_effects"  # R5


def test_r49_kuriboh_protects_from_that_battle_only() -> None:
    eng = engine("field_kuriboh_two_battles")
    state = play(eng, [KURIBOH], _at(eng, Step.DURING_DAMAGE_CALCULATION))
    assert state.lp == (8000, 8000) and state.battle_abilities == frozenset()
    state, events = run_out(eng, ["A declare_attack gemini_elf -> leo_wizard"], state)
    assert ("battle_damage", B) in [(e.kind, e.player) for e in events]
    assert state.lp == (8000, 8000 - (1900 - 1350))


# -- R46 item 2, R49, R51: Shrink and Rush Recklessly before damage calculation --------------

@pytest.mark.parametrize("step", [Step.BATTLE_STEP, Step.DAMAGE_STEP_START,
                                  Step.BEFORE_DAMAGE_CALCULATION])
def test_r46_shrink_and_rush_can_be_activated_until_damage_calculation(step: Step) -> None:
    eng = engine("field_honest_kuriboh")
    state = _at(eng, step)
    assert {SHRINK_SKULL, SHRINK_ELF, RUSH_SKULL, RUSH_ELF} <= set(legal(eng, state))


def test_r51_shrink_and_rush_cannot_be_activated_after_damage_calculation() -> None:
    eng = engine("field_honest_kuriboh")
    state = _at(eng, Step.AFTER_DAMAGE_CALCULATION)
    assert forbidden_by(eng, state, "shrink", "activate") == "after_damage_calculation"
    assert forbidden_by(eng, state, "rush", "activate") == "after_damage_calculation"
    assert legal(eng, state) == ["B pass"]  # Honest neither: the Elf is destroyed (R51)


def test_r79_shrink_on_the_attacker_halves_its_original_atk_and_the_damage() -> None:
    eng = engine("field_honest_kuriboh")
    state, events = run_out(eng, [SHRINK_SKULL], _at(eng, Step.DAMAGE_STEP_START))
    assert _calculation(events).get("attacker_atk") == 1250
    assert state.lp == (8000, 7550)  # 1250 - 800 = 450
    assert monster(state, "summoned_skull").stats.atk == 1250


def test_r71_rush_recklessly_on_the_elf_adds_700_and_the_skull_still_wins() -> None:
    eng = engine("field_honest_kuriboh")
    state, events = run_out(eng, [RUSH_ELF], _at(eng, Step.BEFORE_DAMAGE_CALCULATION))
    assert _calculation(events).get("target_value") == 1500
    assert state.lp == (8000, 7000)  # 2500 - 1500 = 1000


@pytest.mark.parametrize("order", [[SHRINK_SKULL, RUSH_SKULL], [RUSH_SKULL, SHRINK_SKULL]])
def test_r79_a_raise_is_reapplied_on_the_halved_original_whatever_the_order(order) -> None:
    eng = engine("field_honest_kuriboh")
    state = play(eng, [order[0], "A pass", "B pass"], _at(eng, Step.DAMAGE_STEP_START),
                 settle_end=False)
    state = pass_until(eng, state, lambda s: eng.to_move(s) is B and not s.chain)
    state, events = run_out(eng, [order[1]], state)
    assert _calculation(events).get("attacker_atk") == 1250 + 700
    assert state.lp == (8000, 8000 - (1950 - 800))


@pytest.mark.parametrize(("order", "atk", "lp"), [
    ([HONEST, "A pass", SHRINK_SKULL], (1250, 2050), (7200, 8000)),  # Shrink resolves first
    ([SHRINK_SKULL, "A pass", HONEST], (1250, 3300), (5950, 8000)),  # Honest resolves first
])
def test_r46_honest_gains_the_atk_the_attacker_has_when_honest_resolves(order, atk, lp) -> None:
    eng = engine("field_honest_kuriboh")
    state, events = run_out(eng, order, _at(eng, Step.DAMAGE_STEP_START))
    calc = _calculation(events)
    assert (calc.get("attacker_atk"), calc.get("target_value")) == atk
    assert state.lp == lp


# -- R51, R52: the Damage Step's trigger events -----------------------------------------------

def _after_calculation(eng, moves=()):  # noqa: ANN001, ANN202
    state = play(eng, list(moves), settle_end=False)
    return pass_until(eng, state, lambda s: s.window.step is Step.AFTER_DAMAGE_CALCULATION
                      and eng.to_move(s) is not None and s.window.kind is WindowKind.EVENT)


def test_r51_a_monster_that_inflicted_battle_damage_may_activate_its_trigger_after_calculation(
        ) -> None:
    eng = engine("field_damage_step_triggers")
    state = _after_calculation(eng)
    assert state.lp == (8000, 7000)
    assert eng.to_move(state) is A and "A activate dealer.burn" in legal(eng, state)
    state = run_out(eng, ["A activate dealer.burn"], state)[0]
    assert state.lp == (8000, 6700)


def test_r51_a_monster_that_did_not_battle_has_no_after_damage_calculation_trigger() -> None:
    eng = engine("field_damage_step_triggers")
    state = _after_calculation(eng)
    triggers = {(t.card, t.effect) for t in state.window.triggers}
    assert triggers == {("dealer", "burn")}  # not the Sentry, not the Field Martyr
    # Its event did not happen to it (R4), which is not "its timing has passed" (R24).
    assert forbidden_by(eng, state, "sentry", "heal") == "trigger_effects"


def test_r51_no_battle_damage_means_no_inflicts_battle_damage_trigger() -> None:
    eng = engine("field_damage_step_triggers")
    state = _at(eng, Step.DURING_DAMAGE_CALCULATION)
    state, events = run_out(eng, [KURIBOH], state)
    assert not any(e.kind == "activate" and e.card == "dealer" for e in events)
    assert state.lp == (8000, 8000)


def test_r52_a_gy_trigger_of_a_monster_destroyed_by_battle_waits_for_the_end_of_the_damage_step(
        ) -> None:
    eng = engine("field_damage_step_triggers")
    state = _after_calculation(eng)
    assert monster(state, "avenger").battle_destroyed  # still on the field (R51 item 5)
    assert "avenger" not in {t.card for t in state.window.triggers}
    assert "B activate avenger.revenge" not in legal(eng, state)
    state = play(eng, ["A pass"], state, settle_end=False)  # declines the Dealer's trigger
    state = pass_until(eng, state, lambda s: s.window.step is Step.END_OF_DAMAGE_STEP
                       and eng.to_move(s) is B)
    assert state.window.kind is WindowKind.EVENT
    assert graveyard(state)["avenger"] == "destroyed_by_battle"  # it has left first (R52)
    assert "B activate avenger.revenge" in legal(eng, state)
    state = run_out(eng, ["B activate avenger.revenge"], state)[0]
    assert state.lp == (7500, 7000)


def test_r51_a_destroyed_by_battle_trigger_of_a_monster_on_the_field_comes_after_calculation(
        ) -> None:
    eng = engine("field_martyr_target")  # the Dealer attacks the Field Martyr (1000 ATK)
    state = _after_calculation(eng)
    assert monster(state, "martyr").battle_destroyed
    assert {(t.card, t.effect, t.mandatory) for t in state.window.triggers} >= {
        ("martyr", "solace", True), ("dealer", "burn", False)}
    state, events = run_out(eng, ["A pass", "B activate martyr.solace"], state)
    assert ("lp_gained", B) in [(e.kind, e.player) for e in events]
    assert state.lp == (8000, 8000 - 1000 + 1000)
    assert graveyard(state)["martyr"] == "destroyed_by_battle"


def test_r51_segoc_puts_the_ntps_mandatory_trigger_below_the_tps_optional_one() -> None:
    eng = engine("field_martyr_target")
    state = _after_calculation(eng)
    assert eng.to_move(state) is A
    assert forbidden_by(eng, state, "dealer", "burn") == "event_window"  # B's mandatory S2 first
    state = play(eng, ["A pass", "B activate martyr.solace"], state, settle_end=False)
    assert "A activate dealer.burn" in legal(eng, state)  # S3 after S2 (R20)
    state = play(eng, ["A activate dealer.burn"], state, settle_end=False)
    assert chain(state) == ["martyr.solace", "dealer.burn"]


# -- R6, R51: Flip Effects with the after-damage-calculation triggers -------------------------

def test_r51_a_flip_effect_and_an_after_calculation_trigger_share_one_chain_by_segoc() -> None:
    eng = engine("field_flip_and_triggers")
    state = _after_calculation(eng)
    triggers = {(t.stage, t.card, t.effect) for t in state.window.triggers}
    assert triggers == {(2, "man_eater_bug", "flip"), (3, "sentry", "heal")}  # S2, S3 (R20)
    state = play(eng, ["A pass", "B activate man_eater_bug.flip -> martyr"], state,
                 settle_end=False)
    state = play(eng, ["A activate sentry.heal"], state, settle_end=False)
    assert chain(state) == ["man_eater_bug.flip", "sentry.heal"]


def test_r51_man_eater_bug_cannot_target_itself_once_its_destruction_is_confirmed() -> None:
    eng = engine("field_flip_and_triggers")
    state = _after_calculation(eng)
    assert monster(state, "man_eater_bug").battle_destroyed and \
        monster(state, "man_eater_bug").face_up
    state = play(eng, ["A pass"], state, settle_end=False)
    targets = [a for a in legal(eng, state) if "man_eater_bug.flip" in a]
    assert targets == ["B activate man_eater_bug.flip -> martyr",
                       "B activate man_eater_bug.flip -> sentry"]


def test_r6_the_flip_effect_waits_for_after_damage_calculation() -> None:
    eng = engine("field_flip_and_triggers")
    state = _at(eng, Step.BEFORE_DAMAGE_CALCULATION)
    assert monster(state, "man_eater_bug").face_up  # flipped at R48
    assert forbidden_by(eng, state, "man_eater_bug", "flip") == "flip_effects"
