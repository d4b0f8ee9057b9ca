"""Negating a chain link below: its activation or its effect (R17). A negation chained to a
link answers that link alone (R116): another link of the same card lower in the chain (the
ATK-to-0 link of a Linkuriboh whose GY effect Solemn Warning answers) still resolves. The
activation of a monster effect whose monster had its effects negated as it was activated
(Effect Veiler resolved before, R109) stands, and may be negated too (Solemn Strike, R158):
the negation is then of the activation, and the rest of the step (destroy that card) follows.
"""

from __future__ import annotations

from gamebook.cards.model import OpName, Primitive, Ref
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.verb import ACTIVATION_STANDS, Applied, Mechanic, Verb, Where
from gamebook.rules.state import ChainLink, GameState, replace


def _negate(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
            who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """Negate the activation (or the effect) of a lower chain link: it will do nothing. The
    link a ``chained_to`` step answers is the one right below: links leave the chain only from
    the top, so it is still there (R116)."""
    what = "activation" if step.op is OpName.NEGATE_ACTIVATION else "effect"
    events: list[Event] = []
    chain = list(state.chain)
    below = range(len(chain) - 2, len(chain) - 1) if step.who is Ref.CHAINED_TO \
        else range(len(chain) - 1)
    for index in below:
        other = chain[index]
        if other.card in who and (other.negated is None or (
                what == "activation" and other.negated in ACTIVATION_STANDS)):
            chain[index] = replace(other, negated=what)
            events.append(event(EventKind.NEGATED, other.player, other.card, other.effect,
                                what=what, link=index + 1))
    return replace(state, chain=tuple(chain)), events, bool(events)


MECHANIC = Mechanic("chain_negation", verbs=(
    Verb(OpName.NEGATE_ACTIVATION, _negate, applies_if=Where.CHAIN_ACTIVATION,
         activatable_if=Where.CHAIN_ACTIVATION),
    Verb(OpName.NEGATE_EFFECT, _negate, applies_if=Where.CHAIN, activatable_if=Where.CHAIN)))
