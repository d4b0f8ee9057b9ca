"""R147: "Activate 1 of these effects" (modal effects). Poison of the Old Man, Set by Player
B while Player A's monster attacks: both effects are offered, each named on its choice; only
the chosen one resolves; the modes share the effect's once-per-turn limit; a card file that
gives two modes the same words, or one card two activations that would read the same, is
refused at its line."""

from __future__ import annotations

import pytest
from rules_helpers import legal, play, run_out, write_situation

from gamebook.book.narrate import Narrator
from gamebook.cards.library import load_card_file, load_library
from gamebook.cards.model import Effect, EffectKind, mode_effects
from gamebook.errors import InputError
from gamebook.rules.actions import Action
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.once_per_turn import use_key

POISON = "B activate poison"


def _engine(tmp_path) -> Engine:  # noqa: ANN001
    """A's Summoned Skull has declared an attack on B's Leo Wizard; B has Poison of the Old
    Man Set."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "attacker", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "defender", "card": "leo_wizard",
                                        "position": "defense"}],
                          "spell_traps": [{"id": "poison", "card": "poison_of_the_old_man",
                                           "face_up": False}]}},
        "start": {"moment": "attack_declared", "attacker": "attacker", "target": "defender"},
        "scope": "end_of_battle",
    }), "seed")


def test_r147_each_mode_is_its_own_activation(tmp_path) -> None:
    eng = _engine(tmp_path)
    state = play(eng, ["A pass"])
    offered = legal(eng, state)
    assert f"{POISON}.gain_lp" in offered and f"{POISON}.inflict_damage" in offered
    assert f"{POISON}.activate" not in offered  # the effect with modes is never played itself


def test_r147_only_the_chosen_mode_resolves(tmp_path) -> None:
    eng = _engine(tmp_path)
    state, _ = run_out(eng, ["A pass", f"{POISON}.inflict_damage"])
    assert state.lp == (8000 - 800, 8000)
    state, _ = run_out(eng, ["A pass", f"{POISON}.gain_lp"])
    assert state.lp == (8000, 8000 + 1200)


def test_r147_the_choice_names_the_mode_in_every_language(tmp_path) -> None:
    eng = _engine(tmp_path)
    said = {}
    for lang in ("en", "ja", "zh-Hans", "zh-Hant"):
        narrator = Narrator(lang, _instances(eng), eng.owners)
        said[lang] = [narrator.choice(Action.parse(f"{POISON}.{mode}"))
                      for mode in ("gain_lp", "inflict_damage")]
        assert said[lang][0] != said[lang][1]
    assert said["en"] == ["Activate Poison of the Old Man (gain 1200 LP)",
                          "Activate Poison of the Old Man (inflict 800 damage)"]
    assert said["ja"][0] == "「ご隠居の猛毒薬」（自分が1200LP回復）を発動する"


def test_r147_the_modes_share_the_once_per_turn_limit() -> None:
    card = load_library()["poison_of_the_old_man"]
    limited = Effect(id="quick", kind=EffectKind.QUICK, once_per_turn=True,
                     modes=card.effects[0].modes)
    keys = {use_key(card.id, "poison", part) for part in mode_effects(limited)}
    assert keys == {("poison", "quick")}


def _card(tmp_path, effects: str):  # noqa: ANN001, ANN202
    path = tmp_path / "card.yaml"
    path.write_text("id: test_modal\nnames: {en: Test Modal}\ncard_type: spell\n"
                    "spell_trap_type: quick_play\neffects:\n" + effects, encoding="utf-8")
    return load_card_file(path)


_MODES = """  - id: activate
    kind: activate
    modes:
      - id: heal
        text: {en: gain 500 LP}
        resolution: [{op: gain_lp, player: you, amount: 500}]
      - id: burn
        text: {en: %s}
        resolution: [{op: inflict_damage, player: opponent, amount: 500}]
"""


def test_r147_two_modes_that_read_the_same_are_refused(tmp_path) -> None:
    assert [e.id for e in _card(tmp_path, _MODES % "inflict 500 damage").played_effects] == [
        "heal", "burn"]
    with pytest.raises(InputError, match="read the same in en") as raised:
        _card(tmp_path, _MODES % "gain 500 LP")
    assert "card.yaml:13:" in str(raised.value)  # the second mode's text


def test_r147_two_activations_offered_together_are_refused(tmp_path) -> None:
    two = """  - id: heal
    kind: activate
    resolution: [{op: gain_lp, player: you, amount: 500}]
  - id: burn
    kind: activate
    resolution: [{op: inflict_damage, player: opponent, amount: 500}]
"""
    with pytest.raises(InputError, match="would read the same on the page"):
        _card(tmp_path, two)


def _instances(eng: Engine) -> dict:
    return {instance: eng.situation.cards[card] for instance, card in eng.rules.instances}
