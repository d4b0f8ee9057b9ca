"""A directed graph with ``networkx.DiGraph``'s layout, without importing networkx.

Importing networkx takes about 0.15 s, more than exploring a small situation, and the
explorer and the audit need only a handful of its operations. :class:`DecisionGraph` stores
nodes and edges exactly as ``networkx.DiGraph`` does (``_node``, ``_succ``, ``_pred``: dicts
of attribute dicts, in insertion order) and offers the part of its API this project uses,
with the same results in the same order. :meth:`DecisionGraph.to_networkx` hands the very
same dicts to a real ``networkx.DiGraph`` in constant time, for any networkx algorithm.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

__all__ = ["DecisionGraph"]


class DecisionGraph:
    """Nodes with attributes, at most one edge per ordered pair of nodes, edge attributes."""

    def __init__(self) -> None:
        self.graph: dict[str, Any] = {}
        self._node: dict[Hashable, dict[str, Any]] = {}
        self._succ: dict[Hashable, dict[Hashable, dict[str, Any]]] = {}
        self._pred: dict[Hashable, dict[Hashable, dict[str, Any]]] = {}
        self._nx: Any = None

    # -- building --------------------------------------------------------------------------
    # Positional-only, so that any attribute name is allowed (a "target" card, a "node").
    def add_node(self, node: Hashable, /, **attrs: Any) -> None:
        if node not in self._node:
            self._node[node] = attrs
            self._succ[node] = {}
            self._pred[node] = {}
        else:
            self._node[node].update(attrs)

    def add_edge(self, source: Hashable, target: Hashable, /, **attrs: Any) -> None:
        for node in (source, target):
            if node not in self._node:
                self.add_node(node)
        data = self._succ[source].get(target)
        if data is None:
            data = self._succ[source][target] = self._pred[target][source] = {}
        data.update(attrs)

    def let_go_of_edges(self, node: Hashable, *, into: bool = False) -> None:
        """Forget the edges out of ``node`` (``into``: the edges into it): a reader that is
        done with them lets them go (the book, as its pages are made). Its nodes stay."""
        (self._pred if into else self._succ)[node] = {}

    # -- questions -------------------------------------------------------------------------
    def __contains__(self, node: object) -> bool:
        try:
            return node in self._node
        except TypeError:
            return False

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._node)

    def __len__(self) -> int:
        return len(self._node)

    def has_node(self, node: Hashable) -> bool:
        return node in self

    def has_edge(self, source: Hashable, target: Hashable) -> bool:
        successors = self._succ.get(source)
        return successors is not None and target in successors

    def number_of_nodes(self) -> int:
        return len(self._node)

    def number_of_edges(self) -> int:
        return sum(len(successors) for successors in self._succ.values())

    def successors(self, node: Hashable) -> Iterator[Hashable]:
        return iter(self._succ[node])

    def predecessors(self, node: Hashable) -> Iterator[Hashable]:
        return iter(self._pred[node])

    def out_degree(self, node: Any = None) -> Any:
        if node is None or node not in self._succ:
            return self.to_networkx().out_degree(node)  # a DegreeView, as networkx gives
        return len(self._succ[node])

    def in_degree(self, node: Any = None) -> Any:
        if node is None or node not in self._pred:
            return self.to_networkx().in_degree(node)
        return len(self._pred[node])

    @property
    def nodes(self) -> _NodeView:
        return _NodeView(self._node)

    @property
    def edges(self) -> _EdgeView:
        return _EdgeView(self._succ)

    def out_edges(self, nbunch: Any = None, data: Any = False, default: Any = None
                  ) -> Iterator[tuple]:
        for source in self._bunch(nbunch):
            for target, attrs in self._succ[source].items():
                yield _edge(source, target, attrs, data, default)

    def in_edges(self, nbunch: Any = None, data: Any = False, default: Any = None
                 ) -> Iterator[tuple]:
        for target in self._bunch(nbunch):
            for source, attrs in self._pred[target].items():
                yield _edge(source, target, attrs, data, default)

    def _bunch(self, nbunch: Any) -> Any:
        if nbunch is None:
            return list(self._node)
        if nbunch in self:
            return (nbunch,)
        return [node for node in nbunch if node in self]

    # -- networkx ------------------------------------------------------------------------------
    # networkx algorithms read a graph through these: given a DecisionGraph they work on it
    # as on the DiGraph it would be, and any other DiGraph method is that DiGraph's own.
    __networkx_backend__ = "networkx"

    @property
    def _adj(self) -> dict:
        return self._succ

    @property
    def adj(self) -> dict:
        return self._succ

    succ = adj

    @property
    def pred(self) -> dict:
        return self._pred

    def __getitem__(self, node: Hashable) -> dict:
        return self._succ[node]

    def is_directed(self) -> bool:
        return True

    def is_multigraph(self) -> bool:
        return False

    def neighbors(self, node: Hashable) -> Iterator[Hashable]:
        return iter(self._succ[node])

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_nx":
            raise AttributeError(name)
        return getattr(self.to_networkx(), name)

    def to_networkx(self) -> Any:
        """A ``networkx.DiGraph`` sharing this graph's dicts (constant time; imports networkx).

        Changes through either are seen by both; the same object is returned every time.
        """
        if self._nx is None:
            import networkx as nx

            graph = nx.DiGraph()
            graph.graph = self.graph
            graph._node = self._node
            graph._adj = self._succ
            graph._pred = self._pred
            self._nx = graph
        return self._nx


def _edge(source: Hashable, target: Hashable, attrs: dict, data: Any, default: Any) -> tuple:
    if data is True:
        return source, target, attrs
    if data is False:
        return source, target
    return source, target, attrs.get(data, default)


class _NodeView:
    """``graph.nodes``: iterate, ``in``, ``len``, ``nodes[node]`` and ``nodes(data=…)``."""

    __slots__ = ("_node",)

    def __init__(self, node: dict) -> None:
        self._node = node

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._node)

    def __len__(self) -> int:
        return len(self._node)

    def __contains__(self, node: object) -> bool:
        return node in self._node

    def __getitem__(self, node: Hashable) -> dict[str, Any]:
        return self._node[node]

    def get(self, node: Hashable, default: Any = None) -> Any:
        return self._node.get(node, default)

    def items(self) -> Any:
        return self._node.items()

    def __call__(self, data: Any = False, default: Any = None) -> Any:
        if data is False:
            return self
        if data is True:
            return list(self._node.items())
        return [(node, attrs.get(data, default)) for node, attrs in self._node.items()]


class _EdgeView:
    """``graph.edges``: ``(u, v)`` pairs, ``edges[u, v]`` and ``edges(data=…)``."""

    __slots__ = ("_succ",)

    def __init__(self, succ: dict) -> None:
        self._succ = succ

    def __iter__(self) -> Iterator[tuple]:
        for source, successors in self._succ.items():
            for target in successors:
                yield source, target

    def __len__(self) -> int:
        return sum(len(successors) for successors in self._succ.values())

    def __contains__(self, edge: object) -> bool:
        try:
            source, target = edge  # type: ignore[misc]
        except (TypeError, ValueError):
            return False
        return source in self._succ and target in self._succ[source]

    def __getitem__(self, edge: tuple) -> dict[str, Any]:
        source, target = edge
        return self._succ[source][target]

    def __call__(self, nbunch: Any = None, data: Any = False, default: Any = None
                 ) -> list[tuple]:
        sources = list(self._succ) if nbunch is None else (
            [nbunch] if nbunch in self._succ else [n for n in nbunch if n in self._succ])
        return [_edge(source, target, attrs, data, default)
                for source in sources for target, attrs in self._succ[source].items()]
