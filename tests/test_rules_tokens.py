"""Tokens (R64): their instance ids, the zones they need, how they vanish, and the replay
caused when they appear on the defender's side during the Battle Step (R39.3), processed
after the chain (R41); none when they appear on the attacker's side (R40).

Situation ``field_scapegoat``: Summoned Skull (2500) attacks Mystical Elf (800); B has a Set
Scapegoat, A a Set Test Destroy Trap. The example ``ojama_trio_sakuretsu`` is seed 003's
R41 case: A's Ojama Trio chained to B's Sakuretsu Armor.
"""

from __future__ import annotations

from rules_helpers import (
    ROOT,
    A,
    B,
    chain,
    engine,
    first,
    forbidden_by,
    graveyard,
    kinds,
    legal,
    monster,
    pass_until,
    play,
    play_events,
    run_out,
)

from gamebook.rules.engine import Engine
from gamebook.rules.state import Step, WindowKind
from gamebook.situation.load import load_situation

SCAPEGOAT = "B activate scapegoat.activate"
SHEEP = tuple(f"scapegoat_sheep_token_{n}" for n in range(1, 5))


def _example(name: str, preset: str = "seed") -> Engine:
    return Engine(load_situation(ROOT / "examples" / f"{name}.yaml"), preset)


def _after_scapegoat(name: str = "field_scapegoat"):  # noqa: ANN202
    eng = engine(name)
    state, events = play_events(eng, ["A pass", SCAPEGOAT, "A pass", "B pass"])
    return eng, state, events


# -- R64: the Tokens themselves ---------------------------------------------------------------

def test_r64_scapegoat_summons_four_sheep_tokens_named_after_their_source() -> None:
    eng, state, events = _after_scapegoat()
    summoned = [e.card for e in events if e.kind == "special_summoned"]
    assert summoned == list(SHEEP)
    for token in SHEEP:
        sheep = monster(state, token)
        assert (sheep.card, sheep.controller, sheep.position.value, sheep.face_up) == \
            ("sheep_token", B, "defense", True)
        assert (sheep.stats.atk, sheep.stats.def_) == (0, 0)


def test_r64_ojama_trio_puts_its_tokens_on_the_opponents_field() -> None:
    eng = _example("ojama_trio_sakuretsu")
    state = play(eng, ["A activate ojama_trio.activate", "B pass"])
    tokens = [m for m in state.monsters if m.card == "ojama_token"]
    assert [m.id for m in tokens] == [f"ojama_trio_ojama_token_{n}" for n in (1, 2, 3)]
    assert all(m.controller is B and m.position.value == "defense" for m in tokens)
    assert [m.stats.def_ for m in tokens] == [1000, 1000, 1000]


def test_r64_scapegoat_cannot_be_activated_without_four_free_monster_zones() -> None:
    eng = engine("field_scapegoat_crowded")  # B controls 2 monsters: 3 zones free
    state = pass_until(eng, eng.start().state, lambda s: eng.to_move(s) is B)
    assert forbidden_by(eng, state, "scapegoat", "activate") == "tokens"
    assert legal(eng, state) == ["B pass"]


def test_r64_a_token_destroyed_by_battle_vanishes_instead_of_going_to_the_gy() -> None:
    eng, state, _ = _after_scapegoat()
    state, events = run_out(eng, ["A replay_attack summoned_skull -> scapegoat_sheep_token_1"],
                            state)
    assert ("token_vanished", "scapegoat_sheep_token_1") in [(e.kind, e.card) for e in events]
    assert state.monster("scapegoat_sheep_token_1") is None
    assert "scapegoat_sheep_token_1" not in graveyard(state)
    assert not any(g.id == "scapegoat_sheep_token_1" for g in state.banished)
    assert state.lp == (8000, 8000)  # 2500 against DEF 0: no damage (R50)


def test_r64_a_token_destroyed_by_an_effect_vanishes_and_that_causes_a_replay() -> None:
    eng, state, _ = _after_scapegoat()
    state = play(eng, ["A replay_attack summoned_skull -> mystical_elf"], state,
                 settle_end=False)
    state, events = play_events(
        eng, ["A activate destroy_trap.activate -> scapegoat_sheep_token_1", "B pass"], state)
    names = kinds(events)
    assert "token_vanished" in names and "replay_caused" in names  # R39.2
    assert state.monster("scapegoat_sheep_token_1") is None
    assert "scapegoat_sheep_token_1" not in graveyard(state)
    assert state.window.kind is WindowKind.REPLAY


# -- R39.3, R41: Tokens on the defender's side cause a replay, after the chain -----------------

def test_r39_tokens_appearing_on_the_defenders_side_cause_a_replay() -> None:
    eng, state, events = _after_scapegoat()
    assert "replay" in kinds(events) and state.window.kind is WindowKind.REPLAY
    assert eng.to_move(state) is A
    assert first(events, "replay_caused").get("how") == "arrived"


def test_r41_the_replay_caused_by_tokens_waits_for_the_end_of_the_chain() -> None:
    eng = engine("field_scapegoat")
    state = play(eng, ["A pass", SCAPEGOAT], settle_end=False)
    assert not state.attack.replay_pending  # nothing has resolved yet
    state, events = play_events(eng, ["A pass", "B pass"], state)
    names = kinds(events)
    assert names.index("replay_caused") < names.index("replay")
    assert names.index("replay") > max(i for i, k in enumerate(names) if k == "resolve")


def test_r41_ojama_trio_chained_to_sakuretsu_armor_the_attacker_is_destroyed_before_any_replay(
        ) -> None:
    eng = _example("ojama_trio_sakuretsu")
    state, events = play_events(eng, ["A pass", "B activate sakuretsu_armor.activate -> "
                                      "summoned_skull", "A activate ojama_trio.activate"])
    state, more = run_out(eng, [], state)
    names = kinds(events + more)
    assert "replay_caused" in names  # the Tokens did arrive on the defender's side …
    assert "replay" not in names  # … but the attacker is gone when the chain is over (R38)
    assert graveyard(state)["summoned_skull"] == "destroyed"
    assert state.window.reason == "attack_ended"
    assert sum(1 for m in state.monsters if m.card == "ojama_token") == 3


def test_r42_after_the_tokens_arrive_the_attacker_may_choose_a_token_or_stop() -> None:
    eng = _example("ojama_trio_sakuretsu")
    state = play(eng, ["A activate ojama_trio.activate", "B pass"])
    assert legal(eng, state) == ["A replay_attack summoned_skull -> leo_wizard",
                                 "A replay_attack summoned_skull -> ojama_trio_ojama_token_1",
                                 "A stop_attack summoned_skull"]
    state, events = run_out(eng, ["A replay_attack summoned_skull -> ojama_trio_ojama_token_1",
                                  "B activate ojama_trio_ojama_token_1.damage"], state)
    # 2500 against DEF 1000: destroyed, no battle damage; the Token's own trigger then costs
    # its controller 300 at the end of the Damage Step (R52, R64).
    assert state.lp == (8000, 7700)
    assert state.monster("ojama_trio_ojama_token_1") is None


# -- R40: Tokens on the attacker's side --------------------------------------------------------

def test_r40_tokens_appearing_on_the_attackers_side_cause_no_replay() -> None:
    eng = engine("field_scapegoat_own_side")
    state, events = run_out(eng, ["A activate scapegoat.activate"])
    names = kinds(events)
    assert names.count("special_summoned") == 4 and "replay_caused" not in names
    assert "replay" not in names and "damage_calculation" in names
    assert all(monster(state, t).controller is A for t in SHEEP)
    assert state.lp == (8000, 6300)


def test_r46_scapegoat_cannot_summon_tokens_in_the_damage_step() -> None:
    eng = engine("field_scapegoat")
    state = play(eng, [], settle_end=False)
    state = pass_until(eng, state, lambda s: s.window.step is Step.DAMAGE_STEP_START
                       and eng.to_move(s) is B)
    # not even allowed
    assert forbidden_by(eng, state, "scapegoat", "activate") == "damage_step_activations"
    assert chain(state) == []


def test_r64_book_of_moon_cannot_target_a_token() -> None:
    eng = engine("field_token_book_of_moon")
    state = play(eng, [SCAPEGOAT, "B pass", "A replay_attack summoned_skull -> mystical_elf"])
    state = pass_until(eng, state, lambda s: eng.to_move(s) is B)
    assert "B activate book_of_moon.activate -> scapegoat_sheep_token_1" not in legal(eng, state)
