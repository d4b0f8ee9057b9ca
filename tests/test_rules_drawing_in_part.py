"""A draw beside other effects (R163): Defense Draw applies its "no battle damage from that
battle" and tells its draw without making it; an effect that only draws is still refused
(R146)."""

from __future__ import annotations

from rules_helpers import B, engine, exploration, graveyard, kinds, offered, play_events

from gamebook.book.narrate import Narrator
from gamebook.rules.state import Step

DEFENSE_DRAW = "defense_draw_damage_calculation"


def _during_calculation():  # noqa: ANN202
    eng = engine(DEFENSE_DRAW)
    state, _ = play_events(eng, ["A pass"])
    while state.window.step is not Step.DURING_DAMAGE_CALCULATION \
            or eng.to_move(state) is not B:
        state, _ = play_events(eng, [f"{eng.to_move(state).value} pass"], state,
                               settle_end=False)
    return eng, state


def test_r163_defense_draw_is_offered_during_damage_calculation_only() -> None:
    eng, state = _during_calculation()
    assert offered(eng, state) == ["B activate defense_draw.activate", "B pass"]
    start = eng.start().state  # at the attack declaration it cannot be activated (R49)
    assert all(a.card != "defense_draw" for a in eng.legal_actions(start, every_card=True))


def test_r163_no_battle_damage_from_that_battle_and_the_draw_is_told_not_made() -> None:
    eng, state = _during_calculation()
    ending, events = play_events(eng, ["B activate defense_draw.activate"], state)
    skipped = [e for e in events if e.kind == "not_applied"]
    assert [(e.get("op"), e.get("why")) for e in skipped] == [("draw", "draw_not_modelled")]
    assert ending.lp == (8000, 8000) and ending.hand == ()  # no card drawn
    assert graveyard(ending) == {"defense_draw": "resolved", "leo": "destroyed_by_battle"}
    instances = {instance: eng.situation.cards[card] for instance, card in eng.rules.instances}
    told = Narrator("en", instances, eng.owners).event(skipped[0])
    assert told.startswith("No card is drawn: the order of the Deck is not known")
    said = [Narrator("en", instances, eng.owners).event(e) for e in events
            if e.kind == "player_ability"]
    assert said == ["Player B takes no battle damage from this battle."]
    assert "battle_damage" not in kinds(events)


def test_r163_two_endings_with_and_without_defense_draw() -> None:
    explored = exploration(DEFENSE_DRAW)
    lps = {explored.state(n).lp for n, data in explored.graph.nodes(data=True)
           if data["terminal"]}
    assert lps == {(8000, 8000), (8000, 6850)}
