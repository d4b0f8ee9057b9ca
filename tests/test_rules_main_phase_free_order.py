"""Free actions in either order (R152, issue 34): the turn player's Sets and changes of battle
position in Main Phase 1 start no chain and open no window, so two of them on different cards
reach the same game in either order; the explorer plays one order and the book says why on
the page the other order reaches. The states reached are the same with and without it."""

from __future__ import annotations

import pytest
from rules_helpers import A, engine, situation

from gamebook.book.pages import build_book
from gamebook.explore.explorer import explore
from gamebook.rules.actions import Action

NAME = "free_actions_main_phase"


@pytest.fixture(scope="module")
def both():
    return {flag: explore(situation(NAME), "seed", free_orders=flag) for flag in (True, False)}


def _states(exploration, terminal):
    return {exploration.state(node) for node, data in exploration.graph.nodes(data=True)
            if data["terminal"] is terminal}


def test_r152_the_merge_keeps_every_state_and_ending(both):
    merged, full = both[True], both[False]
    assert _states(merged, True) == _states(full, True)  # the endings
    assert _states(merged, False) == _states(full, False)  # the decision points
    assert merged.graph.number_of_edges() == full.graph.number_of_edges()
    assert merged.transitions < full.transitions  # the other orders are not played again


def test_r152_the_other_orders_choice_goes_to_the_first_orders_page(both):
    graph = both[True].graph
    marked = [data["free_order"] for _, _, data in graph.edges(data=True)
              if "free_order" in data]
    assert marked
    for made, before in marked:
        assert made.sort_key() < before.sort_key()  # made second, listed first
    pairs = {(str(made), str(before)) for made, before in marked}
    assert ("A set_spell_trap mystical_space_typhoon",
            "A set_spell_trap trap_hole") in pairs
    assert not any(str(data["action"]).startswith("A activate")
                   for _, _, data in graph.edges(data=True) if "free_order" in data)


def test_r152_the_page_says_the_order_cannot_matter(both):
    book = build_book(both[True], "en")
    lines = [line for page in book.pages for arrival in page.arrivals
             for line in arrival.lines]
    assert any(line.startswith("“Set Mystical Space Typhoon” after “Set Trap Hole” reaches "
                               "the same game as in the other order") and "(R152)" in line
               for line in lines), lines
    assert not any("R152" in line for line in
                   (line for page in build_book(both[False], "en").pages
                    for arrival in page.arrivals for line in arrival.lines))


def test_r152_which_actions_commute():
    eng = engine(NAME)
    state = eng.initial_state()
    mst = Action.parse("A set_spell_trap mystical_space_typhoon")
    hole = Action.parse("A set_spell_trap trap_hole")
    elf = Action.parse("A set_monster gemini_elf")
    leo = Action.parse("A change_position leo_wizard")
    activate = Action.parse("A activate mystical_space_typhoon.activate -> magic_jammer")
    assert all(eng.free_actions_commute(state, a, b) for a, b in
               ((mst, hole), (mst, elf), (elf, leo), (hole, leo)))
    assert not eng.free_actions_commute(state, activate)  # the opponent may answer it
    assert not eng.free_actions_commute(state, mst, activate)
    assert not eng.free_actions_commute(state, mst, mst)  # the same card
    assert A is state.turn_player
