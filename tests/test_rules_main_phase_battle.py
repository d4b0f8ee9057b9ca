"""From Main Phase 1 into the battle (R129): the model battle started in Main Phase 1, where
the turn player's choices change the attack that follows; Honest's Ignition Effect (R3) and
Effect Veiler, a Quick Effect only in the opponent's Main Phase."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import networkx as nx
from rules_helpers import (
    ROOT,
    forbidden_by,
    graveyard,
    monster,
    note,
    offered,
    play,
    write_situation,
)

from gamebook.explore.explorer import explore
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.negated import negated_by
from gamebook.rules.state import Position, Step
from gamebook.situation.load import load_situation


def _lp_by_first_choice(name: str) -> dict[str, set[tuple[int, int]]]:
    """The LP of every ending below each of the turn player's first choices."""
    found = explore(load_situation(ROOT / "examples" / f"{name}.yaml"), "seed")
    graph = found.graph
    root = next(node for node in graph if graph.in_degree(node) == 0)
    lps: dict[str, set[tuple[int, int]]] = defaultdict(set)
    for _, child, data in graph.out_edges(root, data=True):
        for node in nx.descendants(graph, child) | {child}:
            if graph.nodes[node]["terminal"]:
                lps[str(data["action"])].add(found.state(node).lp)
    return dict(lps)


def test_r129_the_main_phase_choices_change_the_model_battle() -> None:
    lps = _lp_by_first_choice("borrelsword_main_phase")
    assert set(lps) == {"A activate borrelsword.position_change -> leo_wizard",
                        "A activate raigeki.activate", "A set_spell_trap raigeki", "A pass"}
    # Raigeki clears Player B's field: no attack, one direct attack, or two after the
    # switch-to-DEF
    assert lps["A activate raigeki.activate"] == {(8000, 8000), (8000, 5000), (8000, 2000)}
    # the Battle Phase entered at once is the model battle: Player B's LP never fall to 2000;
    # a Set Raigeki may still be activated in Main Phase 1 (R145), never in the Battle Phase
    assert (8000, 2000) not in lps["A pass"]
    assert lps["A pass"] < lps["A set_spell_trap raigeki"]
    # only the switch-to-DEF made in Main Phase 1 leads on to Raigeki with two attacks
    assert (8000, 2000) in lps["A activate borrelsword.position_change -> leo_wizard"]


# -- R3: Honest's Ignition Effect ---------------------------------------------------------------

def _main_phase(tmp_path: Path, a: dict, b: dict, scope: str = "end_of_main_phase_1") -> Engine:
    return Engine(write_situation(tmp_path, {"turn_player": "A", "players": {"A": a, "B": b},
                                             "start": {"moment": "main_phase_1"},
                                             "scope": scope}))


def test_r3_honest_returns_itself_to_the_hand_in_main_phase_1(tmp_path) -> None:
    eng = _main_phase(tmp_path, {"monsters": [{"id": "honest", "card": "honest"}]},
                      {"spell_traps": [{"id": "trap_hole", "card": "trap_hole"}]})
    state = eng.initial_state()
    assert "A activate honest.return_to_hand" in offered(eng, state)
    state = play(eng, ["A activate honest.return_to_hand", "B pass", "A pass"],
                 settle_end=False)
    assert state.monsters == () and [card.id for card in state.hand] == ["honest"]
    # back in the open game state: the Normal Summon of the turn is still there (R130), and
    # Trap Hole may answer it (R131)
    assert offered(eng, state) == ["A normal_summon honest", "A set_monster honest", "A pass"]


def test_r3_honests_ignition_effect_is_refused_in_the_battle_phase(tmp_path) -> None:
    eng = _main_phase(tmp_path, {"monsters": [{"id": "honest", "card": "honest"}]}, {},
                      scope="end_of_battle_phase")
    state = play(eng, ["A pass", "B pass"], settle_end=False)
    assert state.window.step is Step.START_STEP
    assert forbidden_by(eng, state, "honest", "return_to_hand") == "ignition_effects"


# -- R5, R109: Effect Veiler, a Quick Effect only in the opponent's Main Phase -----------------

def _veiler_in_b_hand(tmp_path: Path) -> Engine:
    return Engine(write_situation(tmp_path, {
        "turn_player": "A", "start": {"moment": "main_phase_1"}, "scope": "end_of_battle_phase",
        "players": {"A": {"monsters": [{"id": "borrelsword", "card": "borrelsword_dragon"}]},
                    "B": {"monsters": [{"id": "leo_wizard", "card": "leo_wizard"}],
                          "hand": [{"id": "effect_veiler", "card": "effect_veiler"}]}}}))


def test_r5_effect_veiler_negates_a_monster_in_the_opponents_main_phase(tmp_path) -> None:
    eng = _veiler_in_b_hand(tmp_path)
    state = eng.initial_state()
    # Player A holds priority first; Player B answers A's pass that leaves Main Phase 1 (R129)
    state = play(eng, ["A pass"], settle_end=False)
    assert offered(eng, state) == ["B activate effect_veiler.negate -> borrelsword", "B pass"]
    state = play(eng, ["B activate effect_veiler.negate -> borrelsword", "A pass", "B pass"],
                 state, settle_end=False)
    assert negated_by(state, "borrelsword") == "effect_veiler"
    assert set(graveyard(state)) == {"effect_veiler"}  # its cost
    # back in Main Phase 1 (R129): Borrelsword Dragon's switch-to-DEF may be activated, costs
    # nothing, and does nothing (R109)
    assert state.window.step is Step.MAIN_PHASE_1
    state = play(eng, ["A activate borrelsword.position_change -> leo_wizard", "A pass"], state,
                 settle_end=False)
    assert monster(state, "leo_wizard").position is Position.ATTACK


def test_r5_effect_veiler_answers_an_activation_in_the_opponents_main_phase(tmp_path) -> None:
    eng = _veiler_in_b_hand(tmp_path)
    state = play(eng, ["A activate borrelsword.position_change -> leo_wizard"],
                 settle_end=False)
    # Borrelsword Dragon's switch-to-DEF cannot be answered (R13): Player B waits
    assert forbidden_by(eng, state, "effect_veiler", "negate") is not None


def test_r5_effect_veiler_is_refused_in_the_battle_phase_with_its_condition(tmp_path) -> None:
    eng = _veiler_in_b_hand(tmp_path)
    state = play(eng, ["A pass", "B pass"], settle_end=False)
    assert state.window.step is Step.START_STEP
    found = note(eng, state, "effect_veiler", "negate")
    assert (found.legal, found.rule, found.reason, found.args) == (
        False, "quick_effects", "condition_only", (("condition", "opponents_main_phase"),))


def test_r5_effect_veiler_not_in_its_owners_own_main_phase(tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A", "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1",
        "players": {"A": {"hand": [{"id": "effect_veiler", "card": "effect_veiler"}]},
                    "B": {"monsters": [{"id": "honest", "card": "honest"}]}}}))
    assert forbidden_by(eng, eng.initial_state(), "effect_veiler", "negate") == "quick_effects"


def test_r109_effect_veiler_targets_only_a_face_up_effect_monster(tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A", "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1",
        "players": {"A": {"monsters": [{"id": "gemini_elf", "card": "gemini_elf"},
                                       {"id": "honest", "card": "honest", "face_up": False,
                                        "position": "defense"}]},
                    "B": {"hand": [{"id": "effect_veiler", "card": "effect_veiler"}]}}}))
    state = play(eng, ["A pass"], settle_end=False)
    # Gemini Elf is a Normal Monster, the Set Honest is face-down: nothing to target
    assert forbidden_by(eng, state, "effect_veiler", "negate") == "could_not_apply"
