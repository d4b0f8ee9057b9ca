"""Exhaustive exploration of a game into a decision graph.

The explorer is generic: it knows a game only through ``legal_actions``, ``apply``,
``is_terminal``, ``to_move`` and ``forced`` (the only legal action at a point where there is
nothing to decide, or ``None``), and uses the state itself as the merge key, so equal states
reached by different histories are one node. Points with a forced action are compressed:
the explorer applies it at once and keeps its events on the incoming edge, so every node of
the graph is a real decision (or an ending).

Breadth-first, with each node's actions in the game's order; node ids ``n0``, ``n1``, … are
given in discovery order, so the same input always gives the same graph. Budgets on states
and seconds end the search with :class:`~gamebook.errors.BudgetExceeded`, never a hang.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

import networkx as nx

from gamebook.errors import BudgetExceeded

FORCED_CHAIN_LIMIT = 10_000  # forced steps in a row before we call it a runaway loop


class Game(Protocol):
    def legal_actions(self, state: Any) -> list[Any]: ...
    def apply(self, state: Any, action: Any, *, forced: bool = False,
              trusted: bool = False) -> Any: ...
    def is_terminal(self, state: Any) -> bool: ...
    def to_move(self, state: Any) -> Any: ...


@dataclass
class Exploration:
    """The result: a ``networkx.DiGraph`` and what it took to build it."""

    graph: nx.DiGraph
    root: str
    engine: Any
    states: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    transitions: int = 0  # actions applied, forced ones included

    def state(self, node: str) -> Any:
        return self.states[node]


def explore_game(game: Game, start: Any, *, forced: Any, max_states: int = 200_000,
                 max_seconds: float = 60.0, key: Any = None, prelude: tuple = ()
                 ) -> Exploration:
    """Explore every decision from ``start`` (reached through the events in ``prelude``).

    ``forced(state)`` returns the action to apply without a decision, or ``None``.
    ``key(state)`` is the merge key (default: the state itself, which must be hashable).
    """
    key = key or (lambda state: state)
    began = time.monotonic()
    graph = nx.DiGraph()
    ids: dict[Hashable, str] = {}
    result = Exploration(graph=graph, root="", engine=game)
    counter = [0]

    settled: dict[Hashable, tuple[Any, tuple]] = {}  # forced runs already followed

    def settle(state: Any, events: list[Any]) -> Any:
        """Apply forced actions until a decision or an ending.

        Every state a run passes through is remembered with where the run ends and the events
        from there on, so runs that meet an earlier run are not replayed (many do: the same
        Damage Step follows many choices).
        """
        run: list[Any] = []
        visited: list[tuple[Hashable, int]] = []
        for _ in range(FORCED_CHAIN_LIMIT):
            state_key = key(state)
            if state_key in settled:
                state, tail = settled[state_key]
                run.extend(tail)
                break
            visited.append((state_key, len(run)))
            if game.is_terminal(state):
                break
            action = forced(state)
            if action is None:
                break
            transition = game.apply(state, action, forced=True)
            counter[0] += 1
            run.extend(transition.events)
            state = transition.state
        else:
            raise BudgetExceeded(f"more than {FORCED_CHAIN_LIMIT} forced steps in a row: "
                                 "the game does not reach a decision (runaway loop)")
        for state_key, start in visited:
            settled[state_key] = (state, tuple(run[start:]))
        events.extend(run)
        return state

    def node_for(state: Any) -> tuple[str, bool]:
        state_key = key(state)
        if state_key in ids:
            return ids[state_key], False
        if len(ids) >= max_states:
            raise BudgetExceeded(f"exploration stopped: more than {max_states} decision points "
                                 "(raise --max-states, or narrow the situation's scope)")
        node = f"n{len(ids)}"
        ids[state_key] = node
        result.states[node] = state
        terminal = game.is_terminal(state)
        graph.add_node(node, to_move=None if terminal else game.to_move(state), terminal=terminal)
        return node, True

    prelude_events: list[Any] = list(prelude)
    start = settle(start, prelude_events)
    root, _ = node_for(start)
    result.root = root
    graph.graph["root"] = root
    graph.graph["prelude"] = tuple(prelude_events)
    queue = deque([root])
    while queue:
        if time.monotonic() - began > max_seconds:
            raise BudgetExceeded(f"exploration stopped after {max_seconds:g} s with "
                                 f"{len(ids)} decision points (raise --max-seconds)")
        node = queue.popleft()
        state = result.states[node]
        for action in game.legal_actions(state):
            transition = game.apply(state, action, trusted=True)  # listed just now: legal
            counter[0] += 1
            events = list(transition.events)
            child_state = settle(transition.state, events)
            child, new = node_for(child_state)
            if new:
                queue.append(child)
            if graph.has_edge(node, child):
                graph.edges[node, child].setdefault("alternatives", []).append(
                    (action, tuple(events)))
                continue
            graph.add_edge(node, child, action=action, events=tuple(events))
    result.seconds = time.monotonic() - began
    result.transitions = counter[0]
    return result


def explore(situation: Any, preset: str | None = None, *, max_states: int = 200_000,
            max_seconds: float = 60.0) -> Exploration:
    """Explore a loaded :class:`~gamebook.situation.Situation` with the rules engine."""
    from gamebook.rules.engine import Engine, forced_pass

    engine = Engine(situation, preset)
    start = engine.start()
    result = explore_game(engine, start.state, forced=lambda s: forced_pass(engine, s),
                          max_states=max_states, max_seconds=max_seconds, prelude=start.events)
    result.graph.graph["title"] = situation.title
    result.graph.graph["rules"] = engine.config.name
    result.graph.graph["situation"] = situation.name
    return result
