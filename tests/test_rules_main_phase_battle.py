"""From Main Phase 1 into the battle (R129): the model battle started in Main Phase 1, where
the turn player's choices change the attack that follows; Honest's Ignition Effect (R3) and
Effect Veiler, a Quick Effect only in the opponent's Main Phase."""

from __future__ import annotations

from collections import defaultdict

import networkx as nx
from rules_helpers import ROOT

from gamebook.explore.explorer import explore
from gamebook.situation.load import load_situation


def _lp_by_first_choice(name: str) -> dict[str, set[tuple[int, int]]]:
    """The LP of every ending below each of the turn player's first choices."""
    found = explore(load_situation(ROOT / "examples" / f"{name}.yaml"), "seed")
    graph = found.graph
    root = next(node for node in graph if graph.in_degree(node) == 0)
    lps: dict[str, set[tuple[int, int]]] = defaultdict(set)
    for _, child, data in graph.out_edges(root, data=True):
        for node in nx.descendants(graph, child) | {child}:
            if graph.nodes[node]["terminal"]:
                lps[str(data["action"])].add(found.state(node).lp)
    return dict(lps)


def test_r129_the_main_phase_choices_change_the_model_battle() -> None:
    lps = _lp_by_first_choice("borrelsword_main_phase")
    assert set(lps) == {"A activate borrelsword.position_change -> leo_wizard",
                        "A activate raigeki.activate", "A set_spell_trap raigeki", "A pass"}
    # Raigeki clears Player B's field: no attack, one direct attack, or two after the
    # switch-to-DEF
    assert lps["A activate raigeki.activate"] == {(8000, 8000), (8000, 5000), (8000, 2000)}
    # the Battle Phase entered at once is the model battle: Player B's LP never fall to 2000;
    # a Set Raigeki may still be activated in Main Phase 1 (R145), never in the Battle Phase
    assert (8000, 2000) not in lps["A pass"]
    assert lps["A pass"] < lps["A set_spell_trap raigeki"]
    # only the switch-to-DEF made in Main Phase 1 leads on to Raigeki with two attacks
    assert (8000, 2000) in lps["A activate borrelsword.position_change -> leo_wizard"]
