"""The puzzle interface's constants, and where each zone of a situation is for EDOPro.

A puzzle names a place by a location (``LOCATION_MZONE``, …) and a sequence, counted from
the controller's left: the Main Monster Zones ``m1``-``m5`` are sequences 0-4 of
``LOCATION_MZONE``, the Spell & Trap Zones ``s1``-``s5`` sequences 0-4 of ``LOCATION_SZONE``
and the Field Zone sequence 5 of ``LOCATION_SZONE``. The two Extra Monster Zones are shared:
a situation names them as the turn player sees the field (``emz_left`` on the turn player's
left), and the turn player is player 0 of the puzzle, so ``emz_left`` is player 0's
sequence 5 and player 1's sequence 6 (the same zone, seen from the other side).

:func:`placement` gives every card of a situation its place, the zones the situation leaves
open included (the first free zone, in the order the cards are listed), so that the export
and the round-trip test agree on them.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamebook.cards.library import CardLibrary
from gamebook.cards.model import MonsterFrame, Position, SpellTrapType
from gamebook.situation.model import MAIN_ZONES, SituationFile

# Values of the public constants of the EDOPro (ygopro) script interface.
LOCATIONS = {
    "LOCATION_DECK": 0x01, "LOCATION_HAND": 0x02, "LOCATION_MZONE": 0x04,
    "LOCATION_SZONE": 0x08, "LOCATION_GRAVE": 0x10, "LOCATION_REMOVED": 0x20,
    "LOCATION_EXTRA": 0x40, "LOCATION_OVERLAY": 0x80, "LOCATION_FZONE": 0x100,
    "LOCATION_PZONE": 0x200,
}
POSITIONS = {
    "POS_FACEUP_ATTACK": 0x1, "POS_FACEDOWN_ATTACK": 0x2, "POS_FACEUP_DEFENSE": 0x4,
    "POS_FACEUP_DEFENCE": 0x4, "POS_FACEDOWN_DEFENSE": 0x8, "POS_FACEDOWN_DEFENCE": 0x8,
    "POS_FACEUP": 0x5, "POS_FACEDOWN": 0xA, "POS_ATTACK": 0x3, "POS_DEFENSE": 0xC,
    "POS_DEFENCE": 0xC,
}
CONSTANTS = {**LOCATIONS, **POSITIONS}
LOCATION_NAMES = {value: name for name, value in LOCATIONS.items()}
POSITION_NAMES = {0x1: "POS_FACEUP_ATTACK", 0x2: "POS_FACEDOWN_ATTACK",
                  0x4: "POS_FACEUP_DEFENSE", 0x8: "POS_FACEDOWN_DEFENSE",
                  0x5: "POS_FACEUP", 0xA: "POS_FACEDOWN"}

HAND, MZONE, SZONE, FZONE, GRAVE, DECK = (LOCATIONS[name] for name in (
    "LOCATION_HAND", "LOCATION_MZONE", "LOCATION_SZONE", "LOCATION_FZONE", "LOCATION_GRAVE",
    "LOCATION_DECK"))
FACEUP_ATTACK, FACEUP_DEFENSE, FACEDOWN_DEFENSE = 0x1, 0x4, 0x8
FACEUP, FACEDOWN = 0x5, 0xA
FIELD_ZONE_SEQUENCE = 5  # the Field Zone is LOCATION_SZONE, sequence 5

SPELL_TRAP_ZONES = ("s1", "s2", "s3", "s4", "s5")
# Frames whose monsters a puzzle marks as properly Summoned (AddCard's 7th argument), since
# they cannot be Special Summoned otherwise.
PROPERLY_SUMMONED = (MonsterFrame.LINK, MonsterFrame.FUSION, MonsterFrame.SYNCHRO,
                     MonsterFrame.XYZ, MonsterFrame.RITUAL)


def monster_sequence(zone: str, player: int) -> int:
    """The ``LOCATION_MZONE`` sequence of a monster zone of player 0 or 1."""
    if zone in MAIN_ZONES:
        return MAIN_ZONES.index(zone)
    left = zone == "emz_left"
    return 5 if left == (player == 0) else 6


def monster_zone(sequence: int, player: int) -> str:
    """The zone name of a ``LOCATION_MZONE`` sequence (0-6) of player 0 or 1."""
    if sequence < 5:
        return MAIN_ZONES[sequence]
    return "emz_left" if (sequence == 5) == (player == 0) else "emz_right"


def spell_trap_sequence(zone: str) -> int:
    return FIELD_ZONE_SEQUENCE if zone == "field" else SPELL_TRAP_ZONES.index(zone)


@dataclass(frozen=True)
class Placed:
    """One card of a situation where the puzzle puts it."""

    player_name: str  # A or B
    player: int  # 0 (the turn player) or 1
    instance: str
    card: str
    location: int
    sequence: int
    position: int
    zone: str | None  # m1 … emz_right, s1 … field; None in the hand
    turns_left: int | None = None  # a face-up card that stays for the opponent's turns (R111)


def seat(spec: SituationFile, name: str) -> int:
    """The puzzle's player number of situation player ``name``: the turn player is 0."""
    return 0 if name == spec.turn_player else 1


def placement(spec: SituationFile, cards: CardLibrary) -> list[Placed]:
    """Every card of the situation in its place, player 0 first: monsters, Spells/Traps,
    the hand, the GY, then the Deck cards the situation lists (a puzzle's Deck holds just
    those: the rest of a situation's Deck is unknown and never chosen)."""
    placed: list[Placed] = []
    for name in sorted(spec.players, key=lambda name: seat(spec, name)):
        entry, player = spec.players[name], seat(spec, name)
        taken = {m.zone for m in entry.monsters if m.zone}
        free = [zone for zone in MAIN_ZONES if zone not in taken]
        for monster in entry.monsters:
            zone = monster.zone or free.pop(0)
            if not monster.face_up:
                position = FACEDOWN_DEFENSE
            elif monster.position is Position.DEFENSE:
                position = FACEUP_DEFENSE
            else:
                position = FACEUP_ATTACK
            placed.append(Placed(name, player, monster.id, monster.card, MZONE,
                                 monster_sequence(zone, player), position, zone))
        taken = {s.zone for s in entry.spell_traps if s.zone}
        free = [zone for zone in SPELL_TRAP_ZONES if zone not in taken]
        for item in entry.spell_traps:
            if item.zone:
                zone = item.zone
            elif cards[item.card].spell_trap_type is SpellTrapType.FIELD:
                zone = "field"
            else:
                zone = free.pop(0)
            placed.append(Placed(name, player, item.id, item.card, SZONE,
                                 spell_trap_sequence(zone), FACEUP if item.face_up
                                 else FACEDOWN, zone, item.turns_left))
        for index, card in enumerate(entry.hand):
            placed.append(Placed(name, player, card.id, card.card, HAND, index, FACEDOWN,
                                 None))
        for index, card in enumerate(entry.graveyard):
            placed.append(Placed(name, player, card.id, card.card, GRAVE, index, FACEUP,
                                 None))
        for index, card in enumerate(entry.deck):
            placed.append(Placed(name, player, card.id, card.card, DECK, index, FACEDOWN,
                                 None))
    return placed


def equips(spec: SituationFile) -> list[tuple[str, str]]:
    """(Equip Spell, monster) of every face-up Equip Spell of the situation (R105)."""
    return [(item.id, item.equipped_to) for name in sorted(spec.players, key=lambda n:
                                                            seat(spec, n))
            for item in spec.players[name].spell_traps if item.equipped_to]
