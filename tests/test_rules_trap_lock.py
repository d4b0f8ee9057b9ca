"""R123: Traps locked and negated. While Jinzo is face-up no Trap Card can be activated (the
book's ✘ line names it); while Royal Decree (once resolved) or Jinzo is face-up, a Trap
activated on the field can be activated and does nothing when it resolves; the lock is asked
at resolution, so destroying Royal Decree in chain lifts it, and Skill Drain switches Jinzo
off (R109)."""

from __future__ import annotations

from rules_helpers import B, first, graveyard, note, play, run_out, write_situation

from gamebook.rules.engine import Engine

SET = {"face_up": False, "set": "earlier_turn"}


def _engine(tmp_path, attacker: str = "summoned_skull", *, a_cards: tuple[dict, ...] = (),  # noqa: ANN001
            b_cards: tuple[dict, ...] = ()) -> Engine:
    """A's ``attacker`` has declared an attack on B's Mystical Elf (Attack Position); B has a
    Set Mirror Force and ``b_cards``, A has ``a_cards`` in the Spell & Trap Zone."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "attacker", "card": attacker}],
                  "spell_traps": list(a_cards)},
            "B": {"monsters": [{"id": "elf", "card": "mystical_elf", "position": "attack"}],
                  "spell_traps": [{"id": "mirror_force", "card": "mirror_force", **SET},
                                  *b_cards]},
        },
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "elf"},
        "scope": "end_of_battle",
    }), "seed")


DECREE = {"id": "decree", "card": "royal_decree", "face_up": True}
SET_DECREE = {"id": "decree", "card": "royal_decree", **SET}
MST = {"id": "mst", "card": "mystical_space_typhoon", **SET}


def test_r123_jinzo_forbids_activating_a_set_trap_and_the_book_names_it(tmp_path) -> None:
    eng = _engine(tmp_path, "jinzo")
    state = play(eng, ["A pass"], settle_end=False)
    found = note(eng, state, "mirror_force", "activate")
    assert not found.legal
    assert (found.rule, found.reason, dict(found.args)) == (
        "trap_lock", "trap_activation_forbidden", {"by": "attacker"})
    state, _ = run_out(eng)
    assert "attacker" not in graveyard(state) and "elf" in graveyard(state)


def test_r123_under_royal_decree_mirror_force_can_be_activated_and_the_book_says_it_does_nothing(
        tmp_path) -> None:
    eng = _engine(tmp_path, a_cards=(DECREE,))
    state = play(eng, ["A pass"], settle_end=False)
    found = note(eng, state, "mirror_force", "activate")
    assert found.legal and (found.rule, found.reason) == ("trap_lock", "trap_effects_negated")


def test_r123_royal_decree_negates_mirror_force_at_resolution(tmp_path) -> None:
    eng = _engine(tmp_path, a_cards=(DECREE,))
    state, events = run_out(eng, ["A pass", "B activate mirror_force.activate"])
    nothing = first(events, "no_effect")
    assert (nothing.card, nothing.get("why"), nothing.get("by")) == (
        "mirror_force", "trap_effects_negated", "decree")
    assert state.monster("attacker") is not None  # not destroyed
    assert graveyard(state)["mirror_force"] == "resolved"


def test_r123_destroying_royal_decree_in_chain_lets_mirror_force_work(tmp_path) -> None:
    eng = _engine(tmp_path, a_cards=(DECREE,), b_cards=(MST,))
    state, _ = run_out(eng, ["A pass", "B activate mirror_force.activate", "A pass",
                             "B activate mst.activate -> decree"])
    assert {"decree", "attacker", "mirror_force"} <= set(graveyard(state))


def test_r123_royal_decree_chained_to_mirror_force_resolves_first_and_negates_it(
        tmp_path) -> None:
    eng = _engine(tmp_path, a_cards=(SET_DECREE,))
    state, events = run_out(eng, ["A pass", "B activate mirror_force.activate",
                                  "A activate decree.activate"])
    assert first(events, "no_effect").get("why") == "trap_effects_negated"
    assert state.monster("attacker") is not None


def test_r123_royal_decree_still_on_the_chain_does_not_apply_yet(tmp_path) -> None:
    """Royal Decree activated as c1 at the declaration, Mirror Force chained as c2: Mirror
    Force resolves first, while the Decree's activation is still waiting."""
    eng = _engine(tmp_path, a_cards=(SET_DECREE,))
    state, _ = run_out(eng, ["A activate decree.activate", "B activate mirror_force.activate"])
    assert "attacker" in graveyard(state)


def test_r123_royal_decree_does_not_negate_spells(tmp_path) -> None:
    eng = _engine(tmp_path, a_cards=(DECREE,), b_cards=(MST,))
    state, _ = run_out(eng, ["A pass", "B activate mst.activate -> decree"])
    assert "decree" in graveyard(state)


def test_r123_skill_drain_switches_jinzo_off(tmp_path) -> None:
    skill_drain = {"id": "skill_drain", "card": "skill_drain", "face_up": True}
    eng = _engine(tmp_path, "jinzo", b_cards=(skill_drain,))
    state, events = run_out(eng, ["A pass", "B activate mirror_force.activate"])
    assert "attacker" in graveyard(state)
    assert first(events, "destroyed").card == "attacker"


def test_r123_the_refusal_is_printed_with_its_rule(tmp_path) -> None:
    from gamebook.book.narrate import Narrator

    eng = _engine(tmp_path, "jinzo")
    state = play(eng, ["A pass"], settle_end=False)
    instances = {instance: eng.situation.cards[card] for instance, card in eng.rules.instances}
    text = Narrator("en", instances, eng.owners).note(
        note(eng, state, "mirror_force", "activate"))
    assert "Jinzo" in text and "R123" in text and "cannot activate" in text
    assert f"Player {B.value}" in text
