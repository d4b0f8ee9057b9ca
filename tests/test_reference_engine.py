"""Every example, and every test situation made of real cards, checked against EDOPro.

The reference engine is the EDOPro rules core with the ProjectIgnis card scripts, packaged as a
measuring instrument outside the project (``run.py`` in ``shared/oracle/`` beside the checkout,
built by ``build.sh`` there; ``scripts/test.sh`` builds it when it is present). It is never
imported: it runs as a separate process, explores the situation exhaustively and prints its end
states. This test builds each situation with gamebook (``graph.json``), reads the end states of
both engines zone-free (LP; each player's monsters with face, position and ATK; Spell/Trap cards
with face; GY, banished and hand) and compares three sets: end states, LP outcomes, and the cards
activated somewhere.

Every difference must be in ``reference_engine_differences.yaml``, with the reading of
docs/engine.md ("Checked against EDOPro", D1...) and the ruling that decides it; a listed
difference that no longer occurs fails too, so the table stays true. An entry marked
``expected_failure`` is an error of gamebook's that is known and not fixed yet: the test is then
an expected failure (``x``), and it fails as soon as the difference is gone, to have the entry
removed. A situation the instrument cannot express is listed there with the reason; a test
situation that uses invented cards (``tests/cards/``, which have no EDOPro script) is skipped
with their names.

The instrument's results depend only on the situation, the card files it uses and the instrument
itself, so they are cached under ``build/oracle-cache/`` by a hash of those bytes: a warm run
costs the gamebook builds only. Without the instrument (a user's clone) the module is one skip.
``GAMEBOOK_ORACLE_JOBS`` (default: the CPUs, at most 2) sets how many situations run at once.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter, deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
# shared/oracle/ beside the checkout (CI), or beside a folder above it (a git worktree).
ORACLE = next((folder / "shared" / "oracle" for folder in ROOT.parents
               if (folder / "shared" / "oracle" / "run.py").is_file()),
              ROOT.parent / "shared" / "oracle")
RUN = ORACLE / "run.py"
TABLE = TESTS / "reference_engine_differences.yaml"
LIBRARY = ROOT / "gamebook" / "cards" / "library"
TEST_CARDS = TESTS / "cards"
CACHE = ROOT / "build" / "oracle-cache"
CACHE_FORMAT = "gamebook-reference-engine-cache/1"
PLAYERS = ("A", "B")
PILES = (("graveyard", "GY"), ("banished", "banished"), ("hand", "hand"))
KINDS = ("end_states", "lp", "activated")
SIDES = ("only_in_gamebook", "only_in_oracle")
MAX_SECONDS = 600


def _unavailable() -> str | None:
    if not RUN.is_file():
        return "no reference engine beside the checkout (../shared/oracle/run.py): nothing compared"
    check = subprocess.run([sys.executable, str(RUN), "--check"], capture_output=True, text=True,
                           timeout=120)
    if check.returncode != 0:
        return ("the reference engine is not built (bash ../shared/oracle/build.sh): "
                "nothing compared")
    return None


_REASON = _unavailable()
if _REASON:
    pytest.skip(_REASON, allow_module_level=True)

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
TEST_SITUATIONS = sorted((TESTS / "situations").glob("*.yaml"))


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# -- the situations and the card files they use ---------------------------------------------

def _read_yaml(path: Path) -> object:
    return yaml.load(path.read_bytes(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@cache
def _card_files(folder: Path) -> tuple[tuple[str, str, Path], ...]:
    """(card id, frame, file) of every card file in ``folder``."""
    found = []
    for path in sorted(folder.glob("*.yaml")):
        data = _read_yaml(path)
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            found.append((data["id"], str(data.get("frame", "")), path))
    return tuple(found)


@dataclass(frozen=True)
class Situation:
    path: Path
    folders: tuple[Path, ...]        # card folders, the library first (later ones replace)
    instances: dict[str, str]        # instance id -> card id
    invented: tuple[str, ...]        # cards that only tests/cards/ has (no EDOPro script)

    @property
    def name(self) -> str:
        return _name(self.path)

    @property
    def extra_folders(self) -> tuple[Path, ...]:
        return tuple(folder for folder in self.folders if folder == TEST_CARDS)

    def card_files(self) -> dict[str, Path]:
        files: dict[str, Path] = {}
        for folder in self.folders:
            for card, _frame, path in _card_files(folder):
                files[card] = path
        return files

    def token_cards(self) -> set[str]:
        return {card for folder in self.folders for card, frame, _ in _card_files(folder)
                if frame == "token"}


@cache
def situation(path: Path) -> Situation:
    spec = _read_yaml(path)
    assert isinstance(spec, dict), f"{_name(path)}: not a situation"
    folders = [LIBRARY]
    folders += [(path.parent / str(folder)).resolve() for folder in spec.get("card_folders") or ()]
    if path.parent == TESTS / "situations":
        folders.append(TEST_CARDS)
    instances = {}
    for side in (spec.get("players") or {}).values():
        for kind in ("monsters", "spell_traps", "hand", "deck", "graveyard"):
            for item in (side or {}).get(kind) or ():
                instances[str(item.get("id"))] = str(item.get("card"))
    real = {card for folder in folders if folder != TEST_CARDS
            for card, _, _ in _card_files(folder)}
    invented = tuple(sorted({card for card in instances.values() if card not in real}))
    return Situation(path, tuple(folders), instances, invented)


# -- the table of known differences ---------------------------------------------------------

@cache
def table() -> dict:
    data = _read_yaml(TABLE)
    documented = {entry["situation"]: entry for entry in data.get("documented") or ()}
    refused = {entry["situation"]: entry for entry in data.get("not_expressible") or ()}
    left_out = {entry["situation"]: entry for entry in data.get("not_compared") or ()}
    return {"documented": documented, "not_expressible": refused, "not_compared": left_out}


def listed_differences(entry: dict | None) -> dict[str, dict[str, set[str]]]:
    listed = (entry or {}).get("differences") or {}
    return {kind: {side: set(listed.get(kind, {}).get(side) or ()) for side in SIDES}
            for kind in KINDS}


# -- end states, zone-free -------------------------------------------------------------------

def _counted(items: list[str]) -> str:
    counts = sorted(Counter(items).items())
    return ", ".join(item + (f" ×{n}" if n > 1 else "") for item, n in counts)


def describe(lp: dict, sides: dict) -> str:
    """One end state as a line: the identity the comparison uses and the table writes."""
    parts = [f"LP A {lp['A']} / B {lp['B']}"]
    for player in PLAYERS:
        side = sides[player]
        monsters = [f"{m['card']} ({'face-up' if m['face_up'] else 'face-down'} {m['position']}, "
                    f"ATK {m['atk']})" for m in side["monsters"]]
        spell_traps = [f"{s['card']} ({'face-up' if s['face_up'] else 'face-down'})"
                       for s in side["spell_traps"]]
        for label, items in (("monsters", monsters), ("Spell/Trap", spell_traps),
                             *((label, side[key]) for key, label in PILES)):
            if items:
                parts.append(f"{player} {label}: {_counted(list(items))}")
    return " · ".join(parts)


def describe_value(value: dict) -> str:
    """An end state as the instrument gives it (its ``value``)."""
    return describe(value["lp"], {player: value[player] for player in PLAYERS})


def describe_outcome(outcome: dict) -> str:
    """A gamebook ending's ``outcome`` of graph.json, read the same way."""
    sides = {}
    for player in PLAYERS:
        mine = [x for x in outcome.get("field", ()) if x.get("controller") == player]
        sides[player] = {
            "monsters": [{"card": x["card"], "face_up": x.get("face_up", True),
                          "position": x["position"], "atk": x.get("atk")}
                         for x in mine if "position" in x],
            "spell_traps": [{"card": x["card"], "face_up": x.get("face_up", False)}
                            for x in mine if "position" not in x],
            **{key: [x["card"] for x in outcome.get(key, ())
                     if x.get("owner", x.get("controller")) == player] for key, _ in PILES}}
    return describe(outcome["lp"], sides)


def describe_lp(lp: list[int] | tuple[int, int]) -> str:
    return f"A {lp[0]} / B {lp[1]}"


@dataclass
class Side:
    """What one engine reached: each end state, LP outcome and activated card with a path."""
    end_states: dict[str, list[str]] = field(default_factory=dict)
    lp: dict[str, list[str]] = field(default_factory=dict)
    activated: dict[str, list[str]] = field(default_factory=dict)


def gamebook_side(graph: dict, where: Situation) -> Side:
    """End states of graph.json, each with the shortest path of choices that reaches it."""
    edges: dict[str, list[dict]] = {}
    for edge in graph["edges"]:
        edges.setdefault(edge["from"], []).append(edge)
    root = graph["graph"].get("root", "n0")
    paths = {root: []}
    queue = deque([root])
    side = Side()
    tokens = where.token_cards()
    while queue:
        node = queue.popleft()
        for edge in edges.get(node, ()):
            step = f"{edge.get('player')}: {edge.get('label')}"
            cards = [event["card"] for event in edge.get("events", ())
                     if event.get("kind") == "activate" and event.get("card")]
            if edge.get("action") == "activate" and edge.get("card"):
                cards.append(edge["card"])
            for card in cards:
                side.activated.setdefault(_card_of(card, where, tokens), paths[node] + [step])
            if edge["to"] not in paths:
                paths[edge["to"]] = paths[node] + [step]
                queue.append(edge["to"])
    for node in sorted(graph["nodes"], key=lambda n: (n.get("page") or 0, n["id"])):
        if node.get("terminal"):
            outcome = node["outcome"]
            path = paths.get(node["id"], [])
            side.end_states.setdefault(describe_outcome(outcome), path)
            side.lp.setdefault(describe_lp([outcome["lp"]["A"], outcome["lp"]["B"]]), path)
    return side


def _card_of(instance: str, where: Situation, tokens: set[str]) -> str:
    if instance in where.instances:
        return where.instances[instance]
    for token in sorted(tokens):  # Token instances: <card instance>_<token card>_<n> (R64)
        if re.search(rf"_{re.escape(token)}_\d+$", instance):
            return token
    return instance


def oracle_side(result: dict) -> Side:
    side = Side()
    for state in result["end_states"]:
        side.end_states.setdefault(describe_value(state["value"]), state["path"])
    for state in result["end_states"]:
        lp = state["value"]["lp"]
        side.lp.setdefault(describe_lp([lp["A"], lp["B"]]), state["path"])
    side.activated = {card: [] for card in result["activated"]}
    return side


def differences(gamebook: Side, oracle: Side) -> dict[str, dict[str, set[str]]]:
    return {kind: {"only_in_gamebook": set(getattr(gamebook, kind)) - set(getattr(oracle, kind)),
                   "only_in_oracle": set(getattr(oracle, kind)) - set(getattr(gamebook, kind))}
            for kind in KINDS}


# -- running both engines ---------------------------------------------------------------------

@cache
def instrument_hash() -> str:
    digest = hashlib.sha256(CACHE_FORMAT.encode())
    for path in sorted(ORACLE.iterdir()):
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def cache_key(where: Situation) -> str:
    """The situation's bytes, the card files it uses (and every Token a script may create)."""
    digest = hashlib.sha256(instrument_hash().encode())
    digest.update(where.path.read_bytes())
    files = where.card_files()
    used = set(where.instances.values()) | where.token_cards()
    for card in sorted(used):
        if card in files:
            digest.update(card.encode() + b"\0" + files[card].read_bytes())
    return digest.hexdigest()


@dataclass
class Checked:
    where: Situation
    result: dict | None = None       # the instrument's end states (cached); None if refused
    refused: list[str] | None = None  # the instrument's message when it cannot express it
    instrument_compare: dict | None = None  # its own comparison, when it ran just now
    graph: dict | None = None
    problem: str | None = None        # the run went wrong (build failed, out of time)
    seconds: float = 0.0
    cached: bool = False


def _build(where: Situation, out: Path) -> str | None:
    command = [sys.executable, "-m", "gamebook", "build", str(where.path), "--out", str(out),
               "--no-images", "--quiet", "--format", "md"]
    for folder in where.extra_folders:
        command += ["--cards", str(folder)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        return f"gamebook build exited {done.returncode}: {(done.stderr or done.stdout).strip()}"
    return None


def _bad_input(checked: Checked) -> bool:
    """A test situation that gamebook refuses on purpose (a bad-input test, exit code 2)."""
    return (checked.where.path.parent == TESTS / "situations"
            and (checked.problem or "").startswith("gamebook build exited 2:"))


def _run_instrument(where: Situation, graph: Path | None, workers: int) -> tuple[int, str, str]:
    command = [sys.executable, str(RUN), str(where.path), "--json", "--workers", str(workers),
               "--max-seconds", str(MAX_SECONDS)]
    if graph is not None:
        command += ["--compare", str(graph)]
    for folder in where.extra_folders:
        command += ["--cards", str(folder)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    return done.returncode, done.stdout, done.stderr


def _cache_file(where: Situation, key: str) -> Path:
    return CACHE / f"{where.name.replace('/', '.')}.{key[:20]}.json"


def _store(where: Situation, key: str, entry: dict) -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    stem = where.name.replace("/", ".")
    for old in CACHE.glob(f"{stem}.*.json"):
        old.unlink()
    target = _cache_file(where, key)
    temporary = target.with_suffix(".tmp")
    temporary.write_text(json.dumps(entry, indent=1, ensure_ascii=False, sort_keys=True),
                         encoding="utf-8")
    temporary.replace(target)


def check(where: Situation, scratch: Path) -> Checked:
    started = time.monotonic()
    checked = Checked(where)
    if where.invented or where.name in table()["not_compared"]:
        return checked
    key = cache_key(where)
    cached_file = _cache_file(where, key)
    entry = None
    if cached_file.is_file():
        entry = json.loads(cached_file.read_text(encoding="utf-8"))
        checked.cached = entry.get("key") == key
    if not checked.cached:
        entry = None
    graph_path = None
    if where.name not in table()["not_expressible"]:
        out = scratch / where.name.replace("/", ".")
        checked.problem = _build(where, out)
        if checked.problem:
            return checked
        graph_path = out / "graph.json"
        checked.graph = json.loads(graph_path.read_text(encoding="utf-8"))
    if entry is None:
        code, stdout, stderr = _run_instrument(where, graph_path, workers=1)
        if code == 2:
            lines = [line.removeprefix("oracle: ") for line in stderr.splitlines() if line.strip()]
            entry = {"key": key, "refused": lines}
        elif code in (0, 1):
            out = json.loads(stdout)
            activated = out["compare"]["activated_cards"]["oracle"] if "compare" in out else None
            entry = {"key": key, "format": CACHE_FORMAT, "oracle": out["oracle"],
                     "notes": out["notes"], "counts": out["counts"],
                     "wall_seconds": out["wall_seconds"], "activated": activated,
                     "end_states": [{"value": s["value"], "path": s["path"], "leaves": s["leaves"]}
                                    for s in out["end_states"]]}
            checked.instrument_compare = out.get("compare")
        else:
            checked.problem = (f"the reference engine exited {code}: "
                               f"{stderr.strip() or stdout.strip()[:500]}")
            return checked
        if entry.get("refused") or entry.get("activated") is not None:
            _store(where, key, entry)
    if entry.get("refused"):
        checked.refused = entry["refused"]
    else:
        checked.result = entry
    checked.seconds = time.monotonic() - started
    return checked


def _jobs() -> int:
    wanted = os.environ.get("GAMEBOOK_ORACLE_JOBS")
    if wanted:
        return max(1, int(wanted))
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(2, cpus or 1))


COMPARED = [*EXAMPLES, *TEST_SITUATIONS]


_START_COST = {"start_step": 0, "battle_step": 1, "attack_declared": 2}


def _cost_order(path: Path) -> tuple:
    """The costliest first, so the long runs overlap the short ones: a start earlier in the
    Battle Phase and the whole Battle Phase as scope explore the most."""
    spec = _read_yaml(path)
    start = (spec.get("start") or {}).get("moment") if isinstance(spec, dict) else None
    scope = spec.get("scope") if isinstance(spec, dict) else None
    return (_START_COST.get(start, 3), scope != "end_of_battle_phase", _name(path))


@pytest.fixture(scope="module")
def checked(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> dict[str, Checked]:
    """The selected situations, built and run once, several at a time."""
    selected = [item.callspec.params["path"] for item in request.session.items
                if item.module is request.module and hasattr(item, "callspec")]
    scratch = tmp_path_factory.mktemp("reference-engine")
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=_jobs()) as pool:
        done = list(pool.map(lambda path: check(situation(path), scratch),
                             sorted(selected, key=_cost_order)))
    results = {item.where.name: item for item in done}
    cold = [item for item in done if not item.cached and item.result]
    warm = [item for item in done if item.cached]
    print(f"\nreference engine: {len(done)} situations in {time.monotonic() - started:.1f} s, "
          f"{len(cold)} run now ({sum(item.seconds for item in cold):.1f} s), "
          f"{len(warm)} from build/oracle-cache/")
    return results


# -- the tests -----------------------------------------------------------------------------------

def _nearest(state: str, others: dict[str, list[str]]) -> tuple[str, list[str]] | None:
    if not others:
        return None
    mine = set(state.split(" · "))
    best = min(sorted(others), key=lambda other: len(mine ^ set(other.split(" · "))))
    return best, others[best]


def _path(path: list[str]) -> str:
    return " > ".join(path) if path else "(the start)"


def report(checked: Checked, unexpected: dict, gone: dict, gamebook: Side, oracle: Side,
           found: dict) -> str:
    lines = [f"{checked.where.name}: gamebook and the reference engine "
             f"({checked.result['oracle']}) differ"]
    engines = {"only_in_gamebook": (gamebook, oracle, "gamebook", "the reference engine"),
               "only_in_oracle": (oracle, gamebook, "the reference engine", "gamebook")}
    for kind in KINDS:
        for side in SIDES:
            here, there, name, other = engines[side]
            for item in sorted(unexpected[kind][side]):
                label = {"end_states": "end state", "lp": "LP outcome",
                         "activated": "card activated"}[kind]
                lines.append(f"  {label} only in {name}: {item}")
                lines.append(f"    {name}'s path: {_path(getattr(here, kind)[item])}")
                if kind == "end_states":
                    near = _nearest(item, there.end_states)
                    if near:
                        lines.append(f"    nearest end state of {other}: {near[0]}")
                        lines.append(f"    {other}'s path: {_path(near[1])}")
    for kind in KINDS:
        for side in SIDES:
            for item in sorted(gone[kind][side]):
                lines.append(f"  listed in {TABLE.name} ({kind}, {side}) but no longer found: "
                             f"{item}")
    if any(gone[kind][side] for kind in KINDS for side in SIDES):
        lines.append(f"  a listed difference that is gone must leave {TABLE.name} (and "
                     "docs/engine.md, 'Checked against EDOPro', if it was the last example of "
                     "its reading)")
    if any(unexpected[kind][side] for kind in KINDS for side in SIDES):
        lines.append(f"  a difference that is a documented reading goes into {TABLE.name} with "
                     "its D-number of docs/engine.md and the ruling; any other is a bug of one of "
                     "the engines. The entry's differences, as found:")
        lines.append(entry_text(checked.where.name, found))
    return "\n".join(lines)


def entry_text(name: str, found: dict[str, dict[str, set[str]]]) -> str:
    """The differences found, as an entry of the table (the reading and ruling left to write)."""
    listed = {kind: {side: sorted(found[kind][side]) for side in SIDES if found[kind][side]}
              for kind in KINDS}
    entry = {"situation": name, "reading": "D?", "ruling": "?",
             "differences": {kind: sides for kind, sides in listed.items() if sides}}
    text = yaml.safe_dump([entry], allow_unicode=True, sort_keys=False, width=10_000)
    return "\n".join("    " + line for line in text.splitlines())


def _instrument_agrees(checked: Checked, found: dict) -> list[str]:
    """When the instrument has just compared too, its comparison and this test's must agree."""
    theirs = checked.instrument_compare
    if theirs is None:
        return []
    seen = {"end_states": {side: {describe_value(x["value"]) for x in theirs["end_states"][side]}
                           for side in ("only_gamebook", "only_oracle")},
            "lp": {side: {describe_lp(x["lp"]) for x in theirs["lp"][side]}
                   for side in ("only_gamebook", "only_oracle")},
            "activated": {side: set(theirs["activated_cards"][side])
                          for side in ("only_gamebook", "only_oracle")}}
    problems = []
    for kind in KINDS:
        for ours, side in (("only_in_gamebook", "only_gamebook"),
                           ("only_in_oracle", "only_oracle")):
            if found[kind][ours] != seen[kind][side]:
                problems.append(f"{kind} {ours}: this test finds {sorted(found[kind][ours])}, the "
                                f"instrument {sorted(seen[kind][side])}")
    return problems


@pytest.mark.parametrize("path", COMPARED, ids=_name)
def test_gamebook_and_edopro_reach_the_same_end_states(path: Path,
                                                       checked: dict[str, Checked]) -> None:
    item = checked[_name(path)]
    if item.where.invented:
        pytest.skip(f"uses invented test cards, which EDOPro has no script for: "
                    f"{', '.join(item.where.invented)}")
    left_out = table()["not_compared"].get(item.where.name)
    if left_out:
        pytest.skip(f"not compared: {left_out['reason']}")
    listed_refusal = table()["not_expressible"].get(item.where.name)
    if _bad_input(item):
        pytest.skip(f"gamebook refuses it on purpose: {item.problem.split(': ', 1)[1]}")
    if item.problem:
        pytest.fail(f"{item.where.name}: {item.problem}", pytrace=False)
    if item.refused:
        if listed_refusal is None:
            pytest.fail(f"{item.where.name}: the reference engine cannot express it: "
                        f"{' | '.join(item.refused)}; list it under not_expressible in "
                        f"{TABLE.name} with the reason (never change the situation)", pytrace=False)
        pytest.skip(f"not expressible in the reference engine: {listed_refusal['reason']}")
    if listed_refusal is not None:
        pytest.fail(f"{item.where.name} is listed as not expressible in {TABLE.name}, but the "
                    "reference engine now runs it: remove the entry", pytrace=False)
    assert item.result is not None and item.graph is not None
    problems = [note for note in item.result["notes"] if "problem" in note]
    assert not problems, f"{item.where.name}: the reference engine's scripts failed: {problems}"
    gamebook, oracle = gamebook_side(item.graph, item.where), oracle_side(item.result)
    found = differences(gamebook, oracle)
    disagreement = _instrument_agrees(item, found)
    assert not disagreement, (f"{item.where.name}: this test reads graph.json differently from "
                              "the reference engine's own comparison:\n  "
                              + "\n  ".join(disagreement))
    entry = table()["documented"].get(item.where.name)
    listed = listed_differences(entry)
    unexpected = {kind: {side: found[kind][side] - listed[kind][side] for side in SIDES}
                  for kind in KINDS}
    gone = {kind: {side: listed[kind][side] - found[kind][side] for side in SIDES}
            for kind in KINDS}
    if any(unexpected[kind][side] or gone[kind][side] for kind in KINDS for side in SIDES):
        pytest.fail(report(item, unexpected, gone, gamebook, oracle, found), pytrace=False)
    if entry and entry.get("expected_failure"):
        pytest.xfail(f"known error, not fixed yet: {' '.join(entry['expected_failure'].split())}")
