"""Structural audit of a decision graph: does every branch from the root end?

This module knows nothing of Yu-Gi-Oh!, pages or books. It takes a ``networkx.DiGraph``,
a root node and a predicate that says which nodes are endings, and reports:

* which nodes the root reaches and which it does not;
* dead ends (nodes without an out-edge that are not endings);
* cycles from which no ending can be reached (strongly connected components with more than
  one node, or a node with a self-loop);
* every cycle reachable from the root, and so whether one is at all; the longest path
  from the root (in edges) and the number of distinct root-to-ending paths.

It is shared by ``gamebook check-book`` (hand-written walkthroughs) and by the audit of
generated books, so both apply exactly the same checks.

Everything runs in linear time over the condensation of the graph (the DAG of its strongly
connected components, found by Tarjan's algorithm), so graphs with 100k nodes take well
under a second; paths are counted by dynamic programming, never enumerated. The graph may be
a ``networkx.DiGraph`` or a :class:`gamebook.explore.digraph.DecisionGraph`: only ``in``,
iteration and ``successors`` are used, and networkx is not imported.

Ordering: every tuple in a :class:`GraphReport` is sorted with :func:`node_sort_key`, which
groups nodes by type name and then sorts by value. Nodes of one type must therefore be
mutually comparable (ints, strings, tuples of those, ...); a graph may mix types.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

__all__ = ["GraphReport", "check_graph", "node_sort_key"]

Component = int
"""A node of the condensation: the index of a strongly connected component."""


def node_sort_key(node: Hashable) -> tuple[str, Any]:
    """Sort key that orders ints among ints and strings among strings, types by name."""
    return (type(node).__name__, node)


def _sorted_nodes(nodes: Iterable[Hashable]) -> tuple:
    return tuple(sorted(nodes, key=node_sort_key))


@dataclass(frozen=True)
class GraphReport:
    """What :func:`check_graph` found. All tuples are sorted with :func:`node_sort_key`."""

    root: Hashable
    reachable: frozenset
    """Nodes reachable from ``root``, ``root`` included."""
    unreachable: tuple
    """Nodes not reachable from ``root``."""
    endings: tuple
    """Reachable nodes for which ``is_ending(node)`` is true."""
    dead_ends: tuple
    """Nodes (reachable or not) with no out-edge that are not endings."""
    cycles_without_ending: tuple
    """Each a sorted tuple of the nodes of one cycle (strongly connected component, or a
    self-loop) from which no ending can be reached; reachable or not."""
    cycles: tuple
    """Each a sorted tuple of the nodes of one cycle reachable from ``root``, whether an
    ending can be reached from it or not (a loop of choices the reader may go round)."""
    has_cycle: bool
    """A cycle is reachable from ``root``."""
    longest_path: int | None
    """Edges on the longest path from ``root``; ``None`` if a reachable cycle makes it
    unbounded."""
    path_count: int | None
    """Distinct ``root``-to-ending paths; ``None`` (infinite) when a cycle lies on one."""

    @property
    def terminates(self) -> bool:
        """No dead end, no reachable cycle, and at least one ending reachable."""
        return not self.dead_ends and not self.has_cycle and bool(self.endings)


def check_graph(
    graph: Any,
    root: Hashable,
    is_ending: Callable[[Hashable], bool],
) -> GraphReport:
    """Audit ``graph`` from ``root``; ``is_ending`` marks the nodes where a branch may stop.

    Raises ``ValueError`` if ``root`` is not a node of ``graph``.
    """
    if root not in graph:
        raise ValueError(f"root {root!r} is not a node of the graph")
    succ = {node: tuple(graph.successors(node)) for node in graph}
    ending_nodes = {node for node in succ if is_ending(node)}
    reachable = _reachable(succ, root)

    members, mapping = _strongly_connected(succ)
    condensed = _condensation(succ, members, mapping)
    cyclic = {comp for comp, nodes in enumerate(members) if _is_cycle(succ, nodes)}
    order = list(range(len(members) - 1, -1, -1))  # Tarjan finds sinks first
    can_end = _components_reaching_endings(condensed, order, members, ending_nodes)

    root_comp = mapping[root]
    reachable_comps = {mapping[node] for node in reachable}
    has_cycle = bool(cyclic & reachable_comps)

    return GraphReport(
        root=root,
        reachable=reachable,
        unreachable=_sorted_nodes(set(succ) - reachable),
        endings=_sorted_nodes(ending_nodes & reachable),
        dead_ends=_sorted_nodes(
            node for node, children in succ.items() if not children and node not in ending_nodes
        ),
        cycles_without_ending=_sorted_cycles(members, cyclic - can_end),
        cycles=_sorted_cycles(members, cyclic & reachable_comps),
        has_cycle=has_cycle,
        longest_path=None if has_cycle else _longest_path(condensed, order, root_comp),
        path_count=_path_count(condensed, order, members, ending_nodes, cyclic,
                               can_end, reachable_comps, root_comp),
    )


def _reachable(succ: dict[Hashable, tuple], root: Hashable) -> frozenset:
    seen = {root}
    todo = [root]
    while todo:
        for child in succ[todo.pop()]:
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return frozenset(seen)


def _strongly_connected(succ: dict[Hashable, tuple]
                        ) -> tuple[list[set], dict[Hashable, Component]]:
    """Tarjan's algorithm, without recursion: the components (sinks first) and node -> index."""
    index: dict[Hashable, int] = {}
    low: dict[Hashable, int] = {}
    stack: list[Hashable] = []
    on_stack: set[Hashable] = set()
    members: list[set] = []
    mapping: dict[Hashable, Component] = {}
    for start in succ:
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter(succ[start]))]
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(succ[child])))
                    break
                if child in on_stack and index[child] < low[node]:
                    low[node] = index[child]
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    if low[node] < low[parent]:
                        low[parent] = low[node]
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        mapping[member] = len(members)
                        if member == node:
                            break
                    members.append(component)
    return members, mapping


def _condensation(succ: dict[Hashable, tuple], members: list[set],
                  mapping: dict[Hashable, Component]) -> list[tuple[Component, ...]]:
    """The successors of each component in the DAG of components."""
    condensed = []
    for comp, nodes in enumerate(members):
        if len(nodes) == 1:
            (node,) = nodes
            found = dict.fromkeys(mapping[child] for child in succ[node])
        else:
            found = dict.fromkeys(mapping[child] for node in nodes for child in succ[node])
        found.pop(comp, None)
        condensed.append(tuple(found))
    return condensed


def _is_cycle(succ: dict[Hashable, tuple], nodes: set) -> bool:
    """A strongly connected component is a cycle if it has two nodes or a self-loop."""
    if len(nodes) > 1:
        return True
    (node,) = nodes
    return node in succ[node]


def _components_reaching_endings(
    condensed: list[tuple[Component, ...]], order: list[Component], members: list[set],
    ending_nodes: set,
) -> set[Component]:
    """Components from which some ending node is reachable (reverse topological DP)."""
    can_end: set[Component] = set()
    for comp in reversed(order):
        if not members[comp].isdisjoint(ending_nodes) or any(
            succ in can_end for succ in condensed[comp]
        ):
            can_end.add(comp)
    return can_end


def _sorted_cycles(members: list[set], components: set[Component]) -> tuple:
    cycles = (_sorted_nodes(members[comp]) for comp in components)
    return tuple(sorted(cycles, key=lambda nodes: [node_sort_key(node) for node in nodes]))


def _longest_path(condensed: list[tuple[Component, ...]], order: list[Component],
                  root_comp: Component) -> int:
    """Edges on the longest path from the root in an acyclic reachable part.

    Only called when no reachable component is cyclic, so every reachable component is a
    single node and a path in the condensation is a path in the graph.
    """
    distance = {root_comp: 0}
    for comp in order:
        if comp not in distance:
            continue
        for succ in condensed[comp]:
            distance[succ] = max(distance.get(succ, 0), distance[comp] + 1)
    return max(distance.values())


def _path_count(
    condensed: list[tuple[Component, ...]],
    order: list[Component],
    members: list[set],
    ending_nodes: set,
    cyclic: set[Component],
    can_end: set[Component],
    reachable_comps: set[Component],
    root_comp: Component,
) -> int | None:
    """Distinct root-to-ending paths, or ``None`` if a cycle lies on one of them."""
    if any(comp in can_end for comp in cyclic & reachable_comps):
        return None
    paths: dict[Component, int] = {}
    for comp in reversed(order):
        if comp not in reachable_comps or comp not in can_end:
            continue
        own = 1 if not members[comp].isdisjoint(ending_nodes) else 0
        paths[comp] = own + sum(paths.get(succ, 0) for succ in condensed[comp])
    return paths.get(root_comp, 0)
