"""The calls the rules engine makes for the model battle (Borrelsword Dragon vs Linkuriboh).

These pin the contract between ``gamebook.stats.block`` and the engine: names, signatures,
immutability and the numbers of the model battle.
"""

from __future__ import annotations

import dataclasses

import pytest

from gamebook.stats import Operation, Stat, StatBlock, StatClass


def borrelsword() -> StatBlock:
    return StatBlock.printed(3000, None)


def linkuriboh() -> StatBlock:
    return StatBlock.printed(300, None, level=None)


def test_printed_link_monsters_have_no_def() -> None:
    block = borrelsword()
    assert (block.atk, block.def_, block.original_atk, block.original_def) == (3000, None,
                                                                               3000, None)


def test_borrelsword_gains_half_of_the_target_atk() -> None:
    target = linkuriboh()
    h = (target.atk + 1) // 2
    gained = borrelsword().apply(StatClass.DELTA_ONCE, (Stat.ATK,), Operation.add(h),
                                 source="borrelsword:atk_gain", duration="end_of_turn")
    assert gained.atk == 3150
    assert gained.original_atk == 3000
    assert gained.end_duration("end_of_turn").atk == 3000


def test_the_target_atk_becomes_half() -> None:
    halved = linkuriboh().apply(StatClass.ASET, (Stat.ATK,), Operation.half("up"),
                                source="borrelsword:atk_gain", duration="end_of_turn")
    assert halved.atk == 150
    assert halved.original_atk == 300
    assert halved.end_duration("end_of_turn").atk == 300


def test_linkuriboh_zero_then_borrelsword_gain_adds_on_top_r77() -> None:
    zero = borrelsword().apply(StatClass.ASET, (Stat.ATK,), Operation.become(0),
                               source="linkuriboh:zero_atk", duration="end_of_turn")
    assert zero.atk == 0
    gained = zero.apply(StatClass.DELTA_ONCE, (Stat.ATK,), Operation.add(150),
                        source="borrelsword:atk_gain", duration="end_of_turn")
    assert gained.atk == 150
    assert gained.end_duration("end_of_turn").atk == 3000


def test_gain_then_linkuriboh_zero_wipes_the_gain_r78() -> None:
    gained = borrelsword().apply(StatClass.DELTA_ONCE, (Stat.ATK,), Operation.add(150),
                                 source="borrelsword:atk_gain", duration="end_of_turn")
    zero = gained.apply(StatClass.ASET, (Stat.ATK,), Operation.become(0),
                        source="linkuriboh:zero_atk", duration="end_of_turn")
    assert zero.atk == 0
    assert zero.remove_source("linkuriboh").atk == 0  # Linkuriboh was Tributed: still 0
    assert zero.end_duration("end_of_turn").atk == 3000


def test_records_are_immutable_hashable_and_canonical() -> None:
    a = borrelsword().apply(StatClass.DELTA_ONCE, (Stat.ATK,), Operation.add(150),
                            source="borrelsword:atk_gain", duration="end_of_turn")
    b = borrelsword().apply(StatClass.DELTA_ONCE, (Stat.ATK,), Operation.add(150),
                            source="borrelsword:atk_gain", duration="end_of_turn")
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.printed_atk = 1  # type: ignore[misc]
    assert a.end_duration("end_of_turn") == borrelsword()


def test_negate_unnegate_face_down_exist() -> None:
    block = linkuriboh()
    assert block.negate("linkuriboh").unnegate("linkuriboh") == block
    assert block.face_down().atk == 300
