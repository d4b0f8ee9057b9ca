"""R125: unaffected by the opponent's card effects. Test Aegis Knight ignores every effect of
a card its opponent controls (Mirror Force skips it and still destroys Summoned Skull; Book
of Moon may target it and does nothing), its controller's own effects apply (Forbidden
Lance), the opponent's Skill Drain does not switch it off, and R104 (Forbidden Lance's
immunity) is unchanged."""

from __future__ import annotations

from rules_helpers import first, graveyard, monster, note, play, run_out, write_situation

from gamebook.rules.engine import Engine

SET = {"face_up": False, "set": "earlier_turn"}


def _engine(tmp_path, *, a_cards: tuple[dict, ...] = (),  # noqa: ANN001
            b_cards: tuple[dict, ...] = (), start: dict | None = None) -> Engine:
    """A's Test Aegis Knight has declared a direct attack beside Summoned Skull (both in
    Attack Position); B has ``b_cards``, A ``a_cards``."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "knight", "card": "test_aegis_knight"},
                               {"id": "skull", "card": "summoned_skull"}],
                  "spell_traps": list(a_cards)},
            "B": {"spell_traps": list(b_cards)},
        },
        "start": start or {"moment": "attack_declared", "attacker": "knight"},
        "scope": "end_of_battle",
    }), "seed")


MIRROR = {"id": "mirror_force", "card": "mirror_force", **SET}


def test_r125_mirror_force_skips_it_and_destroys_the_other_attack_position_monster(
        tmp_path) -> None:
    state, events = run_out(_engine(tmp_path, b_cards=(MIRROR,)),
                            ["A pass", "B activate mirror_force.activate"])
    assert "skull" in graveyard(state) and "knight" not in graveyard(state)
    skipped = first(events, "not_applied")
    assert (skipped.target, skipped.get("why")) == ("knight", "unaffected_by_opponent")
    assert state.lp == (8000, 8000 - 1800)  # the attack goes on


def test_r125_it_may_be_targeted_and_the_effect_does_nothing_to_it(tmp_path) -> None:
    moon = {"id": "moon", "card": "book_of_moon", **SET}
    eng = _engine(tmp_path, b_cards=(moon,))
    state = play(eng, ["A pass"], settle_end=False)
    assert note(eng, state, "moon", "activate").legal
    state, events = run_out(eng, ["A pass", "B activate moon.activate -> knight"])
    assert first(events, "not_applied").get("why") == "unaffected_by_opponent"
    assert state.lp == (8000, 8000 - 1800)


def test_r125_its_controllers_own_effects_apply(tmp_path) -> None:
    lance = {"id": "lance", "card": "forbidden_lance", **SET}
    state = play(_engine(tmp_path, a_cards=(lance,)), ["A activate lance.activate -> knight"])
    assert monster(state, "knight").stats.atk == 1800 - 800


def test_r125_the_opponents_skill_drain_does_not_switch_it_off(tmp_path) -> None:
    drain = {"id": "skill_drain", "card": "skill_drain", "face_up": True}
    state, _ = run_out(_engine(tmp_path, b_cards=(MIRROR, drain)),
                       ["A pass", "B activate mirror_force.activate"])
    assert "knight" not in graveyard(state)


def test_r125_its_controllers_own_skill_drain_does(tmp_path) -> None:
    drain = {"id": "skill_drain", "card": "skill_drain", "face_up": True}
    state, _ = run_out(_engine(tmp_path, a_cards=(drain,), b_cards=(MIRROR,)),
                       ["A pass", "B activate mirror_force.activate"])
    assert "knight" in graveyard(state)


def test_r125_r104_forbidden_lance_still_guards_against_spells_and_traps_only(
        tmp_path) -> None:
    lance = {"id": "lance", "card": "forbidden_lance", **SET}
    state, events = run_out(_engine(tmp_path, a_cards=(lance,), b_cards=(MIRROR,)),
                            ["A pass", "B activate mirror_force.activate",
                             "A activate lance.activate -> skull"])
    assert "skull" not in graveyard(state) and "knight" not in graveyard(state)
    assert {e.get("why") for e in events if e.kind == "not_applied"} == {
        "unaffected", "unaffected_by_opponent"}
