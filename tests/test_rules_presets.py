"""The two readings of the window protocol (R23) on the model battle: ``seed`` (S001: declining
one's optional trigger is a pass) and ``flowchart`` (trigger stages are settled first, then the
opponent of the last link's controller, or the turn player, gets priority)."""

from __future__ import annotations

import json

import networkx as nx
import pytest
from rules_helpers import A, B, engine, exploration, legal, play

from gamebook.rules.state import WindowKind

ROAR = "B activate threatening_roar.activate"


def _actions_out(graph: nx.DiGraph, node: str) -> set[str]:
    return {str(graph.edges[node, child]["action"]) for child in graph.successors(node)}


def _child(graph: nx.DiGraph, node: str, action: str) -> str:
    for child in graph.successors(node):
        if str(graph.edges[node, child]["action"]) == action:
            return child
    raise AssertionError(f"no edge {action!r} from {node}")


def _path_actions(graph: nx.DiGraph, path: list[str]) -> list[str]:
    return [str(graph.edges[u, v]["action"]) for u, v in zip(path, path[1:], strict=False)]


def _roar_alone_as_c1_of_the_first_chain(preset: str) -> list[list[str]]:
    """Shortest lines from the root to 'c1 Threatening Roar' in the declaration's first chain."""
    result = exploration("model", preset)
    graph = result.graph
    targets = [n for n, state in result.states.items()
               if state.window.kind is WindowKind.EVENT
               and [link.card for link in state.chain] == ["threatening_roar"]]
    return sorted((_path_actions(graph, nx.shortest_path(graph, result.root, n))
                   for n in targets), key=len)


@pytest.mark.parametrize("preset", ["seed", "flowchart"])
def test_r23_each_preset_builds_the_model_battle_and_names_itself(preset: str) -> None:
    result = exploration("model", preset)
    assert result.graph.graph["rules"] == preset
    assert result.engine.config.decline_counts_as_pass is (preset == "seed")


def test_r23_seed_a_declining_by_pass_lets_b_activate_roar_as_c1_at_once() -> None:
    eng = engine(preset="seed")
    state = play(eng, ["A pass"], settle_end=False)
    assert ROAR in legal(eng, state)
    state = play(eng, [ROAR], state, settle_end=False)
    assert eng.to_move(state) is A  # S001 p.5


def test_r23_flowchart_after_a_declines_b_decides_only_about_linkuriboh() -> None:
    eng = engine(preset="flowchart")
    state = play(eng, ["A decline"], settle_end=False)
    assert eng.to_move(state) is B
    assert legal(eng, state) == ["B activate linkuriboh.zero_atk", "B decline"]


def test_r23_flowchart_after_both_decline_a_gets_priority_in_the_first_chain() -> None:
    eng = engine(preset="flowchart")
    state = play(eng, ["A decline", "B decline"], settle_end=False)
    assert eng.to_move(state) is A
    assert state.window.kind is WindowKind.EVENT and state.window.first_chain
    assert legal(eng, state) == ["A activate borrelsword.position_change -> leo_wizard", "A pass"]


def test_r23_flowchart_b_can_activate_roar_as_c1_only_after_a_passes() -> None:
    eng = engine(preset="flowchart")
    state = play(eng, ["A decline", "B decline", "A pass"], settle_end=False)
    assert legal(eng, state) == [ROAR, "B pass"]


def test_r23_the_graphs_pin_where_the_presets_differ_roar_straight_after_as_decline() -> None:
    seed, flowchart = exploration("model", "seed"), exploration("model", "flowchart")
    after_seed_decline = _child(seed.graph, seed.root, "A pass")
    after_flow_decline = _child(flowchart.graph, flowchart.root, "A decline")
    assert ROAR in _actions_out(seed.graph, after_seed_decline)
    assert _actions_out(flowchart.graph, after_flow_decline) == {
        "B activate linkuriboh.zero_atk", "B decline"}


def test_r23_flowchart_never_offers_roar_while_a_trigger_decision_is_pending() -> None:
    result = exploration("model", "flowchart")
    for node, state in result.states.items():
        if ROAR in _actions_out(result.graph, node):
            assert not any(t.status.value == "pending" for t in state.window.triggers), node
    seed = exploration("model", "seed")
    assert any(ROAR in _actions_out(seed.graph, node)
               and any(t.status.value == "pending" for t in state.window.triggers)
               for node, state in seed.states.items())


def test_r23_roar_alone_as_c1_takes_two_decisions_under_seed_and_four_under_flowchart() -> None:
    assert _roar_alone_as_c1_of_the_first_chain("seed")[0] == ["A pass", ROAR]
    assert _roar_alone_as_c1_of_the_first_chain("flowchart")[0] == [
        "A decline", "B decline", "A pass", ROAR]


def test_r23_switch_to_def_as_c1_is_in_the_declarations_first_chain_only_under_flowchart(
        ) -> None:
    switch = "A activate borrelsword.position_change -> leo_wizard"
    flowchart = engine(preset="flowchart")
    state = play(flowchart, ["A decline", "B decline", switch], settle_end=False)
    assert state.window.kind is WindowKind.EVENT and state.window.first_chain
    seed = engine(preset="seed")
    state = play(seed, ["A pass", "B pass", switch], settle_end=False)
    assert state.window.kind is WindowKind.OPEN and not state.window.first_chain
    assert [link.effect for link in state.chain] == ["position_change"]


def test_r23_flowchart_after_a_trigger_link_the_opponent_of_its_controller_gets_priority(
        ) -> None:
    eng = engine(preset="flowchart")
    state = play(eng, ["A activate borrelsword.atk_gain", "B decline"], settle_end=False)
    assert eng.to_move(state) is B and state.window.passes == 0
    assert legal(eng, state) == [ROAR, "B pass"]
    seed = engine(preset="seed")
    state = play(seed, ["A activate borrelsword.atk_gain", "B pass"], settle_end=False)
    assert seed.to_move(state) is A and state.window.passes == 1  # S001 p.23


def test_r23_both_presets_reach_the_same_endings_of_the_model_battle() -> None:
    def endings(preset: str) -> set[str]:
        result = exploration("model", preset)
        return {json.dumps(result.engine.outcome(state).to_json(), sort_keys=True)
                for state in result.states.values() if result.engine.is_terminal(state)}

    seed = endings("seed")
    assert seed == endings("flowchart")
    assert len(seed) > 1
