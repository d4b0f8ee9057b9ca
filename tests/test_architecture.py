"""The package layout is the architecture (docs/architecture.md): imports go one way.

Every ``import`` in ``gamebook/`` (at module level, inside functions and under
``TYPE_CHECKING`` alike) is read with :mod:`ast`. An import from one package (room) of
``gamebook`` into another must be an edge listed in :data:`ALLOWED`, and the modules'
import graph must have no circle. A new edge fails with the file, the line and the import;
if the edge is right, add it here and to the diagram in docs/architecture.md.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "gamebook"

#: Which room may import which. Read bottom-up: errors, inputs, cards, stats, situation, rules,
#: explore, then audit / book / edopro side by side, render over book (the renderers read the
#: finished book only: no engine, explorer or cards), then cli on top. ``gamebook`` is the
#: package root: its ``__init__`` (the version) and ``__main__`` (``python -m gamebook``).
#: Only edges some import uses are listed.
ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "inputs": {"errors"},
    "cards": {"errors", "inputs"},
    "stats": {"errors", "inputs"},
    "situation": {"errors", "inputs", "cards"},
    "rules": {"errors", "cards", "stats", "situation"},
    "explore": {"errors", "rules"},
    "audit": {"errors", "inputs", "explore"},
    "book": {"cards", "rules", "explore"},
    "render": {"book"},
    "edopro": {"errors", "inputs", "cards", "situation"},
    "cli": {"gamebook", "errors", "inputs", "cards", "stats", "situation", "rules", "explore",
            "audit", "book", "render", "edopro"},
    "gamebook": {"cli"},
}


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _room(module: str) -> str:
    """``gamebook.rules.timing`` → ``rules``; ``gamebook.errors`` → ``errors``."""
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in ("__init__", "__main__"):
        return "gamebook"
    return parts[1]


def _imports(root: Path = ROOT) -> list[tuple[str, Path, int, str]]:
    """(importing module, file, line, imported gamebook name) for every import."""
    found = []
    for path in sorted((root / "gamebook").rglob("*.py")):
        module = _module_name(path, root)
        if path.name == "__main__.py":
            module = "gamebook.__main__"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # ``from gamebook.cli import build`` imports the module gamebook.cli.build
                targets = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            for target in targets:
                if target == "gamebook" or target.startswith("gamebook."):
                    found.append((module, path, node.lineno, target))
    return found


def _existing(target: str, root: Path = ROOT) -> str | None:
    """The module a dotted name refers to, or None when it names an attribute."""
    relative = Path(*target.split("."))
    if (root / relative).with_suffix(".py").is_file() \
            or (root / relative / "__init__.py").is_file():
        return target
    return None


def _edges_against_layers(root: Path) -> list[str]:
    wrong = []
    for module, path, line, target in _imports(root):
        if _existing(target, root) is None:
            continue
        source, goal = _room(module), _room(target)
        if source != goal and goal not in ALLOWED[source]:
            wrong.append(f"{path.relative_to(root)}:{line}: {source} imports {target} "
                         f"({goal}); {source} may import only {sorted(ALLOWED[source])}")
    return wrong


def test_every_import_between_rooms_is_an_allowed_edge() -> None:
    assert set(ALLOWED) >= {_room(_module_name(p)) for p in PACKAGE.rglob("*.py")}, \
        "a new room: add it to ALLOWED and to docs/architecture.md"
    wrong = _edges_against_layers(ROOT)
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def test_every_allowed_edge_is_used_by_some_import() -> None:
    used = {(_room(module), _room(target)) for module, _, _, target in _imports()
            if _existing(target) is not None}
    unused = sorted((source, goal) for source, goals in ALLOWED.items() for goal in goals
                    if (source, goal) not in used)
    assert not unused, f"edges no import uses: remove them from ALLOWED (and the diagram): {unused}"


def test_the_rooms_form_no_circle() -> None:
    graph = nx.DiGraph((source, goal) for source, goals in ALLOWED.items() for goal in goals
                       if source != "gamebook")
    assert nx.is_directed_acyclic_graph(graph), nx.find_cycle(graph)


def test_no_module_imports_itself_back_through_others() -> None:
    graph = nx.DiGraph()
    where: dict[tuple[str, str], str] = {}
    for module, path, line, target in _imports():
        target = _existing(target)
        if target is None or target == module or module.startswith(target + "."):
            continue  # a package's own __init__ imported by its modules is not a circle
        if module.startswith(target) or target == "gamebook":
            continue
        graph.add_edge(module, target)
        where.setdefault((module, target), f"{path.relative_to(ROOT)}:{line}")
    # a package __init__ that re-exports its modules is an edge package -> module; the
    # modules themselves must still not form a circle
    cycles = list(nx.simple_cycles(graph))
    described = [" -> ".join(cycle + [cycle[0]]) + " (" + where[(cycle[0], cycle[1 % len(cycle)])]
                 + ")" for cycle in cycles]
    assert not cycles, "import circles:\n" + "\n".join(described)


def test_the_command_line_is_imported_by_nothing_below_it() -> None:
    wrong = [f"{path.relative_to(ROOT)}:{line}: imports {target}"
             for module, path, line, target in _imports()
             if target.startswith("gamebook.cli") and _room(module) not in ("cli", "gamebook")]
    assert not wrong, "\n".join(wrong)


def test_the_rules_preset_names_agree_everywhere() -> None:
    from gamebook.cli.entry import RULE_PRESETS
    from gamebook.rules.config import PRESETS
    from gamebook.situation.model import PRESET_NAMES

    assert tuple(PRESETS) == PRESET_NAMES == RULE_PRESETS


def test_a_forbidden_edge_is_reported_with_file_line_and_import(tmp_path: Path) -> None:
    """The check itself: an upward import inside a function of a rules module is named."""
    for folder in ("gamebook", "gamebook/rules", "gamebook/book"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "gamebook" / "book" / "pages.py").write_text("")
    (tmp_path / "gamebook" / "rules" / "timing.py").write_text(
        "def f():\n    from gamebook.book.pages import Book\n")
    assert _edges_against_layers(tmp_path) == [
        "gamebook/rules/timing.py:2: rules imports gamebook.book.pages (book); rules may import "
        "only ['cards', 'errors', 'situation', 'stats']"]


def test_the_diagram_in_the_docs_draws_exactly_the_allowed_edges() -> None:
    import re

    text = (ROOT / "docs" / "architecture.dot").read_text(encoding="utf-8")
    drawn = set(re.findall(r"(\w+) -> (\w+);", text))
    allowed = {(source, goal) for source, goals in ALLOWED.items() for goal in goals
               if source != "gamebook" and goal not in ("errors", "gamebook")}
    assert drawn == allowed, (f"docs/architecture.dot: not drawn {sorted(allowed - drawn)}, "
                              f"drawn but not allowed {sorted(drawn - allowed)}")
    svg = (ROOT / "docs" / "architecture.svg").read_text(encoding="utf-8")
    assert all(f">{room}/<" in svg for room in ALLOWED if room not in ("errors", "gamebook")), \
        "docs/architecture.svg is older than docs/architecture.dot: render it again"
