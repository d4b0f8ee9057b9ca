"""R174: cards the opponent chooses as an effect resolves, together and face-down (Evenly
Matched); R175: an effect activated "at the end of the Battle Phase", only in its End Step."""

from __future__ import annotations

from pathlib import Path

from rules_helpers import forbidden_by, kinds, legal, pass_until, play, play_events

from gamebook.cards.model import EventName
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.chosen_together import cards_of
from gamebook.rules.mechanics.moving import BANISHED_FACE_DOWN
from gamebook.rules.state import Player, Step, WindowKind

ACTIVATE = "B activate evenly.activate"


def _engine(tmp_path: Path, a_cards: dict, b_cards: dict) -> Engine:
    from rules_helpers import write_situation

    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": a_cards, "B": b_cards},
        "start": {"moment": "battle_step"},
        "scope": "end_of_battle_phase",
    }), "seed")


A_THREE = {"monsters": [{"id": "skull", "card": "summoned_skull"},
                        {"id": "elf", "card": "gemini_elf"}],
           "spell_traps": [{"id": "greed", "card": "pot_of_greed"}]}
B_SET = {"spell_traps": [{"id": "evenly", "card": "evenly_matched"}]}
B_HAND = {"hand": [{"id": "evenly", "card": "evenly_matched"}]}


def _end_step(eng: Engine):  # noqa: ANN202
    state = play(eng, [], settle_end=False)
    return pass_until(eng, state, lambda s: s.window.step is Step.END_STEP
                      and s.window.priority is Player.B)


def _resolving(eng: Engine):  # noqa: ANN202
    state = play(eng, [ACTIVATE], _end_step(eng), settle_end=False)
    return pass_until(eng, state, lambda s: s.window.kind is WindowKind.SELECT)


def test_r175_only_in_the_end_step_of_the_battle_phase(tmp_path) -> None:
    eng = _engine(tmp_path, A_THREE, B_SET)
    state = play(eng, [], settle_end=False)
    assert state.window.step is Step.BATTLE_STEP
    assert forbidden_by(eng, state, "evenly", "activate") == "end_of_battle_phase_condition"
    state = _end_step(eng)
    assert forbidden_by(eng, state, "evenly", "activate") is None
    assert ACTIVATE in legal(eng, state)


def test_r174_the_opponent_chooses_a_set_and_banishes_it_face_down(tmp_path) -> None:
    eng = _engine(tmp_path, A_THREE, B_SET)
    state = _resolving(eng)
    actions = eng.legal_actions(state)
    assert eng.to_move(state) is Player.A  # the opponent chooses, not the resolving player
    assert {a.player for a in actions} == {Player.A}
    # B controls Evenly Matched only: A keeps 1 of 3, one choice per set of 2
    assert sorted(tuple(sorted(cards_of(a.target))) for a in actions) == [
        ("elf", "greed"), ("elf", "skull"), ("greed", "skull")]
    chosen = next(a for a in actions if sorted(cards_of(a.target)) == ["elf", "skull"])
    transition = eng.apply(state, chosen)
    after = transition.state
    assert after.monster("skull") is None and after.monster("elf") is None
    assert after.spell_trap("greed") is not None
    assert {b.id: b.reason for b in after.banished} == {"skull": BANISHED_FACE_DOWN,
                                                       "elf": BANISHED_FACE_DOWN}
    assert kinds(transition.events).count("banished") == 2


def test_r174_from_the_hand_the_card_counts_itself_as_it_resolves(tmp_path) -> None:
    a_two = {"monsters": A_THREE["monsters"]}
    eng = _engine(tmp_path, a_two, B_HAND)
    state = _resolving(eng)
    # activated from the hand with no card, Evenly Matched is B's 1 card as it resolves
    assert sorted(a.target for a in eng.legal_actions(state)) == ["elf", "skull"]


def test_r174_interchangeable_cards_are_one_set_of_each_kind(tmp_path) -> None:
    a_elves = {"monsters": [{"id": "elf1", "card": "mystical_elf"},
                            {"id": "elf2", "card": "mystical_elf"},
                            {"id": "skull", "card": "summoned_skull"}]}
    eng = _engine(tmp_path, a_elves, B_SET)
    state = _resolving(eng)
    sets = sorted(tuple(sorted(cards_of(a.target))) for a in eng.legal_actions(state))
    assert sets == [("elf1", "elf2"), ("elf1", "skull")]


def test_r174_counted_again_as_it_resolves(tmp_path) -> None:
    # A 1 card, B none: 1 > 0 as it is activated from the hand, 1 > 1 no longer as it
    # resolves (Evenly Matched is then B's card): nothing is banished
    eng = _engine(tmp_path, {"monsters": [{"id": "skull", "card": "summoned_skull"}]}, B_HAND)
    state, events = play_events(eng, [ACTIVATE], _end_step(eng))
    assert state.monster("skull") is not None
    assert not state.banished
    assert any(e.kind == "no_effect" and e.get("why") == "condition_lost" for e in events)


def test_r174_a_card_banished_face_down_activates_nothing_there(tmp_path) -> None:
    # Test Exile Spirit: "if this card is banished: gain 500 LP", only face-up (R171)
    a_cards = {"monsters": [{"id": "spirit", "card": "test_exile_spirit"},
                            {"id": "skull", "card": "summoned_skull"}]}
    eng = _engine(tmp_path, a_cards, B_SET)
    state = _resolving(eng)
    # B controls Evenly Matched: A keeps 1 of 2
    chosen = next(a for a in eng.legal_actions(state) if a.target == "spirit")
    state = eng.apply(state, chosen).state
    assert {b.id: b.reason for b in state.banished} == {"spirit": BANISHED_FACE_DOWN}
    assert (EventName.BANISHED, "spirit") not in state.happened  # nothing to answer
    assert not any(a.card == "spirit" for a in eng.legal_actions(state))
