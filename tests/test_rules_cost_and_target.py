"""A cost chosen at activation together with a target (R16, R113): the cost is paid first,
then the target chosen among the cards still there; both are part of the activation."""

from __future__ import annotations

from rules_helpers import ROOT, A, B, graveyard, legal, play_events, run_out, write_situation

from gamebook.rules.actions import Action, ActionKind
from gamebook.rules.engine import Engine
from gamebook.situation import load_situation

RAIGEKI = "B activate raigeki_break.activate paying {cost} -> {target}"


def _raigeki() -> Engine:
    return Engine(load_situation(ROOT / "examples" / "raigeki_break_kuriboh.yaml"))


def test_r113_raigeki_break_offers_every_cost_with_every_target_but_itself() -> None:
    eng = _raigeki()
    state, _ = play_events(eng, [], settle_end=True)
    offered = [text for text in legal(eng, state) if "raigeki_break" in text]
    assert offered == [RAIGEKI.format(cost=cost, target=target)
                       for cost in ("gemini_elf", "kuriboh")
                       for target in ("summoned_skull", "trap_jammer")]


def test_r113_the_cost_is_paid_at_activation_and_the_target_is_kept_on_the_link() -> None:
    eng = _raigeki()
    state, events = play_events(eng, [RAIGEKI.format(cost="kuriboh", target="summoned_skull")],
                                settle_end=False)
    assert graveyard(state)["kuriboh"] == "discarded"  # before anyone can respond (R16)
    link = state.chain[-1]
    assert link.target == "summoned_skull"
    activation = next(e for e in events if e.kind == "activate")
    assert activation.target == "summoned_skull" and activation.get("cost_first")
    assert [e.kind for e in events].index("activate") < [e.kind for e in events].index(
        "discarded")


def test_r113_discarding_kuriboh_leaves_no_answer_when_raigeki_break_is_negated() -> None:
    eng = _raigeki()
    state, _ = run_out(eng, [RAIGEKI.format(cost="kuriboh", target="summoned_skull"),
                             "A activate trap_jammer.activate"])
    assert state.life(B) == 0  # the direct attack went through: nothing left to discard
    eng = _raigeki()
    state, _ = run_out(eng, [RAIGEKI.format(cost="gemini_elf", target="summoned_skull"),
                             "A activate trap_jammer.activate",
                             "B activate kuriboh.no_damage"])
    assert state.life(B) == 2000


def test_r113_raigeki_break_destroys_the_attacker_and_the_attack_ends() -> None:
    eng = _raigeki()
    state, _ = run_out(eng, [RAIGEKI.format(cost="gemini_elf", target="summoned_skull"),
                             "A pass"])
    assert graveyard(state)["summoned_skull"] == "destroyed"
    assert state.life(B) == 2000 and state.in_hand("kuriboh") is not None


def test_r113_a_card_the_cost_sent_away_cannot_be_the_target(tmp_path) -> None:
    situation = write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "giant", "card": _card("giant")}]},
            "B": {"monsters": [{"id": "pebble", "card": _card("pebble")},
                               {"id": "wall", "card": _card("sturdy_wall")}],
                  "spell_traps": [{"id": "striker", "card": _card("tribute_striker")}]}},
        "start": {"moment": "attack_declared", "attacker": "giant", "target": "wall"},
        "scope": "end_of_battle"})
    eng = Engine(situation)
    state, _ = play_events(eng, [], settle_end=True)
    assert state.window.priority is B
    choices = {(a.cost, a.target) for a in eng.legal_actions(state, every_card=True)
               if a.kind is ActionKind.ACTIVATE and a.card == "striker"}
    assert ("pebble", "pebble") not in choices and ("wall", "wall") not in choices
    assert {("pebble", "wall"), ("pebble", "giant"), ("wall", "pebble"),
            ("wall", "giant")} <= choices


def test_r113_an_action_with_a_cost_and_a_target_reads_back_from_its_text() -> None:
    action = Action(ActionKind.ACTIVATE, A, "raigeki_break", "activate", "summoned_skull",
                    "kuriboh")
    assert str(action) == "A activate raigeki_break.activate paying kuriboh -> summoned_skull"
    assert Action.parse(str(action)) == action


def _card(name: str) -> str:
    return f"test_{name}"
