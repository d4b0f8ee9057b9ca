"""Interchangeable monsters are offered once (selection.distinguishable): monsters with the
same card, controller, position, face, ATK/DEF record and history of this turn, none of them
named by the attack or by a chain link, lead to the same game up to their names, so an
attack target (R33), a replay target (R42), an attacker, an effect's target or a selection at
resolution is offered once per group, by its lowest id.

Situations: ``field_scapegoat`` (Summoned Skull attacks Mystical Elf; B has Scapegoat, A a
Test Destroy Trap), ``field_scapegoat_choice`` (the same with A's Test Choice Trap, a choice
made at resolution) and ``field_twins`` (two Gemini Elves and Summoned Skull against two
Mystical Elves in Attack Position and one in Defense Position).
"""

from __future__ import annotations

from rules_helpers import (
    ROOT,
    engine,
    legal,
    pass_until,
    play,
)

from gamebook.rules.engine import Engine
from gamebook.rules.state import Step, WindowKind
from gamebook.situation.load import load_situation

SCAPEGOAT = "B activate scapegoat.activate"
REPLAY = "A replay_attack summoned_skull -> "


def _replay(name: str = "field_scapegoat"):  # noqa: ANN202
    eng = engine(name)
    return eng, play(eng, ["A pass", SCAPEGOAT, "A pass", "B pass"])


def test_r42_four_sheep_tokens_give_one_replay_choice() -> None:
    eng, state = _replay()
    assert state.window.kind is WindowKind.REPLAY
    assert legal(eng, state) == [REPLAY + "mystical_elf", REPLAY + "scapegoat_sheep_token_1",
                                 "A stop_attack summoned_skull"]


def test_r42_two_different_monsters_give_two_replay_choices() -> None:
    eng = Engine(load_situation(ROOT / "examples" / "ojama_trio_sakuretsu.yaml"), "seed")
    state = play(eng, ["A activate ojama_trio.activate", "B pass"])
    targets = [a for a in legal(eng, state) if "replay_attack" in a]
    assert targets == ["A replay_attack summoned_skull -> leo_wizard",
                       "A replay_attack summoned_skull -> ojama_trio_ojama_token_1"]


def test_r33_the_same_card_in_another_position_is_a_different_attack_target() -> None:
    eng = engine("field_twins")
    state = eng.start().state
    targets = {a.split(" -> ")[1] for a in legal(eng, state) if "declare_attack" in a}
    assert targets == {"elf_1", "elf_3"}  # elf_2 is elf_1's twin; elf_3 is in Defense


def test_r32_interchangeable_attackers_are_offered_once() -> None:
    eng = engine("field_twins")
    state = eng.start().state
    attackers = {a.split()[2] for a in legal(eng, state) if "declare_attack" in a}
    assert attackers == {"gemini_1", "summoned_skull"}
    assert len(legal(eng, state)) == 2 * 2 + 1  # two attackers, two targets, or pass


def test_r45_a_twin_that_has_attacked_is_no_longer_interchangeable_with_the_other() -> None:
    eng = engine("field_twins")
    state = play(eng, ["A declare_attack gemini_1 -> elf_1"], settle_end=False)
    state = pass_until(eng, state, lambda s: s.attack is None and s.window.step
                       is Step.BATTLE_STEP and eng.to_move(s) is not None
                       and any("declare_attack" in a for a in legal(eng, s)))
    attackers = {a.split()[2] for a in legal(eng, state) if "declare_attack" in a}
    assert attackers == {"gemini_2", "summoned_skull"}  # gemini_1 has used its attack
    targets = {a.split(" -> ")[1] for a in legal(eng, state) if "declare_attack" in a}
    assert targets == {"elf_2", "elf_3"}  # elf_1 was destroyed (1900 > 800)


def test_r42_a_token_named_by_the_attack_is_kept_apart_from_its_twins() -> None:
    eng, state = _replay()
    state = play(eng, [REPLAY + "scapegoat_sheep_token_1"], state, settle_end=False)
    targets = [a.split(" -> ")[1] for a in legal(eng, state) if "destroy_trap" in a]
    assert targets == ["mystical_elf", "scapegoat_sheep_token_1", "scapegoat_sheep_token_2",
                       "summoned_skull"]  # the attacked Sheep, and one of the other three


def test_r42_at_a_new_replay_the_remaining_tokens_are_again_one_choice() -> None:
    eng, state = _replay()
    state = play(eng, [REPLAY + "scapegoat_sheep_token_1",
                       "A activate destroy_trap.activate -> scapegoat_sheep_token_2", "B pass"],
                 state)
    assert state.window.kind is WindowKind.REPLAY  # a monster left the defender's side (R39)
    assert legal(eng, state) == [REPLAY + "mystical_elf", REPLAY + "scapegoat_sheep_token_1",
                                 "A stop_attack summoned_skull"]


def test_r18_a_choice_made_at_resolution_offers_interchangeable_monsters_once() -> None:
    eng, state = _replay("field_scapegoat_choice")
    state = play(eng, [REPLAY + "mystical_elf", "A activate choice_trap.activate", "B pass",
                       "A pass"], state, settle_end=False)
    assert state.window.kind is WindowKind.SELECT
    assert legal(eng, state) == ["A select choice_trap.activate -> mystical_elf",
                                 "A select choice_trap.activate -> scapegoat_sheep_token_1"]
