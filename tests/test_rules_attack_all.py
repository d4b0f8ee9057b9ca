"""R169: a monster that can attack all monsters the opponent controls, once each. Within its
allowance it attacks as any monster; beyond it, each of the opponent's monsters it has not
chosen as a target this turn, never directly (not at a replay either), and nothing more
after a direct attack of its own; a monster that left the field is a new card."""

from __future__ import annotations

from rules_helpers import A, legal, pass_until, play, write_situation

from gamebook.rules.actions import ActionKind
from gamebook.rules.battle import replay_options
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.attack_all import ATTACKED_BY
from gamebook.rules.mechanics.moving import leave_field
from gamebook.rules.state import Window, WindowKind, replace

FIRST = "A declare_attack blade -> elf1"
SECOND = "A declare_attack blade -> elf2"


def _engine(tmp_path, b_monsters: tuple[str, ...] = ("elf1", "elf2"), *,  # noqa: ANN001
            card: str = "test_sweeping_blade", b_traps: tuple[dict, ...] = ()) -> Engine:
    """A's ``card`` in the open Battle Step; B's Mystical Elves (DEF 2000) in Defense
    Position: a 2000 ATK attacker destroys none and takes no damage."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "blade", "card": card}]},
                    "B": {"monsters": [{"id": name, "card": "mystical_elf",
                                        "position": "defense"} for name in b_monsters],
                          "spell_traps": list(b_traps)}},
        "start": {"moment": "battle_step"},
        "scope": "end_of_battle_phase",
    }), "seed")


def _declarations(eng: Engine, state) -> list[str]:  # noqa: ANN001
    return [action for action in legal(eng, state) if " declare_attack " in action]


def _after(eng: Engine, moves: list[str]):  # noqa: ANN202
    state = play(eng, moves, settle_end=False)
    return pass_until(eng, state, lambda s: s.attack is None)


def test_r169_each_monster_once(tmp_path) -> None:
    eng = _engine(tmp_path)
    state = play(eng, [], settle_end=False)
    assert _declarations(eng, state) == [FIRST]  # two of a kind: one is offered
    state = _after(eng, [FIRST])
    assert state.monster("elf1") is not None  # DEF 2000: not destroyed
    assert _declarations(eng, state) == [SECOND]  # elf1 was attacked
    assert eng.can_attack_again(state, "blade")
    state = play(eng, [SECOND], state, settle_end=False)
    state = pass_until(eng, state, lambda s: s.attack is None)
    assert _declarations(eng, state) == []
    assert not eng.can_attack_again(state, "blade")
    assert state.attacks_made("blade") == 2


def test_r169_a_monster_without_it_attacks_once(tmp_path) -> None:
    eng = _engine(tmp_path, card="test_lancer")
    state = _after(eng, ["A declare_attack blade -> elf1"])
    assert _declarations(eng, state) == []


def test_r169_after_a_direct_attack_nothing_more(tmp_path) -> None:
    eng = _engine(tmp_path, ())
    state = play(eng, [], settle_end=False)
    assert _declarations(eng, state) == ["A declare_attack blade"]
    state = _after(eng, ["A declare_attack blade"])
    assert state.lp[1] == 8000 - 2000
    assert not eng.can_attack_again(state, "blade")


def test_r169_a_replay_beyond_the_allowance_never_attacks_directly(tmp_path) -> None:
    eng = _engine(tmp_path)
    state = _after(eng, [FIRST])
    state = play(eng, [SECOND], state, settle_end=False)
    state, _ = leave_field(eng.rules, state, "elf2", "destroyed")  # the target is gone (R39)
    replaying = replace(state, window=Window(WindowKind.REPLAY, state.window.step, A))
    options = replay_options(eng.rules, replaying)
    assert [action.kind for action in options] == [ActionKind.STOP_ATTACK]  # elf1 attacked


def test_r169_a_monster_that_left_the_field_is_a_new_card(tmp_path) -> None:
    eng = _engine(tmp_path)
    state = _after(eng, [FIRST])
    assert state.lasting_on("elf1", ATTACKED_BY + "blade") is not None
    state, _ = leave_field(eng.rules, state, "elf1", "destroyed")
    assert state.lasting_on("elf1", ATTACKED_BY + "blade") is None
    state, _ = leave_field(eng.rules, state, "blade", "destroyed")
    assert not any(record.kind.startswith(ATTACKED_BY) for record in state.lasting)


def test_r169_attacks_granted_come_first_then_each_monster_once(tmp_path) -> None:
    # a second attack granted (R45): the first two attacks may choose any target, elf1 twice
    eng = _engine(tmp_path)
    state = replace(play(eng, [], settle_end=False), extra_attacks=(("blade", 1),))
    state = pass_until(eng, play(eng, [FIRST], state, settle_end=False),
                       lambda s: s.attack is None)
    assert _declarations(eng, state) == [FIRST, SECOND]
    state = pass_until(eng, play(eng, [FIRST], state, settle_end=False),
                       lambda s: s.attack is None)
    assert _declarations(eng, state) == [SECOND]  # beyond the allowance: elf2 only
    state = pass_until(eng, play(eng, [SECOND], state, settle_end=False),
                       lambda s: s.attack is None)
    assert _declarations(eng, state) == [] and state.attacks_made("blade") == 3


def test_r169_not_while_its_effects_are_negated(tmp_path) -> None:
    # Skill Drain face-up: the right does not apply (R109), one attack as any monster
    drain = {"id": "skill_drain", "card": "skill_drain", "face_up": True}
    eng = _engine(tmp_path, b_traps=(drain,))
    state = _after(eng, [FIRST])
    assert _declarations(eng, state) == [] and not eng.can_attack_again(state, "blade")
