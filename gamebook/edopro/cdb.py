"""A card file skeleton from a ygopro/EDOPro ``cards.cdb`` (``gamebook cards new``).

A ``cards.cdb`` is an SQLite database with two tables keyed by passcode (``id``): ``datas``
(``type``, ``atk``, ``def``, ``level``, ``race``, ``attribute`` as numbers and bit flags) and
``texts`` (``name``, ``desc``). It is opened read-only through the standard library's
``sqlite3``. One file per language may be given (``en=cards.cdb``, ``zh-Hans=zh-CN.cdb``);
the names of all of them go into the skeleton and the stats come from the first that has
the card. The effects are left for the user to write in the vocabulary; the card's text from
the database is added as a comment, for reference only: it is the database's wording, not
ours, so it never goes into the bundled library.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import stat
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from gamebook.errors import GamebookError, InputError, printable

# Values of the type, attribute and race flags of a cards.cdb (ygopro's constants).
TYPE_MONSTER, TYPE_SPELL, TYPE_TRAP = 0x1, 0x2, 0x4
TYPE_PENDULUM = 0x1000000
FRAMES = ((0x4000000, "link"), (0x4000, "token"), (0x40, "fusion"), (0x2000, "synchro"),
          (0x800000, "xyz"), (0x80, "ritual"), (0x20, "effect"), (0x10, "normal"))
SPELL_TRAP_TYPES = ((0x10000, "quick_play"), (0x20000, "continuous"), (0x40000, "equip"),
                    (0x80000, "field"), (0x80, "ritual"), (0x100000, "counter"))
ATTRIBUTES = {0x01: "EARTH", 0x02: "WATER", 0x04: "FIRE", 0x08: "WIND", 0x10: "LIGHT",
              0x20: "DARK", 0x40: "DIVINE"}
RACES = {0x1: "Warrior", 0x2: "Spellcaster", 0x4: "Fairy", 0x8: "Fiend", 0x10: "Zombie",
         0x20: "Machine", 0x40: "Aqua", 0x80: "Pyro", 0x100: "Rock", 0x200: "Winged Beast",
         0x400: "Plant", 0x800: "Insect", 0x1000: "Thunder", 0x2000: "Dragon",
         0x4000: "Beast", 0x8000: "Beast-Warrior", 0x10000: "Dinosaur", 0x20000: "Fish",
         0x40000: "Sea Serpent", 0x80000: "Reptile", 0x100000: "Psychic",
         0x200000: "Divine-Beast", 0x400000: "Creator God", 0x800000: "Wyrm",
         0x1000000: "Cyberse", 0x2000000: "Illusion"}
UNKNOWN_STAT = -2  # "?" printed as ATK or DEF
LANGUAGES = ("en", "ja", "zh-Hant", "zh-Hans")
LANGUAGE_ALIASES = {"en": "en", "en-us": "en", "ja": "ja", "ja-jp": "ja", "jp": "ja",
                    "zh-hant": "zh-Hant", "zh-tw": "zh-Hant", "zh-hans": "zh-Hans",
                    "zh-cn": "zh-Hans", "zh": "zh-Hans"}
MAX_CDB_BYTES = 1_000_000_000  # far above any real cards.cdb (tens of MB)
TEXT_MARK = "Card text from"  # begins the reference comment; never in a bundled card file


class CdbError(GamebookError):
    """A cards.cdb cannot be read, or has no such card."""


@dataclass(frozen=True)
class Source:
    """One ``--cdb`` option: the file and the language of its names."""

    path: Path
    lang: str


@dataclass(frozen=True)
class Row:
    passcode: int
    alias: int
    type: int
    atk: int
    defense: int
    level: int
    race: int
    attribute: int
    name: str
    desc: str


def parse_source(option: str) -> Source:
    """``LANG=FILE`` or ``FILE``: the language is then read from the file's name
    (``zh-CN.cdb``, ``ja/cards.cdb``), else English."""
    lang, equals, rest = option.partition("=")
    if equals and lang.lower() in LANGUAGE_ALIASES:
        return Source(Path(rest), LANGUAGE_ALIASES[lang.lower()])
    path = Path(option)
    for word in (path.stem, path.parent.name):
        if word.lower() in LANGUAGE_ALIASES:
            return Source(path, LANGUAGE_ALIASES[word.lower()])
    return Source(path, "en")


def read_row(source: Source, passcode: int) -> Row | None:
    """The card ``passcode`` of the database, or ``None`` if it has no such card."""
    path = source.path
    _check_file(path)
    try:
        uri = path.resolve().as_uri() + "?mode=ro&immutable=1"
        with closing(sqlite3.connect(uri, uri=True)) as connection:
            found = connection.execute(
                "SELECT d.id, d.alias, d.type, d.atk, d.def, d.level, d.race, d.attribute, "
                "t.name, t.desc FROM datas d JOIN texts t ON t.id = d.id WHERE d.id = ?",
                (passcode,)).fetchone()
    except sqlite3.DatabaseError as exc:
        raise InputError(path, None, f"not a readable cards.cdb ({exc}); expected the SQLite "
                         "database of ygopro/EDOPro, with tables 'datas' and 'texts'") from None
    if found is None:
        return None
    numbers, (name, desc) = found[:8], found[8:]
    if not all(isinstance(value, int) for value in numbers):
        raise InputError(path, None, f"card {passcode}: expected whole numbers in 'datas'")
    return Row(*numbers, name=str(name or ""), desc=str(desc or ""))


def _check_file(path: Path) -> None:
    try:
        info = os.stat(path)
        mode, size = info.st_mode, info.st_size
    except FileNotFoundError:
        raise InputError(path, None, "file not found; expected a cards.cdb") from None
    except OSError as exc:
        raise InputError(path, None, f"cannot read the file ({exc.strerror})") from None
    if not stat.S_ISREG(mode):
        raise InputError(path, None, "is not a regular file; expected a cards.cdb")
    if size > MAX_CDB_BYTES:
        raise InputError(path, None, f"larger than {MAX_CDB_BYTES:,} bytes; expected a "
                         "cards.cdb")
    with open(path, "rb") as stream:
        if stream.read(16) != b"SQLite format 3\x00":
            raise InputError(path, None, "not an SQLite database; expected a cards.cdb")


def skeleton(passcode: int, sources: list[Source]) -> tuple[str, str]:
    """The card id and the text of a card file for ``passcode``, from ``sources``."""
    langs = [source.lang for source in sources]
    repeated = sorted({lang for lang in langs if langs.count(lang) > 1})
    if repeated:
        raise CdbError(f"two --cdb files for the language {repeated[0]}; give one per "
                       f"language (LANG=FILE: {', '.join(LANGUAGES)})")
    rows = [(source, read_row(source, passcode)) for source in sources]
    found = [(source, row) for source, row in rows if row is not None]
    if not found:
        names = ", ".join(str(source.path) for source in sources)
        raise CdbError(f"passcode {passcode} is in none of the cards.cdb files given ({names})")
    stats = found[0][1]
    names = {source.lang: _one_line(row.name) for source, row in found if row.name}
    card_id = _card_id(names.get("en", ""), passcode)
    lines = [f"# Card file skeleton written by gamebook cards new {passcode} from "
             + ", ".join(source.path.name for source, _ in found) + ".",
             "# Left to write: the effects, in the vocabulary of the README's \"Card files\".",
             f"id: {card_id}",
             f"passcode: {passcode}" + (f"  # {passcode:08d}" if passcode < 10**7 else "")]
    if stats.alias:
        lines[-1] += f"  # cards.cdb: an alias of {stats.alias} (another artwork?)"
    if "en" not in names:
        first = next(iter(names.values()), card_id)
        names = {"en": first, **names}
        lines.append("# no English cards.cdb was given: write the English name below")
    ordered = {lang: names[lang] for lang in (*LANGUAGES, *sorted(names)) if lang in names}
    lines.append("names: {" + ", ".join(f"{lang}: {json.dumps(name, ensure_ascii=False)}"
                                         for lang, name in ordered.items()) + "}")
    lines += _stats(stats)
    lines += ["effects: []  # each effect: id, kind, … (gamebook/cards/model.py lists them)"]
    for source, row in found:
        if row.desc:
            lines += ["", f"# {TEXT_MARK} {source.path.name} ({source.lang}), for reference "
                      "only; delete it before you share this file:"]
            lines += [f"#   {_one_line(part)}" for part in row.desc.splitlines() if part.strip()]
    return card_id, "\n".join(lines) + "\n"


def _stats(row: Row) -> list[str]:
    if row.type & TYPE_MONSTER:
        frame = next((name for bit, name in FRAMES if row.type & bit), "effect")
        lines = ["card_type: monster", f"frame: {frame}"]
        if row.type & TYPE_PENDULUM:
            lines.append("# a Pendulum Monster: its Pendulum Scale and effects are not modelled")
        attribute = ATTRIBUTES.get(row.attribute)
        lines.append(f"attribute: {attribute}" if attribute else
                     f"# attribute: (cards.cdb value {row.attribute} is not one gamebook knows)")
        race = RACES.get(row.race)
        lines.append(f"monster_type: {race}" if race else
                     f"# monster_type: (cards.cdb value {row.race} is not one gamebook knows)")
        level = row.level & 0xFF
        lines.append(f"link_rating: {level}" if frame == "link" else f"level: {level}")
        lines.append(_stat("atk", row.atk))
        if frame != "link":
            lines.append(_stat("defense", row.defense))
        return lines
    kind = "spell" if row.type & TYPE_SPELL else "trap"
    sub = next((name for bit, name in SPELL_TRAP_TYPES if row.type & bit), "normal")
    return [f"card_type: {kind}", f"spell_trap_type: {sub}"]


def _stat(name: str, value: int) -> str:
    if value == UNKNOWN_STAT or value < 0:
        return f"{name}: null  # '?' on the card (R62)"
    return f"{name}: {value}"


def _card_id(english: str, passcode: int) -> str:
    words = re.sub(r"[^a-z0-9]+", "_", english.lower().replace("'", "")).strip("_")
    return words if words and words[0].isalpha() else f"card_{passcode}"


def _one_line(text: str) -> str:
    return printable(" ".join(text.split()))
