"""The explorer's memo of forced runs: a run that meets an earlier one is not replayed, and
states of equal hash are told apart by what the memo keeps of them (``memo_key``)."""

from __future__ import annotations

from dataclasses import dataclass

from gamebook.explore.explorer import explore_game


@dataclass(frozen=True)
class Point:
    """A toy state; every point has the same hash, so the memo can only tell them apart by
    their values."""

    name: str

    def __hash__(self) -> int:
        return 0


@dataclass(frozen=True)
class Move:
    to: str

    def sort_key(self) -> tuple:
        return (self.to,)


@dataclass(frozen=True)
class Transition:
    state: Point
    events: tuple = ()


class ForcedRuns:
    """From the root three choices: "a" runs on to L1, L2 and the ending EL; "b" to R1, R2, M
    and the ending EM; "c" to S1 and into M, which "b" passed through already."""

    CHOICES = {"root": ["a", "b", "c"]}
    FORCED = {"a": "L1", "L1": "L2", "L2": "EL", "b": "R1", "R1": "R2", "R2": "M", "M": "EM",
              "c": "S1", "S1": "M"}

    def __init__(self) -> None:
        self.applied: list[str] = []

    def legal_actions(self, state: Point) -> list[Move]:
        return [Move(to) for to in self.CHOICES.get(state.name, [])]

    def apply(self, state: Point, action: Move, *, forced: bool = False,
              trusted: bool = False) -> Transition:
        self.applied.append(action.to)
        return Transition(Point(action.to), (action.to,))

    def is_terminal(self, state: Point) -> bool:
        return state.name.startswith("E")

    def to_move(self, state: Point) -> str:
        return "A"

    def forced(self, state: Point) -> Move | None:
        following = self.FORCED.get(state.name)
        return Move(following) if following else None


def test_states_of_equal_hash_keep_their_own_runs_and_a_met_run_is_not_replayed():
    for memo_key in (None, lambda key: ("kept", key.name)):
        game = ForcedRuns()
        found = explore_game(game, Point("root"), forced=game.forced, memo_key=memo_key)
        graph = found.graph
        reached = {found.states[child].name: graph.edges[found.root, child]["events"]
                   for child in graph.successors(found.root)}
        assert reached == {"EL": ("a", "L1", "L2", "EL"),
                           "EM": ("b", "R1", "R2", "M", "EM")}
        # "c" reached EM too, as an alternative of the same edge, through S1 and then M's run
        alternatives = graph.edges[found.root, next(
            node for node, state in found.states.items() if state.name == "EM")]["alternatives"]
        assert [events for _, events in alternatives] == [("c", "S1", "M", "EM")]
        assert game.applied.count("EM") == 1  # M's run was followed once, then remembered
        assert found.transitions == len(game.applied) == 4 + 5 + 3  # "c": c, S1, M
