"""R157: Spells locked and negated. While Spell Canceller is face-up no Spell Card can be
activated, from the hand or Set (the book's ✘ line names it); while Imperial Order (once
resolved) or Spell Canceller is face-up, a Spell activated on the field can be activated and
does nothing when it resolves; Traps are not touched; a card that would negate a face-up
Spell's or Trap's continuous effects is refused beside such a card as the situation loads
(R123, R157: not modelled)."""

from __future__ import annotations

import pytest
from rules_helpers import first, graveyard, note, play, run_out, write_situation

from gamebook.errors import InputError, InputErrors
from gamebook.rules.engine import Engine

SET = {"face_up": False, "set": "earlier_turn"}
ORDER = {"id": "order", "card": "imperial_order", "face_up": True}
SET_ORDER = {"id": "order", "card": "imperial_order", **SET}
MOON = {"id": "moon", "card": "book_of_moon", **SET}
MST = {"id": "mst", "card": "mystical_space_typhoon", **SET}
MIRROR = {"id": "mirror_force", "card": "mirror_force", **SET}


def _spec(attacker: str = "summoned_skull", *, a_cards: tuple[dict, ...] = (),
          b_cards: tuple[dict, ...] = (MOON, MIRROR), hand_a: tuple[dict, ...] = ()) -> dict:
    """A's ``attacker`` has declared an attack on B's Mystical Elf (Attack Position)."""
    return {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "attacker", "card": attacker}],
                  "spell_traps": list(a_cards), "hand": list(hand_a)},
            "B": {"monsters": [{"id": "elf", "card": "mystical_elf", "position": "attack"}],
                  "spell_traps": list(b_cards)},
        },
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "elf"},
        "scope": "end_of_battle",
    }


def _engine(tmp_path, attacker: str = "summoned_skull", **cards) -> Engine:  # noqa: ANN001, ANN003
    return Engine(write_situation(tmp_path, _spec(attacker, **cards)), "seed")


def test_r157_spell_canceller_forbids_spells_set_or_in_the_hand_and_the_book_names_it(
        tmp_path) -> None:
    eng = _engine(tmp_path, "spell_canceller",
                  hand_a=({"id": "hand_mst", "card": "mystical_space_typhoon"},))
    start = eng.start().state
    own = note(eng, start, "hand_mst", "activate")
    assert not own.legal
    assert (own.rule, own.reason, dict(own.args)) == (
        "spell_lock", "spell_activation_forbidden", {"by": "attacker"})
    state = play(eng, ["A pass"], settle_end=False)
    moon = note(eng, state, "moon", "activate")
    assert not moon.legal and moon.reason == "spell_activation_forbidden"
    assert note(eng, state, "mirror_force", "activate").legal  # a Trap is not touched


def test_r157_under_imperial_order_book_of_moon_can_be_activated_and_does_nothing(
        tmp_path) -> None:
    eng = _engine(tmp_path, a_cards=(ORDER,))
    state = play(eng, ["A pass"], settle_end=False)
    found = note(eng, state, "moon", "activate")
    assert found.legal and (found.rule, found.reason) == ("spell_lock", "spell_effects_negated")
    state, events = run_out(eng, ["A pass", "B activate moon.activate -> attacker"])
    nothing = first(events, "no_effect")
    assert (nothing.card, nothing.get("why"), nothing.get("by")) == (
        "moon", "spell_effects_negated", "order")
    assert state.monster("attacker").face_up  # not turned face-down
    assert graveyard(state)["moon"] == "resolved"


def test_r157_imperial_order_chained_to_a_spell_resolves_first_and_negates_it(
        tmp_path) -> None:
    eng = _engine(tmp_path, a_cards=(SET_ORDER,))
    state, events = run_out(eng, ["A pass", "B activate moon.activate -> attacker",
                                  "A activate order.activate"])
    assert first(events, "no_effect").get("why") == "spell_effects_negated"
    assert state.monster("attacker").face_up


def test_r157_a_spell_resolving_before_imperial_order_applies(tmp_path) -> None:
    """Imperial Order applies once its own activation has resolved (R:continuous_effects):
    a Spell chained above it resolves first and works."""
    eng = _engine(tmp_path, a_cards=(SET_ORDER,), b_cards=(MST, MIRROR))
    state, events = run_out(eng, ["A pass", "B activate mirror_force.activate",
                                  "A activate order.activate", "B activate mst.activate -> order"])
    assert "order" in graveyard(state)
    assert not any(e.kind == "no_effect" and e.get("why") == "spell_effects_negated"
                   for e in events)


def test_r157_spell_canceller_under_skill_drain_locks_nothing(tmp_path) -> None:
    eng = _engine(tmp_path, "spell_canceller",
                  a_cards=({"id": "drain", "card": "skill_drain", "face_up": True},))
    state = play(eng, ["A pass"], settle_end=False)
    assert note(eng, state, "moon", "activate").legal
    assert note(eng, state, "moon", "activate").reason is None


@pytest.mark.parametrize(("negating", "negated"), [
    (ORDER, {"id": "swords", "card": "swords_of_revealing_light", "face_up": True,
             "turns_left": 2}),
    ({"id": "decree", "card": "royal_decree", "face_up": True},
     {"id": "barrier", "card": "spirit_barrier", "face_up": True}),
    ({"id": "decree", "card": "royal_decree", "face_up": True},
     {"id": "decree_2", "card": "royal_decree", "face_up": True}),
    ({"id": "stun", "card": "trap_stun", **SET},
     {"id": "haunted", "card": "call_of_the_haunted", **SET}),
])
def test_r157_r123_negating_a_continuous_effect_is_refused_as_it_loads(
        tmp_path, negating: dict, negated: dict) -> None:
    with pytest.raises((InputError, InputErrors)) as refused:
        write_situation(tmp_path, _spec(a_cards=(negating,), b_cards=(negated, MIRROR)))
    message = str(refused.value)
    assert "would negate the continuous effects of" in message and "not modelled" in message
    assert "situation.yaml:" in message


def test_r157_imperial_order_beside_spells_without_continuous_effects_loads(tmp_path) -> None:
    write_situation(tmp_path, _spec(a_cards=(ORDER,), b_cards=(MOON, MST, MIRROR)))


def test_r157_a_spell_with_a_continuous_effect_in_the_gy_may_be_beside_imperial_order(
        tmp_path) -> None:
    """No step brings a Spell/Trap Card from the GY or the Deck to the field: Swords of
    Revealing Light there can never be negated, so the pair is not refused."""
    spec = _spec(a_cards=(ORDER,))
    spec["players"]["B"]["graveyard"] = [{"id": "swords", "card": "swords_of_revealing_light"}]
    write_situation(tmp_path, spec)
