"""End to end: the ``gamebook`` command on the model battle, and on bad input.

Bad input must give one line naming the file, the line and what was expected, exit code 2,
no traceback, and nothing written to the output folder.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gamebook.cli.entry import COMMANDS, build_parser, main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "borrelsword_linkuriboh.yaml"
EXAMPLE_TEXT = EXAMPLE.read_text(encoding="utf-8")


def build(tmp_path: Path, *extra: str) -> Path:
    out = tmp_path / "out"
    assert main(["build", str(EXAMPLE), "--out", str(out), "--no-images", *extra]) == 0
    return out


def test_build_writes_the_book_the_diagram_source_and_the_json(tmp_path):
    out = build(tmp_path)
    assert sorted(p.name for p in out.iterdir()) == [
        "audit.json", "book.html", "book.md", "graph.dot", "graph.json"]
    book = (out / "book.md").read_text(encoding="utf-8")
    assert book.startswith("# Borrelsword Dragon attacks Linkuriboh")
    assert "Rules preset: seed" in book.splitlines()[4]
    assert "## 1\n" in book and "THE END" in book


def test_build_is_deterministic_byte_for_byte(tmp_path):
    first = build(tmp_path / "a")
    second = build(tmp_path / "b")
    for name in ("book.md", "book.html", "graph.dot", "graph.json", "audit.json"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_graph_json_follows_the_documented_node_link_format(tmp_path):
    data = json.loads((build(tmp_path) / "graph.json").read_text(encoding="utf-8"))
    assert data["graph"]["title"] == "Borrelsword Dragon attacks Linkuriboh"
    root = data["graph"]["root"]
    nodes = {node["id"]: node for node in data["nodes"]}
    assert nodes[root]["page"] == 1 and nodes[root]["to_move"] == "A"
    assert nodes[root]["chain"] == [] and nodes[root]["terminal"] is False
    endings = [node for node in data["nodes"] if node["terminal"]]
    assert endings and all(node["to_move"] is None for node in endings)
    for node in endings:
        outcome = node["outcome"]
        assert set(outcome["lp"]) == {"A", "B"}
        assert isinstance(outcome["second_attack_possible"], bool)
        assert outcome["field"]
    actions = {edge["action"] for edge in data["edges"]}
    assert actions == {"activate", "pass", "replay_attack", "stop_attack"}
    effects = {(edge["card"], edge["effect"]) for edge in data["edges"]
               if edge["action"] == "activate"}
    assert effects == {("borrelsword", "atk_gain"), ("borrelsword", "position_change"),
                       ("linkuriboh", "zero_atk"), ("threatening_roar", "activate")}
    switch = [e for e in data["edges"] if e["effect"] == "position_change"]
    assert {e["target"] for e in switch} == {"leo_wizard"}
    assert all(edge["label"] and edge["player"] in ("A", "B") for edge in data["edges"])


def test_the_generated_book_passes_check_book(tmp_path, capsys):
    out = build(tmp_path)
    assert main(["check-book", str(out / "book.md")]) == 0


def test_audit_reports_that_every_branch_terminates(capsys):
    assert main(["audit", str(EXAMPLE), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["terminates"] is True
    assert report["dead_ends"] == [] and report["cycles"] == []
    assert report["endings"] + report["decision_points"] == report["pages"]


def test_golden_counts_of_the_model_battle_per_rules_preset(capsys):
    """Like perft in chess engines: node/edge/ending counts pin the move generator."""
    expected = {"seed": (56, 82, 16), "flowchart": (59, 86, 16)}
    for preset, (pages, edges, endings) in expected.items():
        assert main(["audit", str(EXAMPLE), "--json", "--rules", preset]) == 0
        report = json.loads(capsys.readouterr().out)
        assert (report["pages"], report["edges"], report["endings"]) == (pages, edges, endings)


def test_the_first_page_names_the_rules_preset(tmp_path):
    out = build(tmp_path, "--rules", "flowchart")
    assert "Rules preset: flowchart" in (out / "book.md").read_text(encoding="utf-8")


def test_html_escapes_every_string_a_user_wrote(tmp_path):
    situation = tmp_path / "evil.yaml"
    situation.write_text(EXAMPLE_TEXT.replace(
        "title: Borrelsword Dragon attacks Linkuriboh",
        "title: '<script>alert(1)</script> & <b>'"), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(situation), "--out", str(out), "--no-images"]) == 0
    html = (out / "book.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;" in html
    dot = (out / "graph.dot").read_text(encoding="utf-8")
    assert 'label="<script>alert(1)</script> & <b>' in dot  # a quoted string, not HTML-like
    if shutil.which("dot"):
        import graphviz

        svg = graphviz.Source(dot).pipe(format="svg").decode("utf-8")
        assert "<script>" not in svg and "&lt;script&gt;alert(1)" in svg


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' is not installed")
def test_build_renders_svg_and_png_when_graphviz_is_installed(tmp_path):
    out = tmp_path / "out"
    assert main(["build", str(EXAMPLE), "--out", str(out), "--format", "md"]) == 0
    assert (out / "graph.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert (out / "graph.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_without_graphviz_the_dot_file_is_still_written_and_the_user_told(tmp_path, capsys,
                                                                          monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    out = tmp_path / "out"
    assert main(["build", str(EXAMPLE), "--out", str(out), "--format", "md"]) == 0
    assert (out / "graph.dot").exists() and not (out / "graph.svg").exists()
    assert "apt-get install graphviz" in capsys.readouterr().err


def test_budget_exceeded_stops_with_a_message_not_a_hang(tmp_path, capsys):
    out = tmp_path / "out"
    code = main(["build", str(EXAMPLE), "--out", str(out), "--max-states", "5"])
    assert code == 3
    assert "more than 5 pages (decision points and endings" in capsys.readouterr().err
    assert not out.exists()


def test_unknown_format_is_a_usage_error(tmp_path, capsys):
    assert main(["build", str(EXAMPLE), "--out", str(tmp_path / "o"), "--format", "pdf"]) == 2
    assert "--format" in capsys.readouterr().err


BAD_INPUT = {
    "unknown card": (("card: leo_wizard", "card: leo_wizzard"), 17, "unknown card 'leo_wizzard'"),
    "unknown effect id": (("scope: end_of_battle", "scope: end_of_battle\nused_this_turn: "
                           "[borrelsword.atk_up]"), 25, "unknown effect id 'atk_up'"),
    "duplicate instance id": (("id: leo_wizard, card", "id: linkuriboh, card"), 17,
                              "duplicate instance id 'linkuriboh'"),
    "a monster in two zones": (("zone: m2}", "zone: m3}"), 17, "are both in zone m3"),
    "a Link monster in Defense Position": (("{id: linkuriboh, card: linkuriboh, zone: m3}",
                                            "{id: linkuriboh, card: linkuriboh, zone: m3, "
                                            "position: defense}"), 16, "always in Attack Position"),
    "a missing field": (("scope: end_of_battle", ""), 2, "scope: required field is missing"),
    "a YAML syntax error": (("title: Borrelsword", "title: [Borrelsword"), 2, "YAML syntax error"),
    "an unknown scope": (("scope: end_of_battle", "scope: end_of_duel"), 24,
                         "scope: Input should be"),
    "an unknown rules preset": (("rules: seed", "rules: wiki"), 6, "rules: expected one of"),
    "an attacker that is not the turn player's": (("attacker: borrelsword", "attacker: leo_wizard"),
                                                   22, "start.attacker: expected a monster"),
    "a YAML object tag": (("title: Borrelsword Dragon attacks Linkuriboh",
                           "title: !!python/object/apply:os.system ['true']"), 2, "not allowed"),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUT))
def test_bad_input_gives_one_clear_line_exit_2_and_writes_nothing(tmp_path, case):
    (old, new), line, expected = BAD_INPUT[case]
    assert old in EXAMPLE_TEXT
    situation = tmp_path / "bad.yaml"
    situation.write_text(EXAMPLE_TEXT.replace(old, new, 1), encoding="utf-8")
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "gamebook", "build", str(situation),
                             "--out", str(out)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2, result.stderr
    message = result.stderr.strip()
    assert "\n" not in message and "Traceback" not in message
    assert message.startswith(f"gamebook: {situation}:{line}: "), message
    assert expected in message
    assert not out.exists()


def test_a_missing_situation_file_is_reported_without_a_traceback(tmp_path, capsys):
    assert main(["audit", str(tmp_path / "nope.yaml")]) == 2
    assert "file not found" in capsys.readouterr().err


def test_an_existing_output_file_is_replaced_whole_never_half_written(tmp_path):
    out = build(tmp_path)
    before = (out / "book.md").read_text(encoding="utf-8")
    build(tmp_path)
    assert (out / "book.md").read_text(encoding="utf-8") == before
    assert not [p for p in out.iterdir() if p.name.endswith(".tmp")]


def test_the_parser_of_one_command_parses_and_helps_like_the_whole_one(capsys):
    assert main(["nope"]) == 2
    assert f"(choose from {', '.join(map(repr, COMMANDS))})" in capsys.readouterr().err
    for name in COMMANDS:
        helps = []
        for parser in (build_parser(), build_parser(name)):
            with pytest.raises(SystemExit):
                parser.parse_args([name, "--help"])
            helps.append(capsys.readouterr().out)
        assert helps[0] == helps[1] and f"usage: gamebook {name} " in helps[0]
    arguments = ["audit", "x.yaml", "--rules", "flowchart", "--cards", "a", "--json"]
    assert build_parser("audit").parse_args(arguments) == build_parser().parse_args(arguments)


def test_audit_starts_fast_without_importing_heavy_libraries():
    code = (f"import sys; from gamebook.cli.entry import main; main(['audit', {str(EXAMPLE)!r}]); "
            "print(sorted(m for m in ('jinja2', 'graphviz', 'rich') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT)
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_a_diagram_too_large_to_read_is_written_as_dot_only_with_a_reason(tmp_path, capsys,
                                                                         monkeypatch):
    from gamebook.cli import build as commands

    monkeypatch.setattr(commands, "IMAGE_PAGE_LIMIT", 10)
    out = tmp_path / "out"
    assert main(["graph", str(EXAMPLE), "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["graph.dot"]
    assert "only graph.dot was written" in capsys.readouterr().err


def test_a_diagram_with_too_many_pages_to_lay_out_is_written_as_dot_only(tmp_path, capsys,
                                                                         monkeypatch):
    from gamebook.cli import build as commands

    monkeypatch.setattr(commands, "DIAGRAM_PAGE_LIMIT", 10)
    out = tmp_path / "out"
    assert main(["graph", str(EXAMPLE), "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["graph.dot"]
    assert re.search(r"The diagram has \d+ pages \(more than 10\)", capsys.readouterr().err)


def test_a_split_diagram_is_drawn_only_when_every_part_can_be_laid_out(tmp_path, capsys,
                                                                       monkeypatch):
    from gamebook.cli import build as commands

    monkeypatch.setattr(commands, "DIAGRAM_PAGE_LIMIT", 5)
    out = tmp_path / "out"
    start_step = ROOT / "examples" / "borrelsword_linkuriboh_start_step.yaml"
    assert main(["graph", str(start_step), "--out", str(out)]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names and all(name.endswith(".dot") for name in names) and "graph.1.dot" in names
    err = capsys.readouterr().err
    assert re.search(r"The diagram graph\.\d+ has \d+ pages \(more than 5\)", err)
    assert "graph.dot, graph.1.dot" in err


def test_a_book_too_large_to_draw_runs_no_graphviz_at_all(tmp_path, monkeypatch):
    from gamebook.cli import build as commands

    real_run = subprocess.run

    def run(command, *args, **kwargs):
        assert Path(command[0]).name != "dot", "Graphviz ran for a diagram nobody draws"
        return real_run(command, *args, **kwargs)

    monkeypatch.setattr(commands, "IMAGE_PAGE_LIMIT", 10)
    monkeypatch.setattr(subprocess, "run", run)
    assert main(["graph", str(EXAMPLE), "--out", str(tmp_path / "out"), "-q"]) == 0


def test_a_bad_card_file_is_reported_with_its_own_path_and_line(tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "bad.yaml").write_text(
        "id: bad_card\nnames: {en: Bad Card}\ncard_type: monster\nframe: effect\natk: 100\n"
        "effects:\n  - id: boom\n    kind: quick\n    resolution:\n"
        "      - {op: explode, who: self}\n", encoding="utf-8")
    situation = tmp_path / "battle.yaml"
    situation.write_text(EXAMPLE_TEXT.replace("scope: end_of_battle",
                                              "scope: end_of_battle\ncard_folders: [cards]"),
                         encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "gamebook", "audit", str(situation)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2
    message = result.stderr.strip()
    assert message.startswith(f"gamebook: {cards / 'bad.yaml'}:10: ") and "op" in message
    assert "Traceback" not in message and "\n" not in message


def test_html_marks_each_route_into_a_shared_page_so_the_reader_sees_their_own(tmp_path):
    html = (build(tmp_path) / "book.html").read_text(encoding="utf-8")
    page = html.split('<section class="page" id="p12"', 1)[1].split("</section>", 1)[0]
    assert page.count('class="arrival" data-from=') == 4
    assert 'class="routes"' in page
