"""A card that stays, gone before it resolves (R107), and a card tied to its monster (R108):
Call of the Haunted and Premature Burial.

Example ``call_of_the_haunted_mst``: Summoned Skull attacks Mystical Elf (Defense Position);
Player B has Call of the Haunted Set and Gemini Elf in the GY, Player A Mystical Space
Typhoon Set.
"""

from __future__ import annotations

from pathlib import Path

from rules_helpers import (
    ROOT,
    graveyard,
    kinds,
    legal,
    monster,
    play,
    play_events,
    run_out,
    write_situation,
)

from gamebook.cards.model import Ref
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.equip import equipped_to
from gamebook.rules.mechanics.immunity import UNAFFECTED
from gamebook.rules.mechanics.ties import tied_to
from gamebook.rules.resolution import resolve_top
from gamebook.rules.state import ChainLink, Lasting, Player, WindowKind, replace
from gamebook.situation.load import load_situation

EXAMPLE = ROOT / "examples" / "call_of_the_haunted_mst.yaml"
COTH = "B activate call_of_the_haunted.activate -> gemini_elf"
MST = "A activate mystical_space_typhoon.activate -> call_of_the_haunted"


def _engine() -> Engine:
    return Engine(load_situation(EXAMPLE), "seed")


def test_r107_call_of_the_haunted_destroyed_in_response_summons_nothing() -> None:
    eng = _engine()
    state, events = play_events(eng, ["A pass", COTH, MST, "B pass", "A pass"])
    found = graveyard(state)
    assert (found["gemini_elf"], found["call_of_the_haunted"]) == ("earlier", "destroyed")
    assert state.monster("gemini_elf") is None
    assert "special_summoned" not in kinds(events) and "replay_caused" not in kinds(events)
    assert any(e.kind == "no_effect" and e.get("why") == "card_left_field" for e in events)


def test_r108_call_of_the_haunted_revives_in_attack_position_and_causes_a_replay() -> None:
    eng = _engine()
    state = play(eng, ["A pass", COTH, "A pass"])
    assert state.window.kind is WindowKind.REPLAY  # R39, R41
    assert monster(state, "gemini_elf").position.value == "attack"
    assert tied_to(state, "call_of_the_haunted") == "gemini_elf"
    assert "A replay_attack summoned_skull -> gemini_elf" in legal(eng, state)


def test_r108_destroying_call_of_the_haunted_destroys_that_monster_without_a_chain_link(
        ) -> None:
    eng = _engine()
    state = play(eng, ["A pass", COTH, "A pass",
                       "A replay_attack summoned_skull -> gemini_elf"])
    state, events = play_events(eng, [MST, "B pass", "A pass"], state, settle_end=False)
    assert graveyard(state)["call_of_the_haunted"] == "destroyed"
    assert graveyard(state)["gemini_elf"] == "destroyed"
    tied = [e for e in events if e.kind == "destroyed" and e.card == "gemini_elf"]
    assert tied and tied[0].get("by") == "call_of_the_haunted.tie"
    assert kinds(events).count("resolve") == 1  # only Mystical Space Typhoon's link
    assert state.window.kind is WindowKind.REPLAY  # the new target left: another replay


def test_r108_chained_the_other_way_round_call_of_the_haunted_resolves_first() -> None:
    eng = _engine()
    state, events = play_events(eng, [MST, COTH, "A pass", "B pass"])
    order = [(e.kind, e.card) for e in events if e.kind in ("special_summoned", "destroyed")]
    assert order == [("special_summoned", "gemini_elf"), ("destroyed", "call_of_the_haunted"),
                     ("destroyed", "gemini_elf")]


def test_r108_that_monster_destroyed_by_battle_takes_call_of_the_haunted_with_it() -> None:
    eng = _engine()
    state = play(eng, ["A pass", COTH, "A pass",
                       "A replay_attack summoned_skull -> gemini_elf"])
    state, _ = run_out(eng, [], state)
    assert graveyard(state)["gemini_elf"] == "destroyed_by_battle"
    assert graveyard(state)["call_of_the_haunted"] == "destroyed"
    assert state.lp == (8000, 8000 - 600)


def _burial(folder: Path, *, equipped: bool):  # noqa: ANN202
    """Player A's Summoned Skull with Premature Burial (equipped, or Set with Mystic Tomato
    in the GY); Player B has Mystical Space Typhoon and Book of Moon Set."""
    spell = {"id": "burial", "card": "premature_burial"}
    if equipped:
        spell.update(face_up=True, equipped_to="skull")
    return Engine(write_situation(folder, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": [spell],
                          "graveyard": [{"id": "tomato", "card": "mystic_tomato"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf",
                                        "position": "defense"}],
                          "spell_traps": [{"id": "mst", "card": "mystical_space_typhoon"},
                                          {"id": "moon", "card": "book_of_moon"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"}), "seed")


def test_r108_premature_burial_destroyed_destroys_the_equipped_monster(tmp_path: Path
                                                                       ) -> None:
    eng = _burial(tmp_path, equipped=True)
    state, events = play_events(eng, ["A pass", "B activate mst.activate -> burial",
                                       "A pass", "B pass"], settle_end=False)
    assert graveyard(state)["burial"] == "destroyed"
    assert graveyard(state)["skull"] == "destroyed"


def test_r108_premature_burial_sent_to_the_gy_by_its_monster_leaving_destroys_nothing(
        tmp_path: Path) -> None:
    eng = _burial(tmp_path, equipped=True)
    # Book of Moon turns the Skull face-down: Premature Burial goes to the GY (R105), and
    # that is not a destruction: the Skull stays
    state = play(eng, ["A pass", "B activate moon.activate -> skull", "A pass", "B pass"],
                 settle_end=False)
    assert graveyard(state)["burial"] == "unequipped"
    assert not monster(state, "skull").face_up


def _resolving_burial(folder: Path, *, card_gone: bool):  # noqa: ANN202
    """Premature Burial activated on Mystic Tomato, its 800 LP paid, about to resolve (an
    Equip Spell is activated in the Main Phase, R8: the chain is set up by hand)."""
    eng = _burial(folder, equipped=False)
    state = eng.start().state
    state = state.with_spell_trap(replace(state.spell_trap("burial"), face_up=True))
    state = replace(state, chain=(ChainLink(Player.A, "burial", "activate", 7,
                                            target="tomato", refs=((Ref.TARGET, "tomato"),)),),
                    lp=(7200, 8000))
    if card_gone:
        state = state.without_spell_trap("burial")
    return eng, state


def test_r105_premature_burial_summons_in_attack_position_and_is_equipped(tmp_path: Path
                                                                         ) -> None:
    eng, state = _resolving_burial(tmp_path, card_gone=False)
    state, events, done = resolve_top(eng.rules, state)
    assert monster(state, "tomato").position.value == "attack"
    assert equipped_to(state, "burial") == "tomato"


def test_r107_premature_burial_gone_before_it_resolves_summons_nothing(tmp_path: Path
                                                                       ) -> None:
    eng, state = _resolving_burial(tmp_path, card_gone=True)
    state, events, done = resolve_top(eng.rules, state)
    assert state.monster("tomato") is None and state.lp == (7200, 8000)  # the cost stays paid
    assert any(e.kind == "no_effect" and e.get("why") == "card_left_field" for e in events)


def test_r108_a_monster_unaffected_by_spell_traps_is_not_destroyed_by_the_tie(tmp_path: Path
                                                                             ) -> None:
    eng = _burial(tmp_path, equipped=True)
    state = eng.start().state
    skull = monster(state, "skull")
    state = state.with_lasting(Lasting(UNAFFECTED, skull.id, "forbidden_lance"))  # R104
    state, events = play_events(eng, ["A pass", "B activate mst.activate -> burial",
                                       "A pass", "B pass"], state, settle_end=False)
    assert graveyard(state)["burial"] == "destroyed"
    assert monster(state, "skull").face_up
    assert any(e.kind == "not_destroyed" and e.get("why") == "unaffected" for e in events)


def test_r17_a_continuous_trap_whose_activation_was_negated_goes_to_the_gy() -> None:
    # no card of the library negates without destroying: the negated link is set up by hand
    eng = _engine()
    state = eng.start().state
    coth = replace(state.spell_trap("call_of_the_haunted"), face_up=True)
    link = ChainLink(Player.B, "call_of_the_haunted", "activate", 7, target="gemini_elf",
                     refs=((Ref.TARGET, "gemini_elf"),), negated="activation")
    state = replace(state.with_spell_trap(coth), chain=(link,))
    state, events, done = resolve_top(eng.rules, state)
    assert graveyard(state)["call_of_the_haunted"] == "negated"
    assert state.monster("gemini_elf") is None


def test_r108_a_tie_is_told_as_the_effect_that_holds_it_whatever_its_id(tmp_path: Path
                                                                        ) -> None:
    """A card file may name its tie effect as it likes: the destruction names that effect
    (the engine named ``<card>.tie``, and a renamed one stopped the book with KeyError)."""
    from gamebook.book.narrate import Narrator

    cards = tmp_path / "cards"
    cards.mkdir()
    text = (ROOT / "gamebook" / "cards" / "library" / "call_of_the_haunted.yaml").read_text(
        encoding="utf-8")
    (cards / "coth.yaml").write_text(text.replace("  - id: tie\n", "  - id: bond\n")
                                     + "overrides: true\n", encoding="utf-8")
    situation = load_situation(EXAMPLE, card_folders=(cards,))
    eng = Engine(situation, "seed")
    state = play(eng, ["A pass", COTH, "A pass",
                       "A replay_attack summoned_skull -> gemini_elf"])
    state, events = play_events(eng, [MST, "B pass", "A pass"], state, settle_end=False)
    tied = [e for e in events if e.kind == "destroyed" and e.card == "gemini_elf"]
    assert tied and tied[0].get("by") == "call_of_the_haunted.bond"
    instances = {i: situation.cards[c] for i, c in eng.rules.instances}
    assert "Call of the Haunted" in Narrator("en", instances).event(tied[0])
