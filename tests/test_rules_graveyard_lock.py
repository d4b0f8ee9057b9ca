"""R112: Necrovalley's GY lock: while it is face-up, an effect that would move a card in the
GY (Linkuriboh's Special Summon of itself from the GY) can be activated but is negated."""

from __future__ import annotations

from rules_helpers import (
    B,
    first,
    graveyard,
    note,
    play,
    play_events,
    write_situation,
)

from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.graveyard_lock import graveyard_lock
from gamebook.rules.mechanics.moving import leave_field

UP_TO_REVIVE = ["A pass", "B activate linkuriboh.zero_atk", "A pass"]


def _engine(tmp_path, *, necrovalley: bool = True) -> Engine:  # noqa: ANN001
    """Summoned Skull attacks Linkuriboh; B also controls Kuriboh (Level 1) and, face-up in
    the Field Zone, Necrovalley."""
    field = [{"id": "necrovalley", "card": "necrovalley", "face_up": True, "zone": "field"}]
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "summoned_skull", "card": "summoned_skull"}]},
            "B": {"monsters": [{"id": "linkuriboh", "card": "linkuriboh"},
                               {"id": "kuriboh", "card": "kuriboh", "position": "defense"}],
                  "spell_traps": field if necrovalley else []},
        },
        "start": {"moment": "attack_declared", "attacker": "summoned_skull",
                  "target": "linkuriboh"},
        "scope": "end_of_battle",
    }), "seed")


def test_r112_linkuriboh_can_be_activated_from_the_gy_and_the_book_says_it_does_nothing(
        tmp_path) -> None:
    eng = _engine(tmp_path)
    state = play(eng, UP_TO_REVIVE, settle_end=False)
    found = note(eng, state, "linkuriboh", "revive")
    assert found.legal and (found.rule, found.reason) == ("graveyard_lock", "graveyard_locked")


def test_r112_the_summon_from_the_gy_is_negated_and_the_cost_stays_paid(tmp_path) -> None:
    eng = _engine(tmp_path)
    state, events = play_events(eng, [*UP_TO_REVIVE, "B activate linkuriboh.revive paying kuriboh",
                                      "A pass", "B pass"], settle_end=False)
    assert state.in_graveyard("linkuriboh") is not None  # not Special Summoned
    assert graveyard(state)["kuriboh"] == "tributed"  # the cost (R16)
    locked = first(events, "no_effect")
    assert (locked.card, locked.get("why"), locked.get("by")) == (
        "linkuriboh", "graveyard_locked", "necrovalley")
    assert B not in state.summoned_this_turn


def test_r112_without_necrovalley_linkuriboh_comes_back(tmp_path) -> None:
    eng = _engine(tmp_path, necrovalley=False)
    state = play(eng, [*UP_TO_REVIVE, "B activate linkuriboh.revive paying kuriboh", "A pass",
                       "B pass"], settle_end=False)
    assert state.monster("linkuriboh") is not None


def test_r112_the_lock_ends_when_necrovalley_leaves_the_field(tmp_path) -> None:
    eng = _engine(tmp_path)
    state = play(eng, UP_TO_REVIVE, settle_end=False)
    assert graveyard_lock(eng.rules, state) == "necrovalley"
    state, _ = leave_field(eng.rules, state, "necrovalley", "destroyed")
    assert graveyard_lock(eng.rules, state) is None
    assert note(eng, state, "linkuriboh", "revive").reason is None


def test_r112_effects_that_do_not_move_gy_cards_are_untouched(tmp_path) -> None:
    eng = _engine(tmp_path)
    state = play(eng, ["A pass"], settle_end=False)
    assert note(eng, state, "linkuriboh", "zero_atk").reason is None  # on the field
