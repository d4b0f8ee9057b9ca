"""Special Summons by an effect and the cards that answer them (R97, R98), and the Deck as a
zone: a situation lists the Deck cards that matter; the rest is never chosen."""

from __future__ import annotations

from rules_helpers import (
    A,
    B,
    engine,
    forbidden_by,
    graveyard,
    kinds,
    legal,
    monster,
    pass_until,
    play_events,
)

from gamebook.rules.state import WindowKind

SUMMON = "B activate summoner.activate"


def test_r97_a_summon_opens_a_window_in_which_bottomless_trap_hole_answers_it() -> None:
    eng = engine("summon_answers")
    state, events = play_events(eng, ["A pass", SUMMON, "A pass", "B pass"],
                                 settle_end=False)
    assert monster(state, "skull_b").controller is B  # from the hand (R97)
    window = state.window
    assert window.kind is WindowKind.EVENT and window.summoned == ("skull_b",)
    assert eng.to_move(state) is A  # the turn player first (R12)
    assert "A activate bottomless.activate" in legal(eng, state)
    state, events = play_events(eng, ["A activate bottomless.activate", "A pass"], state)
    assert state.monster("skull_b") is None
    assert {g.id: g.reason for g in state.banished} == {"skull_b": "destroyed"}


def test_r97_the_summon_window_passes_with_its_first_chain() -> None:
    eng = engine("summon_answers")
    state, _ = play_events(eng, ["A pass", SUMMON, "A pass", "B pass", "A pass", "B pass",
                                 "A replay_attack skull -> skull_b"], settle_end=False)
    assert state.window.kind is WindowKind.OPEN  # the summon's window has closed
    assert forbidden_by(eng, state, "bottomless", "activate") == "first_chain_only"


def test_r97_torrential_tribute_answers_tokens_and_bottomless_needs_1500_atk() -> None:
    eng = engine("summon_answers")
    state, _ = play_events(eng, ["A pass", "B activate scapegoat.activate", "A pass", "B pass"],
                           settle_end=False)
    assert len(state.window.summoned) == 4
    # Sheep Tokens: 0 ATK; a Trap Card's condition is the Traps' rule (R9), not R4's (issue 32)
    assert forbidden_by(eng, state, "bottomless", "activate") == "trap_cards"
    state, _ = play_events(eng, ["A activate torrential.activate", "B pass", "A pass"], state)
    assert state.monsters == ()  # every monster on the field, the attacker too
    assert graveyard(state)["skull"] == "destroyed"


def test_r98_solemn_warning_negates_an_activation_that_would_special_summon() -> None:
    eng = engine("summon_answers")
    state, events = play_events(eng, ["A pass", SUMMON, "A activate solemn.activate"])
    assert state.life(A) == 8000 - 2000  # its cost (R16)
    assert "special_summoned" not in kinds(events)
    assert graveyard(state)["summoner"] == "destroyed"
    assert state.in_hand("skull_b") is not None


def test_r98_solemn_warning_answers_scapegoat_but_not_a_chain_that_summons_nothing() -> None:
    eng = engine("summon_answers")
    state, _ = play_events(eng, ["A pass", "B activate scapegoat.activate"], settle_end=False)
    assert "A activate solemn.activate" in legal(eng, state)  # Tokens are Special Summoned
    # no chain
    assert forbidden_by(eng, eng.start().state, "solemn", "activate") == "response_speed"


def _example(name: str):  # noqa: ANN202
    from rules_helpers import ROOT

    from gamebook.rules.engine import Engine
    from gamebook.situation import load_situation
    return Engine(load_situation(ROOT / "examples" / f"{name}.yaml"))


def test_r97_the_deck_offers_only_its_listed_cards_that_match() -> None:
    eng = _example("mystic_tomato_deck")
    state, events = play_events(eng, ["B activate mystic_tomato.summon_from_deck"])
    assert "destroyed_by_battle" in kinds(events)  # the Skull won: at the end of the Damage Step
    # DARK with 1500 or less ATK: Battle Fader and the second Tomato; never the Deck's
    # Summoned Skull (2500 ATK), never an unlisted card.
    assert legal(eng, state) == ["B select mystic_tomato.summon_from_deck -> battle_fader",
                                 "B select mystic_tomato.summon_from_deck -> mystic_tomato_2"]
    state, _ = play_events(eng, ["B select mystic_tomato.summon_from_deck -> mystic_tomato_2"],
                           state)
    tomato = monster(state, "mystic_tomato_2")
    assert tomato.position.value == "attack" and state.in_deck("mystic_tomato_2") is None
    assert [c.id for c in state.deck] == ["battle_fader", "summoned_skull_2"]


def test_r97_a_monster_summoned_in_the_damage_step_causes_no_replay_and_can_be_attacked() -> None:
    eng = _example("mystic_tomato_deck")
    state, events = play_events(eng, ["B activate mystic_tomato.summon_from_deck",
                                      "B select mystic_tomato.summon_from_deck -> battle_fader"],
                                settle_end=True)
    assert "replay_caused" not in kinds(events)  # R40: in the Damage Step
    assert "A declare_attack gemini_elf -> battle_fader" in legal(eng, state)


def test_r117_gorz_and_tragoedia_triggered_by_one_damage_cannot_both_be_activated() -> None:
    eng = engine("gorz_and_tragoedia")
    both = ["B activate gorz.summon_itself", "B activate tragoedia.summon_itself"]
    state = pass_until(eng, eng.start().state, lambda s: set(both) <= set(legal(eng, s)))
    assert state.life(B) == 5500  # after the battle damage, either may be chosen
    for first_one, other in (("gorz", "tragoedia"), ("tragoedia", "gorz")):
        placed, _ = play_events(eng, [f"B activate {first_one}.summon_itself"], state,
                                settle_end=False)
        assert forbidden_by(eng, placed, other, "summon_itself") == "one_hand_summon_per_chain"
        assert f"B activate {other}.summon_itself" not in legal(eng, placed)


def test_r62_a_question_mark_atk_in_the_deck_is_not_1500_or_less_for_mystic_tomato() -> None:
    eng = engine("mystic_tomato_question_mark_atk")
    state = pass_until(eng, eng.start().state,
                       lambda s: "B activate tomato.summon_from_deck" in legal(eng, s))
    state, _ = play_events(eng, ["B activate tomato.summon_from_deck", "A pass", "B pass"],
                           state, settle_end=False)
    assert not any(a.startswith("B select") for a in legal(eng, state))  # Tragoedia is no option
    assert monster(state, "fader").controller is B
    assert state.in_deck("tragoedia") is not None


def test_r97_bottomless_and_torrential_answer_a_summon_by_call_of_the_haunted() -> None:
    eng = engine("call_of_the_haunted_answered")
    state, _ = play_events(eng, ["A pass", "B activate call.activate -> gemini_elf", "A pass",
                                 "B pass"], settle_end=False)
    assert state.window.summoned == ("gemini_elf",)  # tying it is no later event (R25)
    assert {"A activate bottomless.activate", "A activate torrential.activate"} <= set(
        legal(eng, state))
    state, _ = play_events(eng, ["A activate bottomless.activate", "B pass", "A pass"], state,
                           settle_end=False)
    assert {g.id: g.reason for g in state.banished} == {"gemini_elf": "destroyed"}
    assert graveyard(state)["call"] == "destroyed"  # its monster was destroyed (R108)


def test_r117_is_asked_only_where_a_card_summons_itself_from_the_hand() -> None:
    def asked(eng: object) -> bool:
        return any(hook.__module__.endswith(".one_hand_summon_per_chain")
                   for hook in eng.rules.hooks.activation_forbidden)
    assert asked(engine("gorz_and_tragoedia"))
    assert not asked(engine("summon_answers"))
