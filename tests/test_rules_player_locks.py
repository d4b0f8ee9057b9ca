"""R176, R177: players who cannot activate, or cannot Set.

Ancient Gear Golem ("if this card attacks, your opponent cannot activate Spell/Trap Cards
until the end of the Damage Step") locks Player B from its attack declaration on: Mirror
Force cannot answer the declaration, and its ✘ line cites R176 and names the Golem; a
monster's effect (Kuriboh) stays free, and so does Player A; once the Golem's Damage Step is
over, Summoned Skull's attack may be answered again. Test Silence Trap's lock ("cannot
activate cards or effects" for the rest of the turn) lasts past the battle, and leaves a card
already on the chain alone. Test Set Ban ("your opponent cannot Set") leaves Dust Tornado's
player nothing to Set while it is face-up."""

from __future__ import annotations

import pytest
from rules_helpers import (
    A,
    B,
    graveyard,
    legal,
    note,
    pass_until,
    play,
    play_events,
    write_situation,
)

from gamebook.cards.library import load_card_file
from gamebook.cards.model import PlayerAbility
from gamebook.errors import InputError
from gamebook.rules.engine import Engine
from gamebook.rules.state import Step

SET = {"face_up": False, "set": "earlier_turn"}
GOLEM_ATTACKS = "A declare_attack golem -> elf"
SKULL_ATTACKS = "A declare_attack skull -> elf"


def _golem(tmp_path, *, a_cards: tuple[dict, ...] = (), start: dict | None = None,  # noqa: ANN001
           scope: str = "end_of_battle_phase") -> Engine:
    """A: Ancient Gear Golem, Summoned Skull (``a_cards`` Set); B: a Set Mystical Elf, a Set
    Mirror Force, Kuriboh in the hand."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "golem", "card": "ancient_gear_golem"},
                               {"id": "skull", "card": "summoned_skull"}],
                  "spell_traps": list(a_cards)},
            "B": {"monsters": [{"id": "elf", "card": "mystical_elf", "position": "defense",
                                "face_up": False}],
                  "spell_traps": [{"id": "mirror_force", "card": "mirror_force", **SET}],
                  "hand": [{"id": "kuriboh", "card": "kuriboh"}]},
        },
        "start": start or {"moment": "battle_step"},
        "scope": scope,
    }), "seed")


def test_r176_the_lock_starts_at_the_attack_declaration(tmp_path) -> None:
    eng = _golem(tmp_path)
    state = play(eng, [GOLEM_ATTACKS, "A pass"], settle_end=False)
    assert state.attack is not None and state.window.step is Step.BATTLE_STEP
    found = note(eng, state, "mirror_force", "activate")
    assert not found.legal
    assert (found.rule, found.reason, dict(found.args)) == (
        "player_activation_lock", "cannot_activate_spell_trap", {"by": "golem", "locked": "B"})
    assert "B activate mirror_force.activate" not in legal(eng, state)


def test_r176_a_monster_effect_stays_free_in_the_damage_step(tmp_path) -> None:
    eng = _golem(tmp_path)
    state = play(eng, [GOLEM_ATTACKS])
    state = pass_until(eng, state, lambda s: "B activate kuriboh.no_damage" in legal(eng, s))
    assert state.window.step is not Step.BATTLE_STEP  # the Damage Step, still the Golem's
    assert note(eng, state, "mirror_force", "activate").rule == "player_activation_lock"


def test_r176_the_lock_ends_with_the_damage_step_a_later_attack_is_free(tmp_path) -> None:
    eng = _golem(tmp_path)
    state = play(eng, [GOLEM_ATTACKS])
    state = pass_until(eng, state, lambda s: s.attack is None)
    assert graveyard(state) == {"elf": "destroyed_by_battle"}
    assert not eng.is_terminal(state)
    state = play(eng, ["A declare_attack skull", "A pass"], state, settle_end=False)
    assert note(eng, state, "mirror_force", "activate").legal


def test_r176_the_other_player_is_not_locked(tmp_path) -> None:
    mst = {"id": "mst", "card": "mystical_space_typhoon", **SET}
    eng = _golem(tmp_path, a_cards=(mst,))
    state = play(eng, [GOLEM_ATTACKS], settle_end=False)
    assert eng.to_move(state) is A
    assert "A activate mst.activate -> mirror_force" in legal(eng, state)


def test_r176_the_golem_locks_only_while_it_is_the_attacker(tmp_path) -> None:
    eng = _golem(tmp_path, start={"moment": "attack_declared", "attacker": "skull",
                                  "target": "elf"})
    state = play(eng, ["A pass"], settle_end=False)
    assert note(eng, state, "mirror_force", "activate").legal


SILENCE = {"id": "silence", "card": "test_silence_trap", **SET}


def test_r176_a_card_already_on_the_chain_resolves_and_the_turn_lock_lasts(tmp_path) -> None:
    """Mirror Force on the chain when the lock comes still resolves (the lock forbids
    activating, not what was activated); the lock then lasts the rest of the turn."""
    eng = _golem(tmp_path, a_cards=(SILENCE,), start={
        "moment": "attack_declared", "attacker": "skull", "target": "elf"})
    state, events = play_events(eng, ["A pass", "B activate mirror_force.activate",
                                      "A activate silence.activate"])
    assert state.has_ability(B, PlayerAbility.CANNOT_ACTIVATE)
    assert {"golem", "skull", "mirror_force"} <= set(graveyard(state))


def test_r176_cannot_activate_for_the_turn_forbids_a_monster_effect_too(tmp_path) -> None:
    eng = _golem(tmp_path, a_cards=(SILENCE,))
    state = play(eng, ["A activate silence.activate"])
    state = pass_until(eng, state, lambda s: not s.chain
                       and s.has_ability(B, PlayerAbility.CANNOT_ACTIVATE))
    state = play(eng, [SKULL_ATTACKS, "A pass"], state, settle_end=False)
    for card, effect in (("mirror_force", "activate"), ("kuriboh", "no_damage")):
        found = note(eng, state, card, effect)
        assert (found.rule, found.reason, dict(found.args)) == (
            "player_activation_lock", "cannot_activate_this_turn", {"locked": "B"})
    assert state.has_ability(B, PlayerAbility.CANNOT_ACTIVATE)  # still, in a later attack


def test_r176_a_golem_whose_effects_are_negated_locks_nobody(tmp_path) -> None:  # noqa: ANN001
    # B's face-up Skill Drain negates the Golem's effects on the field, the lock too (R109)
    drain = {"id": "drain", "card": "skill_drain", "face_up": True}
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "golem", "card": "ancient_gear_golem"}]},
            "B": {"monsters": [{"id": "elf", "card": "mystical_elf", "position": "defense",
                                "face_up": False}],
                  "spell_traps": [{"id": "mirror_force", "card": "mirror_force", **SET},
                                  drain]}},
        "start": {"moment": "battle_step"}, "scope": "end_of_battle"}), "seed")
    state = play(eng, [GOLEM_ATTACKS, "A pass"], settle_end=False)
    assert "B activate mirror_force.activate" in legal(eng, state)


def test_r177_a_player_who_cannot_set_sets_nothing_in_main_phase_1(tmp_path) -> None:  # noqa: ANN001
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                  "hand": [{"id": "mst", "card": "mystical_space_typhoon"}]},
            "B": {"spell_traps": [{"id": "ban", "card": "test_set_ban", "face_up": True}]}},
        "start": {"moment": "main_phase_1"}, "scope": "end_of_main_phase_1"}), "seed")
    assert not any("set_spell_trap" in action for action in legal(eng, eng.start().state))


def _tornado(tmp_path, *, ban_face_up: bool = True) -> Engine:  # noqa: ANN001
    """tests/situations/dust_tornado_set.yaml with A's face-up Test Set Ban beside the MST."""
    ban = {"id": "ban", "card": "test_set_ban", "face_up": ban_face_up}
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                  "spell_traps": [{"id": "mst", "card": "mystical_space_typhoon", **SET}, ban]},
            "B": {"monsters": [{"id": "elf", "card": "mystical_elf", "position": "defense"}],
                  "spell_traps": [{"id": "tornado", "card": "dust_tornado", **SET}],
                  "hand": [{"id": "mirror_force", "card": "mirror_force"},
                           {"id": "waboku", "card": "waboku"}]},
        },
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle",
    }), "seed")


def test_r177_a_player_who_cannot_set_is_offered_nothing_to_set(tmp_path) -> None:
    eng = _tornado(tmp_path)
    state, events = play_events(eng, ["A pass", "B activate tornado.activate -> mst", "A pass"])
    assert not any(line.startswith("B select") for line in legal(eng, state))
    assert [e.get("why") for e in events if e.kind == "not_applied"] == ["cannot_set"]
    assert state.spell_trap("mst") is None
    assert {card.id for card in state.hand} == {"mirror_force", "waboku"}


def test_r177_destroying_the_card_that_locks_lets_the_player_set(tmp_path) -> None:
    eng = _tornado(tmp_path)
    state = play(eng, ["A pass", "B activate tornado.activate -> ban", "A pass"])
    assert "B select tornado.activate -> waboku" in legal(eng, state)


@pytest.mark.parametrize(("effect", "line", "message"), [
    ({"id": "lock", "kind": "trigger", "event": "attack_declared",
      "grants_opponent": ["cannot_activate_spell_trap"]},
     "grants_opponent", "grants_opponent is a continuous effect"),
    ({"id": "lock", "kind": "continuous", "conditions": ["attack_target_is_monster"],
      "grants_opponent": ["cannot_activate_spell_trap"]},
     "conditions", "attack_target_is_monster: the engine does not read it"),
    ({"id": "lock", "kind": "quick", "restricts": ["cannot_activate"],
      "resolution": [{"op": "gain_lp", "player": "you", "amount": 100}]},
     "restricts", "cannot_activate under restricts"),
])
def test_r176_lock_words_where_they_would_be_ignored_are_refused_at_their_line(
        tmp_path, effect: dict, line: str, message: str) -> None:  # noqa: ANN001
    import yaml

    path = tmp_path / "test_bad_lock.yaml"
    path.write_text(yaml.safe_dump({
        "id": "test_bad_lock", "names": {"en": "Test Bad Lock"}, "card_type": "monster",
        "frame": "effect", "level": 4, "atk": 1000, "defense": 1000, "effects": [effect]},
        sort_keys=False), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_card_file(path)
    assert message in str(caught.value) and line in str(caught.value)
