"""R133: a card sent to the GY is an event for that card; R134: a card placed on top of the
Deck. Axe of Despair ("When this card is sent from the field to the GY: you can Tribute 1
monster; place this card on top of your Deck") and the invented Test Grave Spirit ("If this
card is sent to the GY: you can gain 500 LP")."""

from __future__ import annotations

from rules_helpers import (
    first,
    graveyard,
    kinds,
    legal,
    pass_until,
    play_events,
    run_out,
    write_situation,
)

from gamebook.cards.model import EventName
from gamebook.rules.engine import Engine

AXE = "A activate axe.to_deck paying kuriboh"


def _axe(tmp_path, *, b_monster: str = "mystical_elf", b_traps: tuple[str, ...] = (),  # noqa: ANN001
         a_monster: str = "summoned_skull", tribute: str | None = "kuriboh",
         a_traps: tuple[dict, ...] = ()) -> Engine:
    """A's ``a_monster`` equipped with Axe of Despair has declared an attack on B's
    ``b_monster``; A also has ``tribute`` in Defense Position, B the Set ``b_traps``."""
    monsters = [{"id": "attacker", "card": a_monster}]
    if tribute is not None:
        monsters.append({"id": tribute, "card": tribute, "position": "defense"})
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": monsters,
                  "spell_traps": [{"id": "axe", "card": "axe_of_despair", "face_up": True,
                                   "equipped_to": "attacker"}, *a_traps]},
            "B": {"monsters": [{"id": "defender", "card": b_monster}],
                  "spell_traps": [{"id": trap, "card": trap, "face_up": False,
                                   "set": "earlier_turn"} for trap in b_traps]}},
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "defender"},
        "scope": "end_of_battle"}), "seed")


ARMOR = "B activate sakuretsu_armor.activate -> attacker"


def test_r133_axe_of_despair_sent_with_its_monster_may_place_itself_on_the_deck(tmp_path):
    eng = _axe(tmp_path, b_traps=("sakuretsu_armor",))
    state, events = play_events(eng, ["A pass", ARMOR, "A pass", "B pass"])
    assert graveyard(state)["axe"] == "unequipped"
    assert AXE in legal(eng, state)  # once the chain is over, from the GY
    state, events = play_events(eng, [AXE, "B pass", "A pass"], state)
    assert first(events, "placed_on_deck").card == "axe"  # R134
    assert "axe" not in graveyard(state) and state.in_deck("axe") is not None
    assert graveyard(state)["kuriboh"] == "tributed"  # the cost


def test_r133_axe_of_despair_may_decline(tmp_path):
    eng = _axe(tmp_path, b_traps=("sakuretsu_armor",))
    state, _ = run_out(eng, ["A pass", ARMOR, "A pass", "B pass", "A pass"])
    assert "axe" in graveyard(state) and state.in_deck("axe") is None


def test_r133_a_when_trigger_misses_the_timing_when_a_later_link_resolved_after(tmp_path):
    # Threatening Roar (c1) resolves after Sakuretsu Armor (c2): the last thing to happen
    eng = _axe(tmp_path, b_traps=("threatening_roar", "sakuretsu_armor"))
    state, events = play_events(eng, ["A pass", "B activate threatening_roar.activate",
                                      "A pass", ARMOR, "A pass", "B pass"])
    missed = first(events, "missed_timing")
    assert missed.get("effects") == ("axe.to_deck",)
    assert AXE not in legal(eng, state)


def test_r133_no_trigger_without_a_monster_to_tribute(tmp_path):
    eng = _axe(tmp_path, b_traps=("sakuretsu_armor",), tribute=None)
    state, events = play_events(eng, ["A pass", ARMOR, "A pass", "B pass"])
    assert "axe" in graveyard(state)
    assert not any(a.startswith("A activate axe") for a in legal(eng, state))
    assert state.window.triggers == ()


def test_r133_an_equipped_monster_destroyed_by_battle_sends_the_axe_at_the_end_of_the_damage_step(
        tmp_path):
    # Kuriboh 300 + 1000 = 1300 attacks Leo Wizard (1350 ATK): Kuriboh is destroyed by battle
    eng = _axe(tmp_path, b_monster="leo_wizard", a_monster="kuriboh", tribute="summoned_skull")
    axe = "A activate axe.to_deck paying summoned_skull"
    state = pass_until(eng, eng.start().state, lambda state: axe in legal(eng, state))
    assert state.window.step.value == "end_of_damage_step"  # R:end_of_damage_step
    assert graveyard(state)["attacker"] == "destroyed_by_battle"


def _raigeki_break(tmp_path, held: str) -> Engine:  # noqa: ANN001
    """Summoned Skull attacks; B holds ``held`` and has Raigeki Break Set (discard 1 card)."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "attacker", "card": "summoned_skull"},
                                       {"id": "kuriboh", "card": "kuriboh"}]},
                    "B": {"monsters": [{"id": "defender", "card": "mystical_elf"}],
                          "hand": [{"id": "held", "card": held}],
                          "spell_traps": [{"id": "break", "card": "raigeki_break",
                                           "face_up": False, "set": "earlier_turn"}]}},
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "defender"},
        "scope": "end_of_battle"}), "seed")


def test_r133_a_card_sent_from_the_hand_does_not_answer_from_the_field(tmp_path):
    # Axe of Despair discarded for Raigeki Break: sent to the GY, not from the field
    eng = _raigeki_break(tmp_path, "axe_of_despair")
    state, events = play_events(eng, ["A pass", "B activate break.activate paying held -> kuriboh",
                                      "A pass", "B pass"])
    assert graveyard(state)["held"] == "discarded"
    assert not any("held.to_deck" in a for a in legal(eng, state))


def test_r133_an_if_trigger_answers_a_discard_as_a_cost_after_the_chain(tmp_path):
    eng = _raigeki_break(tmp_path, "test_grave_spirit")
    state, events = play_events(eng, [
        "A pass", "B activate break.activate paying held -> attacker", "A pass", "B pass"])
    # an "if" trigger does not miss the timing: the cost was not the last thing to happen
    assert "missed_timing" not in kinds(events)
    state, events = play_events(eng, ["B activate held.heal", "A pass", "B pass"], state)
    assert state.lp == (8000, 8500)


def test_r133_the_event_is_remembered_only_where_a_card_answers_it(tmp_path):
    eng = _axe(tmp_path, b_traps=("sakuretsu_armor",))
    state, _ = play_events(eng, ["A pass", ARMOR, "A pass"], settle_end=False)
    state, _ = play_events(eng, ["B pass"], state, settle_end=False)
    window = state.window  # the Skull went to the GY too; only the Axe answers its own sending
    assert EventName.SENT_FROM_FIELD_TO_GRAVEYARD in (window.event, *window.also)
    assert [t.card for t in window.triggers] == ["axe"]
    without = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "attacker", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "defender", "card": "mystical_elf"}]}},
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "defender"},
        "scope": "end_of_battle"}), "seed")
    assert without.rules.hooks.sent_to_graveyard == ()  # nothing to remember, nothing asked
    assert eng.rules.hooks.sent_to_graveyard != ()


def test_r134_a_locked_gy_keeps_axe_of_despair(tmp_path):
    eng = _axe(tmp_path, b_traps=("sakuretsu_armor",), a_traps=(
        {"id": "valley", "card": "necrovalley", "face_up": True},))
    state, _ = play_events(eng, ["A pass", ARMOR, "A pass", "B pass"])
    state, events = play_events(eng, [AXE, "B pass", "A pass"], state)
    assert first(events, "no_effect").get("why") == "graveyard_locked"
    assert "axe" in graveyard(state)
