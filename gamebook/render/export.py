"""Machine-readable and diagram outputs: graph.json (node-link) and Graphviz DOT files.

graph.json is a public interface (documented in the README): node ``id``, ``page``,
``to_move``, ``chain``, ``terminal`` and, at endings, ``outcome``; edge ``player``,
``action``, ``card``, ``effect``, ``target``, ``label`` and the ``events`` on the way
(``reordered`` where the order reduction shows the choice's chain in another order).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from gamebook.book.pages import Book, Choice, PageFeed
from gamebook.book.rulebook import cite
from gamebook.render.diagram import diagrams, shorten  # noqa: F401 - shorten is public here

# Files a build may write besides the fixed names: the per-attack diagrams of a large book
# (graph.1.dot, …) and the parts of a Mermaid chart too large for one (graph.part1.mmd, …).
PART_FILE = re.compile(r"graph\.\d+\.(?:dot|svg|png)|graph\.part\d+\.mmd")


def graph_data(book: Book) -> dict[str, Any]:
    """The decision graph as node-link data (networkx's layout) with JSON-friendly
    attributes: ``directed``, ``multigraph``, ``graph``, ``nodes``, ``edges``."""
    told: dict[int, dict[str, Any]] = {}  # one dict per event object
    edges = [{**attrs, "events": [told.get(id(e)) or told.setdefault(id(e), e.as_dict())
                                  for e in events]}
             for attrs, events in _edges(book)]
    return {"directed": True, "multigraph": False, "graph": dict(book.facts),
            "nodes": list(_nodes(book)), "edges": edges}


def graph_json(book: Book) -> str:
    """graph.json: :func:`graph_json_chunks` joined."""
    return "".join(graph_json_chunks(book))


def graph_json_chunks(book: Book) -> Iterator[str]:
    """graph.json in pieces, to be written one after the other (a big book's file is
    hundreds of megabytes: never all in memory). Keys sorted, one node or edge per line,
    each from the C JSON encoder (``indent=`` would force the pure-Python one, 4.5 times
    slower on big books)."""
    encode = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode
    parts = {"directed": True, "edges": _edge_lines(book, encode),
             "graph": dict(book.facts), "multigraph": False,
             "nodes": map(encode, _nodes(book))}
    yield "{\n"
    for index, (key, value) in enumerate(parts.items()):  # in sorted order
        comma = ",\n" if index < len(parts) - 1 else "\n"
        if not isinstance(value, Iterator):
            yield f" {encode(key)}: {encode(value)}{comma}"
            continue
        opened = False
        for line in value:
            yield f"{',' if opened else f' {encode(key)}: ['}\n  {line}"
            opened = True
        yield f"\n ]{comma}" if opened else f" {encode(key)}: []{comma}"
    yield "}\n"


def _edge_lines(book: Book, encode: Any) -> Iterator[str]:
    """Each edge as the encoder writes it, keys sorted; its events are encoded once per
    event object (a big book's edges repeat the same events thousands of times) and put
    between the keys that sort before "events" and those after."""
    told: dict[int, tuple[Any, str]] = {}
    for attrs, events in _edges(book):
        texts = []
        for event in events:
            found = told.get(id(event))
            if found is None:
                found = told[id(event)] = (event, encode(event.as_dict()))
            texts.append(found[1])
        before = encode({key: value for key, value in attrs.items() if key < "events"})
        after = encode({key: value for key, value in attrs.items() if key > "events"})
        yield f'{before[:-1]}, "events": [{", ".join(texts)}], {after[1:]}'


def _nodes(book: Book) -> Iterator[dict[str, Any]]:
    """One per page, in page order."""
    for page in book.pages:
        node: dict[str, Any] = {
            "page": page.number,
            "to_move": page.to_move,
            "chain": [{"player": link.player.value, "card": link.card, "effect": link.effect}
                      for link in (page.point.chain if page.point else ())],
            "terminal": page.terminal,
        }
        if page.terminal:
            node["outcome"] = page.outcome.to_json()
        node["id"] = page.node
        yield node


def _edges(book: Book) -> Iterator[tuple[dict[str, Any], Any]]:
    """One per pair of pages a choice joins, in page and choice order: its attributes and
    its events. A second choice of a page that reaches the same page is listed in the first
    one's ``alternatives``."""
    for page in book.pages:
        edges: dict[str, tuple[dict[str, Any], Any]] = {}
        for choice in page.choices:
            child = book.page(choice.page).node
            action = choice.action
            attrs = {"player": action.player.value, "action": action.kind.value,
                     "card": action.card, "effect": action.effect, "target": action.target,
                     "label": choice.label}
            if action.cost is not None:  # the card chosen for the cost (R16, R113)
                attrs["cost"] = action.cost
            if choice.reordered is not None:  # its chain shown in another order (R137)
                attrs["reordered"] = _reordered(choice)
            edge = edges.get(child)
            if edge is not None:
                edge[0].setdefault("alternatives", []).append(attrs)
                continue
            # "target" is the card an effect targets, so the links use "from" and "to".
            attrs["from"], attrs["to"] = page.node, child
            edges[child] = (attrs, choice.events)
        yield from edges.values()


def _reordered(choice: Choice) -> dict[str, Any]:
    """A choice whose chain its page shows in another order: the rule (its R-number), the
    chain's cards as the choice built it and as the page shows them, and the kinds of the
    links that moved (``lp``, ``stats``, ``destroy``)."""
    note = choice.reordered
    return {"rule": cite(f"R:{note.rule}"), "reached": list(note.reached),
            "shown": list(note.shown), "because": list(note.because)}


def graph_dot(book: Book, *, merge_endings: bool = False) -> str:
    """DOT source of the book's (first) diagram: see :mod:`gamebook.render.diagram`."""
    return diagrams(book, merge_endings=merge_endings)[0].source


def diagram_files(book: Book, *, merge_endings: bool = False,
                  layouts: bool = True) -> dict[str, str]:
    """``graph.dot``, and for a large book of several attacks ``graph.1.dot``, …"""
    return {f"{d.name}.dot": d.source
            for d in diagrams(book, merge_endings=merge_endings, layouts=layouts)}


def format_files(book: Book, fmt: str, *,
                 merge_endings: bool = False) -> dict[str, str | Iterator[str]]:
    """The files of one ``--format``: ``md``, ``html``, ``txt`` (``book.<fmt>``), ``print``
    (``book.print.html``), ``twee`` (``book.twee``), ``mmd`` (``graph.mmd`` or its parts).
    A book's text comes in pieces (:func:`~gamebook.render.markup.render_chunks`), made as
    they are written."""
    from gamebook.render.markup import render_chunks

    if fmt == "twee":
        from gamebook.render.twee import twee_chunks

        return {"book.twee": twee_chunks(book)}
    if fmt == "mmd":
        from gamebook.render.mermaid import mermaid_files

        return mermaid_files(book, merge_endings=merge_endings)
    if fmt == "print":
        return {"book.print.html": render_chunks(book, "print")}
    return {f"book.{fmt}": render_chunks(book, fmt)}


# The formats made from every sentence of the pages, a file each: written together, in one
# pass over the pages (:func:`write_formats`), as the pages are made.
TOLD_FORMATS = ("md", "html", "txt", "print", "twee")


def write_formats(feed: PageFeed, stage: Any, formats: list[str]) -> None:
    """Write into ``stage`` (:class:`~gamebook.inputs.files.Stage`) the files of each format
    of ``formats`` told from the pages' sentences (:data:`TOLD_FORMATS`), all at once as
    ``feed`` makes the pages: the format that has read the fewest pages writes its next
    piece (about a megabyte), so the pages that one format has read and another not are
    only a few hundred, whatever the size of the book."""
    from contextlib import ExitStack

    told = []
    for fmt in dict.fromkeys(formats):
        if fmt in TOLD_FORMATS:
            reading = feed.reader()
            [(name, chunks)] = format_files(reading, fmt).items()
            told.append((name, reading, iter(chunks)))
    with ExitStack() as files:
        writers = [(reading, chunks, files.enter_context(stage.writing(name)))
                   for name, reading, chunks in told]
        while writers:
            behind = min(writers, key=lambda writer: writer[0].read)
            piece = next(behind[1], None)
            if piece is None:
                writers.remove(behind)
            else:
                behind[2](piece)


def part_files(folder: Any) -> list[str]:
    """The part files (:data:`PART_FILE`) an earlier build left in ``folder``: a new build
    replaces them like its fixed names."""
    from pathlib import Path

    folder = Path(folder)
    if not folder.is_dir():
        return []
    return sorted(entry.name for entry in folder.iterdir() if PART_FILE.fullmatch(entry.name))
