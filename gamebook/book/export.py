"""Machine-readable and diagram outputs: graph.json (node-link) and Graphviz DOT files.

graph.json is a public interface (documented in the README): node ``id``, ``page``,
``to_move``, ``chain``, ``terminal`` and, at endings, ``outcome``; edge ``player``,
``action``, ``card``, ``effect``, ``target``, ``label`` and the ``events`` on the way.
"""

from __future__ import annotations

import json
import re
from typing import Any

from gamebook.book.diagram import diagrams, shorten  # noqa: F401 - shorten is public here
from gamebook.book.pages import Book
from gamebook.digraph import DecisionGraph
from gamebook.explore import Exploration

# Files a build may write besides the fixed names: the per-attack diagrams of a large book
# (graph.1.dot, …) and the parts of a Mermaid chart too large for one (graph.part1.mmd, …).
PART_FILE = re.compile(r"graph\.\d+\.(?:dot|svg|png)|graph\.part\d+\.mmd")


def graph_data(exploration: Exploration, book: Book) -> dict[str, Any]:
    """The decision graph as networkx node-link data with JSON-friendly attributes."""
    pages = {page.node: page for page in book.pages}
    graph = exploration.graph
    # One dict per event object: a big book's edges repeat the same events thousands of times.
    told: dict[int, dict[str, Any]] = {}
    out = DecisionGraph()
    out.graph.update(title=graph.graph.get("title"), root=exploration.root,
                     rules=graph.graph.get("rules"), situation=graph.graph.get("situation"))
    for node in sorted(graph.nodes, key=lambda n: pages[n].number):
        state = exploration.state(node)
        page = pages[node]
        attrs: dict[str, Any] = {
            "page": page.number,
            "to_move": page.to_move,
            "chain": [{"player": link.player.value, "card": link.card, "effect": link.effect}
                      for link in state.chain],
            "terminal": page.terminal,
        }
        if page.terminal:
            attrs["outcome"] = page.outcome
        out.add_node(node, **attrs)
    for page in book.pages:
        for choice in page.choices:
            child = book.page(choice.page).node
            action = choice.action
            attrs = {"player": action.player.value, "action": action.kind.value,
                     "card": action.card, "effect": action.effect, "target": action.target,
                     "label": choice.label}
            if out.has_edge(page.node, child):
                # another choice of this page reaching the same state (a DiGraph keeps one
                # edge per pair of nodes): listed with the first
                out.edges[page.node, child].setdefault("alternatives", []).append(attrs)
                continue
            data = graph.edges[page.node, child]
            events = [told.get(id(event)) or told.setdefault(id(event), event.as_dict())
                      for event in data["events"]]
            out.add_edge(page.node, child, **attrs, events=events)
    # nx.node_link_data(out, edges="edges", source="from", target="to"), written out: importing
    # networkx takes longer than writing a small book. "target" is the card an effect
    # targets, so the links use "from" and "to".
    return {"directed": True, "multigraph": False, "graph": out.graph,
            "nodes": [{**out.nodes[node], "id": node} for node in out],
            "edges": [{**attrs, "from": source, "to": target}
                      for source, target, attrs in out.edges(data=True)]}


def graph_json(exploration: Exploration, book: Book) -> str:
    """graph.json: keys sorted, one node or edge per line. Each line comes from the C JSON
    encoder (``indent=`` would force the pure-Python one, 4.5 times slower on big books)."""
    encode = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode
    data = graph_data(exploration, book)
    lines = []
    for key in sorted(data):
        value = data[key]
        if isinstance(value, list) and value:
            items = ",\n".join(f"  {encode(item)}" for item in value)
            lines.append(f" {encode(key)}: [\n{items}\n ]")
        else:
            lines.append(f" {encode(key)}: {encode(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def graph_dot(exploration: Exploration, book: Book, *, merge_endings: bool = False) -> str:
    """DOT source of the book's (first) diagram: see :mod:`gamebook.book.diagram`."""
    return diagrams(exploration, book, merge_endings=merge_endings)[0].source


def diagram_files(exploration: Exploration, book: Book, *, merge_endings: bool = False
                  ) -> dict[str, str]:
    """``graph.dot``, and for a large book of several attacks ``graph.1.dot``, …"""
    return {f"{d.name}.dot": d.source
            for d in diagrams(exploration, book, merge_endings=merge_endings)}


def format_files(exploration: Exploration, book: Book, fmt: str, *,
                 merge_endings: bool = False) -> dict[str, str]:
    """The files of one ``--format``: ``md``, ``html``, ``txt`` (``book.<fmt>``), ``print``
    (``book.print.html``), ``twee`` (``book.twee``), ``mmd`` (``graph.mmd`` or its parts)."""
    from gamebook.book.render import render

    if fmt == "twee":
        from gamebook.book.twee import book_twee

        return {"book.twee": book_twee(book)}
    if fmt == "mmd":
        from gamebook.book.mermaid import mermaid_files

        return mermaid_files(exploration, book, merge_endings=merge_endings)
    if fmt == "print":
        return {"book.print.html": render(book, "print")}
    return {f"book.{fmt}": render(book, fmt)}


def part_files(folder: Any) -> list[str]:
    """The part files (:data:`PART_FILE`) an earlier build left in ``folder``: a new build
    replaces them like its fixed names."""
    from pathlib import Path

    folder = Path(folder)
    if not folder.is_dir():
        return []
    return sorted(entry.name for entry in folder.iterdir() if PART_FILE.fullmatch(entry.name))
