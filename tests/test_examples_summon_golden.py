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
- ring_of_destruction_low_lp: B at the declaration and in the open Battle Step (Ring on the
  Skull, on Gemini Elf, or pass): 2. Endings: Ring on the Skull (B at 0 loses, A keeps 2500,
  R102), Ring on Gemini Elf (600 / 600, then the battle takes B to 0), no Ring (1150
  damage): 3.
- gorz_missed_timing: B at the declaration (Mirror Force, Magic Cylinder, pass), above
  either Trap (the other or pass): 3. Endings: Mirror Force alone, Magic Cylinder alone (A
  5500, still controlling the Skull: no Gorz), Magic Cylinder above Mirror Force (A 5500 and
  an empty field, but Gorz missed the timing, R25), Mirror Force above Magic Cylinder (the
  Skull is gone before Magic Cylinder resolves, R38), a plain battle: 5.
- magic_jammer_seven_tools: B's Book of Moon (on either monster) and Sakuretsu Armor, each
  answerable by A's Counter Trap for it only (Magic Jammer, discarding Gemini Elf, answers
  the Spell; Seven Tools, for 1000 LP, the Trap: R2), in the declaration window, above each
  other and in the open Battle Step: 23 decision points; 17 different endings (which card was
  negated and destroyed, which resolved, A's LP 8000 or 7000, Gemini Elf in the hand or GY).
- linkuriboh_scapegoat: Linkuriboh's ATK-to-0 effect (it Tributes itself, R39), its GY effect
  Tributing Kuriboh (Quick Effect, R97), Scapegoat, and A's replay choices: 12 decision
  points. Scapegoat's restriction both ways (R103) leaves no line with Linkuriboh back and
  Sheep Tokens on the field: a revival below Scapegoat on the chain does nothing, and after
  it Scapegoat cannot be activated. 10 endings (8 different field/GY/LP sets, as the
  reference engine finds; the rest differ in A's attack being stopped or not).
- gorz_direct_attack (R101, R97, R98): B on Gorz after the battle damage (1), A on Solemn
  Warning above it (1), Gorz's position (1), the mandatory Token effect after either position
  (2), Solemn Warning above it (2), the Token's position (2): 9 decision points. Endings: Gorz
  declined, Solemn Warning on either activation (one ending: Gorz destroyed in the hand or on
  the field, A at 6000), Gorz and its 2500/2500 Token in four pairs of positions: 6, each once
  the End Step is over (Bottomless Trap Hole cannot answer a Summon in the Damage Step, R46).
- tragoedia_hand (R114): B at the Skull's damage calculation (Kuriboh or pass: 1). With
  Kuriboh used: A's Gemini Elf attacks directly or not (1), Tragoedia after that damage (1)
  and its position (1). Without: Tragoedia after the 2500 (1); declined, Gemini Elf attacks
  directly or not (1), Kuriboh then (1), Tragoedia again (1) and its position (1); summoned,
  its position (1), Gemini Elf attacks it or not in either position (2), Kuriboh when it
  attacks the 1200 ATK Tragoedia (1, taking it to 600): 13. Endings: 14, the reference
  engine's 14 end states (LP 8000, 6100, 5500, 4800 or 3600 for B; Tragoedia at 1200 or 600
  on the field, in the hand or in the GY; Kuriboh in the hand or GY).
- raigeki_break_kuriboh (R113): B at the declaration and again in the open Battle Step
  (Raigeki Break: discarding Gemini Elf or Kuriboh, then targeting Summoned Skull or Trap
  Jammer, or pass: 2), A above each of the four activations of either window (Trap Jammer or
  pass: 8; the same cost and target lead to the same page from both windows), B in damage
  calculation with Kuriboh still in the hand (after Trap Jammer negated Raigeki Break that
  cost Gemini Elf, after Raigeki Break destroyed Trap Jammer with Gemini Elf discarded, or
  with nothing activated: 3): 13. Endings: Raigeki Break destroys the Skull (either discard:
  the attack ends, 2); with the Skull still attacking, Kuriboh discarded for Raigeki Break
  leaves B at 0 (negated or Trap Jammer destroyed: 2), and where Kuriboh is still in the
  hand B uses it (2000, 3) or not (0, 3): 10, 7 different field/GY/LP sets as the reference
  engine finds (the GY reasons tell negated Raigeki Break from destroyed Trap Jammer apart).
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
    "ring_of_destruction_low_lp": {"seed": (2, 3, 3), "flowchart": (2, 3, 3)},
    "gorz_missed_timing": {"seed": (3, 5, 5), "flowchart": (3, 5, 5)},
    "magic_jammer_seven_tools": {"seed": (23, 17, 17), "flowchart": (23, 17, 17)},
    "linkuriboh_scapegoat": {"seed": (12, 10, 10), "flowchart": (12, 10, 10)},
    "raigeki_break_kuriboh": {"seed": (13, 10, 10), "flowchart": (13, 10, 10)},
    "gorz_direct_attack": {"seed": (9, 6, 6), "flowchart": (9, 6, 6)},
    "tragoedia_hand": {"seed": (13, 14, 14), "flowchart": (13, 14, 14)},
}
REASONS = {
    "book_of_moon_sakuretsu": {"attack_ended": 5, "battle_over": 2},
    "mystic_tomato_deck": {"battle_phase_over": 7},
    "ring_of_destruction_low_lp": {"battle_over": 1, "duel_over": 2},
    "gorz_missed_timing": {"attack_ended": 4, "battle_over": 1},
    "magic_jammer_seven_tools": {"attack_ended": 10, "battle_over": 7},
    "linkuriboh_scapegoat": {"attack_stopped": 4, "battle_over": 6},
    "raigeki_break_kuriboh": {"attack_ended": 2, "battle_over": 3, "duel_over": 5},
    "gorz_direct_attack": {"battle_phase_over": 6},
    "tragoedia_hand": {"battle_phase_over": 14},
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
