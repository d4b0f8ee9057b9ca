"""The number ranges of a card file, which its schema (whole numbers) does not express.

A negative ATK, a Level 40 or a spell speed of 99 are typing mistakes, not cards: each is
reported with the file and line, all of a file's at once.
"""

from __future__ import annotations

from gamebook.cards.model import Card, OpName
from gamebook.errors import InputError
from gamebook.inputs.yamlsrc import Located

MAX_STAT = 1_000_000  # ATK/DEF printed on a card (the highest printed is 5000; "?" is not modelled)
# (field, lowest, highest) of the card itself
CARD_RANGES = (("atk", 0, MAX_STAT), ("defense", 0, MAX_STAT), ("level", 1, 13),
               ("link_rating", 1, 8), ("stays_for_opponent_turns", 1, 10))
SPELL_SPEEDS = (1, 3)
# Operations whose ``amount`` is a count or a number of points, never below 0.
_NOT_NEGATIVE = {"grant_extra_attack", "set_atk", "inflict_damage", "gain_lp"}
MAX_AMOUNT = 100_000_000
MAX_PASSCODE = 99_999_999  # a passcode has 8 digits at most


def range_problems(card: Card, located: Located) -> list[InputError]:
    """Every number of ``card`` outside its range, as one error each."""
    problems = []
    if card.passcode is not None and not 1 <= card.passcode <= MAX_PASSCODE:
        problems.append(located.error(("passcode",), f"passcode: {card.passcode} is not a "
                                      "passcode; expected the card's 8-digit number (1 to "
                                      "99999999, leading zeros left out: 04392470 is "
                                      "written 4392470)"))
    for name, low, high in CARD_RANGES:
        value = getattr(card, name)
        if value is not None and not low <= value <= high:
            problems.append(located.error((name,), f"{name}: {value} is out of range; expected "
                                          f"{low} to {high:,}"))
    for index, effect in enumerate(card.effects):
        loc = ("effects", index)
        low, high = SPELL_SPEEDS
        if effect.spell_speed is not None and not low <= effect.spell_speed <= high:
            problems.append(located.error(loc + ("spell_speed",), f"spell_speed: "
                                          f"{effect.spell_speed} is not a spell speed; "
                                          f"expected {low}, 2 or {high} (R1)"))
        for part in ("cost", "resolution"):
            for step_index, step in enumerate(getattr(effect, part)):
                if step.amount is None:
                    continue
                op = step.op.value if isinstance(step.op, OpName) else str(step.op)
                low = 0 if op in _NOT_NEGATIVE else -MAX_AMOUNT
                if not low <= step.amount <= MAX_AMOUNT:
                    problems.append(located.error(loc + (part, step_index, "amount"),
                                                  f"{op}: amount {step.amount} is out of range; "
                                                  f"expected {low:,} to {MAX_AMOUNT:,}"))
    return problems
