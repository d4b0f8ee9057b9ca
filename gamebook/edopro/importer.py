"""An EDOPro puzzle script as a situation file (``gamebook import-puzzle``), without Lua.

The script's set-up calls are read by :mod:`gamebook.edopro.lua`: ``Debug.ReloadFieldBegin``,
``Debug.SetPlayerInfo(player, lp, …)``, ``Debug.AddCard(passcode, owner, player, location,
sequence, position[, summoned properly])`` (constants by name or by number) and
``Debug.ReloadFieldEnd``. Each passcode is looked up in the card library; player 0 (who
moves first) becomes the turn player A, player 1 becomes B. ``aux.BeginPuzzle()`` starts
every puzzle and is known; every other call or piece of code is ignored with a note. A
puzzle's calls say nothing of the moment a situation starts at or of its scope. A puzzle
that ``gamebook export-puzzle`` wrote says them in its header comment, with the title, which
player (A or B) is player 0, the cards Set this turn, the effects and Summons already used,
the rules preset and, last, the situation's own words (the description and the
translations), and names each card's instance id in the comment of its ``Debug.AddCard``
line: all of that is read back (comments only, as text, never run), so export then import
gives the situation again. Any puzzle's ``Debug.ShowHint("Enter the Battle Phase and attack:
X -> Y")`` names the attack. What is still unknown is left out, with a commented example
for the user to complete (:data:`LEFT_TO_FILL`).

Each mistake (an unknown passcode or constant, a location a situation has no place for, a
call with the wrong arguments, two cards in one zone) is one error with the script's line;
all of them are reported together.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from gamebook.cards.honoured import extra_zone_problem
from gamebook.cards.library import CardLibrary
from gamebook.cards.model import Card, CardType, MonsterFrame, SpellTrapType
from gamebook.edopro.export import (
    BATTLE_STEP_WORDS,
    HINT_ATTACK,
    HINT_BATTLE_STEP,
    HINT_START_STEP,
    MAIN_PHASE_WORDS,
    NORMAL_SUMMON_WORDS,
    OWN_WORDS,
    POSITION_FIXED_WORDS,
    RULES_WORDS,
    SCOPE_WORDS,
    SET_THIS_TURN_WORDS,
    START_STEP_WORDS,
    SUMMONED_WORDS,
    USED_IN_DUEL_WORDS,
    USED_WORDS,
    WRITTEN_BY,
    join_own_words,
)
from gamebook.edopro.field import (
    CONSTANTS,
    DECK,
    FACEDOWN_DEFENSE,
    FACEUP_ATTACK,
    FACEUP_DEFENSE,
    FIELD_ZONE_SEQUENCE,
    FZONE,
    GRAVE,
    HAND,
    LOCATION_NAMES,
    MZONE,
    POSITION_NAMES,
    SPELL_TRAP_ZONES,
    SZONE,
    monster_zone,
)
from gamebook.edopro.lua import Call, Token, scan, tokens
from gamebook.errors import InputError, raise_all
from gamebook.inputs.files import read_input
from gamebook.inputs.yamlsrc import did_you_mean
from gamebook.situation.model import BOOK_LANGUAGES, INSTANCE_ID, MAX_LP, PRESET_NAMES

ADD_CARD, SET_PLAYER_INFO = "Debug.AddCard", "Debug.SetPlayerInfo"
BEGIN, END = "Debug.ReloadFieldBegin", "Debug.ReloadFieldEnd"
PRE_EQUIP = "Debug.PreEquip"  # (equip card, monster): a face-up Equip Spell (R105)
BEGIN_PUZZLE = "aux.BeginPuzzle(…)"  # how scan() names the call it skips
SETUP_CALLS = {ADD_CARD, SET_PLAYER_INFO, BEGIN, END, PRE_EQUIP}
PLAYER_NAMES = ("A", "B")  # player 0, player 1
LEFT_TO_FILL = ("start (moment: start_step, battle_step, or attack_declared with the "
                "attacker and, unless it is a direct attack, the target) and scope "
                "(end_of_battle or end_of_battle_phase)")
_LEFT = {"start": LEFT_TO_FILL.partition(" and scope")[0],
         "scope": "scope (end_of_battle or end_of_battle_phase)"}
_RESOLVE_AND_LEAVE = (SpellTrapType.NORMAL, SpellTrapType.QUICK_PLAY, SpellTrapType.COUNTER,
                      SpellTrapType.RITUAL)
_MONSTER_ORDER = ("m1", "m2", "m3", "m4", "m5", "emz_left", "emz_right")
_SPELL_TRAP_ORDER = (*SPELL_TRAP_ZONES, "field")


@dataclass
class _Card:
    player: int
    card: Card
    line: int
    zone: str | None = None  # None in the hand
    face_up: bool = True
    defense: bool = False
    sequence: int = 0
    named: str | None = None  # the instance id in the comment export-puzzle wrote
    grave: bool = False  # in the GY (LOCATION_GRAVE)
    deck: bool = False  # in the Deck (LOCATION_DECK): one of the Deck cards that matter
    variable: str | None = None  # ``local c1 = Debug.AddCard(…)``
    equipped_to: _Card | None = None  # Debug.PreEquip(this card, that monster)
    turns_left: int | None = None  # of a face-up card that stays (R111): comment, or all


@dataclass
class Imported:
    """The situation file's text and the notes on what the script had besides."""

    text: str
    notes: list[str] = field(default_factory=list)  # "FILE:LINE: …", one per ignored piece
    left: tuple[str, ...] = ("start", "scope")  # what the user still has to fill in
    title: str = ""  # the situation's title

    @property
    def left_words(self) -> str:
        """What is left to fill in, in words (empty if nothing)."""
        return " and ".join(_LEFT[part] for part in self.left)


def import_puzzle(path: str | Path, cards: CardLibrary) -> Imported:
    """Read the puzzle at ``path``; :class:`InputError`/``InputErrors`` on any mistake."""
    path = Path(path)
    try:
        text = read_input(path, "an EDOPro puzzle script (.lua)").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, None, f"expected UTF-8 text ({exc.reason})") from None
    items = tokens(text, path)
    calls, notes, errors = scan(items, SETUP_CALLS, path)
    reader = _Reader(path, cards, errors)
    reader.read(calls)
    raise_all(reader.errors)
    source = text.splitlines()
    for placed in reader.placed:
        line = source[placed.line - 1] if placed.line <= len(source) else ""
        placed.named = _comment_id(line)
        if placed.face_up and placed.card.stays_for_opponent_turns and placed.zone:
            placed.turns_left = _comment_turns(line) or placed.card.stays_for_opponent_turns
    hint = _hint(items)
    # aux.BeginPuzzle() starts every puzzle (export-puzzle writes it last) and sets nothing
    # up: known, so no note; a hint the start was read from is known too
    known_calls = {BEGIN_PUZZLE} | ({"Debug.ShowHint(…)"} if hint is not None else set())
    notes = [(line, what) for line, what in notes if what not in known_calls]
    known = _Known.read(source, hint)
    situation, left = _situation_text(path, reader, known)
    return Imported(situation, [f"{path}:{line}: ignored: {what}" for line, what in notes],
                    left, known.title or path.stem)


class _Reader:
    """The field the set-up calls build, and the mistakes found on the way."""

    def __init__(self, path: Path, cards: CardLibrary, errors: list[InputError]) -> None:
        self.path, self.cards, self.errors = path, cards, errors
        self.lp = [8000, 8000]
        self.placed: list[_Card] = []

    def fail(self, line: int, message: str) -> None:
        self.errors.append(InputError(self.path, line, message))

    def read(self, calls: list[Call]) -> None:
        begun = ended = None
        for call in calls:
            if call.name == BEGIN:
                if begun is not None:
                    self.fail(call.line, f"a second {BEGIN} (the first is at line {begun})")
                begun = begun or call.line
            elif call.name == END:
                if begun is None:
                    self.fail(call.line, f"{END} before {BEGIN}")
                ended = ended or call.line
            elif begun is None or ended is not None:
                self.fail(call.line, f"{call.name} outside {BEGIN}(…) … {END}(); a puzzle "
                          "sets up its field between the two")
            elif call.name == SET_PLAYER_INFO:
                self.player_info(call)
            elif call.name == PRE_EQUIP:
                self.pre_equip(call)
            else:
                self.add_card(call)
        if begun is None:
            self.fail(1, f"no {BEGIN}(…); expected an EDOPro puzzle script, which sets up its "
                      f"field between {BEGIN}(…) and {END}()")
        elif ended is None:
            self.fail(begun, f"{BEGIN} is never followed by {END}()")
        self.check_zones()
        for placed in self.placed:
            if placed.face_up and placed.zone in SPELL_TRAP_ZONES and placed.equipped_to is None \
                    and placed.card.spell_trap_type is SpellTrapType.EQUIP:
                self.fail(placed.line, f"{placed.card.name()} is a face-up Equip Spell equipped "
                          f"to nothing; expected {PRE_EQUIP}(card, monster) after it (R105)")

    def pre_equip(self, call: Call) -> None:
        """``Debug.PreEquip(c1, c2)``: the card in variable ``c1`` is equipped to ``c2``."""
        names = [arg[0].text if len(arg) == 1 and arg[0].kind == "name" else None
                 for arg in call.args]
        if len(names) != 2 or None in names:
            return self.fail(call.line, f"{PRE_EQUIP}: expected two variables set by "
                             f"'local c = {ADD_CARD}(…)' (the Equip Spell, the monster)")
        found = {placed.variable: placed for placed in self.placed if placed.variable}
        card, monster = (found.get(name) for name in names)
        if card is None or monster is None:
            missing = names[0] if card is None else names[1]
            return self.fail(call.line, f"{PRE_EQUIP}: no card was put in {missing!r} before")
        if card.card.spell_trap_type is not SpellTrapType.EQUIP or not card.face_up \
                or card.zone not in SPELL_TRAP_ZONES:
            return self.fail(call.line, f"{PRE_EQUIP}: {card.card.name()} is not a face-up "
                             "Equip Spell in a Spell & Trap Zone (R105)")
        if monster.zone not in _MONSTER_ORDER or not monster.face_up:
            return self.fail(call.line, f"{PRE_EQUIP}: {monster.card.name()} is not a face-up "
                             "monster on the field (R105)")
        card.equipped_to = monster

    def player_info(self, call: Call) -> None:
        if len(call.args) < 2:
            self.fail(call.line, f"{SET_PLAYER_INFO}: expected (player, lp, start count, draw "
                      f"count), got {len(call.args)} argument(s)")
            return
        player = self.number(call, 0, "the player (0 or 1)")
        lp = self.number(call, 1, "the LP")
        if player is None or lp is None:
            return
        if player not in (0, 1):
            self.fail(call.line, f"{SET_PLAYER_INFO}: player {player}; expected 0 or 1")
        elif not 0 < lp <= MAX_LP:
            self.fail(call.line, f"{SET_PLAYER_INFO}: LP {lp}; expected 1 to {MAX_LP:,}")
        else:
            self.lp[player] = lp

    def add_card(self, call: Call) -> None:
        if len(call.args) not in (6, 7):
            self.fail(call.line, f"{ADD_CARD}: expected 6 or 7 arguments (passcode, owner, "
                      "player, location, sequence, position[, summoned properly]), got "
                      f"{len(call.args)}")
            return
        values = [self.number(call, index, what) for index, what in enumerate(
            ("the passcode", "the owner (0 or 1)", "the player (0 or 1)", "a LOCATION_",
             "the sequence", "a POS_"))]
        if any(value is None for value in values):
            return
        code, owner, player, location, sequence, position = values  # type: ignore[misc]
        if not 0 < code <= 99_999_999:
            return self.fail(call.line, f"{ADD_CARD}: {code} is not a passcode; expected up to "
                             "8 digits")
        if player not in (0, 1) or owner not in (0, 1):
            return self.fail(call.line, f"{ADD_CARD}: owner {owner}, player {player}; expected "
                             "0 or 1")
        if owner != player:
            return self.fail(call.line, f"{ADD_CARD}: a card owned by player {owner} but "
                             f"controlled by player {player}; a situation has no change of "
                             "control (give the same number twice)")
        card = self.cards.by_passcode(code)
        if card is None:
            return self.fail(call.line, f"unknown passcode {code:08d}: no card of the library "
                             f"has it; write its card file (gamebook cards new {code} --cdb "
                             "cards.cdb) and give its folder with --cards DIR")
        if card.frame is MonsterFrame.TOKEN:
            return self.fail(call.line, f"{card.name()} ({code:08d}) is a Token; a Token is made "
                             "by a card effect and cannot start in a situation (R64)")
        placed = _Card(player, card, call.line, sequence=sequence, variable=call.assigned)
        problem = self.place(placed, location, sequence, position)
        if problem:
            return self.fail(call.line, f"{ADD_CARD}: {card.name()} ({code:08d}): {problem}")
        self.placed.append(placed)

    def place(self, placed: _Card, location: int, sequence: int, position: int) -> str | None:
        """Put ``placed`` in its zone; what is wrong, in words, or ``None``."""
        card = placed.card
        where = LOCATION_NAMES.get(location, f"location {location}")
        if location == HAND:
            return None
        if location == GRAVE:
            placed.grave = True
            return None
        if location == DECK:
            placed.deck = True
            return None
        if location == MZONE:
            if card.card_type is not CardType.MONSTER:
                return "not a monster, but in LOCATION_MZONE"
            if not 0 <= sequence <= 6:
                return f"sequence {sequence} of LOCATION_MZONE; expected 0 to 6"
            placed.zone = monster_zone(sequence, placed.player)
            if sequence >= 5 and extra_zone_problem(card) is not None:
                return (f"sequence {sequence} of LOCATION_MZONE, an Extra Monster Zone: "
                        f"{extra_zone_problem(card)}; expected 0 to 4")
            if position not in (FACEUP_ATTACK, FACEUP_DEFENSE, FACEDOWN_DEFENSE):
                named = POSITION_NAMES.get(position, str(position))
                return (f"position {named} is not one a situation has; expected "
                        "POS_FACEUP_ATTACK, POS_FACEUP_DEFENSE or POS_FACEDOWN_DEFENSE")
            placed.face_up = position != FACEDOWN_DEFENSE
            placed.defense = position != FACEUP_ATTACK
            if card.is_link and placed.defense:
                return "a Link monster is always face-up in Attack Position (R59)"
            return None
        if location in (SZONE, FZONE):
            if card.card_type is CardType.MONSTER:
                return f"a monster in {where}; a situation has no monster used as a Spell/Trap"
            if location == FZONE and sequence != 0:
                return f"sequence {sequence} of LOCATION_FZONE; expected 0"
            if location == SZONE and not 0 <= sequence <= FIELD_ZONE_SEQUENCE:
                return (f"sequence {sequence} of LOCATION_SZONE is not supported; expected 0-4 "
                        "(the Spell & Trap Zones) or 5 (the Field Zone)")
            field_zone = location == FZONE or sequence == FIELD_ZONE_SEQUENCE
            placed.zone = "field" if field_zone else SPELL_TRAP_ZONES[sequence]
            if field_zone != (card.spell_trap_type is SpellTrapType.FIELD):
                return "the Field Zone holds a Field Spell, and a Field Spell goes there (R8)"
            up, down = bool(position & 0x5), bool(position & 0xA)
            if up == down:
                return (f"position {position}; expected POS_FACEUP or POS_FACEDOWN (Set)")
            placed.face_up = up
            if up and card.spell_trap_type in _RESOLVE_AND_LEAVE \
                    and not card.stays_for_opponent_turns:
                return "face-up, but it would already have resolved and left the field; " \
                       "expected POS_FACEDOWN (Set)"
            return None
        return (f"{where} is not supported: a situation holds only the field (LOCATION_MZONE, "
                "LOCATION_SZONE, LOCATION_FZONE), the hands (LOCATION_HAND), the GYs "
                "(LOCATION_GRAVE) and the Deck cards that matter (LOCATION_DECK)")

    def check_zones(self) -> None:
        taken: dict[tuple, _Card] = {}
        for placed in self.placed:
            if placed.zone is None:
                continue
            shared = placed.zone.startswith("emz")  # both players see the same two zones
            key = (placed.zone,) if shared else (placed.player, placed.zone)
            if key in taken:
                whose = "the shared" if shared else f"player {placed.player}'s"
                self.fail(placed.line, f"{placed.card.name()} and {taken[key].card.name()} "
                          f"(line {taken[key].line}) are both in {whose} {placed.zone}; "
                          "a zone holds one card")
            else:
                taken[key] = placed

    def number(self, call: Call, index: int, what: str) -> int | None:
        """Argument ``index`` of ``call`` as a whole number: digits, a constant, or names and
        numbers joined by ``+`` or ``|``; ``None`` (and an error) otherwise."""
        arg = call.args[index]
        total = 0
        for position, token in enumerate(arg):
            if position % 2:
                if token.text not in ("+", "|"):
                    break
                continue
            if token.kind == "number" and isinstance(token.value, int):
                value = token.value
            elif token.kind == "name" and token.text in CONSTANTS:
                value = CONSTANTS[token.text]
            elif token.kind == "name" and token.text.startswith(("LOCATION_", "POS_")):
                self.fail(call.line, f"{call.name}: unknown constant {token.text!r}"
                          + did_you_mean(token.text, sorted(CONSTANTS)))
                return None
            else:
                break
            joiner = arg[position - 1].text if position else "+"
            total = total + value if joiner == "+" else total | value
        else:
            if arg and len(arg) % 2:
                return total
        self.fail(call.line, f"{call.name}: argument {index + 1} should be {what} (a number or "
                  f"a constant), got {_source(arg)!r}")
        return None


def _source(arg: tuple[Token, ...]) -> str:
    text = " ".join(token.text for token in arg) or "nothing"
    return text if len(text) <= 40 else text[:39] + "…"


def _situation_text(path: Path, reader: _Reader, known: _Known) -> tuple[str, tuple[str, ...]]:
    """The situation file: the field, and the start and scope if the puzzle says them (else
    left for the user, with an example); what is left to fill in."""
    ids: dict[str, int] = {}
    named = [placed.named for placed in reader.placed]
    # The ids export-puzzle wrote, if every card has one and no two the same.
    by_comment = bool(named) and None not in named and len(set(named)) == len(named)

    given: dict[int, str] = {}

    def instance(placed: _Card) -> str:
        if by_comment:
            return placed.named or ""
        if id(placed) not in given:  # once per card: an equipped monster is named twice
            card = placed.card
            ids[card.id] = ids.get(card.id, 0) + 1
            given[id(placed)] = card.id if ids[card.id] == 1 else f"{card.id}_{ids[card.id]}"
        return given[id(placed)]

    body: list[str] = []
    first: dict[str, list[str]] = {"attackers": [], "targets": []}
    names: dict[tuple[int, str], list[str]] = {}  # (player, English name) -> attackable ids
    set_this_turn = set(known.set_this_turn) if by_comment else set()
    for name in sorted(known.players):  # A first, whichever is player 0
        player = known.players.index(name)
        mine = [placed for placed in reader.placed if placed.player == player]
        body += [f"  {name}:", f"    lp: {reader.lp[player]}"]
        # in the order export-puzzle wrote them (the situation's), else by zone
        monsters = sorted((p for p in mine if p.zone in _MONSTER_ORDER), key=lambda p: (
            p.line if by_comment else _MONSTER_ORDER.index(p.zone or "")))
        spells = sorted((p for p in mine if p.zone in _SPELL_TRAP_ORDER), key=lambda p: (
            p.line if by_comment else _SPELL_TRAP_ORDER.index(p.zone or "")))
        hand = sorted((p for p in mine if p.zone is None and not (p.grave or p.deck)),
                      key=lambda p: p.sequence)
        grave = sorted((p for p in mine if p.grave), key=lambda p: p.sequence)
        deck = sorted((p for p in mine if p.deck), key=lambda p: p.sequence)
        if monsters:
            body.append("    monsters:")
        for placed in monsters:
            ident = instance(placed)
            extra = ("" if not placed.defense else ", position: defense") + (
                "" if placed.face_up else ", face_up: false")
            body.append(f"      - {{id: {ident}, card: {placed.card.id}{extra}, "
                        f"zone: {placed.zone}}}")
            if player == 0 and placed.face_up and not placed.defense:
                first["attackers"].append(ident)
                names.setdefault((0, placed.card.name("en")), []).append(ident)
            if player == 1:
                first["targets"].append(ident)
                names.setdefault((1, placed.card.name("en")), []).append(ident)
        if spells:
            body.append("    spell_traps:")
        for placed in spells:
            ident = instance(placed)
            up = ", face_up: true" if placed.face_up else ""
            if placed.turns_left:
                up += f", turns_left: {placed.turns_left}"
            when = ", set: this_turn" if ident in set_this_turn and not placed.face_up else ""
            equip = f", equipped_to: {instance(placed.equipped_to)}" \
                if placed.equipped_to is not None else ""
            body.append(f"      - {{id: {ident}, card: {placed.card.id}{up}{when}, "
                        f"zone: {placed.zone}{equip}}}")
        for key, pile in (("hand", hand), ("graveyard", grave), ("deck", deck)):
            body += [f"    {key}:"] if pile else []
            body += [f"      - {{id: {instance(placed)}, card: {placed.card.id}}}"
                     for placed in pile]
    start = known.start_line(by_comment, names)
    scope = f"scope: {known.scope}" if known.scope else None
    left = tuple(part for part, line in (("start", start), ("scope", scope)) if line is None)
    lines = [f"# Imported from {_one_line(path.name)} by gamebook import-puzzle."]
    if left:
        lines.append(f"# Left to fill in: {' and '.join(left)} (see the end of this file).")
    if known.title is None:
        lines.append("# Check the title: it is the file's name.")
    if not (by_comment and known.from_header):
        lines.append("# Add 'set: this_turn' to a card Set this turn (a puzzle cannot say so).")
    title = path.stem if known.title is None else known.title
    lines += _quoted("title", title)
    if known.description:
        lines += _quoted("description", known.description)
    if known.rules:
        lines.append(f"rules: {known.rules}")
    lines += [f"turn_player: {known.players[0]}", "players:", *body]
    if start:
        lines.append(start)
    if scope:
        lines.append(scope)
    if by_comment and known.used:
        lines.append("used_this_turn: [" + ", ".join(known.used) + "]")
    if by_comment and known.used_in_duel:
        lines.append("used_this_duel: [" + ", ".join(known.used_in_duel) + "]")
    if known.summoned:
        lines.append("summoned_this_turn: [" + ", ".join(known.summoned) + "]")
    if known.normal_summon_used:
        lines.append("normal_summon_used: true")
    if known.position_fixed:
        lines.append("position_fixed: [" + ", ".join(known.position_fixed) + "]")
    if known.translations:
        lines.append("translations:")
    for lang, words in known.translations.items():
        lines.append(f"  {lang}:")
        for key, text in words.items():
            lines += _quoted(key, text, "    ")
    if left:
        lines += _left_to_fill(first, left)
    return "\n".join(lines) + "\n", left


def _quoted(key: str, text: str, indent: str = "") -> list[str]:
    """``key: "text"``, a YAML string in double quotes (JSON's escapes are YAML's), wrapped
    at single spaces: YAML folds each line break inside the quotes back into one space."""
    return textwrap.wrap(f"{indent}{key}: {json.dumps(text, ensure_ascii=False)}", 90,
                         subsequent_indent=indent + "  ", break_long_words=False,
                         break_on_hyphens=False)


def _left_to_fill(first: dict[str, list[str]], left: tuple[str, ...]) -> list[str]:
    """A commented example of what is left; the attack shown is only an example (the puzzle
    did not say which attack it is), so it names one attacker and every possible target."""
    lines = ["# Left to fill in: " + {
        ("start", "scope"): "when the situation starts and where its branches end, e.g.",
        ("start",): "when the situation starts, e.g.",
        ("scope",): "where its branches end, e.g."}[left]]
    if "start" in left:
        if first["attackers"]:
            targets = first["targets"]
            target = f", target: {targets[0]}" if targets else ""
            example = f"{{moment: attack_declared, attacker: {first['attackers'][0]}{target}}}"
            if len(targets) > 1:
                example += f"   # target: one of {', '.join(targets)}"
        else:
            example = "{moment: battle_step}"
        lines += [f"# start: {example}",
                  "#   (moment: start_step | battle_step | attack_declared; an attack names its",
                  "#   attacker, and its target unless it is a direct attack)"]
    if "scope" in left:
        lines.append("# scope: end_of_battle   # or end_of_battle_phase")
    return lines


_ID = INSTANCE_ID
_ADD_CARD_COMMENT = re.compile(
    rf"--.*\(({_ID}), (?:m[1-5]|s[1-5]|hand|the GY|the left Extra Monster Zone|"
    r"the right Extra Monster Zone|the Field Zone|the Deck)(?:, ([1-9]) turns left)?\)\s*$")
_ATTACK_WORDS = re.compile(
    rf"The situation starts at attack 1: enter the Battle Phase and declare an attack with "
    rf".*? \(({_ID})\) (?:on .*? \(({_ID})\)|directly); the situation begins right after "
    r"that declaration \(R33\)\.")


def _comment_id(line: str) -> str | None:
    """The instance id export-puzzle wrote in the comment of an AddCard line, or None."""
    match = _ADD_CARD_COMMENT.search(line)
    return match.group(1) if match else None


def _comment_turns(line: str) -> int | None:
    """The turns left export-puzzle wrote for a face-up card that stays (R111), or None."""
    match = _ADD_CARD_COMMENT.search(line)
    return int(match.group(2)) if match and match.group(2) else None


def _listed(body: str, words: str) -> str:
    """The list of the header's item that starts with ``words``, up to the next item."""
    if words not in body:
        return ""
    after = body.split(words, 1)[1]
    for other in (SET_THIS_TURN_WORDS, USED_WORDS, USED_IN_DUEL_WORDS, SUMMONED_WORDS,
                  NORMAL_SUMMON_WORDS, POSITION_FIXED_WORDS):
        after = after.split(other)[0]
    return after.strip()


def _hint(items: list[Token]) -> str | None:
    """The text of the first ``Debug.ShowHint("…")`` with a plain string, or None."""
    for index in range(len(items) - 5):
        window = items[index:index + 6]
        if ([t.text for t in window[:4]] == ["Debug", ".", "ShowHint", "("]
                and window[4].kind == "string" and window[5].text == ")"):
            return str(window[4].value)
    return None


@dataclass
class _Known:
    """What the puzzle says besides its field: from the header export-puzzle writes (title,
    start, scope, rules, Set this turn, used effects) or a hint naming the attack."""

    title: str | None = None
    moment: str | None = None
    attacker: str | None = None  # an instance id (header) …
    target: str | None = None
    hint_attack: tuple[str, str | None] | None = None  # … or English names (hint)
    scope: str | None = None
    rules: str | None = None
    set_this_turn: tuple[str, ...] = ()
    used: tuple[str, ...] = ()
    used_in_duel: tuple[str, ...] = ()
    summoned: tuple[str, ...] = ()  # players who have Summoned this turn (R103)
    normal_summon_used: bool = False  # (R130)
    position_fixed: tuple[str, ...] = ()  # monsters whose position is fixed (R138)
    players: tuple[str, str] = PLAYER_NAMES  # the names of player 0 and player 1
    description: str | None = None
    translations: dict[str, dict[str, str]] = field(default_factory=dict)
    from_header: bool = False

    @classmethod
    def read(cls, source: list[str], hint: str | None) -> _Known:
        known = cls()
        header = []  # each comment line's text after "-- ", its indentation kept
        for line in source:
            text = line.strip()
            if not text.startswith("--") or _LONG_COMMENT.match(text):
                break
            header.append(text[2:].removeprefix(" ").rstrip())
        marker = next((i for i, text in enumerate(header) if text.startswith(WRITTEN_BY)), None)
        if marker is not None:
            known.from_header = True
            known.title = " ".join(text.strip() for text in header[:marker] if text.strip())
            own = next((i for i, text in enumerate(header) if text == OWN_WORDS), len(header))
            body = " ".join(text.strip() for text in header[marker + 1:own] if text.strip())
            known._read_body(body)
            known._read_own_words(header[own + 1:])
        if known.moment is None and hint is not None:
            known._read_hint(" ".join(hint.split()))
        return known

    def _read_own_words(self, lines: list[str]) -> None:
        """The fields after :data:`OWN_WORDS`: "description: …", "ja title: …", each
        continued on the lines indented by two spaces."""
        fields: list[tuple[str, list[str]]] = []
        for line in lines:
            if line.startswith("  ") and fields:
                fields[-1][1].append(line.strip())
            elif match := _OWN_FIELD.fullmatch(line):
                fields.append((match.group(1), [match.group(2)]))
        for key, parts in fields:
            lang, _, what = key.rpartition(" ")
            text = join_own_words([part for part in parts if part])
            if not lang:
                self.description = text
            else:
                self.translations.setdefault(lang, {})[what] = text
    def _read_body(self, body: str) -> None:
        if MAIN_PHASE_WORDS in body:
            self.moment = "main_phase_1"
        elif START_STEP_WORDS in body:
            self.moment = "start_step"
        elif BATTLE_STEP_WORDS in body:
            self.moment = "battle_step"
        elif match := _ATTACK_WORDS.search(body):
            self.moment, self.attacker, self.target = "attack_declared", *match.groups()
        for scope, words in SCOPE_WORDS.items():
            if words in body:
                self.scope = scope.value
        for preset in PRESET_NAMES:
            if RULES_WORDS.format(rules=preset) in body:
                self.rules = preset
        if (match := _PLAYERS_WORDS.search(body)) and match.group(1) != match.group(2):
            self.players = (match.group(1), match.group(2))
        listed = _listed(body, SET_THIS_TURN_WORDS)
        self.set_this_turn = tuple(re.findall(rf"\(({_ID})\)(?:,|\s|$)", listed))
        self.used, self.used_in_duel = (
            tuple(key.strip() for key in _listed(body, words).split(", ")
                  if re.fullmatch(rf"{_ID}\.[A-Za-z0-9_]+", key.strip()))
            for words in (USED_WORDS, USED_IN_DUEL_WORDS))
        self.summoned = tuple(name for name in _listed(body, SUMMONED_WORDS).split(", ")
                              if name in PLAYER_NAMES)
        self.normal_summon_used = NORMAL_SUMMON_WORDS in body
        self.position_fixed = tuple(key.strip() for key in
                                    _listed(body, POSITION_FIXED_WORDS).split(", ")
                                    if re.fullmatch(_ID, key.strip()))

    def _read_hint(self, hint: str) -> None:
        if hint == HINT_START_STEP:
            self.moment = "start_step"
        elif hint == HINT_BATTLE_STEP:
            self.moment = "battle_step"
        elif hint.startswith(HINT_ATTACK) and " -> " in hint:
            attacker, _, target = hint[len(HINT_ATTACK):].rpartition(" -> ")
            self.moment = "attack_declared"
            self.hint_attack = (attacker, None if target == "directly" else target)

    def start_line(self, by_comment: bool,
                   names: dict[tuple[int, str], list[str]]) -> str | None:
        """``start: {…}`` if the puzzle says where it starts (by ids it wrote, or by names
        that each fit one card), else None."""
        if self.moment in ("main_phase_1", "start_step", "battle_step"):
            return f"start: {{moment: {self.moment}}}"
        if self.moment != "attack_declared":
            return None
        if self.attacker and by_comment:
            attacker, target = self.attacker, self.target
        elif self.hint_attack:
            attackers = names.get((0, self.hint_attack[0]), [])
            targets = names.get((1, self.hint_attack[1]), []) if self.hint_attack[1] else [""]
            if len(attackers) != 1 or len(targets) != 1:
                return None
            attacker, target = attackers[0], targets[0] or None
        else:
            return None
        return (f"start: {{moment: attack_declared, attacker: {attacker}"
                + (f", target: {target}}}" if target else "}"))


_LONG_COMMENT = re.compile(r"--\[=*\[")
_LANGUAGE = "|".join(re.escape(lang) for lang in BOOK_LANGUAGES)
_OWN_FIELD = re.compile(rf"((?:{_LANGUAGE}) (?:title|description)|description): ?(.*)")
_PLAYERS_WORDS = re.compile(r"Player 0 \(who moves first\) is ([AB]), the turn player; "
                            r"player 1 is ([AB])\.")


def _one_line(text: str) -> str:
    from gamebook.errors import printable

    return printable(" ".join(text.split()))
