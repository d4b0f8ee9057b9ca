"""R111: a Normal Spell that stays face-up for some of the opponent's turns and locks their
attacks while it is face-up (Swords of Revealing Light); its flip of face-down monsters
starts their Flip Effects (R6).

The example ``examples/swords_mst.yaml``: Player B (the turn player, Summoned Skull, a Set
Mystical Space Typhoon) faces Player A's face-up Swords of Revealing Light (two turns left),
Mystical Elf and a Set Threatening Roar, from the Start Step.
"""

from __future__ import annotations

from rules_helpers import (
    ROOT,
    A,
    B,
    engine,
    legal,
    note,
    pass_until,
    play,
    run_out,
    write_situation,
)

from gamebook.rules.actions import ActionKind
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.stays import turns_left
from gamebook.rules.resolution import resolve_top
from gamebook.rules.state import ChainLink, SpellTrapState, Step, replace
from gamebook.situation import load_situation

TYPHOON = "B activate typhoon.activate -> swords"


def _engine() -> Engine:
    return Engine(load_situation(ROOT / "examples" / "swords_mst.yaml"), "seed")


def _attacks(eng: Engine, state) -> list[str]:  # noqa: ANN001
    return [str(a) for a in eng.legal_actions(state) if a.kind is ActionKind.DECLARE_ATTACK]


def _battle_step(eng: Engine, moves: list[str]):  # noqa: ANN202
    state = play(eng, moves)
    while state.window.step is Step.START_STEP:
        state = play(eng, [f"{eng.to_move(state).value} pass"], state)
    return state


def test_r111_the_situation_states_the_turns_left() -> None:
    state = _engine().start().state
    swords = state.spell_trap("swords")
    assert swords.face_up and turns_left(state, "swords") == 2


def test_r111_no_attack_while_swords_is_face_up_and_the_book_says_why() -> None:
    eng = _engine()
    state = _battle_step(eng, ["B pass", "A pass"])
    assert state.window.step is Step.BATTLE_STEP and _attacks(eng, state) == []
    locked = note(eng, state, "swords", "attack_lock")
    assert ((locked.legal, locked.rule, locked.reason)
            == (False, "lock_while_face_up", "attacks_locked"))


def test_r111_destroying_swords_ends_the_lock() -> None:
    eng = _engine()
    state = _battle_step(eng, [TYPHOON, "A pass", "B pass"])
    assert state.spell_trap("swords") is None
    assert _attacks(eng, state) == ["B declare_attack summoned_skull -> mystical_elf"]
    state, _ = run_out(eng, ["B declare_attack summoned_skull -> mystical_elf"], state)
    assert state.life(A) == 8000 - (2500 - 800)


def test_r111_threatening_roar_chained_to_the_typhoon_keeps_b_from_attacking() -> None:
    eng = _engine()
    state = _battle_step(eng, [TYPHOON, "A activate threatening_roar.activate", "B pass",
                               "A pass"])
    assert state.spell_trap("swords") is None and _attacks(eng, state) == []
    assert B in state.cannot_declare_attacks  # for the turn (R44), not the Swords' lock


def test_r111_swords_that_resolves_stays_for_three_turns_and_flips_monsters(tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "summoned_skull", "card": "summoned_skull"}],
                  "hand": [{"id": "swords", "card": "swords_of_revealing_light"}]},
            "B": {"monsters": [{"id": "man_eater_bug", "card": "man_eater_bug",
                                "position": "defense", "face_up": False}]},
        },
        "start": {"moment": "start_step"},
        "scope": "end_of_battle_phase",
    }), "seed")
    state = eng.start().state
    # As if it had been activated in the Main Phase (R8 forbids it in the Battle Phase).
    state = state.without_hand("swords").with_spell_trap(
        SpellTrapState("swords", "swords_of_revealing_light", A, True, False))
    state = replace(state, chain=(ChainLink(A, "swords", "activate", 7),))
    state, events, done = resolve_top(eng.rules, state)
    assert done and turns_left(state, "swords") == 3  # it stays (R111)
    assert state.monster("man_eater_bug").face_up
    assert "man_eater_bug" in state.flipped  # its Flip Effect comes after the chain (R6)


def test_r104_a_monster_unaffected_by_spells_escapes_the_swords_lock() -> None:
    eng = engine("swords_forbidden_lance")
    state = play(eng, ["B activate lance.activate -> skull", "A pass"])
    state = pass_until(eng, state, lambda s: "B pass" in legal(eng, s) and not s.chain)
    attacks = [a for a in legal(eng, state) if "declare_attack" in a]
    assert attacks == ["B declare_attack skull -> mystical_elf"]  # Gemini Elf is still locked
