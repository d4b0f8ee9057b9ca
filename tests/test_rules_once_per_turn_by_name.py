"""R135: once per turn by card name. Ring of Destruction ("You can only activate 1 "Ring of
Destruction" per turn") and Linkuriboh ("You can only use this effect of "Linkuriboh" once per
turn"): every copy shares one use, in every zone; a plain "Once per turn" stays the card's own
(R26)."""

from __future__ import annotations

from rules_helpers import forbidden_by, legal, play, write_situation

from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.once_per_turn import BY_NAME

RING_1 = "B activate ring_1.activate -> skull"


def _rings(tmp_path) -> Engine:  # noqa: ANN001
    """Summoned Skull attacks Mystical Elf; B has two Ring of Destruction Set."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [
                              {"id": f"ring_{n}", "card": "ring_of_destruction",
                               "face_up": False, "set": "earlier_turn"} for n in (1, 2)]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"}), "seed")


def test_r135_a_second_copy_cannot_be_activated_once_one_was(tmp_path) -> None:
    eng = _rings(tmp_path)
    before = play(eng, ["A pass"], settle_end=False)
    assert RING_1 in legal(eng, before) and "B activate ring_2.activate -> skull" in legal(
        eng, before)
    state = play(eng, ["A pass", RING_1, "A pass"], settle_end=False)
    assert not any(a.startswith("B activate ring_2") for a in legal(eng, state))
    assert forbidden_by(eng, state, "ring_2", "activate") == "once_per_turn_by_name"


def test_r135_the_use_is_the_names_not_the_cards(tmp_path) -> None:
    state = play(_rings(tmp_path), ["A pass", RING_1], settle_end=False)
    assert (BY_NAME + "ring_of_destruction", "activate") in state.used_once_per_turn
    assert not any(key[0] == "ring_1" for key in state.used_once_per_turn)


def _linkuribohs(tmp_path, used: tuple[str, ...] = ()) -> Engine:  # noqa: ANN001
    """Summoned Skull attacks Kuriboh; B has two Linkuriboh in the GY and two Kuriboh (Level 1)
    to Tribute."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "kuriboh", "card": "kuriboh"},
                                       {"id": "kuriboh_2", "card": "kuriboh",
                                        "position": "defense"}],
                          "graveyard": [{"id": f"link_{n}", "card": "linkuriboh"}
                                        for n in (1, 2)]}},
        "used_this_turn": list(used),
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "kuriboh"},
        "scope": "end_of_battle"}), "seed")


def _revivals(eng: Engine, state) -> list[str]:  # noqa: ANN001
    return [a for a in legal(eng, state) if ".revive" in a]


def test_r135_a_use_the_situation_names_holds_for_every_copy(tmp_path) -> None:
    eng = _linkuribohs(tmp_path)
    start = play(eng, ["A pass"], settle_end=False)
    assert _revivals(eng, start)  # either copy may
    eng = _linkuribohs(tmp_path, ("link_1.revive",))
    assert _revivals(eng, play(eng, ["A pass"], settle_end=False)) == []


def test_r135_one_copy_revived_the_other_may_not_be_this_turn(tmp_path) -> None:
    eng = _linkuribohs(tmp_path)
    state = play(eng, ["A pass", "B activate link_1.revive paying kuriboh", "A pass", "B pass",
                       "A replay_attack skull -> kuriboh_2", "A pass"], settle_end=False)
    assert state.monster("link_1") is not None
    assert state.monster("kuriboh_2") is not None  # a Level 1 monster to Tribute is left
    assert _revivals(eng, state) == []
