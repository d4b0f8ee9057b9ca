"""Main Phase 1 (R129-R131, R136): the turn player's open game state, the Normal Summon or Set
of the turn, the pass that enters the Battle Phase with the opponent's answer first, the
window right after a Normal Summon (Bottomless Trap Hole, Torrential Tribute, Trap Hole) and
the moment before it succeeds (Solemn Judgment, Solemn Warning)."""

from __future__ import annotations

from pathlib import Path

from rules_helpers import (
    A,
    B,
    activations,
    forbidden_by,
    kinds,
    legal,
    monster,
    offered,
    play,
    play_events,
    run_out,
    write_situation,
)

from gamebook.explore.explorer import explore
from gamebook.rules.engine import Engine
from gamebook.rules.state import Position, Step, WindowKind
from gamebook.situation.load import load_situation

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "gemini_elf_bottomless_trap_hole.yaml"
SUMMON = "A normal_summon gemini_elf"
SET = "A set_monster gemini_elf"


def main_phase(tmp_path: Path, *, hand: tuple[str, ...] = ("gemini_elf",),
               a_traps: tuple[str, ...] = (), b_traps: tuple[str, ...] = (),
               b_monsters: tuple[str, ...] = (), scope: str = "end_of_battle_phase",
               b_lp: int = 8000, **more: object) -> Engine:
    """Player A in Main Phase 1 with ``hand``; each card's instance id is its card id."""
    def cards(ids: tuple[str, ...]) -> list[dict]:
        return [{"id": card, "card": card} for card in ids]

    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"hand": cards(hand), "spell_traps": cards(a_traps)},
                    "B": {"monsters": cards(b_monsters), "spell_traps": cards(b_traps),
                          "lp": b_lp}},
        "start": {"moment": "main_phase_1"},
        "scope": scope,
        **more,
    }))


# -- R129: the open game state of Main Phase 1 ---------------------------------------------------

def test_r129_a_main_phase_1_start_is_the_turn_players_open_game_state(tmp_path) -> None:
    eng = main_phase(tmp_path)
    state = eng.initial_state()
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.MAIN_PHASE_1)
    assert eng.to_move(state) is A
    assert offered(eng, state) == [SUMMON, SET, "A pass"]


def test_r129_the_opponent_answers_the_pass_that_leaves_main_phase_1(tmp_path) -> None:
    eng = main_phase(tmp_path, b_traps=("threatening_roar",))
    state = play(eng, ["A pass"], settle_end=False)
    assert state.window.step is Step.MAIN_PHASE_1 and eng.to_move(state) is B
    assert activations(eng, state) == ["B activate threatening_roar.activate"]
    # after B's chain, A is back in the open game state of Main Phase 1 and may still summon
    state = play(eng, ["B activate threatening_roar.activate", "A pass", "B pass"], state,
                 settle_end=False)
    assert (state.window.step, eng.to_move(state)) == (Step.MAIN_PHASE_1, A)
    assert SUMMON in legal(eng, state)


def test_r129_two_passes_end_main_phase_1_and_the_start_step_follows(tmp_path) -> None:
    eng = main_phase(tmp_path, b_traps=("threatening_roar",))
    state, events = play_events(eng, ["A pass", "B pass"], settle_end=False)
    assert "main_phase_ends" in kinds(events)
    assert (state.window.step, eng.to_move(state)) == (Step.START_STEP, A)


def test_r129_the_scope_end_of_main_phase_1_ends_there(tmp_path) -> None:
    eng = main_phase(tmp_path, scope="end_of_main_phase_1")
    state, _ = run_out(eng, [SUMMON])
    assert state.window.reason == "main_phase_over"
    assert monster(state, "gemini_elf").position is Position.ATTACK


def test_r129_a_normal_spell_only_in_the_turn_players_own_open_game_state(tmp_path) -> None:
    spec = {"turn_player": "A",
            "players": {"A": {"hand": [{"id": "swords_of_revealing_light",
                                        "card": "swords_of_revealing_light"}]},
                        "B": {"monsters": [{"id": "elf", "card": "mystical_elf",
                                            "position": "defense", "face_up": False}],
                              "spell_traps": [{"id": "threatening_roar",
                                               "card": "threatening_roar"}]}},
            "start": {"moment": "main_phase_1"}, "scope": "end_of_battle_phase"}
    eng = Engine(write_situation(tmp_path, spec))
    state = eng.initial_state()
    assert "A activate swords_of_revealing_light.activate" in legal(eng, state)
    # in the Start Step the same Normal Spell is refused: Spell Speed 1, Main Phase only
    state = play(eng, ["A pass", "B pass"], settle_end=False)
    assert state.window.step is Step.START_STEP
    assert forbidden_by(eng, state, "swords_of_revealing_light", "activate") == "spell_cards"


def test_r129_during_the_battle_phase_does_not_hold_in_main_phase_1(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=(), a_traps=("trap_jammer",))
    state = eng.initial_state()
    assert forbidden_by(eng, state, "trap_jammer", "activate") is not None
    assert "A activate trap_jammer.activate" not in legal(eng, state)


# -- R130: the Normal Summon or Set of the turn -------------------------------------------------

def test_r130_a_normal_summon_puts_the_monster_face_up_in_attack_position(tmp_path) -> None:
    eng = main_phase(tmp_path)
    state, events = play_events(eng, [SUMMON], settle_end=False)
    elf = monster(state, "gemini_elf")
    assert (elf.position, elf.face_up, elf.controller) == (Position.ATTACK, True, A)
    assert "normal_summoned" in kinds(events) and state.normal_summon_used
    assert A in state.summoned_this_turn  # a Summon (R103)


def test_r130_a_set_is_face_down_defense_and_no_summon(tmp_path) -> None:
    eng = main_phase(tmp_path, b_traps=("bottomless_trap_hole",))
    state, events = play_events(eng, [SET], settle_end=False)
    elf = monster(state, "gemini_elf")
    assert (elf.position, elf.face_up) == (Position.DEFENSE, False)
    assert "monster_set" in kinds(events) and "normal_summoned" not in kinds(events)
    assert A not in state.summoned_this_turn
    assert state.window.kind is WindowKind.OPEN and eng.to_move(state) is A  # no window


def test_r130_only_one_normal_summon_or_set_per_turn(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=("gemini_elf", "mystical_elf"))
    state = eng.initial_state()
    assert [a for a in offered(eng, state) if a != "A pass"] == [
        SUMMON, "A normal_summon mystical_elf", SET, "A set_monster mystical_elf"]
    state = play(eng, [SUMMON], settle_end=False)
    assert offered(eng, state) == ["A pass"]


def test_r130_the_situation_may_say_the_normal_summon_is_used(tmp_path) -> None:
    eng = main_phase(tmp_path, normal_summon_used=True)
    assert offered(eng, eng.initial_state()) == ["A pass"]


def test_r130_a_monster_of_level_5_or_more_needs_tributes(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=("summoned_skull",))
    assert offered(eng, eng.initial_state()) == ["A pass"]  # nothing to Tribute


def tribute_situation(tmp_path: Path, held: str, own: tuple[str, ...]) -> Engine:
    """A holds ``held`` and controls ``own`` (face-up, instance ids ``m1``, ``m2``, …)."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": f"m{n}", "card": card}
                                       for n, card in enumerate(own, 1)],
                          "hand": [{"id": held, "card": held}]},
                    "B": {"spell_traps": [{"id": "bottomless_trap_hole",
                                           "card": "bottomless_trap_hole"}]}},
        "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1"}))


def test_r130_a_level_6_monster_is_tribute_summoned_with_one_tribute_chosen(tmp_path) -> None:
    eng = tribute_situation(tmp_path, "summoned_skull", ("gemini_elf", "mystical_elf"))
    state = eng.initial_state()
    assert [a for a in offered(eng, state) if "summoned_skull" in a] == [
        "A normal_summon summoned_skull paying m1", "A normal_summon summoned_skull paying m2",
        "A set_monster summoned_skull paying m1", "A set_monster summoned_skull paying m2"]
    state, events = play_events(eng, ["A normal_summon summoned_skull paying m2"],
                                settle_end=False)
    assert {g.id: g.reason for g in state.graveyard} == {"m2": "tributed"}
    assert monster(state, "summoned_skull").face_up and "normal_summoned" in kinds(events)
    assert state.window.event == "normal_summoned"  # a Tribute Summon is a Normal Summon


def test_r130_a_level_7_monster_needs_two_tributes_one_set_of_each_kind(tmp_path) -> None:
    eng = tribute_situation(tmp_path, "gorz_the_emissary_of_darkness",
                            ("gemini_elf", "gemini_elf", "mystical_elf"))
    summons = [a for a in offered(eng, eng.initial_state()) if "normal_summon" in a]
    # two Gemini Elves are interchangeable: {elf, elf} and {elf, Mystical Elf}
    assert summons == ["A normal_summon gorz_the_emissary_of_darkness paying m1+m2",
                       "A normal_summon gorz_the_emissary_of_darkness paying m1+m3"]
    state = play(eng, [summons[1]], settle_end=False)
    assert sorted(g.id for g in state.graveyard) == ["m1", "m3"]


def test_r130_a_monster_placed_by_the_situation_counts_as_not_summoned(tmp_path) -> None:
    spec = {"turn_player": "A",
            "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                              "hand": [{"id": "gemini_elf", "card": "gemini_elf"}]},
                        "B": {}},
            "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1"}
    eng = Engine(write_situation(tmp_path, spec))
    state = eng.initial_state()
    assert SUMMON in offered(eng, state) and not state.summoned_this_turn


# -- R131: the window of a Normal Summon --------------------------------------------------------

def test_r131_bottomless_trap_hole_answers_a_normal_summon_in_its_window(tmp_path) -> None:
    eng = main_phase(tmp_path, b_traps=("bottomless_trap_hole",))
    state = play(eng, [SUMMON])
    assert state.window.kind is WindowKind.EVENT and eng.to_move(state) is B
    assert activations(eng, state) == ["B activate bottomless_trap_hole.activate"]
    state = play(eng, ["B activate bottomless_trap_hole.activate", "A pass", "B pass"], state,
                 settle_end=False)
    assert state.monster("gemini_elf") is None
    assert [card.id for card in state.banished] == ["gemini_elf"]
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.MAIN_PHASE_1)


def test_r131_once_the_summons_window_is_over_the_trap_can_no_longer_answer(tmp_path) -> None:
    eng = main_phase(tmp_path, b_traps=("bottomless_trap_hole",))
    state = play(eng, [SUMMON, "B pass", "A pass"], settle_end=False)
    assert state.window.step is Step.MAIN_PHASE_1 and eng.to_move(state) is B
    assert forbidden_by(eng, state, "bottomless_trap_hole", "activate") == "first_chain_only"


def test_r131_torrential_tribute_answers_a_normal_summon(tmp_path) -> None:
    eng = main_phase(tmp_path, b_traps=("torrential_tribute",), b_monsters=("mystical_elf",))
    state = play(eng, [SUMMON, "B activate torrential_tribute.activate"])
    assert state.monsters == ()


def test_r131_bottomless_trap_hole_needs_1500_atk(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=("mystical_elf",), b_traps=("bottomless_trap_hole",))
    state = play(eng, ["A normal_summon mystical_elf"])
    assert "B activate bottomless_trap_hole.activate" not in legal(eng, state)


def test_r131_trap_hole_targets_a_normal_summoned_monster_with_1000_atk(tmp_path) -> None:
    eng = main_phase(tmp_path, hand=("gemini_elf", "mystical_elf"), b_traps=("trap_hole",))
    state = play(eng, [SUMMON])
    assert activations(eng, state) == ["B activate trap_hole.activate -> gemini_elf"]
    state = play(eng, ["B activate trap_hole.activate -> gemini_elf", "A pass", "B pass"],
                 state, settle_end=False)
    assert state.monster("gemini_elf") is None
    eng = main_phase(tmp_path, hand=("mystical_elf",), b_traps=("trap_hole",))
    state = play(eng, ["A normal_summon mystical_elf"], settle_end=False)  # 800 ATK
    assert "B activate trap_hole.activate -> mystical_elf" not in legal(eng, state)


# -- R136: the moment before a Summon succeeds ----------------------------------------------------

def test_r136_solemn_warning_negates_a_normal_summon_and_destroys_it(tmp_path) -> None:
    eng = main_phase(tmp_path, b_traps=("solemn_warning", "bottomless_trap_hole"))
    state = play(eng, [SUMMON, "A pass"], settle_end=False)
    assert (state.window.event, eng.to_move(state)) == ("summoning", B)
    assert activations(eng, state) == ["B activate solemn_warning.negate_summon"]
    state, events = play_events(eng, ["B activate solemn_warning.negate_summon", "A pass",
                                      "B pass"], state, settle_end=False)
    assert "summon_negated" in kinds(events) and state.lp == (8000, 6000)
    assert {g.id: g.reason for g in state.graveyard}["gemini_elf"] == "destroyed"
    # never Summoned: no window answers it, the Normal Summon stays used (R103, R130)
    assert (state.window.kind, state.window.step) == (WindowKind.OPEN, Step.MAIN_PHASE_1)
    assert state.normal_summon_used and not state.summoned_this_turn
    assert offered(eng, state) == ["A pass"]


def test_r136_before_the_summon_succeeds_only_a_summon_negation_starts_a_chain(tmp_path
                                                                             ) -> None:
    eng = main_phase(tmp_path, b_traps=("solemn_judgment", "bottomless_trap_hole",
                                        "threatening_roar"))
    state = play(eng, [SUMMON, "A pass"], settle_end=False)
    assert forbidden_by(eng, state, "threatening_roar", "activate") == "summon_under_way"
    assert forbidden_by(eng, state, "bottomless_trap_hole", "activate") == "summon_under_way"
    assert activations(eng, state) == ["B activate solemn_judgment.negate_summon"]
    # once nobody negates it, the Summon succeeds and its own window follows (R131)
    state = play(eng, ["B pass"], state)
    assert (state.window.event, eng.to_move(state)) == ("normal_summoned", B)
    assert A in state.summoned_this_turn
    assert "B activate bottomless_trap_hole.activate" in activations(eng, state)
    assert "B activate solemn_judgment.negate_summon" not in legal(eng, state)


def test_r136_solemn_judgment_pays_half_the_lp_and_negates_a_trap_too(tmp_path) -> None:
    eng = main_phase(tmp_path, b_traps=("solemn_judgment", "trap_hole"), b_lp=7001)
    state = play(eng, [SUMMON, "A pass", "B pass", "B activate trap_hole.activate -> gemini_elf",
                       "A pass"], settle_end=False)
    assert activations(eng, state) == ["B activate solemn_judgment.activate"]
    state, events = play_events(eng, ["B activate solemn_judgment.activate", "A pass",
                                      "B pass"], state, settle_end=False)
    assert [e.get("amount") for e in events if e.kind == "lp_paid"] == [3501]
    assert monster(state, "gemini_elf").face_up  # Trap Hole negated, destroyed
    assert sorted(g.id for g in state.graveyard) == ["solemn_judgment", "trap_hole"]


def test_r136_a_summon_negation_can_be_answered_by_a_counter_trap(tmp_path) -> None:
    eng = main_phase(tmp_path, a_traps=("seven_tools_of_the_bandit",),
                     b_traps=("solemn_judgment",))
    state = play(eng, [SUMMON, "A pass", "B activate solemn_judgment.negate_summon"],
                 settle_end=False)
    assert activations(eng, state) == ["A activate seven_tools_of_the_bandit.activate"]
    state = play(eng, ["A activate seven_tools_of_the_bandit.activate", "B pass", "A pass"],
                 state, settle_end=False)
    # Solemn Judgment negated: the Summon succeeds
    assert monster(state, "gemini_elf").face_up and A in state.summoned_this_turn
    assert state.lp == (7000, 4000)


def test_r136_a_set_has_no_moment_before_it_succeeds(tmp_path) -> None:
    eng = main_phase(tmp_path, b_traps=("solemn_judgment",))
    state = play(eng, [SET], settle_end=False)
    assert state.window.kind is WindowKind.OPEN and eng.to_move(state) is A


def test_r129_r131_the_example_terminates_with_the_reference_engines_end_states() -> None:
    exploration = explore(load_situation(EXAMPLE), "seed")
    endings = [exploration.state(node) for node, data in exploration.graph.nodes(data=True)
               if data["terminal"]]
    lp = sorted({state.lp for state in endings})
    assert lp == [(8000, 6900), (8000, 8000)] and len(endings) == 5


def test_r130_r136_the_tribute_summon_example_has_the_reference_engines_end_states() -> None:
    exploration = explore(load_situation(ROOT / "examples" /
                                         "tribute_summon_solemn_judgment.yaml"), "seed")
    endings = [exploration.state(node) for node, data in exploration.graph.nodes(data=True)
               if data["terminal"]]
    assert sorted({state.lp for state in endings}) == [(8000, 4000), (8000, 8000)]
    assert len(endings) == 6


# -- R138-R141: changes of battle position, Flip Summons, Sets of Spells/Traps -------------------

def own_field(tmp_path: Path, monsters: list[dict], *, hand: tuple[str, ...] = (),
              b_traps: tuple[str, ...] = (), b_monsters: tuple[str, ...] = (),
              **more: object) -> Engine:
    """A in Main Phase 1 with ``monsters`` (entries of the situation) and ``hand``, the Normal
    Summon used unless said otherwise; B with ``b_traps`` and ``b_monsters``."""
    def cards(ids: tuple[str, ...]) -> list[dict]:
        return [{"id": card, "card": card} for card in ids]

    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": monsters, "hand": cards(hand)},
                    "B": {"monsters": cards(b_monsters), "spell_traps": cards(b_traps)}},
        "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1",
        **{"normal_summon_used": True, **more}}))


SET_ELF = {"id": "elf", "card": "gemini_elf", "position": "defense", "face_up": False}
MYSTICAL = {"id": "mystical", "card": "mystical_elf", "position": "defense"}
SET_BUG = {"id": "bug", "card": "man_eater_bug", "position": "defense", "face_up": False}


def test_r138_a_face_up_monster_placed_by_the_situation_may_change_position_once(tmp_path
                                                                                ) -> None:
    eng = own_field(tmp_path, [MYSTICAL])
    state = eng.initial_state()
    assert offered(eng, state) == ["A change_position mystical -> attack", "A pass"]
    state, events = play_events(eng, ["A change_position mystical -> attack"],
                                settle_end=False)
    assert monster(state, "mystical").position is Position.ATTACK
    assert kinds(events) == ["position_changed"]
    # no chain, no window: A keeps priority, and cannot change it back this turn
    assert (state.window.kind, eng.to_move(state)) == (WindowKind.OPEN, A)
    assert offered(eng, state) == ["A pass"]


def test_r138_not_the_turn_a_monster_is_summoned_nor_a_link_monster(tmp_path) -> None:
    eng = main_phase(tmp_path)
    state = play(eng, [SUMMON], settle_end=False)
    assert offered(eng, state) == ["A pass"]  # Normal Summoned this turn
    eng = own_field(tmp_path, [{"id": "link", "card": "linkuriboh", "zone": "m1"}])
    assert offered(eng, eng.initial_state()) == ["A pass"]


def test_r138_the_situation_may_say_a_position_is_fixed_this_turn(tmp_path) -> None:
    eng = own_field(tmp_path, [MYSTICAL, SET_ELF], position_fixed=["mystical", "elf"])
    assert offered(eng, eng.initial_state()) == ["A pass"]


def test_r138_a_change_of_position_opens_no_window_for_the_opponent(tmp_path) -> None:
    eng = own_field(tmp_path, [MYSTICAL], b_traps=("threatening_roar",))
    state = play(eng, ["A change_position mystical -> attack"], settle_end=False)
    assert eng.to_move(state) is A and activations(eng, state) == []


def test_r139_a_set_monster_is_flip_summoned_to_face_up_attack_position(tmp_path) -> None:
    eng = own_field(tmp_path, [SET_ELF])
    state = eng.initial_state()
    assert offered(eng, state) == ["A flip_summon elf", "A pass"]
    state, events = play_events(eng, ["A flip_summon elf"], settle_end=False)
    elf = monster(state, "elf")
    assert (elf.position, elf.face_up) == (Position.ATTACK, True)
    assert "flip_summoned" in kinds(events) and A in state.summoned_this_turn
    assert not state.flipped  # no Flip Effect waits
    assert offered(eng, state) == ["A pass"]  # its position is fixed for the turn
    # a Flip Summon is not the Normal Summon: with one unused, A may still Normal Summon
    eng = own_field(tmp_path, [SET_ELF], hand=("mystical_elf",), normal_summon_used=False)
    state = play(eng, ["A flip_summon elf"], settle_end=False)
    assert "A normal_summon mystical_elf" in offered(eng, state)


def test_r139_a_monster_set_this_turn_cannot_be_flip_summoned(tmp_path) -> None:
    eng = main_phase(tmp_path)
    state = play(eng, [SET], settle_end=False)
    assert offered(eng, state) == ["A pass"]


def test_r140_trap_hole_answers_a_flip_summon(tmp_path) -> None:
    eng = own_field(tmp_path, [SET_ELF], b_traps=("trap_hole", "bottomless_trap_hole"))
    state = play(eng, ["A flip_summon elf"])
    assert (state.window.event, eng.to_move(state)) == ("flip_summoned", B)
    assert activations(eng, state) == ["B activate bottomless_trap_hole.activate",
                                       "B activate trap_hole.activate -> elf"]
    state = play(eng, ["B activate trap_hole.activate -> elf", "A pass", "B pass"], state,
                 settle_end=False)
    assert state.monster("elf") is None
    assert (state.window.kind, eng.to_move(state)) == (WindowKind.OPEN, A)


def test_r140_a_flip_summoned_monsters_flip_effect_is_activated_in_its_window(tmp_path
                                                                             ) -> None:
    eng = own_field(tmp_path, [SET_BUG], b_monsters=("mystical_elf",),
                    b_traps=("torrential_tribute",))
    state = play(eng, ["A flip_summon bug"], settle_end=False)
    assert (state.window.event, eng.to_move(state)) == ("flip_summoned", A)
    assert "A activate bug.flip -> mystical_elf" in legal(eng, state)
    state = play(eng, ["A activate bug.flip -> mystical_elf"], state, settle_end=False)
    # Torrential Tribute answers the Flip Summon in the same first chain
    assert activations(eng, state) == ["B activate torrential_tribute.activate"]
    state = play(eng, ["B pass", "A pass"], state, settle_end=False)
    assert state.monster("mystical_elf") is None and not state.flipped
    assert (state.window.kind, eng.to_move(state)) == (WindowKind.OPEN, A)
    assert "A activate bug.flip -> bug" not in legal(eng, state)


def test_r140_solemn_warning_negates_a_flip_summon(tmp_path) -> None:
    eng = own_field(tmp_path, [SET_BUG], b_monsters=("mystical_elf",),
                    b_traps=("solemn_warning", "trap_hole"))
    state = play(eng, ["A flip_summon bug", "A pass"], settle_end=False)
    assert (state.window.event, eng.to_move(state)) == ("summoning", B)
    assert activations(eng, state) == ["B activate solemn_warning.negate_summon"]
    state, events = play_events(eng, ["B activate solemn_warning.negate_summon", "A pass",
                                      "B pass"], state, settle_end=False)
    assert "summon_negated" in kinds(events)
    assert {g.id: g.reason for g in state.graveyard}["bug"] == "destroyed"
    # never Flip Summoned: no Flip Effect, no window
    assert monster(state, "mystical_elf") is not None and not state.flipped
    assert (state.window.kind, eng.to_move(state)) == (WindowKind.OPEN, A)


def test_r140_a_flip_summon_nobody_negates_succeeds_into_its_window(tmp_path) -> None:
    eng = own_field(tmp_path, [SET_ELF], b_traps=("solemn_judgment", "trap_hole"))
    state = play(eng, ["A flip_summon elf", "A pass", "B pass"])
    assert (state.window.event, eng.to_move(state)) == ("flip_summoned", B)
    assert activations(eng, state) == ["B activate trap_hole.activate -> elf"]


def test_r141_a_spell_or_trap_is_set_from_the_hand(tmp_path) -> None:
    eng = own_field(tmp_path, [], hand=("threatening_roar", "mystical_elf"))
    state = eng.initial_state()
    assert [a for a in offered(eng, state) if "set_spell_trap" in a] == [
        "A set_spell_trap threatening_roar"]
    state, events = play_events(eng, ["A set_spell_trap threatening_roar"], settle_end=False)
    roar = state.spell_trap("threatening_roar")
    assert (roar.face_up, roar.set_this_turn) == (False, True)
    assert kinds(events) == ["spell_trap_set"]
    assert (state.window.kind, eng.to_move(state)) == (WindowKind.OPEN, A)
    # a Trap Set this turn cannot be activated this turn
    assert forbidden_by(eng, state, "threatening_roar", "activate") == "trap_cards"


def test_r141_a_quick_play_spell_set_this_turn_waits_a_normal_spell_does_not(tmp_path
                                                                             ) -> None:
    spec = {"turn_player": "A",
            "players": {"A": {"hand": [{"id": "swords", "card": "swords_of_revealing_light"},
                                       {"id": "moon", "card": "book_of_moon"}]},
                        "B": {"monsters": [{"id": "elf", "card": "mystical_elf",
                                            "position": "defense", "face_up": False},
                                           {"id": "gemini", "card": "gemini_elf"}]}},
            "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1"}
    eng = Engine(write_situation(tmp_path, spec))
    state = eng.initial_state()
    assert "A activate moon.activate -> gemini" in legal(eng, state)  # from the hand
    state = play(eng, ["A set_spell_trap moon", "A set_spell_trap swords"], settle_end=False)
    assert forbidden_by(eng, state, "moon", "activate") == "spell_cards"  # Set this turn
    assert "A activate swords.activate" in legal(eng, state)  # Spell Speed 1: this turn too


def test_r141_no_set_without_a_free_spell_trap_zone(tmp_path) -> None:
    traps = [{"id": f"t{n}", "card": "threatening_roar"} for n in range(5)]
    spec = {"turn_player": "A",
            "players": {"A": {"spell_traps": traps,
                              "hand": [{"id": "roar", "card": "threatening_roar"}]},
                        "B": {}},
            "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1"}
    eng = Engine(write_situation(tmp_path, spec))
    assert offered(eng, eng.initial_state()) == ["A pass"]


def test_r139_after_scapegoat_no_normal_or_flip_summon_but_a_set(tmp_path) -> None:
    # R103: "You cannot Summon other monsters the turn you activate this card" (a Set is no
    # Summon; four Sheep Tokens leave one Monster Zone free)
    eng = own_field(tmp_path, [], hand=("scapegoat", "mystical_elf"), normal_summon_used=False)
    state = play(eng, ["A activate scapegoat.activate", "B pass", "A pass"], settle_end=False)
    assert (state.window.kind, eng.to_move(state)) == (WindowKind.OPEN, A)
    assert offered(eng, state) == ["A set_monster mystical_elf", "A pass"]
    eng = own_field(tmp_path, [SET_ELF], hand=("scapegoat",))
    state = play(eng, ["A activate scapegoat.activate", "B pass", "A pass"], settle_end=False)
    assert offered(eng, state) == ["A pass"]
