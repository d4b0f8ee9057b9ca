"""Golden counts of the examples of cards that stay on the field tied to a monster (issue
20: Equip Spells, R105, R106; Premature Burial and Call of the Haunted, R107, R108):
(decision points, endings, distinct outcomes) per rules preset, as ``gamebook audit --json``
reports them. Why each count is right:

- megamorph_shrink: Player B decides at the declaration (Mystical Space Typhoon on Axe of
  Despair, on Megamorph or on Shrink, Shrink on either monster, or pass), above its own
  first card (the other card, on each target), in the open Battle Step and at the Damage
  Step's timings for Shrink (R46): 22 decision points. The Skull's ATK is 6000 with both
  Equip Spells, 5000 without the Axe, 3500 without Megamorph or with Shrink on it (2 x 1250 +
  1000), 2500 with Shrink and without the Axe, 2250 with Shrink and without Megamorph;
  against the Elf's 800 (400 after Shrink on it) Player B survives only at 3500, 2500 or
  2250 (6 battles over), else loses (8 Duels over, each with another set of cards in the GY).
"""

from __future__ import annotations

import pytest
from rules_helpers import ROOT

from gamebook.audit.report import audit
from gamebook.explore.explorer import explore
from gamebook.situation.load import load_situation

GOLDEN = {
    "megamorph_shrink": {"seed": (22, 14, 14), "flowchart": (22, 14, 14)},
}
REASONS = {
    "megamorph_shrink": {"battle_over": 6, "duel_over": 8},
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
    # 3500 - 800 = 2700 (Shrink on the Skull, or Megamorph destroyed); 2500 - 800 = 1700
    # (Shrink, the Axe destroyed); 2250 - 800 = 1450 (Shrink, Megamorph destroyed)
    assert set(survived) == {(2000, 300), (2000, 1300), (2000, 1550)}
