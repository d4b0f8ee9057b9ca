"""One test (or a few) per R-rule of RULES.md §E, through the StatBlock API."""

from __future__ import annotations

import pytest

from gamebook.stats import (
    END_OF_DAMAGE_CALCULATION,
    END_OF_DAMAGE_STEP,
    END_OF_TURN,
    Expr,
    Operation,
    Stat,
    StatBlock,
    StatBoard,
    StatClass,
    StatRules,
    StatsError,
)
from gamebook.stats import TimelineApplication as Application

ATK, DEF, LEVEL = (Stat.ATK,), (Stat.DEF,), (Stat.LEVEL,)
BOTH = (Stat.ATK, Stat.DEF)
C = StatClass


def mon(atk: int | str = 1000, def_: int | str | None = 1000, level: int | None = 4,
        rules: StatRules | None = None) -> StatBlock:
    return StatBlock.printed(atk, def_, level, rules=rules or StatRules())


def stats(block: StatBlock) -> tuple[int | None, int | None]:
    return block.atk, block.def_


# R70 -------------------------------------------------------------------------------------

def test_r70_a_raise_never_changes_the_original() -> None:
    block = mon(1000).apply(C.DELTA_ONCE, ATK, Operation.add(500), source="spell")
    assert (block.atk, block.original_atk) == (1500, 1000)


def test_r70_atk_and_def_are_computed_independently() -> None:
    block = mon(1000, 800).apply(C.ASET, ATK, Operation.become(0), source="x")
    block = block.apply(C.DELTA_CONT, DEF, Operation.add(300), source="equip")
    assert stats(block) == (0, 1100)


def test_r70_effects_do_not_touch_a_face_down_monster() -> None:
    block = mon(1000).face_down()
    assert block.apply(C.AORIG, ATK, Operation.half(), source="shrink") == block


# R71 -------------------------------------------------------------------------------------

def test_r71_every_class_exists_and_rejects_a_wrong_operation() -> None:
    assert {c.value for c in StatClass} == {"delta_once", "delta_cont", "aset", "aorig",
                                            "cset", "corig", "orig_once", "final", "dc_once"}
    with pytest.raises(StatsError, match="cannot be used with class"):
        mon().apply(C.DELTA_ONCE, ATK, Operation.become(0), source="x")
    with pytest.raises(StatsError, match="swap affects exactly ATK and DEF"):
        mon().apply(C.ASET, ATK, Operation.swap(), source="x")


# R72 -------------------------------------------------------------------------------------

def test_r72_a_continuous_effect_stops_when_negated_and_returns_after() -> None:
    block = mon("?", "?").apply(C.DELTA_CONT, BOTH, Operation.add("1000 * hand"),
                                source="slifer:hand").with_input("hand", 3)
    assert stats(block) == (3000, 3000)
    assert stats(block.negate("slifer")) == (0, 0)
    assert stats(block.negate("slifer").unnegate("slifer")) == (3000, 3000)


def test_r72_materials_based_original_is_applied_once_and_not_restored() -> None:
    block = mon("?", None, None).with_input("materials", 4).apply(
        C.ORIG_ONCE, ATK, Operation.become("800 * materials"), source="apollousa:materials")
    assert block.atk == 3200
    assert block.with_input("materials", 1).atk == 3200  # fixed at the summon
    negated = block.negate("apollousa")
    assert negated.atk == 0
    assert negated.unnegate("apollousa").atk == 0


# R73 -------------------------------------------------------------------------------------

def test_r73_raises_and_lowers_accumulate() -> None:
    block = mon(1000)
    block = block.apply(C.DELTA_ONCE, ATK, Operation.add(700), source="rush")
    block = block.apply(C.DELTA_CONT, ATK, Operation.add(1000), source="axe")
    block = block.apply(C.DELTA_ONCE, ATK, Operation.add(-800), source="lance")
    assert block.atk == 1900


# R74 -------------------------------------------------------------------------------------

def test_r74_shown_as_zero_but_the_deficit_is_kept() -> None:
    block = mon(800).apply(C.DELTA_ONCE, ATK, Operation.add(-1000), source="shark_drake")
    assert block.atk == 0
    assert block.values().pre_final_atk == 0
    assert block.apply(C.DELTA_ONCE, ATK, Operation.add(700), source="rush").atk == 500


def test_r74_the_amount_actually_lost_is_the_clamped_one() -> None:
    before = mon(1000)
    after = before.apply(C.DELTA_ONCE, ATK, Operation.add(-1500), source="lowering")
    assert before.atk - after.atk == 1000


# R75 -------------------------------------------------------------------------------------

def test_r75_zero_can_be_lowered_further_and_levels_stop_at_1() -> None:
    block = mon(0).apply(C.DELTA_ONCE, ATK, Operation.add(-800), source="lance")
    assert block.atk == 0
    low = mon(level=2).apply(C.DELTA_ONCE, LEVEL, Operation.add(-3), source="x")
    assert (low.level, low.original_level) == (1, 2)


def test_r75_requires_full_decrease_is_a_query() -> None:
    assert not mon(400).can_decrease_fully(Stat.ATK, 500)
    assert mon(500).can_decrease_fully(Stat.ATK, 500)


# R76 -------------------------------------------------------------------------------------

def test_r76_halving_rounds_half_up() -> None:
    block = mon(2450).apply(C.ASET, ATK, Operation.half(), source="a")
    assert block.atk == 1225
    assert block.apply(C.ASET, ATK, Operation.half(), source="b").atk == 613


def test_r76_half_and_double_of_zero_are_zero() -> None:
    assert mon(0).apply(C.ASET, ATK, Operation.half(), source="cubic_wave").atk == 0
    assert mon(0).apply(C.ASET, ATK, Operation.double(), source="double").atk == 0


# R77 -------------------------------------------------------------------------------------

def test_r77_an_aset_erases_earlier_changes_for_good() -> None:
    block = mon(1900, 1300).apply(C.DELTA_CONT, ATK, Operation.add(1000), source="axe")
    block = block.apply(C.ASET, BOTH, Operation.swap(), source="inverse_universe")
    assert stats(block) == (1300, 2900)
    assert stats(block.remove_source("axe")) == (1300, 2900)
    assert stats(block.negate("axe")) == (1300, 2900)


def test_r77_later_changes_apply_on_top_and_the_original_is_untouched() -> None:
    block = mon(1800).apply(C.ASET, ATK, Operation.become(0), source="lunalight")
    block = block.apply(C.DELTA_ONCE, ATK, Operation.add(500), source="reinforcements")
    assert (block.atk, block.original_atk) == (500, 1800)


def test_r77_even_the_monsters_own_effects_are_erased() -> None:
    block = mon("?", "?").apply(C.DELTA_CONT, BOTH, Operation.add(2800), source="drident")
    block = block.apply(C.ASET, ATK, Operation.half(), source="number_102")
    assert stats(block.negate("drident")) == (1400, 0)


# R78 -------------------------------------------------------------------------------------

def test_r78_a_timed_aset_suspends_then_only_continuous_ones_resume() -> None:
    block = mon(2000)
    block = block.apply(C.DELTA_ONCE, ATK, Operation.add(-800), source="apollousa")
    block = block.apply(C.DELTA_CONT, ATK, Operation.add(300), source="equip")
    block = block.apply(C.ASET, ATK, Operation.become(0), source="linkuriboh",
                        duration=END_OF_TURN)
    assert block.atk == 0
    assert block.end_duration(END_OF_TURN).atk == 2300  # the equip resumes, −800 is gone


def test_r78_a_cset_resumes_after_a_timed_aset() -> None:
    block = mon(1000).apply(C.CSET, ATK, Operation.become(100), source="shackles")
    block = block.apply(C.ASET, ATK, Operation.half(), source="half_shut",
                        duration=END_OF_TURN)
    assert block.atk == 50
    assert block.end_duration(END_OF_TURN).atk == 100


# R79 -------------------------------------------------------------------------------------

def test_r79_aorig_acts_on_the_current_original_and_raises_reapply() -> None:
    block = mon(200).apply(C.AORIG, ATK, Operation.half(), source="shrink")
    assert block.original_atk == 100
    raised = mon(1000).apply(C.DELTA_ONCE, ATK, Operation.add(500), source="spell")
    assert raised.apply(C.AORIG, ATK, Operation.half(), source="shrink").atk == 1000


def test_r79_aorig_discards_earlier_asets_and_csets_recompute() -> None:
    block = mon(3000).apply(C.ASET, ATK, Operation.become(0), source="ghost")
    assert block.apply(C.AORIG, ATK, Operation.half(), source="shrink").atk == 1500
    mega = mon(3000).apply(C.CSET, ATK, Operation.become_original(2), source="megamorph")
    assert mega.apply(C.AORIG, ATK, Operation.half(), source="shrink").atk == 3000


# R80 -------------------------------------------------------------------------------------

def test_r80_when_a_timed_aorig_ends_older_once_setters_do_not_return() -> None:
    block = mon("?", None, None).with_input("materials", 4).apply(
        C.ORIG_ONCE, ATK, Operation.become("800 * materials"), source="apollousa:materials")
    for index in range(3):
        block = block.apply(C.DELTA_ONCE, ATK, Operation.add(-800), source=f"apollousa:{index}")
    assert block.atk == 800
    shrunk = block.apply(C.AORIG, ATK, Operation.half(), source="shrink", duration=END_OF_TURN)
    assert (shrunk.atk, shrunk.original_atk) == (0, 1600)
    ended = shrunk.end_duration(END_OF_TURN)
    assert (ended.atk, ended.original_atk) == (0, 0)
    assert ended.apply(C.DELTA_ONCE, ATK, Operation.add(3000), source="x").atk == 600


def test_r80_discarded_asets_do_not_return() -> None:
    block = mon(1000, 2000).apply(C.ASET, BOTH, Operation.swap(), source="swap")
    block = block.apply(C.AORIG, ATK, Operation.half(), source="shrink", duration=END_OF_TURN)
    assert stats(block) == (500, 1000)
    assert stats(block.end_duration(END_OF_TURN)) == (1000, 1000)


# R81 -------------------------------------------------------------------------------------

def test_r81_question_mark_is_zero_face_up_and_face_down() -> None:
    assert stats(mon("?", "?")) == (0, 0)
    assert stats(mon("?", "?").face_down()) == (0, 0)


def test_r81_original_pipeline_in_start_order() -> None:
    block = mon("?", 0).with_input("n", 6).apply(C.CORIG, ATK, Operation.become("1000 * n"),
                                                 source="king:own")
    block = block.apply(C.AORIG, ATK, Operation.half(), source="shrink")
    assert block.original_atk == 3000
    assert block.with_input("n", 8).original_atk == 4000
    assert block.negate("king").original_atk == 0


# R82 -------------------------------------------------------------------------------------

def test_r82_latest_cset_wins_and_continuous_raises_stay_on_top() -> None:
    block = mon(2100).apply(C.DELTA_CONT, ATK, Operation.add(200), source="scrap_factory")
    block = block.apply(C.CSET, ATK, Operation.become_original(2), source="megamorph")
    assert block.atk == 4400
    block = block.apply(C.CSET, ATK, Operation.become(100), source="shackles")
    assert block.atk == 300
    assert block.remove_source("shackles").atk == 4400


def test_r82_activated_raises_before_a_cset_are_hidden_then_return() -> None:
    block = mon(2500).apply(C.DELTA_ONCE, ATK, Operation.add(700), source="rush",
                            duration=END_OF_TURN)
    block = block.apply(C.CSET, ATK, Operation.become_original(2), source="megamorph")
    assert block.atk == 5000
    assert block.remove_source("megamorph").atk == 3200


def test_r82_a_cset_never_erases_anything() -> None:
    block = mon(3000).apply(C.ASET, ATK, Operation.half(), source="black_garden")
    block = block.apply(C.CSET, ATK, Operation.become_original(2), source="megamorph")
    assert block.atk == 6000
    assert block.remove_source("megamorph").atk == 1500


# R83 -------------------------------------------------------------------------------------

def test_r83_a_corig_already_applying_is_overridden_by_an_aset_for_good() -> None:
    block = mon("?", 0).with_input("dinos", 5).apply(
        C.CORIG, ATK, Operation.become("1000 * dinos"), source="tyranno:own")
    block = block.apply(C.ASET, ATK, Operation.half(), source="black_garden")
    assert block.with_input("dinos", 9).atk == 2500


def test_r83_a_later_corig_becomes_overrides_an_aset_while_it_applies() -> None:
    block = mon(3600).apply(C.ASET, ATK, Operation.become(0), source="ghost")
    attacking = block.apply(C.CORIG, ATK, Operation.half(), source="stealth_union:halving",
                            duration=END_OF_DAMAGE_STEP)
    assert attacking.atk == 1800
    assert attacking.end_duration(END_OF_DAMAGE_STEP).atk == 0


def test_r83_a_later_corig_swap_does_not_change_the_aset_stat() -> None:
    block = mon(3000, 2500).apply(C.ASET, ATK, Operation.half(), source="black_garden")
    block = block.apply(C.CORIG, BOTH, Operation.swap(), source="ojama_country")
    assert stats(block) == (1500, 3000)
    assert (block.original_atk, block.original_def) == (2500, 3000)


def test_r83_raises_reapply_after_a_corig_swap() -> None:
    block = mon(400, 1800).apply(C.DELTA_ONCE, ATK, Operation.add(700), source="rush")
    block = block.apply(C.CORIG, BOTH, Operation.swap(), source="naturia_beetle")
    assert stats(block) == (2500, 400)


# R84 -------------------------------------------------------------------------------------

def test_r84_self_only_activated_change_is_undone_by_negation() -> None:
    block = mon(3000).apply(C.DELTA_ONCE, ATK, Operation.add(500), source="pendragon:discard",
                            reverts_on_negation=True)
    assert block.negate("pendragon").atk == 3000


def test_r84_a_cost_is_not_undone_but_face_down_clears_everything() -> None:
    block = mon(3000).apply(C.DELTA_ONCE, ATK, Operation.add(-1000), source="desire:cost")
    assert block.negate("desire").atk == 2000
    flipped = block.face_down()
    assert (flipped.atk, flipped.applications, flipped.face_up) == (3000, (), False)
    assert flipped.flip_face_up().atk == 3000


def test_r84_equip_leaving_removes_its_changes_erased_stays_erased() -> None:
    block = mon(1000).apply(C.DELTA_CONT, ATK, Operation.add(500), source="equip")
    assert block.remove_source("equip").atk == 1000
    block = block.apply(C.ASET, ATK, Operation.become(0), source="aset")
    assert block.remove_source("equip").atk == 0
    assert block.negate("aset").atk == 0


def test_r84_leaving_source_keeps_applied_once_results() -> None:
    block = mon(1000).apply(C.DELTA_ONCE, ATK, Operation.add(500), source="lance")
    assert block.remove_source("lance").atk == 1500


# R85 -------------------------------------------------------------------------------------

def test_r85_gains_the_same_original_is_kept_becomes_the_same_is_undone() -> None:
    phantom = mon(0, 0).apply(C.AORIG, ATK, Operation.become(3000), source="phantom:copy")
    assert phantom.negate("phantom").atk == 3000
    blazeman = mon(1200, 1800).apply(C.ASET, BOTH, Operation.become(2000),
                                     source="blazeman:copy", reverts_on_negation=True)
    assert stats(blazeman) == (2000, 2000)
    assert stats(blazeman.negate("blazeman")) == (1200, 1800)


# R86 -------------------------------------------------------------------------------------

def test_r86_own_level_change_reverts_other_cards_level_change_does_not() -> None:
    riser = mon(level=7).apply(C.DELTA_ONCE, LEVEL, Operation.add(-3),
                               source="riser:level", reverts_on_negation=True)
    assert riser.level == 4 and riser.negate("riser").level == 7
    sister = mon(level=4).apply(C.DELTA_ONCE, LEVEL, Operation.add(2), source="gagaga_sister")
    assert sister.negate("gagaga_sister").level == 6


def test_r86_level_feeds_a_cset() -> None:
    block = mon("?", "?", 5).apply(C.CSET, BOTH, Operation.become("level * 400"),
                                   source="fortune_lady")
    block = block.apply(C.DELTA_ONCE, ATK, Operation.add(700), source="rush")
    assert block.atk == 2700
    assert block.apply(C.DELTA_ONCE, LEVEL, Operation.add(1), source="standby").atk == 3100


def test_r86_monsters_without_a_level_ignore_level_changes() -> None:
    block = mon(2500, None, None)
    assert block.apply(C.DELTA_ONCE, LEVEL, Operation.add(1), source="x") == block


# R87 -------------------------------------------------------------------------------------

def test_r87_text_order_half_then_negate_versus_negate_then_half() -> None:
    drident = mon("?", "?").apply(C.DELTA_CONT, ATK, Operation.add(2800), source="drident")
    drident = drident.apply(C.DELTA_CONT, DEF, Operation.add(400), source="drident")
    half_then_negate = drident.apply(C.ASET, ATK, Operation.half(), source="n102")
    half_then_negate = half_then_negate.negate("drident")
    negate_then_half = drident.negate("drident").apply(C.ASET, ATK, Operation.half(),
                                                       source="n102")
    assert stats(half_then_negate) == (1400, 0)
    assert stats(negate_then_half) == (0, 0)


# R88 -------------------------------------------------------------------------------------

def test_r88_simultaneous_own_effect_first_then_power_bond() -> None:
    board = StatBoard(inputs=(("materials", 3),)).with_monster(
        "overdragon", StatBlock.printed("?", "?", 9))
    power_bond = Application("overdragon", C.DELTA_ONCE, ATK, Operation.add("original_atk"),
                             "power_bond", origin="summoning_effect")
    own = Application("overdragon", C.ORIG_ONCE, BOTH, Operation.become("800 * materials"),
                      "overdragon:own", origin="own")
    board = board.apply_simultaneously([power_bond, own])
    assert board.values("overdragon").atk == 4800
    in_time_order = StatBoard(inputs=(("materials", 3),)).with_monster(
        "overdragon", StatBlock.printed("?", "?", 9)).apply(power_bond).apply(own)
    assert in_time_order.values("overdragon").atk == 2400


# R89 -------------------------------------------------------------------------------------

def _crashbug(rules: StatRules) -> StatBlock:
    block = mon(0, 3000, rules=rules)
    block = block.apply(C.FINAL, BOTH, Operation.swap(), source="crashbug",
                        final_rank="super_crashbug")
    block = block.apply(C.FINAL, ATK, Operation.half(), source="gaia_plate",
                        final_rank="gaia_plate")
    return block.apply(C.FINAL, ATK, Operation.half(), source="mirror_wall",
                       final_rank="mirror_wall")


def test_r89_final_effects_apply_in_the_listed_order_not_in_time_order() -> None:
    assert stats(_crashbug(StatRules())) == (3000, 0)


def test_r89_unlisted_pairs_follow_time_order_or_the_option() -> None:
    block = mon(1000).apply(C.FINAL, ATK, Operation.half(), source="a")
    block = block.apply(C.FINAL, ATK, Operation.add(200), source="b")
    assert block.atk == 700
    reverse = mon(1000, rules=StatRules(final_unlisted_order="reverse_time"))
    reverse = reverse.apply(C.FINAL, ATK, Operation.half(), source="a")
    reverse = reverse.apply(C.FINAL, ATK, Operation.add(200), source="b")
    assert reverse.atk == 600


def test_r89_final_reapplies_after_every_change() -> None:
    block = mon(2500).apply(C.FINAL, ATK, Operation.double(), source="mahad")
    block = block.apply(C.ASET, ATK, Operation.half(), source="half_shut")
    assert (block.atk, block.values().pre_final_atk) == (5000, 2500)


def test_r89_a_custom_order_list() -> None:
    rules = StatRules(final_order=(("gaia_plate", "mirror_wall"),))
    block = mon(1000, rules=rules)
    block = block.apply(C.FINAL, ATK, Operation.add(100), source="m", final_rank="mirror_wall")
    block = block.apply(C.FINAL, ATK, Operation.half(), source="g", final_rank="gaia_plate")
    assert block.atk == 600


# R90 -------------------------------------------------------------------------------------

def test_r90_damage_step_becomes_falls_back_to_the_fixed_value() -> None:
    block = mon(2800).apply(C.FINAL, ATK, Operation.become_original(2), source="granted",
                            duration=END_OF_DAMAGE_STEP)
    block = block.apply(C.ASET, ATK, Operation.half(), source="half_shut", duration=END_OF_TURN)
    assert block.atk == 5600
    assert block.end_duration(END_OF_DAMAGE_STEP).atk == 2800


def test_r90_damage_step_original_change_is_an_ordinary_corig() -> None:
    block = mon(3600).apply(C.CORIG, ATK, Operation.half(), source="stealth_union")
    block = block.apply(C.CORIG, ATK, Operation.become(200), source="cats_ear_tribe")
    assert block.atk == 200
    blue_eyes = mon(3000).apply(C.CORIG, ATK, Operation.become(200), source="cats_ear")
    assert blue_eyes.apply(C.AORIG, ATK, Operation.half(), source="shrink").atk == 100


# R91 / R92 -------------------------------------------------------------------------------

def test_r91_dc_once_applies_once_at_the_start_of_damage_calculation() -> None:
    block = mon(2100).apply(C.DC_ONCE, ATK, Operation.add(1000), source="skyscraper",
                            duration=END_OF_DAMAGE_CALCULATION)
    assert block.atk == 2100  # waiting
    block = block.begin_damage_calculation()
    assert block.atk == 3100
    halved = block.apply(C.ASET, ATK, Operation.half(), source="halving")
    assert halved.atk == 1550
    assert halved.end_damage_calculation().atk == 1550


def test_r91_dc_once_never_reached_goes_away() -> None:
    block = mon(2100).apply(C.DC_ONCE, ATK, Operation.add(1000), source="skyscraper")
    assert block.remove_source("skyscraper") == mon(2100)


def test_r92_dc_once_before_the_chain_final_after() -> None:
    block = mon(1000).apply(C.FINAL, ATK, Operation.half(), source="dreadroot",
                            final_rank="wicked_dreadroot")
    block = block.apply(C.DC_ONCE, ATK, Operation.add(1000), source="vampire_kingdom")
    block = block.begin_damage_calculation()
    assert block.atk == 1000  # (1000 + 1000) / 2: the Wicked God acts last


# R94 -------------------------------------------------------------------------------------

def test_r94_erasure_is_per_stat() -> None:
    block = mon(1000, 2000).apply(C.ASET, BOTH, Operation.swap(), source="inverse_universe")
    block = block.apply(C.AORIG, ATK, Operation.half(), source="shrink")
    assert stats(block) == (500, 1000)  # the DEF snapshot survives
    eiza = mon("?", "?").apply(C.CSET, BOTH, Operation.become(4000), source="da_eiza")
    eiza = eiza.apply(C.ASET, ATK, Operation.half(), source="droplet")
    assert stats(eiza) == (2000, 4000)
    assert stats(eiza.negate("da_eiza")) == (2000, 0)


# R95 -------------------------------------------------------------------------------------

def test_r95_snapshots_use_displayed_values_including_final() -> None:
    board = StatBoard().with_monster("labrynth", StatBlock.printed(3300, 2900, 10))
    board = board.with_monster("avramax", StatBlock.printed(3000, None))
    board = board.apply(Application("labrynth", C.FINAL, ATK,
                                    Operation.add(Expr.stat("atk", "avramax") / 2), "metalmorph"))
    assert board.values("labrynth").atk == 4800
    board = board.apply(Application("labrynth", C.ASET, ATK, Operation.half(), "hedge_guard"))
    assert board.values("labrynth").atk == 3900


def test_r95_records_are_canonical() -> None:
    a = mon().apply(C.DELTA_ONCE, ATK, Operation.add(1), source="x", duration=END_OF_TURN)
    a = a.apply(C.DELTA_ONCE, ATK, Operation.add(2), source="y")
    b = mon().apply(C.DELTA_ONCE, ATK, Operation.add(2), source="y")
    assert a.end_duration(END_OF_TURN) == b and hash(a.end_duration(END_OF_TURN)) == hash(b)


def test_r95_circular_definitions_are_reported() -> None:
    board = StatBoard().with_monster("a", mon()).with_monster("b", mon())
    board = board.apply(Application("a", C.CSET, ATK, Operation.become("b.atk"), "x"))
    with pytest.raises(ValueError, match="circular"):
        board.apply(Application("b", C.CSET, ATK, Operation.become("a.atk"), "y"))


# R96 -------------------------------------------------------------------------------------

def test_r96_1_two_shrinks_quarter_by_default_half_as_an_option() -> None:
    def twice(rules: StatRules) -> int:
        block = mon(1000, rules=rules)
        for name in ("shrink_1", "shrink_2"):
            block = block.apply(C.AORIG, ATK, Operation.half(), source=name)
        return block.atk

    assert twice(StatRules()) == 250
    assert twice(StatRules(stacked_original_halving="half")) == 500


def test_r96_3_a_corig_restarted_after_an_aset_counts_as_new_by_default() -> None:
    def restarted(rules: StatRules) -> int:
        block = mon(3600, rules=rules).apply(C.CORIG, ATK, Operation.become(1000),
                                             source="unstable_evolution")
        block = block.apply(C.ASET, ATK, Operation.become(0), source="ghost")
        assert block.atk == 0
        return block.condition_off("unstable_evolution").condition_on("unstable_evolution").atk

    assert restarted(StatRules()) == 1000
    assert restarted(StatRules(restart_counts_as_new_start=False)) == 0


def test_r96_4_a_cset_before_an_aorig_follows_the_new_original_by_default() -> None:
    def megamorph_then_shrink(rules: StatRules) -> int:
        block = mon(3000, rules=rules).apply(C.CSET, ATK, Operation.become_original(2),
                                             source="megamorph")
        return block.apply(C.AORIG, ATK, Operation.half(), source="shrink").atk

    assert megamorph_then_shrink(StatRules()) == 3000
    assert megamorph_then_shrink(StatRules(cset_follows_new_original=False)) == 6000


def test_r96_options_are_validated() -> None:
    with pytest.raises(StatsError):
        StatRules(stacked_original_halving="third")
    with pytest.raises(StatsError):
        StatRules(final_unlisted_order="random")


def test_r88_a_negation_in_force_applies_after_power_bond() -> None:
    """Chimeratech Overdragon summoned by Power Bond under Skill Drain: its own effect (1),
    Power Bond's gain (2), then Skill Drain (3) undoes the own effect; the gain stays."""
    board = StatBoard(inputs=(("materials", 3),)).declare_sources(["skill_drain"])
    board = board.with_monster("overdragon", StatBlock.printed("?", "?", 9))
    board = board.negate("overdragon")
    board = board.apply_simultaneously([
        Application("overdragon", C.DELTA_ONCE, ATK, Operation.add("original_atk"),
                    "power_bond", origin="summoning_effect"),
        Application("overdragon", C.ORIG_ONCE, BOTH, Operation.become("800 * materials"),
                    "overdragon:own", origin="own")])
    values = board.values("overdragon")
    assert (values.atk, values.def_, values.original_atk) == (2400, 0, 0)


def test_r84_magnum_shield_reads_the_other_stat() -> None:
    block = mon(1000, 2000).apply(C.DELTA_CONT, ATK, Operation.add("def"), source="magnum")
    assert stats(block) == (3000, 2000)
    assert block.apply(C.ASET, ATK, Operation.half(), source="gale").atk == 1500
    with pytest.raises(StatsError, match="circular"):
        _ = block.apply(C.DELTA_CONT, DEF, Operation.add("atk"), source="loop").atk


def test_r77_an_erased_application_leaves_the_record_but_not_the_explanation() -> None:
    gained = mon(3000, None, None).apply(C.DELTA_ONCE, ATK, Operation.add(150), source="gain",
                                         duration=END_OF_TURN)
    zero = gained.apply(C.ASET, ATK, Operation.become(0), source="linkuriboh")
    direct = mon(3000, None, None).apply(C.ASET, ATK, Operation.become(0), source="linkuriboh")
    assert zero == direct and hash(zero) == hash(direct)
    assert [v.status for v in zero.explain()] == ["erased", "active"]


def test_r62_question_mark_is_undetermined_off_the_field_and_zero_on_it() -> None:
    tragoedia = StatBlock.printed("?", "?", 10)
    assert tragoedia.off_field_value(Stat.ATK) is None  # Sangan cannot fetch it
    assert (tragoedia.atk, tragoedia.def_) == (0, 0)
    assert StatBlock.printed(1500, 1200, 4).off_field_value(Stat.ATK) == 1500
