"""R148: a card shuffled into the Deck (Drowning Mirror Force); R149: a target chosen in a GY
must still be there as the effect resolves (D.D. Crow, Call of the Haunted), and a target
chosen on the field that went to the GY is not moved from there (Cosmic Cyclone). Also
Storming Mirror Force's return to the hand of every Attack Position monster (R17, R127)."""

from __future__ import annotations

from rules_helpers import first, graveyard, kinds, legal, play_events, write_situation

from gamebook.rules.engine import Engine


def _direct(tmp_path, *, a_monsters: list[dict], b_traps: list[str],  # noqa: ANN001
            a_hand: tuple[str, ...] = (), b_graveyard: tuple[str, ...] = (),
            a_traps: tuple[str, ...] = ()) -> Engine:
    """A's first monster declares a direct attack on B, who controls no monster."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": a_monsters,
                  "hand": [{"id": card, "card": card} for card in a_hand],
                  "spell_traps": [{"id": card, "card": card, "face_up": False,
                                   "set": "earlier_turn"} for card in a_traps]},
            "B": {"graveyard": [{"id": card, "card": card} for card in b_graveyard],
                  "spell_traps": [{"id": card, "card": card, "face_up": False,
                                   "set": "earlier_turn"} for card in b_traps]}},
        "start": {"moment": "attack_declared", "attacker": a_monsters[0]["id"]},
        "scope": "end_of_battle_phase"}), "seed")


SKULL = {"id": "skull", "card": "summoned_skull"}
BORRELSWORD = {"id": "borrelsword", "card": "borrelsword_dragon", "zone": "emz_left"}
DROWNING = "B activate drowning_mirror_force.activate"


def test_r148_drowning_mirror_force_shuffles_attack_position_monsters_into_the_deck(tmp_path):
    eng = _direct(tmp_path, a_monsters=[SKULL, BORRELSWORD], b_traps=["drowning_mirror_force"])
    state, events = play_events(eng, ["A pass", DROWNING, "A pass", "B pass"])
    assert first(events, "shuffled_into_deck").card == "skull"
    assert state.in_deck("skull") is not None and state.monster("skull") is None
    # a Link Monster goes to the Extra Deck instead (R127)
    assert first(events, "returned_to_extra_deck").card == "borrelsword"
    assert state.monster("borrelsword") is None and state.in_deck("borrelsword") is None
    # nothing is destroyed, nothing goes to the GY
    assert "destroyed" not in kinds(events)
    assert graveyard(state) == {"drowning_mirror_force": "resolved"}


def test_r148_drowning_mirror_force_answers_only_a_direct_attack(tmp_path):
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [SKULL]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf",
                                        "position": "defense"}],
                          "spell_traps": [{"id": "drowning_mirror_force",
                                           "card": "drowning_mirror_force", "face_up": False,
                                           "set": "earlier_turn"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"}), "seed")
    state, _ = play_events(eng, ["A pass"])
    assert DROWNING not in legal(eng, state)


def test_r148_a_monster_in_defense_position_stays(tmp_path):
    eng = _direct(tmp_path, a_monsters=[SKULL, {"id": "elf", "card": "mystical_elf",
                                                "position": "defense"}],
                  b_traps=["drowning_mirror_force"])
    state, _ = play_events(eng, ["A pass", DROWNING, "A pass", "B pass"])
    assert state.monster("elf") is not None and state.in_deck("skull") is not None


def test_r127_storming_mirror_force_returns_a_link_monster_to_the_extra_deck(tmp_path):
    eng = _direct(tmp_path, a_monsters=[SKULL, BORRELSWORD], b_traps=["storming_mirror_force"])
    state, events = play_events(eng, ["A pass", "B activate storming_mirror_force.activate",
                                      "A pass", "B pass"])
    assert state.in_hand("skull") is not None
    assert first(events, "returned_to_extra_deck").card == "borrelsword"
    assert state.in_hand("borrelsword") is None


CROW = "A activate dd_crow.banish -> mystical_elf"
CALL = "B activate call_of_the_haunted.activate -> mystical_elf"


def test_r149_dd_crow_banishes_a_card_from_the_opponents_graveyard(tmp_path):
    eng = _direct(tmp_path, a_monsters=[SKULL], b_traps=["call_of_the_haunted"],
                  a_hand=("dd_crow",), b_graveyard=("mystical_elf",))
    assert CROW in legal(eng, eng.initial_state())
    state, events = play_events(eng, [CROW, "B pass", "A pass"])
    assert first(events, "banished").card == "mystical_elf"
    assert graveyard(state)["dd_crow"] == "discarded"  # the cost (R16)
    assert "mystical_elf" not in graveyard(state)


def test_r149_a_target_special_summoned_from_the_graveyard_is_not_banished(tmp_path):
    # D.D. Crow c1 on Mystical Elf; Call of the Haunted c2 Special Summons it first
    eng = _direct(tmp_path, a_monsters=[SKULL], b_traps=["call_of_the_haunted"],
                  a_hand=("dd_crow",), b_graveyard=("mystical_elf",))
    state, events = play_events(eng, [CROW, CALL, "A pass", "B pass"])
    assert state.monster("mystical_elf") is not None
    skipped = first(events, "not_applied")
    assert skipped.get("why") == "left_graveyard" and skipped.target == "mystical_elf"
    assert "banished" not in kinds(events)


def test_r149_dd_crow_chained_to_call_of_the_haunted_leaves_it_nothing(tmp_path):
    eng = _direct(tmp_path, a_monsters=[SKULL], b_traps=["call_of_the_haunted"],
                  a_hand=("dd_crow",), b_graveyard=("mystical_elf",))
    state, events = play_events(eng, ["A pass", CALL, CROW, "B pass", "A pass"])
    assert first(events, "banished").card == "mystical_elf"
    assert state.monster("mystical_elf") is None
    assert "special_summoned" not in kinds(events)


def test_r149_a_field_target_sent_to_the_graveyard_is_not_banished_from_there(tmp_path):
    eng = _direct(tmp_path, a_monsters=[SKULL], b_traps=["mystical_space_typhoon"],
                  a_traps=("cosmic_cyclone", "waboku"))
    cosmic = "A activate cosmic_cyclone.activate -> waboku"
    assert cosmic in legal(eng, eng.initial_state())
    # A targets its own Set Waboku; B's MST destroys Waboku first: Cosmic finds it in the GY
    state, events = play_events(eng, [cosmic, "B activate mystical_space_typhoon.activate -> "
                                              "waboku", "A pass", "B pass"])
    assert graveyard(state)["waboku"] == "destroyed"
    skipped = first(events, "not_applied")
    assert skipped.get("why") == "left_field" and skipped.target == "waboku"
    assert not state.banished
