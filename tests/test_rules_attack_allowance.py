"""How many attacks a monster may declare: "cannot declare an attack" effects (R44), extra
attacks (R45) and the return to the Battle Step after the Damage Step (R56)."""

from __future__ import annotations

from rules_helpers import (
    A,
    engine,
    kinds,
    legal,
    pass_until,
    play,
    play_events,
)

from gamebook.rules.mechanics.moving import leave_field
from gamebook.rules.mechanics.once_per_turn import BY_NAME
from gamebook.rules.state import Step, WindowKind, replace

ATK = "A activate borrelsword.atk_gain"
KURIBOH = "B activate linkuriboh.zero_atk"
ROAR = "B activate threatening_roar.activate"
SWITCH = "A activate borrelsword.position_change -> leo_wizard"
SECOND_ATTACK = "A declare_attack borrelsword -> leo_wizard"


def _declarations(actions: list[str]) -> list[str]:
    return [action for action in actions if " declare_attack " in action]


# -- R44 -------------------------------------------------------------------------------------

def test_r44_roar_does_not_stop_an_attack_already_declared() -> None:
    eng = engine()
    state, events = play_events(eng, ["A pass", ROAR, "A pass", "B pass"])  # S001 p.11
    assert A in state.cannot_declare_attacks
    state, more = play_events(eng, ["A pass"], state)
    events += more
    assert "damage_calculation" in kinds(events)
    assert state.lp == (8000, 5300) and state.monster("linkuriboh") is None


def test_r44_roar_does_not_stop_the_re_selection_after_a_replay() -> None:
    eng = engine()
    state = play(eng, [ATK, KURIBOH, "A pass", ROAR, "A pass", "B pass"])  # S001 p.28
    assert A in state.cannot_declare_attacks
    assert state.window.kind is WindowKind.REPLAY
    assert "A replay_attack borrelsword -> leo_wizard" in legal(eng, state)


def test_r44_after_roar_no_further_attack_can_be_declared_even_with_a_second_attack() -> None:
    eng = engine("model_whole_battle_phase")
    # S001 p.10: c1 Roar, c2 switch-to-DEF; the second attack is granted, then forbidden.
    state = play(eng, ["A pass", ROAR, SWITCH], settle_end=False)
    state = pass_until(eng, state, lambda s: s.attack is None)
    assert state.attack_allowance("borrelsword") == 2 and state.attacks_made("borrelsword") == 1
    assert not eng.is_terminal(state) and eng.to_move(state) is A
    assert _declarations(legal(eng, state)) == []
    assert eng.can_attack_again(state, "borrelsword") is False


def test_r44_roar_resolving_later_in_the_turn_also_forbids_the_second_attack() -> None:
    eng = engine("model_whole_battle_phase")
    state = play(eng, ["A pass", "B pass", SWITCH, ROAR])  # S001 p.15
    assert dict(state.extra_attacks) == {"borrelsword": 1} and A in state.cannot_declare_attacks
    state = pass_until(eng, state, lambda s: s.attack is None)
    assert _declarations(legal(eng, state)) == []


def test_r44_roar_in_the_battle_step_before_any_attack_forbids_every_declaration() -> None:
    eng = engine("open_battle_step")
    state = play(eng, ["A pass", ROAR, "A pass", "B pass"], settle_end=False)
    assert state.window.kind is WindowKind.OPEN and eng.to_move(state) is A
    assert _declarations(legal(eng, state)) == []


# -- R45 -------------------------------------------------------------------------------------

def test_r45_switch_to_def_raises_the_attack_allowance_by_one_on_resolution() -> None:
    eng = engine("model_whole_battle_phase")
    state = play(eng, ["A pass", "B pass", SWITCH], settle_end=False)
    assert state.attack_allowance("borrelsword") == 1  # not before resolution
    state = play(eng, ["B pass", "A pass"], state, settle_end=False)
    assert state.attack_allowance("borrelsword") == 2


def test_r45_with_the_second_attack_borrelsword_may_declare_again_after_the_first_battle(
        ) -> None:
    eng = engine("model_whole_battle_phase")
    state = play(eng, ["A pass", "B pass", SWITCH, "B pass"])
    state = pass_until(eng, state, lambda s: s.attack is None)
    assert state.monster("linkuriboh") is None  # destroyed in the first battle
    assert _declarations(legal(eng, state)) == [SECOND_ATTACK]


def test_r45_every_declaration_consumes_one_attack_and_a_third_is_never_offered() -> None:
    eng = engine("model_whole_battle_phase")
    state = play(eng, ["A pass", "B pass", SWITCH, "B pass"])
    state = pass_until(eng, state, lambda s: s.attack is None)
    state = play(eng, [SECOND_ATTACK], state)
    assert state.attacks_made("borrelsword") == 2
    state = pass_until(eng, state, lambda s: s.attack is None)
    assert _declarations(legal(eng, state)) == []
    assert eng.can_attack_again(state, "borrelsword") is False


def test_r45_the_second_attack_is_recorded_as_possible_at_the_end_of_the_model_battle() -> None:
    eng = engine()
    state = play(eng, [ATK, "B pass", SWITCH, "B pass"])  # S001 p.24, Roar not used
    assert eng.outcome(state).second_attack_possible is True
    state = play(eng, [ATK, "B pass", SWITCH, ROAR])
    assert eng.outcome(state).second_attack_possible is False


# -- R56 -------------------------------------------------------------------------------------

def test_r56_after_the_damage_step_the_battle_step_returns_with_no_attack_and_the_tp_first(
        ) -> None:
    eng = engine("model_whole_battle_phase")
    state = play(eng, ["A pass", "B pass", "A pass", "B pass"], settle_end=False)
    assert state.window.step is Step.DAMAGE_STEP_START
    state = pass_until(eng, state, lambda s: s.attack is None)
    assert state.graveyard and state.graveyard[0].reason == "destroyed_by_battle"
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.BATTLE_STEP)
    assert eng.to_move(state) is A and state.window.passes == 0


def test_r56_the_attack_allowance_stays_consumed_after_the_damage_step() -> None:
    eng = engine("model_whole_battle_phase")
    state = pass_until(eng, eng.initial_state(), lambda s: s.attack is None)
    assert state.attacks_made("borrelsword") == 1
    assert _declarations(legal(eng, state)) == []
    assert legal(eng, state) == [SWITCH, "A pass"]


def test_r56_a_monster_that_has_not_attacked_can_still_declare_after_anothers_battle() -> None:
    eng = engine("open_battle_step")
    state = play(eng, ["A declare_attack swordsman -> leo_wizard"])
    state = pass_until(eng, state, lambda s: s.attack is None)
    assert state.monster("leo_wizard") is None  # 1500 vs 1350: destroyed by battle
    assert state.attacks_made("swordsman") == 1
    assert _declarations(legal(eng, state)) == ["A declare_attack borrelsword"]  # direct


def test_r128_a_monster_destroyed_and_revived_in_the_battle_phase_may_attack_again() -> None:
    eng = engine("revived_attacker")
    state = play(eng, ["A pass", "B activate sakuretsu.activate -> skull",
                       "A activate call.activate -> skull"])
    assert state.monster("skull") is not None
    assert state.attacks_made("skull") == 0 and state.attacks_this_turn == 1
    assert "A declare_attack skull -> mystical_elf" in legal(eng, state)


def test_r128_a_card_leaving_the_field_forgets_once_per_turn_uses_but_not_by_name() -> None:
    eng = engine()  # the model battle: Borrelsword Dragon attacks Linkuriboh
    state = eng.start().state
    by_name = (BY_NAME + "linkuriboh", "revive")  # the name's use, not the card's (R135)
    state = replace(state, used_once_per_turn=frozenset({
        ("borrelsword", "position_change"), by_name}),
        extra_attacks=(("borrelsword", 1),))
    state, _ = leave_field(eng.rules, state, "borrelsword", "destroyed")
    state, _ = leave_field(eng.rules, state, "linkuriboh", "destroyed")
    # "Once per turn": a new card; "You can only use this effect of "Linkuriboh" once per turn"
    assert state.used_once_per_turn == frozenset({by_name})
    assert state.extra_attacks == () and state.attacks_this_turn == 1
