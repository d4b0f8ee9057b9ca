"""``gamebook stats``: the command over :mod:`gamebook.stats.timeline`.

Loads and replays an ATK/DEF timeline (its format, loading and replay are
:mod:`gamebook.stats.timeline`'s), prints the values after every step as text, ``--json``
records or ``--explain``, or the timeline files' JSON Schema (``--schema``).

Exit codes: 0 replayed (and every expectation met), 1 an ``expect`` value differs, 2 bad input.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from gamebook.errors import InputError
from gamebook.stats import TimelineReplay, load_timeline, replay_timeline, timeline_schema


def _number(value: int | None) -> str:
    return "-" if value is None else str(value)


def render_text(result: TimelineReplay, explain: bool) -> str:
    lines: list[str] = []
    if result.title:
        lines.append(result.title)
    width = max((len(r.monster) for r in result.records), default=8)
    current = -1
    for record in result.records:
        if record.step != current:
            current = record.step
            lines.append(f"step {record.step}: {result.steps[record.step]}")
        v = record.values
        text = (f"  {record.monster:<{width}}  ATK {_number(v['atk']):>5}  "
                f"DEF {_number(v['def']):>5}  original {_number(v['original_atk'])}/"
                f"{_number(v['original_def'])}")
        if v["level"] is not None:
            text += f"  Level {v['level']} (original {v['original_level']})"
        if not record.face_up:
            text += "  face-down"
        lines.append(text)
        if explain:
            if not record.explain:
                lines.append("      (no applications)")
            for view in record.explain:
                detail = f" — {view.detail}" if view.detail else ""
                lines.append(f"      {view.status:<13} {view.description}{detail}")
    for miss in result.mismatches:
        lines.append(f"expect failed at step {miss.step} (line {miss.line}): {miss.monster} "
                     f"{miss.key} is {_number(miss.actual)}, expected {miss.expected}")
    return "\n".join(lines) + "\n"


def render_json(result: TimelineReplay, explain: bool) -> str:
    records = [r.as_json(explain) for r in result.records]
    return json.dumps(records, indent=2, ensure_ascii=False) + "\n"


def main(args: Any) -> int:
    if args.schema:
        sys.stdout.write(json.dumps(timeline_schema(), indent=2, ensure_ascii=False) + "\n")
        return 0
    if not args.file:
        raise InputError(None, None, "stats: give a timeline file (or --schema)")
    located, spec = load_timeline(args.file)
    result = replay_timeline(located, spec)
    if args.json:
        sys.stdout.write(render_json(result, args.explain))
        for miss in result.mismatches:
            print(f"gamebook: {located.path}:{miss.line}: expect failed at step {miss.step}: "
                  f"{miss.monster} {miss.key} is {_number(miss.actual)}, expected "
                  f"{miss.expected}", file=sys.stderr)
    else:
        sys.stdout.write(render_text(result, args.explain))
    return 1 if result.mismatches else 0


__all__ = ["main", "render_json", "render_text"]
