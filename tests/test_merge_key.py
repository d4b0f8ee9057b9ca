"""Equal points are one page (docs/engine.md, "Equal points are one page").

The explorer merges on ``Engine.merge_key``: a decision point is its whole state (with stat
records canonical in what they can still affect), an ending is what its page shows. These
tests prove that merging loses nothing: explored with the plain state as the key, every
example reaches the same outcomes, and every page of that bigger book reads exactly like the
page its point was merged into; and no two endings of a book read the same any more.
"""

from __future__ import annotations

import pytest
from rules_helpers import ROOT

from gamebook.book.pages import build_book
from gamebook.explore.explorer import explore, explore_game
from gamebook.rules.actions import ActionKind
from gamebook.rules.engine import Engine
from gamebook.situation.load import load_situation
from gamebook.stats import Operation, Stat, StatBlock, StatClass

EXAMPLES = sorted(path.stem for path in (ROOT / "examples").glob("*.yaml"))


def _by_state(situation, preset: str):  # noqa: ANN001, ANN202 - the explorer without merge_key
    engine = Engine(situation, preset)
    start = engine.start()

    def choices(state):  # noqa: ANN001, ANN202
        actions = engine.legal_actions(state)
        if len(actions) == 1 and actions[0].kind is ActionKind.PASS:
            return actions[0], actions
        return None, actions

    found = explore_game(engine, start.state, choices=choices, prelude=start.events,
                         key=lambda state: state)
    found.graph.graph.update(title=situation.title, rules=engine.config.name,
                             situation=situation.name)
    return found


def _reads(page) -> tuple:  # noqa: ANN001 - what a page says, page numbers aside
    return (page.to_move, page.chain, page.field, page.can, page.cannot, page.decides,
            page.ending, tuple(choice.label for choice in page.choices))


@pytest.mark.parametrize("name", EXAMPLES)
def test_merged_pages_read_exactly_like_the_pages_they_stand_for(name: str) -> None:
    situation = load_situation(ROOT / "examples" / f"{name}.yaml")
    merged = explore(situation, "seed")
    plain = _by_state(situation, "seed")
    engine = merged.engine
    merged_book, plain_book = build_book(merged), build_book(plain)
    page_of = {engine.merge_key(merged.state(p.node)): p for p in merged_book.pages}
    for page in plain_book.pages:
        assert _reads(page) == _reads(page_of[engine.merge_key(plain.state(page.node))])
    # the same outcomes, and every merged page is reached
    assert {page_of[engine.merge_key(plain.state(p.node))].number
            for p in plain_book.pages} == {p.number for p in merged_book.pages}
    assert merged.graph.number_of_nodes() <= plain.graph.number_of_nodes()


@pytest.mark.parametrize("name", EXAMPLES)
def test_no_two_endings_of_a_book_read_the_same(name: str) -> None:
    book = build_book(explore(load_situation(ROOT / "examples" / f"{name}.yaml"), "seed"))
    endings = [(page.field, page.ending) for page in book.pages if page.terminal]
    assert len(endings) == len(set(endings))


def test_the_model_battle_has_16_endings_where_the_state_alone_gives_24() -> None:
    situation = load_situation(ROOT / "examples" / "borrelsword_linkuriboh.yaml")
    terminal = [node for node, data in _by_state(situation, "seed").graph.nodes(data=True)
                if data["terminal"]]
    assert len(terminal) == 24
    merged = explore(situation, "seed")
    assert sum(1 for _, data in merged.graph.nodes(data=True) if data["terminal"]) == 16


def _raise(block: StatBlock, amount: int, source: str,
           duration: str = "end_of_turn") -> StatBlock:
    return block.apply(StatClass.DELTA_ONCE, (Stat.ATK,), Operation.add(amount), source=source,
                       duration=duration)


def test_r73_r95_two_applied_once_raises_in_either_order_are_one_record() -> None:
    giant = StatBlock.printed(2500, 2100)
    first = _raise(_raise(giant, 500, "a"), 1500, "b")
    second = _raise(_raise(giant, 1500, "b"), 500, "a")
    assert first.applications != second.applications  # the record keeps its history …
    assert first == second and hash(first) == hash(second)  # … but nothing can tell them apart
    assert first.atk == second.atk == 4500
    assert [v.description for v in first.explain()] != [v.description for v in second.explain()]
    assert first.end_duration("end_of_turn") == second.end_duration("end_of_turn") == giant


def test_r77_r78_raises_on_either_side_of_an_aset_are_not_interchanged() -> None:
    """Equal ATK now, different futures: the raise before the ASET is suspended by it, so
    which raise ends with the Damage Step decides the ATK afterwards."""
    giant = StatBlock.printed(2500, 2100)

    def aset(block: StatBlock) -> StatBlock:
        return block.apply(StatClass.ASET, (Stat.ATK,), Operation.become(1000), source="s",
                           duration="end_of_turn")

    step = "end_of_damage_step"
    before = _raise(aset(_raise(giant, 500, "a", step)), 500, "b")
    after = _raise(aset(_raise(giant, 500, "b")), 500, "a", step)
    assert before.atk == after.atk == 1500
    assert before != after
    assert (before.end_duration(step).atk, after.end_duration(step).atk) == (1500, 1000)


def test_every_field_of_the_state_is_read_by_an_endings_key_or_left_out_with_a_reason() -> None:
    """The merge key is one explicit projection: a new field of the state must be placed."""
    from gamebook.rules.state import GameState

    fields = set(_start_state().fields())
    reads, left_out = Engine.ENDING_READS, set(Engine.ENDING_LEAVES_OUT)
    assert not reads & left_out
    assert reads | left_out == fields, sorted(fields ^ (reads | left_out))
    assert all(reason for reason in Engine.ENDING_LEAVES_OUT.values())
    assert GameState.new(**_start_state().fields()) == _start_state()


@pytest.mark.parametrize("name", ["borrelsword_linkuriboh", "megamorph_shrink",
                                  "gorz_direct_attack", "mystic_tomato_deck"])
def test_what_an_endings_key_leaves_out_does_not_change_it(name: str) -> None:
    from gamebook.cards.model import EventName
    from gamebook.rules.state import GraveCard, HandCard, Player, replace

    exploration = explore(load_situation(ROOT / "examples" / f"{name}.yaml"), "seed")
    engine = exploration.engine
    other = {"resolving": None, "ending_battle_phase": True, "flipped": frozenset({"x"}),
             "happened": frozenset({(EventName.DESTROYED, "x")}),
             "last_happened": frozenset({(EventName.DESTROYED, "x")}),
             "damage": ((Player.A, "battle", 1),),
             "attacks_of_cards_gone": 3,
             "deck": (HandCard("x", "kuriboh", Player.A),),
             "vanished": (GraveCard("x", "sheep_token", Player.A, "destroyed"),),
             "normal_summon_used": True, "position_fixed": frozenset({"x"}),
             "field_effects": frozenset({("negates_trap_effects", "x")}),
             "replaced": frozenset({"x"})}
    assert set(other) == set(Engine.ENDING_LEAVES_OUT)
    endings = [exploration.state(node) for node, data in exploration.graph.nodes(data=True)
               if data["terminal"]]
    assert endings
    for state in endings:
        for name_, value in other.items():
            assert engine.merge_key(replace(state, **{name_: value})) == engine.merge_key(state)


def _start_state():  # noqa: ANN202
    return Engine(load_situation(ROOT / "examples" / "borrelsword_linkuriboh.yaml")).start().state
