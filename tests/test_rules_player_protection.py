"""R110: a continuous protection of a player, conditioned on the board (Spirit Barrier: while
its controller controls a monster, that player takes no battle damage), checked when battle
damage would be dealt."""

from __future__ import annotations

from rules_helpers import (
    B,
    first,
    play,
    run_out,
    to_damage_step,
    write_situation,
)

from gamebook.cards.model import PlayerAbility
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.moving import leave_field
from gamebook.rules.protection import ability_source


def _engine(tmp_path, *, face_up: bool = False, defenders: bool = True,  # noqa: ANN001
            hand: tuple[str, ...] = ()) -> Engine:
    """Summoned Skull attacks Mystical Elf (or directly); B has Spirit Barrier."""
    monsters = [{"id": "mystical_elf", "card": "mystical_elf"}] if defenders else []
    start = {"moment": "attack_declared", "attacker": "summoned_skull"}
    if defenders:
        start["target"] = "mystical_elf"
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "summoned_skull", "card": "summoned_skull"}]},
            "B": {"monsters": monsters,
                  "spell_traps": [{"id": "barrier", "card": "spirit_barrier",
                                   "face_up": face_up, "set": "earlier_turn"}],
                  "hand": [{"id": h, "card": h} for h in hand]},
        },
        "start": start,
        "scope": "end_of_battle",
    }), "seed")


def test_r110_no_battle_damage_while_its_controller_controls_a_monster(tmp_path) -> None:
    eng = _engine(tmp_path)
    state, events = run_out(eng, ["A pass", "B activate barrier.activate"])
    assert state.life(B) == 8000
    assert state.monster("mystical_elf") is None  # destroyed, but on the field in the battle
    spared = first(events, "no_battle_damage")
    assert (spared.player, spared.get("by"), spared.get("amount")) == (B, "barrier", 1700)


def test_r110_without_a_monster_the_player_takes_the_damage(tmp_path) -> None:
    eng = _engine(tmp_path, face_up=True, defenders=False)
    state, _ = run_out(eng)
    assert state.life(B) == 8000 - 2500


def test_r110_the_condition_is_checked_when_it_matters(tmp_path) -> None:
    eng = _engine(tmp_path, face_up=True)
    state = eng.start().state
    assert ability_source(eng.rules, state, B, PlayerAbility.NO_BATTLE_DAMAGE) == "barrier"
    gone, _ = leave_field(eng.rules, state, "mystical_elf", "destroyed")
    assert ability_source(eng.rules, gone, B, PlayerAbility.NO_BATTLE_DAMAGE) is None
    gone, _ = leave_field(eng.rules, state, "barrier", "destroyed")
    assert ability_source(eng.rules, gone, B, PlayerAbility.NO_BATTLE_DAMAGE) is None


def test_r110_it_applies_once_its_activation_has_resolved(tmp_path) -> None:
    eng = _engine(tmp_path)
    state = play(eng, ["A pass", "B activate barrier.activate"], settle_end=False)
    assert state.spell_trap("barrier").face_up
    assert ability_source(eng.rules, state, B, PlayerAbility.NO_BATTLE_DAMAGE) is None
    state = play(eng, ["A pass", "B pass"], state, settle_end=False)
    assert ability_source(eng.rules, state, B, PlayerAbility.NO_BATTLE_DAMAGE) == "barrier"


def test_r110_kuriboh_has_no_damage_to_prevent_under_spirit_barrier(tmp_path) -> None:
    from gamebook.rules.timing import battle_damage_to

    eng = _engine(tmp_path, face_up=True, hand=("kuriboh",))
    state = to_damage_step(eng)
    assert battle_damage_to(eng.rules, state, B) == 0  # Kuriboh's condition fails (R4)
    state, events = run_out(eng, [], state)
    assert state.in_hand("kuriboh") is not None and state.life(B) == 8000
    assert not any(e.kind == "activate" for e in events)
