"""R150: Trap Stun negates every other Trap effect on the field for the rest of the turn, from
its resolution on: chained to Mirror Force it stops it; a Trap chained above it resolves first
and applies; its effect outlasts its card, which is in the GY."""

from __future__ import annotations

from rules_helpers import first, graveyard, legal, note, play_events, write_situation

from gamebook.rules.engine import Engine


def _attack(tmp_path, *, a_traps: tuple[str, ...], b_traps: tuple[str, ...]) -> Engine:  # noqa: ANN001
    """A's Summoned Skull attacks B's Mystical Elf (Defense Position); A also has Gemini Elf."""
    def set_cards(cards: tuple[str, ...]) -> list[dict]:
        return [{"id": card, "card": card, "face_up": False, "set": "earlier_turn"}
                for card in cards]
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "skull", "card": "summoned_skull"},
                               {"id": "gemini_elf", "card": "gemini_elf"}],
                  "spell_traps": set_cards(a_traps)},
            "B": {"monsters": [{"id": "elf", "card": "mystical_elf", "position": "defense"}],
                  "spell_traps": set_cards(b_traps)}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"}), "seed")


STUN = "A activate trap_stun.activate"
MIRROR = "B activate mirror_force.activate"


def test_r150_trap_stun_chained_to_mirror_force_stops_its_effect(tmp_path):
    eng = _attack(tmp_path, a_traps=("trap_stun",), b_traps=("mirror_force",))
    state, events = play_events(eng, ["A pass", MIRROR, STUN, "B pass", "A pass"])
    assert first(events, "trap_effects_negated_for_turn").card == "trap_stun"
    nothing = first(events, "no_effect")
    assert nothing.card == "mirror_force" and nothing.get("why") == \
        "trap_effects_negated_this_turn" and nothing.get("by") == "trap_stun"
    assert state.monster("skull") is not None and state.monster("gemini_elf") is not None
    # both cards went to the GY as resolved Normal Traps
    assert graveyard(state)["mirror_force"] == graveyard(state)["trap_stun"] == "resolved"


def test_r150_a_trap_chained_above_trap_stun_resolves_first_and_applies(tmp_path):
    eng = _attack(tmp_path, a_traps=("trap_stun",), b_traps=("mirror_force",))
    state, _ = play_events(eng, [STUN, MIRROR, "A pass", "B pass"])
    assert state.monster("skull") is None and state.monster("gemini_elf") is None


def test_r150_the_negation_outlasts_its_card_in_the_graveyard(tmp_path):
    # Trap Stun resolved alone; Waboku, activated afterwards, can be activated but resolves
    # with no effect
    eng = _attack(tmp_path, a_traps=("trap_stun",), b_traps=("mystical_space_typhoon",
                                                            "waboku"))
    state, events = play_events(eng, [STUN, "B pass", "A pass"])
    assert graveyard(state)["trap_stun"] == "resolved"
    assert ("negates_trap_effects", "trap_stun") in state.field_effects
    waboku = note(eng, state, "waboku", "activate")
    assert waboku.legal and waboku.reason == "trap_effects_negated_this_turn"
    assert "B activate waboku.activate" in legal(eng, state)
    state, events = play_events(eng, ["B activate waboku.activate", "A pass", "B pass"],
                                state)
    assert first(events, "no_effect").get("why") == "trap_effects_negated_this_turn"


def test_r150_a_spell_is_not_touched(tmp_path):
    eng = _attack(tmp_path, a_traps=("trap_stun",), b_traps=("mystical_space_typhoon",
                                                            "waboku"))
    state, _ = play_events(eng, [STUN, "B pass", "A pass"])
    assert "B activate mystical_space_typhoon.activate -> waboku" in legal(eng, state)
    assert [n.card for n in eng.notes(state) if n.reason == "trap_effects_negated_this_turn"] \
        == ["waboku"]
