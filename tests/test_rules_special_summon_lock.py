"""R126: players who cannot Special Summon. After Test Lock Trap ("your opponent cannot
Special Summon monsters this turn") resolves, Scapegoat cannot be activated and its ✘ line
cites R126; a Scapegoat already on the chain summons no Token; a face-up Test Summon Barrier
locks the same way while it stays; Scapegoat's own restriction (R103) is untouched."""

from __future__ import annotations

from rules_helpers import B, note, pass_until, play, play_events, write_situation

from gamebook.cards.model import PlayerAbility
from gamebook.rules.engine import Engine

SET = {"face_up": False, "set": "earlier_turn"}


def _engine(tmp_path, *, a_cards: tuple[dict, ...] = ()) -> Engine:  # noqa: ANN001
    """Summoned Skull has declared a direct attack; B has a Set Scapegoat, A ``a_cards``."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                  "spell_traps": list(a_cards)},
            "B": {"spell_traps": [{"id": "scapegoat", "card": "scapegoat", **SET}]},
        },
        "start": {"moment": "attack_declared", "attacker": "skull"},
        "scope": "end_of_battle",
    }), "seed")


LOCK = {"id": "lock", "card": "test_lock_trap", **SET}


def test_r126_after_the_lock_scapegoat_cannot_be_activated(tmp_path) -> None:
    eng = _engine(tmp_path, a_cards=(LOCK,))
    state = play(eng, ["A activate lock.activate"], settle_end=False)
    state = pass_until(eng, state, lambda s: not s.chain and s.has_ability(
        B, PlayerAbility.CANNOT_SPECIAL_SUMMON))
    found = note(eng, state, "scapegoat", "activate")
    assert not found.legal
    assert (found.rule, found.reason, dict(found.args)) == (
        "special_summon_lock", "cannot_special_summon", {"locked": "B"})


def test_r126_a_scapegoat_already_on_the_chain_summons_no_token(tmp_path) -> None:
    eng = _engine(tmp_path, a_cards=(LOCK,))
    state, events = play_events(eng, ["A pass", "B activate scapegoat.activate",
                                      "A activate lock.activate"])
    skipped = [e for e in events if e.kind == "not_applied"]
    assert [e.get("why") for e in skipped] == ["cannot_special_summon"]
    assert [m.id for m in state.monsters] == ["skull"]


def test_r126_a_face_up_card_locks_while_it_stays(tmp_path) -> None:
    barrier = {"id": "barrier", "card": "test_summon_barrier", "face_up": True}
    eng = _engine(tmp_path, a_cards=(barrier,))
    state = play(eng, ["A pass"], settle_end=False)
    assert note(eng, state, "scapegoat", "activate").rule == "special_summon_lock"


def test_r126_without_a_lock_scapegoat_summons_its_tokens(tmp_path) -> None:
    eng = _engine(tmp_path)
    state = play(eng, ["A pass", "B activate scapegoat.activate"])
    assert len([m for m in state.monsters if m.controller is B]) == 4
