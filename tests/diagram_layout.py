"""Where a laid-out diagram puts its text: ``dot -Tjson`` read back as text boxes.

``python tests/diagram_layout.py output/…/graph.dot`` prints the boxes that collide.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass


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
    result = subprocess.run([shutil.which("dot") or "dot", "-Tjson"], input=source.encode(),
                            capture_output=True, check=True, timeout=timeout)
    return json.loads(result.stdout)


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


def collisions(found: list[Box], gap: float = 2.0, beside: float = 8.0
               ) -> list[tuple[Box, Box, float]]:
    """Pairs of texts of different owners that touch: less than ``gap`` points apart, or
    side by side on one line less than ``beside`` points apart (half a letter at 16 pt:
    closer, two labels read as one word, 停止攻擊停止攻擊)."""
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


if __name__ == "__main__":
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as handle:
            for a, b, gap in collisions(boxes(layout(handle.read()))):
                print(f"{path}: {a.text!r} ({a.owner}) and {b.text!r} ({b.owner}): {gap:.1f} pt")
