"""R142: monsters that cannot be destroyed by battle, by their own continuous effect
(Marshmallon, Borrelsword Dragon) or granted until the end of the turn (Test Bulwark Trap's
``grant_battle_indestructible``); R143: a monster attacked while face-down (Marshmallon's
1000 damage after damage calculation)."""

from __future__ import annotations

from rules_helpers import (
    A,
    B,
    first,
    graveyard,
    kinds,
    legal,
    pass_until,
    play_events,
    run_out,
    write_situation,
)

from gamebook.rules.engine import Engine

_TRAP = {"id": "bulwark", "card": "test_bulwark_trap", "face_up": False, "set": "earlier_turn"}


def _engine(tmp_path, target: str = "marshmallon", *, position: str = "attack",  # noqa: ANN001
            face_up: bool = True, spell_traps: tuple[dict, ...] = (),
            moment: str = "attack_declared", others: tuple[dict, ...] = ()) -> Engine:
    """Summoned Skull (2500 ATK) has declared an attack on B's ``target``."""
    start = {"moment": moment}
    if moment == "attack_declared":
        start.update(attacker="skull", target="defender")
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "defender", "card": target, "position": position,
                                        "face_up": face_up}, *others],
                          "spell_traps": list(spell_traps)}},
        "start": start,
        "scope": "end_of_battle",
    }), "seed")


def test_r142_a_monster_that_cannot_be_destroyed_by_battle_stays_and_the_damage_is_dealt(
        tmp_path) -> None:
    state, events = run_out(_engine(tmp_path))  # 2500 against Marshmallon's 300 ATK
    assert state.monster("defender") is not None
    spared = first(events, "not_destroyed")
    assert (spared.card, spared.get("why")) == ("defender", "cannot_be_destroyed_by_battle")
    assert state.lp == (8000, 8000 - 2200)


def test_r142_a_monster_whose_effects_are_negated_is_destroyed(tmp_path) -> None:
    eng = _engine(tmp_path, spell_traps=(
        {"id": "skill_drain", "card": "skill_drain", "face_up": True},))
    state, events = run_out(eng)
    assert "defender" in graveyard(state)
    assert first(events, "destroyed_by_battle").get("negated") is True


def test_r142_granted_until_the_end_of_the_turn(tmp_path) -> None:
    eng = _engine(tmp_path, "leo_wizard", spell_traps=(_TRAP,))
    state, events = run_out(eng, ["A pass", "B activate bulwark.activate -> defender"])
    granted = first(events, "battle_indestructible")
    assert (granted.player, granted.card) == (B, "defender")
    assert state.monster("defender") is not None  # 2500 against Leo Wizard's 1350 ATK
    assert first(events, "not_destroyed").get("why") == "cannot_be_destroyed_by_battle_this_turn"
    assert state.lp == (8000, 8000 - 1150)


def test_r142_the_granted_protection_is_not_the_monsters_own_effect(tmp_path) -> None:
    """Skill Drain negates the monster's own effects, not what another card gave it."""
    eng = _engine(tmp_path, "leo_wizard", spell_traps=(
        _TRAP, {"id": "skill_drain", "card": "skill_drain", "face_up": True}))
    state, _ = run_out(eng, ["A pass", "B activate bulwark.activate -> defender"])
    assert state.monster("defender") is not None


def test_r142_without_the_protection_the_monster_is_destroyed(tmp_path) -> None:
    state, _ = run_out(_engine(tmp_path, "leo_wizard", spell_traps=(_TRAP,)))
    assert "defender" in graveyard(state)


def test_r142_the_grant_needs_a_face_up_monster(tmp_path) -> None:
    eng = _engine(tmp_path, "leo_wizard", position="defense", face_up=False,
                  spell_traps=(_TRAP,))
    state, _ = play_events(eng, ["A pass"], settle_end=False)
    assert not [m for m in legal(eng, state) if "bulwark" in m]


def test_r143_attacked_face_down_the_attacking_player_takes_1000(tmp_path) -> None:
    eng = _engine(tmp_path, position="defense", face_up=False)
    state, events = run_out(eng, ["B activate defender.damage"])  # mandatory (R10)
    assert first(events, "flipped").card == "defender"
    assert state.monster("defender") is not None  # 2500 against 500 DEF: not destroyed
    assert "battle_damage" not in kinds(events)
    damage = first(events, "effect_damage")
    assert (damage.player, damage.get("amount")) == (A, 1000)
    assert state.lp == (8000 - 1000, 8000)


def test_r143_attacked_face_up_it_inflicts_nothing(tmp_path) -> None:
    state, events = run_out(_engine(tmp_path, position="defense"))
    assert "effect_damage" not in kinds(events)
    assert state.lp == (8000, 8000)


def test_r143_the_record_ends_with_the_attack(tmp_path) -> None:
    """After the attack, nothing remembers that Marshmallon was attacked face-down."""
    eng = _engine(tmp_path, position="defense", face_up=False)
    state = pass_until(eng, eng.start().state,
                       lambda now: "B activate defender.damage" in legal(eng, now))
    assert state.lasting_of("attacked_face_down")
    state, _ = run_out(eng, ["B activate defender.damage"], state)
    assert not state.lasting_of("attacked_face_down")
