"""Monsters whose effects are negated on the field (R109).

A face-up monster's effects are negated while a lasting effect on it says so ("negate its
effects until the end of this turn": Forbidden Chalice, the lasting effect ``negated``) or while
a face-up card's continuous effect selects it (Skill Drain's ``negates_effects_of``, from the
moment its activation has resolved until it leaves the field or is turned face-down).

What negation does, each in its own place:

- its continuous effects do not apply: ``grants`` (:func:`has_static`) and ``modifies``
  (:mod:`gamebook.rules.continuous`);
- its effects activated on the field may still be activated (the activation is not negated),
  but one resolves with no effect when the monster is face-up on the field with its effects
  negated as the link resolves, or when it was activated while a lasting effect on that
  monster negated its effects (:func:`negated_on_resolution`,
  :func:`negated_at_activation`);
- effects activated in the hand or the GY are not touched: the negation is of monsters on
  the field, a monster destroyed by battle among them until it leaves at the end of the
  Damage Step (its Flip Effect, R52).
"""

from __future__ import annotations

from gamebook.cards.model import (
    CardType,
    Effect,
    EffectKind,
    Location,
    OpName,
    Primitive,
    Ref,
    StaticAbility,
    TargetSpec,
)
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.verb import Applied, Mechanic, Verb, Where, verb_of
from gamebook.rules.selection import matching_cards
from gamebook.rules.state import ChainLink, GameState, Lasting, MonsterState, Until

# The lasting effect on a monster whose effects are negated until the end of the turn by
# ``source``'s effect (R109); it ends when the monster leaves the field or is turned face-down.
NEGATED = "negated"


def negated_by(state: GameState, instance: str) -> str | None:
    """The card whose effect negates the effects of monster ``instance`` until the end of
    the turn (the lasting effect ``negated``: Forbidden Chalice), or ``None``."""
    record = state.lasting_on(instance, NEGATED)
    return record.source if record is not None else None


def effects_negated(rules: Rules, state: GameState, instance: str) -> str | None:
    """The card instance that negates the effects of the face-up monster ``instance`` now,
    or ``None`` (the monster is not on the field, is face-down, or nothing negates it)."""
    monster = state.monster(instance)
    if monster is None or not monster.face_up:
        return None
    if (lasting := negated_by(state, instance)) is not None:
        return lasting
    for source in _negating_sources(rules, state):
        # A monster destroyed by battle is face-up on the field until the end of the Damage
        # Step and keeps what applies to it (R52): its Flip Effect is negated too.
        found = matching_cards(rules, state, state.controller(source), source,
                               _negation_spec(rules, state, source), applying=True)
        if instance in found:
            return source
    return None


def _negating_sources(rules: Rules, state: GameState) -> tuple[str, ...]:
    """The face-up cards whose continuous negation applies now: not while their own
    activation is still on the chain (a Continuous Trap applies once it has resolved)."""
    negating = _negating_cards(rules)
    if not negating:
        return ()
    waiting = rules.activations_on_chain(state)
    return tuple(card.id for card in (*state.monsters, *state.spell_traps)
                 if card.face_up and card.card in negating and card.id not in waiting)


def _negating_cards(rules: Rules) -> frozenset[str]:
    """Card ids with a continuous ``negates_effects_of``."""
    return rules.cards_with("negates_effects_of", lambda e: e.negates_effects_of is not None)


def _negation_spec(rules: Rules, state: GameState, source: str) -> TargetSpec:
    card = rules.card_of(state, source)
    return next(e.negates_effects_of for e in card.effects if e.negates_effects_of is not None)


def has_static(rules: Rules, state: GameState, monster: MonsterState,
               ability: StaticAbility) -> bool:
    """Does the monster's own continuous effect make ``ability`` true now (R7)? Not while its
    effects are negated (R109)."""
    if not rules.cards[monster.card].has_ability(ability):
        return False
    return effects_negated(rules, state, monster.id) is None


def activated_on_field(rules: Rules, state: GameState, link: ChainLink, effect: Effect) -> bool:
    """Is the link a monster effect activated on the field (not in the hand or the GY)?"""
    return (not link.from_hand and effect.location is Location.FIELD
            and effect.kind is not EffectKind.ACTIVATE
            and rules.card_of(state, link.card).card_type is CardType.MONSTER)


def negated_at_activation(rules: Rules, state: GameState, instance: str, effect: Effect
                          ) -> bool:
    """The monster ``instance`` activates ``effect`` on the field while a lasting effect on it
    negates its effects: the effect is negated wherever the monster is when it resolves."""
    monster = state.monster(instance)
    return (monster is not None and monster.face_up and negated_by(state, instance) is not None
            and effect.location is Location.FIELD and effect.kind is not EffectKind.ACTIVATE)


def negated_on_resolution(rules: Rules, state: GameState, link: ChainLink, effect: Effect
                          ) -> str | None:
    """The card that negates the resolving link: it is a monster effect activated on the
    field, and the monster is face-up there now with its effects negated. ``None`` if not (a
    monster that left the field as the cost, or was turned face-down, escapes Skill Drain)."""
    monster = state.monster(link.card)
    if monster is None or (negated_by(state, monster.id) is None
                           and not _negating_cards(rules)):
        return None  # most links: nothing negates anything
    if not activated_on_field(rules, state, link, effect):
        return None
    return effects_negated(rules, state, link.card)


def negated_if_activated(rules: Rules, state: GameState, instance: str, effect: Effect
                         ) -> tuple[str, bool] | None:
    """``(negator, escapes)`` when the face-up monster ``instance`` has its effects negated
    now and ``effect`` is one it activates on the field: it may still be activated (R109).
    ``escapes`` is true when its cost takes the monster off the field and only a continuous
    negation applies: the effect then resolves normally. ``None`` when nothing negates it."""
    if effect.location is not Location.FIELD or effect.kind is EffectKind.ACTIVATE:
        return None
    negator = effects_negated(rules, state, instance)
    if negator is None:
        return None
    leaves = any(verb_of(step.op).takes_off_field and step.who is Ref.SELF
                 for step in effect.cost)
    return negator, leaves and negated_by(state, instance) is None


def _negate_monster_effects(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                            who: tuple[str, ...], of: str | None, cost: bool,
                            chosen: str | None) -> Applied:
    """The monster's effects are negated until the end of the turn (R109): its continuous
    effects stop at once, and so does an effect of it still on the chain."""
    events: list[Event] = []
    applied = False
    for instance in who:
        monster = state.monster(instance)
        applied = True  # the step applies to it, effects or not (R18)
        if not rules.cards[monster.card].effects:
            continue  # a monster without effects: nothing to negate, nothing to tell
        if negated_by(state, instance) is None:
            state = state.with_lasting(Lasting(NEGATED, instance, link.card, Until.FACE_DOWN))
        events.append(event(EventKind.EFFECTS_NEGATED, monster.controller, instance, by=link.card))
    return state, events, applied


def _negated_on_resolution(rules: Rules, state: GameState, link: ChainLink, effect: Effect
                           ) -> tuple[str, str] | None:
    negator = negated_on_resolution(rules, state, link, effect)
    return ("monster_effects_negated", negator) if negator is not None else None


def _negated_note(rules: Rules, state: GameState, instance: str, effect: Effect
                  ) -> tuple[str, str, tuple] | None:
    """The can-line of an activation that is legal but negated (R109)."""
    negated = negated_if_activated(rules, state, instance, effect)
    if negated is None:
        return None
    by, escapes = negated
    lasting = negated_by(state, instance) == by  # Forbidden Chalice
    reason = ("escapes_negation" if escapes else
              "effects_negated_lasting" if lasting else "effects_negated")
    return "negated_on_the_field", reason, (("by", by),)


MECHANIC = Mechanic("negated", verbs=(
    Verb(OpName.NEGATE_MONSTER_EFFECTS, _negate_monster_effects,
         activatable_if=Where.FACE_UP_MONSTER),
), hooks=Hooks(negates_on_resolution=(_negated_on_resolution,),
               note_if_activated=(_negated_note,), effects_negated=(effects_negated,)))
