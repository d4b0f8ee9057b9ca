"""Damage triggers (R101), missing the timing (R25) and the end of the Duel (R102): Gorz the
Emissary of Darkness after battle damage and after effect damage, an "If" trigger beside a
"When" one, Ring of Destruction at low LP, and both players at 0 at once."""

from __future__ import annotations

from rules_helpers import (
    ROOT,
    A,
    B,
    engine,
    first,
    forbidden_by,
    graveyard,
    kinds,
    legal,
    monster,
    play_events,
)

from gamebook.rules.engine import Engine
from gamebook.situation import load_situation


def _example(name: str) -> Engine:
    return Engine(load_situation(ROOT / "examples" / f"{name}.yaml"))


GORZ = "B activate gorz.summon_itself"


def test_r101_gorz_comes_after_battle_damage_with_a_token_of_that_atk() -> None:
    eng = _example("gorz_direct_attack")
    state, events = play_events(eng, [GORZ, "A pass", "B select gorz.summon_itself -> attack"])
    assert state.life(B) == 8000 - 2500 and "battle_damage" in kinds(events)
    assert monster(state, "gorz").position.value == "attack"  # from the hand (R97)
    state, events = play_events(eng, ["B activate gorz.token", "A pass",
                                      "B select gorz.token -> defense"], state)
    token = monster(state, "gorz_emissary_of_darkness_token_1")
    assert (token.stats.atk, token.stats.def_, token.position.value) == (2500, 2500, "defense")


def test_r97_bottomless_trap_hole_cannot_answer_gorz_summoned_in_the_damage_step() -> None:
    eng = _example("gorz_direct_attack")
    state, _ = play_events(eng, [GORZ, "A pass", "B select gorz.summon_itself -> attack"])
    assert forbidden_by(eng, state, "bottomless_trap_hole", "activate") == "damage_step_activations"


def test_r98_solemn_warning_negates_gorz_in_the_damage_step_and_destroys_it_in_the_hand() -> None:
    eng = _example("gorz_direct_attack")
    state, events = play_events(eng, [GORZ, "A activate solemn_warning.activate"])
    assert state.monster("gorz") is None and graveyard(state)["gorz"] == "destroyed"
    assert state.life(A) == 8000 - 2000


def test_r101_gorz_needs_its_controller_to_control_no_cards() -> None:
    eng = engine("missed_timing")
    state, _ = play_events(eng, ["A pass", "B activate cylinder.activate -> skull", "B pass"])
    assert state.life(A) == 8000 - 2500  # A still controls Summoned Skull
    assert "A activate gorz.summon_itself" not in legal(eng, state)


def test_r25_gorz_misses_the_timing_when_the_damage_was_not_the_last_thing() -> None:
    # c1 Mirror Force, c2 Magic Cylinder: the damage (c2), then the destruction (c1).
    eng = engine("missed_timing")
    state, events = play_events(eng, ["A pass", "B activate mirror.activate", "A pass",
                                      "B activate cylinder.activate -> skull"], settle_end=False)
    state, events = play_events(eng, ["A pass", "B pass"], state, settle_end=False)
    assert state.life(A) == 8000 - 2500 and all(m.controller is not A for m in state.monsters)
    missed = first(events, "missed_timing")
    assert missed.get("effects") == ("gorz.summon_itself",)
    assert "A activate gorz.summon_itself" not in legal(eng, state)
    assert "A activate emissary.summon_itself" in legal(eng, state)  # "If": not missed


def test_r25_a_when_trigger_whose_event_was_the_last_thing_is_activated() -> None:
    # Magic Cylinder alone is the last link: its damage is the last thing, but A controls the
    # Skull: then Mirror Force as c2 would clear the field first, and the damage comes last.
    eng = engine("missed_timing")
    state, events = play_events(eng, ["A pass", "B activate cylinder.activate -> skull",
                                      "A pass", "B activate mirror.activate"], settle_end=False)
    state, events = play_events(eng, ["A pass", "B pass"], state, settle_end=False)
    # c2 Mirror Force destroyed the Skull first: c1 Magic Cylinder has no attacking monster
    assert state.life(A) == 8000 and "missed_timing" not in kinds(events)


def test_r102_both_players_at_0_at_once_is_a_draw() -> None:
    eng = engine("double_burn_draw")
    state, events = play_events(eng, ["A pass", "B activate burn.activate"])
    assert state.lp == (0, 0) and "duel_drawn" in kinds(events)
    assert state.window.reason == "duel_drawn" and "duel_lost" not in kinds(events)


def test_r102_ring_of_destruction_activator_at_0_loses_and_deals_no_damage() -> None:
    # Official ruling on the current text: the activator's damage comes first; at 0 LP the
    # Duel is over, and the opponent takes none (so no draw).
    eng = _example("ring_of_destruction_low_lp")
    state, events = play_events(eng, ["A pass",
                                      "B activate ring_of_destruction.activate -> summoned_skull"])
    assert state.lp == (2500, 0) and state.window.reason == "duel_over"
    assert [e.player for e in events if e.kind == "duel_lost"] == [B]


def test_r102_a_draw_is_told_as_a_draw_in_every_language(tmp_path) -> None:  # noqa: ANN001
    from rules_helpers import CARDS, SITUATIONS

    from gamebook.book.catalog import messages
    from gamebook.cli.entry import main

    words = set()
    for lang in ("en", "zh-Hant", "zh-Hans", "ja"):
        out = tmp_path / lang
        assert main(["build", str(SITUATIONS / "double_burn_draw.yaml"), "--cards", str(CARDS),
                     "--out", str(out), "--no-images", "--lang", lang, "--format", "md"]) == 0
        draw = messages(lang)["ending.reason_duel_drawn"]
        assert draw in (out / "book.md").read_text(encoding="utf-8"), lang
        words.add(draw)
    assert len(words) == 4  # translated, not English in every book


def test_r64_an_effect_reads_the_original_atk_of_a_token_that_has_vanished() -> None:
    """Ring of Destruction on a Token: the Token vanishes when destroyed (R64), and the damage
    that follows is its original ATK all the same (it crashed looking for where it went)."""
    from gamebook.cards.model import OpName, PlayerRef, Portion, Primitive, Ref
    from gamebook.rules.mechanics.verb import amount_of

    eng = _example("linkuriboh_scapegoat")
    state = eng.start().state
    token = next(instance for instance, card in eng.rules.instances if card == "sheep_token")
    assert state.monster(token) is None  # not on the field, not in any zone: vanished
    step = Primitive(OpName.INFLICT_DAMAGE, player=PlayerRef.YOU, of=Ref.TARGET,
                     portion=Portion.ORIGINAL)
    assert amount_of(state, step, token, eng.rules) == eng.rules.cards["sheep_token"].atk
