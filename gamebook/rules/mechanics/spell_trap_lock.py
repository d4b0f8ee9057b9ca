"""Trap Cards and Spell Cards locked and negated (R123, R157): Royal Decree's "negate all other
Trap effects on the field", Jinzo's "Trap Cards, and their effects on the field, cannot be
activated. Negate all Trap effects on the field", and the same of Spell Cards: Imperial
Order's "negate all Spell effects on the field", Spell Canceller's "Spell Cards, and their
effects on the field, cannot be activated. Negate all Spell effects on the field".

Two continuous effects of a face-up card per card type, asked of the board each time they
matter, so destroying the card with a card chained to the locked one lifts them at once:

- ``forbids_trap_activation`` (Jinzo), ``forbids_spell_activation`` (Spell Canceller):
  neither player can activate a card of that type or its effect on the field (one activated
  in the GY is not touched); the book's ✘ line names the card (hook point
  ``activation_forbidden``);
- ``negates_trap_effects`` (Royal Decree, Jinzo), ``negates_spell_effects`` (Imperial Order,
  Spell Canceller): a card of that type or its effect activated on the field may still be
  activated (its cost is paid), and resolves with no effect while such a card other than
  itself is face-up then (hook point ``negates_on_resolution``); the can-line says so
  beforehand (``note_if_activated``).

The same negation of Traps for the rest of the turn, left on the whole field by a resolved
card (Trap Stun's ``negate_trap_effects``, R150): it applies from that resolution, to the
Trap effects below it on the chain too, and lasts although its card has gone to the GY.

A Continuous Trap applies once its activation has resolved; a monster's effect does not apply
while its effects are negated (Skill Drain, R109). Not modelled: the continuous effects of a
face-up Spell or Trap (Spirit Barrier's protection, Axe of Despair's raise, a tie of Call of
the Haunted) would be negated too; a situation that holds such a card beside a card that
would negate it is refused as it loads (:func:`gamebook.cards.honoured.negation_problem`),
rather than explored wrong.
"""

from __future__ import annotations

from gamebook.cards.model import (
    CardType,
    Effect,
    EffectKind,
    Location,
    OpName,
    Primitive,
    negated_card_types,
)
from gamebook.rules.actions import event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.negated import effects_negated
from gamebook.rules.mechanics.verb import Acts, Applied, Mechanic, Verb, Where
from gamebook.rules.state import ChainLink, GameState, Player, replace

_NEGATES = "negates_trap_effects"  # also the word of Trap Stun's turn-long negation (R150)
# Per locked card type: the word that forbids its activations, the word that negates its
# effects, and the rule.
WORDS: dict[CardType, tuple[str, str, str]] = {
    CardType.TRAP: ("forbids_trap_activation", _NEGATES, "trap_lock"),
    CardType.SPELL: ("forbids_spell_activation", "negates_spell_effects", "spell_lock"),
}


def card_lock(rules: Rules, state: GameState, word: str, other_than: str | None = None
              ) -> str | None:
    """The face-up card whose continuous effect ``word`` (one of :data:`WORDS`) applies now,
    other than ``other_than``, or ``None``."""
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


def _type_on_field(rules: Rules, state: GameState, instance: str, effect: Effect
                   ) -> CardType | None:
    """The type, Trap or Spell, of ``effect``'s card when the effect is that card's activation
    or an effect activated on the field (a Trap from the hand is activated on the field too),
    not in the GY; ``None`` otherwise."""
    card_type = rules.card_of(state, instance).card_type
    if card_type in WORDS and effect.location is not Location.GRAVEYARD:
        return card_type
    return None


def _forbidden(rules: Rules, state: GameState, player: Player, instance: str, effect: Effect
               ) -> tuple[str, str, tuple] | None:
    """Jinzo, Spell Canceller: a Trap or Spell Card or its effect on the field cannot be
    activated."""
    card_type = _type_on_field(rules, state, instance, effect)
    if card_type is None:
        return None
    forbids, _, rule = WORDS[card_type]
    lock = card_lock(rules, state, forbids)
    if lock is None:
        return None
    return (rule, "trap_activation_forbidden" if card_type is CardType.TRAP
            else "spell_activation_forbidden", (("by", lock),))


def _negating(rules: Rules, state: GameState, card_type: CardType, instance: str
              ) -> tuple[str, str] | None:
    """(why, the card) when an effect of ``instance``, a card of ``card_type`` activated on
    the field, would resolve with no effect now, or ``None``."""
    if card_type is CardType.TRAP and (lock := turn_lock(state, instance)) is not None:
        return ("trap_effects_negated_this_turn", lock)
    _, negates, _ = WORDS[card_type]
    lock = card_lock(rules, state, negates, instance)
    return (f"{card_type.value}_effects_negated", lock) if lock is not None else None


def _on_resolution(rules: Rules, state: GameState, link: ChainLink, effect: Effect
                   ) -> tuple[str, str] | None:
    """The resolving Trap or Spell effect was activated on the field: it does nothing while a
    card that negates such effects is face-up (its own card excepted)."""
    card_type = _type_on_field(rules, state, link.card, effect)
    return None if card_type is None else _negating(rules, state, card_type, link.card)


def _if_activated(rules: Rules, state: GameState, instance: str, effect: Effect
                  ) -> tuple[str, str, tuple] | None:
    """The can-line of a Trap or Spell that may be activated and would do nothing."""
    card_type = _type_on_field(rules, state, instance, effect)
    found = None if card_type is None else _negating(rules, state, card_type, instance)
    if found is None:
        return None
    why, lock = found
    return (WORDS[card_type][2], why, (("by", lock),))


def _locks(effect: Effect) -> bool:
    return bool(negated_card_types(effect)) or any(getattr(effect, forbids)
                                                   for forbids, _, _ in WORDS.values())


MECHANIC = Mechanic("spell_trap_lock", verbs=(
    Verb(OpName.NEGATE_TRAP_EFFECTS, _negate_trap_effects, acts=Acts.NOTHING, parameters=(),
         applies_if=Where.ANYWHERE, activatable_if=None),
), hooks=Hooks(activation_forbidden=(_forbidden,), negates_on_resolution=(_on_resolution,),
               note_if_activated=(_if_activated,)),
    present=_locks)
