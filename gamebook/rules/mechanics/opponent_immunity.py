"""Unaffected by the opponent's card effects (R125): a face-up monster whose own continuous
effect grants ``unaffected_by_opponent``.

It generalises R104 (:mod:`gamebook.rules.mechanics.immunity`: other Spell/Trap effects for
the turn) through the same hook point, ``unaffected_by``, so every rule that asks whether an
effect affects a monster (a resolving step, a continuous ATK/DEF change, a tie, the attack
lock of Swords of Revealing Light) asks this too: an effect of a card the opponent controls
(or owns, once it has left the field), Monster, Spell or Trap, does not apply to it; its
controller's own effects do. It can still be targeted (R124 is another protection), and
battle is no card effect. Its own effect is switched off by a negation of its controller's
(Skill Drain of its own side, R109), not by one of the opponent's, which does not affect it.
"""

from __future__ import annotations

from gamebook.cards.model import EffectKind, StaticAbility
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.negated import effects_negated
from gamebook.rules.mechanics.verb import Mechanic, off_field
from gamebook.rules.state import GameState, Player

_ABILITY = StaticAbility.UNAFFECTED_BY_OPPONENT


def _side(state: GameState, card: str) -> Player | None:
    """Who a card's effect belongs to: its controller, or its owner off the field."""
    controller = state.controller(card)
    if controller is not None:
        return controller
    gone = off_field(state, card) or next(
        (c for c in (*state.banished, *state.vanished) if c.id == card), None)
    return gone.owner if gone is not None else None


def _unaffected_by_opponent(rules: Rules, state: GameState, source: str, instance: str
                            ) -> str | None:
    """The effect of ``source`` is the opponent's, and ``instance`` is unaffected by it."""
    granting = rules.cards_with(_ABILITY.value, lambda effect: effect.kind
                                is EffectKind.CONTINUOUS and _ABILITY in effect.grants)
    monster = state.monster(instance) if granting else None
    if monster is None or not monster.face_up or monster.card not in granting:
        return None
    side = _side(state, source)
    if side is None or side is monster.controller:
        return None
    negator = effects_negated(rules, state, instance)
    if negator is not None and _side(state, negator) is monster.controller:
        return None  # its own side's Skill Drain switches it off
    return "unaffected_by_opponent"


MECHANIC = Mechanic("opponent_immunity", hooks=Hooks(unaffected_by=(_unaffected_by_opponent,)),
                    present=lambda effect: _ABILITY in effect.grants)
