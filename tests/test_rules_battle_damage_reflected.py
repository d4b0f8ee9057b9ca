"""R168: battle damage reflected. The battle damage a player would take from a battle
involving their monster with reflect_battle_damage, or while they have the player ability
reflect_battle_damage, is taken by the opponent instead: once (it does not come back), before
halving and doubling (of the player who takes it) and before "no battle damage"."""

from __future__ import annotations

from rules_helpers import A, B, first, run_out, write_situation

from gamebook.rules.engine import Engine


def _engine(tmp_path, attacker: str, target: str | None = None, *,  # noqa: ANN001
            position: str = "attack", a_cards: tuple[dict, ...] = (),
            b_cards: tuple[dict, ...] = ()) -> Engine:
    """A's ``attacker`` has declared an attack on B's ``target`` (or directly)."""
    defenders = [] if target is None else [
        {"id": "defender", "card": target, "position": position}]
    start = {"moment": "attack_declared", "attacker": "attacker"}
    if target is not None:
        start["target"] = "defender"
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "attacker", "card": attacker}],
                          "spell_traps": list(a_cards)},
                    "B": {"monsters": defenders, "spell_traps": list(b_cards)}},
        "start": start,
        "scope": "end_of_battle",
    }), "seed")


def test_r168_the_defenders_damage_goes_to_the_attacker(tmp_path) -> None:
    # Summoned Skull (2500) destroys Test Mirror Guard (1500): A takes the 1000 B would take
    state, events = run_out(_engine(tmp_path, "summoned_skull", "test_mirror_guard"))
    assert state.lp == (8000 - 1000, 8000)
    dealt = first(events, "battle_damage")
    assert (dealt.player, dealt.get("amount"), dealt.get("reflected")) == (A, 1000, True)
    assert first(events, "destroyed_by_battle").card == "defender"


def test_r168_an_attacker_that_loses_gives_its_damage_away(tmp_path) -> None:
    # Test Mirror Guard (1500) attacks Summoned Skull (2500): B takes the 1000 A would take
    state, _ = run_out(_engine(tmp_path, "test_mirror_guard", "summoned_skull"))
    assert state.lp == (8000, 8000 - 1000)


def test_r168_the_opponents_damage_is_not_reflected(tmp_path) -> None:
    # Test Mirror Guard (1500) attacks Leo Wizard (1350): B takes 150, as always
    state, events = run_out(_engine(tmp_path, "test_mirror_guard", "leo_wizard"))
    assert state.lp == (8000, 8000 - 150)
    assert first(events, "battle_damage").get("reflected") is None


def test_r168_a_player_ability_reflects_a_direct_attack(tmp_path) -> None:
    trap = {"id": "trap", "card": "test_reflect_trap", "face_up": False,
            "set": "earlier_turn"}
    state, events = run_out(_engine(tmp_path, "summoned_skull", b_cards=(trap,)),
                            ["A pass", "B activate trap.activate"])
    ability = first(events, "player_ability")
    assert (ability.player, ability.get("ability")) == (B, "reflect_battle_damage")
    assert state.lp == (8000 - 2500, 8000)


def test_r168_halving_applies_to_the_player_who_takes_it(tmp_path) -> None:
    # B's Mirror Guard sends 1000 to A; A's Test Damage Halver halves it: 500
    halver = {"id": "halver", "card": "test_damage_halver", "face_up": True}
    state, _ = run_out(_engine(tmp_path, "summoned_skull", "test_mirror_guard",
                               a_cards=(halver,)))
    assert state.lp == (8000 - 500, 8000)


def test_r168_halving_of_the_reflecting_player_changes_nothing(tmp_path) -> None:
    halver = {"id": "halver", "card": "test_damage_halver", "face_up": True}
    state, _ = run_out(_engine(tmp_path, "summoned_skull", "test_mirror_guard",
                               b_cards=(halver,)))
    assert state.lp == (8000 - 1000, 8000)


def test_r168_no_battle_damage_of_the_new_taker_makes_it_0(tmp_path) -> None:
    barrier = {"id": "barrier", "card": "spirit_barrier", "face_up": True}
    state, events = run_out(_engine(tmp_path, "summoned_skull", "test_mirror_guard",
                                    a_cards=(barrier,)))
    assert state.lp == (8000, 8000)
    assert first(events, "no_battle_damage").player is A


def test_r168_it_goes_over_once(tmp_path) -> None:
    # both players reflect: B's Mirror Guard sends it to A, A's ability does not send it back
    trap = {"id": "trap", "card": "test_reflect_trap", "face_up": False,
            "set": "earlier_turn"}
    state, _ = run_out(_engine(tmp_path, "summoned_skull", "test_mirror_guard",
                               a_cards=(trap,)), ["A activate trap.activate"])
    assert state.lp == (8000 - 1000, 8000)


def test_r168_against_a_defense_position_monster_too(tmp_path) -> None:
    # Mirror Guard (1500) attacks Mystical Elf in Defense Position (DEF 2000): A would take
    # 500, B takes it
    state, _ = run_out(_engine(tmp_path, "test_mirror_guard", "mystical_elf",
                               position="defense"))
    assert state.lp == (8000, 8000 - 500)
