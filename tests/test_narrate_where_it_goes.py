"""Where a card destroyed by an effect goes, as the book tells it, in every language: the GY,
banished by the effect (Bottomless Trap Hole), banished instead of the GY because it was
Special Summoned that way (Battle Fader, R100), or gone because it is a Token (R64)."""

from __future__ import annotations

import re

import pytest
from rules_helpers import B, play_events, run_out, write_situation

from gamebook.book.pages import narrator_for
from gamebook.book.rulebook import cite
from gamebook.explore import explore
from gamebook.rules.actions import event
from gamebook.rules.engine import Engine

LANGS = ("en", "zh-Hant", "zh-Hans", "ja")
FADER = {
    "turn_player": "A",
    "players": {
        "A": {"monsters": [{"id": "summoned_skull", "card": "summoned_skull"}],
              "spell_traps": [{"id": "raigeki_break", "card": "raigeki_break"}],
              "hand": [{"id": "gemini_elf", "card": "gemini_elf"}]},
        "B": {"hand": [{"id": "battle_fader", "card": "battle_fader"}]}},
    "start": {"moment": "attack_declared", "attacker": "summoned_skull"},
    "scope": "end_of_battle_phase"}
RAIGEKI = "A activate raigeki_break.activate paying gemini_elf -> battle_fader"


def _destroyed_fader(tmp_path):  # noqa: ANN001, ANN202
    eng = Engine(write_situation(tmp_path, FADER))
    state, _ = play_events(eng, ["A pass", "B activate battle_fader.summon_and_end", "A pass",
                                 "B select battle_fader.summon_and_end -> defense"])
    state, events = run_out(eng, [RAIGEKI], state)
    return eng, state, events


def test_r100_battle_fader_destroyed_by_an_effect_is_banished_and_the_event_says_so(tmp_path):
    _eng, state, events = _destroyed_fader(tmp_path)
    assert [card.id for card in state.banished] == ["battle_fader"]
    destroyed = next(e for e in events if e.kind == "destroyed" and e.card == "battle_fader")
    assert destroyed.get("to") == "banished_instead" and destroyed.player is B


@pytest.mark.parametrize("lang", LANGS)
def test_r100_the_book_says_battle_fader_is_banished_not_sent_to_the_gy(tmp_path, lang):
    eng, _state, events = _destroyed_fader(tmp_path)
    narrator = narrator_for(explore(eng.situation, None), lang)
    told = " ".join(line for line in narrator.events(tuple(events)))
    banished = cite({"en": "banished instead of going to the GY (R:banished_when_it_leaves)",
                     "zh-Hant": "除外（R:banished_when_it_leaves）",
                     "zh-Hans": "除外（R:banished_when_it_leaves）",
                     "ja": "除外された（R:banished_when_it_leaves）"}[lang])
    assert banished in told
    gy = {"en": "Battle Fader is destroyed by Raigeki Break, and goes to the GY",
          "zh-Hant": "「消戰者」被「雷破」破壞，送去墓地",
          "zh-Hans": "「消战者」被「雷破」破坏，送去墓地",
          "ja": "によって破壊され、墓地へ送られた"}[lang]
    assert gy not in told


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("where", ["banished", "banished_instead", "vanished"])
def test_r64_r100_every_destination_is_told_in_every_language(tmp_path, lang, where):
    eng = Engine(write_situation(tmp_path, FADER))
    narrator = narrator_for(explore(eng.situation, None), lang)
    told = narrator.event(event("destroyed", B, "battle_fader", by="raigeki_break.activate",
                                to=where))
    assert told and "{" not in told
    if lang != "en":
        assert not re.search(r"[A-Za-z]{3,}", told), told
    if where == "vanished":
        assert cite("R:tokens") in told
    if where == "banished_instead":
        assert cite("R:banished_when_it_leaves") in told
