"""The decision graph (R69): a node is the full game state, so two histories that reach the
same state are one node; every node is a real decision or an ending."""

from __future__ import annotations

import networkx as nx
import pytest
from rules_helpers import engine, exploration, play, situation

from gamebook.explore.explorer import explore
from gamebook.rules.actions import ActionKind
from gamebook.rules.engine import forced_pass

ATK = "A activate borrelsword.atk_gain"
SWITCH = "A activate borrelsword.position_change -> leo_wizard"
EXPLORED = [("model", "seed"), ("model", "flowchart"), ("model_whole_battle_phase", "seed"),
            ("segoc_all_stages", "seed"), ("same_stage_triggers", "flowchart"),
            ("borrelsword_attacks_leo", "seed")]


def _node_of(result, state) -> str:  # noqa: ANN001
    nodes = [node for node, known in result.states.items() if known == state]
    assert len(nodes) == 1
    return nodes[0]


def test_r69_switch_to_def_as_c2_and_as_a_new_chain_after_c1_reach_the_same_state() -> None:
    # S001 pages 24 and 34 (walkthrough D7): two routes, one game state.
    eng = engine()
    as_c2 = play(eng, [ATK, "B pass", SWITCH])
    as_new_chain = play(eng, [ATK, "B pass", "A pass", SWITCH])
    assert as_c2 == as_new_chain and hash(as_c2) == hash(as_new_chain)


def test_r69_two_histories_to_the_same_state_are_one_node_of_the_graph() -> None:
    eng = engine()
    result = exploration("model", "seed")
    node = _node_of(result, play(eng, [ATK, "B pass", SWITCH]))
    parents = list(result.graph.predecessors(node))
    assert len(parents) == 2
    assert {str(result.graph.edges[p, node]["action"]) for p in parents} == {SWITCH}
    # one parent has c1 (the ATK effect) still on the chain, the other is the open Battle Step
    assert sorted(len(result.states[p].chain) for p in parents) == [0, 1]


@pytest.mark.parametrize(("name", "preset"), EXPLORED)
def test_r69_no_two_nodes_of_the_graph_hold_the_same_state(name: str, preset: str) -> None:
    result = exploration(name, preset)
    states = list(result.states.values())
    assert len(set(states)) == len(states) == result.graph.number_of_nodes()


@pytest.mark.parametrize(("name", "preset"), EXPLORED)
def test_r69_every_node_is_a_real_decision_or_an_ending(name: str, preset: str) -> None:
    result = exploration(name, preset)
    for node, state in result.states.items():
        if result.engine.is_terminal(state):
            assert result.graph.out_degree(node) == 0
        else:
            assert forced_pass(result.engine, state) is None
            assert result.graph.out_degree(node) >= 1


@pytest.mark.parametrize(("name", "preset"), EXPLORED)
def test_r69_every_node_is_reachable_and_every_branch_ends(name: str, preset: str) -> None:
    result = exploration(name, preset)
    graph = result.graph
    assert set(nx.descendants(graph, result.root)) | {result.root} == set(graph.nodes)
    endings = {n for n in graph if graph.nodes[n]["terminal"]}
    assert endings
    for node in graph:
        assert node in endings or nx.descendants(graph, node) & endings


def test_r69_the_graph_exposes_replay_attack_declaration_and_placement_decisions() -> None:
    def kinds_in(name: str, preset: str = "seed") -> set[ActionKind]:
        graph = exploration(name, preset).graph
        return {data["action"].kind for _, _, data in graph.edges(data=True)}

    assert {ActionKind.REPLAY_ATTACK, ActionKind.STOP_ATTACK} <= kinds_in("model")
    assert ActionKind.DECLARE_ATTACK in kinds_in("model_whole_battle_phase")
    assert ActionKind.END_PLACEMENT in kinds_in("same_stage_triggers")


def test_r69_exploring_twice_gives_the_same_graph() -> None:
    first = explore(situation("model"), "seed")
    second = explore(situation("model"), "seed")
    assert list(first.graph.nodes) == list(second.graph.nodes)
    assert [(u, v, str(d["action"])) for u, v, d in first.graph.edges(data=True)] == [
        (u, v, str(d["action"])) for u, v, d in second.graph.edges(data=True)]
    assert first.states == second.states
