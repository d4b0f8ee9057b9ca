"""R124: cannot be targeted. Test Veiled Knight ("cannot be targeted by card effects") is no
legal target, so Book of Moon with nothing else to target cannot be activated and its ✘ line
cites R124; Test Warded Knight is protected from the opponent's effects only; Mirror Force,
which does not target, still destroys it; under Skill Drain (R109) it can be targeted."""

from __future__ import annotations

from rules_helpers import graveyard, note, play, run_out, write_situation

from gamebook.rules.engine import Engine

SET = {"face_up": False, "set": "earlier_turn"}


def _engine(tmp_path, attacker: str = "test_veiled_knight", *,  # noqa: ANN001
            a_cards: tuple[dict, ...] = (), b_cards: tuple[dict, ...] = ()) -> Engine:
    """A's ``attacker`` has declared a direct attack; B has a Set Book of Moon and
    ``b_cards``, A has ``a_cards``."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "attacker", "card": attacker}],
                  "spell_traps": list(a_cards)},
            "B": {"spell_traps": [{"id": "moon", "card": "book_of_moon", **SET}, *b_cards]},
        },
        "start": {"moment": "attack_declared", "attacker": "attacker"},
        "scope": "end_of_battle",
    }), "seed")


def test_r124_book_of_moon_with_no_legal_target_cannot_be_activated(tmp_path) -> None:
    eng = _engine(tmp_path)
    state = play(eng, ["A pass"], settle_end=False)
    found = note(eng, state, "moon", "activate")
    assert not found.legal
    assert (found.rule, found.reason) == ("cannot_be_targeted", "targets_protected")
    state, _ = run_out(eng)
    assert state.lp == (8000, 8000 - 1800)


def test_r124_without_the_protection_book_of_moon_can_target_it(tmp_path) -> None:
    eng = _engine(tmp_path, "test_swordsman")
    state = play(eng, ["A pass"], settle_end=False)
    assert note(eng, state, "moon", "activate").legal


def test_r124_a_protected_monster_is_left_out_of_the_targets_of_another_card(
        tmp_path) -> None:
    elf = {"id": "elf", "card": "mystical_elf", "position": "attack"}
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "attacker", "card": "test_veiled_knight"}]},
                    "B": {"monsters": [elf],
                          "spell_traps": [{"id": "moon", "card": "book_of_moon", **SET}]}},
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "elf"},
        "scope": "end_of_battle",
    }), "seed")
    state = play(eng, ["A pass"], settle_end=False)
    moons = [str(a) for a in eng.legal_actions(state) if a.card == "moon"]
    assert moons == ["B activate moon.activate -> elf"]


def test_r124_the_opponent_only_protection_lets_its_controller_target_it(tmp_path) -> None:
    lance = {"id": "lance", "card": "forbidden_lance", **SET}
    eng = _engine(tmp_path, "test_warded_knight", a_cards=(lance,))
    state = play(eng, ["A pass"], settle_end=False)
    assert note(eng, state, "moon", "activate").rule == "cannot_be_targeted"
    start = eng.start().state
    assert [str(a) for a in eng.legal_actions(start) if a.card == "lance"] == [
        "A activate lance.activate -> attacker"]


def test_r124_an_effect_that_does_not_target_still_destroys_it(tmp_path) -> None:
    mirror = {"id": "mirror_force", "card": "mirror_force", **SET}
    eng = _engine(tmp_path, b_cards=(mirror,))
    state, _ = run_out(eng, ["A pass", "B activate mirror_force.activate"])
    assert "attacker" in graveyard(state)


def test_r124_under_skill_drain_it_can_be_targeted(tmp_path) -> None:
    drain = {"id": "skill_drain", "card": "skill_drain", "face_up": True}
    eng = _engine(tmp_path, b_cards=(drain,))
    state = play(eng, ["A pass"], settle_end=False)
    assert note(eng, state, "moon", "activate").legal
