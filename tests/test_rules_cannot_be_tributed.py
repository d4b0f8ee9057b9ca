"""R170: a face-up monster that cannot be Tributed is no Tribute for a Tribute Summon, no
Tribute for a cost (an activation whose cost cannot be paid cannot be made: R16), and an
effect that Tributes it as it resolves does not apply to it; face-down it may be Tributed."""

from __future__ import annotations

from pathlib import Path

from rules_helpers import first, legal, offered, play_events, write_situation

from gamebook.rules.engine import Engine

IDOL = "test_steadfast_idol"


def _main_phase(tmp_path: Path, own: tuple[tuple[str, bool], ...],
                hand: str = "summoned_skull", traps: tuple[str, ...] = ()) -> Engine:
    """A holds ``hand`` and controls ``own`` ((card, face-up), ids m1, m2, …) in Main Phase 1."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [
            {"id": f"m{n}", "card": card, "face_up": face_up,
             "position": "attack" if face_up else "defense"}
            for n, (card, face_up) in enumerate(own, 1)],
            "hand": [{"id": hand, "card": hand}],
            "spell_traps": [{"id": trap, "card": trap, "face_up": False, "set": "earlier_turn"}
                            for trap in traps]},
            "B": {}},
        "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1"}))


def test_r170_no_tribute_summon_with_it(tmp_path) -> None:
    eng = _main_phase(tmp_path, ((IDOL, True),))
    assert [a for a in offered(eng, eng.initial_state()) if "summoned_skull" in a] == []


def test_r170_the_other_monster_is_the_tribute(tmp_path) -> None:
    eng = _main_phase(tmp_path, ((IDOL, True), ("mystical_elf", True)))
    assert [a for a in offered(eng, eng.initial_state()) if "normal_summon" in a] == [
        "A normal_summon summoned_skull paying m2"]


def test_r170_face_down_it_may_be_tributed(tmp_path) -> None:
    eng = _main_phase(tmp_path, ((IDOL, False),))
    assert "A normal_summon summoned_skull paying m1" in offered(eng, eng.initial_state())


def test_r170_a_cost_that_chooses_a_tribute_cannot_choose_it(tmp_path) -> None:
    # Test Tribute Striker: "Tribute 1 monster you control" as its cost (R16)
    eng = _main_phase(tmp_path, ((IDOL, True),), traps=("test_tribute_striker",))
    assert not [a for a in legal(eng, eng.initial_state()) if "test_tribute_striker" in a]
    two = tmp_path / "two"
    two.mkdir()
    eng = _main_phase(two, ((IDOL, True), ("mystical_elf", True)),
                      traps=("test_tribute_striker",))
    striker = [a for a in legal(eng, eng.initial_state()) if "test_tribute_striker" in a]
    assert striker == ["A activate test_tribute_striker.activate paying m2 -> m1"]


def test_r170_a_cost_that_tributes_this_card_cannot_be_paid(tmp_path) -> None:
    eng = _main_phase(tmp_path, ((IDOL, True),))
    state = eng.initial_state()
    assert "A activate m1.offering" not in legal(eng, state)
    note = next(n for n in eng.notes(state) if n.card == "m1" and n.effect == "offering")
    assert (note.legal, note.rule, note.reason) == (False, "cannot_be_tributed",
                                                    "cannot_be_tributed")


def test_r170_an_effect_that_tributes_it_does_not_apply_to_it(tmp_path) -> None:
    # Test Pit Trap Tributes the attacking monster as it resolves
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "idol", "card": IDOL}]},
                    "B": {"spell_traps": [{"id": "pit", "card": "test_pit_trap",
                                           "face_up": False, "set": "earlier_turn"}]}},
        "start": {"moment": "attack_declared", "attacker": "idol"},
        "scope": "end_of_battle"}), "seed")
    state, events = play_events(eng, ["A pass", "B activate pit.activate"])
    assert state.monster("idol") is not None
    refused = first(events, "not_applied")
    assert (refused.card, refused.get("why")) == ("pit", "cannot_be_tributed")
