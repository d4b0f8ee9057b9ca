"""The order reduction (R137, ``explore(..., reduce_orders=True)``) loses no ending.

On every example and every test situation, the endings (their merge keys: the outcome an
ending's page and graph.json show) are the same with and without the reduction. Where it
applies (distinct Traps that only change LP), the graph is smaller and the choices of the
orders left out keep why on their edges; where the proof fails (a card that reads the chain,
a player who could reach 0 LP), nothing is merged.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rules_helpers import CARDS, ROOT, SITUATIONS

from gamebook.errors import BudgetExceeded, InputError
from gamebook.explore.explorer import explore
from gamebook.rules.commutation import RULE, Reordered
from gamebook.situation.load import load_situation

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
TEST_SITUATIONS = sorted(SITUATIONS.glob("*.yaml"))
# Each exploration is capped: a situation that needs more pages is left out with the reason.
# At the time of writing, none of the examples or test situations needs more.
MAX_STATES = 20_000


def _endings(exploration) -> frozenset:  # noqa: ANN001
    engine = exploration.engine
    return frozenset(engine.merge_key(exploration.state(node))
                     for node, terminal in exploration.graph.nodes(data="terminal") if terminal)


def _both(situation) -> tuple:  # noqa: ANN001
    try:
        plain = explore(situation, max_states=MAX_STATES, max_seconds=120)
    except BudgetExceeded:
        pytest.skip(f"more than {MAX_STATES} pages: too large for this test")
    reduced = explore(situation, max_states=MAX_STATES, max_seconds=120, reduce_orders=True)
    return plain, reduced


def _check(situation) -> None:  # noqa: ANN001
    plain, reduced = _both(situation)
    assert _endings(reduced) == _endings(plain)
    assert reduced.graph.number_of_nodes() <= plain.graph.number_of_nodes()
    assert not any("reordered" in data for *_, data in plain.graph.edges(data=True))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_r137_every_example_has_the_same_endings_with_and_without_the_reduction(
        path: Path) -> None:
    _check(load_situation(path))


@pytest.mark.parametrize("path", TEST_SITUATIONS, ids=lambda p: p.stem)
def test_r137_every_test_situation_has_the_same_endings_with_and_without_the_reduction(
        path: Path) -> None:
    try:
        situation = load_situation(path, card_folders=(CARDS,))
    except InputError:
        pytest.skip("not a valid situation: a bad-input test's file")
    _check(situation)


def _traps(folder: Path, heals: int, burns: int, *, lp: int = 8000,
           extra_b: tuple[str, ...] = ()) -> object:
    """distinct_traps of benchmarks/scale.py: A's Traps gain 100, 200, … LP, B's inflict 100,
    200, … damage, all different; A's Test Giant attacks B's Test Pebble."""
    cards = folder / "cards"
    cards.mkdir()
    for i in range(1, 4):
        for kind, op in (("heal", {"op": "gain_lp", "player": "you"}),
                         ("burn", {"op": "inflict_damage", "player": "opponent"})):
            card = {"id": f"order_{kind}_trap_{i}", "names": {"en": f"Order {kind} Trap {i}"},
                    "card_type": "trap", "spell_trap_type": "normal",
                    "effects": [{"id": "activate", "kind": "activate",
                                 "resolution": [{**op, "amount": 100 * i}]}]}
            (cards / f"order_{kind}_trap_{i}.yaml").write_text(json.dumps(card),
                                                               encoding="utf-8")
    spec = {
        "title": "orders", "turn_player": "A",
        "players": {
            "A": {"lp": lp, "monsters": [{"id": "giant", "card": "test_giant"}],
                  "spell_traps": [{"id": f"heal_{i}", "card": f"order_heal_trap_{i}"}
                                  for i in range(1, heals + 1)]},
            "B": {"lp": lp, "monsters": [{"id": "pebble", "card": "test_pebble"}],
                  "spell_traps": [*({"id": f"burn_{i}", "card": f"order_burn_trap_{i}"}
                                    for i in range(1, burns + 1)),
                                  *({"id": f"extra_{i}", "card": card}
                                    for i, card in enumerate(extra_b))]}},
        "start": {"moment": "attack_declared", "attacker": "giant", "target": "pebble"},
        "scope": "end_of_battle"}
    path = folder / "orders.yaml"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return load_situation(path, card_folders=(CARDS, cards))


def test_r137_distinct_lp_traps_are_explored_in_one_order(tmp_path: Path) -> None:
    plain, reduced = _both(_traps(tmp_path, 2, 2))
    assert _endings(reduced) == _endings(plain)
    assert reduced.graph.number_of_nodes() < plain.graph.number_of_nodes()
    notes = [data["reordered"] for *_, data in reduced.graph.edges(data=True)
             if "reordered" in data]
    assert notes and all(isinstance(note, Reordered) and note.rule == RULE for note in notes)
    for _, child, data in reduced.graph.edges(data=True):
        note = data.get("reordered")
        if note is None:
            continue
        # the choice built one order; its page shows the same links in another
        assert note.reached != note.shown and sorted(note.reached) == sorted(note.shown)
        assert note.shown == tuple(link.card for link in reduced.state(child).chain)
        assert note.reached[-1] == data["action"].card


def test_r137_no_reduction_where_a_player_could_reach_0_lp(tmp_path: Path) -> None:
    """100 + 200 damage against 300 LP: the burns could end the Duel halfway (R102)."""
    plain, reduced = _both(_traps(tmp_path, 2, 2, lp=300))
    assert _endings(reduced) == _endings(plain)
    assert reduced.graph.number_of_nodes() == plain.graph.number_of_nodes()


def test_r137_no_reduction_where_a_card_reads_the_chain(tmp_path: Path) -> None:
    """A Counter Trap negates the link directly below: the order tells the chains apart."""
    plain, reduced = _both(_traps(tmp_path, 2, 1, extra_b=("test_counter_trap",)))
    assert _endings(reduced) == _endings(plain)
    assert reduced.graph.number_of_nodes() == plain.graph.number_of_nodes()


def test_r137_the_reduction_is_off_by_default(tmp_path: Path) -> None:
    situation = _traps(tmp_path, 2, 1)
    default = explore(situation)
    assert not any("reordered" in data for *_, data in default.graph.edges(data=True))
    assert default.graph.number_of_nodes() == explore(
        situation, reduce_orders=False).graph.number_of_nodes()
