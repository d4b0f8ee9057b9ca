"""Exhaustive exploration of a game into a decision graph.

The explorer is generic: it knows a game only through ``legal_actions``, ``apply``,
``is_terminal``, ``to_move`` and ``forced`` (the only legal action at a point where there is
nothing to decide, or ``None``), and uses the state itself as the merge key, so equal states
reached by different histories are one node. Points with a forced action are compressed:
the explorer applies it at once and keeps its events on the incoming edge, so every node of
the graph is a real decision (or an ending).

Breadth-first, with each node's actions in the game's order; node ids ``n0``, ``n1``, … are
given in discovery order, so the same input always gives the same graph. Budgets on states
and seconds end the search with :class:`~gamebook.errors.BudgetExceeded`, never a hang.
"""

from __future__ import annotations

import gc
import time
from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from gamebook.errors import BudgetExceeded
from gamebook.explore.digraph import DecisionGraph

FORCED_CHAIN_LIMIT = 10_000  # forced steps in a row before we call it a runaway loop


class Reduction(Protocol):
    """A coarser merge key for decision points, proved by the game (the order reduction):
    ``key(state)`` is the key of every state the game proves equivalent to ``state``, or
    ``None`` for the plain key; ``why(reached, shown)`` says why a choice that reached
    ``reached`` turns to the page of ``shown``, and is kept on that edge (``reordered``)."""

    def key(self, state: Any) -> Hashable | None: ...
    def why(self, reached: Any, shown: Any) -> Any: ...


@dataclass(frozen=True)
class _Reduction:
    key: Callable[[Any], Hashable | None]
    why: Callable[[Any, Any], Any]


class Game(Protocol):
    def legal_actions(self, state: Any) -> list[Any]: ...
    def apply(self, state: Any, action: Any, *, forced: bool = False,
              trusted: bool = False) -> Any: ...
    def is_terminal(self, state: Any) -> bool: ...
    def to_move(self, state: Any) -> Any: ...


class KeptStates(Mapping):
    """The explored states by node, each held as the game keeps it (``keep``: a state's field
    values, a third of the state's memory) and made again when it is read (``recall``).
    A reader that is done with a state deletes it."""

    __slots__ = ("_kept", "_recall")

    def __init__(self, kept: dict[str, Any], recall: Callable[[Any], Any]) -> None:
        self._kept = kept
        self._recall = recall

    def __getitem__(self, node: str) -> Any:
        return self._recall(self._kept[node])

    def __contains__(self, node: object) -> bool:
        return node in self._kept

    def __iter__(self) -> Iterator[str]:
        return iter(self._kept)

    def __len__(self) -> int:
        return len(self._kept)

    def __delitem__(self, node: str) -> None:
        del self._kept[node]


@dataclass
class Exploration:
    """The result: the decision graph (a :class:`~gamebook.explore.digraph.DecisionGraph`, the
    layout and API of a ``networkx.DiGraph``; ``graph.to_networkx()`` gives one) and what it
    took to build it."""

    graph: DecisionGraph
    root: str
    engine: Any
    # each node's state: a dict, or KeptStates when the game keeps its states smaller
    states: Any = field(default_factory=dict)
    seconds: float = 0.0
    transitions: int = 0  # actions applied, forced ones included

    def state(self, node: str) -> Any:
        return self.states[node]


def explore_game(game: Game, start: Any, *, forced: Any = None, max_states: int = 200_000,
                 max_seconds: float = 60.0, key: Any = None,
                 memo_key: Callable[[Hashable], Hashable] | None = None, prelude: tuple = (),
                 choices: Callable[[Any], tuple[Any, list]] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 on_progress: Callable[[int, float], None] | None = None,
                 reduce: Reduction | None = None,
                 commute: Callable[[Any, Any, Any], bool] | None = None,
                 keep: Callable[[Any], Any] | None = None,
                 recall: Callable[[Any], Any] | None = None) -> Exploration:
    """Explore every decision from ``start`` (reached through the events in ``prelude``).

    ``forced(state)`` returns the action to apply without a decision, or ``None``. A game
    may give ``choices(state)`` instead: ``(forced action or None, legal actions)``, so that
    the legal actions of a decision point are computed once, not once to see that there is
    a decision and again to explore it. ``key(state)`` is the merge key (default: the state
    itself, which must be hashable). ``memo_key(key)``, if given, is what the memo of forced
    runs keeps of a key, smaller than it and equal exactly when the keys are equal (the memo
    finds a key by its hash and tells keys of equal hash apart by it). ``clock`` measures
    ``max_seconds`` (the caller may count CPU time instead of wall time).
    ``on_progress(pages, seconds)``, if given, is told how far the search is every 1,024
    decision points (for a progress line). ``reduce``, if given, merges decision points the
    game proves equivalent (:class:`Reduction`): a choice that reaches one whose page shows
    another of them keeps ``reordered`` on its edge (or, for an alternative, in
    ``alternatives_reordered``: the alternative's index and why).
    ``commute(state, a, b)``, if given, says that the free actions ``a`` and ``b`` (no chain,
    no window, no event anything answers) reach the same state from ``state`` in either order:
    at the decision point ``b`` reached, ``a`` (the first of the two in the choices' order) is
    not explored again, its edge goes to the page ``a`` then ``b`` reached, and keeps
    ``free_order`` (``(a, b)``; for an alternative, ``alternatives_free_order``).
    ``keep(state)`` and ``recall(kept)``, if given, are a smaller form of a state, equal
    exactly when the states are equal (``memo_key`` of a state that is its own key), and
    the state again: each node's state is held so once its node is made
    (:class:`KeptStates`), and made again when it is explored or read.
    """
    # The explored values are acyclic (reference counting frees them), so the cyclic garbage
    # collector only walks the ever-growing set of states: 20-25% of the time, growing with
    # the graph. It is off while exploring and back on afterwards.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _explore(game, start, forced=forced, max_states=max_states,
                        max_seconds=max_seconds, key=key, memo_key=memo_key,
                        prelude=prelude, choices=choices,
                        clock=clock, on_progress=on_progress, reduce=reduce,
                        commute=commute, keep=keep, recall=recall)
    finally:
        if collecting:
            gc.enable()


def _explore(game: Game, start: Any, *, forced: Any, max_states: int, max_seconds: float,
             key: Any, memo_key: Callable[[Hashable], Hashable] | None, prelude: tuple,
             choices: Callable[[Any], tuple[Any, list]] | None,
             clock: Callable[[], float], on_progress: Callable[[int, float], None] | None,
             reduce: Reduction | None = None,
             commute: Callable[[Any, Any, Any], bool] | None = None,
             keep: Callable[[Any], Any] | None = None,
             recall: Callable[[Any], Any] | None = None) -> Exploration:
    if choices is None:
        if forced is None:
            raise TypeError("explore_game needs forced= or choices=")

        def choices(state: Any) -> tuple[Any, list | None]:
            return forced(state), None

    key = key or (lambda state: state)
    memo_key = memo_key or (lambda key: key)
    if keep is None or recall is None:
        keep = recall = _itself
    began = clock()
    graph = DecisionGraph()
    ids: dict[Hashable, str] = {}  # by what the memo keeps of a page's merge key
    kept: dict[str, Any] = {}  # each node's state, as ``keep`` keeps it
    result = Exploration(graph=graph, root="", engine=game,
                         states=kept if recall is _itself else KeptStates(kept, recall))
    counter = 0
    # forced runs already followed, by the hash of each state they passed through: what the
    # memo keeps of that state's key, the page the run reached (its node, and why it shows
    # another state or None), the run's events and where that state's begin in them; states
    # of equal hash in a list (_recall)
    settled: dict[int, tuple | list[tuple]] = {}
    known_actions: dict[str, list] = {}  # legal actions of nodes waiting in the queue
    is_terminal = game.is_terminal
    apply = game.apply

    def settle(state: Any, events: list[Any]) -> tuple[str, bool, Any]:
        """Apply forced actions until a decision or an ending, and find its page: its node,
        whether it is new, and why its page shows another state (the reduction's note), or
        ``None``.

        Every state a run passes through is remembered with the page the run reached and the
        events from there on, so runs that meet an earlier run are not replayed (many do: the
        same Damage Step follows many choices).
        """
        nonlocal counter
        run: list[Any] = []
        visited: list[tuple[Hashable, int, int]] = []  # key, its hash, where its events begin
        actions = None
        for _ in range(FORCED_CHAIN_LIMIT):
            state_key = key(state)
            hashed = hash(state_key)
            done = settled.get(hashed)
            if done is not None and (done := _recall(done, memo_key(state_key))) is not None:
                _, node, why, whole, begin = done  # the page that run reached
                run.extend(whole[begin:] if begin else whole)
                break
            visited.append((state_key, hashed, len(run)))
            if is_terminal(state):
                break
            action, actions = choices(state)
            if action is None:
                break
            actions = None
            transition = apply(state, action, forced=True)
            counter += 1
            run.extend(transition.events)
            state = transition.state
        else:
            raise BudgetExceeded(f"more than {FORCED_CHAIN_LIMIT} forced steps in a row: "
                                 "the game does not reach a decision (runaway loop)")
        end_kept = None  # what the memo keeps of the end state's key, made once
        if done is None:  # the run ended here, not where an earlier run went on
            end_kept = memo_key(state_key)
            node, new, why = node_for(state, state_key, end_kept, actions)
        else:
            new = False
        whole = tuple(run)  # each state's events from there on are a slice of it
        for visited_key, hashed, begin in visited:
            remembered = end_kept if visited_key is state_key else memo_key(visited_key)
            done = (remembered, node, why, whole, begin)
            found = settled.get(hashed)
            settled[hashed] = done if found is None else _with_other(found, done)
        events.extend(run)
        return node, new, why

    def node_for(state: Any, state_key: Hashable, found_key: Hashable, actions: list | None
                 ) -> tuple[str, bool, Any]:
        """The node of a settled state (``found_key``: what the memo keeps of its key),
        whether it is new, and why its page shows another state (the reduction's note), or
        ``None``."""
        if reduce is not None and (reduced := reduce.key(state)) is not None:
            state_key, found_key = reduced, memo_key(reduced)
        # a decision point is its own key: what the memo keeps of it is the state kept
        own = state_key is state and keep is memo_key
        node = ids.get(found_key)
        if node is not None:
            if reduce is None:
                return node, False, None
            shown = kept[node]
            if shown == (found_key if own else keep(state)):
                return node, False, None
            return node, False, reduce.why(state, recall(shown))
        if len(ids) >= max_states:
            raise BudgetExceeded(f"exploration stopped: more than {max_states} pages (decision "
                                 "points and endings; raise --max-states, or narrow the "
                                 "situation's scope)" + _multiplied(taken))
        node = f"n{len(ids)}"
        ids[found_key] = node
        kept[node] = found_key if own else keep(state)
        terminal = is_terminal(state)
        graph.add_node(node, to_move=None if terminal else game.to_move(state), terminal=terminal)
        if actions is not None:
            known_actions[node] = actions
        return node, True, None

    prelude_events: list[Any] = list(prelude)
    root, _, _ = settle(start, prelude_events)
    result.root = root
    graph.graph["root"] = root
    graph.graph["prelude"] = tuple(prelude_events)
    succ = graph._succ
    taken: Counter = Counter()  # how often each choice was explored: the budget's message
    # The free actions' order merge (``commute``): where a free action led from a node (its
    # child and events), and by which free action from which node a node was first reached.
    free_edges: dict[tuple[str, Any], tuple[str, tuple, int]] = {}
    made_by: dict[str, tuple[str, Any]] = {}
    queue = deque([root])
    popped = 0
    while queue:
        elapsed = clock() - began
        if elapsed > max_seconds:
            raise BudgetExceeded(f"exploration stopped after {max_seconds:g} s with "
                                 f"{len(ids)} pages (raise --max-seconds)" + _multiplied(taken))
        popped += 1
        if on_progress is not None and popped % 1024 == 0:
            on_progress(len(ids), elapsed)
        node = queue.popleft()
        state = recall(kept[node])
        actions = known_actions.pop(node, None)
        if actions is None:
            actions = game.legal_actions(state)
        edges = succ[node]
        if len(actions) > 1:
            taken.update(actions)
        origin = made_by.get(node) if commute is not None else None
        for action in actions:
            merged = None
            if origin is not None:
                merged = _other_order(origin, action, result.states, commute, free_edges)
            if merged is not None:  # the other order's page, not explored again
                child, events = merged
                new, why = False, None
                free_order = (action, origin[1])
            else:
                transition = apply(state, action, trusted=True)  # listed just now: legal
                counter += 1
                events = list(transition.events)
                own = len(events)  # the action's own events; then the forced run's
                child, new, why = settle(transition.state, events)
                free_order = None
                if commute is not None and commute(state, action, None):
                    free_edges[(node, action)] = (child, tuple(events), own)
                    if new:
                        made_by[child] = (node, action)
            if new:
                queue.append(child)
            data = edges.get(child)
            if data is not None:
                alternatives = data.setdefault("alternatives", [])
                alternatives.append((action, tuple(events)))
                if why is not None:
                    data.setdefault("alternatives_reordered", []).append(
                        (len(alternatives) - 1, why))
                if free_order is not None:
                    data.setdefault("alternatives_free_order", []).append(
                        (len(alternatives) - 1, free_order))
                continue
            graph.add_edge(node, child, action=action, events=tuple(events))
            if why is not None:
                edges[child]["reordered"] = why
            if free_order is not None:
                edges[child]["free_order"] = free_order
    result.seconds = clock() - began
    result.transitions = counter
    return result


def _other_order(origin: tuple[str, Any], action: Any, states: Mapping[str, Any],
                 commute: Callable[[Any, Any, Any], bool],
                 free_edges: dict[tuple[str, Any], tuple[str, tuple, int]]
                 ) -> tuple[str, list] | None:
    """Where ``action`` leads from the node that the free action ``origin[1]`` reached from
    ``origin[0]``, when the two commute there and ``action`` comes first in the choices'
    order: the page ``action`` then ``origin[1]`` reached, with ``action``'s own events and
    the forced run that ended there; or ``None`` (explore it)."""
    parent, before = origin
    if action.sort_key() >= before.sort_key():
        return None
    first = free_edges.get((parent, action))
    if first is None:
        return None
    second = free_edges.get((first[0], before))
    if second is None or not commute(states[parent], action, before):
        return None
    return second[0], [*first[1][:first[2]], *second[1][second[2]:]]


def choice_name(action: Any) -> str:
    """A choice without its target and cost: who does what with which card ("A activate
    raigeki.activate", "A set_spell_trap mystical_space_typhoon"), or the action itself."""
    kind = getattr(action, "kind", None)
    if kind is None:
        return str(action)
    player = getattr(getattr(action, "player", None), "value", "")
    card, effect = getattr(action, "card", None), getattr(action, "effect", None)
    what = f"{card}.{effect}" if card and effect else card or ""
    return " ".join(part for part in (player, getattr(kind, "value", str(kind)), what) if part)


def _itself(value: Any) -> Any:
    return value


def _recall(found: tuple | list[tuple], kept: Hashable) -> tuple | None:
    """The remembered run of ``found`` (one, or a list of those of equal hash) whose state
    was ``kept``, or ``None``."""
    if found.__class__ is tuple:
        return found if found[0] == kept else None  # type: ignore[return-value]
    return next((done for done in found if done[0] == kept), None)


def _with_other(found: tuple | list[tuple], done: tuple) -> list[tuple]:
    """``found`` and ``done``, two runs from states of equal hash (almost never)."""
    return [found, done] if found.__class__ is tuple else [*found, done]


def _multiplied(taken: Counter, shown: int = 5) -> str:
    """The choices explored most often where a player had more than one: the ones that
    multiplied the graph, for the message of a stopped run."""
    named: Counter = Counter()
    for action, times in taken.items():
        named[choice_name(action)] += times
    if not named:
        return ""
    ranked = sorted(named.items(), key=lambda item: (-item[1], item[0]))[:shown]
    return ("; the choices that multiplied the graph (times explored where another choice was "
            "open): " + ", ".join(f"{name} ({times})" for name, times in ranked))


def number_pages(exploration: Exploration) -> dict[str, int]:
    """Page numbers in breadth-first order from the root, choices in the game's order (each
    action's ``sort_key()``): the numbers the book prints, and the audit cites."""
    graph = exploration.graph
    numbers = {exploration.root: 1}
    queue = deque([exploration.root])
    while queue:
        node = queue.popleft()
        for child in ordered_children(exploration, node):
            if child not in numbers:
                numbers[child] = len(numbers) + 1
                queue.append(child)
    for node in graph.nodes:  # unreachable nodes cannot exist, but never lose one
        numbers.setdefault(node, len(numbers) + 1)
    return numbers


def ordered_children(exploration: Exploration, node: str) -> list[str]:
    """The children of ``node``, its choices sorted by the actions' ``sort_key()``."""
    graph = exploration.graph
    edges = sorted(graph.out_edges(node, data=True), key=lambda e: e[2]["action"].sort_key())
    return [child for _, child, _ in edges]


def explore(situation: Any, preset: str | None = None, *, max_states: int = 200_000,
            max_seconds: float = 60.0, clock: Callable[[], float] = time.monotonic,
            on_progress: Callable[[int, float], None] | None = None,
            reduce_orders: bool = True, free_orders: bool = True) -> Exploration:
    """Explore a loaded :class:`~gamebook.situation.load.Situation` with the rules engine.

    ``reduce_orders``: chain links the engine proves commute (R137) are explored in one
    order only, the other orders' choices turning to that order's page (on by default;
    ``False`` explores every order, as ``--all-orders`` does).
    ``free_orders``: the turn player's free actions whose order cannot matter (two Sets, a
    Set and a change of position: R152) are explored in one order (on by default); the
    states reached are the same either way."""
    from gamebook.rules.actions import ActionKind
    from gamebook.rules.engine import Engine

    engine = Engine(situation, preset)
    start = engine.start()
    legal_actions = engine.legal_actions
    passing = ActionKind.PASS

    def choices(state: Any) -> tuple[Any, list]:
        """``forced_pass`` and the legal actions, from one call of ``legal_actions``."""
        actions = legal_actions(state)
        if len(actions) == 1 and actions[0].kind is passing:
            return actions[0], actions
        return None, actions

    result = explore_game(engine, start.state, choices=choices, key=engine.merge_key,
                          memo_key=engine.memo_key, keep=engine.memo_key, recall=engine.recall,
                          max_states=max_states, max_seconds=max_seconds, prelude=start.events,
                          clock=clock, on_progress=on_progress,
                          reduce=_Reduction(engine.order_key, engine.reordered)
                          if reduce_orders else None,
                          commute=engine.free_actions_commute if free_orders else None)
    result.graph.graph["title"] = situation.title
    result.graph.graph["rules"] = engine.config.name
    result.graph.graph["situation"] = situation.name
    return result
