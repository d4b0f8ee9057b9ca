"""Interchangeable cards: one order per distinguishable arrangement (docs/engine.md).

Two cards with one signature (the same card, where and how it is, and its history this turn,
neither named by the attack nor by a chain link) lead to the same game with two names
swapped, so only the first one's activation is offered, and the page says why the other is
not. These tests prove it loses nothing: explored with every card offered, each example and
situation below reaches the same outcomes up to the names of interchangeable cards.
"""

from __future__ import annotations

import functools
import re

import pytest
import yaml
from rules_helpers import CARDS, ROOT, SITUATIONS

from gamebook.book.pages import build_book
from gamebook.explore.explorer import explore
from gamebook.rules.engine import Engine
from gamebook.situation.load import load_situation

EXAMPLES = sorted(path.stem for path in (ROOT / "examples").glob("*.yaml"))


def _set_traps(tmp_path, heal: int, burn: int):  # noqa: ANN001, ANN202
    data = {
        "title": f"Set traps {heal}+{burn}", "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "giant", "card": "test_giant"}],
                  "spell_traps": [{"id": f"heal_{i}", "card": "test_heal_trap"}
                                  for i in range(1, heal + 1)]},
            "B": {"monsters": [{"id": "pebble", "card": "test_pebble"}],
                  "spell_traps": [{"id": f"burn_{i}", "card": "test_burn_trap"}
                                  for i in range(1, burn + 1)]}},
        "start": {"moment": "attack_declared", "attacker": "giant", "target": "pebble"},
        "scope": "end_of_battle"}
    path = tmp_path / f"set_traps_{heal}_{burn}.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return load_situation(path, card_folders=(CARDS,))


def _every_card(monkeypatch) -> None:  # noqa: ANN001 - the explorer offers every card
    every = functools.partialmethod(Engine.legal_actions, every_card=True)
    monkeypatch.setattr(Engine, "legal_actions", every)


def _outcomes(exploration) -> set:  # noqa: ANN001 - ending outcomes, card names for ids
    cards = dict(exploration.engine.rules.instances)

    def name(instance: str) -> str:
        return cards.get(instance) or re.sub(r"_\d+$", "", instance)

    def unnamed(value):  # noqa: ANN001, ANN202
        if isinstance(value, dict):
            return tuple(sorted((key, name(item) if key == "id" else unnamed(item))
                                for key, item in value.items()))
        if isinstance(value, list):
            return tuple(sorted(unnamed(item) for item in value))
        return value

    found = set()
    for node, data in exploration.graph.nodes(data=True):
        if data["terminal"]:
            outcome = exploration.engine.outcome(exploration.state(node)).to_json()
            outcome["can_attack_again"] = [name(i) for i in outcome["can_attack_again"]]
            outcome["can_attack_again_with"] = [
                name(key.partition(".")[0]) + "." + key.partition(".")[2]
                for key in outcome["can_attack_again_with"]]
            found.add(unnamed(outcome))
    return found


def _both(monkeypatch, situation):  # noqa: ANN001, ANN202
    """Explored with only the interchangeable cards folded, and with every card offered; the
    order reduction (R137, on by default) is left out of both, so that the counts measure the
    folding alone."""
    folded = explore(situation, "seed", reduce_orders=False)
    with monkeypatch.context() as patch:
        _every_card(patch)
        every = explore(situation, "seed", reduce_orders=False)
    return folded, every


@pytest.mark.parametrize("name", EXAMPLES)
def test_offering_one_of_interchangeable_cards_keeps_every_outcome_of_the_examples(
        monkeypatch, name: str) -> None:
    folded, every = _both(monkeypatch, load_situation(ROOT / "examples" / f"{name}.yaml"))
    assert _outcomes(folded) == _outcomes(every)
    assert folded.graph.number_of_nodes() <= every.graph.number_of_nodes()


@pytest.mark.parametrize(("heal", "burn", "pages", "pages_every_card"),
                         [(2, 1, 30, 48), (2, 2, 71, 202), (3, 2, 138, 996)])
def test_identical_set_traps_are_explored_in_one_order(monkeypatch, tmp_path, heal: int,
                                                       burn: int, pages: int,
                                                       pages_every_card: int) -> None:
    """k identical traps chained in k! orders are one order: 996 pages become 138."""
    folded, every = _both(monkeypatch, _set_traps(tmp_path, heal, burn))
    assert _outcomes(folded) == _outcomes(every)
    assert (folded.graph.number_of_nodes(), every.graph.number_of_nodes()) == (
        pages, pages_every_card)


def test_offering_one_of_interchangeable_tokens_keeps_every_outcome(monkeypatch) -> None:
    """Three Ojama Tokens appear in mid-battle; one of them may be attacked and destroyed."""
    situation = load_situation(SITUATIONS / "ojama_tokens_attacked.yaml", card_folders=(CARDS,))
    folded, every = _both(monkeypatch, situation)
    assert _outcomes(folded) == _outcomes(every)


def test_the_page_says_why_an_equal_card_is_not_offered(tmp_path) -> None:
    book = build_book(explore(_set_traps(tmp_path, 2, 1), "seed"))
    first = book.pages[0]
    assert any("Test Heal Trap 2 as well, but it is the same card as Test Heal Trap 1 in "
               "the same state" in line for line in first.can)
    offered = [choice.label for choice in first.choices]
    assert any("Test Heal Trap 1" in label for label in offered)
    assert not any("Test Heal Trap 2" in label for label in offered)


def test_a_card_on_the_chain_is_not_interchangeable_with_its_twin(tmp_path) -> None:
    """Once the first trap is on the chain its name matters; the second is offered next."""
    book = build_book(explore(_set_traps(tmp_path, 2, 1), "seed"))
    seen = {line for page in book.pages for choice in page.choices for line in [choice.label]}
    assert any("Test Heal Trap 2" in label for label in seen)
