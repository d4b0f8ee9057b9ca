"""``graph.mmd``: the decision diagram as a Mermaid flowchart, for Markdown platforms.

The nodes, labels, colours and links are the Graphviz diagram's (:mod:`gamebook.render.diagram`).
Mermaid refuses a chart of more than 500 edges or 50,000 characters (its default
``maxEdges`` and ``maxTextSize``), so a larger book is split, in page order, into parts that
stay under both (``graph.part1.mmd``, ``graph.part2.mmd``, …); a choice that leads into
another part ends at a small node naming that page and part.
"""

from __future__ import annotations

from gamebook.book.pages import Book, Page
from gamebook.book.view import ActionKind
from gamebook.render.diagram import OUTCOME_STYLE, PLAYER_STYLE, _Builder

MAX_EDGES = 500  # Mermaid's default maxEdges
MAX_TEXT = 50_000  # Mermaid's default maxTextSize (characters)
# Room left under the limits for the title, the class definitions and the arrows to other
# parts (each part is checked after the split, and split finer if it is still too long).
EDGE_BUDGET, TEXT_BUDGET = MAX_EDGES - 20, MAX_TEXT - 4_000


def quote(value: str) -> str:
    """A Mermaid string: in double quotes, with the characters Mermaid would read as syntax
    (quotes, entity codes, HTML) written as its entity codes; lines joined with <br>."""
    value = "".join({'"': "#quot;", "#": "#35;", "<": "#lt;", ">": "#gt;", "&": "#amp;",
                     "`": "#96;"}.get(c, c) for c in value)
    return '"' + "<br>".join(value.split("\n")) + '"'


def _classes() -> list[str]:
    lines = []
    for player, style in PLAYER_STYLE.items():
        lines.append(f"  classDef {player.lower()} fill:{style['fillcolor']},"
                     f"stroke:{style['color']},color:#000")
    for name, fill in OUTCOME_STYLE.items():
        lines.append(f"  classDef {name} fill:{fill},stroke:#3d3d3d,color:#000,stroke-width:2px")
    lines.append("  classDef stub fill:#f4f4f4,stroke:#888888,color:#000")
    return lines


def mermaid_files(book: Book, *, merge_endings: bool = False
                  ) -> dict[str, str]:
    """``graph.mmd`` when the chart fits Mermaid's limits, else ``graph.part1.mmd``, …"""
    builder = _Builder(book, merge_endings, "book.html")
    ids = builder._ids(book.pages)
    blocks = [(page, _page_lines(builder, page, ids)) for page in book.pages]
    edge_budget, text_budget = EDGE_BUDGET, TEXT_BUDGET
    while True:  # the cross-part arrows are only known once split: check, and split finer
        files = _split(builder, ids, blocks, edge_budget, text_budget)
        if all(len(text) < MAX_TEXT and _edges(text) < MAX_EDGES for text in files.values()):
            return files
        edge_budget, text_budget = int(edge_budget * 0.8), int(text_budget * 0.8)


def _edges(text: str) -> int:
    return sum(1 for line in text.split("\n") if " --> " in line or " -.-> " in line
               or "-->|" in line)


def _split(builder: _Builder, ids: dict[int, str],
           blocks: list[tuple[Page, tuple[list[str], list[str]]]], edge_budget: int,
           text_budget: int) -> dict[str, str]:
    parts: list[list[tuple[Page, tuple[list[str], list[str]]]]] = [[]]
    edges = size = 0
    for page, (node_lines, edge_lines) in blocks:
        cost = sum(len(line) + 1 for line in node_lines + edge_lines)
        if parts[-1] and (edges + len(edge_lines) > edge_budget or size + cost > text_budget):
            parts.append([])
            edges = size = 0
        parts[-1].append((page, (node_lines, edge_lines)))
        edges += len(edge_lines)
        size += cost
    part_of = {page.number: index for index, part in enumerate(parts, start=1)
               for page, _ in part}
    files = {}
    for index, part in enumerate(parts, start=1):
        lines = ["---", f"title: {quote(builder.title(None).split(chr(10))[0])}", "---",
                 "flowchart TD"]
        declared: set[str] = set()
        stubs = []
        body = []
        for page, (node_lines, edge_lines) in part:
            node = ids[page.number]
            if node not in declared:
                declared.add(node)
                body += node_lines
            body += edge_lines
        for page, _ in part:
            for choice in page.choices:
                if part_of[choice.page] != index and ids[choice.page] not in declared:
                    declared.add(ids[choice.page])
                    label = builder.words("diagram.continues", moment=builder.words(
                        "meta.page", number=choice.page)) + f" ({part_of[choice.page]})"
                    stubs.append(f"  {ids[choice.page]}[{quote(label)}]:::stub")
        lines += body + stubs + _classes()
        name = "graph.mmd" if len(parts) == 1 else f"graph.part{index}.mmd"
        files[name] = "\n".join(lines) + "\n"
    return files


def _page_lines(builder: _Builder, page: Page, ids: dict[int, str]
                ) -> tuple[list[str], list[str]]:
    """The node of ``page`` (with its class and link) and the edges of its choices."""
    node = ids[page.number]
    if page.terminal:
        outcome_class, summary = builder.ending_key(page)
        label = f"{page.number}\n{summary}"
        shape = f"[{quote(label)}]:::{outcome_class}"
    elif page.to_move == "A":
        shape = f"({quote(str(page.number))}):::a"
    else:
        shape = f"(({quote(str(page.number))})):::b"
    tooltip = " · ".join(builder.page_tooltip(page).split("\n"))
    nodes = [f"  {node}{shape}",
             f'  click {node} href "book.html#p{page.number}" {quote(tooltip)}']
    edges = []
    seen = set()
    for choice in page.choices:
        child = ids[choice.page]
        if child in seen:
            continue
        seen.add(child)
        if choice.action.kind is ActionKind.PASS:
            edges.append(f"  {node} -.-> {child}")
        else:
            edges.append(f"  {node} -->|{quote(builder.edge_label(choice))}| {child}")
    return nodes, edges
