"""Golden counts of the examples of cards that stay on the field tied to a monster (issue
20: Equip Spells, R105, R106; Premature Burial and Call of the Haunted, R107, R108):
(decision points, endings, distinct outcomes) per rules preset, as ``gamebook audit --json``
reports them. Why each count is right:

- megamorph_shrink: Player B decides at the declaration (Forbidden Lance or Shrink on either
  monster, or pass), above its own first card (the other card, on each target), in the open
  Battle Step and at the Damage Step's timings until damage calculation (R46): 32 decision
  points. The Skull's ATK is 6000 with both Equip Spells (2 x 2500 + 1000), 3500 after
  Shrink (2 x 1250 + 1000), 1700 after Forbidden Lance (unaffected by both Equip Spells,
  R104, and by a later Shrink), 450 after Shrink then the Lance (destroyed by the Elf, the
  Equip Spells sent to the GY, R105). Against the Elf (800, 400 after Shrink, 0 after the
  Lance and unaffected by Shrink) Player B survives in 5 endings (battle over) and loses in
  5 (Duel over).
- call_of_the_haunted_mst: A's Mystical Space Typhoon at the declaration (B may chain Call
  of the Haunted to it) or after B's Call of the Haunted (chained to it: nothing is
  Summoned, R107), B's Call of the Haunted at the declaration or in the open Battle Step,
  A's replay choices (Gemini Elf, Mystical Elf or stop, R42) and A's Typhoon after the
  replay, which destroys Gemini Elf with Call of the Haunted (R108) and causes a second
  replay: 13 decision points. Endings: the Skull destroys Mystical Elf with Call of the
  Haunted unused, destroyed unused, or destroyed with Gemini Elf; Gemini Elf alive and tied;
  Gemini Elf destroyed by battle, taking Call of the Haunted with it (600 damage); and the
  attack stopped with Gemini Elf alive or destroyed: 7.
"""

from __future__ import annotations

import pytest
from rules_helpers import ROOT

from gamebook.audit.report import audit
from gamebook.explore.explorer import explore
from gamebook.situation.load import load_situation

GOLDEN = {
    "megamorph_shrink": {"seed": (32, 10, 10), "flowchart": (32, 10, 10)},
    "call_of_the_haunted_mst": {"seed": (13, 7, 7), "flowchart": (13, 7, 7)},
}
REASONS = {
    "megamorph_shrink": {"battle_over": 5, "duel_over": 5},
    "call_of_the_haunted_mst": {"attack_stopped": 2, "battle_over": 5},
}


def _explore(name: str, preset: str):  # noqa: ANN202
    return explore(load_situation(ROOT / "examples" / f"{name}.yaml"), preset, max_seconds=60)


@pytest.mark.parametrize("preset", ["seed", "flowchart"])
@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_counts_of_the_equip_examples(name: str, preset: str) -> None:
    report = audit(_explore(name, preset))
    assert report.terminates and not report.dead_ends and not report.cycles
    counts = (report.decision_points, report.endings, report.distinct_outcomes)
    assert counts == GOLDEN[name][preset]
    assert report.endings_by_reason == REASONS[name]


def test_r106_the_megamorph_endings_where_player_b_survives() -> None:
    found = _explore("megamorph_shrink", "seed")
    survived = sorted(state.lp for node, state in found.states.items()
                      if found.graph.nodes[node]["terminal"] and min(state.lp) > 0)
    # 3500 - 800 (Shrink on the Skull); 1700 - 800 and 1700 - 400 (the Lance on the Skull,
    # with or without Shrink on the Elf); 450 against 800: Player A takes 350
    assert set(survived) == {(2000, 300), (2000, 2100), (2000, 1700), (1650, 3000)}
