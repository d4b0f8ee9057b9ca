"""A forced pass keeps its ✘ lines: a player whose only choice is to pass is told why each
card that answers the event cannot be activated (issue 31), as a page would tell it."""

from __future__ import annotations

import json

import pytest

from gamebook.book.pages import build_book
from gamebook.explore.explorer import explore
from gamebook.rules.events import EventKind
from gamebook.situation.load import load_situation

# Battle Fader answers an attack declaration from the hand, but only a direct attack: here
# Summoned Skull attacks Mystical Elf, so Player B can only pass.
SITUATION = """\
title: Battle Fader against an attack on a monster
turn_player: A
players:
  A:
    monsters:
      - {id: summoned_skull, card: summoned_skull, zone: m2}
  B:
    monsters:
      - {id: mystical_elf, card: mystical_elf, zone: m3}
    hand:
      - {id: battle_fader, card: battle_fader}
start: {moment: attack_declared, attacker: summoned_skull, target: mystical_elf}
scope: end_of_battle
"""


@pytest.fixture(scope="module")
def exploration(tmp_path_factory):
    path = tmp_path_factory.mktemp("fader") / "fader.yaml"
    path.write_text(SITUATION, encoding="utf-8")
    return explore(load_situation(path))


def forced_passes(exploration):
    """The forced passes before the first page (its prelude) and on every choice."""
    events = [*exploration.graph.graph["prelude"],
              *(ev for _, _, data in exploration.graph.edges(data=True) for ev in data["events"])]
    return [ev for ev in events if ev.kind is EventKind.PASS and ev.get("forced")]


def test_the_forced_pass_carries_the_refusal_with_its_rule(exploration):
    refused = [note for ev in forced_passes(exploration) for note in ev.get("cannot", ())]
    assert refused and {(n.card, n.effect, n.legal) for n in refused} == {
        ("battle_fader", "summon_and_end", False)}
    assert all(n.rule and n.reason for n in refused)
    said = json.dumps([ev.as_dict() for ev in forced_passes(exploration)])
    assert '"cannot": [{"player": "B", "card": "battle_fader"' in said  # graph.json


def test_the_book_says_why_the_forced_pass_had_nothing_to_activate(exploration):
    book = build_book(exploration, "en")
    lines = [line for page in book.pages for arrival in page.arrivals
             for line in arrival.lines] + [line for page in book.pages for line in page.then]
    assert any("Player B has nothing to activate and passes. ✘ Player B cannot activate "
               "Battle Fader's effect: " in line for line in lines), lines
