"""The GY lock (R112): Necrovalley's "cards in the GY cannot be moved".

While a face-up card with ``locks_graveyard`` is on the field (a Field Spell applies once its
activation has resolved), an effect that would move a card that is in the GY (Special Summon
it, return it, banish it) does nothing as it resolves. Its activation is not negated and may
still be made: the book's can-line says it will do nothing. The lock is asked of the board
each time it matters, so destroying the lock with a card chained to the effect lifts it.
"""

from __future__ import annotations

from gamebook.cards.model import Effect, Ref, Zone
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.verb import Mechanic, verb_of
from gamebook.rules.state import ChainLink, GameState


def graveyard_lock(rules: Rules, state: GameState) -> str | None:
    """The face-up card whose continuous effect locks the GY now, or ``None``."""
    locking = rules.cards_with("locks_graveyard", lambda effect: effect.locks_graveyard)
    if not locking:
        return None
    waiting = rules.activations_on_chain(state)
    return next((card.id for card in state.spell_traps
                 if card.face_up and card.card in locking and card.id not in waiting), None)


def moves_graveyard_cards(state: GameState, effect: Effect, refs: dict[Ref, str]) -> bool:
    """Would ``effect`` move a card that is in the GY now? ``refs`` are the cards its
    activation captured; a selection from the GY counts whatever it will find."""
    for step in effect.resolution:
        if not verb_of(step.op).moves_card:
            continue
        if step.select is not None and step.select.zone is Zone.GRAVEYARD:
            return True
        instance = refs.get(step.who) if step.who is not None else None
        if instance is not None and state.in_graveyard(instance) is not None:
            return True
    return False


def _locked(rules: Rules, state: GameState, effect: Effect, refs: dict[Ref, str]
            ) -> str | None:
    lock = graveyard_lock(rules, state)
    return lock if lock is not None and moves_graveyard_cards(state, effect, refs) else None


def _on_resolution(rules: Rules, state: GameState, link: ChainLink, effect: Effect
                   ) -> tuple[str, str] | None:
    """The resolving link would move a card in the locked GY: it does nothing."""
    lock = _locked(rules, state, effect, dict(link.refs))
    return ("graveyard_locked", lock) if lock is not None else None


def _if_activated(rules: Rules, state: GameState, instance: str, effect: Effect
                  ) -> tuple[str, str, tuple] | None:
    """The can-line of an activation that may be made but would do nothing."""
    lock = _locked(rules, state, effect, {Ref.SELF: instance})
    return ("graveyard_lock", "graveyard_locked", (("by", lock),)) if lock is not None else None


MECHANIC = Mechanic("graveyard_lock", present=lambda effect: effect.locks_graveyard,
                    hooks=Hooks(negates_on_resolution=(_on_resolution,),
                                                  note_if_activated=(_if_activated,)))
