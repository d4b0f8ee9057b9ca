"""How big a diagram's text is when an article shows the PNG in a column of 1,200 px.

The measure is read from the picture itself: for every decision node, the ink of its page
number (digits, as tall as capitals) is found inside the node's box in the PNG, and its
height in pixels is scaled to the column width. The smallest font of the diagram is checked
too: its size in the PNG (from the SVG of the same layout) times the cap height of the font,
itself measured by rendering a capital H with Graphviz.

    .venv/bin/python tests/diagram_measure.py output/borrelsword_linkuriboh/graph.svg
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

COLUMN = 1200  # px: the article column the PNG is shown in
SVG = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True)
class Measure:
    png_width: int
    png_height: int
    scale: float  # of the PNG shown in the column (1 when it is narrower)
    digit_height: float  # px in the column: the smallest page number's ink height
    smallest_font: float  # px in the column: the smallest font size
    cap_height: float  # px in the column: the smallest font's capital height
    cjk_height: float | None = None  # px in the column: its ideographs' height, if any

    def line(self, name: str) -> str:
        return (f"{name}: {self.png_width}×{self.png_height} px; shown at {COLUMN} px "
                f"(×{self.scale:.2f}): page numbers {self.digit_height:.1f} px high, smallest "
                f"font {self.smallest_font:.1f} px, its capitals {self.cap_height:.1f} px"
                + (f", its ideographs {self.cjk_height:.1f} px" if self.cjk_height else ""))


def _ink_rows(image, box: tuple[int, int, int, int], threshold: int = 128) -> tuple[int, int]:
    """First and last row of dark pixels inside ``box`` (left, top, right, bottom): black
    text on a light fill (the box is cropped inside the node's border)."""
    crop = image.crop(box).convert("L")
    width, height = crop.size
    pixels = crop.load()
    rows = [y for y in range(height) if any(pixels[x, y] < threshold for x in range(width))]
    return (rows[0], rows[-1]) if rows else (0, -1)


def _inside_top(node, x: float, half: float) -> float | None:
    """The top of a node's shape over the columns ``x ± half`` (SVG units)."""
    ellipse = node.find(f".//{SVG}ellipse")
    if ellipse is not None:
        cx, cy, rx, ry = (float(ellipse.get(k)) for k in ("cx", "cy", "rx", "ry"))
        reach = max(0.0, 1 - ((abs(x - cx) + half) / rx) ** 2)
        return cy - ry * reach ** 0.5
    shape = node.find(f".//{SVG}polygon")
    if shape is None:
        shape = node.find(f".//{SVG}path")
    if shape is None:
        return None
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", shape.get("points")
                                            or shape.get("d"))]
    return min(numbers[1::2])


def cap_ratio(font: str, glyph: str = "H") -> float:
    """Height of a capital H (or ``glyph``) over the font size, as Graphviz draws ``font``."""
    from PIL import Image

    source = f'digraph{{n[shape=plaintext label="{glyph}" fontname="{font}" fontsize=200]}}'
    png = subprocess.run(["dot", "-Tpng", "-Gdpi=72"], input=source.encode(), check=True,
                         capture_output=True).stdout
    image = Image.open(BytesIO(png))
    top, bottom = _ink_rows(image, (0, 0, *image.size))
    return (bottom - top + 1) / 200


def measure(svg_path: Path) -> Measure:
    from PIL import Image

    png_path = svg_path.with_suffix(".png")
    image = Image.open(png_path)
    root = ET.parse(svg_path).getroot()
    view = [float(v) for v in root.get("viewBox").split()]
    px = image.size[0] / view[2]  # PNG pixels per SVG unit
    graph = root.find(f"{SVG}g")
    transform = graph.get("transform")
    scale = float(re.search(r"scale\(([\d.]+)", transform)[1])
    tx, ty = (float(v) for v in re.search(r"translate\(([-\d.]+) ([-\d.]+)", transform).groups())
    shown = min(1.0, COLUMN / image.size[0])

    def to_png(x: float, y: float) -> tuple[float, float]:
        return (x + tx) * scale * px, (y + ty) * scale * px

    fonts = [float(t.get("font-size")) for t in root.iter(f"{SVG}text")]
    font_name = next(t.get("font-family") for t in root.iter(f"{SVG}text")).split(",")[0]
    digits = []
    for node in graph.iter(f"{SVG}g"):
        if node.get("class") != "node":
            continue
        title = node.find(f"{SVG}title")
        if title is not None and (title.text or "").startswith(("to_p", "legend")):
            continue  # an arrow to another diagram, or the legend: not a page
        texts = list(node.iter(f"{SVG}text"))
        if len(texts) != 1 or not (texts[0].text or "").strip().isdigit():
            continue  # an ending (its number sits against the box's top edge, not measured)
        x, y = float(texts[0].get("x")), float(texts[0].get("y"))
        size = float(texts[0].get("font-size"))
        half = len(texts[0].text.strip()) * size * 0.3  # digits are about 0.56 em wide
        inside = _inside_top(node, x, half)
        if inside is None:
            continue
        left, top = to_png(x - half, max(y - size * 1.0, inside))
        right, bottom = to_png(x + half, y + size * 0.05)
        first, last = _ink_rows(image, (int(left), int(top) + 2, int(right) + 1, int(bottom) + 1))
        if last >= first:
            digits.append((last - first + 1) * shown)
    smallest = min(fonts) * scale * px * shown
    cjk = any(re.search(r"[\u3040-\u9fff]", t.text or "") for t in root.iter(f"{SVG}text"))
    return Measure(cjk_height=smallest * cap_ratio(font_name, "漢") if cjk else None,
                   png_width=image.size[0], png_height=image.size[1], scale=shown,
                   digit_height=min(digits) if digits else 0.0, smallest_font=smallest,
                   cap_height=smallest * cap_ratio(font_name))


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(measure(Path(arg)).line(arg))
