"""Triggers of cards destroyed during a chain or a battle (R19, R52, R64).

"When this card is destroyed" is activated once the chain (or the Damage Step) that
destroyed the card is over, from where the card went: the GY, or, for a Token, nowhere: an
Ojama Token has vanished (R64), yet its controller still takes 300 damage. Situations
``ojama_tokens_attacked`` (Summoned Skull may attack a Token that A's Ojama Trio gave B) and
``ojama_tokens_destroyed_by_effect`` (B destroys a Token with a free-chain Test Destroy Trap).
"""

from __future__ import annotations

from rules_helpers import A, B, engine, first, kinds, play_events

from gamebook.rules.state import Step, WindowKind

TOKEN = "ojama_trio_ojama_token_1"
OJAMA = "A activate ojama_trio.activate"


def _tokens(name: str):  # noqa: ANN202 - (engine, state) after the Tokens have appeared
    eng = engine(name)
    state, _ = play_events(eng, [OJAMA, "B pass", "A pass"])
    return eng, state


def test_r64_ojama_trio_gives_the_opponent_three_ojama_tokens() -> None:
    eng, state = _tokens("ojama_tokens_attacked")
    tokens = [m for m in state.monsters if m.card == "ojama_token"]
    assert len(tokens) == 3 and {m.controller for m in tokens} == {B}


def test_r52_a_token_destroyed_by_battle_deals_its_300_after_the_damage_step() -> None:
    eng, state = _tokens("ojama_tokens_attacked")
    state, events = play_events(eng, [f"A declare_attack summoned_skull -> {TOKEN}"], state)
    assert "token_vanished" in kinds(events)
    # The Token is gone, but its mandatory trigger waits in the end-of-Damage-Step window.
    assert state.monster(TOKEN) is None
    assert (state.window.kind, state.window.step) == (WindowKind.EVENT, Step.END_OF_DAMAGE_STEP)
    assert f"B activate {TOKEN}.damage" in [str(a) for a in eng.legal_actions(state)]
    assert all(a.kind.value != "pass" for a in eng.legal_actions(state))  # mandatory (R10)
    state, events = play_events(eng, [f"B activate {TOKEN}.damage"], state)
    damage = first(events, "effect_damage")
    assert (damage.player, damage.get("amount")) == (B, 300) and state.life(B) == 7700


def test_r19_a_token_destroyed_by_a_card_effect_triggers_once_the_chain_has_resolved() -> None:
    eng, state = _tokens("ojama_tokens_destroyed_by_effect")
    state, events = play_events(eng, ["A pass", f"B activate test_destroy_trap.activate -> {TOKEN}",
                                      "A pass", "B pass"], state)
    assert "token_vanished" in kinds(events) and "effect_damage" not in kinds(events)
    # A new chain: its trigger is placed by SEGOC in an event window, turn player first.
    assert state.window.kind is WindowKind.EVENT and state.window.step is Step.BATTLE_STEP
    assert [t.card for t in state.window.triggers] == [TOKEN]
    state, events = play_events(eng, [f"B activate {TOKEN}.damage"], state)
    assert first(events, "effect_damage").get("amount") == 300 and state.life(B) == 7700
    assert state.window.kind is WindowKind.OPEN and eng.to_move(state) is A  # R12


def test_r19_the_trigger_of_a_destroyed_card_is_activated_once_only() -> None:
    eng, state = _tokens("ojama_tokens_destroyed_by_effect")
    state, _ = play_events(eng, ["A pass", f"B activate test_destroy_trap.activate -> {TOKEN}",
                                 "A pass", "B pass", f"B activate {TOKEN}.damage"], state)
    assert not state.vanished and all(name.value != "destroyed" for name, _ in state.happened)
    state, events = play_events(eng, ["A pass", "B pass"], state)  # to the End Step
    assert "effect_damage" not in kinds(events)
