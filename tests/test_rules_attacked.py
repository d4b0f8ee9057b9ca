"""R179: "if this card was attacked": the attack target of the current attack, after damage
calculation (Wall of Illusion), whether or not it is destroyed by that battle; a monster the
attack left at a replay, or that was not attacked, was not."""

from __future__ import annotations

from pathlib import Path

from rules_helpers import (
    graveyard,
    legal,
    one_on_one,
    pass_until,
    play,
    run_out,
    write_situation,
)

from gamebook.rules.engine import Engine
from gamebook.rules.state import Step

BOUNCE = "B activate defender.bounce"


def _hand(state, player: str) -> set[str]:  # noqa: ANN001
    return {card.id for card in state.hand if card.owner.value == player}


def test_r179_destroyed_by_battle_it_still_returns_the_attacker(tmp_path) -> None:
    eng = Engine(one_on_one(tmp_path, "summoned_skull", "wall_of_illusion",
                            position="defense"), "seed")
    state = pass_until(eng, eng.start().state, lambda now: BOUNCE in legal(eng, now))
    assert state.window.step is Step.AFTER_DAMAGE_CALCULATION
    assert state.monster("defender").battle_destroyed  # still on the field (R51)
    ending, events = run_out(eng, [BOUNCE], state)
    assert any(e.kind == "activate" and e.card == "defender" for e in events)
    assert "defender" in graveyard(ending)
    assert ending.monster("attacker") is None and "attacker" in _hand(ending, "A")
    assert ending.lp == (8000, 8000)


def test_r179_not_destroyed_it_returns_the_attacker_after_the_damage(tmp_path) -> None:
    eng = Engine(one_on_one(tmp_path, "leo_wizard", "wall_of_illusion", position="defense"),
                 "seed")
    ending, _ = run_out(eng, [BOUNCE])
    assert ending.monster("defender") is not None
    assert "attacker" in _hand(ending, "A")
    assert ending.lp == (8000 - 500, 8000)  # damage calculation applies first


def _two_defenders(folder: Path, third: bool = False) -> Engine:
    """Summoned Skull has declared an attack on Wall of Illusion; Player B also controls
    Mystical Elf (and Leo Wizard), Player A a Set Test Destroy Trap."""
    b = [{"id": "defender", "card": "wall_of_illusion", "position": "defense"},
         {"id": "mystical", "card": "mystical_elf", "position": "defense"}]
    if third:
        b.append({"id": "leo", "card": "leo_wizard"})
    return Engine(write_situation(folder, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": [{"id": "destroy", "card": "test_destroy_trap"}]},
                    "B": {"monsters": b}},
        "start": {"moment": "battle_step"},
        "scope": "end_of_battle"}), "seed")


def test_r179_another_monster_attacked_it_was_not(tmp_path) -> None:
    eng = _two_defenders(tmp_path)
    state = play(eng, ["A declare_attack skull -> mystical"])
    ending, events = run_out(eng, [], state)
    assert not any(e.kind == "activate" and e.card == "defender" for e in events)
    assert "mystical" in graveyard(ending) and ending.monster("skull") is not None


def test_r179_the_monster_a_replay_left_was_not_attacked(tmp_path) -> None:
    """Skull attacks Wall of Illusion; Player A destroys Mystical Elf, the attack is replayed
    onto Leo Wizard (R42): Wall of Illusion was not attacked, and Skull stays."""
    eng = _two_defenders(tmp_path, third=True)
    state = play(eng, ["A declare_attack skull -> defender",
                       "A activate destroy.activate -> mystical"])
    replay = [move for move in legal(eng, state) if "leo" in move]
    assert replay and replay[0].startswith("A replay_attack")
    state = play(eng, replay[:1], state)
    ending, events = run_out(eng, [], state)
    assert not any(e.kind == "activate" and e.card == "defender" for e in events)
    assert "leo" in graveyard(ending) and ending.monster("skull") is not None


def test_r179_an_attacker_destroyed_by_that_battle_is_not_returned(tmp_path) -> None:
    """Penguin Soldier (750 ATK) attacks Wall of Illusion in Attack Position (1000 ATK): it is
    destroyed by battle and goes to the GY; the Wall's effect is not activated."""
    eng = Engine(one_on_one(tmp_path, "penguin_soldier", "wall_of_illusion"), "seed")
    ending, events = run_out(eng)
    assert not any(e.kind == "activate" and e.card == "defender" for e in events)
    assert graveyard(ending).get("attacker") == "destroyed_by_battle"
    assert ending.lp == (8000 - 250, 8000)
