"""Answers in Main Phase 1 (issue 34): Ghost Ogre & Snow Rabbit answers an effect activated by
a card already on the field, never a card's own activation (R2); a monster Monster Reborn
took from the opponent's GY leaves the field to its owner's GY or hand (R151); Seven Tools of
the Bandit negates a Trap that answers a Normal Summon (R2, R16)."""

from __future__ import annotations

from pathlib import Path

from rules_helpers import A, B, engine, graveyard, note, play, play_events, write_situation

from gamebook.rules.engine import Engine
from gamebook.rules.events import EventKind

ROOT = Path(__file__).resolve().parent.parent


def reborn_and_ogre() -> Engine:
    from gamebook.situation.load import load_situation
    return Engine(load_situation(ROOT / "examples" / "monster_reborn_ghost_ogre.yaml"), "seed")


def test_r2_ghost_ogre_cannot_answer_monster_reborns_activation_and_the_pass_says_why():
    eng = reborn_and_ogre()
    _, events = play_events(eng, ["A activate monster_reborn.activate -> honest",
                                  "A select monster_reborn.activate -> attack"])
    refused = [n for ev in events if ev.kind is EventKind.PASS and ev.player is B
               for n in ev.get("cannot", ())]
    assert [(n.card, n.effect, n.rule, n.reason) for n in refused] == [
        ("ghost_ogre", "destroy", "response_speed", "nothing_to_respond_to")]
    assert dict(refused[0].args)["wanted"] == "effect_activated_on_field"


def test_r2_ghost_ogre_destroys_honest_whose_effect_was_activated_on_the_field():
    eng = reborn_and_ogre()
    state = play(eng, ["A activate monster_reborn.activate -> honest",
                       "A select monster_reborn.activate -> attack",
                       "A activate honest.return_to_hand"], settle_end=False)
    assert note(eng, state, "ghost_ogre", "destroy").legal
    state = play(eng, ["B activate ghost_ogre.destroy"], state)
    assert state.monsters == ()
    # Honest goes to its owner's GY, Player B's (R151)
    assert {card.id: card.owner for card in state.graveyard} == {
        "monster_reborn": A, "ghost_ogre": B, "honest": B}
    assert set(graveyard(state)) == {"monster_reborn", "ghost_ogre", "honest"}


def test_r151_honest_returns_to_its_owners_hand_so_its_controller_cannot_summon_it():
    eng = reborn_and_ogre()
    state = play(eng, ["A activate monster_reborn.activate -> honest",
                       "A select monster_reborn.activate -> defense",
                       "A activate honest.return_to_hand", "B pass", "A pass"])
    assert sorted((card.id, card.owner) for card in state.hand) == [
        ("ghost_ogre", B), ("honest", B)]
    _, events = play_events(eng, ["A activate monster_reborn.activate -> honest",
                                  "A select monster_reborn.activate -> defense",
                                  "A activate honest.return_to_hand", "B pass", "A pass"])
    told = [(ev.player, ev.card, ev.get("to")) for ev in events
            if ev.kind is EventKind.TO_OWNER]
    assert told == [(B, "honest", "hand")]  # the book says whose hand (R151)
    assert not any(str(action).startswith("A normal_summon") for action in
                   eng.legal_actions(state))


def test_r2_ghost_ogre_does_not_answer_a_trap_cards_activation(tmp_path):
    situation = write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"hand": [{"id": "gemini_elf", "card": "gemini_elf"}]},
                    "B": {"spell_traps": [{"id": "trap_hole", "card": "trap_hole",
                                           "zone": "s3"}],
                          "hand": [{"id": "ghost_ogre",
                                    "card": "ghost_ogre_and_snow_rabbit"}]}},
        "start": {"moment": "main_phase_1"},
        "scope": "end_of_main_phase_1",
    })
    eng = Engine(situation, "seed")
    state = play(eng, ["A normal_summon gemini_elf", "B activate trap_hole.activate -> gemini_elf"],
                 settle_end=False)
    found = note(eng, state, "ghost_ogre", "destroy")
    assert (found.legal, found.rule, found.reason) == (False, "response_speed",
                                                        "nothing_to_respond_to")


def test_r2_seven_tools_negates_trap_hole_answering_a_normal_summon():
    eng = engine("seven_tools_trap_hole_main_phase")
    state = play(eng, ["A normal_summon gemini_elf", "B activate trap_hole.activate -> gemini_elf"],
                 settle_end=False)
    assert note(eng, state, "seven_tools", "activate").legal
    state = play(eng, ["A activate seven_tools.activate"], state)
    assert state.lp == (7000, 8000)
    assert [m.id for m in state.monsters] == ["gemini_elf"]
    assert set(graveyard(state)) == {"seven_tools", "trap_hole"}


def test_r17_hammer_shot_takes_the_highest_atk_at_resolution_its_activators_own_too():
    eng = engine("hammer_shot_cosmic_cyclone_main_phase")
    state = play(eng, ["A activate hammer_shot.activate", "B pass"])
    assert [m.id for m in state.monsters] == []  # Leo Wizard, the only one
    eng = engine("hammer_shot_cosmic_cyclone_main_phase")
    state = play(eng, ["A normal_summon gemini_elf", "A activate hammer_shot.activate",
                       "B pass"])
    assert [m.id for m in state.monsters] == ["leo_wizard"]  # Gemini Elf: 1900 > 1350
    assert graveyard(state)["gemini_elf"] == "destroyed"


def test_r145_hammer_shot_banished_by_cosmic_cyclone_still_resolves():
    eng = engine("hammer_shot_cosmic_cyclone_main_phase")
    state = play(eng, ["A activate hammer_shot.activate",
                       "B activate cosmic_cyclone.activate -> hammer_shot"])
    assert state.lp == (8000, 7000)  # Cosmic Cyclone's cost (R16)
    assert [card.id for card in state.banished] == ["hammer_shot"]
    assert state.monsters == ()  # Leo Wizard destroyed all the same
