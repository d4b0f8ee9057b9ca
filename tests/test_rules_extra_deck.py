"""Extra Deck monsters (R127, extra_deck_monsters): a Fusion, Synchro, Xyz or Link Monster
that would return to the hand goes to its owner's Extra Deck instead, and the hand does not
hold it."""

from __future__ import annotations

from rules_helpers import engine, kinds, play_events

from gamebook.book.narrate import Narrator
from gamebook.render.diagram import Words


def _evacuated():  # noqa: ANN202 - the engine and the state after Linkuriboh's return
    eng = engine("linkuriboh_evacuated")
    state, events = play_events(eng, ["B pass", "A activate evacuation.activate -> linkuriboh"])
    return eng, state, events


def test_r127_a_link_monster_returned_to_the_hand_goes_to_the_extra_deck() -> None:
    eng, state, events = _evacuated()
    assert state.monster("linkuriboh") is None
    assert state.hand == ()  # not in B's hand
    assert [(card.id, card.owner.value) for card in state.extra_deck] == [("linkuriboh", "B")]
    assert "returned_to_extra_deck" in kinds(events) and "returned_to_hand" not in kinds(events)
    assert "replay_caused" in kinds(events)  # it still left the defender's side (R39)


def test_r127_tragoedia_does_not_count_a_monster_in_the_extra_deck() -> None:
    _, state, _ = _evacuated()
    assert state.monster("tragoedia").stats.atk == 0  # '?' ATK, no card in B's hand


def test_r127_an_ending_shows_the_extra_deck_and_the_narration_says_so() -> None:
    eng, state, events = _evacuated()
    state, _ = play_events(eng, ["A stop_attack skull"], state)
    outcome = eng.outcome(state)
    assert [card.id for card in outcome.extra_deck] == ["linkuriboh"] and outcome.hand == ()
    written = outcome.to_json()
    assert list(written)[list(written).index("hand") + 1] == "extra_deck"
    instances = {instance: eng.situation.cards[card] for instance, card in eng.rules.instances}
    narrator = Narrator("en", instances, eng.owners)
    told = [narrator.event(ev) for ev in events if ev.kind == "returned_to_extra_deck"]
    assert told == ["Linkuriboh returns to the Extra Deck."]
    said = Words(narrator).outcome(outcome, {"A": 8000, "B": 8000}, ["linkuriboh"])
    assert "Linkuriboh back to the Extra Deck" in said
