"""R99: a card or effect cannot be activated when its effect could not apply at all; the
fixes to bundled cards found against their official texts (Kuriboh, Battle Fader,
Gravekeeper's Assailant: R18, R26, R59, R100), the Damage Step flip through the stat model
(R48, R84) and primitives that accept only their own parameters."""

from __future__ import annotations

import pytest
from rules_helpers import (
    B,
    engine,
    first,
    forbidden_by,
    kinds,
    monster,
    pass_until,
    play,
    play_events,
    write_situation,
)

from gamebook.errors import InputError
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.immunity import UNAFFECTED
from gamebook.rules.mechanics.moving import BANISHED_IF_LEAVES, leave_field
from gamebook.rules.state import Step


def _engine(tmp_path, spec: dict) -> Engine:  # noqa: ANN001
    return Engine(write_situation(tmp_path, spec), "seed")


# -- R99 ----------

def test_r99_zero_gravity_cannot_be_activated_while_no_monster_is_face_up(tmp_path) -> None:
    eng = _engine(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "elf", "card": "gemini_elf", "position": "defense",
                                "face_up": False}]},
            "B": {"monsters": [{"id": "leo", "card": "leo_wizard", "position": "defense",
                                "face_up": False}],
                  "spell_traps": [{"id": "zero", "card": "zero_gravity"}]}},
        "start": {"moment": "battle_step"}, "scope": "end_of_battle_phase"})
    state = play(eng, ["A pass"], settle_end=False)
    assert eng.to_move(state) is B
    assert forbidden_by(eng, state, "zero", "activate") == "could_not_apply"


def test_r99_threatening_roar_cannot_be_activated_in_its_controllers_own_turn(tmp_path) -> None:
    eng = _engine(tmp_path, {
        "turn_player": "B",
        "players": {"A": {"monsters": [{"id": "elf", "card": "gemini_elf"}]},
                    "B": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": [{"id": "roar", "card": "threatening_roar"}]}},
        "start": {"moment": "battle_step"}, "scope": "end_of_battle_phase"})
    state = eng.start().state
    assert forbidden_by(eng, state, "roar", "activate") == "could_not_apply"


def test_r99_honest_waits_until_the_attacked_monster_is_face_up(tmp_path) -> None:
    eng = _engine(tmp_path, {
        "turn_player": "B",
        "players": {"A": {"monsters": [{"id": "elf", "card": "gemini_elf", "position": "defense",
                                        "face_up": False}]},
                    "B": {"monsters": [{"id": "mystical_elf", "card": "mystical_elf"}],
                          "hand": [{"id": "honest", "card": "honest"}]}},
        "start": {"moment": "attack_declared", "attacker": "mystical_elf", "target": "elf"},
        "scope": "end_of_battle"})
    state = pass_until(eng, eng.start().state,
                       lambda s: s.window.step is Step.DAMAGE_STEP_START)
    assert forbidden_by(eng, state, "honest", "gain") == "could_not_apply"
    state = pass_until(eng, state, lambda s: s.window.step is Step.BEFORE_DAMAGE_CALCULATION)
    assert monster(state, "elf").face_up  # flipped (R48): now its ATK can be copied
    assert forbidden_by(eng, state, "honest", "gain") is None


def test_r99_kuriboh_only_in_a_damage_calculation_where_its_controller_takes_damage() -> None:
    eng = Engine(_shrink_honest_kuriboh(), "seed")
    state = pass_until(eng, eng.start().state,
                       lambda s: s.window.step is Step.DURING_DAMAGE_CALCULATION)
    assert _problem(eng, state, "kuriboh", "no_damage") is None  # 2500 against 1400
    eng2 = Engine(_shrink_honest_kuriboh(), "seed")
    state = pass_until(eng2, eng2.start().state,
                       lambda s: s.window.step is Step.DAMAGE_STEP_START)
    state = play(eng2, ["B activate honest.gain"], state, settle_end=False)
    state = pass_until(eng2, state, lambda s: s.window.step is Step.DURING_DAMAGE_CALCULATION)
    assert monster(state, "mystical_elf").stats.atk > monster(state, "summoned_skull").stats.atk
    assert _problem(eng2, state, "kuriboh", "no_damage") == "quick_effects"  # B takes none (R5)


def _problem(eng: Engine, state, card: str, effect: str) -> str | None:  # noqa: ANN001
    """The R-rule forbidding the activation now, priority aside."""
    from gamebook.rules.timing import activation_problem

    owner = eng.owners[card]
    found = activation_problem(eng.rules, state, owner, card,
                               eng.rules.effect_of(state, card, effect), need_priority=False)
    return found[0] if found else None


def _shrink_honest_kuriboh():  # noqa: ANN202
    from rules_helpers import ROOT

    from gamebook.situation import load_situation

    return load_situation(ROOT / "examples" / "shrink_honest_kuriboh.yaml")


# -- R100 and R26: Battle Fader ----------

def _two_faders(tmp_path) -> Engine:  # noqa: ANN001
    return _engine(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"hand": [{"id": "fader_1", "card": "battle_fader"},
                                   {"id": "fader_2", "card": "battle_fader"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull"},
        "scope": "end_of_battle_phase"})


def test_r26_only_one_battle_fader_for_the_same_attack(tmp_path) -> None:
    eng = _two_faders(tmp_path)
    state = play(eng, ["B activate fader_1.summon_and_end"], settle_end=False)
    assert forbidden_by(eng, state, "fader_2", "summon_and_end") == "once_per_turn"
    assert not any(a.card == "fader_2" for a in eng.legal_actions(state, every_card=True))


def test_r100_battle_fader_summoned_by_its_effect_is_banished_when_it_leaves(tmp_path) -> None:
    eng = _two_faders(tmp_path)
    state, events = play_events(eng, ["B activate fader_1.summon_and_end", "B end_placement",
                                      "B select fader_1.summon_and_end -> defense"],
                                settle_end=False)
    assert "special_summoned" in kinds(events)
    assert state.lasting_on("fader_1", BANISHED_IF_LEAVES) is not None
    gone, events = leave_field(eng.rules, state, "fader_1", "destroyed")
    assert [g.id for g in gone.banished] == ["fader_1"]
    assert all(g.id != "fader_1" for g in gone.graveyard)
    assert first(events, "banished").card == "fader_1"


# -- R59 and R18: Gravekeeper's Assailant ----------

def test_r59_gravekeepers_assailant_cannot_target_a_link_monster(tmp_path) -> None:
    eng = _engine(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "keeper", "card": "gravekeepers_assailant"}],
                          "spell_traps": [{"id": "valley", "card": "necrovalley",
                                           "face_up": True, "zone": "field"}]},
                    "B": {"monsters": [{"id": "linkuriboh", "card": "linkuriboh"}]}},
        "start": {"moment": "attack_declared", "attacker": "keeper", "target": "linkuriboh"},
        "scope": "end_of_battle"})
    state = eng.start().state
    # no legal target: the trigger is not placed (R23)
    assert [t.card for t in state.window.triggers] == ["linkuriboh"]
    assert forbidden_by(eng, state, "keeper", "position_change") == "battle_positions"


def test_r18_the_position_change_does_nothing_to_a_target_turned_face_down(tmp_path) -> None:
    eng = _engine(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "keeper", "card": "gravekeepers_assailant"}],
                          "spell_traps": [{"id": "valley", "card": "necrovalley",
                                           "face_up": True, "zone": "field"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [{"id": "moon", "card": "book_of_moon"}]}},
        "start": {"moment": "attack_declared", "attacker": "keeper", "target": "elf"},
        "scope": "end_of_battle"})
    state, events = play_events(eng, ["A activate keeper.position_change -> elf",
                                      "B activate moon.activate -> elf", "A pass", "B pass"],
                                settle_end=False)
    elf = monster(state, "elf")
    assert (elf.face_up, elf.position.value) == (False, "defense")  # not flipped up again
    skipped = [e for e in events if e.kind == "not_applied" and e.card == "keeper"]
    assert [e.get("why") for e in skipped] == ["no_longer_face_up"]


# -- R48, R84: the Damage Step's flip goes through the stat model ----------

def test_r84_a_monster_flipped_up_in_the_damage_step_keeps_the_atk_it_gains_afterwards() -> None:
    eng = engine("field_book_of_moon_rush")
    state = play(eng, ["B activate book_of_moon.activate -> leo_wizard", "A pass", "B pass"],
                 settle_end=False)
    state = pass_until(eng, state, lambda s: s.window.step is Step.BEFORE_DAMAGE_CALCULATION)
    leo = monster(state, "leo_wizard")
    assert leo.face_up and leo.stats.face_up
    state = play(eng, ["B activate rush.activate -> leo_wizard"], state, settle_end=False)
    state = play(eng, ["A pass", "B pass"], state, settle_end=False)
    assert monster(state, "leo_wizard").stats.atk == 1350 + 700


# -- primitives accept only their own parameters ----------

def test_a_step_with_a_parameter_of_another_op_is_an_error_naming_both(tmp_path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("id: bad\nnames: {en: Bad}\ncard_type: trap\nspell_trap_type: normal\n"
                    "effects:\n  - id: activate\n    kind: activate\n    resolution:\n"
                    "      - {op: destroy, who: attacker, amount: 500}\n", encoding="utf-8")
    from gamebook.cards.library import load_library
    from gamebook.rules.mechanics import check_library

    library = load_library((tmp_path,))  # the card model reads it; its verb refuses it
    with pytest.raises(InputError) as caught:
        check_library(library)
    message = str(caught.value)
    assert "'amount' is not a parameter of destroy" in message and ":9:" in message


# -- R104: unaffected by other Spell/Trap effects ----------------------------------------------

LANCE = "A activate forbidden_lance.activate -> summoned_skull"


def _lance_engine() -> Engine:
    from rules_helpers import ROOT

    from gamebook.situation import load_situation

    return Engine(load_situation(ROOT / "examples" / "forbidden_lance_mirror_force.yaml"), "seed")


def test_r104_mirror_force_destroys_the_others_and_not_the_lances_target() -> None:
    eng = _lance_engine()
    state, events = play_events(eng, ["A pass", "B activate mirror_force.activate", LANCE,
                                      "B pass", "A pass"], settle_end=False)
    skull = monster(state, "summoned_skull")
    assert skull is not None and skull.stats.atk == 2500 - 800
    assert state.monster("gemini_elf") is None  # destroyed by Mirror Force
    skipped = [e for e in events if e.kind == "not_applied" and e.card == "mirror_force"]
    assert [(e.target, e.get("why")) for e in skipped] == [("summoned_skull", "unaffected")]


def test_r104_sakuretsu_armor_does_nothing_to_the_unaffected_attacker() -> None:
    eng = _lance_engine()
    state, events = play_events(eng, ["A pass",
                                      "B activate sakuretsu_armor.activate -> summoned_skull",
                                      LANCE, "B pass", "A pass"], settle_end=False)
    assert monster(state, "summoned_skull") is not None
    assert not any(e.kind == "destroyed" and e.card == "summoned_skull" for e in events)


def test_r104_the_lances_own_atk_loss_applies_to_its_target() -> None:
    eng = _lance_engine()
    state = play(eng, ["A pass", "B activate mirror_force.activate", LANCE, "B pass",
                       "A pass"], settle_end=False)
    assert state.lasting_on("summoned_skull", UNAFFECTED).source == "forbidden_lance"
