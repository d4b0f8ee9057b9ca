"""R153-R155: conditions that count cards, amounts that count cards, and selection filters,
written in the expression language of card files and read from the game by the engine
(gamebook.rules.expressions). Needle Ceiling, Wall of Disruption and Gift of The Mystical
Elf; the same situations are in tests/situations/ and equal to EDOPro."""

from __future__ import annotations

import pytest
from rules_helpers import A, B, forbidden_by, legal, play_events, run_out, write_situation

from gamebook.rules.engine import Engine
from gamebook.rules.expressions import amount_now, card_matches, condition_holds


def _engine(tmp_path, mine: list[dict], theirs: list[dict], traps: list[dict]) -> Engine:  # noqa: ANN001
    """Summoned Skull of A has declared an attack on Mystical Elf of B (in ``theirs``)."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}, *mine]},
                    "B": {"monsters": theirs,
                          "spell_traps": [{**trap, "face_up": False, "set": "earlier_turn"}
                                          for trap in traps]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle",
    }), "seed")


LEO = {"id": "leo", "card": "leo_wizard"}
ELF = {"id": "elf", "card": "mystical_elf", "position": "defense"}
BUG = {"id": "bug", "card": "man_eater_bug", "position": "defense", "face_up": False}
CEILING = {"id": "ceiling", "card": "needle_ceiling"}


def test_r153_a_counted_condition_counts_face_down_monsters_when_activating(tmp_path) -> None:
    eng = _engine(tmp_path, [LEO], [ELF, BUG], [CEILING])
    state, _ = play_events(eng, ["A pass"], settle_end=False)
    assert "B activate ceiling.activate" in legal(eng, state)
    state, _ = run_out(eng, ["A pass", "B activate ceiling.activate"])
    assert {card.id for card in state.graveyard} >= {"skull", "leo", "elf"}
    assert state.monster("bug") is not None and not state.monster("bug").face_up


def test_r153_with_three_monsters_the_card_cannot_be_activated(tmp_path) -> None:
    eng = _engine(tmp_path, [LEO], [ELF], [CEILING])
    state, _ = play_events(eng, ["A pass"], settle_end=False)
    assert "B activate ceiling.activate" not in legal(eng, state)
    assert forbidden_by(eng, state, "ceiling", "activate") == "counted_conditions"


def test_r153_the_condition_is_not_checked_again_at_resolution(tmp_path) -> None:
    """Mirror Force, chained above, destroys two of the four monsters first: Needle Ceiling
    still destroys the face-up monster left (its text does not say "to activate and to
    resolve")."""
    eng = _engine(tmp_path, [LEO], [ELF, BUG], [CEILING, {"id": "mf", "card": "mirror_force"}])
    state, _ = run_out(eng, ["A pass", "B activate ceiling.activate", "A pass",
                             "B activate mf.activate"])
    assert {card.id for card in state.graveyard} >= {"skull", "leo", "elf"}


def test_r154_an_amount_is_counted_as_the_effect_resolves(tmp_path) -> None:
    """Gift of The Mystical Elf below Mirror Force counts one monster, not two."""
    eng = _engine(tmp_path, [], [{"id": "elf", "card": "mystical_elf"}],
                  [{"id": "gift", "card": "gift_of_the_mystical_elf"},
                   {"id": "mf", "card": "mirror_force"}])
    state, _ = run_out(eng, ["A pass", "B activate gift.activate", "A pass",
                             "B activate mf.activate"])
    assert state.lp == (8000, 8300)
    state, _ = run_out(eng, ["A pass", "B activate gift.activate"])
    assert state.life(B) == 8600 - 1700  # two monsters counted, then the battle


def test_r154_wall_of_disruption_lowers_each_attack_position_monster(tmp_path) -> None:
    eng = _engine(tmp_path, [LEO, {"id": "tomato", "card": "mystic_tomato",
                                   "position": "defense"}],
                  [{"id": "elf", "card": "mystical_elf"}],
                  [{"id": "wall", "card": "wall_of_disruption"}])
    state, _ = run_out(eng, ["A pass", "B activate wall.activate"])
    # three monsters of A: 2400 less each; Defense Position Mystic Tomato keeps its ATK, and
    # Summoned Skull (100) is destroyed by Mystical Elf (800)
    assert "skull" in {card.id for card in state.graveyard}
    assert state.monster("leo").stats.atk == 0
    assert state.monster("tomato").stats.atk == 1400
    assert state.lp == (8000 - 700, 8000)


def test_r154_r155_amounts_and_filters_read_the_board(tmp_path) -> None:
    eng = _engine(tmp_path, [LEO], [ELF, BUG], [])
    rules, state = eng.rules, eng.initial_state()
    assert amount_now(rules, state, B, "elf", "300 * count(monsters)") == 1200
    assert amount_now(rules, state, B, "elf", "count(monsters, opponent)") == 2
    assert amount_now(rules, state, B, "elf", "difference(atk(attacker), 3000)") == 500
    assert amount_now(rules, state, B, "elf", "atk(attacker) / 3") == 833  # 833.3…
    assert amount_now(rules, state, B, "elf", "5 / 2") == 3  # half up (R76)
    assert condition_holds(rules, state, B, "elf",
                           "count(monsters, opponent) > count(monsters, you, face_up)")
    assert not condition_holds(rules, state, A, "skull", "lp(you) < lp(opponent)")


@pytest.mark.parametrize(("instance", "where", "matches"), [
    ("elf", "type == spellcaster and attribute == light", True),
    ("elf", "level in 1..4 and def >= 2000 and normal_monster", True),
    ("elf", "not self", False),  # the effect's own card is elf here
    ("skull", "not self and atk >= 2500 and attack_position", True),
    ("skull", "effect_monster or extra_deck_monster", False),
    ("leo", "name == leo_wizard", True),
    ("bug", "face_down and defense_position", True),
    ("bug", "type == insect", False),  # a face-down monster shows no Type (R155) …
    ("bug", "not type == insect", False),  # … nor its opposite
    ("bug", "face_up or type == insect", False),
    ("bug", "face_down or type == insect", True),
])
def test_r155_a_filter_reads_only_what_a_card_shows(tmp_path, instance, where, matches) -> None:  # noqa: ANN001
    eng = _engine(tmp_path, [LEO], [ELF, BUG], [])
    assert card_matches(eng.rules, eng.initial_state(), B, "elf", instance, where) is matches


def _toll(tmp_path, lp: int) -> Engine:  # noqa: ANN001
    """Summoned Skull (2500) and Gemini Elf (1900, Level 4) and a Level 6 Summoned Skull of A;
    B has a Set Test Toll Trap and ``lp`` LP."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"},
                                       {"id": "skull2", "card": "summoned_skull"},
                                       {"id": "gemini", "card": "gemini_elf"}]},
                    "B": {"lp": lp, "monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [{"id": "toll", "card": "test_toll_trap",
                                           "face_up": False, "set": "earlier_turn"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle",
    }), "seed")


def test_r154_r155_a_cost_a_target_and_an_amount_written_as_expressions(tmp_path) -> None:
    eng = _toll(tmp_path, 8000)
    state, _ = play_events(eng, ["A pass"], settle_end=False)
    # only the other Summoned Skull: Gemini Elf is Level 4, the attacker is attacking
    assert [m for m in legal(eng, state) if m.startswith("B activate toll")] == \
        ["B activate toll.activate -> skull2"]
    state, events = play_events(eng, ["A pass", "B activate toll.activate -> skull2"],
                                settle_end=False)
    assert state.life(B) == 8000 - 3000  # three monsters of A: 3000 LP paid at activation
    state, _ = run_out(eng, ["A pass", "B activate toll.activate -> skull2"])
    assert "skull2" in {card.id for card in state.graveyard}
    assert state.life(A) == 8000  # the difference of 2500 and 2500 is 0


def test_r154_a_cost_worked_out_from_the_board_cannot_be_paid_without_the_lp(tmp_path) -> None:
    eng = _toll(tmp_path, 2500)
    state, _ = play_events(eng, ["A pass"], settle_end=False)
    assert not any(m.startswith("B activate toll") for m in legal(eng, state))
