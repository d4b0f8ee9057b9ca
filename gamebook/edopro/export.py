"""A situation as an EDOPro puzzle script (``gamebook export-puzzle``).

The script sets up the same position and nothing else: both players' LP
(``Debug.SetPlayerInfo``), then each card by passcode in its zone, position and
face-up/face-down, and the hands (``Debug.AddCard``), between ``Debug.ReloadFieldBegin`` and
``Debug.ReloadFieldEnd``. The turn player is player 0, who moves first. A puzzle starts in
that player's Main Phase 1 and cannot put the duel into the Battle Phase, so the header
comment (and a hint shown when the puzzle starts) says how to reach the moment the situation
starts at. What a puzzle cannot express (a card Set this turn, an effect already used this
turn) is listed in the header too, and the header ends with the situation's own words (its
description and translations), which ``import-puzzle`` reads back as text.

Every text from the situation (title, names) goes into Lua comments, one line each, or into
one escaped string, so it can never become code.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Callable
from pathlib import Path

from gamebook.cards.model import Card
from gamebook.edopro.field import (
    DECK,
    GRAVE,
    HAND,
    LOCATION_NAMES,
    MZONE,
    POSITION_NAMES,
    PROPERLY_SUMMONED,
    Placed,
    equips,
    placement,
    seat,
)
from gamebook.errors import printable, raise_all
from gamebook.inputs.yamlsrc import load_yaml
from gamebook.situation.model import (
    ExplorationEnd,
    SetWhen,
    Situation,
    SituationFile,
    StartMoment,
)

HEADER_WIDTH = 88  # columns of the header comment, after "-- "
DUEL_RULE = 5  # Master Rule 2020: Extra Monster Zones, Link monsters
# The header's sentences that import-puzzle reads back (gamebook.edopro.importer).
WRITTEN_BY = "Written by gamebook export-puzzle from "
START_STEP_WORDS = ("The situation starts at the start of the Battle Phase (the Start Step, "
                    "R30).")
BATTLE_STEP_WORDS = "The situation starts in the Battle Step, before any attack is declared."
MAIN_PHASE_WORDS = ("The situation starts as the puzzle does, in Main Phase 1 (R129): the turn "
                    "player may Normal Summon, activate cards or enter the Battle Phase.")
SCOPE_WORDS = {
    ExplorationEnd.END_OF_BATTLE: "It ends when that attack is over.",
    ExplorationEnd.END_OF_BATTLE_PHASE: "It goes on to every further attack and the End Step.",
    ExplorationEnd.END_OF_MAIN_PHASE_1: "It ends when Main Phase 1 is over."}
HINT_ATTACK = "Enter the Battle Phase and attack: "  # then "attacker -> target" (or "directly")
HINT_BATTLE_STEP = "Enter the Battle Phase: the situation starts in the Battle Step"
HINT_MAIN_PHASE = "The situation starts here, in Main Phase 1"
HINT_START_STEP = "Enter the Battle Phase: the situation starts in the Start Step"
RULES_WORDS = "It is explored under the rules preset {rules} (R23)."
SET_THIS_TURN_WORDS = "- Set this turn (R9: it cannot be activated this turn): "
USED_WORDS = "- effects already used this turn (R26): "
USED_IN_DUEL_WORDS = "- once-per-Duel effects already used in an earlier turn (R156): "
SUMMONED_WORDS = "- players who have Summoned this turn (R103): "
NORMAL_SUMMON_WORDS = "- the turn player's Normal Summon is already used this turn (R130)."
POSITION_FIXED_WORDS = "- monsters whose battle position cannot be changed this turn (R138): "
# The situation's own words (description, translations) end the header, one field a
# paragraph: "description: …", "ja title: …", continued on lines indented by two spaces.
OWN_WORDS = "The situation's own words, read back by gamebook import-puzzle (text, never run):"
ZONE_WORDS = {"emz_left": "the left Extra Monster Zone", "emz_right":
              "the right Extra Monster Zone", "field": "the Field Zone"}


def export_puzzle(situation: Situation) -> str:
    """The puzzle script of ``situation``; every card must have a passcode."""
    spec, cards = situation.spec, situation.cards
    _check_passcodes(situation)
    placed = placement(spec, cards)
    by_id = {p.instance: p for p in placed}

    def name(instance: str) -> str:
        return cards[by_id[instance].card].name("en")

    lines = []
    own = _own_words(spec)
    for paragraph in _header(situation, name):
        indent = "  " if paragraph.startswith("- ") else ""
        # wrapped only at spaces, so that joining the lines with spaces gives the paragraph
        # back (import-puzzle reads the title and the start from here)
        lines += [f"-- {line}" for line in textwrap.wrap(
            _comment(paragraph), HEADER_WIDTH, subsequent_indent=indent,
            break_long_words=False, break_on_hyphens=False)] or ["--"]
    lines += [f"-- {line}".rstrip() for paragraph in own
              for line in wrap_own_words(_comment(paragraph))]
    lines += ["", f"Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,{DUEL_RULE})"]
    for player_name in sorted(spec.players, key=lambda n: seat(spec, n)):
        lines.append(f"Debug.SetPlayerInfo({seat(spec, player_name)},"
                     f"{spec.players[player_name].lp},0,0)")
    current = None
    equipped = equips(spec)
    named = {instance for pair in equipped for instance in pair}  # Lua variables (R105)
    for item in placed:
        where = {HAND: "hand", GRAVE: "GY", DECK: "Deck"}.get(item.location, "field")
        group = (item.player, where)
        if group != current:
            current = group
            lines += ["", f"-- player {item.player} ({item.player_name}), {where}"]
        line = _add_card(item, cards[item.card])
        lines.append(f"local {_variable(item.instance)} = {line}" if item.instance in named
                     else line)
    if equipped:
        lines += ["", "-- Equip Spells, already equipped (R105)"]
        lines += [f"Debug.PreEquip({_variable(card)},{_variable(monster)})"
                  for card, monster in equipped]
    lines += ["", "Debug.ReloadFieldEnd()",
              f"Debug.ShowHint({_lua_string(_hint(situation, name))})",
              "aux.BeginPuzzle()"]
    return "\n".join(lines) + "\n"


def _add_card(item: Placed, card: Card) -> str:
    args = [str(card.passcode), str(item.player), str(item.player),
            LOCATION_NAMES[item.location], str(item.sequence), POSITION_NAMES[item.position]]
    if item.location == MZONE and card.frame in PROPERLY_SUMMONED:
        args.append("true")  # Summoned properly, as its summoning condition requires
    where = ZONE_WORDS.get(item.zone or "", item.zone or (
        {GRAVE: "the GY", DECK: "the Deck"}.get(item.location, "hand")))
    if item.turns_left:  # read back by import-puzzle (R111)
        where += f", {item.turns_left} turns left"
    return (f"Debug.AddCard({','.join(args)}) -- {_comment(card.name('en'))} "
            f"({_comment(item.instance)}, {where})")


def _variable(instance: str) -> str:
    """The Lua variable of a card that another set-up call names (never a Lua keyword)."""
    return f"c_{instance}"


def _header(situation: Situation, name: Callable[[str], str]) -> list[str]:
    spec = situation.spec
    other = "B" if spec.turn_player == "A" else "A"
    lines = [situation.title,
             f"{WRITTEN_BY}{Path(situation.path).name}.",
             "",
             f"Player 0 (who moves first) is {spec.turn_player}, the turn player; "
             f"player 1 is {other}.",
             "A puzzle starts in player 0's Main Phase 1 and cannot start in the Battle Phase.",
             _start_words(situation, name),
             _scope_words(spec.scope)]
    if spec.rules != "seed":
        lines.append(RULES_WORDS.format(rules=spec.rules))
    this_turn = [item.id for entry in spec.players.values() for item in entry.spell_traps
                 if not item.face_up and item.set is SetWhen.THIS_TURN]
    if this_turn or spec.used_this_turn or spec.used_this_duel or spec.summoned_this_turn \
            or spec.normal_summon_used or spec.position_fixed:
        lines += ["", "A puzzle cannot show:"]
    if this_turn:
        lines.append(SET_THIS_TURN_WORDS + ", ".join(f"{name(i)} ({i})" for i in this_turn))
    if spec.used_this_turn:
        lines.append(USED_WORDS + ", ".join(spec.used_this_turn))
    if spec.used_this_duel:
        lines.append(USED_IN_DUEL_WORDS + ", ".join(spec.used_this_duel))
    if spec.summoned_this_turn:
        lines.append(SUMMONED_WORDS + ", ".join(spec.summoned_this_turn))
    if spec.normal_summon_used:
        lines.append(NORMAL_SUMMON_WORDS)
    if spec.position_fixed:
        lines.append(POSITION_FIXED_WORDS + ", ".join(spec.position_fixed))
    return lines


def wide(char: str) -> bool:
    """A character of Chinese or Japanese (two columns wide): a line may break between two
    of them with no space, as those languages write."""
    return unicodedata.east_asian_width(char) in ("W", "F")


_NO_BREAK_BEFORE = set("。、，．」』）】：；！？・ー")


def wrap_own_words(paragraph: str) -> list[str]:
    """``paragraph`` in lines of at most :data:`HEADER_WIDTH` columns, the second and later
    indented by two spaces. A line breaks at a space (joined back with a space) or between
    two wide characters (joined back with nothing), never at a space between two wide
    characters, so :func:`join_own_words` gives the paragraph back exactly."""
    lines: list[str] = []
    start, width, last = 0, 0, None  # last: (index where the line ends, where the next starts)
    for index, char in enumerate(paragraph):
        if index > start and char == " " and not (
                wide(paragraph[index - 1]) and wide(paragraph[index + 1:index + 2] or "a")):
            last = (index, index + 1)
        elif index > start and wide(paragraph[index - 1]) and wide(char) \
                and char not in _NO_BREAK_BEFORE:
            last = (index, index)
        width += 2 if wide(char) else 1
        room = HEADER_WIDTH - (2 if lines else 0)
        if width > room and last is not None:
            lines.append(("  " if lines else "") + paragraph[start:last[0]])
            start, last = last[1], None
            width = sum(2 if wide(c) else 1 for c in paragraph[start:index + 1])
    lines.append(("  " if lines else "") + paragraph[start:])
    return lines


def join_own_words(lines: list[str]) -> str:
    """The paragraph :func:`wrap_own_words` wrapped (indentation already removed)."""
    text = ""
    for line in lines:
        joiner = "" if not text or (wide(text[-1]) and wide(line[:1] or "a")) else " "
        text += joiner + line
    return text


def _own_words(spec: SituationFile) -> list[str]:
    """The description and the translations, as the paragraphs that end the header: the
    marker, then "description: …", "zh-Hant title: …" (nothing if the situation has none)."""
    fields = [("", "description", spec.description)]
    for lang, translation in spec.translations.items():  # in the situation's order
        fields += [(f"{lang} ", "title", translation.title or ""),
                   (f"{lang} ", "description", translation.description or "")]
    paragraphs = [f"{lang}{key}: {text}" for lang, key, text in fields if text.strip()]
    return ["", OWN_WORDS, *paragraphs] if paragraphs else []


def _start_words(situation: Situation, name: Callable[[str], str]) -> str:
    start = situation.spec.start
    if start.moment is StartMoment.MAIN_PHASE_1:
        return MAIN_PHASE_WORDS
    if start.moment is StartMoment.START_STEP:
        return START_STEP_WORDS
    if start.moment is StartMoment.BATTLE_STEP:
        return BATTLE_STEP_WORDS
    assert start.attacker is not None
    target = (f"on {name(start.target)} ({start.target})" if start.target
              else "directly")
    return (f"The situation starts at attack 1: enter the Battle Phase and declare an attack "
            f"with {name(start.attacker)} ({start.attacker}) {target}; the situation begins "
            "right after that declaration (R33).")


def _scope_words(scope: ExplorationEnd) -> str:
    return SCOPE_WORDS[scope]


def _hint(situation: Situation, name: Callable[[str], str]) -> str:
    start = situation.spec.start
    if start.moment is StartMoment.ATTACK_DECLARED and start.attacker is not None:
        target = name(start.target) if start.target else "directly"
        return f"{HINT_ATTACK}{name(start.attacker)} -> {target}"
    if start.moment is StartMoment.BATTLE_STEP:
        return HINT_BATTLE_STEP
    if start.moment is StartMoment.MAIN_PHASE_1:
        return HINT_MAIN_PHASE
    return HINT_START_STEP


def _check_passcodes(situation: Situation) -> None:
    """Every card of the situation needs a passcode; one error per card that has none."""
    located = None
    problems = []
    for player, entry in situation.spec.players.items():
        for kind, items in (("monsters", entry.monsters), ("spell_traps", entry.spell_traps),
                            ("hand", entry.hand)):
            for index, item in enumerate(items):
                if situation.cards[item.card].passcode is not None:
                    continue
                located = located or load_yaml(situation.path)
                problems.append(located.error(
                    ("players", player, kind, index, "card"),
                    f"card {item.card!r} has no passcode; EDOPro names cards by passcode, so "
                    "add 'passcode: N' to its card file"))
    raise_all(problems)


def _comment(text: str) -> str:
    """``text`` for a Lua line comment: one printable line (a line break would end it)."""
    return printable(" ".join(text.split()))


def _lua_string(text: str) -> str:
    """``text`` as a Lua string literal in double quotes."""
    return '"' + _comment(text).replace("\\", "\\\\").replace('"', '\\"') + '"'

