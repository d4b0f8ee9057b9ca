"""Machine-readable and diagram outputs: graph.json (node-link) and Graphviz DOT.

graph.json is a public interface (documented in the README): node ``id``, ``page``,
``to_move``, ``chain``, ``terminal`` and, at endings, ``outcome``; edge ``player``,
``action``, ``card``, ``effect``, ``target``, ``label`` and the ``events`` on the way.
"""

from __future__ import annotations

import json
import re
from typing import Any

from gamebook.book.pages import Book
from gamebook.explore import Exploration

PLAYER_STYLE = {
    "A": {"shape": "box", "style": "rounded,filled", "fillcolor": "#dbe8f7", "color": "#1f5fa8"},
    "B": {"shape": "ellipse", "style": "filled", "fillcolor": "#f7e0d9", "color": "#a83a1f"},
    None: {"shape": "doubleoctagon", "style": "filled", "fillcolor": "#dcefdc",
           "color": "#3b7a3b"},
}
EDGE_LABEL_LIMIT = 150  # above this many nodes, edge labels become tooltips only
TITLE_LIMIT = 100  # characters of the title on a diagram; longer ones end in "…"
LABEL_LIMIT = 40  # characters of an edge label
TOOLTIP_LIMIT = 300
# Characters XML 1.0 forbids (SVG is XML): C0 controls but tab/newline/CR, surrogates, FFFE/F.
_XML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def shorten(value: str, limit: int) -> str:
    """``value`` cut to ``limit`` characters, ending in "…" when it was longer."""
    value = str(value)
    return value if len(value) <= limit else value[:limit - 1].rstrip() + "…"


def graph_data(exploration: Exploration, book: Book) -> dict[str, Any]:
    """The decision graph as networkx node-link data with JSON-friendly attributes."""
    import networkx as nx

    pages = {page.node: page for page in book.pages}
    graph = exploration.graph
    out = nx.DiGraph()
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
            out.add_edge(page.node, child, **attrs,
                         events=[event.as_dict() for event in data["events"]])
    # "target" is the card an effect targets, so the links use "from" and "to".
    return nx.node_link_data(out, edges="edges", source="from", target="to")


def graph_json(exploration: Exploration, book: Book) -> str:
    return json.dumps(graph_data(exploration, book), ensure_ascii=False, indent=1,
                      sort_keys=True) + "\n"


def graph_dot(exploration: Exploration, book: Book) -> str:
    """DOT source: one node per page, shape and colour per player, endings on one rank."""
    import graphviz

    def text(value: str, limit: int = TOOLTIP_LIMIT) -> str:
        """A user string made safe for DOT and the SVG it becomes: never read as an
        HTML-like label or an escape, no character XML forbids, at most ``limit`` long."""
        return graphviz.escape(shorten(_XML_FORBIDDEN.sub("", value), limit))

    dot = graphviz.Digraph("gamebook", graph_attr={
        "label": text(f"{shorten(book.title, TITLE_LIMIT)}\n{book.summary_line}"),
        "labelloc": "t",
        "fontname": "Helvetica", "rankdir": "TB", "nodesep": "0.25", "ranksep": "0.45",
    }, node_attr={"fontname": "Helvetica", "fontsize": "11", "margin": "0.05,0.03"},
        edge_attr={"fontname": "Helvetica", "fontsize": "8", "color": "#777777"})
    labels = len(book.pages) <= EDGE_LABEL_LIMIT
    endings = []
    for page in book.pages:
        style = PLAYER_STYLE[page.to_move]
        tooltip = page.decides or " ".join(page.ending[:2])
        dot.node(page.node, label=str(page.number), tooltip=text(tooltip), **style)
        if page.terminal:
            endings.append(page.node)
        seen = set()
        for choice in page.choices:
            child = book.page(choice.page).node
            if child in seen:
                continue
            seen.add(child)
            dot.edge(page.node, child, label=text(choice.short, LABEL_LIMIT) if labels else "",
                     tooltip=text(choice.label))
    with dot.subgraph(name="endings") as same:
        same.attr(rank="same")
        for node in endings:
            same.node(node)
    with dot.subgraph(name="cluster_legend") as legend:
        legend.attr(label="legend", fontsize="9", color="#bbbbbb")
        legend.node("legend_a", label="Player A decides", fontsize="9", **PLAYER_STYLE["A"])
        legend.node("legend_b", label="Player B decides", fontsize="9", **PLAYER_STYLE["B"])
        legend.node("legend_end", label="ending", fontsize="9", **PLAYER_STYLE[None])
        legend.edge("legend_a", "legend_b", style="invis")
        legend.edge("legend_b", "legend_end", style="invis")
    return dot.source

