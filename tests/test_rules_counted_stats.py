"""ATK/DEF that count cards (R114) and a printed '?' (R62): Tragoedia comes from the hand
after battle damage and gains 600 ATK/DEF for each card in its controller's hand, counted
again whenever the hand changes, in damage calculation too."""

from __future__ import annotations

from rules_helpers import (
    ROOT,
    B,
    forbidden_by,
    graveyard,
    legal,
    monster,
    pass_until,
    play_events,
    write_situation,
)

from gamebook.cards.library import load_library
from gamebook.rules.engine import Engine
from gamebook.situation import load_situation

SUMMON = ["B pass", "B activate tragoedia.summon_itself",
          "B select tragoedia.summon_itself -> attack"]
KURIBOH = "B activate kuriboh.no_damage"


def _engine() -> Engine:
    return Engine(load_situation(ROOT / "examples" / "tragoedia_hand.yaml"))


def _summoned(eng: Engine):  # noqa: ANN202
    """The direct attack's damage calculation reached, B lets it through and summons."""
    state = pass_until(eng, eng.start().state, lambda s: KURIBOH in legal(eng, s))
    return play_events(eng, SUMMON, state)


def test_r62_a_null_atk_in_a_card_file_is_a_printed_question_mark() -> None:
    tragoedia = load_library()["tragoedia"]
    assert (tragoedia.atk, tragoedia.defense) == (None, None)
    assert tragoedia.printed_stats == ("?", "?")
    assert load_library()["linkuriboh"].printed_stats == (300, None)  # a Link: no DEF


def test_r114_tragoedia_gains_600_for_each_card_in_the_hand() -> None:
    eng = _engine()
    state, _ = _summoned(eng)
    assert state.life(B) == 8000 - 2500
    tragoedia = monster(state, "tragoedia")
    assert (tragoedia.stats.atk, tragoedia.stats.def_) == (1200, 1200)  # Kuriboh, Mystical Elf


def test_r114_discarding_kuriboh_lowers_it_before_the_damage_is_calculated() -> None:
    eng = _engine()
    state, _ = _summoned(eng)
    state = play_events(eng, ["A declare_attack gemini_elf -> tragoedia"], state)[0]
    state = pass_until(eng, state, lambda s: KURIBOH in legal(eng, s))
    assert monster(state, "tragoedia").stats.atk == 1200
    state, events = play_events(eng, [KURIBOH], state, settle_end=False)
    assert monster(state, "tragoedia").stats.atk == 600  # one card left in the hand
    told = [e for e in events if e.kind == "recounted"]  # the book says so (R114)
    assert [(e.card, e.get("count"), e.get("atk")) for e in told] == [("tragoedia", 1, 600)]
    state = pass_until(eng, state, lambda s: s.monster("tragoedia") is None)
    assert "tragoedia" in graveyard(state)
    assert state.life(B) == 8000 - 2500  # no battle damage from the second battle
    assert state.life(B) == 8000 - 2500  # no battle damage from the second battle


def test_r114_without_kuriboh_tragoedia_keeps_1200_and_b_takes_700() -> None:
    eng = _engine()
    state, _ = _summoned(eng)
    state = play_events(eng, ["A declare_attack gemini_elf -> tragoedia"], state)[0]
    state = pass_until(eng, state, lambda s: KURIBOH in legal(eng, s))
    state = pass_until(eng, state, lambda s: s.monster("tragoedia") is None)
    assert state.life(B) == 8000 - 2500 - 700


def test_r114_with_no_card_to_count_a_printed_question_mark_is_0(tmp_path) -> None:
    situation = write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"hand": [{"id": "tragoedia", "card": "tragoedia"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull"},
        "scope": "end_of_battle"})
    eng = Engine(situation)
    state = pass_until(eng, eng.start().state,
                       lambda s: "B activate tragoedia.summon_itself" in legal(eng, s))
    state, _ = play_events(eng, SUMMON[1:], state)
    tragoedia = monster(state, "tragoedia")
    assert (tragoedia.stats.atk, tragoedia.stats.def_) == (0, 0)  # R62: '?' is 0 on the field


def test_r3_tragoedias_ignition_effects_are_for_the_main_phase() -> None:
    eng = _engine()
    state, _ = _summoned(eng)
    assert forbidden_by(eng, state, "tragoedia", "take_control") == "ignition_effects"
    assert forbidden_by(eng, state, "tragoedia", "copy_level") == "ignition_effects"


def test_r114_the_count_at_the_summon_is_told_once() -> None:
    """Tragoedia's first count is the R114 line; no second R7 line repeats the same ATK."""
    eng = _engine()
    _, events = _summoned(eng)
    about = [e.kind for e in events if e.card == "tragoedia"
             and e.kind in ("recounted", "continuous_atk")]
    assert about == ["recounted"]


def test_r52_a_monster_destroyed_by_battle_keeps_its_count_until_it_leaves() -> None:
    """Destroyed by battle, Tragoedia stays on the field until the end of the Damage Step
    (R52): its own continuous ATK/DEF still applies there, and nothing new is told."""
    eng = _engine()
    state, _ = _summoned(eng)
    state = play_events(eng, ["A declare_attack gemini_elf -> tragoedia"], state)[0]
    state = pass_until(eng, state, lambda s: KURIBOH in legal(eng, s))
    state, events = play_events(eng, ["B pass"], state, settle_end=False)
    waiting = [e for e in events if e.kind == "destroyed_by_battle"]
    assert [e.card for e in waiting] == ["tragoedia"]
    state, more = play_events(eng, [], state)
    assert "tragoedia" in graveyard(state)
    told = [e for e in (*events, *more) if e.kind == "continuous_atk" and e.card == "tragoedia"]
    assert told == []  # before R52's fix: "Tragoedia's ATK is now 0 (was 1200)"
