"""Golden counts of the attack-declaration examples, like perft in chess engines: (decision
points, endings, distinct outcomes) per rules preset pin the move generator.

None of these four positions has a Trigger Effect, so the two presets (which differ only in
how trigger stages are settled, R23) must give the same graph. Why each count is right:

- sakuretsu_first_chain: B decides at the declaration (Sakuretsu, MST on either Set card,
  pass), above either MST (Sakuretsu or pass), in the open Battle Step (MST on either card
  or pass; Sakuretsu is gone, R24) and after A declined to answer Sakuretsu (MST on either
  card, or pass): 5; A decides whether Trap Jammer answers Sakuretsu, with no MST or either
  MST below it: 3. 8 decision points; the 9 endings are all different.
- widespread_ruin_trap_jammer: the two Ruins are interchangeable, so only Ruin 1 is offered
  at the declaration (Ruin 2 would mirror it): B decides there (Ruin 1 or pass), A on Trap
  Jammer above Ruin 1, B above an unanswered Ruin 1 (Ruin 2 or pass), A on Trap Jammer above
  Ruin 2: 4 decision points; after a Trap Jammer, the other
  Ruin cannot follow (R24), so the only way to destroy the Skull is an unanswered Ruin:
  5 endings, all different (the 8 of every card offered, up to the Ruins' names).
- magic_cylinder_negate_attack: Negate Attack (SS3) can be the last link only; B's 5 decision
  points are the root and the four chains of one or two SS2 Traps; 9 different endings.
- waboku_battle: B decides in the declaration window and in the open Battle Step (2); both
  Waboku lines reach the same state, so 2 endings: Waboku or not.
"""

from __future__ import annotations

import pytest
from rules_helpers import ROOT

from gamebook.audit.report import audit
from gamebook.explore.explorer import explore
from gamebook.situation.load import load_situation

GOLDEN = {
    "sakuretsu_first_chain": (8, 9, 9),
    "widespread_ruin_trap_jammer": (4, 5, 5),
    "magic_cylinder_negate_attack": (5, 9, 9),
    "waboku_battle": (2, 2, 2),
}
REASONS = {
    "sakuretsu_first_chain": {"attack_ended": 4, "battle_over": 5},
    "widespread_ruin_trap_jammer": {"attack_ended": 3, "battle_over": 2},
    "magic_cylinder_negate_attack": {"attack_ended": 4, "battle_over": 1,
                                     "battle_phase_over": 4},
    "waboku_battle": {"battle_over": 2},
}


@pytest.mark.parametrize("preset", ["seed", "flowchart"])
@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_counts_of_the_attack_declaration_examples(name: str, preset: str) -> None:
    found = explore(load_situation(ROOT / "examples" / f"{name}.yaml"), preset, max_seconds=30)
    report = audit(found)
    assert report.terminates and not report.dead_ends and not report.cycles
    counts = (report.decision_points, report.endings, report.distinct_outcomes)
    assert counts == GOLDEN[name]
    assert report.endings_by_reason == REASONS[name]
