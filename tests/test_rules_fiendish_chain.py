"""R166 (with R108, R109, R38): Fiendish Chain holds the face-up Effect Monster it targets.
Once it resolves, that monster's effects are negated (one already on the chain does nothing),
it cannot declare an attack (the book says why) and an attack it is making ends without a
Damage Step; when the monster is destroyed, Fiendish Chain goes too. A card file that writes
the new words wrongly is refused at its line."""

from __future__ import annotations

import pytest
from rules_helpers import engine, first, kinds, legal, play_events, write_situation

from gamebook.cards.library import load_library
from gamebook.errors import InputError
from gamebook.rules.engine import Engine, forced_pass
from gamebook.rules.events import EventKind

CHAIN = "B activate chain.activate -> borrelsword"


def _resolve(eng: Engine, moves: list[str]):  # noqa: ANN202
    """Play ``moves``, then the passes that follow until a player has a real choice."""
    state, events = play_events(eng, moves, settle_end=False)
    while (forced := forced_pass(eng, state)) is not None and (state.chain or state.attack):
        transition = eng.apply(state, forced, forced=True)
        state, events = transition.state, events + list(transition.events)
    return state, events


def test_r166_chained_to_the_monsters_effect_it_negates_it() -> None:
    eng = engine("fiendish_chain_borrelsword")
    state, events = _resolve(eng, ["A activate borrelsword.atk_gain", CHAIN, "A pass"])
    negated = [e for e in events if e.kind == "no_effect" and e.card == "borrelsword"]
    assert negated and negated[0].get("why") == "monster_effects_negated"
    assert state.monster("borrelsword").stats.atk == 3000
    assert first(events, "tied").get("to") == "chain"


def test_r166_r38_the_attack_under_way_ends_without_a_damage_step() -> None:
    eng = engine("fiendish_chain_borrelsword")
    state, events = _resolve(eng, ["A pass", CHAIN, "A pass"])
    ended = first(events, "attack_ended")
    assert ended.get("why") == "attack_forbidden"
    assert EventKind.DAMAGE_CALCULATION not in kinds(events)
    assert state.monster("leo_wizard") is not None and state.attack is None


def test_r166_the_monster_cannot_declare_its_second_attack_and_the_book_says_why() -> None:
    """Borrelsword Dragon's own effect granted it a second attack before Fiendish Chain held
    it: in the open Battle Step it is not offered, and the note names Fiendish Chain."""
    eng = engine("fiendish_chain_borrelsword")
    state, _ = _resolve(eng, ["A activate borrelsword.position_change -> leo_wizard", CHAIN])
    assert state.attack is None and state.attacks_made("borrelsword") < \
        state.attack_allowance("borrelsword")
    assert not any("declare" in line for line in legal(eng, state))
    notes = [n for n in eng.notes(state) if n.reason == "attack_forbidden"]
    assert [(n.card, n.rule, dict(n.args)["monster"]) for n in notes] == [
        ("chain", "attack_forbidden_while_face_up", "borrelsword")]


def test_r166_the_book_says_why_the_held_monster_does_not_attack(tmp_path) -> None:  # noqa: ANN001
    """A second monster of A is offered an attack, so the open Battle Step is a page: its ✘
    line says that Borrelsword Dragon cannot attack while Fiendish Chain is face-up."""
    from gamebook.book.pages import build_book
    from gamebook.explore.explorer import explore
    from gamebook.render.export import format_files

    situation = write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "borrelsword", "card": "borrelsword_dragon",
                                        "zone": "emz_left"},
                                       {"id": "skull", "card": "summoned_skull", "zone": "m3"}]},
                    "B": {"monsters": [{"id": "leo_wizard", "card": "leo_wizard"}],
                          "spell_traps": [{"id": "chain", "card": "fiendish_chain",
                                           "face_up": False, "set": "earlier_turn"}]}},
        "start": {"moment": "attack_declared", "attacker": "borrelsword",
                  "target": "leo_wizard"},
        "scope": "end_of_battle_phase",
    })
    files = format_files(build_book(explore(situation, "seed"), "en"), "md")
    text = "".join(part if isinstance(part, str) else "".join(part)
                   for part in files.values())
    assert "Borrelsword cannot attack while Fiendish Chain is face-up (R" in text


def test_r166_r108_fiendish_chain_is_destroyed_with_its_monster(tmp_path) -> None:  # noqa: ANN001
    """B holds its own face-up Man-Eater Bug with Fiendish Chain; Summoned Skull destroys it
    by battle, and Fiendish Chain is destroyed with it."""
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "bug", "card": "man_eater_bug"}],
                          "spell_traps": [{"id": "chain", "card": "fiendish_chain",
                                           "face_up": False, "set": "earlier_turn"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "bug"},
        "scope": "end_of_battle",
    }), "seed")
    state, events = play_events(eng, ["A pass", "B activate chain.activate -> bug"])
    assert state.monster("bug") is None and state.spell_trap("chain") is None
    gone = [e for e in events if e.kind == "destroyed" and e.card == "chain"]
    assert gone and gone[0].get("by") == "chain.tie"  # by its tie, without a chain link


def _library(tmp_path, effects: str):  # noqa: ANN001, ANN202
    (tmp_path / "test_chain.yaml").write_text(
        "id: test_chain\nnames: {en: Test Chain}\ncard_type: trap\n"
        "spell_trap_type: continuous\neffects:\n" + effects, encoding="utf-8")
    return load_library(extra_dirs=(tmp_path,))


@pytest.mark.parametrize(("effects", "line", "words"), [
    ("  - id: activate\n    kind: activate\n    target: {filters: [face_up]}\n"
     "    forbids_attacks_of: {filters: [face_up]}\n", 9,
     "forbids_attacks_of is a continuous effect"),
    ("  - id: activate\n    kind: activate\n    target: {filters: [face_up]}\n"
     "  - id: no_attack\n    kind: continuous\n    forbids_attacks_of: {filters: [tied]}\n",
     11, "ties itself to none"),
])
def test_r166_wrong_words_are_refused_at_their_line(tmp_path, effects, line,  # noqa: ANN001
                                                    words) -> None:
    with pytest.raises(InputError) as error:
        _library(tmp_path, effects)
    assert f":{line}" in str(error.value) and words in str(error.value)
