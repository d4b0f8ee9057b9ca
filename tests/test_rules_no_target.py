"""An effect with nothing to target cannot be activated, and the book cites the rule that
says why: R59 when a position change finds only Link Monsters (tests/test_rules_battle_position.py),
R99 when the effect has nothing at all to act on (an empty GY for Call of the Haunted)."""

from __future__ import annotations

from pathlib import Path

from rules_helpers import forbidden_by, legal, pass_until, write_situation

from gamebook.rules.engine import Engine
from gamebook.rules.state import Player


def _call_of_the_haunted(folder: Path, graveyard: list[dict]) -> Engine:
    return Engine(write_situation(folder, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "summoned_skull", "card": "summoned_skull"}]},
            "B": {"monsters": [{"id": "mystical_elf", "card": "mystical_elf",
                                "position": "defense"}],
                  "spell_traps": [{"id": "call_of_the_haunted", "card": "call_of_the_haunted"}],
                  "graveyard": graveyard}},
        "start": {"moment": "attack_declared", "attacker": "summoned_skull",
                  "target": "mystical_elf"},
        "scope": "end_of_battle"}))


def test_r99_call_of_the_haunted_with_an_empty_gy_has_nothing_to_act_on(tmp_path: Path) -> None:
    eng = _call_of_the_haunted(tmp_path, [])
    state = pass_until(eng, eng.start().state, lambda s: eng.to_move(s) is Player.B)
    assert forbidden_by(eng, state, "call_of_the_haunted", "activate") == "could_not_apply"


def test_r99_with_a_monster_in_the_gy_it_can_be_activated(tmp_path: Path) -> None:
    eng = _call_of_the_haunted(tmp_path, [{"id": "gemini_elf", "card": "gemini_elf"}])
    state = pass_until(eng, eng.start().state,
                       lambda s: any("call_of_the_haunted" in move for move in legal(eng, s)))
    assert forbidden_by(eng, state, "call_of_the_haunted", "activate") is None
