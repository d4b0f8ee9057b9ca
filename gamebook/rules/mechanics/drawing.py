"""Drawing (R146, R:drawing_in_part): ``draw`` is a word of the vocabulary, but no situation
gives the Deck's order, so the engine never says which card a draw brings.

An effect that does nothing but draw (Pot of Greed) is refused at its activation with that
reason (hook point ``activation_forbidden``), wherever it could otherwise be activated: there
is nothing else it would do. An effect that does something else too (Defense Draw: "make
that battle damage 0, then draw 1 card") is activated as its other steps allow, and they
apply as it resolves; its draw step is told and left undone, with the reason
(R:drawing_in_part). A situation without such an effect does not ask it (``present``).
"""

from __future__ import annotations

from gamebook.cards.model import Effect, OpName, Primitive
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.verb import Acts, Applied, Mechanic, Verb, Where, skipped
from gamebook.rules.state import ChainLink, GameState, Player


def draws(effect: Effect) -> bool:
    """An effect with a step that draws."""
    return any(step.op is OpName.DRAW for step in effect.resolution)


def only_draws(effect: Effect) -> bool:
    """An effect whose every step draws: refused, it would do nothing the book can show."""
    return draws(effect) and all(step.op is OpName.DRAW for step in effect.resolution)


def _forbidden(rules: Rules, state: GameState, player: Player, instance: str, effect: Effect
               ) -> tuple[str, str, tuple] | None:
    return ("drawing", "draw_not_modelled", ()) if only_draws(effect) else None


def _draw(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
          who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """A draw beside other steps: told, and no card drawn (R:drawing_in_part)."""
    return state, [skipped(link, step, None, "draw_not_modelled")], False


def _draw_grammar(step: Primitive) -> str | None:
    return "draw: give 'amount', the number of cards drawn" if not step.amount else None


MECHANIC = Mechanic("drawing", verbs=(
    Verb(OpName.DRAW, _draw, acts=Acts.NOTHING, parameters=("amount",),
         applies_if=Where.ANYWHERE, activatable_if=None, grammar=_draw_grammar),
), hooks=Hooks(activation_forbidden=(_forbidden,)), present=draws)
