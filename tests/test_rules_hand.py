"""Cards in the hand: Quick-Play Spells only in their controller's own turn (R8), a Spell
activated from the hand is placed on the field and leaves after resolving (R8), monster
effects that say they are activated from the hand, with their costs paid at activation
(R16), and what the hand holds at an ending.

Situation ``field_hand_quick_play``: Summoned Skull (2500) attacks Leo Wizard (1350) in A's
turn; A holds Rush Recklessly, B holds Rush Recklessly, Honest and Kuriboh.
"""

from __future__ import annotations

from rules_helpers import (
    A,
    B,
    activations,
    engine,
    forbidden_by,
    graveyard,
    kinds,
    legal,
    monster,
    note,
    pass_until,
    play,
    play_events,
    run_out,
    write_situation,
)

from gamebook.rules.engine import Engine
from gamebook.rules.outcome import CardGone
from gamebook.rules.state import Step

RUSH_A_SKULL = "A activate rush_a.activate -> summoned_skull"


def test_r8_a_quick_play_spell_can_be_activated_from_the_hand_in_its_controllers_turn(
        ) -> None:
    eng = engine("field_hand_quick_play")
    state = eng.start().state
    assert eng.to_move(state) is A
    assert activations(eng, state) == ["A activate rush_a.activate -> leo_wizard",
                                       RUSH_A_SKULL]


def test_r8_a_quick_play_spell_cannot_be_activated_from_the_hand_in_the_opponents_turn(
        ) -> None:
    eng = engine("field_hand_quick_play")
    state = play(eng, ["A pass"], settle_end=False)
    assert eng.to_move(state) is B
    assert forbidden_by(eng, state, "rush_b", "activate") == "spell_cards"
    assert note(eng, state, "rush_b", "activate").reason == "quick_play_own_turn"
    assert not any("rush_b" in action for action in legal(eng, state))


def test_r8_a_spell_activated_from_the_hand_goes_on_the_field_then_to_the_gy() -> None:
    eng = engine("field_hand_quick_play")
    state = play(eng, [RUSH_A_SKULL], settle_end=False)
    assert state.in_hand("rush_a") is None
    placed = state.spell_trap("rush_a")
    assert placed is not None and placed.face_up and placed.controller is A
    assert state.chain[-1].from_hand
    state, events = run_out(eng, [], state)
    assert state.spell_trap("rush_a") is None and graveyard(state)["rush_a"] == "resolved"
    calc = next(e for e in events if e.kind == "damage_calculation")
    assert calc.get("attacker_atk") == 3200
    assert state.lp == (8000, 8000 - (3200 - 1350))


def test_r8_a_quick_play_spell_in_the_hand_needs_a_free_spell_trap_zone() -> None:
    eng = engine("field_hand_full_zones")
    state = eng.start().state
    assert forbidden_by(eng, state, "rush_a", "activate") == "spell_cards"
    assert note(eng, state, "rush_a", "activate").reason == "no_free_zone"
    assert legal(eng, state) == ["A pass"]


def test_r8_a_field_spell_is_in_the_field_zone_and_leaves_a_spell_trap_zone_free(
        tmp_path) -> None:  # noqa: ANN001
    # four Swords and Necrovalley: the Field Spell is in the Field Zone, s5 is free
    swords = [{"id": f"swords_{n}", "card": "swords_of_revealing_light", "zone": f"s{n}"}
              for n in range(1, 5)]
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "summoned_skull", "card": "summoned_skull"}],
                  "spell_traps": [*swords, {"id": "necrovalley", "card": "necrovalley",
                                            "face_up": True, "zone": "field"}],
                  "hand": [{"id": "rush_a", "card": "rush_recklessly"}]},
            "B": {"monsters": [{"id": "leo_wizard", "card": "leo_wizard"}]}},
        "start": {"moment": "attack_declared", "attacker": "summoned_skull",
                  "target": "leo_wizard"},
        "scope": "end_of_battle"}))
    assert RUSH_A_SKULL in legal(eng, eng.start().state)


def test_r16_kuriboh_is_discarded_at_activation_before_anyone_can_respond() -> None:
    eng = engine("field_hand_quick_play")
    state = pass_until(eng, eng.start().state,
                       lambda s: s.window.step is Step.DURING_DAMAGE_CALCULATION
                       and eng.to_move(s) is B)
    state, events = play_events(eng, ["B activate kuriboh.no_damage"], state, settle_end=False)
    names = kinds(events)
    assert names == ["activate", "discarded"]
    assert state.in_hand("kuriboh") is None and graveyard(state) == {"kuriboh": "discarded"}
    assert len(state.chain) == 1 and state.chain[0].from_hand


def test_r16_kuriboh_after_its_cost_still_protects_and_the_hand_is_told_at_the_ending() -> None:
    eng = engine("field_hand_quick_play")
    state = pass_until(eng, eng.start().state,
                       lambda s: s.window.step is Step.DURING_DAMAGE_CALCULATION
                       and eng.to_move(s) is B)
    state, _ = run_out(eng, ["B activate kuriboh.no_damage"], state)
    assert state.lp == (8000, 8000)
    outcome = eng.outcome(state)
    assert [h.id for h in outcome.hand] == ["honest", "rush_a", "rush_b"]
    assert CardGone("kuriboh", "kuriboh", "B", "discarded") in outcome.graveyard


def test_r3_a_monster_in_the_hand_offers_only_its_effects_that_work_from_the_hand() -> None:
    eng = engine("field_hand_quick_play")
    state = play(eng, ["A pass"], settle_end=False)
    honest = {n.effect for n in eng.notes(state) if n.card == "honest"}
    assert honest == {"gain"}  # not its Main Phase return-to-hand effect (on the field)


def test_r16_honest_in_the_hand_cannot_be_used_without_a_battling_light_monster() -> None:
    eng = engine("field_hand_quick_play")  # Leo Wizard is EARTH
    state = pass_until(eng, eng.start().state,
                       lambda s: s.window.step is Step.DAMAGE_STEP_START and eng.to_move(s) is B)
    assert forbidden_by(eng, state, "honest", "gain") == "quick_effects"  # a Quick Effect (R5)
    assert state.in_hand("honest") is not None


def test_r8_the_turn_players_quick_play_spell_from_the_hand_in_the_damage_step() -> None:
    eng = engine("field_hand_quick_play")
    state = pass_until(eng, eng.start().state,
                       lambda s: s.window.step is Step.BEFORE_DAMAGE_CALCULATION)
    assert eng.to_move(state) is A and RUSH_A_SKULL in legal(eng, state)  # R46 item 2
    state, _ = run_out(eng, [RUSH_A_SKULL], state)
    assert monster(state, "summoned_skull").stats.atk == 3200
    assert state.lp == (8000, 6150)


def test_r118_battle_fader_discarded_before_its_effect_resolves_is_not_summoned() -> None:
    eng = engine("battle_fader_discarded")
    state, events = play_events(eng, [
        "A pass", "B activate battle_fader.summon_and_end", "A pass",
        "B activate raigeki.activate paying battle_fader -> skull", "A pass", "B pass"])
    skipped = [(e.get("op"), e.get("why")) for e in events if e.kind == "not_applied"]
    assert skipped == [("special_summon", "left_hand"), ("end_battle_phase",
                                                         "previous_not_applied")]
    assert state.monster("battle_fader") is None  # not Summoned from the GY
    assert graveyard(state)["battle_fader"] == "discarded"
    assert "A declare_attack gemini_elf" in legal(eng, state)  # the Battle Phase goes on
