"""Small helpers for the rules-engine tests (``tests/test_rules_*.py``).

A test names a situation (``"model"`` is the model battle of ``examples/``; any other name is a
file in ``tests/situations/``), builds an :class:`Engine` for a preset and plays a line of
actions written as they print (``"A activate borrelsword.atk_gain"``). Points where the only
legal action is a pass are passed automatically, as the explorer does, unless asked not to.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

import yaml

from gamebook.explore.explorer import Exploration, explore
from gamebook.rules.actions import Action, ActionKind, Event, Note
from gamebook.rules.engine import Engine, forced_pass
from gamebook.rules.state import GameState, MonsterState, Player
from gamebook.situation.load import load_situation
from gamebook.situation.model import Situation

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
MODEL = ROOT / "examples" / "borrelsword_linkuriboh.yaml"
SITUATIONS = TESTS / "situations"
CARDS = TESTS / "cards"

A, B = Player.A, Player.B


# -- situations and engines ----------------------------------------------------------------

@cache
def situation(name: str = "model") -> Situation:
    """The model battle (``"model"``) or ``tests/situations/<name>.yaml`` with the test cards."""
    if name == "model":
        return load_situation(MODEL)
    return load_situation(SITUATIONS / f"{name}.yaml", card_folders=(CARDS,))


def engine(name: str = "model", preset: str = "seed") -> Engine:
    return Engine(situation(name), preset)


@cache
def exploration(name: str = "model", preset: str = "seed") -> Exploration:
    return explore(situation(name), preset, max_seconds=10)


def write_situation(folder: Path, spec: dict) -> Situation:
    """Write ``spec`` (a situation mapping) to ``folder`` and load it with the test cards."""
    spec = {"title": "test", **spec}
    path = folder / "situation.yaml"
    path.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    return load_situation(path, card_folders=(CARDS,))


def one_on_one(folder: Path, attacker: str, target: str | None, *, position: str = "attack",
               face_up: bool = True, scope: str = "end_of_battle") -> Situation:
    """A's ``attacker`` card has just declared an attack on B's ``target`` card (or directly)."""
    defenders = [] if target is None else [
        {"id": "defender", "card": target, "position": position, "face_up": face_up}]
    start = {"moment": "attack_declared", "attacker": "attacker"}
    if target is not None:
        start["target"] = "defender"
    return write_situation(folder, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "attacker", "card": attacker}]},
                    "B": {"monsters": defenders}},
        "start": start,
        "scope": scope,
    })


# -- playing lines ---------------------------------------------------------------------------

def settle(eng: Engine, state: GameState, events: list[Event] | None = None) -> GameState:
    """Apply forced passes until someone has a real decision (or the branch has ended)."""
    while (action := forced_pass(eng, state)) is not None:
        transition = eng.apply(state, action, forced=True)
        if events is not None:
            events.extend(transition.events)
        state = transition.state
    return state


def play_events(eng: Engine, moves: Iterable[str], state: GameState | None = None, *,
                settle_end: bool = True) -> tuple[GameState, list[Event]]:
    """Play ``moves`` from ``state`` (default: the start); forced passes are applied whenever a
    move is not legal yet. Returns the final state and every event on the way."""
    events: list[Event] = []
    if state is None:
        start = eng.start()
        state, events = start.state, list(start.events)
    for text in moves:
        action = Action.parse(text)
        while action not in eng.legal_actions(state, every_card=True):
            forced = forced_pass(eng, state)
            if forced is None:
                raise AssertionError(f"{text!r} is not legal; legal: {legal(eng, state)}")
            transition = eng.apply(state, forced, forced=True)
            events.extend(transition.events)
            state = transition.state
        transition = eng.apply(state, action)
        events.extend(transition.events)
        state = transition.state
    if settle_end:
        state = settle(eng, state, events)
    return state, events


def play(eng: Engine, moves: Iterable[str], state: GameState | None = None, *,
         settle_end: bool = True) -> GameState:
    return play_events(eng, moves, state, settle_end=settle_end)[0]


def legal(eng: Engine, state: GameState) -> list[str]:
    """The legal actions as they print, in the engine's order: every card's, also where the
    explorer offers only the first of interchangeable cards (``offered``)."""
    return [str(action) for action in eng.legal_actions(state, every_card=True)]


def offered(eng: Engine, state: GameState) -> list[str]:
    """The choices the explorer (and the book) offers."""
    return [str(action) for action in eng.legal_actions(state)]


def note(eng: Engine, state: GameState, card: str, effect: str) -> Note:
    """The engine's can/cannot note for one effect."""
    found = [n for n in eng.notes(state) if (n.card, n.effect) == (card, effect)]
    assert len(found) == 1, f"no single note for {card}.{effect}: {eng.notes(state)}"
    return found[0]


def forbidden_by(eng: Engine, state: GameState, card: str, effect: str) -> str | None:
    """The R-rule that forbids activating ``card.effect`` now (``None`` when it is legal)."""
    found = note(eng, state, card, effect)
    return None if found.legal else found.rule


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: Iterable[Event], kind: str) -> Event:
    for e in events:
        if e.kind == kind:
            return e
    raise AssertionError(f"no {kind!r} event")


def monster(state: GameState, instance: str) -> MonsterState:
    found = state.monster(instance)
    assert found is not None, f"{instance} is not on the field"
    return found


def graveyard(state: GameState) -> dict[str, str]:
    """Instance id -> why it went to the GY."""
    return {card.id: card.reason for card in state.graveyard}


def activations(eng: Engine, state: GameState) -> list[str]:
    return [str(a) for a in eng.legal_actions(state) if a.kind is ActionKind.ACTIVATE]


def chain(state: GameState) -> list[str]:
    """The chain as ``card.effect`` strings, c1 first."""
    return [f"{link.card}.{link.effect}" for link in state.chain]


def to_damage_step(eng: Engine, moves: Iterable[str] = ()) -> GameState:
    """Play ``moves``, then pass until the Damage Step starts."""
    from gamebook.rules.state import Step

    state = play(eng, moves)
    while state.window.step is Step.BATTLE_STEP and not eng.is_terminal(state):
        state = play(eng, [f"{eng.to_move(state).value} pass"], state)
    return state


def pass_until(eng: Engine, state: GameState, done) -> GameState:  # noqa: ANN001
    """Pass (whoever holds priority) until ``done(state)`` or the branch ends; the state
    returned is the first one for which ``done`` holds (forced passes are not skipped)."""
    for _ in range(100):
        if done(state) or eng.is_terminal(state):
            return state
        state = play(eng, [f"{eng.to_move(state).value} pass"], state, settle_end=False)
    raise AssertionError("no progress after 100 passes")


def run_out(eng: Engine, moves: Iterable[str] = (), state: GameState | None = None
            ) -> tuple[GameState, list[Event]]:
    """Play ``moves``, then pass until the branch ends; returns the ending and all events."""
    state, events = play_events(eng, moves, state)
    for _ in range(100):
        if eng.is_terminal(state):
            return state, events
        state, more = play_events(eng, [f"{eng.to_move(state).value} pass"], state)
        events += more
    raise AssertionError("the branch does not end after 100 passes")
