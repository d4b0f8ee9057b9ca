"""R120: battle damage halved or doubled. A player with half_battle_damage takes half the
battle damage (rounded up), with double_battle_damage twice as much: from a face-up card's
continuous effect (on its controller or on the opponent) or from a resolved effect for the
rest of the turn; in a direct attack, between monsters and as piercing damage alike; "no
battle damage" still makes it 0; effect damage is not changed."""

from __future__ import annotations

from rules_helpers import B, first, run_out, write_situation

from gamebook.rules.engine import Engine


def _engine(tmp_path, target: str | None = None, *, position: str = "attack",  # noqa: ANN001
            b_cards: tuple[dict, ...] = (), a_cards: tuple[dict, ...] = (),
            attacker: str = "summoned_skull") -> Engine:
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


HALVER = {"id": "halver", "card": "test_damage_halver", "face_up": True}
DOUBLER = {"id": "doubler", "card": "test_damage_doubler", "face_up": True}


def test_r120_a_continuous_half_battle_damage_halves_a_direct_attack(tmp_path) -> None:
    state, events = run_out(_engine(tmp_path, b_cards=(HALVER,)))  # 2500 ATK, directly
    assert state.lp == (8000, 8000 - 1250)
    dealt = first(events, "battle_damage")
    assert (dealt.player, dealt.get("amount")) == (B, 1250)


def test_r120_half_of_an_amount(tmp_path) -> None:
    # Summoned Skull (2500) against Leo Wizard (1350 ATK): 1150, halved 575
    state, _ = run_out(_engine(tmp_path, "leo_wizard", b_cards=(HALVER,)))
    assert state.lp == (8000, 8000 - 575)


def test_r120_it_halves_the_damage_of_its_controller_only(tmp_path) -> None:
    # B's Halver; A's Mystical Elf (800) attacks B's Summoned Skull (2500): A takes 1700
    state, _ = run_out(_engine(tmp_path, "summoned_skull", attacker="mystical_elf",
                               b_cards=(HALVER,)))
    assert state.lp == (8000 - 1700, 8000)


def test_r120_grants_opponent_doubles_the_opponents_damage(tmp_path) -> None:
    # A's Doubler: B takes 2 x 1150
    state, _ = run_out(_engine(tmp_path, "leo_wizard", a_cards=(DOUBLER,)))
    assert state.lp == (8000, 8000 - 2300)


def test_r120_half_and_double_together_give_the_amount_back(tmp_path) -> None:
    state, _ = run_out(_engine(tmp_path, b_cards=(HALVER,), a_cards=(DOUBLER,)))
    assert state.lp == (8000, 8000 - 2500)


def test_r120_piercing_damage_is_halved_too(tmp_path) -> None:
    # Test Lancer (1900) against Leo Wizard in Defense Position (DEF 1200): 700 -> 350
    state, _ = run_out(_engine(tmp_path, "leo_wizard", position="defense",
                               attacker="test_lancer", b_cards=(HALVER,)))
    assert state.lp == (8000, 8000 - 350)


def test_r120_an_effect_that_resolved_halves_it_for_the_rest_of_the_turn(tmp_path) -> None:
    eng = _engine(tmp_path, b_cards=(
        {"id": "trap", "card": "test_half_damage_trap", "face_up": False, "set": "earlier_turn"},))
    state, events = run_out(eng, ["A pass", "B activate trap.activate"])
    ability = first(events, "player_ability")
    assert (ability.player, ability.get("ability")) == (B, "half_battle_damage")
    assert state.lp == (8000, 8000 - 1250)


def test_r120_no_battle_damage_still_makes_it_0(tmp_path) -> None:
    barrier = {"id": "barrier", "card": "spirit_barrier", "face_up": True}
    state, events = run_out(_engine(tmp_path, "leo_wizard", a_cards=(DOUBLER,),
                                    b_cards=(barrier,)))
    assert state.lp == (8000, 8000)
    spared = first(events, "no_battle_damage")
    assert (spared.player, spared.get("amount")) == (B, 2300)


def test_r120_a_face_down_card_changes_nothing(tmp_path) -> None:
    state, _ = run_out(_engine(tmp_path, b_cards=(
        {"id": "halver", "card": "test_damage_halver", "face_up": False,
         "set": "this_turn"},)))
    assert state.lp == (8000, 8000 - 2500)
