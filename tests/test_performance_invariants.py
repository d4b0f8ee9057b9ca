"""What the engine's speed-ups must never change: cached hashes, shared values, memos."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest
from rules_helpers import ROOT

from gamebook.explore.explorer import KeptStates, explore
from gamebook.rules.actions import event
from gamebook.rules.engine import Engine
from gamebook.rules.events import EventKind, EventProtocolError
from gamebook.rules.state import GameState, WindowKind, recalled, remembered, replace
from gamebook.situation.load import load_situation
from gamebook.stats import Operation, Stat, StatBlock, StatClass

EXAMPLE = ROOT / "examples" / "borrelsword_linkuriboh.yaml"


def _start() -> GameState:
    return Engine(load_situation(EXAMPLE)).initial_state()


def test_a_replaced_state_forgets_the_cached_hash_of_the_old_one():
    state = _start()
    hash(state)
    assert "_hash" in state.__dict__
    changed = replace(state, lp=(1, 2))
    assert changed.__dict__["_hash"] is None
    rebuilt = GameState.new(**changed.fields())
    assert changed == rebuilt and hash(changed) == hash(rebuilt) and changed != state
    assert replace(changed, lp=state.lp) == state  # equal again, whatever was cached


def test_a_state_and_its_copies_keep_a_dictionary_sized_to_their_fields():
    # A big exploration holds hundreds of thousands of states: a state's instance dictionary
    # with room for twice its fields (as __init__ leaves it past 30 attributes, or as a key
    # removed and added again at every copy makes it) doubled the exploring's memory.
    state = _start()
    fitted = sys.getsizeof({**state.__dict__, "_hash": 0})
    assert sys.getsizeof(state.__dict__) <= fitted
    for step in range(50):
        hash(state)
        state = replace(state, lp=(step, 8000))
        assert sys.getsizeof(state.__dict__) <= fitted
    window = state.window
    for step in range(50):
        hash(window)
        window = replace(window, passes=step)
    assert sys.getsizeof(window.__dict__) <= sys.getsizeof({**window.__dict__})


def test_the_forced_run_memo_keeps_of_a_state_its_values_equal_for_equal_states_only():
    state = _start()
    kept = remembered(state)
    assert kept is not state and kept == remembered(replace(state, lp=state.lp))
    assert kept != remembered(replace(state, ending_battle_phase=True))
    ending = Engine(load_situation(EXAMPLE)).merge_key(replace(
        state, window=replace(state.window, kind=WindowKind.ENDED)))
    assert remembered(ending) is ending and remembered(ending) != kept  # kept as it is


def test_a_recalled_state_is_the_state_kept_with_its_hash_and_a_fitted_dictionary():
    state = _start()
    fitted = sys.getsizeof({**state.__dict__, "_hash": 0})
    for step in range(3):
        back = recalled(remembered(state))
        assert back is not state and back == state and hash(back) == hash(state)
        assert list(back.__dict__) == list(state.__dict__)  # the same keys, in order
        assert sys.getsizeof(back.__dict__) <= fitted
        assert replace(back, lp=(step, 1)) == replace(state, lp=(step, 1))
        state = replace(state, lp=(step, 8000))


def test_an_exploration_holds_each_state_as_its_field_values_and_gives_it_back_whole():
    found = explore(load_situation(EXAMPLE))
    assert isinstance(found.states, KeptStates) and len(found.states) == len(found.graph)
    held = found.states._kept
    assert all(type(kept) is tuple for kept in held.values())
    # every state read back is the one kept, whole
    for node, state in found.states.items():
        assert isinstance(state, GameState) and remembered(state) == held[node]
        assert found.state(node) == state and node in found.states
    first = next(iter(found.states))
    del found.states[first]
    assert first not in found.states and len(found.states) == len(found.graph) - 1


def test_equal_states_are_equal_and_unequal_ones_are_not_whatever_their_hashes():
    state = _start()
    twin = replace(state, lp=state.lp)
    assert twin is not state and twin == state and hash(twin) == hash(state)
    other = replace(state, ending_battle_phase=True)
    assert other != state and state != other
    assert state != "a state" and state.__eq__(0) is NotImplemented


def test_a_pickled_state_carries_no_hash_from_its_process():
    state = _start()
    hash(state)
    copy = pickle.loads(pickle.dumps(state))
    assert "_hash" not in copy.__dict__ and copy == state
    fitted = sys.getsizeof({**state.__dict__, "_hash": 0})
    assert sys.getsizeof(replace(copy, lp=(1, 2)).__dict__) <= fitted  # and so its copies
    code = ("import pickle, sys; state = pickle.loads(sys.stdin.buffer.read()); "
            "print(hash(state) == hash(type(state).new(**state.fields())))")
    done = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(state),
                          capture_output=True, check=True, cwd=ROOT,
                          env={"PYTHONHASHSEED": "12345", "PATH": ""})
    assert done.stdout.strip() == b"True"


def test_events_are_one_object_per_value():
    first = event("pass", None, forced=True, step="battle_step")
    second = event("pass", None, step="battle_step", forced=True)
    assert first is second and first == second
    assert event("pass", None, forced=False, step="battle_step") is not first
    assert event(EventKind.PASS, None, forced=True, step="battle_step") is first
    with pytest.raises(EventProtocolError, match="'declined' must be array of strings"):
        event("pass", None, forced=True, step="battle_step", declined=["a", "list"])


def test_a_stat_record_gives_the_same_values_and_results_from_its_memo():
    def fresh() -> StatBlock:
        return StatBlock.printed(2500, 2000)

    raised = fresh().apply(StatClass.DELTA_ONCE, (Stat.ATK,), Operation.add(500), source="x")
    again = fresh().apply(StatClass.DELTA_ONCE, [Stat.ATK], Operation.add(500), source="x")
    assert raised == again and raised.atk == again.atk == 3000
    other = fresh().apply(StatClass.DELTA_ONCE, (Stat.ATK,), Operation.add(500), source="y")
    assert other != raised and other.atk == 3000
    halved = raised.apply(StatClass.ASET, (Stat.ATK,), Operation.half("up"), source="z")
    assert halved.atk == 1500 and raised.atk == 3000
