"""Continuous ATK/DEF modifiers of face-up cards (R7, R71 DELTA-cont): Necrovalley gives
"Gravekeeper's" monsters +500 ATK/DEF while it is face-up on the field, to face-up monsters
only, stops the moment it leaves the field, and stacks with an original-ATK change (R79).

Situation ``field_necrovalley_mst``: Gravekeeper's Assailant (1500/1500) attacks Mystical
Elf (800/2000) with Necrovalley face-up in A's Field Zone; B has Set Mystical Space Typhoon
and Shrink.
"""

from __future__ import annotations

from rules_helpers import (
    B,
    engine,
    first,
    forbidden_by,
    graveyard,
    kinds,
    monster,
    pass_until,
    play,
    run_out,
)

from gamebook.rules.state import Step

MST = "B activate mst.activate -> necrovalley"
DECLINE = "A pass"  # A declines the Assailant's trigger


def _stats(state, instance: str) -> tuple[int, int]:  # noqa: ANN001
    found = monster(state, instance)
    return found.stats.atk, found.stats.def_


def test_r7_necrovalley_raises_a_gravekeepers_atk_and_def_by_500_from_the_start() -> None:
    eng = engine("field_necrovalley_mst")
    state = eng.start().state
    assert _stats(state, "gravekeepers_assailant") == (2000, 2000)


def test_r7_necrovalley_does_not_raise_monsters_of_other_archetypes() -> None:
    eng = engine("field_necrovalley_mst")
    assert _stats(eng.start().state, "mystical_elf") == (800, 2000)


def test_r7_necrovalley_stops_applying_as_soon_as_it_is_destroyed() -> None:
    eng = engine("field_necrovalley_mst")
    state = play(eng, [DECLINE, MST, "A pass", "B pass"], settle_end=False)
    assert graveyard(state)["necrovalley"] == "destroyed"
    assert _stats(state, "gravekeepers_assailant") == (1500, 1500)
    applications = monster(state, "gravekeepers_assailant").stats.applications
    assert not any(app.source.startswith("necrovalley") for app in applications)


def test_r7_the_damage_uses_the_atk_without_necrovalley_once_it_is_gone() -> None:
    eng = engine("field_necrovalley_mst")
    state, events = run_out(eng, [DECLINE, MST])
    assert first(events, "damage_calculation").get("attacker_atk") == 1500
    assert state.lp == (8000, 8000 - 700)


def test_r7_with_necrovalley_on_the_field_the_damage_uses_the_raised_atk() -> None:
    eng = engine("field_necrovalley_mst")
    state, events = run_out(eng, [DECLINE])
    assert first(events, "damage_calculation").get("attacker_atk") == 2000
    assert state.lp == (8000, 8000 - 1200)


def test_r79_shrink_halves_the_original_and_necrovalleys_raise_is_reapplied_on_top() -> None:
    eng = engine("field_necrovalley_mst")
    state = play(eng, [DECLINE, "B activate shrink.activate -> gravekeepers_assailant",
                       "A pass", "B pass"], settle_end=False)
    assert _stats(state, "gravekeepers_assailant") == (750 + 500, 2000)
    state = pass_until(eng, state, lambda s: eng.to_move(s) is B and not s.chain)
    state = play(eng, [MST, "A pass", "B pass"], state, settle_end=False)
    assert _stats(state, "gravekeepers_assailant") == (750, 1500)


def test_r7_a_set_field_spell_applies_nothing_and_its_card_is_not_on_the_field_face_up() -> None:
    eng = engine("field_necrovalley_set")
    state = eng.start().state
    assert _stats(state, "gravekeepers_assailant") == (1500, 1500)
    assert state.window.triggers == ()
    assert (forbidden_by(eng, state, "gravekeepers_assailant", "position_change")
            == "trigger_effects")


def test_r7_necrovalley_raises_a_face_down_gravekeeper_only_once_it_is_face_up() -> None:
    eng = engine("field_necrovalley_face_down_keeper")
    state = eng.start().state
    keeper = monster(state, "keeper")
    assert not keeper.face_up and not keeper.stats.applications
    state = pass_until(eng, state, lambda s: s.window.step is Step.BEFORE_DAMAGE_CALCULATION)
    assert monster(state, "keeper").face_up  # flipped at R48
    assert _stats(state, "keeper") == (2000, 2000)


def test_r7_the_flipped_gravekeepers_raised_def_decides_the_battle() -> None:
    eng = engine("field_necrovalley_face_down_keeper")
    state, events = run_out(eng)
    calc = first(events, "damage_calculation")
    assert (calc.get("target_position"), calc.get("target_value")) == ("defense", 2000)
    assert state.lp == (8000 - 100, 8000)  # 1900 against DEF 2000 (R50)
    assert "keeper" not in graveyard(state) and "destroyed_by_battle" not in kinds(events)
