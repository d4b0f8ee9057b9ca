"""Normal Spells in Main Phase 1 (R145): activated from the hand or from their Set in the
turn player's own open game state, answered by Spell Speed 2 or more (Magic Jammer, a chained
Mystical Space Typhoon), with Raigeki, Dark Hole, Harpie's Feather Duster and Monster Reborn."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_helpers import (
    A,
    B,
    forbidden_by,
    graveyard,
    kinds,
    monster,
    note,
    offered,
    play,
    play_events,
    write_situation,
)

from gamebook.cards.library import load_library
from gamebook.errors import InputError
from gamebook.explore.explorer import explore
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics import check_library
from gamebook.rules.state import Position, Step, WindowKind
from gamebook.situation.load import load_situation

ROOT = Path(__file__).resolve().parent.parent


def cards(ids: tuple[str, ...]) -> list[dict]:
    return [{"id": card, "card": card} for card in ids]


def main_phase(tmp_path: Path, *, hand: tuple[str, ...], a_monsters: tuple[str, ...] = (),
               a_spell_traps: list[dict] | None = None, a_graveyard: tuple[str, ...] = (),
               b_monsters: tuple[str, ...] = ("kuriboh",), b_traps: tuple[str, ...] = (),
               b_hand: tuple[str, ...] = (), b_graveyard: tuple[str, ...] = (),
               scope: str = "end_of_main_phase_1") -> Engine:
    """Player A in Main Phase 1; each card's instance id is its card id. Player A's monsters
    keep their positions (R138), so the Spells are the choices these tests look at."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "position_fixed": list(a_monsters),
        "players": {"A": {"hand": cards(hand), "monsters": cards(a_monsters),
                          "spell_traps": a_spell_traps or [], "graveyard": cards(a_graveyard)},
                    "B": {"monsters": cards(b_monsters), "spell_traps": cards(b_traps),
                          "hand": cards(b_hand), "graveyard": cards(b_graveyard)}},
        "start": {"moment": "main_phase_1"},
        "scope": scope,
    }))


def test_r145_raigeki_from_the_hand_destroys_every_monster_the_opponent_controls(tmp_path
                                                                                ) -> None:
    eng = main_phase(tmp_path, hand=("raigeki",), a_monsters=("gemini_elf",),
                     b_monsters=("kuriboh", "mystical_elf"))
    state = eng.initial_state()
    # the Spell may be activated from the hand or Set there (R141)
    assert offered(eng, state) == ["A activate raigeki.activate", "A set_spell_trap raigeki",
                                   "A pass"]
    state, events = play_events(eng, ["A activate raigeki.activate"], settle_end=False)
    assert state.spell_trap("raigeki").face_up and eng.to_move(state) is B  # chain link 1
    state, events = play_events(eng, ["B pass", "A pass"], state, settle_end=False)
    assert [m.id for m in state.monsters] == ["gemini_elf"]
    assert set(graveyard(state)) == {"kuriboh", "mystical_elf", "raigeki"}
    # after the chain, Player A is back in the open game state of Main Phase 1
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.MAIN_PHASE_1)
    assert eng.to_move(state) is A


def test_r145_dark_hole_destroys_every_monster_on_the_field(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=("dark_hole",), a_monsters=("gemini_elf",))
    state = play(eng, ["A activate dark_hole.activate", "B pass", "A pass"], settle_end=False)
    assert state.monsters == ()
    assert set(graveyard(state)) == {"gemini_elf", "kuriboh", "dark_hole"}


def test_r145_harpies_feather_duster_destroys_the_opponents_spells_and_traps(tmp_path
                                                                            ) -> None:
    eng = main_phase(tmp_path, hand=("harpies_feather_duster",),
                     a_spell_traps=[{"id": "own_roar", "card": "threatening_roar"}],
                     b_traps=("threatening_roar", "waboku"))
    state = play(eng, ["A activate harpies_feather_duster.activate"], settle_end=False)
    # a Set card about to be destroyed may still answer (R2)
    assert "B activate waboku.activate" in offered(eng, state)
    state = play(eng, ["B pass", "A pass"], state, settle_end=False)
    assert [c.id for c in state.spell_traps] == ["own_roar"]  # Player A's own stays
    assert len(state.monsters) == 1  # monsters untouched


def test_r145_monster_reborn_special_summons_from_either_gy_and_its_window_follows(tmp_path
                                                                                 ) -> None:
    eng = main_phase(tmp_path, hand=("monster_reborn",), a_graveyard=("gemini_elf",),
                     b_graveyard=("summoned_skull",), b_traps=("torrential_tribute",),
                     b_monsters=())
    state = eng.initial_state()
    assert offered(eng, state) == ["A activate monster_reborn.activate -> gemini_elf",
                                   "A activate monster_reborn.activate -> summoned_skull",
                                   "A set_spell_trap monster_reborn", "A pass"]
    state = play(eng, ["A activate monster_reborn.activate -> summoned_skull", "B pass",
                       "A pass"], settle_end=False)
    # no position stated: its activator chooses (face-up Attack or Defense Position)
    assert offered(eng, state) == ["A select monster_reborn.activate -> attack",
                                   "A select monster_reborn.activate -> defense"]
    state, events = play_events(eng, ["A select monster_reborn.activate -> defense"], state,
                                settle_end=False)
    skull = monster(state, "summoned_skull")
    assert (skull.controller, skull.position, skull.face_up) == (A, Position.DEFENSE, True)
    assert "special_summoned" in kinds(events)
    # the Special Summon is an event: Torrential Tribute answers it once the chain is over (R97)
    assert state.window.event == "special_summoned"
    state = play(eng, ["A pass"], state, settle_end=False)
    assert "B activate torrential_tribute.activate" in offered(eng, state)


def test_r145_magic_jammer_negates_a_normal_spell_and_destroys_it(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=("raigeki",), b_traps=("magic_jammer",),
                     b_hand=("gemini_elf",))
    state = play(eng, ["A activate raigeki.activate"], settle_end=False)
    assert "B activate magic_jammer.activate paying gemini_elf" in offered(eng, state)
    state, events = play_events(eng, ["B activate magic_jammer.activate paying gemini_elf",
                                      "A pass", "B pass"], state, settle_end=False)
    assert "negated" in kinds(events)
    assert [m.id for m in state.monsters] == ["kuriboh"]
    assert set(graveyard(state)) == {"raigeki", "magic_jammer", "gemini_elf"}
    assert (state.window.kind, eng.to_move(state)) == (WindowKind.OPEN, A)


def test_r145_a_normal_spell_destroyed_on_the_chain_still_resolves(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=("raigeki",), b_traps=("mystical_space_typhoon",))
    state = play(eng, ["A activate raigeki.activate",
                       "B activate mystical_space_typhoon.activate -> raigeki", "A pass",
                       "B pass"], settle_end=False)
    assert state.monsters == ()
    assert set(graveyard(state)) == {"raigeki", "mystical_space_typhoon", "kuriboh"}


def test_r145_a_normal_spell_set_this_turn_may_be_activated(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=(), a_spell_traps=[
        {"id": "raigeki", "card": "raigeki", "set": "this_turn"}])
    assert offered(eng, eng.initial_state()) == ["A activate raigeki.activate", "A pass"]
    state = play(eng, ["A activate raigeki.activate", "B pass", "A pass"], settle_end=False)
    assert state.monsters == ()


def test_r145_a_normal_spell_that_could_do_nothing_is_not_offered(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=("raigeki", "dark_hole", "harpies_feather_duster",
                                     "monster_reborn"), b_monsters=())
    state = eng.initial_state()
    # each may still be Set (R141), for a later turn
    assert offered(eng, state) == [f"A set_spell_trap {card}" for card in sorted((
        "raigeki", "dark_hole", "harpies_feather_duster", "monster_reborn"))] + ["A pass"]
    for card in ("raigeki", "dark_hole", "harpies_feather_duster", "monster_reborn"):
        assert forbidden_by(eng, state, card, "activate") == "could_not_apply"


def test_r145_from_the_hand_a_normal_spell_needs_a_free_spell_trap_zone(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=("raigeki",), a_spell_traps=[
        {"id": f"roar{n}", "card": "threatening_roar"} for n in range(5)])
    assert forbidden_by(eng, eng.initial_state(), "raigeki", "activate") == "spell_cards"


def test_r145_not_in_the_opponents_answer_nor_in_the_battle_phase(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=("raigeki",), b_traps=("threatening_roar",),
                     scope="end_of_battle_phase")
    # Player B's answer to Player A's pass: no Spell Speed 1 there
    state = play(eng, ["A pass", "B activate threatening_roar.activate"], settle_end=False)
    assert forbidden_by(eng, state, "raigeki", "activate") is not None
    state = play(eng, ["A pass", "B pass"], settle_end=False)
    assert state.window.step is Step.START_STEP
    assert forbidden_by(eng, state, "raigeki", "activate") == "spell_cards"


def test_r145_the_raigeki_example_has_the_reference_engines_end_states() -> None:
    exploration = explore(load_situation(ROOT / "examples" / "raigeki_quick_play.yaml"),
                          "seed")
    endings = [exploration.state(node) for node, data in exploration.graph.nodes(data=True)
               if data["terminal"]]
    assert len(endings) == 9 and {state.lp for state in endings} == {(8000, 8000)}
    # Scapegoat chained to Raigeki: the Tokens come first and are destroyed with the Skull
    assert sum(1 for state in endings if not state.monsters) == 3


# -- R146: a draw --------------------------------------------------------------------------------

def test_r146_pot_of_greed_is_refused_because_the_decks_order_is_unknown(tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"hand": cards(("pot_of_greed",)),
                          "deck": cards(("gemini_elf", "kuriboh"))}, "B": {}},
        "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1"}))
    state = eng.initial_state()
    assert offered(eng, state) == ["A set_spell_trap pot_of_greed", "A pass"]  # a Set (R141)
    found = note(eng, state, "pot_of_greed", "activate")
    assert (found.rule, found.reason) == ("drawing", "draw_not_modelled")


def test_r146_a_draw_in_a_card_file_says_how_many_cards(tmp_path) -> None:
    path = tmp_path / "greedy.yaml"
    path.write_text("id: greedy\nnames: {en: Greedy}\ncard_type: spell\n"
                    "spell_trap_type: normal\neffects:\n  - id: activate\n"
                    "    kind: activate\n    resolution:\n      - {op: draw}\n",
                    encoding="utf-8")
    library = load_library((tmp_path,))  # the card model reads it; its verb refuses it
    with pytest.raises(InputError, match="draw: give 'amount'"):
        check_library(library)


def test_r136_r145_solemn_warning_negates_monster_reborn_and_its_summon_half_waits(tmp_path
                                                                                  ) -> None:
    eng = main_phase(tmp_path, hand=("monster_reborn",), a_graveyard=("summoned_skull",),
                     b_monsters=(), b_traps=("solemn_warning",))
    state = eng.initial_state()
    # no monster is being Summoned: the Summon-negating half has nothing to answer (R136)
    found = note(eng, state, "solemn_warning", "negate_summon")
    assert (found.rule, found.reason) == ("summon_under_way", "no_summon_under_way")
    state = play(eng, ["A activate monster_reborn.activate -> summoned_skull"], settle_end=False)
    assert "B activate solemn_warning.activate" in offered(eng, state)
    state = play(eng, ["B activate solemn_warning.activate", "A pass", "B pass"], state,
                 settle_end=False)
    assert state.lp == (8000, 6000) and state.monsters == ()
    assert set(graveyard(state)) == {"monster_reborn", "solemn_warning", "summoned_skull"}


def test_r145_the_monster_reborn_example_has_the_reference_engines_end_states() -> None:
    exploration = explore(load_situation(ROOT / "examples" /
                                         "monster_reborn_solemn_warning.yaml"), "seed")
    endings = [exploration.state(node) for node, data in exploration.graph.nodes(data=True)
               if data["terminal"]]
    assert len(endings) == 5
    assert sorted({state.lp for state in endings}) == [(8000, 6000), (8000, 8000)]
