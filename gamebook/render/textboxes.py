"""Where a laid-out diagram puts its text: ``dot -Tjson`` read back as text boxes, and the
pairs of them a reader would see touching (issue 23).

:mod:`gamebook.render.diagram` lays out the diagrams it tries with this and keeps one whose
texts stand apart; ``tests/test_diagram_text.py`` checks every diagram a build writes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass

GAP = 2.0  # points: any two texts at least this far apart
# points: two texts side by side on one line at least this far apart (half a letter at
# 16 pt: closer, two labels read as one word, 停止攻擊停止攻擊)
BESIDE = 8.0


@dataclass(frozen=True)
class Box:
    owner: str  # the node, edge or cluster the text belongs to
    text: str
    left: float
    bottom: float
    right: float
    top: float

    def gap(self, other: Box) -> float:
        """How far apart the boxes are (negative: they overlap by that much)."""
        return max(other.left - self.right, self.left - other.right,
                   other.bottom - self.top, self.bottom - other.top)

    def same_line(self, other: Box) -> bool:
        """Whether the two stand side by side on one line (they would read as one text)."""
        shared = min(self.top, other.top) - max(self.bottom, other.bottom)
        return shared > 0.5 * min(self.top - self.bottom, other.top - other.bottom)


def layout(source: str, timeout: float = 60) -> dict:
    """``source`` laid out by Graphviz (``dot -Tjson``)."""
    result = subprocess.run([shutil.which("dot") or "dot", "-Tjson"], input=source.encode(),
                            capture_output=True, check=True, timeout=timeout)
    return json.loads(result.stdout)


def scale(laid_out: dict) -> float:
    """How much Graphviz shrinks the layout to fit its ``size`` (1: not at all), as
    ``dot -Tplain`` says it: the bounding box and the ``pad`` on each side against ``size``."""
    attrs = laid_out
    left, bottom, right, top = (float(v) for v in attrs["bb"].split(","))
    pad = 72 * float(attrs.get("pad", "0.0555"))
    size = attrs.get("size")
    if not size:
        return 1.0
    width, height = (72 * float(v) for v in size.rstrip("!").split(","))
    return min(1.0, width / (right - left + 2 * pad), height / (top - bottom + 2 * pad))


def boxes(laid_out: dict) -> list[Box]:
    """Every piece of text: node and cluster labels, edge labels (head and tail ones too)."""
    found = []
    items = [(obj.get("name", "?"), obj) for obj in laid_out.get("objects", [])]
    names = {obj.get("_gvid"): obj.get("name", "?") for obj in laid_out.get("objects", [])}
    items += [(f"{names.get(e.get('tail'))}->{names.get(e.get('head'))}#{e.get('_gvid')}", e)
              for e in laid_out.get("edges", [])]
    for owner, obj in items:
        for key in ("_ldraw_", "_hldraw_", "_tldraw_"):
            size = 14.0
            for op in obj.get(key, []):
                if op.get("op") == "F":
                    size = float(op["size"])
                elif op.get("op") == "T":
                    x, y = op["pt"]
                    width = float(op["width"])
                    # an en space (half an em) either side pads an edge label: not ink
                    words = op["text"]
                    lead = len(words) - len(words.lstrip("\u2002"))
                    trail = len(words) - len(words.rstrip("\u2002"))
                    left = {"l": x, "r": x - width}.get(op.get("align"), x - width / 2)
                    # a line's ink: descenders below the baseline, capitals and CJK above
                    found.append(Box(f"{owner}{key}", words.strip("\u2002"),
                                     left + lead * size / 2, y - 0.22 * size,
                                     left + width - trail * size / 2, y + 0.8 * size))
    return found


def collisions(found: list[Box], gap: float = GAP, beside: float = BESIDE
               ) -> list[tuple[Box, Box, float]]:
    """Pairs of texts of different owners that touch: less than ``gap`` points apart, or
    side by side on one line less than ``beside`` points apart."""
    found = sorted(found, key=lambda box: box.left)
    pairs = []
    for i, box in enumerate(found):
        for other in found[i + 1:]:
            if other.left - box.right >= max(gap, beside):
                break
            if other.owner == box.owner:
                continue
            apart = box.gap(other)
            if apart < gap or (apart < beside and box.same_line(other)):
                pairs.append((box, other, apart))
    return pairs
