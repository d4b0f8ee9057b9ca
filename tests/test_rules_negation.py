"""Negation: of an activation (R17), of an effect whose cost stays paid (R16), Counter Traps
that answer only what they name (R2), Spell Speed 3 (R2), negating an attack (R38) and
ending the Battle Phase (R58)."""

from __future__ import annotations

from rules_helpers import (
    A,
    B,
    activations,
    engine,
    first,
    forbidden_by,
    graveyard,
    kinds,
    legal,
    monster,
    note,
    play,
    play_events,
    run_out,
    write_situation,
)

from gamebook.rules.engine import Engine
from gamebook.rules.state import Step, WindowKind

SAKURETSU = "B activate sakuretsu.activate -> borrelsword"
KURIBOH = "B activate linkuriboh.zero_atk"
TYPHOON = "B activate typhoon.activate -> trap_jammer"
JAMMER = "A activate trap_jammer.activate"
CYLINDER = "B activate magic_cylinder.activate -> skull"
NEGATE_ATTACK = "B activate negate_attack.activate -> skull"

# -- negating an activation, negating an effect -------------------------------------------------


def test_r17_trap_jammer_negates_sakuretsu_which_then_does_nothing_and_is_destroyed() -> None:
    eng = engine("negation")
    state, events = run_out(eng, ["A pass", SAKURETSU, JAMMER])
    negated = first(events, "negated")
    assert (negated.card, negated.get("what"), negated.get("link")) == (
        "sakuretsu", "activation", 1)
    assert first(events, "no_effect").get("why") == "activation_negated"
    assert graveyard(state)["sakuretsu"] == "destroyed"
    assert graveyard(state)["trap_jammer"] == "resolved"
    assert "borrelsword" not in graveyard(state) and state.window.reason == "battle_over"


def test_r16_a_negated_effect_keeps_its_cost_paid_and_its_replay() -> None:
    eng = engine("negation")
    state, events = play_events(eng, ["A pass", KURIBOH, "A activate effect_counter.activate",
                                      "B pass"])
    assert first(events, "negated").get("what") == "effect"
    assert graveyard(state)["linkuriboh"] == "tributed"  # the cost was paid at activation
    assert monster(state, "borrelsword").stats.atk == 3000  # the ATK-to-0 did nothing
    assert state.window.kind is WindowKind.REPLAY  # Linkuriboh still left the field (R39)


def test_r17_a_spell_counter_negates_typhoon_so_the_trap_it_targeted_stays_set() -> None:
    eng = engine("negation")
    state, events = run_out(eng, ["A pass", TYPHOON, "A activate spell_counter.activate"])
    assert first(events, "negated").card == "typhoon"
    assert graveyard(state)["typhoon"] == "destroyed"
    trap_jammer = state.spell_trap("trap_jammer")
    assert trap_jammer is not None and not trap_jammer.face_up


def test_r26_a_once_per_turn_effect_that_was_negated_still_counts_as_used(tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": [{"id": "effect_counter",
                                           "card": "test_effect_counter"}]},
                    "B": {"monsters": [{"id": "booster", "card": "test_booster"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "booster"},
        "scope": "end_of_battle"}), "seed")
    state = play(eng, ["A pass", "B activate booster.boost",
                       "A activate effect_counter.activate", "B pass", "A pass"],
                 settle_end=False)
    assert state.chain == () and monster(state, "booster").stats.atk == 1000
    refused = note(eng, state, "booster", "boost")
    assert (refused.rule, refused.reason) == ("once_per_turn", "once_per_turn_used")


# -- Counter Traps answer only what they name ----------------------------------------------------


def test_r2_trap_jammer_answers_a_trap_but_not_a_spell_or_a_monster_effect() -> None:
    eng = engine("negation")
    assert JAMMER in legal(eng, play(eng, ["A pass", SAKURETSU]))
    for line in (["A pass", TYPHOON], ["A pass", KURIBOH]):
        state = play(eng, line)
        assert eng.to_move(state) is A and JAMMER not in legal(eng, state)
        refused = note(eng, state, "trap_jammer", "activate")
        assert (refused.rule, refused.reason) == ("response_speed", "nothing_to_respond_to")


def test_r2_each_counter_trap_is_offered_only_against_the_kind_of_card_it_names() -> None:
    eng = engine("negation")
    offered = {}
    for name, line in (("trap", SAKURETSU), ("spell", TYPHOON), ("monster", KURIBOH)):
        state = play(eng, ["A pass", line])
        offered[name] = [a.split()[2] for a in activations(eng, state)
                         if a.startswith("A ") and a.split()[2].endswith(".activate")]
    assert offered == {"trap": ["trap_jammer.activate"], "spell": ["spell_counter.activate"],
                       "monster": ["effect_counter.activate"]}


def test_r2_a_counter_trap_that_answers_an_activation_cannot_open_a_chain() -> None:
    eng = engine("negation")
    state = play(eng, ["A pass", "B pass"], settle_end=False)
    assert state.window.kind is WindowKind.OPEN and state.chain == ()
    for card in ("trap_jammer", "effect_counter", "spell_counter"):
        assert forbidden_by(eng, state, card, "activate") == "response_speed"


def test_r2_trap_jammer_answers_only_the_link_directly_below_it() -> None:
    eng = engine("negation")
    state = play(eng, ["A pass", SAKURETSU, "A pass",
                       "B activate typhoon.activate -> spell_counter"])
    assert [link.card for link in state.chain] == ["sakuretsu", "typhoon"]
    assert forbidden_by(eng, state, "trap_jammer", "activate") == "response_speed"
    assert "A activate spell_counter.activate" in legal(eng, state)


def test_r2_nothing_of_spell_speed_2_may_answer_trap_jammer() -> None:
    eng = engine("negation")
    state = play(eng, ["A pass", SAKURETSU, JAMMER], settle_end=False)
    assert eng.to_move(state) is B and legal(eng, state) == ["B pass"]
    refused = note(eng, state, "typhoon", "activate")
    assert (refused.rule, refused.reason) == ("response_speed", "spell_speed_too_low")


# -- negating an attack (R38) and ending the Battle Phase (R58) ----------------------------------


def test_r38_magic_cylinder_negates_the_attack_so_no_damage_step_follows() -> None:
    eng = engine("negate_attack_phase")
    state, events = play_events(eng, ["A pass", CYLINDER, "A pass", "B pass"])
    assert first(events, "attack_negated").card == "skull"
    assert first(events, "attack_ended").get("why") == "negated"
    assert "damage_step_begins" not in kinds(events) and "damage_calculation" not in kinds(events)
    assert state.monster("mystical_elf") is not None


def test_r38_the_monster_whose_attack_was_negated_has_still_attacked() -> None:
    eng = engine("negate_attack_phase")
    state = play(eng, ["A pass", CYLINDER, "A pass", "B pass"])
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.BATTLE_STEP)
    assert state.attack is None and state.attacks_made("skull") == 1
    declarations = [a for a in legal(eng, state) if "declare_attack" in a]
    assert declarations == ["A declare_attack gemini_elf -> mystical_elf"]
    assert eng.outcome(state).can_attack_again == ("gemini_elf",)


def test_r58_negate_attack_ends_the_battle_phase_once_its_chain_has_resolved() -> None:
    eng = engine("negate_attack_phase")
    state, events = play_events(eng, ["A pass", NEGATE_ATTACK])
    happened = kinds(events)
    order = [happened.index(kind) for kind in ("chain_resolves", "attack_negated",
                                                "battle_phase_will_end", "sent_to_gy",
                                                "battle_phase_ended_by_effect")]
    assert order == sorted(order)  # the Battle Phase ends after the whole chain (R58)
    assert "damage_step_begins" not in happened and "attack_ended" not in happened


def test_r58_ending_the_battle_phase_goes_to_the_end_step_not_past_it() -> None:
    eng = engine("negate_attack_phase")
    state, events = play_events(eng, ["A pass", NEGATE_ATTACK])
    happened = kinds(events)
    assert happened.index("battle_phase_ended_by_effect") < happened.index("end_step_begins")
    closed = [e.get("step") for e in events if e.kind == "window_closed"]
    assert closed[-1] == "end_step"  # the End Step's own window was played (R57)
    assert state.window.reason == "battle_phase_over"


def test_r58_after_negate_attack_no_other_monster_can_attack_this_battle_phase() -> None:
    eng = engine("negate_attack_phase")
    state, events = play_events(eng, ["A pass", NEGATE_ATTACK])
    assert "declare_attack" not in kinds(events)
    assert state.attacks_made("gemini_elf") == 0
    outcome = eng.outcome(state)
    assert outcome.can_attack_again == () and outcome.second_attack_possible is False


def test_r2_after_negate_attack_a_spell_speed_2_trap_cannot_be_chained() -> None:
    eng = engine("negate_attack_phase")
    state = play(eng, ["A pass", NEGATE_ATTACK, "A pass"], settle_end=False)
    assert eng.to_move(state) is B and legal(eng, state) == ["B pass"]
    assert forbidden_by(eng, state, "magic_cylinder", "activate") == "response_speed"


def test_r24_negate_attack_answers_only_the_declarations_first_chain() -> None:
    eng = engine("negate_attack_phase")
    state = play(eng, ["A pass", "B pass"], settle_end=False)
    assert state.window.kind is WindowKind.OPEN and state.attack is not None
    assert forbidden_by(eng, state, "negate_attack", "activate") == "first_chain_only"
    assert forbidden_by(eng, state, "magic_cylinder", "activate") == "first_chain_only"


def test_r116_solemn_warning_negates_the_link_it_answers_not_an_earlier_link_of_that_card(
) -> None:
    eng = engine("solemn_warning_answers_one_link")
    state, events = play_events(eng, [
        "A pass", "B activate linkuriboh.zero_atk", "A pass",
        "B activate linkuriboh.revive paying kuriboh", "A activate solemn.activate",
        "B pass", "A pass"])
    negated = [(e.card, e.effect, e.get("link")) for e in events if e.kind == "negated"]
    assert negated == [("linkuriboh", "revive", 2)]
    assert monster(state, "skull").stats.atk == 0  # c1 still resolved
    assert "linkuriboh" in graveyard(state) and graveyard(state)["kuriboh"] == "tributed"


def test_r38_swift_scarecrow_with_no_attack_left_to_negate_does_not_end_the_battle_phase(
) -> None:
    eng = engine("swift_scarecrow_no_attack_left")
    for answer in ("B activate sakuretsu.activate -> skull", "B activate book.activate -> skull"):
        state, events = play_events(eng, ["A pass", "B activate scarecrow.negate_and_end",
                                          "A pass", answer, "A pass", "B pass"],
                                    settle_end=False)
        skipped = [(e.get("op"), e.get("why")) for e in events if e.kind == "not_applied"]
        assert skipped == [("negate_attack", "no_attack"),
                           ("end_battle_phase", "previous_not_applied")], answer
        assert state.window.step is Step.BATTLE_STEP, answer
        assert "A declare_attack gemini_elf" in legal(eng, state), answer
