"""Costs at activation (R16), last-in-first-out resolution (R17) and effects whose object
is gone (R18)."""

from __future__ import annotations

from rules_helpers import engine, graveyard, kinds, monster, play, play_events

from gamebook.rules.state import WindowKind

# -- R16 -------------------------------------------------------------------------------------


def test_r16_linkuriboh_leaves_the_field_the_moment_its_effect_is_activated() -> None:
    eng = engine()
    state, events = play_events(eng, ["A pass", "B activate linkuriboh.zero_atk"],
                                settle_end=False)
    assert state.chain and state.monster("linkuriboh") is None
    assert graveyard(state) == {"linkuriboh": "tributed"}
    assert kinds(events)[-4:] == ["activate", "left_field", "sent_to_gy", "replay_caused"]


def test_r16_the_cost_is_paid_before_the_opponent_can_respond() -> None:
    eng = engine()
    state = play(eng, ["A activate borrelsword.atk_gain", "B activate linkuriboh.zero_atk"],
                 settle_end=False)
    assert eng.to_move(state).value == "A"
    assert state.monster("linkuriboh") is None
    assert monster(state, "borrelsword").stats.atk == 3000  # nothing has resolved yet


# -- R17 -------------------------------------------------------------------------------------

def test_r17_the_chain_resolves_last_link_first() -> None:
    eng = engine()
    _, events = play_events(eng, ["A activate borrelsword.atk_gain",
                                  "B activate linkuriboh.zero_atk",
                                  "A activate borrelsword.position_change -> leo_wizard"])
    order = [(e.card, e.effect, e.get("link")) for e in events if e.kind == "resolve"]
    assert order == [("borrelsword", "position_change", 3), ("linkuriboh", "zero_atk", 2),
                     ("borrelsword", "atk_gain", 1)]


def test_r17_the_whole_chain_resolves_in_one_step_and_nobody_acts_in_between() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B activate threatening_roar.activate",
                       "A activate borrelsword.position_change -> leo_wizard"], settle_end=False)
    assert len(state.chain) == 2
    state, events = play_events(eng, ["B pass", "A pass"], state, settle_end=False)
    assert state.chain == ()
    assert kinds(events).count("resolve") == 2
    assert "activate" not in kinds(events)
    assert state.window.kind is WindowKind.OPEN


def test_r17_after_resolution_each_effect_has_applied_in_reverse_order() -> None:
    eng = engine()
    state = play(eng, ["A pass", "B activate threatening_roar.activate",
                       "A activate borrelsword.position_change -> leo_wizard"])
    # c2 (switch-to-DEF) granted the second attack, then c1 (Roar) forbade declarations.
    assert dict(state.extra_attacks) == {"borrelsword": 1}
    assert state.cannot_declare_attacks == {state.turn_player}
    assert monster(state, "leo_wizard").position.value == "defense"


# -- R18 -------------------------------------------------------------------------------------

def test_r18_borrelsword_gains_nothing_when_the_attacked_linkuriboh_has_left_the_field() -> None:
    eng = engine()
    state, events = play_events(eng, ["A activate borrelsword.atk_gain",
                                      "B activate linkuriboh.zero_atk", "A pass", "B pass"])
    assert monster(state, "borrelsword").stats.atk == 0  # only Linkuriboh's effect applied
    atk_gain = [e for e in events if e.effect == "atk_gain" and e.kind in
                ("not_applied", "no_effect")]
    assert [(e.kind, e.get("why")) for e in atk_gain] == [
        ("not_applied", "left_field"), ("not_applied", "previous_not_applied"),
        ("no_effect", None)]


def test_r18_the_and_if_it_does_part_is_not_applied_when_the_first_part_was_not() -> None:
    eng = engine()
    _, events = play_events(eng, ["A activate borrelsword.atk_gain",
                                  "B activate linkuriboh.zero_atk", "A pass", "B pass"])
    halving = [e for e in events if e.get("op") == "halve_atk"]
    assert [e.kind for e in halving] == ["not_applied"]
    assert not [e for e in events if e.kind == "atk_changed" and e.get("op") == "halve_atk"]


def test_r18_with_its_object_still_there_the_atk_effect_applies_in_full() -> None:
    eng = engine()
    state = play(eng, ["A activate borrelsword.atk_gain", "B pass", "A pass"])
    assert monster(state, "borrelsword").stats.atk == 3150
    assert monster(state, "linkuriboh").stats.atk == 150


def test_r18_an_effect_resolving_after_linkuriboh_set_atk_to_0_uses_the_current_values(
        ) -> None:
    # Borrelsword attacks Leo Wizard: c1 ATK effect, c2 Linkuriboh (Borrelsword's ATK -> 0);
    # c1 then finds Leo Wizard still there and applies: 0 + 675, Leo Wizard 1350 -> 675.
    eng = engine("borrelsword_attacks_leo")
    state = play(eng, ["A activate borrelsword.atk_gain", "B activate linkuriboh.zero_atk",
                       "A pass", "B pass"])
    assert monster(state, "borrelsword").stats.atk == 675
    assert monster(state, "leo_wizard").stats.atk == 675
