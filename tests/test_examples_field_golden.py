"""Golden counts of the examples of a field that changes in mid-battle: (decision points,
endings, distinct outcomes) per rules preset, as ``gamebook audit --json`` reports them.
Why each count is right:

- gravekeepers_assailant_sakuretsu: A decides on the Assailant's trigger (1); B then answers
  with Sakuretsu Armor or passes, above the trigger or after A declined it (2). 4 endings:
  Sakuretsu or not x trigger or not; with the trigger the Elf is switched to DEF 2000 against
  the Assailant's 2000 (Necrovalley's +500): no destruction, no damage (R50, R60).
- ojama_trio_sakuretsu: A (Ojama Trio or pass), B above Ojama or after A's pass (Sakuretsu
  or pass), A above Sakuretsu (Ojama or pass), A in the open Battle Step (Ojama or pass) and
  A's replay (Leo, one Ojama Token, stop): 6, and after an attack on an Ojama Token B's
  mandatory decision to activate its 300-damage trigger at the end of the Damage Step (R52,
  R64): 7. Sakuretsu with Ojama in either order is one ending (the attacker is destroyed
  before any replay, R41); 6 endings, all different.
- book_of_moon: B at the declaration and in the open Battle Step (2); Book of Moon on the
  Skull (the attack ends, R38), on Leo (destroyed face-down, no damage, R40, R48), or none.
- shrink_honest_kuriboh: Honest and Shrink are used from the Damage Step's start (R46),
  Kuriboh only during a damage calculation in which B would take battle damage (its text,
  R49): 2 decisions in the Battle Step, fewer after each Shrink there, 19 in all. Outcomes:
  {nothing, Shrink on the Elf, Shrink on the Skull} x {Kuriboh or not} (B loses the battle)
  and Honest, Honest + Shrink on the Elf, Shrink on the Skull before or after Honest, with
  Shrink used or still Set where the order allows it (B wins the battle: Kuriboh cannot be
  activated, R99) = 10 endings; the reference engine reaches the same 10.
- man_eater_bug: the only decision is the Flip Effect's target after damage calculation:
  Gemini Elf or Summoned Skull, never the destruction-confirmed Man-Eater itself (R51).
- scapegoat_replay: B at the declaration and in the open Battle Step, A's replay (the Elf,
  one Sheep Token for four, or stop): 3 decision points, 4 endings.
- two_attackers_roar: Roar in the Start Step, before either attack, in either battle, after
  the first battle or in the End Step: 20 decision points; 8 different endings.
- battle_fader_direct_attack: Battle Fader against either direct attack (and its position),
  or the second attack and the End Step: 5 decision points, 6 different endings.
- borrelsword_linkuriboh_start_step: after the declaration on Linkuriboh the graph is the
  whole-Battle-Phase example (164 / 167 decision points, 34 endings); the rest is the
  switch-to-DEF in the Start or Battle Step, Roar in the Start Step and the attack on Leo.
- forbidden_lance_mirror_force: B's Mirror Force or Sakuretsu Armor (or both, or neither) at
  the declaration, A's Forbidden Lance on either monster at each chance, the Damage Step's
  Lance: 26 decision points, 19 endings, the reference engine's 19 (R104).
- skill_drain_borrelsword: A's ATK trigger and switch-to-DEF effect, B's Linkuriboh, Skill
  Drain (chained to the trigger it negates it, R109; after it, Borrelsword's effects can
  still be activated and do nothing) and Honest in the Damage Step: 94 / 97 decision points.
  38 endings: with Skill Drain face-up Borrelsword can be destroyed by battle (by Honest's
  Elf, or at 0 ATK after Linkuriboh, which escapes Skill Drain by its cost); 6 stopped
  attacks after Linkuriboh's replay. The reference engine reaches these 38 and two more
  through a window before the replay (D6).
- swords_mst: B's Mystical Space Typhoon on the Swords or on Threatening Roar, in the Start
  Step or the Battle Step, A's Roar in answer or on its own, and B's attack once the Swords
  is gone (R111): 26 decision points; 9 endings, 8 outcomes (B attacks the Elf for 1700
  only where the Swords was destroyed and Roar was not activated; two endings differ only
  in why B could not attack: the Swords alone, or the Swords and Roar, R44). The reference
  engine cannot place a face-up Swords, so it is not compared.
- spirit_barrier_evacuation: B's Spirit Barrier, A's Compulsory Evacuation Device on the
  Elf (a replay, then a direct attack on a player with no monster: the barrier's condition
  fails at damage calculation, R110) or on the Skull, B's Kuriboh: 17 decision points, 11
  endings, the reference engine's 11.
- necrovalley_linkuriboh: B's Linkuriboh at the declaration, its return from the GY by
  Tributing Kuriboh (it does nothing while Necrovalley is face-up, R112), A's Mystical Space
  Typhoon on Necrovalley (chained to the return, the return resolves), A's replay: 20 / 21
  decision points, 12 endings; the reference engine reaches the same 10 zone-free end states.
"""

from __future__ import annotations

import networkx as nx
import pytest
from rules_helpers import ROOT

from gamebook.audit.report import audit
from gamebook.explore.explorer import explore
from gamebook.situation.load import load_situation

GOLDEN = {
    "gravekeepers_assailant_sakuretsu": {"seed": (3, 4, 4), "flowchart": (3, 4, 4)},
    "ojama_trio_sakuretsu": {"seed": (7, 6, 6), "flowchart": (7, 6, 6)},
    "book_of_moon": {"seed": (2, 3, 3), "flowchart": (2, 3, 3)},
    "shrink_honest_kuriboh": {"seed": (19, 10, 10), "flowchart": (19, 10, 10)},
    "man_eater_bug": {"seed": (1, 2, 2), "flowchart": (1, 2, 2)},
    "scapegoat_replay": {"seed": (3, 4, 4), "flowchart": (3, 4, 4)},
    "two_attackers_roar": {"seed": (20, 8, 8), "flowchart": (20, 8, 8)},
    "battle_fader_direct_attack": {"seed": (5, 6, 6), "flowchart": (5, 6, 6)},
    "borrelsword_linkuriboh_start_step": {"seed": (283, 58, 58), "flowchart": (296, 58, 58)},
    "forbidden_lance_mirror_force": {"seed": (26, 19, 19), "flowchart": (26, 19, 19)},
    "skill_drain_borrelsword": {"seed": (94, 38, 38), "flowchart": (97, 38, 38)},
    "swords_mst": {"seed": (26, 9, 8), "flowchart": (26, 9, 8)},
    "spirit_barrier_evacuation": {"seed": (17, 11, 11), "flowchart": (17, 11, 11)},
    "necrovalley_linkuriboh": {"seed": (20, 12, 12), "flowchart": (21, 12, 12)},
}
REASONS = {
    "gravekeepers_assailant_sakuretsu": {"attack_ended": 2, "battle_over": 2},
    "ojama_trio_sakuretsu": {"attack_ended": 2, "attack_stopped": 1, "battle_over": 3},
    "book_of_moon": {"attack_ended": 1, "battle_over": 2},
    "shrink_honest_kuriboh": {"battle_over": 10},
    "man_eater_bug": {"battle_over": 2},
    "scapegoat_replay": {"attack_stopped": 1, "battle_over": 3},
    "two_attackers_roar": {"battle_phase_over": 8},
    "battle_fader_direct_attack": {"battle_phase_over": 6},
    "borrelsword_linkuriboh_start_step": {"battle_phase_over": 58},
    "forbidden_lance_mirror_force": {"attack_ended": 12, "battle_over": 7},
    "skill_drain_borrelsword": {"attack_stopped": 6, "battle_over": 32},
    "swords_mst": {"battle_phase_over": 9},
    "spirit_barrier_evacuation": {"attack_ended": 2, "attack_stopped": 2, "battle_over": 7},
    "necrovalley_linkuriboh": {"attack_stopped": 5, "battle_over": 7},
}


def _explore(name: str, preset: str):  # noqa: ANN202
    return explore(load_situation(ROOT / "examples" / f"{name}.yaml"), preset, max_seconds=60)


@pytest.mark.parametrize("preset", ["seed", "flowchart"])
@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_counts_of_the_field_examples(name: str, preset: str) -> None:
    report = audit(_explore(name, preset))
    assert report.terminates and not report.dead_ends and not report.cycles
    counts = (report.decision_points, report.endings, report.distinct_outcomes)
    assert counts == GOLDEN[name][preset]
    assert report.endings_by_reason == REASONS[name]


def _lp_of_endings(found) -> list[tuple[int, int]]:  # noqa: ANN001
    return sorted(state.lp for node, state in found.states.items()
                  if found.graph.nodes[node]["terminal"])


def test_r46_r49_the_damage_of_every_shrink_honest_kuriboh_ending() -> None:
    lps = set(_lp_of_endings(_explore("shrink_honest_kuriboh", "seed")))
    assert lps == {
        (8000, 6300),  # nothing: 2500 - 800
        (8000, 5900),  # Shrink on the Elf: 2500 - 400
        (8000, 7550),  # Shrink on the Skull: 1250 - 800
        (7200, 8000),  # Honest (3300 - 2500), or Shrink on the Skull first (2050 - 1250)
        (7600, 8000),  # Honest and Shrink on the Elf: 2900 - 2500
        (5950, 8000),  # Honest, then Shrink on the Skull: 3300 - 1250
        (8000, 8000),  # Kuriboh, only against an attack that B loses
    }


def test_r51_the_man_eater_bug_endings_destroy_one_of_as_monsters() -> None:
    found = _explore("man_eater_bug", "seed")
    gone = sorted(tuple(sorted(g.id for g in state.graveyard))
                  for node, state in found.states.items() if found.graph.nodes[node]["terminal"])
    assert gone == [("gemini_elf", "man_eater_bug"), ("man_eater_bug", "summoned_skull")]


@pytest.mark.parametrize(("preset", "decisions"), [("seed", 164), ("flowchart", 167)])
def test_r30_the_start_step_example_contains_the_whole_battle_phase_example(
        preset: str, decisions: int) -> None:
    whole = _explore("borrelsword_linkuriboh_start_step", preset)
    attack = _explore("borrelsword_linkuriboh_battle_phase", preset)
    start = attack.states[attack.root]
    [node] = [n for n, state in whole.states.items() if state == start]
    below = nx.descendants(whole.graph, node) | {node}
    assert sum(1 for n in below if not whole.graph.nodes[n]["terminal"]) == decisions
    assert sum(1 for n in below if whole.graph.nodes[n]["terminal"]) == 34
    assert len(below) == attack.graph.number_of_nodes()
