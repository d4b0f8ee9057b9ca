"""The layout figures' crossing count (:func:`gamebook.render.layoutfigures.crossings`) finds
crossings through a grid of cells; it must count exactly the pairs that comparing every
segment with every other finds, whatever the lines (property test)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gamebook.render.layoutfigures import Line, _cross, crossings

coordinate = st.floats(min_value=-200, max_value=200, allow_nan=False, allow_infinity=False)
polyline = st.lists(st.tuples(coordinate, coordinate), min_size=2, max_size=8)


def _every_pair(found: list[Line]) -> int:
    count = 0
    for i, line in enumerate(found):
        for other in found[i + 1:]:
            if {line.tail, line.head} & {other.tail, other.head} \
                    or set(line.owner.split("|")) & set(other.owner.split("|")):
                continue
            if any(_cross(p, q, r, s)
                   for p, q in zip(line.points, line.points[1:], strict=False)
                   for r, s in zip(other.points, other.points[1:], strict=False)):
                count += 1
    return count


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(st.tuples(polyline, st.integers(0, 5), st.integers(0, 5)), max_size=9))
def test_crossings_counts_what_comparing_every_segment_counts(drawn) -> None:  # noqa: ANN001
    found = [Line(f"e{index}", f"n{tail}", f"n{head + 6}", tuple(points))
             for index, (points, tail, head) in enumerate(drawn)]
    assert crossings(found) == _every_pair(found)


def test_a_cross_and_lines_that_share_a_node() -> None:
    x = Line("a", "n1", "n2", ((0.0, 0.0), (100.0, 100.0)))
    y = Line("b", "n3", "n4", ((0.0, 100.0), (100.0, 0.0)))
    z = Line("c", "n1", "n5", ((0.0, 50.0), (100.0, 50.0)))  # shares n1 with x: not counted
    assert crossings([x, y]) == 1
    assert crossings([x, y, z]) == 2  # y and z cross; x and z meet by design
