"""R38: "the attacking monster" stops being one once it is changed to Defense Position or
face-down, leaves the field, or its attack is negated; an effect on "the attacking monster"
resolving afterwards does nothing, and the attack ends even if the monster is changed back
to Attack Position in the same chain."""

from __future__ import annotations

from rules_helpers import A, B, engine, graveyard, monster, run_out


def _skipped(events, card: str) -> list[str]:  # noqa: ANN001
    return [e.get("why") for e in events if e.kind == "not_applied" and e.card == card]


def _gained(events, player) -> list[int]:  # noqa: ANN001
    return [e.get("amount") for e in events if e.kind == "lp_gained" and e.player == player]


def test_r38_book_of_moon_chained_to_sakuretsu_armor_saves_the_attacker() -> None:
    # Official OCG ruling (Sakuretsu Armor, as the Japanese wiki's FAQ quotes it): Book of
    # Moon chained to it on the attacking monster -> the monster is not destroyed.
    eng = engine("attacking_monster")
    state, events = run_out(eng, ["A pass", "B activate sakuretsu.activate -> skull",
                                  "A activate moon.activate -> skull"])
    skull = monster(state, "skull")
    assert not skull.face_up and skull.position.value == "defense"
    assert _skipped(events, "sakuretsu") == ["no_longer_attacking"]
    assert graveyard(state)["sakuretsu"] == "resolved"
    assert state.window.reason == "attack_ended"


def test_r38_dimensional_prison_does_not_banish_a_monster_that_stopped_attacking() -> None:
    eng = engine("attacking_monster")
    state, events = run_out(eng, ["A pass", "B activate prison.activate -> skull",
                                  "A activate moon.activate -> skull"])
    assert monster(state, "skull") is not None and not state.banished
    assert _skipped(events, "prison") == ["no_longer_attacking"]


def test_r38_magic_cylinder_under_negate_attack_sees_no_attacking_monster() -> None:
    eng = engine("attacking_monster")
    state, events = run_out(eng, ["A pass", "B activate cylinder.activate -> skull", "A pass",
                                  "B activate negate.activate -> skull"])
    assert _skipped(events, "cylinder") == ["no_longer_attacking"]
    assert state.life(A) == 8000  # no damage: the attack was negated before it resolved


def test_r38_magic_cylinder_alone_still_burns_after_negating_the_attack_itself() -> None:
    eng = engine("attacking_monster")
    state, events = run_out(eng, ["A pass", "B activate cylinder.activate -> skull"])
    assert state.life(A) == 8000 - 2500 and not _skipped(events, "cylinder")


def test_r38_changed_to_defense_and_back_in_one_chain_the_attack_still_ends() -> None:
    eng = engine("attacking_monster")
    state, events = run_out(eng, ["A activate rally.activate", "B activate halt.activate"])
    assert monster(state, "skull").position.value == "attack"  # c1 put it back
    assert "damage_step_begins" not in [e.kind for e in events]
    assert state.window.reason == "attack_ended"


def test_r38_sakuretsu_resolving_after_the_attacker_went_back_to_attack_position_does_nothing(
        ) -> None:
    eng = engine("attacking_monster")
    state, events = run_out(eng, ["A pass", "B activate sakuretsu.activate -> skull",
                                  "A activate rally.activate", "B activate halt.activate"])
    assert monster(state, "skull").position.value == "attack"
    assert _skipped(events, "sakuretsu") == ["no_longer_attacking"]


def test_r38_enchanted_javelin_under_negate_attack_gains_no_lp() -> None:
    # D9: no Javelin ruling of its own; R38 (Sakuretsu Armor's ruling) applies to its
    # "that attacking monster". EDOPro gains the ATK here.
    eng = engine("enchanted_javelin_attack_negated")
    state, events = run_out(eng, ["B activate javelin.activate -> skull", "A pass",
                                  "B activate negate.activate -> skull"])
    assert _skipped(events, "javelin") == ["no_longer_attacking"]
    assert _gained(events, B) == [] and state.life(B) == 8000
    assert monster(state, "skull") is not None


def test_r38_enchanted_javelin_alone_gains_the_attackers_atk() -> None:
    eng = engine("enchanted_javelin_attack_negated")
    _, events = run_out(eng, ["B activate javelin.activate -> skull"])
    assert _gained(events, B) == [2500] and not _skipped(events, "javelin")
