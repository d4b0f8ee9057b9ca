"""The order reduction (R137, on by default; ``explore(..., reduce_orders=False)`` and
``--all-orders`` explore every order) loses no ending.

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

from gamebook.book.catalog import LANGS
from gamebook.book.pages import build_book
from gamebook.book.rulebook import cite
from gamebook.errors import BudgetExceeded, InputError
from gamebook.explore.explorer import explore
from gamebook.render.export import graph_json
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
        plain = explore(situation, max_states=MAX_STATES, max_seconds=120, reduce_orders=False)
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


def _trap(card_id: str, resolution: list[dict], target: dict | None = None) -> dict:
    """A Normal Trap of the test family."""
    effect = {"id": "activate", "kind": "activate", "resolution": resolution}
    if target is not None:
        effect["target"] = target
    return {"id": card_id, "names": {"en": card_id.replace("_", " ").capitalize()},
            "card_type": "trap", "spell_trap_type": "normal", "effects": [effect]}


def _situation(folder: Path, traps_a: list[dict], traps_b: list[dict], *, lp: int = 8000,
               extra_b: tuple[str, ...] = (), monsters_b: tuple[str, ...] = ()) -> object:
    """A's Test Giant attacks B's Test Pebble; each player has the Traps given, Set."""
    cards = folder / "cards"
    cards.mkdir()
    for card in (*traps_a, *traps_b):
        (cards / f"{card['id']}.yaml").write_text(json.dumps(card), encoding="utf-8")
    spec = {
        "title": "orders", "turn_player": "A",
        "players": {
            "A": {"lp": lp, "monsters": [{"id": "giant", "card": "test_giant"}],
                  "spell_traps": [{"id": f"a_{i}", "card": card["id"]}
                                  for i, card in enumerate(traps_a, start=1)]},
            "B": {"lp": lp, "monsters": [{"id": "pebble", "card": "test_pebble"},
                                         *({"id": f"m_{i}", "card": card}
                                           for i, card in enumerate(monsters_b))],
                  "spell_traps": [*({"id": f"b_{i}", "card": card["id"]}
                                    for i, card in enumerate(traps_b, start=1)),
                                  *({"id": f"extra_{i}", "card": card}
                                    for i, card in enumerate(extra_b))]}},
        "start": {"moment": "attack_declared", "attacker": "giant", "target": "pebble"},
        "scope": "end_of_battle"}
    path = folder / "orders.yaml"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return load_situation(path, card_folders=(CARDS, cards))


def _traps(folder: Path, heals: int, burns: int, *, lp: int = 8000,
           extra_b: tuple[str, ...] = ()) -> object:
    """distinct_traps of benchmarks/scale.py: A's Traps gain 100, 200, … LP, B's inflict 100,
    200, … damage, all different; A's Test Giant attacks B's Test Pebble."""
    heal = [_trap(f"order_heal_trap_{i}", [{"op": "gain_lp", "player": "you",
                                           "amount": 100 * i}]) for i in range(1, heals + 1)]
    burn = [_trap(f"order_burn_trap_{i}", [{"op": "inflict_damage", "player": "opponent",
                                           "amount": 100 * i}]) for i in range(1, burns + 1)]
    return _situation(folder, heal, burn, lp=lp, extra_b=extra_b)


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


def test_r137_the_reduction_is_on_by_default(tmp_path: Path) -> None:
    situation = _traps(tmp_path, 2, 1)
    default = explore(situation)
    plain = explore(situation, reduce_orders=False)
    assert any("reordered" in data for *_, data in default.graph.edges(data=True))
    assert default.graph.number_of_nodes() < plain.graph.number_of_nodes()
    assert default.graph.number_of_nodes() == explore(
        situation, reduce_orders=True).graph.number_of_nodes()


def test_r137_all_orders_on_the_command_line(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    """``audit`` reduces by default and with ``--reduce-orders``; ``--all-orders`` explores
    every order, with the same endings; asking for both is refused as bad input (exit 2)."""
    from gamebook.cli.entry import main

    _traps(tmp_path, 2, 1)
    situation, cards = str(tmp_path / "orders.yaml"), str(tmp_path / "cards")
    points = {}
    for flags in ((), ("--reduce-orders",), ("--all-orders",)):
        assert main(["audit", situation, "--json", "--cards", str(CARDS), "--cards", cards,
                     *flags]) == 0
        report = json.loads(capsys.readouterr().out)
        points[flags] = (report["decision_points"], report["distinct_outcomes"])
    assert points[()] == points[("--reduce-orders",)]
    assert points[()][0] < points[("--all-orders",)][0]
    assert points[()][1] == points[("--all-orders",)][1]
    assert main(["audit", situation, "--reduce-orders", "--all-orders"]) == 2
    assert "not allowed with argument" in capsys.readouterr().err


# -- the book says so (R137 on the page and in graph.json) ----------------------------------
def _book_texts(book) -> list[str]:  # noqa: ANN001
    return [line for page in book.pages for arrival in page.arrivals for line in arrival.lines]


@pytest.mark.parametrize("lang", LANGS)
def test_r137_the_page_says_why_the_order_does_not_matter(tmp_path: Path, lang: str) -> None:
    """A choice that builds the chain in another order lands on a page that says, in the
    book's language, that the order of those links does not matter and why (R137); graph.json
    keeps it on the edge. Without the reduction, neither says anything of the kind."""
    plain, reduced = _both(_traps(tmp_path, 2, 1))
    label = cite(f"R:{RULE}")
    book = build_book(reduced, lang)
    narrator = book.narrator
    said = [line for line in _book_texts(book) if label in line]
    notes = {choice.reordered for page in book.pages for choice in page.choices
             if choice.reordered is not None}
    assert notes and set(said) == {narrator.reordered(note) for note in notes}
    assert label in {entry.label for entry in book.appendix}
    words = narrator.msg("order.because_lp")
    assert all(words in line for line in said)
    edges = json.loads(graph_json(book))["edges"]
    kept = [edge["reordered"] for edge in edges if "reordered" in edge]
    assert kept and all(note["rule"] == label and note["because"] == ["lp"]
                        and sorted(note["reached"]) == sorted(note["shown"]) for note in kept)
    plain_book = build_book(plain, lang)
    assert not any(label in line for line in _book_texts(plain_book))
    assert not any(choice.reordered for page in plain_book.pages for choice in page.choices)
    assert '"reordered"' not in graph_json(plain_book)


# -- the proof's other kinds: fixed ATK changes, destroying fixed cards ---------------------
_ANY_FACE_UP = {"controller": "any", "filters": ["face_up"]}


def _atk_traps(count_a: int, count_b: int) -> tuple[list[dict], list[dict]]:
    """A's Traps: a face-up monster gains 100, 200, … ATK; B's: one loses 100, 200, …"""
    return ([_trap(f"order_raise_trap_{i}", [{"op": "gain_atk", "who": "target",
                                             "amount": 100 * i}], _ANY_FACE_UP)
             for i in range(1, count_a + 1)],
            [_trap(f"order_lower_trap_{i}", [{"op": "gain_atk", "who": "target",
                                             "amount": -100 * i}], _ANY_FACE_UP)
             for i in range(1, count_b + 1)])


def _destroy_traps(count_a: int, count_b: int) -> tuple[list[dict], list[dict]]:
    """Each player's Traps destroy 1 monster on the field (targeted), all different cards."""
    def traps(player: str, count: int) -> list[dict]:
        return [_trap(f"order_destroy_trap_{player}{i}", [{"op": "destroy", "who": "target"}],
                      {"controller": "any"}) for i in range(1, count + 1)]
    return traps("a", count_a), traps("b", count_b)


def _reasons(exploration) -> set[tuple[str, ...]]:  # noqa: ANN001
    return {data["reordered"].because for *_, data in exploration.graph.edges(data=True)
            if "reordered" in data}


def test_r137_fixed_atk_changes_are_explored_in_one_order(tmp_path: Path) -> None:
    """Raises and lowers applied once add up in any order, on one monster too (R74): the
    same endings, fewer pages."""
    plain, reduced = _both(_situation(tmp_path, *_atk_traps(2, 1)))
    assert _endings(reduced) == _endings(plain)
    assert reduced.graph.number_of_nodes() < plain.graph.number_of_nodes()
    assert ("stats",) in _reasons(reduced)


def test_r137_atk_changes_and_lp_changes_commute(tmp_path: Path) -> None:
    raises, _ = _atk_traps(1, 0)
    heals = [_trap("order_heal_trap_1", [{"op": "gain_lp", "player": "you", "amount": 100}])]
    burns = [_trap("order_burn_trap_1", [{"op": "inflict_damage", "player": "opponent",
                                          "amount": 100}])]
    plain, reduced = _both(_situation(tmp_path, [*raises, *heals], burns))
    assert _endings(reduced) == _endings(plain)
    assert ("lp", "stats") in _reasons(reduced)


def test_r137_no_atk_reduction_where_a_card_chooses_by_atk(tmp_path: Path) -> None:
    """A card that targets by ATK (ATK at most its controller's LP) could tell the orders of
    ATK changes apart: they are all explored."""
    raises, lowers = _atk_traps(2, 0)
    picky = _trap("order_picky_trap", [{"op": "gain_atk", "who": "target", "amount": 100}],
                  {"controller": "any", "filters": ["face_up", "atk_at_most_controller_lp"]})
    plain, reduced = _both(_situation(tmp_path, raises, [picky]))
    assert _endings(reduced) == _endings(plain)
    assert reduced.graph.number_of_nodes() == plain.graph.number_of_nodes()


def test_r137_destroying_different_cards_is_explored_in_one_order(tmp_path: Path) -> None:
    """Two of A's Traps that destroy two different monsters, neither on the chain."""
    plain, reduced = _both(_situation(tmp_path, *_destroy_traps(2, 1),
                                      monsters_b=("test_giant",)))
    assert _endings(reduced) == _endings(plain)
    assert reduced.graph.number_of_nodes() < plain.graph.number_of_nodes()
    assert ("destroy",) in _reasons(reduced)
    for _, child, data in reduced.graph.edges(data=True):  # never a card on the chain
        if "reordered" in data:
            chain = reduced.state(child).chain
            assert not {link.target for link in chain} & {link.card for link in chain}


def test_r137_no_destroy_reduction_where_a_card_answers_a_destruction(tmp_path: Path) -> None:
    """Test Grave Avenger answers its destruction by battle: a destruction's timing could
    matter, so destructions are not reordered (LP changes still may be)."""
    plain, reduced = _both(_situation(tmp_path, *_destroy_traps(2, 1),
                                      monsters_b=("test_grave_avenger",)))
    assert _endings(reduced) == _endings(plain)
    assert reduced.graph.number_of_nodes() == plain.graph.number_of_nodes()
