"""R115: piercing battle damage. Test Lancer (1900 ATK, ``grants: [piercing]``) attacking a
Defense Position monster whose DEF is lower inflicts the difference as battle damage; the
damage is battle damage (Waboku, Spirit Barrier stop it) and a monster whose effects are
negated (Skill Drain, R109) does not pierce."""

from __future__ import annotations

from rules_helpers import B, first, graveyard, run_out, write_situation

from gamebook.rules.engine import Engine


def _engine(tmp_path, target: str | None = "leo_wizard", *, position: str = "defense",  # noqa: ANN001
            face_up: bool = True, spell_traps: tuple[dict, ...] = (),
            attacker: str = "test_lancer") -> Engine:
    """``attacker`` (Test Lancer) has declared an attack on B's ``target`` (or directly);
    B also has ``spell_traps``."""
    defenders = [] if target is None else [
        {"id": "defender", "card": target, "position": position, "face_up": face_up}]
    start = {"moment": "attack_declared", "attacker": "attacker"}
    if target is not None:
        start["target"] = "defender"
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "attacker", "card": attacker}]},
                    "B": {"monsters": defenders, "spell_traps": list(spell_traps)}},
        "start": start,
        "scope": "end_of_battle",
    }), "seed")


def test_r115_a_defense_position_monster_with_lower_def_takes_the_difference(tmp_path) -> None:
    state, events = run_out(_engine(tmp_path))  # 1900 ATK against Leo Wizard's 1200 DEF
    assert state.lp == (8000, 8000 - 700)
    assert "defender" in graveyard(state)  # destroyed as usual
    dealt = first(events, "battle_damage")
    assert (dealt.player, dealt.get("amount")) == (B, 700)


def test_r115_without_piercing_the_same_attack_inflicts_nothing(tmp_path) -> None:
    state, _ = run_out(_engine(tmp_path, attacker="summoned_skull"))  # 2500 ATK, no piercing
    assert state.lp == (8000, 8000)
    assert "defender" in graveyard(state)


def test_r115_against_an_attack_position_monster_the_table_applies(tmp_path) -> None:
    state, _ = run_out(_engine(tmp_path, position="attack"))  # 1900 against 1350 ATK
    assert state.lp == (8000, 8000 - 550)


def test_r115_atk_equal_to_def_inflicts_nothing(tmp_path) -> None:
    state, events = run_out(_engine(tmp_path, "test_sturdy_wall"))  # 1900 against 1900 DEF
    assert state.lp == (8000, 8000)
    assert "battle_damage" not in [e.kind for e in events]
    assert state.monster("defender") is not None


def test_r115_atk_lower_than_def_damages_the_attackers_controller_as_usual(tmp_path) -> None:
    state, _ = run_out(_engine(tmp_path, "test_giant"))  # 1900 against 2500 DEF
    assert state.lp == (8000 - 600, 8000)


def test_r115_a_direct_attack_is_unchanged(tmp_path) -> None:
    state, _ = run_out(_engine(tmp_path, None))
    assert state.lp == (8000, 8000 - 1900)


def test_r115_a_face_down_defense_position_target_flipped_by_the_attack_is_pierced(
        tmp_path) -> None:
    state, events = run_out(_engine(tmp_path, face_up=False))
    assert first(events, "flipped").card == "defender"
    assert state.lp == (8000, 8000 - 700)


def test_r115_the_damage_is_battle_damage_and_waboku_stops_it(tmp_path) -> None:
    eng = _engine(tmp_path, spell_traps=(
        {"id": "waboku", "card": "waboku", "face_up": False, "set": "earlier_turn"},))
    state, events = run_out(eng, ["A pass", "B activate waboku.activate"])
    assert state.lp == (8000, 8000)
    spared = first(events, "no_battle_damage")
    assert (spared.player, spared.get("amount")) == (B, 700)


def test_r115_spirit_barrier_stops_it_too(tmp_path) -> None:
    eng = _engine(tmp_path, spell_traps=(
        {"id": "barrier", "card": "spirit_barrier", "face_up": True},))
    state, events = run_out(eng)
    assert state.lp == (8000, 8000)
    spared = first(events, "no_battle_damage")
    assert (spared.player, spared.get("by"), spared.get("amount")) == (B, "barrier", 700)


def test_r115_a_monster_whose_effects_are_negated_does_not_pierce(tmp_path) -> None:
    eng = _engine(tmp_path, spell_traps=(
        {"id": "skill_drain", "card": "skill_drain", "face_up": True},))
    state, events = run_out(eng)
    assert state.lp == (8000, 8000)
    assert "defender" in graveyard(state)
    assert "battle_damage" not in [e.kind for e in events]
