"""Golden counts of the examples, like perft in chess engines: (decision points, endings,
distinct outcomes) and the endings by reason, per rules preset, pin the move generator.

The counts are one table, ``tests/golden/example_counts.yaml``: an entry per example, with why
each count is right. Below the table's test, the examples whose endings are checked one by one
where a count alone says too little.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
import yaml
from rules_helpers import ROOT

from gamebook.audit.report import audit
from gamebook.explore.explorer import explore
from gamebook.situation.load import load_situation

TABLE = Path(__file__).resolve().parent / "golden" / "example_counts.yaml"
COUNTS: dict[str, dict] = yaml.safe_load(TABLE.read_text(encoding="utf-8"))
PRESETS = ("seed", "flowchart")


def _explore(name: str, preset: str):  # noqa: ANN202
    return explore(load_situation(ROOT / "examples" / f"{name}.yaml"), preset, max_seconds=60)


def test_every_entry_of_the_table_has_both_presets_its_reasons_and_why() -> None:
    for name, entry in COUNTS.items():
        assert set(entry) == {*PRESETS, "endings_by_reason", "why"}, name
        assert all(len(entry[preset]) == 3 for preset in PRESETS), name
        assert (ROOT / "examples" / f"{name}.yaml").is_file(), name


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("name", sorted(COUNTS))
def test_golden_counts_of_the_examples(name: str, preset: str) -> None:
    report = audit(_explore(name, preset))
    assert report.terminates and not report.dead_ends and not report.cycles
    counts = [report.decision_points, report.endings, report.distinct_outcomes]
    assert counts == COUNTS[name][preset]
    assert report.endings_by_reason == COUNTS[name]["endings_by_reason"]


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


def test_r106_the_megamorph_endings_where_player_b_survives() -> None:
    found = _explore("megamorph_shrink", "seed")
    survived = sorted(state.lp for node, state in found.states.items()
                      if found.graph.nodes[node]["terminal"] and min(state.lp) > 0)
    # 3500 - 800 (Shrink on the Skull); 1700 - 800 and 1700 - 400 (the Lance on the Skull,
    # with or without Shrink on the Elf); 450 against 800: Player A takes 350
    assert set(survived) == {(2000, 300), (2000, 2100), (2000, 1700), (1650, 3000)}
