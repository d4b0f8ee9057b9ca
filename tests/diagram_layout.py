"""Where a laid-out diagram puts its text (:mod:`gamebook.render.textboxes`).

``python tests/diagram_layout.py output/…/graph.dot`` prints the boxes that collide.
"""

from __future__ import annotations

import sys

from gamebook.render.textboxes import Box, boxes, collisions, layout, scale

__all__ = ["Box", "boxes", "collisions", "layout", "scale"]

if __name__ == "__main__":
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as handle:
            for a, b, gap in collisions(boxes(layout(handle.read()))):
                print(f"{path}: {a.text!r} ({a.owner}) and {b.text!r} ({b.owner}): {gap:.1f} pt")
