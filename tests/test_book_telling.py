"""One way to tell a step, whichever page leads to it; every pass names its player.

A Damage Step in which nobody could act at any timing is one sentence and what happened in
it, whatever happened (a flip, a card leaving with its monster), from every page that leads
through it; told timing by timing only when somebody acted or decides in it. A "Two passes"
sentence comes right after the passes it counts, each with its player, also in the Damage
Step, where the forced passes used to go untold.
"""

from __future__ import annotations

import re
from functools import cache
from os.path import commonprefix

import pytest
from rules_helpers import ROOT

from gamebook.book.pages import Book, build_book
from gamebook.explore.explorer import explore
from gamebook.rules.state import DAMAGE_STEP_TIMINGS
from gamebook.situation.load import load_situation

DAMAGE_STEPS = ("book_of_moon", "call_of_the_haunted_mst", "command_knight_book_of_moon",
                "magic_jammer_seven_tools", "man_eater_bug")
PASSES = ("raigeki_break_kuriboh", "tragoedia_hand", "mystic_tomato_deck", "book_of_moon")


@cache
def _book(name: str, lang: str = "en") -> Book:
    return build_book(explore(load_situation(ROOT / "examples" / f"{name}.yaml"), None), lang)


def _stories(book: Book):
    for page in book.pages:
        for arrival in page.arrivals:
            yield page.number, [*arrival.lines, *page.then]


def _prefix(template: str) -> str:
    """The words of a message before its first placeholder."""
    return template.split("{", 1)[0]


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "ja"])
@pytest.mark.parametrize("name", DAMAGE_STEPS)
def test_a_damage_step_nobody_could_act_in_is_told_one_way(name, lang):
    book = _book(name, lang)
    msg = book.narrator.msg
    begins = msg("event.damage_step_begins")  # the start of a step told timing by timing
    over = msg("event.battle_over")
    timings = {}  # a timing's line as it starts, and as it starts when nobody could act
    for step in DAMAGE_STEP_TIMINGS:
        told = msg("event.damage_timing", step=msg(f"step.{step.value}"))
        quiet = msg("event.damage_timing_quiet", step=msg(f"step.{step.value}"))
        timings[commonprefix([told, quiet])] = quiet
    told_long = []
    for number, lines in _stories(book):
        text = "\n".join(lines)
        if begins not in text or over not in text:
            continue  # no Damage Step here, or one that goes on past this page
        said = [(line, quiet) for line in lines for start, quiet in timings.items()
                if line.startswith(start)]
        assert said, (number, lines)
        if all(line.startswith(quiet) for line, quiet in said):
            told_long.append(number)
    assert told_long == []


def test_the_same_damage_step_reads_the_same_from_both_pages_that_lead_to_it():
    """Book of Moon: page 2 (Leo Wizard flipped face-down, then flipped up in the Damage
    Step) and page 5 (nothing activated) both tell the step in one line."""
    book = _book("book_of_moon")
    quiet = (book.narrator.msg("event.damage_step_quiet"),  # said after the passes
             book.narrator.msg("event.damage_step_quiet_after"))
    for number in (2, 5):
        lines = [line for _, lines in _stories(book) for line in lines
                 if _ == number and "Damage Step" in line]
        assert len(lines) == 1 and any(words in lines[0] for words in quiet), (number, lines)
        assert "nobody can activate anything here" not in lines[0]


# every kind of pass names its player: "Player A passes", "… has nothing to activate and
# passes", "… cannot respond to X and passes", "Player A enters the Battle Phase"
_A_PASS = re.compile(r"Player [AB] (?:[^.]*?\bpasses\b|enters the Battle Phase)")
_TWO_PASSES = re.compile(r"Two passes (?:in a row|with an empty chain)")


@pytest.mark.parametrize("name", PASSES)
def test_every_two_passes_sentence_follows_the_passes_it_counts_by_name(name):
    unnamed = []
    for number, lines in _stories(_book(name)):
        for line in lines:
            start = 0
            for found in _TWO_PASSES.finditer(line):
                if not _A_PASS.search(line, start, found.start()):
                    unnamed.append((number, line))
                start = found.end()
    assert unnamed == []
