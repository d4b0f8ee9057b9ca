"""The audit of a generated decision graph: does every branch terminate within the scope?

The structural checks (reachability, dead ends, cycles, path counts) are
:func:`gamebook.audit.graphcheck.check_graph`, shared with ``gamebook check-book``; this module
adds what only a generated book knows: endings are states the engine calls terminal, and
their outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamebook.audit.graphcheck import check_graph
from gamebook.explore.explorer import Exploration, number_pages


@dataclass(frozen=True)
class Step:
    """One choice on or around a cycle: on page ``page`` the reader chooses ``choice`` and
    turns to page ``to``."""

    page: int
    choice: str
    to: int

    def as_dict(self) -> dict[str, Any]:
        return {"page": self.page, "choice": self.choice, "to": self.to}

    def __str__(self) -> str:
        return f"{self.page} -> {self.to}: {self.choice}"


@dataclass(frozen=True)
class Cycle:
    """A loop of pages the reader can go round: its pages, the choices that go round it, the
    choices that lead into it and those that leave it (none: it never ends)."""

    pages: tuple[int, ...]
    choices: tuple[Step, ...]
    entries: tuple[Step, ...]
    exits: tuple[Step, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"pages": list(self.pages),
                "choices": [step.as_dict() for step in self.choices],
                "entries": [step.as_dict() for step in self.entries],
                "exits": [step.as_dict() for step in self.exits]}

    def lines(self, number: int) -> list[str]:
        lines = [f"  cycle {number}:          pages {', '.join(map(str, self.pages))}"]
        lines += [f"    round it:  {step}" for step in self.choices]
        lines += [f"    into it:   {step}" for step in self.entries]
        lines += [f"    out of it: {step}" for step in self.exits] or ["    out of it: none"]
        return lines


@dataclass(frozen=True)
class Audit:
    title: str
    rules: str
    decision_points: int
    pages: int
    endings: int
    edges: int
    longest_path: int | None
    paths_to_endings: int | None
    terminates: bool
    dead_ends: tuple[str, ...]
    cycles: tuple[Cycle, ...]
    unreachable: tuple[str, ...]
    distinct_outcomes: int
    endings_by_reason: dict[str, int]
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "rules": self.rules,
            "terminates": self.terminates,
            "decision_points": self.decision_points,
            "pages": self.pages,
            "endings": self.endings,
            "edges": self.edges,
            "longest_path": self.longest_path,
            "paths_to_endings": self.paths_to_endings,
            "distinct_outcomes": self.distinct_outcomes,
            "endings_by_reason": self.endings_by_reason,
            "dead_ends": list(self.dead_ends),
            "cycles": [cycle.as_dict() for cycle in self.cycles],
            "unreachable": list(self.unreachable),
        }

    def to_json(self) -> str:
        import json  # here, not at the top: `gamebook audit` prints text

        return json.dumps(self.as_dict(), indent=2, sort_keys=True) + "\n"

    def to_text(self) -> str:
        verdict = "every branch terminates" if self.terminates else "NOT every branch terminates"
        lines = [
            f"{self.title} (rules: {self.rules})",
            f"  decision points:   {self.decision_points}",
            f"  endings:           {self.endings} ({self._reasons()})",
            f"  pages:             {self.pages}",
            f"  choices (edges):   {self.edges}",
            f"  longest path:      {self._value(self.longest_path)} choices",
            f"  paths to endings:  {self._value(self.paths_to_endings)}",
            f"  distinct outcomes: {self.distinct_outcomes}",
            f"  verdict:           {verdict}",
        ]
        if self.dead_ends:
            lines.append(f"  dead ends:         {', '.join(self.dead_ends)}")
        for number, cycle in enumerate(self.cycles, 1):
            lines += cycle.lines(number)
        if self.unreachable:
            lines.append(f"  unreachable:       {', '.join(self.unreachable)}")
        return "\n".join(lines) + "\n"

    def _reasons(self) -> str:
        return ", ".join(f"{reason} {count}" for reason, count in
                         sorted(self.endings_by_reason.items()))

    @staticmethod
    def _value(value: int | None) -> str:
        return "unbounded (cycle)" if value is None else str(value)


def audit(exploration: Exploration) -> Audit:
    graph = exploration.graph
    engine = exploration.engine
    report = check_graph(graph, exploration.root,
                         lambda node: bool(graph.nodes[node]["terminal"]))
    outcomes = set()
    reasons: dict[str, int] = {}
    for node in report.endings:
        outcome = engine.outcome(exploration.state(node))
        outcomes.add(outcome)
        reasons[outcome.reason] = reasons.get(outcome.reason, 0) + 1
    endings = len(report.endings)
    return Audit(
        title=graph.graph.get("title", ""),
        rules=graph.graph.get("rules", ""),
        decision_points=graph.number_of_nodes() - endings,
        pages=graph.number_of_nodes(),
        endings=endings,
        edges=graph.number_of_edges(),
        longest_path=report.longest_path,
        paths_to_endings=report.path_count,
        terminates=report.terminates,
        dead_ends=tuple(report.dead_ends),
        cycles=_cycles(exploration, report.cycles + report.cycles_without_ending),
        unreachable=tuple(report.unreachable),
        distinct_outcomes=len(outcomes),
        endings_by_reason=reasons,
        seconds=exploration.seconds,
    )


def _cycles(exploration: Exploration, found: tuple[tuple[str, ...], ...]) -> tuple[Cycle, ...]:
    """Each cycle once, by page numbers, with the choices round it, into it and out of it."""
    if not found:  # the pages are not numbered for nothing
        return ()
    graph = exploration.graph
    numbers = number_pages(exploration)
    cycles = []
    for nodes in dict.fromkeys(found):
        inside = set(nodes)
        round_it, into, out = [], [], []
        for node, child, data in graph.out_edges(nodes, data=True):
            (round_it if child in inside else out).append(_step(numbers, node, child, data))
        into += (_step(numbers, parent, node, data)
                 for parent, node, data in graph.in_edges(nodes, data=True)
                 if parent not in inside)
        cycles.append(Cycle(pages=tuple(sorted(numbers[node] for node in nodes)),
                            choices=tuple(sorted(round_it, key=_order)),
                            entries=tuple(sorted(into, key=_order)),
                            exits=tuple(sorted(out, key=_order))))
    return tuple(sorted(cycles, key=lambda cycle: cycle.pages))


def _step(numbers: dict[str, int], node: str, child: str, data: dict[str, Any]) -> Step:
    return Step(numbers[node], str(data["action"]), numbers[child])


def _order(step: Step) -> tuple[int, int, str]:
    return (step.page, step.to, step.choice)
