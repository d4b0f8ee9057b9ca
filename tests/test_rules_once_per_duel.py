"""R156: once per Duel. "You can only use this effect of "X" once per Duel" limits the card name
for the whole Duel: a use in an earlier turn (the situation's ``used_this_duel``) or earlier
in the turn explored forbids every copy, and a negated activation counts (R26). Also: a use
this turn named by the card (``used_this_turn: [card.effect]``) for a limit by name (R135)."""

from __future__ import annotations

import pytest
import yaml
from rules_helpers import CARDS, forbidden_by, legal, play, write_situation

from gamebook.book.cardtext import card_text
from gamebook.errors import InputError
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.once_per_turn import PER_DUEL
from gamebook.situation.load import load_situation

TRAP = "test_duel_burn_trap"


def _spec(**extra) -> dict:  # noqa: ANN003
    """Summoned Skull attacks Mystical Elf; B has two Test Duel Burn Traps Set."""
    return {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [{"id": f"burn_{n}", "card": TRAP, "face_up": False,
                                           "set": "earlier_turn"} for n in (1, 2)]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle", **extra}


def _engine(tmp_path, **extra) -> Engine:  # noqa: ANN001, ANN003
    return Engine(write_situation(tmp_path, _spec(**extra)), "seed")


def _burns(eng: Engine, state) -> list[str]:  # noqa: ANN001
    return [a for a in legal(eng, state) if a.startswith("B activate burn_")]


def test_r156_one_copy_used_the_other_cannot_be_activated(tmp_path) -> None:
    eng = _engine(tmp_path)
    start = play(eng, ["A pass"], settle_end=False)
    assert len(_burns(eng, start)) == 2
    state = play(eng, ["A pass", "B activate burn_1.activate", "A pass"], settle_end=False)
    assert _burns(eng, state) == []
    assert forbidden_by(eng, state, "burn_2", "activate") == "once_per_duel"
    assert (PER_DUEL + TRAP, "activate") in state.used_once_per_turn


@pytest.mark.parametrize("named", ["burn_1.activate", f"{TRAP}.activate"])
def test_r156_a_use_in_an_earlier_turn_forbids_every_copy(tmp_path, named: str) -> None:
    eng = _engine(tmp_path, used_this_duel=[named])
    start = play(eng, ["A pass"], settle_end=False)
    assert _burns(eng, start) == []
    assert forbidden_by(eng, start, "burn_1", "activate") == "once_per_duel"


def test_r156_the_book_says_why_and_the_card_text_says_the_limit(tmp_path) -> None:
    from gamebook.book.pages import build_book
    from gamebook.explore.explorer import explore
    from gamebook.render.markup import render

    spec = _spec(used_this_duel=[f"{TRAP}.activate"])
    # A has a Trap of its own, so that the first page is a decision with its ✘ lines
    spec["players"]["A"]["spell_traps"] = [{"id": "a_burn", "card": "test_burn_trap",
                                            "face_up": False, "set": "earlier_turn"}]
    situation = write_situation(tmp_path, spec)
    book = render(build_book(explore(situation), "en"), "md")
    assert "it can be used once per Duel and a card of this name has already used it" in book
    assert any("only once per Duel" in line for line in card_text(situation.cards[TRAP], "en"))


@pytest.mark.parametrize(("key", "named", "words"), [
    ("used_this_duel", "burn_1.nothing", "unknown effect id 'nothing'"),
    ("used_this_duel", "skull.x", "unknown effect id 'x'"),
    ("used_this_duel", "summoned_skull", "expected 'instance.effect' or 'card.effect'"),
    ("used_this_duel", "ring_of_destruction.activate", "is not once per Duel (R156)"),
    ("used_this_turn", "borrelsword_dragon.position_change",
     "is limited per card, not by name"),
    ("used_this_turn", "no_such_card.activate", "unknown card instance 'no_such_card'"),
])
def test_r156_a_wrong_use_is_refused_at_its_line(tmp_path, key: str, named: str,
                                                  words: str) -> None:
    path = tmp_path / "battle.yaml"
    path.write_text(yaml.safe_dump({"title": "test", **_spec(**{key: [named]})},
                                   sort_keys=False), encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_situation(path, card_folders=(CARDS,))
    message = str(refused.value)
    assert words in message and f"{key}:" in message
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1)
                if text.strip() == f"- {named}")
    assert f"battle.yaml:{line}:" in message


def test_r135_used_this_turn_may_name_the_card_of_a_limit_by_name(tmp_path) -> None:
    """Ring of Destruction's limit is the name's: a copy activated earlier this turn and gone
    (not placed in the situation) is named by its card."""
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [{"id": "ring", "card": "ring_of_destruction",
                                           "face_up": False, "set": "earlier_turn"}]}},
        "used_this_turn": ["ring_of_destruction.activate"],
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"}), "seed")
    state = play(eng, ["A pass"], settle_end=False)
    assert not any(a.startswith("B activate ring") for a in legal(eng, state))
    assert forbidden_by(eng, state, "ring", "activate") == "once_per_turn_by_name"
