"""R121: a monster that cannot be targeted for attacks. Command Knight, face-up, while its
controller controls another monster, is no attack target (at the declaration and at a
replay); alone, face-down or with its effects negated it is one; two protect each other, and
then the opponent has nothing to attack (no direct attack while they control monsters)."""

from __future__ import annotations

from rules_helpers import legal, monster, play, write_situation

from gamebook.rules.engine import Engine


def _engine(tmp_path, defenders: list[dict], spell_traps: tuple[dict, ...] = ()  # noqa: ANN001
            ) -> Engine:
    """A's Summoned Skull in the open Battle Step; B controls ``defenders``."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": list(spell_traps)},
                    "B": {"monsters": defenders}},
        "start": {"moment": "battle_step"},
        "scope": "end_of_battle_phase",
    }), "seed")


def _declarations(eng: Engine) -> list[str]:
    return [action for action in legal(eng, eng.start().state) if " declare_attack " in action]


KNIGHT = {"id": "knight", "card": "command_knight"}
LEO = {"id": "leo", "card": "leo_wizard"}


def test_r121_with_another_monster_it_cannot_be_targeted(tmp_path) -> None:
    assert _declarations(_engine(tmp_path, [KNIGHT, LEO])) == [
        "A declare_attack skull -> leo"]


def test_r121_alone_it_can_be_attacked(tmp_path) -> None:
    assert _declarations(_engine(tmp_path, [KNIGHT])) == ["A declare_attack skull -> knight"]


def test_r121_two_protect_each_other_and_there_is_nothing_to_attack(tmp_path) -> None:
    second = {"id": "knight2", "card": "command_knight"}
    assert _declarations(_engine(tmp_path, [KNIGHT, second])) == []


def test_r121_face_down_it_can_be_targeted(tmp_path) -> None:
    face_down = {**KNIGHT, "position": "defense", "face_up": False}
    assert sorted(_declarations(_engine(tmp_path, [face_down, LEO]))) == [
        "A declare_attack skull -> knight", "A declare_attack skull -> leo"]


def test_r121_with_its_effects_negated_it_can_be_targeted(tmp_path) -> None:
    drain = {"id": "drain", "card": "skill_drain", "face_up": True}
    assert sorted(_declarations(_engine(tmp_path, [KNIGHT, LEO], (drain,)))) == [
        "A declare_attack skull -> knight", "A declare_attack skull -> leo"]


def test_r121_its_continuous_raise_gives_warriors_400_atk(tmp_path) -> None:
    eng = _engine(tmp_path, [KNIGHT, LEO])
    state = eng.start().state
    assert monster(state, "knight").stats.atk == 1600  # a Warrior itself
    assert monster(state, "leo").stats.atk == 1350  # a Spellcaster


def test_r121_at_a_replay_the_protected_monster_is_no_new_target(tmp_path) -> None:
    # Summoned Skull attacks Linkuriboh, which B Tributes for its effect: a replay, where
    # Leo Wizard may be chosen and Command Knight (beside Leo Wizard) may not
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [KNIGHT, LEO, {"id": "kuriboh", "card": "linkuriboh"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "kuriboh"},
        "scope": "end_of_battle",
    }), "seed")
    state = play(eng, ["A pass", "B activate kuriboh.zero_atk", "A pass", "B pass"])
    assert legal(eng, state) == ["A replay_attack skull -> leo", "A stop_attack skull"]
