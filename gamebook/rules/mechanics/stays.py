"""Cards that stay on the field for some of the opponent's turns (R111): Swords of Revealing
Light. Once its activation has resolved, such a card counts the opponent's turns it has left
as a lasting effect on itself; the lock it applies while face-up is its continuous effect
(:mod:`gamebook.rules.protection`)."""

from __future__ import annotations

from gamebook.rules.state import GameState, Lasting

# The lasting effect of a card on itself: ``data`` is how many of the opponent's turns it
# still stays.
STAYS = "stays"


def turns_left(state: GameState, card: str) -> int | None:
    """How many of the opponent's turns ``card`` still stays, or ``None``."""
    record = state.lasting_on(card, STAYS)
    return record.data if record is not None else None


def staying(card: str, turns: int) -> Lasting:
    """The lasting effect of ``card`` staying for ``turns`` of the opponent's turns."""
    return Lasting(STAYS, card, data=turns)
