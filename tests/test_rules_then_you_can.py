"""R164, R165: Dust Tornado's "destroy that target, then you can Set 1 Spell/Trap from your
hand". The Set is a step after the destruction, chosen by the resolving player as it comes
(each Spell/Trap Card in the hand, or nothing), done only if the target was destroyed, never
asked when nothing can be Set; the card Set is Set this turn. A card file that writes the new
words wrongly is refused at its line."""

from __future__ import annotations

import pytest
from rules_helpers import engine, first, kinds, legal, play, play_events, write_situation

from gamebook.cards.library import load_card_file
from gamebook.errors import InputError
from gamebook.rules.engine import Engine, forced_pass
from gamebook.rules.events import EventKind

TORNADO = "B activate tornado.activate -> mst"
SELECT = "B select tornado.activate -> "


def test_r164_the_player_chooses_each_spell_trap_in_the_hand_or_nothing() -> None:
    eng = engine("dust_tornado_set")
    state = play(eng, ["A pass", TORNADO, "A pass"])
    assert legal(eng, state) == [SELECT + "mirror_force", SELECT + "nothing",
                                 SELECT + "waboku"]
    assert state.spell_trap("mst") is None  # destroyed first: "then" is not "at the same time"


def test_r165_the_chosen_card_is_set_face_down_and_set_this_turn() -> None:
    eng = engine("dust_tornado_set")
    state = play(eng, ["A pass", TORNADO, "A pass"])
    state, events = play_events(eng, [SELECT + "waboku"], state, settle_end=False)
    set_event = first(events, "spell_trap_set")
    assert set_event.card == "waboku" and set_event.get("by") == "tornado"
    waboku = state.spell_trap("waboku")
    assert waboku is not None and not waboku.face_up and waboku.set_this_turn
    assert state.in_hand("waboku") is None and state.in_hand("mirror_force") is not None
    # a Trap Set this turn cannot be activated this turn (R9), not even against this attack
    assert "B activate waboku.activate" not in legal(eng, state)
    assert [(n.card, n.reason) for n in eng.notes(state) if n.card == "waboku"] == [
        ("waboku", "set_this_turn")]


def test_r164_choosing_nothing_sets_nothing() -> None:
    eng = engine("dust_tornado_set")
    state = play(eng, ["A pass", TORNADO, "A pass"])
    state, events = play_events(eng, [SELECT + "nothing"], state, settle_end=False)
    assert EventKind.SPELL_TRAP_SET not in kinds(events)
    assert [card.id for card in state.spell_traps if card.controller.value == "B"] == []
    assert {card.id for card in state.hand} == {"mirror_force", "waboku"}


def test_r164_nothing_is_set_when_the_target_was_not_destroyed() -> None:
    """A answers with the Mystical Space Typhoon Dust Tornado targets: Dust Tornado still
    resolves, destroys nothing, and so Sets nothing, and nobody is asked."""
    eng = engine("dust_tornado_set")
    state, events = play_events(eng, ["A pass", TORNADO, "A activate mst.activate -> tornado",
                                      "B pass"], settle_end=False)
    assert EventKind.SPELL_TRAP_SET not in kinds(events)
    assert not any(line.startswith("B select") for line in legal(eng, state))
    assert {card.id for card in state.hand} == {"mirror_force", "waboku"}


def _crowded(tmp_path, hand: list[str], spell_traps: int) -> Engine:  # noqa: ANN001
    """B has Dust Tornado among ``spell_traps`` Set cards and ``hand``; A has a Set Mystical
    Space Typhoon and attacks."""
    sets = [{"id": "tornado", "card": "dust_tornado", "face_up": False,
             "set": "earlier_turn"}]
    sets += [{"id": f"roar_{n}", "card": "threatening_roar", "face_up": False,
              "set": "earlier_turn"} for n in range(1, spell_traps)]
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": [{"id": "mst", "card": "mystical_space_typhoon",
                                           "face_up": False, "set": "earlier_turn"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf",
                                        "position": "defense"}],
                          "spell_traps": sets,
                          "hand": [{"id": card, "card": card} for card in hand]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle",
    }), "seed")


def test_r165_no_free_zone_no_choice_and_nothing_set(tmp_path) -> None:  # noqa: ANN001
    """Dust Tornado and four other cards fill B's five zones: Dust Tornado still stands in its
    own as it resolves, so nothing can be Set and nobody is asked."""
    eng = _crowded(tmp_path, ["waboku"], spell_traps=5)
    state, events = _resolved(eng, ["A pass", TORNADO])
    assert state.spell_trap("mst") is None
    assert EventKind.SPELL_TRAP_SET not in kinds(events)
    assert first(events, "not_applied").get("why") == "no_free_zone"
    assert state.in_hand("waboku") is not None


def test_r164_a_hand_without_spell_trap_cards_asks_nothing(tmp_path) -> None:  # noqa: ANN001
    eng = _crowded(tmp_path, ["kuriboh"], spell_traps=1)
    state, events = _resolved(eng, ["A pass", TORNADO])
    assert state.spell_trap("mst") is None and state.in_hand("kuriboh") is not None
    assert EventKind.SPELL_TRAP_SET not in kinds(events)
    assert not any(line.startswith("B select") for line in legal(eng, state))


def test_r164_one_card_in_the_hand_is_still_a_choice(tmp_path) -> None:  # noqa: ANN001
    eng = _crowded(tmp_path, ["waboku"], spell_traps=1)
    state, _ = _resolved(eng, ["A pass", TORNADO])
    assert legal(eng, state) == [SELECT + "nothing", SELECT + "waboku"]


def _resolved(eng: Engine, moves: list[str]) -> tuple[object, list]:
    """Play ``moves``, then the passes that resolve the chain (up to a choice, if any)."""
    state, events = play_events(eng, moves, settle_end=False)
    while state.chain and state.resolving is None:
        forced = forced_pass(eng, state)
        action = forced or next(a for a in eng.legal_actions(state) if str(a).endswith("pass"))
        transition = eng.apply(state, action, forced=forced is not None)
        state, events = transition.state, events + list(transition.events)
    return state, events


def _card(tmp_path, steps: str):  # noqa: ANN001, ANN202
    path = tmp_path / "test_tornado.yaml"
    path.write_text(
        "id: test_tornado\nnames: {en: Test Tornado}\ncard_type: trap\n"
        "spell_trap_type: normal\neffects:\n  - id: activate\n    kind: activate\n"
        "    target: {controller: opponent, filters: [spell_trap]}\n" + steps,
        encoding="utf-8")
    from gamebook.cards.library import load_library
    from gamebook.rules.mechanics import check_library

    library = load_library(extra_dirs=(tmp_path,))
    check_library(library)
    return library


@pytest.mark.parametrize(("steps", "line", "words"), [
    ("    resolution:\n      - {op: destroy, who: target}\n"
     "      - {op: set_spell_trap, select: {controller: you, zone: hand}}\n",
     11, "filters: [spell_trap]"),
    ("    resolution:\n      - {op: destroy, who: target, optional: true}\n",
     10, "optional: the engine offers an optional step as a choice"),
    ("    cost:\n      - {op: pay_lp, amount: 500, optional: true}\n"
     "    resolution:\n      - {op: destroy, who: target}\n",
     10, "optional: a cost is paid in full"),
])
def test_r164_r166_wrong_words_are_refused_at_their_line(tmp_path, steps, line,  # noqa: ANN001
                                                         words) -> None:
    with pytest.raises(InputError) as error:
        _card(tmp_path, steps)
    assert f":{line}" in str(error.value) and words in str(error.value)


def test_r164_the_bundled_card_reads_then_you_can() -> None:
    from gamebook.book.cardtext import effect_text

    card = load_card_file(
        __import__("pathlib").Path(__file__).resolve().parents[1]
        / "gamebook" / "cards" / "library" / "dust_tornado.yaml")
    text = effect_text(card, card.effects[0], "en", lambda card_id: card_id, written=False)
    assert "destroy that target, then you can Set 1 Spell/Trap Card" in text
