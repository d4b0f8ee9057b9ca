"""Tests of the generic decision-graph audit shared by check-book and the book audit."""

from __future__ import annotations

import time

import networkx as nx
import pytest

from gamebook.audit.graphcheck import GraphReport, check_graph, node_sort_key


def _check(edges: list[tuple], endings: set, root=1, nodes: tuple = ()) -> GraphReport:
    graph = nx.DiGraph(edges)
    graph.add_nodes_from(nodes)
    return check_graph(graph, root, endings.__contains__)


def test_a_tree_whose_leaves_are_endings_terminates():
    report = _check([(1, 2), (1, 3), (2, 4), (2, 5)], {3, 4, 5})
    assert report.terminates
    assert report.endings == (3, 4, 5)
    assert report.dead_ends == ()
    assert report.unreachable == ()
    assert report.longest_path == 2
    assert report.path_count == 3
    assert report.reachable == frozenset({1, 2, 3, 4, 5})


def test_shared_pages_multiply_the_number_of_paths():
    # 1 -> 2|3 -> 4 -> 5|6: two ways to reach 4, each going on to two endings.
    report = _check([(1, 2), (1, 3), (2, 4), (3, 4), (4, 5), (4, 6)], {5, 6})
    assert report.path_count == 4
    assert report.longest_path == 3


def test_a_leaf_that_is_not_an_ending_is_a_dead_end():
    report = _check([(1, 2), (1, 3)], {2})
    assert report.dead_ends == (3,)
    assert not report.terminates
    assert report.path_count == 1


def test_nodes_the_root_cannot_reach_are_unreachable_and_their_dead_ends_still_count():
    report = _check([(1, 2), (3, 2), (4, 5)], {2})
    assert report.unreachable == (3, 4, 5)
    assert report.dead_ends == (5,)
    assert report.endings == (2,)


def test_an_ending_the_root_cannot_reach_is_not_listed_among_endings():
    report = _check([(1, 2)], {2, 9}, nodes=(9,))
    assert report.endings == (2,)
    assert report.unreachable == (9,)


def test_a_loop_that_never_reaches_an_ending_is_reported():
    report = _check([(1, 2), (2, 3), (3, 2), (1, 4)], {4})
    assert report.cycles_without_ending == ((2, 3),)
    assert report.has_cycle
    assert report.longest_path is None
    # The loop lies on no path to an ending, so the count of ending paths stays finite.
    assert report.path_count == 1
    assert not report.terminates


def test_a_loop_with_an_exit_to_an_ending_makes_the_path_count_infinite():
    report = _check([(1, 2), (2, 3), (3, 2), (3, 4)], {4})
    assert report.cycles_without_ending == ()
    assert report.has_cycle
    assert report.path_count is None
    assert report.longest_path is None
    assert not report.terminates


def test_a_self_loop_is_a_cycle():
    report = _check([(1, 1)], set())
    assert report.cycles_without_ending == ((1,),)
    assert report.has_cycle
    assert report.dead_ends == ()
    assert report.path_count == 0


def test_an_unreachable_loop_is_reported_but_does_not_count_as_a_reachable_cycle():
    report = _check([(1, 2), (3, 4), (4, 3)], {2})
    assert report.cycles_without_ending == ((3, 4),)
    assert not report.has_cycle
    assert report.longest_path == 1
    assert report.unreachable == (3, 4)


def test_a_root_alone_that_is_an_ending_has_one_path_of_length_zero():
    report = _check([], {1}, nodes=(1,))
    assert report.terminates
    assert report.path_count == 1
    assert report.longest_path == 0


def test_a_graph_without_endings_does_not_terminate():
    report = _check([(1, 2)], set())
    assert report.dead_ends == (2,)
    assert report.endings == ()
    assert not report.terminates


def test_the_longest_path_counts_edges_on_any_branch_not_only_to_an_ending():
    report = _check([(1, 2), (2, 3), (3, 4), (1, 5)], {5})
    assert report.longest_path == 3


def test_an_unknown_root_is_a_value_error():
    with pytest.raises(ValueError, match="root 7"):
        check_graph(nx.DiGraph([(1, 2)]), 7, lambda node: False)


def test_string_and_mixed_type_nodes_are_sorted_by_type_then_value():
    report = _check([("start", "b"), ("start", "a"), ("start", 2), ("start", 10)], set(),
                    root="start")
    assert report.dead_ends == (2, 10, "a", "b")
    assert sorted(["b", 3, "a", 1], key=node_sort_key) == [1, 3, "a", "b"]


def test_path_counts_are_exact_beyond_machine_integers():
    # A ladder of 100 diamonds doubles the paths 100 times.
    edges = []
    for step in range(100):
        base = 3 * step
        edges += [(base, base + 1), (base, base + 2), (base + 1, base + 3), (base + 2, base + 3)]
    report = _check(edges, {300}, root=0)
    assert report.path_count == 2**100
    assert report.longest_path == 200


def test_a_hundred_thousand_node_graph_is_checked_in_well_under_seconds():
    size = 100_000
    graph = nx.DiGraph()
    graph.add_edges_from((n, n + 1) for n in range(size - 1))
    graph.add_edges_from((n, n + 2) for n in range(0, size - 2, 2))
    start = time.perf_counter()
    report = check_graph(graph, 0, lambda node: node == size - 1)
    elapsed = time.perf_counter() - start
    assert report.terminates
    assert report.longest_path == size - 1
    assert report.path_count is not None and report.path_count > 2**1000
    assert elapsed < 10


def test_a_hundred_thousand_node_graph_with_cycles_is_checked_in_seconds():
    size = 100_000
    graph = nx.DiGraph()
    graph.add_edges_from((n, n + 1) for n in range(size - 1))
    graph.add_edges_from((n + 9, n) for n in range(0, size - 10, 10))  # a loop every 10 nodes
    start = time.perf_counter()
    report = check_graph(graph, 0, lambda node: node == size - 1)
    elapsed = time.perf_counter() - start
    assert report.has_cycle and report.path_count is None and report.longest_path is None
    assert report.cycles_without_ending == ()
    assert elapsed < 10
