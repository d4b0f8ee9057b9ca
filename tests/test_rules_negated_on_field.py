"""R109: effects negated on the field (Skill Drain, Forbidden Chalice).

The example ``examples/skill_drain_borrelsword.yaml``: Borrelsword Dragon has declared an
attack on Mystical Elf; Player B controls Linkuriboh, has Skill Drain Set and holds Honest.
"""

from __future__ import annotations

from rules_helpers import (
    ROOT,
    A,
    B,
    engine,
    first,
    forbidden_by,
    monster,
    note,
    play,
    play_events,
    run_out,
    to_damage_step,
    write_situation,
)

from gamebook.rules.continuous import refresh
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.moving import leave_field
from gamebook.rules.mechanics.negated import NEGATED, effects_negated, negated_by
from gamebook.rules.state import Lasting, Until, replace
from gamebook.situation import load_situation

DRAIN = "B activate skill_drain.activate"


def _drain_engine() -> Engine:
    return Engine(load_situation(ROOT / "examples" / "skill_drain_borrelsword.yaml"), "seed")


def _chalice_engine(tmp_path) -> Engine:  # noqa: ANN001
    """Borrelsword Dragon attacks Mystical Elf; B has Forbidden Chalice Set and Linkuriboh."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "borrelsword", "card": "borrelsword_dragon",
                                "zone": "emz_left"}]},
            "B": {"monsters": [{"id": "mystical_elf", "card": "mystical_elf", "zone": "m2"},
                               {"id": "linkuriboh", "card": "linkuriboh", "zone": "m3"}],
                  "spell_traps": [{"id": "chalice", "card": "forbidden_chalice",
                                   "face_up": False, "set": "earlier_turn"}]},
        },
        "start": {"moment": "attack_declared", "attacker": "borrelsword",
                  "target": "mystical_elf"},
        "scope": "end_of_battle",
    }), "seed")


# -- Skill Drain ---------------------------------------------------------------------------

def test_r109_skill_drain_chained_to_borrelsword_negates_its_atk_effect() -> None:
    eng = _drain_engine()
    state, events = play_events(eng, ["A activate borrelsword.atk_gain", DRAIN, "A pass",
                                      "B pass"], settle_end=False)
    assert state.life(B) == 7000  # the activation's cost (R16)
    assert monster(state, "borrelsword").stats.atk == 3000
    assert monster(state, "mystical_elf").stats.atk == 800
    negated = first(events, "no_effect")
    assert (negated.card, negated.get("why"), negated.get("by")) == (
        "borrelsword", "monster_effects_negated", "skill_drain")
    assert effects_negated(eng.rules, state, "borrelsword") == "skill_drain"


def test_r109_skill_drain_applies_only_once_its_activation_has_resolved() -> None:
    eng = _drain_engine()
    state = play(eng, ["A pass", DRAIN], settle_end=False)
    assert state.spell_trap("skill_drain").face_up and state.chain
    assert effects_negated(eng.rules, state, "borrelsword") is None
    state = play(eng, ["A pass", "B pass"], state, settle_end=False)
    assert effects_negated(eng.rules, state, "borrelsword") == "skill_drain"
    assert effects_negated(eng.rules, state, "linkuriboh") == "skill_drain"  # both sides


def test_r109_negated_effects_can_still_be_activated_and_the_note_says_why() -> None:
    eng = _drain_engine()
    state = play(eng, ["A pass", DRAIN, "A pass", "B pass"])
    found = note(eng, state, "borrelsword", "position_change")
    assert found.legal and (found.rule, found.reason) == ("negated_on_the_field", "effects_negated")
    state, events = play_events(eng, ["A activate borrelsword.position_change -> mystical_elf",
                                      "B pass", "A pass"], state, settle_end=False)
    assert first(events, "no_effect").get("why") == "monster_effects_negated"
    assert monster(state, "mystical_elf").position.value == "attack"
    assert state.attack_allowance("borrelsword") == 1  # no second attack either


def test_r109_linkuriboh_tributed_as_the_cost_escapes_skill_drain() -> None:
    eng = _drain_engine()
    state, events = play_events(eng, ["A pass", "B activate linkuriboh.zero_atk", "A pass",
                                      DRAIN, "A pass", "B pass"], settle_end=False)
    assert monster(state, "borrelsword").stats.atk == 0  # not on the field: not negated
    assert not any(e.kind == "no_effect" and e.card == "linkuriboh" for e in events)


def test_r109_negated_borrelsword_is_destroyed_by_battle_and_honest_from_the_hand_works(
        ) -> None:
    eng = _drain_engine()
    state = to_damage_step(eng, ["A pass", DRAIN, "A pass", "B pass"])
    state, events = run_out(eng, ["B activate honest.gain"], state)
    assert state.monster("borrelsword") is None
    destroyed = first(events, "destroyed_by_battle")
    assert destroyed.card == "borrelsword" and destroyed.get("negated")
    assert state.life(A) == 8000 - (3800 - 3000)


def test_r109_without_skill_drain_borrelsword_survives_the_same_battle() -> None:
    eng = _drain_engine()
    state = to_damage_step(eng, ["A pass", "B pass"])
    state, _ = run_out(eng, ["B activate honest.gain"], state)
    assert state.monster("borrelsword") is not None  # cannot be destroyed by battle


def test_r109_the_effects_come_back_when_skill_drain_leaves_the_field() -> None:
    eng = _drain_engine()
    state = play(eng, ["A pass", DRAIN, "A pass", "B pass"])
    state, _ = leave_field(eng.rules, state, "skill_drain", "destroyed")
    assert effects_negated(eng.rules, state, "borrelsword") is None
    assert note(eng, state, "borrelsword", "position_change").reason is None


def test_r109_skill_drain_cannot_be_activated_in_the_damage_step() -> None:
    eng = _drain_engine()
    state = to_damage_step(eng, ["A pass", "B pass"])
    assert forbidden_by(eng, state, "skill_drain", "activate") == "damage_step_activations"


# -- Forbidden Chalice ---------------------------------------------------------------------

def test_r109_chalice_chained_to_borrelsword_negates_it_and_raises_its_atk(tmp_path) -> None:
    eng = _chalice_engine(tmp_path)
    state, events = play_events(eng, ["A activate borrelsword.atk_gain",
                                      "B activate chalice.activate -> borrelsword",
                                      "A pass", "B pass"], settle_end=False)
    borrelsword = monster(state, "borrelsword")
    assert negated_by(state, borrelsword.id) == "chalice"
    assert borrelsword.stats.atk == 3400  # the Chalice's 400; its own effect did nothing
    assert monster(state, "mystical_elf").stats.atk == 800
    assert first(events, "effects_negated").card == "borrelsword"


def test_r109_an_effect_activated_while_chalice_negates_it_does_nothing_off_the_field(
        tmp_path) -> None:
    eng = _chalice_engine(tmp_path)
    state = eng.start().state
    state = state.with_lasting(Lasting(NEGATED, "linkuriboh", "chalice", Until.FACE_DOWN))
    state, events = play_events(eng, ["A pass", "B activate linkuriboh.zero_atk", "A pass",
                                      "B pass"], state, settle_end=False)
    assert state.monster("linkuriboh") is None  # Tributed as the cost
    assert monster(state, "borrelsword").stats.atk == 3000  # negated where it was activated
    assert first(events, "no_effect").get("why") == "monster_effects_negated"


def test_r109_a_monster_turned_face_down_loses_the_chalices_negation(tmp_path) -> None:
    from gamebook.cards.model import OpName, Primitive, Ref
    from gamebook.rules.mechanics import verb_of
    from gamebook.rules.state import ChainLink

    eng = _chalice_engine(tmp_path)
    state = eng.start().state
    state = state.with_lasting(Lasting(NEGATED, "mystical_elf", "chalice", Until.FACE_DOWN))
    link = ChainLink(B, "chalice", "activate", 7)
    step = Primitive(OpName.SET_FACE_DOWN, who=Ref.TARGET)
    state, _, _ = verb_of(OpName.SET_FACE_DOWN).handler(eng.rules, state, link, step,
                                                         ("mystical_elf",), None, False, None)
    assert negated_by(state, "mystical_elf") is None


# -- continuous effects of a negated monster (R84) -----------------------------------------

def test_r109_a_negated_monsters_own_continuous_atk_raise_stops_and_comes_back(
        tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "bearer", "card": "test_banner_bearer"},
                               {"id": "summoned_skull", "card": "summoned_skull"}]},
            "B": {"monsters": [{"id": "mystical_elf", "card": "mystical_elf"}],
                  "spell_traps": [{"id": "skill_drain", "card": "skill_drain"}]},
        },
        "start": {"moment": "attack_declared", "attacker": "summoned_skull",
                  "target": "mystical_elf"},
        "scope": "end_of_battle",
    }), "seed")
    state = eng.start().state
    assert monster(state, "summoned_skull").stats.atk == 2800
    assert monster(state, "bearer").stats.atk == 1300
    state = play(eng, ["A pass", DRAIN, "A pass", "B pass"], state, settle_end=False)
    assert monster(state, "summoned_skull").stats.atk == 2500  # its source is negated
    assert monster(state, "bearer").stats.atk == 1000
    state, _ = leave_field(eng.rules, state, "skill_drain", "destroyed")
    state = refresh(eng.rules, state)  # as after every action (R7)
    assert monster(state, "summoned_skull").stats.atk == 2800


def test_r109_the_note_under_chalice_says_the_effect_does_nothing_wherever_it_is(
        tmp_path) -> None:
    eng = _chalice_engine(tmp_path)
    state = play(eng, ["A pass", "B activate chalice.activate -> borrelsword", "A pass",
                       "B pass"])
    found = note(eng, state, "borrelsword", "position_change")
    assert (found.legal and (found.rule, found.reason)
            == ("negated_on_the_field", "effects_negated_lasting"))


def test_r109_chalice_on_a_monster_without_effects_only_raises_its_atk(tmp_path) -> None:
    eng = _chalice_engine(tmp_path)
    state, events = play_events(eng, ["A pass", "B activate chalice.activate -> mystical_elf",
                                      "A pass", "B pass"], settle_end=False)
    elf = monster(state, "mystical_elf")
    assert elf.stats.atk == 1200 and negated_by(state, elf.id) is None
    assert "effects_negated" not in [e.kind for e in events]


def test_r109_a_continuous_card_whose_activation_is_negated_goes_to_the_gy() -> None:
    from gamebook.rules.resolution import resolve_top

    eng = _drain_engine()
    state = play(eng, ["A pass", DRAIN], settle_end=False)
    link = replace(state.chain[-1], negated="activation")
    state = replace(state, chain=(*state.chain[:-1], link))
    state, _, done = resolve_top(eng.rules, state)
    assert done and state.spell_trap("skill_drain") is None
    assert {g.id: g.reason for g in state.graveyard}["skill_drain"] == "negated"


def test_r52_r109_skill_drain_negates_the_flip_effect_of_a_monster_destroyed_by_battle() -> None:
    """Man-Eater Bug, flipped and destroyed by battle, is face-up on the field until the end
    of the Damage Step: Skill Drain still negates its effects, so its Flip Effect resolves
    with no effect."""
    eng = engine("skill_drain_flip_destroyed")
    state, events = play_events(eng, ["A activate skill_drain.activate",
                                      "B activate bug.flip -> skull"])
    assert [e.get("why") for e in events if e.kind == "no_effect"] == ["monster_effects_negated"]
    assert state.monster("skull") is not None
