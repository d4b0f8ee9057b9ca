"""R158-R160: Solemn Strike answers any monster effect and destroys the monster where it still
is; Infinite Impermanence may be activated from the hand while its player controls no cards;
Breakthrough Skill's effect in the GY is Spell Speed 2, in its owner's turn, never in the
turn it went to the GY."""

from __future__ import annotations

import pytest
from rules_helpers import (
    engine,
    first,
    graveyard,
    legal,
    note,
    play,
    play_events,
    run_out,
    to_damage_step,
    write_situation,
)

from gamebook.rules.engine import Engine

VEILER = "B activate effect_veiler.negate -> borrelsword"
STRIKE = "A activate solemn_strike.activate"


# -- R158: Solemn Strike -------------------------------------------------------------------

def test_r158_solemn_strike_negates_effect_veiler_which_stays_in_the_graveyard():
    eng = engine("solemn_strike_monster_effects")
    state, events = play_events(eng, ["A pass", VEILER, STRIKE, "B pass", "A pass"],
                                settle_end=False)
    negated = first(events, "negated")
    assert negated.card == "effect_veiler" and negated.get("what") == "activation"
    # sent to the GY as its own cost: not where it was activated, so not destroyed
    assert graveyard(state) == {"effect_veiler": "sent", "solemn_strike": "resolved"}
    assert state.lp == (6500, 8000)
    assert not any(e.kind == "effects_negated" for e in events)  # Borrelsword keeps them


def test_r158_solemn_strike_destroys_battle_fader_in_the_hand():
    eng = engine("solemn_strike_monster_effects")
    state, events = play_events(eng, [
        "A pass", "B pass", "A declare_attack borrelsword", "A pass",
        "B activate battle_fader.summon_and_end", STRIKE, "B pass", "A pass"],
        settle_end=False)
    assert first(events, "negated").card == "battle_fader"
    assert graveyard(state)["battle_fader"] == "destroyed"  # destroyed in the hand
    assert state.in_hand("battle_fader") is None and state.monster("battle_fader") is None
    state, _ = run_out(eng, (), state)
    assert state.lp == (6500, 5000)  # the Battle Phase was not ended: the attack went on


def test_r158_solemn_strike_answers_no_spell_or_trap_card(tmp_path):
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": [{"id": "solemn_strike", "card": "solemn_strike",
                                           "face_up": False}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [{"id": "mirror_force", "card": "mirror_force",
                                           "face_up": False}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"}), "seed")
    state = play(eng, ["A pass", "B activate mirror_force.activate"], settle_end=False)
    refused = note(eng, state, "solemn_strike", "activate")
    assert not refused.legal and refused.rule == "response_speed"
    assert dict(refused.args)["wanted"] == "monster_effect_activated"


def test_r158_the_activation_of_a_negated_monster_can_still_be_negated():
    """Effect Veiler resolved: Borrelsword Dragon may still activate its effect (R109), and
    Solemn Strike negates that activation and destroys it (as EDOPro does)."""
    eng = engine("solemn_strike_monster_effects")
    state = play(eng, ["A pass", VEILER, "A pass", "B pass", "A declare_attack borrelsword",
                       "A pass", "B activate battle_fader.summon_and_end", "A pass", "B pass",
                       "B select battle_fader.summon_and_end -> attack"], settle_end=False)
    switch = "A activate borrelsword.position_change -> battle_fader"
    assert switch in legal(eng, state)
    state, events = play_events(eng, [switch, STRIKE, "B pass", "A pass"], state,
                                settle_end=False)
    assert first(events, "negated").card == "borrelsword"
    assert graveyard(state)["borrelsword"] == "destroyed"


# -- R159: a Trap Card from the hand ----------------------------------------------------------

IMPERMANENCE = "B activate impermanence.activate -> command_knight"


def test_r159_impermanence_from_the_hand_when_its_player_controls_no_cards():
    eng = engine("infinite_impermanence_from_the_hand")
    state = eng.start().state
    assert IMPERMANENCE in legal(eng, state) or IMPERMANENCE in legal(
        eng, play(eng, ["A pass"], state, settle_end=False))
    state, events = play_events(eng, ["A pass", IMPERMANENCE], settle_end=False)
    assert first(events, "activate").get("from_hand") is True
    assert state.spell_trap("impermanence") is not None  # placed face-up on the field
    state, events = run_out(eng, (), state)
    assert graveyard(state)["impermanence"] == "resolved"
    assert state.lp == (8000, 6800)  # 1,200: the Warriors' 400 ATK is negated


def test_r159_not_from_the_hand_while_its_player_controls_a_card(tmp_path):
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "command_knight", "card": "command_knight"}]},
                    "B": {"spell_traps": [{"id": "mst", "card": "mystical_space_typhoon",
                                           "face_up": False}],
                          "hand": [{"id": "impermanence", "card": "infinite_impermanence"}]}},
        "start": {"moment": "attack_declared", "attacker": "command_knight"},
        "scope": "end_of_battle"}), "seed")
    state = play(eng, ["A pass"], settle_end=False)
    refused = note(eng, state, "impermanence", "activate")
    assert not refused.legal and refused.rule == "trap_from_hand"
    assert refused.reason == "trap_from_hand_only_if"
    assert dict(refused.args)["condition"] == "you_control_no_cards"


# -- R160: a Trap's effect in the GY ------------------------------------------------------------

GY_SKILL = "A activate skill_gy.negate_from_graveyard -> marshmallon"
SET_SKILL = "A activate skill_set.activate -> marshmallon"


def test_r160_breakthrough_skill_from_the_graveyard_in_the_battle_phase():
    eng = engine("breakthrough_skill_graveyard")
    state, events = play_events(eng, [GY_SKILL], settle_end=False)
    assert state.in_graveyard("skill_gy") is None  # banished as the cost
    state, events = run_out(eng, ["B pass", "A pass"], state)
    assert graveyard(state)["marshmallon"] == "destroyed_by_battle"


def test_r160_not_in_the_turn_it_was_sent_to_the_graveyard():
    eng = engine("breakthrough_skill_graveyard")
    state = play(eng, [SET_SKILL, "B pass", "A pass"], settle_end=False)
    assert graveyard(state)["skill_set"] == "resolved"
    refused = note(eng, state, "skill_set", "negate_from_graveyard")
    assert not refused.legal and refused.rule == "trap_effect_in_graveyard"
    assert refused.reason == "sent_to_graveyard_this_turn"
    assert GY_SKILL in legal(eng, state)  # the copy there since an earlier turn may


def test_r160_not_in_the_damage_step():
    eng = engine("breakthrough_skill_graveyard")
    state = to_damage_step(eng)
    assert not any("negate_from_graveyard" in text for text in legal(eng, state))


def test_r160_only_during_its_owners_turn(tmp_path):
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "B",
        "players": {"A": {"monsters": [{"id": "marshmallon", "card": "marshmallon",
                                        "position": "defense"}],
                          "graveyard": [{"id": "skill_gy", "card": "breakthrough_skill"}]},
                    "B": {"monsters": [{"id": "knight", "card": "command_knight"}]}},
        "start": {"moment": "attack_declared", "attacker": "knight", "target": "marshmallon"},
        "scope": "end_of_battle"}), "seed")
    state = play(eng, ["B pass"], settle_end=False)
    refused = note(eng, state, "skill_gy", "negate_from_graveyard")
    assert not refused.legal and dict(refused.args)["condition"] == "your_turn"


def _column_situation(tmp_path, b_zone, a_zone):  # noqa: ANN001, ANN202
    """B's Infinite Impermanence is Set in ``b_zone``; A's Mystical Space Typhoon in
    ``a_zone`` (``None``: no zone given)."""
    mst = {"id": "mst", "card": "mystical_space_typhoon", "face_up": False,
           "set": "earlier_turn", **({"zone": a_zone} if a_zone else {})}
    impermanence = {"id": "impermanence", "card": "infinite_impermanence", "face_up": False,
                    "set": "earlier_turn", **({"zone": b_zone} if b_zone else {})}
    return write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": [mst]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [impermanence]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"})


@pytest.mark.parametrize(("b_zone", "a_zone"), [("s2", "s4"), ("s1", "s5"), ("s3", None),
                                                 (None, "s1")])
def test_r159_a_set_infinite_impermanence_sharing_a_column_is_refused(tmp_path, b_zone,
                                                                       a_zone) -> None:
    """Its column clause is not modelled: a Set copy with an opponent's Spell/Trap in its
    column (A's s4 faces B's s2), or where no zone says otherwise, is refused at its line."""
    from gamebook.errors import InputError, InputErrors

    with pytest.raises((InputError, InputErrors)) as refused:
        _column_situation(tmp_path, b_zone, a_zone)
    assert "its negation of the other Spell/Trap effects in its column is not modelled" \
        in str(refused.value)


@pytest.mark.parametrize(("b_zone", "a_zone"), [("s2", "s2"), ("s1", "s4"), ("s3", "s1")])
def test_r159_a_set_infinite_impermanence_in_a_column_of_its_own_loads(tmp_path, b_zone,
                                                                        a_zone) -> None:
    _column_situation(tmp_path, b_zone, a_zone)
