"""Spell speeds (R1) and what may be chained to what (R2)."""

from __future__ import annotations

import pytest
from rules_helpers import A, B, activations, engine, forbidden_by, legal, play

from gamebook.cards.model import (
    Card,
    CardType,
    Effect,
    EffectKind,
    MonsterFrame,
    SpellTrapType,
    spell_speed,
)


def _spell_trap(card_type: CardType, kind: SpellTrapType) -> tuple[Card, Effect]:
    effect = Effect(id="activate", kind=EffectKind.ACTIVATE)
    card = Card(id=f"{card_type}_{kind}", names={"en": "x"}, card_type=card_type,
                spell_trap_type=kind, effects=(effect,))
    return card, effect


def _monster_effect(kind: EffectKind) -> tuple[Card, Effect]:
    effect = Effect(id="e", kind=kind)
    card = Card(id="m", names={"en": "x"}, card_type=CardType.MONSTER,
                frame=MonsterFrame.EFFECT, atk=0, defense=0, effects=(effect,))
    return card, effect


@pytest.mark.parametrize(("kind", "speed"), [
    (SpellTrapType.NORMAL, 1), (SpellTrapType.EQUIP, 1), (SpellTrapType.FIELD, 1),
    (SpellTrapType.CONTINUOUS, 1), (SpellTrapType.RITUAL, 1), (SpellTrapType.QUICK_PLAY, 2),
])
def test_r1_spells_are_spell_speed_1_except_quick_play_spells_which_are_2(kind, speed) -> None:
    assert spell_speed(*_spell_trap(CardType.SPELL, kind)) == speed


@pytest.mark.parametrize(("kind", "speed"), [
    (SpellTrapType.NORMAL, 2), (SpellTrapType.CONTINUOUS, 2), (SpellTrapType.COUNTER, 3),
])
def test_r1_normal_and_continuous_traps_are_spell_speed_2_and_counter_traps_3(kind, speed) -> None:
    assert spell_speed(*_spell_trap(CardType.TRAP, kind)) == speed


@pytest.mark.parametrize(("kind", "speed"), [
    (EffectKind.IGNITION, 1), (EffectKind.TRIGGER, 1), (EffectKind.FLIP, 1),
    (EffectKind.QUICK, 2), (EffectKind.CONTINUOUS, None),
])
def test_r1_monster_effects_have_the_spell_speed_of_their_kind_and_continuous_ones_none(
        kind, speed) -> None:
    assert spell_speed(*_monster_effect(kind)) == speed


def test_r1_the_model_battles_effects_have_the_spell_speeds_s001_gives_them() -> None:
    eng = engine()
    state = eng.initial_state()
    speeds = {(card, effect): eng.rules.speed(state, card, effect) for card, effect in [
        ("borrelsword", "atk_gain"), ("borrelsword", "position_change"),
        ("linkuriboh", "zero_atk"), ("threatening_roar", "activate")]}
    assert speeds == {("borrelsword", "atk_gain"): 1, ("borrelsword", "position_change"): 2,
                      ("linkuriboh", "zero_atk"): 1, ("threatening_roar", "activate"): 2}


def test_r1_a_continuous_effect_is_never_offered_as_an_activation() -> None:
    eng = engine()
    for line in ([], ["A pass", "B pass"]):
        state = play(eng, line, settle_end=False)
        assert not any("battle_indestructible" in action for action in legal(eng, state))
        assert all(n.effect != "battle_indestructible" for n in eng.notes(state))


# -- R2 ------------------------------------------------------------------------------------

def test_r2_a_spell_speed_2_effect_may_chain_to_a_spell_speed_2_link() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B activate threatening_roar.activate"])
    assert eng.to_move(state) is A
    assert "A activate borrelsword.position_change -> leo_wizard" in legal(eng, state)


def test_r2_two_spell_speed_1_triggers_stack_as_c1_and_c2_only_through_segoc() -> None:
    eng = engine()
    state = play(eng, ["A activate borrelsword.atk_gain"])
    assert "B activate linkuriboh.zero_atk" in legal(eng, state)
    state = play(eng, ["B activate linkuriboh.zero_atk"], state)
    assert [link.effect for link in state.chain] == ["atk_gain", "zero_atk"]


def test_r2_only_a_counter_trap_may_respond_to_a_counter_trap() -> None:
    eng = engine("counter_traps")
    state = play(eng, ["A pass", "B activate counter_1.activate"], settle_end=False)
    assert eng.to_move(state) is A
    assert legal(eng, state) == ["A pass"]
    assert forbidden_by(eng, state, "borrelsword", "position_change") == "response_speed"
    state = play(eng, ["A pass"], state, settle_end=False)
    assert activations(eng, state) == ["B activate counter_2.activate"]
    assert forbidden_by(eng, state, "threatening_roar", "activate") == "response_speed"


def test_r2_a_counter_trap_may_respond_to_a_spell_speed_2_link() -> None:
    eng = engine("counter_traps")
    state = play(eng, ["A pass", "B activate threatening_roar.activate", "A pass"],
                 settle_end=False)
    assert eng.to_move(state) is B
    assert "B activate counter_1.activate" in legal(eng, state)


def test_r2_a_spell_speed_1_card_can_never_respond_to_a_chain_link() -> None:
    eng = engine("counter_traps")
    state = play(eng, ["A pass", "B activate threatening_roar.activate", "A pass"],
                 settle_end=False)
    assert "B activate normal_spell.activate" not in legal(eng, state)
    assert forbidden_by(eng, state, "normal_spell", "activate") == "response_speed"
