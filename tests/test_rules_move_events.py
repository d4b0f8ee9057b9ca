"""R171, R172: the events of a card moving, answered by the card's own Trigger Effect; R173:
the activation that includes a destruction or a banishment. The invented test cards: Test
Exile Spirit (banished), Test Homing Spirit (returned to the hand), Test Parting Spirit (left
the field), Test Offering Spirit (Tributed), Test Cast-off Spirit (discarded), Test Shattered
Spirit (destroyed by a card effect), Test Shatter Ward and Test Exile Ward (R173)."""

from __future__ import annotations

from rules_helpers import first, graveyard, kinds, legal, pass_until, play_events, write_situation

from gamebook.cards.model import EventName
from gamebook.rules.engine import Engine


def _battle(tmp_path, defender: str, b_traps: tuple[str, ...] = (),  # noqa: ANN001
            b_hand: tuple[str, ...] = (), a_monster: str = "summoned_skull",
            a_extra: tuple[str, ...] = ()) -> Engine:
    """A's ``a_monster`` has declared an attack on B's ``defender`` card; B has the Set
    ``b_traps`` (ids as their cards) and ``b_hand``; A also has the monsters ``a_extra``."""
    monsters = [{"id": "attacker", "card": a_monster},
                *({"id": card, "card": card, "position": "defense"} for card in a_extra)]
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": monsters},
            "B": {"monsters": [{"id": "defender", "card": defender}],
                  "hand": [{"id": f"held{i}", "card": card} for i, card in enumerate(b_hand)],
                  "spell_traps": [{"id": trap, "card": trap, "face_up": False,
                                   "set": "earlier_turn"} for trap in b_traps]}},
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "defender"},
        "scope": "end_of_battle"}), "seed")


def test_r171_a_banished_card_activates_its_effect_from_the_banishment(tmp_path):
    eng = _battle(tmp_path, "test_exile_spirit", ("test_banish_trap",))
    state, events = play_events(eng, ["A pass", "B activate test_banish_trap.activate -> defender",
                                      "A pass", "B pass"])
    assert [card.id for card in state.banished] == ["defender"]
    assert "B activate defender.heal" in legal(eng, state)  # once the chain is over
    state, _ = play_events(eng, ["B activate defender.heal", "A pass", "B pass"], state)
    assert state.lp == (8000, 8500)


def test_r171_a_card_banished_from_the_gy_answers_too(tmp_path):
    # A's D.D. Crow banishes Test Exile Spirit from B's GY
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "attacker", "card": "summoned_skull"}],
                          "hand": [{"id": "crow", "card": "dd_crow"}]},
                    "B": {"monsters": [{"id": "defender", "card": "mystical_elf"}],
                          "graveyard": [{"id": "spirit", "card": "test_exile_spirit"}]}},
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "defender"},
        "scope": "end_of_battle"}), "seed")
    state, _ = play_events(eng, ["A activate crow.banish -> spirit", "B pass", "A pass"])
    assert [card.id for card in state.banished] == ["spirit"]
    assert "B activate spirit.heal" in legal(eng, state)


def test_r171_a_card_returned_to_the_hand_activates_its_effect_from_the_hand(tmp_path):
    eng = _battle(tmp_path, "test_homing_spirit", ("test_bounce_trap",))
    state, _ = play_events(eng, ["A pass", "B activate test_bounce_trap.activate -> defender",
                                 "A pass", "B pass"])
    assert state.in_hand("defender") is not None
    state, _ = play_events(eng, ["B activate defender.sting", "A pass", "B pass"], state)
    assert state.lp == (7700, 8000)  # mandatory: activated from the hand


def test_r171_a_card_that_left_the_field_answers_from_where_it_went(tmp_path):
    eng = _battle(tmp_path, "test_parting_spirit", ("test_destroy_trap",))
    state, _ = play_events(eng, ["A pass", "B activate test_destroy_trap.activate -> defender",
                                 "A pass", "B pass"])
    assert graveyard(state)["defender"] == "destroyed"
    state, _ = play_events(eng, ["B activate defender.farewell", "A pass", "B pass"], state)
    assert state.lp == (8000, 8500)


def test_r171_left_the_field_is_answered_only_where_the_effect_says(tmp_path):
    # returned to the hand, it left the field too, but its effect is activated from the GY
    eng = _battle(tmp_path, "test_parting_spirit", ("test_bounce_trap",))
    state, _ = play_events(eng, ["A pass", "B activate test_bounce_trap.activate -> defender",
                                 "A pass", "B pass"])
    assert state.in_hand("defender") is not None
    assert not any("defender.farewell" in action for action in legal(eng, state))


def test_r171_an_optional_when_trigger_misses_the_timing(tmp_path):
    # Threatening Roar (c1) resolves after Test Destroy Trap (c2): the last thing to happen
    eng = _battle(tmp_path, "test_parting_spirit", ("threatening_roar", "test_destroy_trap"))
    state, events = play_events(eng, [
        "A pass", "B activate threatening_roar.activate", "A pass",
        "B activate test_destroy_trap.activate -> defender", "A pass", "B pass"])
    assert first(events, "missed_timing").get("effects") == ("defender.farewell",)
    assert not any("defender.farewell" in action for action in legal(eng, state))


def test_r171_the_events_are_remembered_only_where_a_card_answers_them(tmp_path):
    eng = _battle(tmp_path, "mystical_elf", ("test_banish_trap",))
    assert eng.rules.hooks.card_moved == ()  # nothing to remember, nothing asked
    state, _ = play_events(eng, ["A pass", "B activate test_banish_trap.activate -> defender",
                                 "A pass"], settle_end=False)
    assert not any(name is EventName.BANISHED for name, _ in state.happened)
    spirit = _battle(tmp_path, "test_exile_spirit", ("test_banish_trap",))
    assert spirit.rules.hooks.card_moved != ()


def test_r172_a_card_tributed_as_a_cost_answers_after_the_chain(tmp_path):
    eng = _battle(tmp_path, "test_offering_spirit", ("test_tribute_striker",))
    state, events = play_events(eng, [
        "A pass", "B activate test_tribute_striker.activate paying defender -> attacker",
        "A pass", "B pass"])
    assert graveyard(state)["defender"] == "tributed"
    assert "missed_timing" not in kinds(events)  # an "if" trigger
    state, _ = play_events(eng, ["B activate defender.blessing", "A pass", "B pass"], state)
    assert state.lp == (8000, 8800)


def test_r172_a_card_tributed_by_an_effect_answers(tmp_path):
    eng = _battle(tmp_path, "mystical_elf", ("test_pit_trap",), a_monster="test_offering_spirit")
    state, _ = play_events(eng, ["A pass", "B activate test_pit_trap.activate", "A pass",
                                 "B pass"])
    assert graveyard(state)["attacker"] == "tributed"
    state, _ = play_events(eng, ["A activate attacker.blessing", "B pass", "A pass"], state)
    assert state.lp == (8800, 8000)


def test_r172_a_card_discarded_as_a_cost_answers(tmp_path):
    eng = _battle(tmp_path, "mystical_elf", ("raigeki_break",), b_hand=("test_cast_off_spirit",))
    state, _ = play_events(eng, [
        "A pass", "B activate raigeki_break.activate paying held0 -> attacker", "A pass",
        "B pass"])
    assert graveyard(state)["held0"] == "discarded"
    state, _ = play_events(eng, ["B activate held0.spite", "A pass", "B pass"], state)
    assert state.lp == (7500, 8000)


def test_r172_a_card_sent_from_the_hand_is_not_discarded(tmp_path):
    # the events differ: a card destroyed in the hand is not discarded
    from gamebook.rules.mechanics.move_events import move_events
    assert move_events(False, "graveyard", "sent") == frozenset()
    assert move_events(False, "graveyard", "discarded") == {EventName.DISCARDED}


def test_r172_a_card_destroyed_by_a_card_effect_answers(tmp_path):
    eng = _battle(tmp_path, "test_shattered_spirit", ("test_destroy_trap",))
    state, _ = play_events(eng, ["A pass", "B activate test_destroy_trap.activate -> defender",
                                 "A pass", "B pass"])
    state, _ = play_events(eng, ["B activate defender.mend", "A pass", "B pass"], state)
    assert state.lp == (8000, 8700)


def test_r172_a_card_destroyed_by_battle_is_not_destroyed_by_a_card_effect(tmp_path):
    # Summoned Skull (2500) destroys Test Shattered Spirit (1000) by battle
    eng = _battle(tmp_path, "test_shattered_spirit")
    state = pass_until(eng, eng.start().state,
                       lambda state: graveyard(state).get("defender") is not None)
    state = pass_until(eng, state, lambda state: eng.is_terminal(state)
                       or "B activate defender.mend" in legal(eng, state))
    assert "B activate defender.mend" not in legal(eng, state)


def _answered(tmp_path, a_trap: str, b_trap: str) -> Engine:  # noqa: ANN001
    """A's Summoned Skull has declared an attack; A has ``a_trap`` Set, B ``b_trap``."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "attacker", "card": "summoned_skull"}],
                          "spell_traps": [{"id": a_trap, "card": a_trap, "face_up": False,
                                           "set": "earlier_turn"}]},
                    "B": {"monsters": [{"id": "defender", "card": "mystical_elf"}],
                          "spell_traps": [{"id": b_trap, "card": b_trap, "face_up": False,
                                           "set": "earlier_turn"}]}},
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "defender"},
        "scope": "end_of_battle"}), "seed")


def test_r173_an_activation_that_includes_a_destruction_is_answered(tmp_path):
    eng = _answered(tmp_path, "test_destroy_trap", "test_shatter_ward")
    state, _ = play_events(eng, ["A activate test_destroy_trap.activate -> defender"],
                           settle_end=False)
    assert "B activate test_shatter_ward.activate" in legal(eng, state)
    state, events = play_events(eng, ["B activate test_shatter_ward.activate", "A pass",
                                      "B pass"], state)
    assert "negated" in kinds(events)
    assert graveyard(state).get("defender") != "destroyed"  # by battle later, not by the Trap


def test_r173_an_activation_that_includes_a_banishment_is_answered(tmp_path):
    eng = _answered(tmp_path, "test_banish_trap", "test_exile_ward")
    state, _ = play_events(eng, ["A activate test_banish_trap.activate -> defender"],
                           settle_end=False)
    assert "B activate test_exile_ward.activate" in legal(eng, state)


def test_r173_each_condition_answers_only_its_own_kind_of_effect(tmp_path):
    eng = _answered(tmp_path, "test_banish_trap", "test_shatter_ward")
    state, _ = play_events(eng, ["A activate test_banish_trap.activate -> defender"],
                           settle_end=False)
    assert "B activate test_shatter_ward.activate" not in legal(eng, state)
    eng = _answered(tmp_path, "test_bounce_trap", "test_exile_ward")
    state, _ = play_events(eng, ["A activate test_bounce_trap.activate -> defender"],
                           settle_end=False)
    assert "B activate test_exile_ward.activate" not in legal(eng, state)


def _tribute_summon(tmp_path, own: str) -> Engine:  # noqa: ANN001
    """Main Phase 1: A holds Summoned Skull and controls ``own`` (instance ``m1``)."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "m1", "card": own}],
                          "hand": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "defender", "card": "mystical_elf"}]}},
        "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1"}), "seed")


def test_r172_a_monster_tributed_for_a_tribute_summon_answers_after_the_summon(tmp_path):
    eng = _tribute_summon(tmp_path, "test_offering_spirit")
    state, _ = play_events(eng, ["A normal_summon skull paying m1"], settle_end=False)
    assert graveyard(state)["m1"] == "tributed"
    assert state.window.event == "normal_summoned"
    assert EventName.TRIBUTED in state.window.also
    state, _ = play_events(eng, ["A activate m1.blessing", "B pass", "A pass"], state)
    assert state.lp == (8800, 8000)
    assert not any(name is EventName.TRIBUTED for name, _ in state.happened)


def test_r172_a_monster_tributed_for_a_tribute_set_answers_too(tmp_path):
    eng = _tribute_summon(tmp_path, "test_offering_spirit")
    state, _ = play_events(eng, ["A set_monster skull paying m1"], settle_end=False)
    assert "A activate m1.blessing" in legal(eng, state)


def test_r172_a_when_trigger_of_a_tribute_misses_the_timing_of_the_summon(tmp_path):
    # Test Parting Spirit: "When this card leaves the field: you can": the Summon came last
    eng = _tribute_summon(tmp_path, "test_parting_spirit")
    state, events = play_events(eng, ["A normal_summon skull paying m1"], settle_end=False)
    assert not any("m1.farewell" in action for action in legal(eng, state))
    assert not any(name is EventName.LEFT_FIELD for name, _ in state.happened)
    # and the book says so, as it does after a chain (R25)
    assert first(events, "missed_timing").get("effects") == ("m1.farewell",)


def test_r172_a_when_trigger_of_a_tribute_misses_the_timing_of_a_tribute_set(tmp_path):
    eng = _tribute_summon(tmp_path, "test_parting_spirit")
    state, events = play_events(eng, ["A set_monster skull paying m1"], settle_end=False)
    assert not any("m1.farewell" in action for action in legal(eng, state))
    assert first(events, "missed_timing").get("effects") == ("m1.farewell",)


def test_r172_psychic_ace_tributed_for_a_tribute_summon_destroys_a_card():
    # the real card, also checked against EDOPro (tests/test_reference_engine.py)
    from rules_helpers import engine
    eng = engine("psychic_ace_tribute_summon")
    state, _ = play_events(eng, ["A normal_summon summoned_skull paying psychic_ace"],
                           settle_end=False)
    assert "A activate psychic_ace.destroy -> mirror_force" in legal(eng, state)
    state, _ = play_events(eng, ["A activate psychic_ace.destroy -> mirror_force", "B pass",
                                 "A pass"], state)
    assert graveyard(state)["mirror_force"] == "destroyed"


def test_r172_a_tribute_of_a_negated_summon_answers_after_the_negation_chain(tmp_path):
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "m1", "card": "test_offering_spirit"}],
                          "hand": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"spell_traps": [{"id": "warning", "card": "solemn_warning",
                                           "set": "earlier_turn"}]}},
        "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1"}), "seed")
    state, _ = play_events(eng, ["A normal_summon skull paying m1", "A pass",
                                 "B activate warning.negate_summon", "A pass", "B pass"],
                           settle_end=False)
    assert graveyard(state)["skull"] == "destroyed"
    assert "A activate m1.blessing" in legal(eng, state)
