"""The layered ATK/DEF model (docs/rules.md §E, R70–R96), as a package with one public entry.

Everything outside this package imports from here, never from its modules:

- :class:`StatBlock` — one monster's immutable stat record (printed values plus the ordered
  applications), and the vocabulary it is built from (:class:`Stat`, :class:`StatClass`,
  :class:`Operation`, :class:`StatRules` …);
- :class:`StatBoard` — named monsters whose records read each other, the replay of a
  ``gamebook stats`` timeline (:class:`TimelineApplication` is one step's application);
- :func:`parse_expr` and :func:`round_half_up` — the expressions applications are written in;
- :func:`load_timeline` and :func:`replay_timeline` — the timeline file of ``gamebook stats``
  (:class:`TimelineSpec`, its format, and :class:`TimelineReplay`, the values after each step).

Inside, the imports go one way: ``expr`` ← ``vocab`` ← ``evaluate`` ← ``block`` ← ``board``
← ``timeline``; only ``timeline`` imports outside the package (the safe YAML loader of
:mod:`gamebook.inputs`, pydantic).
The derivation (``evaluate``) reads a record through the :class:`~gamebook.stats.vocab.Record`
protocol, so it does not import the record that imports it.
"""

from gamebook.stats.block import StatBlock
from gamebook.stats.expr import Expr, ExprError, parse_expr, round_half_up
from gamebook.stats.vocab import (
    END_OF_DAMAGE_CALCULATION,
    END_OF_DAMAGE_STEP,
    END_OF_TURN,
    R89_EQUAL,
    R89_ORDER,
    UNKNOWN,
    Application,
    ApplicationView,
    Operation,
    OpKind,
    Stat,
    StatClass,
    StatEnvironment,
    StatRules,
    StatsError,
    StatValues,
)

__all__ = [
    "END_OF_DAMAGE_CALCULATION", "END_OF_DAMAGE_STEP", "END_OF_TURN", "EVENTS", "ORIGINS",
    "R89_EQUAL", "R89_ORDER", "UNKNOWN", "Application", "ApplicationView", "Expr", "ExprError",
    "OpKind", "Operation", "Stat", "StatBlock", "StatBoard", "StatClass", "StatEnvironment",
    "StatRules", "StatValues", "StatsError", "TimelineApplication", "TimelineError",
    "TimelineReplay", "TimelineSpec", "load_timeline", "parse_expr", "replay_timeline",
    "round_half_up", "timeline_schema",
]

#: What the timelines of ``gamebook stats`` use, imported on first use (PEP 562) so that the
#: engine, which never replays a timeline, does not load the board at start-up.
_BOARD = ("EVENTS", "ORIGINS", "StatBoard", "TimelineApplication", "TimelineError")
#: The timeline file (pydantic models), likewise on first use.
_TIMELINE = ("TimelineReplay", "TimelineSpec", "load_timeline", "replay_timeline",
             "timeline_schema")


def __getattr__(name: str) -> object:
    if name in _BOARD:
        from gamebook.stats import board

        return getattr(board, name)
    if name in _TIMELINE:
        from gamebook.stats import timeline

        return getattr(timeline, name)
    raise AttributeError(f"module 'gamebook.stats' has no attribute {name!r}")
