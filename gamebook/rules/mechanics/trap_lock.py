"""Trap Cards locked and negated (R123): Royal Decree's "negate all other Trap effects on the
field" and Jinzo's "Trap Cards, and their effects on the field, cannot be activated. Negate
all Trap effects on the field".

Two continuous effects of a face-up card, asked of the board each time they matter, so
destroying the card with a card chained to a Trap lifts them at once:

- ``forbids_trap_activation`` (Jinzo): neither player can activate a Trap Card or a Trap
  effect on the field (one activated in the GY is not touched); the book's ✘ line names the
  card (hook point ``activation_forbidden``);
- ``negates_trap_effects`` (Royal Decree, Jinzo): a Trap Card or Trap effect activated on the
  field may still be activated (its cost is paid), and resolves with no effect while such a
  card other than itself is face-up then (hook point ``negates_on_resolution``); the
  can-line says so beforehand (``note_if_activated``).

The same negation for the rest of the turn, left on the whole field by a resolved card (Trap
Stun's ``negate_trap_effects``, R150): it applies from that resolution, to the Trap effects
below it on the chain too, and lasts although its card has gone to the GY.

A Continuous Trap applies once its activation has resolved; a monster's effect does not apply
while its effects are negated (Skill Drain, R109). Not modelled: the continuous effects of a
face-up Trap (Spirit Barrier's protection, Skill Drain's negation, a tie of Call of the
Haunted) are not negated; the reference engine and the rulings negate them too
(docs/engine.md).
"""

from __future__ import annotations

from gamebook.cards.model import CardType, Effect, EffectKind, Location, OpName, Primitive
from gamebook.rules.actions import event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.negated import effects_negated
from gamebook.rules.mechanics.verb import Acts, Applied, Mechanic, Verb, Where
from gamebook.rules.state import ChainLink, GameState, Player, replace

_FORBIDS = "forbids_trap_activation"
_NEGATES = "negates_trap_effects"


def trap_lock(rules: Rules, state: GameState, word: str, other_than: str | None = None
              ) -> str | None:
    """The face-up card whose continuous effect ``word`` (``forbids_trap_activation`` or
    ``negates_trap_effects``) applies now, other than ``other_than``, or ``None``."""
    locking = rules.cards_with(word, lambda effect: effect.kind is EffectKind.CONTINUOUS
                               and bool(getattr(effect, word)))
    if not locking:
        return None  # most situations: no such card, and the question costs nothing
    waiting = rules.activations_on_chain(state)
    for card in (*state.monsters, *state.spell_traps):
        if not card.face_up or card.card not in locking or card.id in waiting \
                or card.id == other_than:
            continue
        if state.monster(card.id) is not None and effects_negated(rules, state, card.id):
            continue  # Jinzo under Skill Drain (R109)
        return card.id
    return None


def turn_lock(state: GameState, other_than: str | None = None) -> str | None:
    """The card whose resolved effect negates Trap effects on the field for the rest of the
    turn (Trap Stun, R150), other than ``other_than``, or ``None``."""
    return next((card for word, card in sorted(state.field_effects)
                 if word == _NEGATES and card != other_than), None)


def _negate_trap_effects(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                         who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                         ) -> Applied:
    """Every other Trap effect on the field is negated for the rest of the turn (R150)."""
    state = replace(state, field_effects=state.field_effects | {(_NEGATES, link.card)})
    return state, [event(EventKind.TRAP_EFFECTS_NEGATED_FOR_TURN, link.player, link.card)], True


def _trap_on_field(rules: Rules, state: GameState, instance: str, effect: Effect) -> bool:
    """Is ``effect`` a Trap Card's activation or effect activated on the field (a Trap from
    the hand is activated on the field too), not in the GY?"""
    return rules.card_of(state, instance).card_type is CardType.TRAP \
        and effect.location is not Location.GRAVEYARD


def _forbidden(rules: Rules, state: GameState, player: Player, instance: str, effect: Effect
               ) -> tuple[str, str, tuple] | None:
    """Jinzo: a Trap Card or its effect on the field cannot be activated."""
    if not _trap_on_field(rules, state, instance, effect):
        return None
    lock = trap_lock(rules, state, _FORBIDS)
    return ("trap_lock", "trap_activation_forbidden", (("by", lock),)) if lock else None


def _on_resolution(rules: Rules, state: GameState, link: ChainLink, effect: Effect
                   ) -> tuple[str, str] | None:
    """The resolving Trap effect was activated on the field: it does nothing while a card
    that negates Trap effects is face-up (its own card excepted)."""
    if not _trap_on_field(rules, state, link.card, effect):
        return None
    lock = turn_lock(state, link.card)
    if lock is not None:
        return ("trap_effects_negated_this_turn", lock)
    lock = trap_lock(rules, state, _NEGATES, link.card)
    return ("trap_effects_negated", lock) if lock is not None else None


def _if_activated(rules: Rules, state: GameState, instance: str, effect: Effect
                  ) -> tuple[str, str, tuple] | None:
    """The can-line of a Trap that may be activated and would do nothing."""
    if not _trap_on_field(rules, state, instance, effect):
        return None
    lock = turn_lock(state, instance)
    if lock is not None:
        return ("trap_lock", "trap_effects_negated_this_turn", (("by", lock),))
    lock = trap_lock(rules, state, _NEGATES, instance)
    return ("trap_lock", "trap_effects_negated", (("by", lock),)) if lock is not None else None


def _negates_traps(effect: Effect) -> bool:
    return effect.negates_trap_effects or effect.forbids_trap_activation or any(
        step.op is OpName.NEGATE_TRAP_EFFECTS for step in effect.resolution)


MECHANIC = Mechanic("trap_lock", verbs=(
    Verb(OpName.NEGATE_TRAP_EFFECTS, _negate_trap_effects, acts=Acts.NOTHING, parameters=(),
         applies_if=Where.ANYWHERE, activatable_if=None),
), hooks=Hooks(activation_forbidden=(_forbidden,), negates_on_resolution=(_on_resolution,),
               note_if_activated=(_if_activated,)),
    present=_negates_traps)
