"""Face-down and battle-position changes by effects: Book of Moon on the attacker ends the
attack (R38) and on the target causes no replay (R40), the face-down target is flipped at
R48 with its modifications gone (R84); Zero Gravity (R38, R59, R60); Gravekeeper's
Assailant's position change (R40, R60) and its Necrovalley requirement (R4); a face-down
target flipped by an effect (R6, R40); Swords of Revealing Light, a Normal Spell (R8).

Situation ``field_book_of_moon_rush``: Summoned Skull (2500) attacks Leo Wizard (1350/1200)
in Attack Position; B has Set Book of Moon and Rush Recklessly.
"""

from __future__ import annotations

from rules_helpers import (
    ROOT,
    A,
    B,
    engine,
    first,
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

from gamebook.rules.engine import Engine
from gamebook.rules.state import Step
from gamebook.situation.load import load_situation

MOON_SKULL = "B activate book_of_moon.activate -> summoned_skull"
MOON_LEO = "B activate book_of_moon.activate -> leo_wizard"
MOON_BUG = "B activate book_of_moon.activate -> man_eater_bug"


def _example(name: str) -> Engine:
    return Engine(load_situation(ROOT / "examples" / f"{name}.yaml"), "seed")


def _calculation(events):  # noqa: ANN001, ANN202
    return next(e for e in events if e.kind == "damage_calculation")


# -- R38: the attacker turned face-down ----------------------------------------------------------

def test_r38_book_of_moon_on_the_attacker_ends_the_attack_without_a_damage_step() -> None:
    eng = engine("field_book_of_moon_rush")
    state, events = play_events(eng, [MOON_SKULL, "A pass", "B pass"])
    names = kinds(events)
    assert first(events, "attack_ended").get("why") == "attacker_gone"
    assert "damage_step_begins" not in names and "damage_calculation" not in names
    skull = monster(state, "summoned_skull")
    assert (skull.position.value, skull.face_up) == ("defense", False)
    assert state.lp == (8000, 8000)


def test_r38_the_attacker_turned_face_down_has_still_used_its_attack() -> None:
    eng = engine("field_book_of_moon_rush")
    state = play(eng, [MOON_SKULL, "A pass", "B pass"])
    assert state.attacks_made("summoned_skull") == 1
    assert not eng.can_attack_again(state, "summoned_skull")
    assert "declare_attack" not in " ".join(legal(eng, state))


def test_r38_zero_gravity_switching_the_attacker_to_defense_ends_the_attack() -> None:
    eng = engine("field_zero_gravity")
    state, events = play_events(eng, ["B activate zero_gravity.activate", "A pass", "B pass"])
    assert "damage_calculation" not in kinds(events)
    assert state.window.reason == "attack_ended"
    assert [(m.id, m.position.value, m.face_up) for m in state.monsters] == [
        ("leo_wizard", "defense", True), ("summoned_skull", "defense", True)]


def test_r59_zero_gravity_leaves_a_link_attacker_in_attack_position_and_the_battle_goes_on(
        ) -> None:
    eng = engine("field_zero_gravity_link")
    state, events = run_out(eng, ["A pass", "B activate zero_gravity.activate"])
    assert first(events, "not_applied").get("why") == "link_always_attack"
    assert "replay" not in kinds(events)  # R40: a position change is no replay cause
    calc = _calculation(events)
    assert (calc.get("target_position"), calc.get("target_value")) == ("defense", 1200)  # R60
    assert graveyard(state)["leo_wizard"] == "destroyed_by_battle"
    assert state.lp == (8000, 8000)  # no damage against a Defense Position monster


# -- R40, R48, R84: the attack target turned face-down -------------------------------------------

def test_r40_book_of_moon_on_the_attack_target_causes_no_replay() -> None:
    eng = engine("field_book_of_moon_rush")
    state, events = play_events(eng, [MOON_LEO, "A pass", "B pass"], settle_end=False)
    assert "replay_caused" not in kinds(events) and "replay" not in kinds(events)
    leo = monster(state, "leo_wizard")
    assert (leo.position.value, leo.face_up) == ("defense", False)
    assert state.attack.target == "leo_wizard"


def test_r48_the_face_down_target_is_flipped_before_damage_calculation_and_loses_by_def(
        ) -> None:
    eng = engine("field_book_of_moon_rush")
    state, events = run_out(eng, [MOON_LEO])
    names = kinds(events)
    flip = names.index("flipped")
    assert names.index("damage_step_begins") < flip < names.index("damage_calculation")
    calc = _calculation(events)
    assert (calc.get("target_position"), calc.get("target_value")) == ("defense", 1200)
    assert graveyard(state)["leo_wizard"] == "destroyed_by_battle"
    assert state.lp == (8000, 8000)


def test_r84_turning_a_monster_face_down_clears_its_atk_changes() -> None:
    eng = engine("field_book_of_moon_rush")
    state = play(eng, ["B activate rush.activate -> leo_wizard", "A pass", "B pass"],
                 settle_end=False)
    assert monster(state, "leo_wizard").stats.atk == 2050
    state = pass_until(eng, state, lambda s: eng.to_move(s) is B and not s.chain)
    state = play(eng, [MOON_LEO, "A pass", "B pass"], state, settle_end=False)
    state = pass_until(eng, state, lambda s: s.window.step is Step.BEFORE_DAMAGE_CALCULATION)
    leo = monster(state, "leo_wizard")
    assert leo.face_up and (leo.stats.atk, leo.stats.def_) == (1350, 1200)  # not 2050


def test_r46_book_of_moon_cannot_be_activated_in_the_damage_step() -> None:
    eng = engine("field_book_of_moon_rush")
    state = pass_until(eng, eng.start().state, lambda s: s.window.step is Step.DAMAGE_STEP_START
                       and eng.to_move(s) is B)
    assert forbidden_by(eng, state, "book_of_moon", "activate") == "damage_step_activations"
    assert "B activate rush.activate -> summoned_skull" in legal(eng, state)  # R46 item 2


def test_r38_book_of_moon_example_three_endings() -> None:
    eng = _example("book_of_moon")
    skull_down = play(eng, [MOON_SKULL])
    leo_down = play(eng, [MOON_LEO])
    assert skull_down.window.reason == "attack_ended" and leo_down.window.reason == "battle_over"
    assert leo_down.lp == (8000, 8000) and "leo_wizard" in graveyard(leo_down)


# -- R40, R60, R4: Gravekeeper's Assailant's position change --------------------------------------

def test_r40_assailants_position_change_on_the_target_is_no_replay_and_r60_def_is_used() -> None:
    eng = _example("gravekeepers_assailant_sakuretsu")
    state, events = run_out(eng, ["A activate gravekeepers_assailant.position_change -> "
                                  "mystical_elf", "B pass"])
    assert "replay" not in kinds(events)
    calc = _calculation(events)
    assert (calc.get("attacker_atk"), calc.get("target_position"), calc.get("target_value")) \
        == (2000, "defense", 2000)
    assert state.lp == (8000, 8000) and not graveyard(state)  # 2000 = 2000 DEF: neither (R50)


def test_r4_assailants_effect_needs_necrovalley_on_the_field() -> None:
    eng = engine("field_assailant_alone")
    state = eng.start().state
    assert state.window.triggers == ()
    assert (forbidden_by(eng, state, "gravekeepers_assailant", "position_change")
            == "trigger_effects")
    assert legal(eng, state) == ["A pass"]


def test_r24_sakuretsu_armor_answers_after_the_assailants_trigger_in_the_same_chain() -> None:
    eng = _example("gravekeepers_assailant_sakuretsu")
    state = eng.start().state
    # the turn player's trigger is placed first (R20, R23)
    assert forbidden_by(eng, state, "sakuretsu_armor", "activate") == "event_window"
    state = play(eng, ["A activate gravekeepers_assailant.position_change -> mystical_elf"],
                 state, settle_end=False)
    state, events = run_out(eng, ["B activate sakuretsu_armor.activate -> "
                                  "gravekeepers_assailant"], state)
    assert graveyard(state)["gravekeepers_assailant"] == "destroyed"
    assert monster(state, "mystical_elf").position.value == "defense"  # c1 still resolves
    assert state.window.reason == "attack_ended"


# -- R6, R40: a face-down target flipped by an effect --------------------------------------------

def test_r40_flipping_the_face_down_target_by_an_effect_is_no_replay() -> None:
    eng = engine("field_reveal_man_eater")
    state, events = play_events(eng, ["A activate reveal_trap.activate", "B pass", "A pass"],
                                settle_end=False)
    assert first(events, "flipped_face_up").card == "man_eater_bug"
    assert "replay" not in kinds(events)
    bug = monster(state, "man_eater_bug")
    assert bug.face_up and bug.position.value == "defense"
    assert state.attack.target == "man_eater_bug"


def test_r48_a_target_already_face_up_is_not_flipped_again() -> None:
    eng = engine("field_reveal_man_eater")
    _, events = run_out(eng, ["A activate reveal_trap.activate",
                              "B activate man_eater_bug.flip -> gemini_elf"])
    assert "flipped" not in kinds(events)
    assert _calculation(events).get("target_value") == 600


def test_r6_a_monster_flipped_face_up_by_an_effect_activates_its_flip_effect() -> None:
    eng = engine("field_reveal_man_eater")
    state = play(eng, ["A activate reveal_trap.activate"])
    assert [str(a) for a in eng.legal_actions(state)] == [  # mandatory: no pass (R10)
        "B activate man_eater_bug.flip -> gemini_elf",
        "B activate man_eater_bug.flip -> man_eater_bug",
        "B activate man_eater_bug.flip -> summoned_skull"]
    state, events = run_out(eng, ["B activate man_eater_bug.flip -> summoned_skull"], state)
    assert graveyard(state)["summoned_skull"] == "destroyed"
    assert state.flipped == frozenset()


# -- R8: Swords of Revealing Light, a Normal Spell -------------------------------------------------

def test_r8_swords_of_revealing_light_cannot_be_activated_in_the_battle_phase() -> None:
    eng = engine("field_swords")
    state = eng.start().state
    assert eng.to_move(state) is A
    assert forbidden_by(eng, state, "swords_a", "activate") == "spell_cards"  # from the hand
    assert legal(eng, state) == ["A pass"]
    state = play(eng, ["A pass"], state, settle_end=False)
    assert forbidden_by(eng, state, "swords_b", "activate") == "spell_cards"  # Set, opponent's turn
    assert legal(eng, state) == ["B pass"]


def test_r48_a_flip_monster_turned_face_down_by_book_of_moon_flips_and_its_effect_follows(
        ) -> None:
    eng = engine("field_moon_man_eater")
    state, events = play_events(eng, [MOON_BUG])
    names = kinds(events)
    assert "replay" not in names  # R40
    assert names.index("set_face_down") < names.index("flipped") \
        < names.index("damage_calculation")
    calc = _calculation(events)
    assert (calc.get("target_position"), calc.get("target_value")) == ("defense", 600)
    assert state.window.step is Step.AFTER_DAMAGE_CALCULATION  # its Flip Effect now (R51)
    assert legal(eng, state) == ["B activate man_eater_bug.flip -> summoned_skull"]
