"""The audit names each cycle it finds: its pages, the choices round it, into it, out of it."""

from __future__ import annotations

import json
from dataclasses import dataclass

from gamebook.audit.report import audit
from gamebook.explore.explorer import explore_game


@dataclass(frozen=True)
class Move:
    """A toy action: its words and the state it leads to."""

    words: str
    to: int

    def sort_key(self) -> tuple:
        return (self.to,)

    def __str__(self) -> str:
        return self.words


@dataclass(frozen=True)
class Transition:
    state: int
    events: tuple = ()


@dataclass(frozen=True)
class Ending:
    reason: str


class LoopingGame:
    """0 -> 1 -> 2 -> 1 ... and 2 -> 3, the only ending: a loop the reader may go round."""

    MOVES = {0: [Move("draw", 1)], 1: [Move("set a card", 2)],
             2: [Move("return it to the hand", 1), Move("end the turn", 3)], 3: []}

    def legal_actions(self, state: int) -> list[Move]:
        return self.MOVES[state]

    def apply(self, state: int, action: Move, *, forced: bool = False,
              trusted: bool = False) -> Transition:
        return Transition(action.to)

    def is_terminal(self, state: int) -> bool:
        return not self.MOVES[state]

    def to_move(self, state: int) -> str:
        return "A"

    def outcome(self, state: int) -> Ending:
        return Ending("end of turn")


def looping_audit():
    return audit(explore_game(LoopingGame(), 0, forced=lambda state: None))


def test_the_audit_names_the_pages_and_choices_of_a_cycle_in_audit_json():
    report = json.loads(looping_audit().to_json())
    assert not report["terminates"]
    assert report["cycles"] == [{
        "pages": [2, 3],
        "choices": [{"page": 2, "choice": "set a card", "to": 3},
                    {"page": 3, "choice": "return it to the hand", "to": 2}],
        "entries": [{"page": 1, "choice": "draw", "to": 2}],
        "exits": [{"page": 3, "choice": "end the turn", "to": 4}],
    }]


def test_the_audit_names_the_cycle_in_text():
    text = looping_audit().to_text()
    assert "NOT every branch terminates" in text
    assert "cycle 1:          pages 2, 3" in text
    assert "round it:  3 -> 2: return it to the hand" in text
    assert "into it:   1 -> 2: draw" in text
    assert "out of it: 3 -> 4: end the turn" in text
