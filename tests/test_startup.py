"""Start-up: the decision graph without networkx, the input cache, what a command imports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from gamebook import __version__
from gamebook.errors import GamebookError
from gamebook.explore.digraph import DecisionGraph
from gamebook.explore.explorer import explore
from gamebook.inputs import cache as inputcache
from gamebook.situation.load import load_situation

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "borrelsword_linkuriboh_battle_phase.yaml"


def _both(edges: list[tuple], nodes: list = ()) -> tuple[DecisionGraph, nx.DiGraph]:
    ours, theirs = DecisionGraph(), nx.DiGraph()
    for graph in (ours, theirs):
        for node in nodes:
            graph.add_node(node, kind=f"k{node}")
        for index, (source, target) in enumerate(edges):
            graph.add_edge(source, target, index=index)
        graph.graph["root"] = 1
    return ours, theirs


def test_the_decision_graph_answers_like_a_networkx_digraph():
    ours, theirs = _both([(1, 2), (1, 3), (3, 2), (2, 4), (1, 3), (4, 1)], nodes=[5, 1])
    assert list(ours.nodes) == list(theirs.nodes)
    assert list(ours.nodes(data=True)) == list(theirs.nodes(data=True))
    assert list(ours.nodes(data="kind")) == list(theirs.nodes(data="kind"))
    assert list(ours.edges) == list(theirs.edges)
    assert list(ours.edges(data=True)) == list(theirs.edges(data=True))
    assert ours.edges[1, 3] == theirs.edges[1, 3] == {"index": 4}
    for node in theirs:
        assert list(ours.out_edges(node, data=True)) == list(theirs.out_edges(node, data=True))
        assert list(ours.in_edges(node, data=True)) == list(theirs.in_edges(node, data=True))
        assert list(ours.successors(node)) == list(theirs.successors(node))
        assert list(ours.predecessors(node)) == list(theirs.predecessors(node))
        assert ours.out_degree(node) == theirs.out_degree(node)
        assert ours.nodes[node] == theirs.nodes[node]
    assert ours.number_of_nodes() == theirs.number_of_nodes() == len(ours)
    assert ours.number_of_edges() == theirs.number_of_edges() == len(ours.edges)
    assert ours.has_edge(4, 1) and not ours.has_edge(1, 4) and (4, 1) in ours.edges
    assert 5 in ours and 9 not in ours and [] not in ours


def test_the_networkx_view_shares_the_same_dicts():
    ours, theirs = _both([(1, 2), (2, 3), (1, 3)])
    graph = ours.to_networkx()
    assert graph is ours.to_networkx()
    assert isinstance(graph, nx.DiGraph) and nx.utils.graphs_equal(graph, theirs)
    assert list(nx.topological_sort(graph)) == [1, 2, 3]
    assert graph.graph is ours.graph and graph.edges[1, 3] is ours.edges[1, 3]


def test_networkx_algorithms_take_the_decision_graph_itself():
    ours, theirs = _both([(1, 2), (1, 3), (3, 4), (2, 4)])
    assert nx.shortest_path(ours, 1, 4) == nx.shortest_path(theirs, 1, 4)
    assert list(nx.topological_sort(ours)) == list(nx.topological_sort(theirs))
    assert nx.descendants(ours, 3) == {4} and dict(ours.out_degree()) == dict(theirs.out_degree())
    assert list(ours.reverse().edges) == list(theirs.reverse().edges)  # a DiGraph method


def test_exploring_and_auditing_import_neither_networkx_nor_pydantic(tmp_path):
    """With the input cache warm, ``gamebook audit`` runs without the heavy libraries, nor
    PyYAML: the progress line, never shown here, reads no catalog (which loads the rulebook)."""
    env = {**os.environ, "GAMEBOOK_CACHE_DIR": str(tmp_path)}
    code = ("import sys; from gamebook.cli.entry import main; code = main(['audit', sys.argv[1], "
            "'--quiet']); print(sorted(m for m in ('networkx', 'pydantic', 'jinja2', "
            "'graphviz', 'yaml') if m in sys.modules)); raise SystemExit(code)")
    command = [sys.executable, "-c", code, str(EXAMPLE)]
    first = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)
    assert first.returncode == 0, first.stderr
    assert "networkx" not in first.stdout.splitlines()[-1]  # pydantic validates once
    second = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)
    assert second.returncode == 0, second.stderr
    assert second.stdout.splitlines()[-1] == "[]"


def test_graph_json_is_networkx_node_link_data_written_without_networkx(tmp_path):
    from gamebook.book.pages import build_book
    from gamebook.render.export import graph_data

    exploration = explore(load_situation(EXAMPLE))
    data = graph_data(build_book(exploration))
    names = {"edges": "edges", "source": "from", "target": "to"}
    assert nx.node_link_data(nx.node_link_graph(data, **names), **names) == data
    code = ("import sys; from gamebook.cli.entry import main; code = main(['build', sys.argv[1], "
            "'--quiet', '--no-images', '--out', sys.argv[2]]); "
            "print('networkx' in sys.modules); raise SystemExit(code)")
    result = subprocess.run([sys.executable, "-c", code, str(EXAMPLE), str(tmp_path / "out")],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "False"


def test_only_the_process_own_command_line_freezes_what_the_command_leaves(capsys):
    """``main()`` on the process's command line freezes the objects left (the interpreter's
    end then does not look for cycles among them); given its arguments, it leaves the
    collector as it was."""
    import gc

    from gamebook.cli.entry import main

    frozen = gc.get_freeze_count()
    assert main(["audit", str(EXAMPLE), "--quiet"]) == 0
    assert gc.get_freeze_count() == frozen
    capsys.readouterr()
    code = ("import gc, sys; from gamebook.cli.entry import main; "
            "sys.argv[1:] = ['audit', sys.argv[1], '--quiet']; code = main(); "
            "print(gc.get_freeze_count() > 0); raise SystemExit(code)")
    result = subprocess.run([sys.executable, "-c", code, str(EXAMPLE)], capture_output=True,
                            text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "True"


def test_version_alone_imports_neither_the_parser_nor_the_engine():
    code = ("import sys\nfrom gamebook.cli.entry import main\ntry:\n    main(['--version'])\n"
            "except SystemExit as exit:\n    assert exit.code == 0\n"
            "print(sorted(m for m in sys.modules if m.startswith('gamebook')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT, check=True)
    assert result.stdout.splitlines() == [
        f"gamebook {__version__}",
        "['gamebook', 'gamebook.cli', 'gamebook.cli.entry', 'gamebook.errors']"]


def _signature(situation) -> tuple:
    exploration = explore(situation)
    return (situation.spec, sorted(situation.cards.ids()),
            [situation.cards[card] for card in situation.cards.ids()],
            exploration.graph.number_of_nodes(), exploration.graph.number_of_edges())


def test_a_cached_situation_and_library_equal_the_validated_ones(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")
    fresh = _signature(load_situation(EXAMPLE))
    monkeypatch.delenv("GAMEBOOK_NO_CACHE")
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path))
    assert _signature(load_situation(EXAMPLE)) == fresh  # validated, then stored
    assert len(list(tmp_path.glob("*.pickle"))) == 2  # the situation and the library
    assert _signature(load_situation(EXAMPLE)) == fresh  # read back


def test_the_cache_key_follows_the_files_contents(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    cards = tmp_path / "cards"
    cards.mkdir()
    text = (ROOT / "tests" / "cards" / "test_giant.yaml").read_text(encoding="utf-8")
    (cards / "test_giant.yaml").write_text(text, encoding="utf-8")
    situation = tmp_path / "battle.yaml"
    situation.write_text(json.dumps({
        "title": "t", "turn_player": "A", "scope": "end_of_battle",
        "players": {"A": {"monsters": [{"id": "giant", "card": "test_giant"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf"}]}},
        "start": {"moment": "attack_declared", "attacker": "giant", "target": "elf"}}),
        encoding="utf-8")
    first = load_situation(situation, card_folders=(cards,))
    assert first.cards["test_giant"].atk == 2000
    (cards / "test_giant.yaml").write_text(text.replace("atk: 2000", "atk: 2100"),
                                           encoding="utf-8")
    assert load_situation(situation, card_folders=(cards,)).cards["test_giant"].atk == 2100
    # A card file that no longer validates is reported as always, with its line.
    (cards / "test_giant.yaml").write_text(text.replace("atk: 2000", "atk: lots"),
                                           encoding="utf-8")
    with pytest.raises(GamebookError) as raised:
        load_situation(situation, card_folders=(cards,))
    assert str(raised.value).startswith(f"{cards / 'test_giant.yaml'}:")


def test_a_damaged_or_foreign_cache_entry_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path))
    expected = _signature(load_situation(EXAMPLE))
    for entry in tmp_path.glob("*.pickle"):
        entry.write_bytes(b"not a pickle")
    assert _signature(load_situation(EXAMPLE)) == expected
    for entry in tmp_path.glob("*.pickle"):
        entry.write_bytes(inputcache.pickle.dumps({"something": "else"}))
    assert _signature(load_situation(EXAMPLE)) == expected


def test_a_cached_situation_still_reports_cross_check_errors_with_their_line(tmp_path,
                                                                             monkeypatch):
    """The situation is cached once valid; a card folder that then lacks its card is still
    reported at the line of the situation that names it."""
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "test_giant.yaml").write_text(
        (ROOT / "tests" / "cards" / "test_giant.yaml").read_text(encoding="utf-8"),
        encoding="utf-8")
    situation = tmp_path / "battle.yaml"
    situation.write_text(
        "title: t\nturn_player: A\nscope: end_of_battle\nplayers:\n  A:\n    monsters:\n"
        "      - {id: giant, card: test_giant}\n  B:\n    monsters:\n"
        "      - {id: elf, card: mystical_elf}\n"
        "start: {moment: attack_declared, attacker: giant, target: elf}\n", encoding="utf-8")
    load_situation(situation, card_folders=(cards,))
    (cards / "test_giant.yaml").unlink()
    with pytest.raises(GamebookError) as raised:
        load_situation(situation, card_folders=(cards,))
    assert str(raised.value).startswith(f"{situation}:7: unknown card 'test_giant'")


def test_no_cache_folder_means_no_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path))
    load_situation(EXAMPLE)
    assert list(tmp_path.iterdir()) == []


def test_exploring_leaves_no_cyclic_garbage():
    """The explorer turns the cyclic garbage collector off; nothing needs it."""
    import gc

    situation = load_situation(EXAMPLE)
    exploration = explore(situation)
    assert gc.isenabled() and exploration.graph.number_of_nodes() > 100
    gc.collect()
    gc.disable()
    try:
        explore(situation)
        assert gc.collect() == 0
    finally:
        gc.enable()
