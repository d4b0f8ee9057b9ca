"""How easy a laid-out diagram is to follow, counted from ``dot -Tjson`` (issue 33).

- **crossings**: pairs of drawn edges whose lines cross (edges that share a node are not
  counted: they meet there by design);
- **long edges**: edges between two nodes more than :data:`LONG_SPAN` ranks apart (rows
  of a top-to-bottom layout, columns of a left-to-right one; the rows of a choice's words
  between them not counted), which a reader follows past the rows in between;
- **stray labels**: edge labels whose nearest line is another edge's, not their own (a
  reader takes a label for the choice of the line it sits against).

:mod:`gamebook.render.diagram` draws a book as an overview and one part per stage when its
whole diagram is above :data:`CROSSINGS_BOUND` or :data:`LONG_EDGES_BOUND`, and prefers
the layout with the fewest stray labels and crossings among those whose texts stand apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gamebook.render.textboxes import Box, boxes

JOINT = "joint"  # the class of a node an edge runs through: a choice's words, a count's tag
LONG_SPAN = 2  # ranks: an edge between nodes further apart than this is long
CROSSINGS_BOUND = 40  # a whole diagram with more crossings is split into stages
LONG_EDGES_BOUND = 20  # … or with more long edges
SAMPLES = 12  # points per cubic Bézier segment of an edge's line


@dataclass(frozen=True)
class Line:
    """One drawn edge: its owner name (``tail->head#id``), its two nodes, its polyline."""

    owner: str
    tail: str
    head: str
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Figures:
    crossings: int
    long_edges: int
    stray_labels: int
    edges: int  # drawn edges counted

    def cost(self) -> int:
        """What a reader has to untangle: a stray label misleads most, a long edge is
        followed past rows of others, a crossing is only to be seen through."""
        return 20 * self.stray_labels + 3 * self.long_edges + self.crossings

    def over_bound(self) -> bool:
        return self.crossings > CROSSINGS_BOUND or self.long_edges > LONG_EDGES_BOUND

    def __str__(self) -> str:
        return (f"{self.crossings} crossings, {self.long_edges} long edges, "
                f"{self.stray_labels} stray labels ({self.edges} edges)")


def _bezier(points: list[list[float]]) -> list[tuple[float, float]]:
    """A piecewise cubic Bézier (3n+1 control points) as a polyline."""
    found = [(points[0][0], points[0][1])]
    for start in range(0, len(points) - 3, 3):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points[start:start + 4]
        for step in range(1, SAMPLES + 1):
            t = step / SAMPLES
            u = 1 - t
            found.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                          u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
    return found


def _names(laid_out: dict) -> dict[int, str]:
    return {obj.get("_gvid"): obj.get("name", "?") for obj in laid_out.get("objects", [])}


def lines(laid_out: dict) -> list[Line]:
    """Every drawn edge (not the invisible ones that only order the layout)."""
    names = _names(laid_out)
    found = []
    for edge in laid_out.get("edges", []):
        if edge.get("style") == "invis":
            continue
        points: list[tuple[float, float]] = []
        for op in edge.get("_draw_", []):
            if op.get("op") == "b":
                points += _bezier(op["points"])
        if len(points) >= 2:
            tail, head = names.get(edge.get("tail"), "?"), names.get(edge.get("head"), "?")
            found.append(Line(f"{tail}->{head}#{edge.get('_gvid')}", tail, head,
                              tuple(points)))
    return found


def _joints(laid_out: dict) -> set[str]:
    return {obj.get("name", "?") for obj in laid_out.get("objects", [])
            if JOINT in obj.get("class", "").split()}


def paths(laid_out: dict, found: list[Line]) -> list[Line]:
    """The edges as a reader follows them: a line into a joint (a node an edge runs
    through, :data:`JOINT`) goes on along the line out of it, one path from node to node
    (its owner names the lines it joins, ``|`` between them)."""
    joints = _joints(laid_out)
    leaving: dict[str, list[Line]] = {}
    for line in found:
        leaving.setdefault(line.tail, []).append(line)
    joined = []
    for line in found:
        if line.tail in joints:
            continue
        owners, points, head = [line.owner], list(line.points), line.head
        while head in joints and len(leaving.get(head, [])) == 1 and len(owners) < 10:
            after = leaving[head][0]
            owners.append(after.owner)
            points += after.points
            head = after.head
        joined.append(Line("|".join(owners), line.tail, head, tuple(points)))
    return joined


def _cross(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float],
           s: tuple[float, float]) -> bool:
    """Whether segments pq and rs cross (properly: touching ends do not count)."""
    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = side(r, s, p), side(r, s, q)
    d3, d4 = side(p, q, r), side(p, q, s)
    return d1 * d2 < 0 and d3 * d4 < 0


def _bounds(points: tuple[tuple[float, float], ...]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def crossings(found: list[Line]) -> int:
    """Pairs of lines that cross, of edges with no node in common.

    The lines' segments are put in a grid of cells: two segments that cross share the cell
    of their crossing point, so only segments of one cell are compared (a whole Battle
    Phase's diagram has thousands of short segments, and comparing every pair took minutes).
    """
    parts = [set(line.owner.split("|")) for line in found]
    cells: dict[tuple[int, int], list[tuple[int, tuple[float, float], tuple[float, float]]]] = {}
    for index, line in enumerate(found):
        for p, q in zip(line.points, line.points[1:], strict=False):
            for cell in _cells(p, q):
                cells.setdefault(cell, []).append((index, p, q))
    crossing: set[tuple[int, int]] = set()
    apart: dict[tuple[int, int], bool] = {}
    for segments in cells.values():
        for a, (i, p, q) in enumerate(segments):
            for j, r, s in segments[a + 1:]:
                if i == j:
                    continue
                pair = (i, j) if i < j else (j, i)
                if pair in crossing:
                    continue
                if pair not in apart:
                    line, other = found[pair[0]], found[pair[1]]
                    apart[pair] = not ({line.tail, line.head} & {other.tail, other.head}
                                       or parts[pair[0]] & parts[pair[1]])
                if apart[pair] and _cross(p, q, r, s):
                    crossing.add(pair)
    return len(crossing)


CELL = 24.0  # points: the side of a cell of :func:`crossings`' grid


def _cells(p: tuple[float, float], q: tuple[float, float]) -> list[tuple[int, int]]:
    """The grid cells the box of segment pq covers."""
    x0, x1 = sorted((p[0], q[0]))
    y0, y1 = sorted((p[1], q[1]))
    return [(x, y) for x in range(math.floor(x0 / CELL), math.floor(x1 / CELL) + 1)
            for y in range(math.floor(y0 / CELL), math.floor(y1 / CELL) + 1)]


def long_edges(laid_out: dict, found: list[Line], span: int = LONG_SPAN) -> int:
    """Lines between two nodes more than ``span`` ranks apart (a rank: the nodes whose
    centres share a coordinate across the rank direction)."""
    across = 0 if laid_out.get("rankdir") == "LR" else 1
    where: dict[str, float] = {}
    joints = _joints(laid_out)
    for obj in laid_out.get("objects", []):
        if "pos" in obj and "nodes" not in obj and obj["name"] not in joints:
            where[obj["name"]] = float(obj["pos"].split(",")[across])
    ranks = sorted({round(value) for value in where.values()})
    index = {value: number for number, value in enumerate(ranks)}
    return sum(1 for line in found if line.tail in where and line.head in where
               and abs(index[round(where[line.tail])] - index[round(where[line.head])]) > span)


def _distance(box: Box, points: tuple[tuple[float, float], ...]) -> float:
    """How far the polyline comes to the box (0: it touches or passes through it)."""
    best = math.inf
    for p, q in zip(points, points[1:], strict=False):
        for step in range(5):  # the segments are short: a few points along each is enough
            t = step / 4
            x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
            dx = max(box.left - x, 0.0, x - box.right)
            dy = max(box.bottom - y, 0.0, y - box.top)
            best = min(best, math.hypot(dx, dy))
    return best


def _box_gap(box: Box, bounds: tuple[float, float, float, float]) -> float:
    """How far the box is from the rectangle ``bounds`` (0 where they overlap)."""
    dx = max(bounds[0] - box.right, 0.0, box.left - bounds[2])
    dy = max(bounds[1] - box.top, 0.0, box.bottom - bounds[3])
    return math.hypot(dx, dy)


def stray_labels(laid_out: dict, found: list[Line]) -> list[tuple[str, str, str]]:
    """The words of edges whose nearest line is another edge's: (the words, their owner, the
    nearest line). Words are an edge's label, whose own line is its edge's, or a joint's (a
    choice's words as a node on its edge), whose own lines run into and out of it."""
    joints = _joints(laid_out)
    labels: dict[str, list[Box]] = {}
    for box in boxes(laid_out):
        owner = box.owner.removesuffix("_ldraw_")
        if box.owner.endswith("_ldraw_") and ("->" in owner or owner in joints):
            labels.setdefault(owner, []).append(box)
    by_owner = {line.owner: line for line in found}
    bounds = [_bounds(line.points) for line in found]
    stray = []
    for owner, parts in labels.items():
        mine = ({owner} if owner in by_owner else
                {line.owner for line in found if owner in (line.tail, line.head)})
        if not mine:
            continue
        label = Box(owner, " ".join(part.text for part in parts),
                    min(part.left for part in parts), min(part.bottom for part in parts),
                    max(part.right for part in parts), max(part.top for part in parts))
        near = min(_distance(label, by_owner[name].points) for name in mine)
        for line, box in zip(found, bounds, strict=True):
            if line.owner in mine or _box_gap(label, box) >= near - 0.5:
                continue  # nowhere near: its bounds are further than the label's own line
            if _distance(label, line.points) < near - 0.5:
                stray.append((label.text, owner, line.owner))
                break
    return stray


def figures(laid_out: dict) -> Figures:
    """The figures of one laid-out diagram."""
    found = lines(laid_out)
    followed = paths(laid_out, found)
    return Figures(crossings(followed), long_edges(laid_out, followed),
                   len(stray_labels(laid_out, found)), len(followed))
