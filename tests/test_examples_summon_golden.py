"""Golden counts of the examples of summons, triggers and answers in mid-battle (issue 21):
(decision points, endings, distinct outcomes) per rules preset, and the endings by reason.
Why each count is right:

- book_of_moon_sakuretsu: A decides at the declaration (Book of Moon on the Skull, on Leo,
  or pass: 1), B above either Book of Moon and after A's pass (Sakuretsu or pass: 3), A above
  Sakuretsu (Book of Moon on either monster or pass: 1) and A in the open Battle Step after
  Sakuretsu was let go (1): 6. The 7 different endings: Book of Moon on Leo, then
  Sakuretsu destroys the Skull or Leo is destroyed face-down in battle; Book of Moon on the
  Skull as c1, with Sakuretsu above it (it resolves first and destroys the Skull) or alone;
  Sakuretsu with Book of Moon chained on the Skull (saved, R38); Sakuretsu alone; a plain
  battle (6850).
- mystic_tomato_deck: B decides on the Tomato's trigger after the Skull destroyed it (1) and,
  if activated, which Deck monster comes (Battle Fader or the second Tomato, never the Deck's
  Summoned Skull: 2500 ATK; 1); A decides whether Gemini Elf attacks the newcomer, or
  directly after B declined (3); B on the second Tomato's trigger (1): 6. Endings: declined
  (direct attack or not), Battle Fader (attacked or not), the second Tomato not attacked,
  attacked (its trigger declined, or calling Battle Fader): 7.
"""

from __future__ import annotations

import pytest
from rules_helpers import ROOT

from gamebook.audit import audit
from gamebook.explore import explore
from gamebook.situation import load_situation

GOLDEN = {
    "book_of_moon_sakuretsu": {"seed": (6, 7, 7), "flowchart": (6, 7, 7)},
    "mystic_tomato_deck": {"seed": (6, 7, 7), "flowchart": (6, 7, 7)},
}
REASONS = {
    "book_of_moon_sakuretsu": {"attack_ended": 5, "battle_over": 2},
    "mystic_tomato_deck": {"battle_phase_over": 7},
}


@pytest.mark.parametrize("preset", ["seed", "flowchart"])
@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_counts_of_the_summon_and_answer_examples(name: str, preset: str) -> None:
    found = explore(load_situation(ROOT / "examples" / f"{name}.yaml"), preset, max_seconds=30)
    report = audit(found)
    assert report.terminates and not report.dead_ends and not report.cycles
    counts = (report.decision_points, report.endings, report.distinct_outcomes)
    assert counts == GOLDEN[name][preset]
    assert report.endings_by_reason == REASONS[name]
