"""R122: Mirror Wall halves the ATK of each of the opponent's attacking monsters while it is
face-up: from the attack declaration on, after the battle too, not a second time; the
monster attacking when its activation resolves is halved then; a monster that has not
attacked is not; the halving ends when the Trap leaves the field."""

from __future__ import annotations

from rules_helpers import first, monster, pass_until, play, play_events, write_situation

from gamebook.rules.engine import Engine

WALL_UP = {"id": "wall", "card": "mirror_wall", "face_up": True}
WALL_SET = {"id": "wall", "card": "mirror_wall", "face_up": False, "set": "earlier_turn"}


def _engine(tmp_path, wall: dict, *, start: dict | None = None,  # noqa: ANN001
            b_cards: tuple[dict, ...] = ()) -> Engine:
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"},
                                       {"id": "elf", "card": "gemini_elf"}]},
                    "B": {"monsters": [{"id": "leo", "card": "leo_wizard"}],
                          "spell_traps": [wall, *b_cards]}},
        "start": start or {"moment": "battle_step"},
        "scope": "end_of_battle_phase",
    }), "seed")


def test_r122_the_attacker_is_halved_from_its_declaration(tmp_path) -> None:
    eng = _engine(tmp_path, WALL_UP)
    state, events = play_events(eng, ["A declare_attack skull -> leo"], settle_end=False)
    assert monster(state, "skull").stats.atk == 1250
    changed = first(events, "continuous_atk")
    assert (changed.card, changed.get("before"), changed.get("after")) == ("skull", 2500, 1250)
    assert monster(state, "elf").stats.atk == 1900  # it has not attacked


def test_r122_the_halved_attacker_loses_the_battle(tmp_path) -> None:
    state = play(_engine(tmp_path, WALL_UP), ["A declare_attack skull -> leo"])
    assert state.lp == (8000 - 100, 8000)  # 1250 against 1350
    assert state.monster("skull") is None and state.monster("leo") is not None


def test_r122_a_set_mirror_wall_halves_the_attacker_once_its_activation_resolves(
        tmp_path) -> None:
    eng = _engine(tmp_path, WALL_SET,
                  start={"moment": "attack_declared", "attacker": "skull", "target": "leo"})
    assert monster(eng.start().state, "skull").stats.atk == 2500
    state, events = play_events(eng, ["A pass", "B activate wall.activate"])
    changed = first(events, "continuous_atk")
    assert (changed.card, changed.get("after")) == ("skull", 1250)
    assert state.lp == (8000 - 100, 8000)  # 1250 against Leo Wizard's 1350


def test_r122_the_halving_stays_after_the_battle(tmp_path) -> None:
    # Summoned Skull, halved to 1250, destroys Leo Wizard in Defense Position (DEF 1200) and
    # is still halved in the Battle Step after that battle
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "leo", "card": "leo_wizard",
                                        "position": "defense"}],
                          "spell_traps": [WALL_UP]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "leo"},
        "scope": "end_of_battle_phase",
    }), "seed")
    state = pass_until(eng, eng.start().state, lambda s: s.attack is None)
    assert state.monster("leo") is None
    assert monster(state, "skull").stats.atk == 1250
    assert state.lp == (8000, 8000)


def test_r122_the_halving_ends_when_mirror_wall_leaves_the_field(tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": [{"id": "mst", "card": "mystical_space_typhoon",
                                           "face_up": False, "set": "earlier_turn"}]},
                    "B": {"monsters": [{"id": "leo", "card": "leo_wizard"}],
                          "spell_traps": [WALL_UP]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "leo"},
        "scope": "end_of_battle",
    }), "seed")
    assert monster(eng.start().state, "skull").stats.atk == 1250
    state, events = play_events(eng, ["A activate mst.activate -> wall"])
    assert state.spell_trap("wall") is None
    changed = [e for e in events if e.kind == "continuous_atk"]
    assert (changed[-1].card, changed[-1].get("after")) == ("skull", 2500)
    assert state.lp == (8000, 8000 - 1150)  # 2500 against 1350
    assert state.lasting == ()
