"""One Special Summon from the hand per chain (R117): a Trigger Effect activated in the hand
that Special Summons its own card (Gorz the Emissary of Darkness, Tragoedia, Battle Fader)
cannot be activated while another such effect is on the chain (hook point
``activation_forbidden``). A situation without such an effect does not ask it (``present``).

Two copies of a card whose effect is used once per attack (Battle Fader) are left to that
limit, which the book cites for them (R26, R117's statement).
"""

from __future__ import annotations

from gamebook.cards.model import Effect, EffectKind, Location, OpName, Ref
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState, Player


def summons_itself_from_hand(effect: Effect) -> bool:
    """A Trigger Effect activated in the hand that Special Summons its own card."""
    return effect.kind is EffectKind.TRIGGER and effect.location is Location.HAND and any(
        step.op is OpName.SPECIAL_SUMMON and step.who is Ref.SELF for step in effect.resolution)


def _forbidden(rules: Rules, state: GameState, player: Player, instance: str, effect: Effect
               ) -> tuple[str, str, tuple] | None:
    """Such an effect while another one, activated in the hand, is on the chain."""
    if not summons_itself_from_hand(effect):
        return None
    card = rules.card_of(state, instance)
    for link in state.chain:
        if not link.from_hand or not summons_itself_from_hand(
                rules.effect_of(state, link.card, link.effect)):
            continue
        if effect.one_per_attack and link.effect == effect.id \
                and rules.card_of(state, link.card) is card:
            continue  # a second copy for the same attack: "once per attack" says so
        return ("one_hand_summon_per_chain", "hand_summon_on_chain", ())
    return None


MECHANIC = Mechanic("one_hand_summon_per_chain", hooks=Hooks(activation_forbidden=(_forbidden,)),
                    present=summons_itself_from_hand)
