"""Property tests of the explorer and engine over random situations.

Hypothesis builds battles from the bundled cards and the test cards (random monsters on
each side, random Set cards, a random attack, either scope and either rules preset). For
every one of them, exploration must finish within its budget, and the graph must be sound:
every branch terminates, every non-ending node is a real decision (never a lone pass), the
same input gives the same graph, and every "cannot" note names an R-rule. A battle too
large for the state budget must stop with the budget's message instead (some random
battles with several Quick Effects and a whole Battle Phase have thousands of states).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamebook.audit.report import audit
from gamebook.errors import BudgetExceeded
from gamebook.explore.explorer import explore
from gamebook.rules.actions import ActionKind
from gamebook.situation.load import load_situation

CARDS = Path(__file__).resolve().parent / "cards"
MONSTERS = ["borrelsword_dragon", "linkuriboh", "leo_wizard", "test_battle_drum", "test_booster",
            "test_colossus", "test_damage_step_booster", "test_escape_artist",
            "test_flip_beetle", "test_giant", "test_pebble", "test_shieldbearer",
            "test_signal_fire", "test_sturdy_wall", "test_swordsman", "test_war_horn"]
LINKS = {"borrelsword_dragon", "linkuriboh"}
MAX_STATES = 1500
SPELL_TRAPS = ["threatening_roar", "test_counter_trap", "test_halt_trap", "test_normal_spell",
               "test_pit_trap"]


@st.composite
def situations(draw):
    def monsters(player: str, count: int) -> list[dict]:
        result = []
        for index in range(count):
            card = draw(st.sampled_from(MONSTERS))
            defense = card not in LINKS and draw(st.booleans())
            face_down = defense and draw(st.booleans())
            result.append({"id": f"{player.lower()}{index}_{card}", "card": card,
                           "position": "defense" if defense else "attack",
                           "face_up": not face_down})
        return result

    attackers = monsters("A", draw(st.integers(1, 2)))
    attackers[0].update(position="attack", face_up=True)
    defenders = monsters("B", draw(st.integers(0, 2)))
    traps = [{"id": f"b_set{index}", "card": card, "set": draw(st.sampled_from(
        ["earlier_turn", "this_turn"]))}
        for index, card in enumerate(draw(st.lists(st.sampled_from(SPELL_TRAPS), max_size=2)))]
    start = {"moment": "attack_declared", "attacker": attackers[0]["id"]}
    if defenders:
        start["target"] = draw(st.sampled_from([m["id"] for m in defenders]))
    return {
        "title": "random battle",
        "rules": draw(st.sampled_from(["seed", "flowchart"])),
        "turn_player": "A",
        "players": {"A": {"lp": draw(st.sampled_from([8000, 1000])), "monsters": attackers},
                    "B": {"lp": draw(st.sampled_from([8000, 500])), "monsters": defenders,
                          "spell_traps": traps}},
        "start": start,
        "scope": draw(st.sampled_from(["end_of_battle", "end_of_battle_phase"])),
    }


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spec=situations())
def test_r69_every_random_battle_explores_into_a_sound_terminating_graph(tmp_path_factory, spec):
    path = tmp_path_factory.mktemp("random") / "battle.yaml"
    path.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    situation = load_situation(path, card_folders=(CARDS,))
    try:
        exploration = explore(situation, max_states=MAX_STATES, max_seconds=120)
    except BudgetExceeded as stopped:
        assert f"more than {MAX_STATES} pages (decision points and endings" in str(stopped)
        return
    report = audit(exploration)
    from gamebook.book.rulebook import load_rulebook

    rulebook = load_rulebook()
    assert report.terminates, report.to_text()
    engine = exploration.engine
    for node, data in exploration.graph.nodes(data=True):
        state = exploration.state(node)
        actions = engine.legal_actions(state)
        if data["terminal"]:
            assert actions == []
            continue
        assert actions, f"{node}: a non-ending node without a legal action"
        assert not (len(actions) == 1 and actions[0].kind is ActionKind.PASS), \
            f"{node}: a lone forced pass should have been compressed"
        assert exploration.graph.out_degree(node) >= 1
        for note in engine.notes(state):  # a refusal names the rule, by its id
            assert note.legal or note.rule in rulebook.rules, note
        for monster in state.monsters:
            assert monster.stats.atk >= 0
    again = explore(situation, max_states=MAX_STATES, max_seconds=120)
    assert sorted(again.graph.edges) == sorted(exploration.graph.edges)


def _notes_effect_by_effect(engine, state) -> list:
    """A page's can/cannot lines as they were made before every_activation: the priority
    holder's legal activations searched through priority_actions(every_card=True), then
    every effect checked on its own with activation_problem."""
    from gamebook.rules.actions import Note
    from gamebook.rules.state import WindowKind
    from gamebook.rules.timing import (
        activation_problem,
        candidate_effects,
        priority_actions,
        same_as,
    )

    rules = engine.rules
    if state.window.kind in (WindowKind.ENDED, WindowKind.REPLAY, WindowKind.SELECT):
        return []
    repeats = same_as(rules, state, priority_actions(rules, state, every_card=True))
    notes = []
    for player in (state.turn_player, state.turn_player.opponent):
        for instance, _card, effect in candidate_effects(rules, state, player):
            problem = activation_problem(rules, state, player, instance, effect)
            if problem is None and player is state.window.priority and instance in repeats:
                notes.append(Note(player, instance, effect.id, True, None, "same_as",
                                  (("card", repeats[instance]),)))
            elif problem is None and (note := engine._negated_note(state, instance,
                                                                   effect)) is not None:
                notes.append(Note(player, instance, effect.id, True, *note))
            elif problem is None:
                notes.append(Note(player, instance, effect.id, True))
            else:
                notes.append(Note(player, instance, effect.id, False, *problem))
    return notes + engine._attack_lock_notes(state)


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spec=situations())
def test_a_pages_notes_check_each_effect_once_and_say_the_same(tmp_path_factory, spec):
    """Engine.notes checks each effect once (every_activation) and keeps the priority
    holder's legal activations from the same checks: on every page of random battles, the
    same lines, in the same order, as checking effect by effect and searching the holder's
    activations again."""
    path = tmp_path_factory.mktemp("random") / "battle.yaml"
    path.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    situation = load_situation(path, card_folders=(CARDS,))
    try:
        exploration = explore(situation, max_states=MAX_STATES, max_seconds=120)
    except BudgetExceeded:
        return
    engine = exploration.engine
    for node in exploration.graph.nodes:
        state = exploration.state(node)
        assert engine.notes(state) == _notes_effect_by_effect(engine, state), node


EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_examples_notes_check_each_effect_once_and_say_the_same(path):
    """The same as above on every page of every example (triggers placed, interchangeable
    cards, locks, negation: what random battles may not reach)."""
    exploration = explore(load_situation(path, card_folders=(CARDS,)), max_seconds=120)
    engine = exploration.engine
    for node in exploration.graph.nodes:
        state = exploration.state(node)
        assert engine.notes(state) == _notes_effect_by_effect(engine, state), node
