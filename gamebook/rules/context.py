"""What the rules functions need besides the state: card definitions, preset, scope, and the
hook points where the mechanics' lasting effects act (:mod:`gamebook.rules.mechanics`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields

from gamebook.cards.library import CardLibrary
from gamebook.cards.model import Card, Effect, EffectKind, spell_speed
from gamebook.rules.config import RulesConfig
from gamebook.rules.state import GameState


@dataclass(frozen=True)
class Hooks:
    """The named points where the engine asks the lasting effects of every mechanic, each a
    tuple of functions run in the order the mechanics are registered
    (:data:`gamebook.rules.mechanics.MECHANICS`). A mechanic fills the points it needs.

    - ``monster_gone(rules, state, instance, destroyed, face_down) -> (state, events)``: a
      monster left the field or was turned face-down (R105, R108);
    - ``card_gone(rules, state, spell_trap, had, destroyed) -> (state, events)``: a
      Spell/Trap with lasting effects on it (``had``: equipped or tied to a monster, …) left
      the field, and they ended (R108);
    - ``negates_on_resolution(rules, state, link, effect) -> (why, by) | None``: the
      resolving link does nothing, and why (R109, R112); the first answer counts;
    - ``note_if_activated(rules, state, instance, effect) -> (rule, reason, args) | None``:
      an activation that is legal but would be negated, as the book's can-line says it;
    - ``activation_forbidden(rules, state, player, instance, effect) -> (rule, reason, args)
      | None``: a lasting effect forbids ``player`` to activate ``effect`` of ``instance`` now
      (a card that says "Trap Cards cannot be activated"), and the refusal the book prints;
      the first answer counts;
    - ``target_forbidden(rules, state, player, source, instance) -> rule | None``: ``player``'s
      effect of card ``source`` cannot target card ``instance`` ("cannot be targeted by card
      effects"), and the rule that says so; the first answer counts;
    - ``unaffected_by(rules, state, source, instance) -> why | None``: the monster
      ``instance`` is unaffected by the effect of card ``source`` (R104), and why (the
      ``why`` of the event that says a step did not apply to it); the first answer counts;
    - ``battle_damage(rules, state, attacker, target, damaged, amount) -> (damaged, amount)``:
      at damage calculation (R50), the player who takes battle damage (``None``: nobody) and
      how much, as the comparison of ATK with ATK or DEF gave it (``target`` is ``None`` in
      a direct attack: the attacker's ATK to the opponent); each hook is given the answer of
      the one before. Also asked by the conditions that foresee the damage of a calculation
      (``would_take_battle_damage``);
    - ``attack_targets(rules, state, attacker, monsters) -> monsters``: the defender's
      monsters ``attacker`` may choose as its attack target, at its declaration (R32) and at
      a replay (R42), each hook narrowing what the one before left. A defender who controls
      monsters of which none may be chosen is not attacked directly: the attacker has no
      target (R33);
    - ``attack_beyond_allowance(rules, state, attacker, monsters) -> monsters``: the
      defender's monsters ``attacker`` may attack with an attack beyond its allowance
      (R32, R45: one, and the attacks granted to it), by a right of its own ("it can attack
      all monsters your opponent controls, once each", R169); the first non-empty answer
      counts, none: no such attack. Such an attack is never a direct attack;
    - ``tribute_forbidden(rules, state, instance) -> rule | None``: the monster ``instance``
      cannot be Tributed, for a cost, an effect or a Tribute Summon, and the rule that says
      so (R170); the first answer counts;
    - ``battle_destruction(rules, state, monster) -> why | None``: in damage calculation
      (R50), the monster the comparison destroys is not destroyed by that battle, and why
      (the ``why`` of the ``not_destroyed`` event); the first answer counts;
    - ``sent_to_graveyard(rules, state, instance, from_field) -> state``: the card
      ``instance`` was just sent to the GY, from the field or not (R133), by whatever sent it;
    - ``attack_forbidden(rules, state, instance) -> (source, effect) | None``: the monster
      ``instance`` cannot declare an attack now because of the effect ``effect`` of the
      face-up card ``source`` ("that monster cannot attack": Fiendish Chain, R166); the
      first answer counts;
    - ``card_moved(rules, state, instance, from_field, to, reason) -> state``: the card
      ``instance`` just moved, from the field or not, to ``to`` (``graveyard``, ``banished``,
      ``hand``, ``deck``, ``extra_deck``), for ``reason`` (``destroyed``, ``tributed``,
      ``discarded``, …, as the card off the field keeps it) (R171, R172);
    - ``destruction_replacement(rules, state, instance, cause) -> options``: the monster
      ``instance`` would be destroyed now, by ``cause`` (a DestructionCause: battle or effect),
      and its controller may replace that destruction (R183): the cards of their GY they may
      banish instead, each a choice (interchangeable ones once); ``()``: no replacement; the
      first non-empty answer counts;
    - ``effects_negated(rules, state, instance) -> source | None``: the card that negates the
      effects of the face-up monster ``instance`` now (R109), asked by its continuous effects
      on a player (:func:`gamebook.rules.protection.ability_source`); the first answer counts;
    - ``refresh(rules, state) -> (state, events)``: after each action, before the continuous
      ATK/DEF modifiers are brought in line (:mod:`gamebook.rules.continuous`), the lasting
      effects that follow the board (what is attacking now, which card is face-up) start or
      end.
    """

    monster_gone: tuple[Callable, ...] = ()
    card_gone: tuple[Callable, ...] = ()
    negates_on_resolution: tuple[Callable, ...] = ()
    note_if_activated: tuple[Callable, ...] = ()
    activation_forbidden: tuple[Callable, ...] = ()
    target_forbidden: tuple[Callable, ...] = ()
    unaffected_by: tuple[Callable, ...] = ()
    battle_damage: tuple[Callable, ...] = ()
    attack_targets: tuple[Callable, ...] = ()
    attack_beyond_allowance: tuple[Callable, ...] = ()
    tribute_forbidden: tuple[Callable, ...] = ()
    battle_destruction: tuple[Callable, ...] = ()
    sent_to_graveyard: tuple[Callable, ...] = ()
    attack_forbidden: tuple[Callable, ...] = ()
    card_moved: tuple[Callable, ...] = ()
    destruction_replacement: tuple[Callable, ...] = ()
    effects_negated: tuple[Callable, ...] = ()
    refresh: tuple[Callable, ...] = ()

    def __add__(self, other: Hooks) -> Hooks:
        return Hooks(*(getattr(self, name) + getattr(other, name) for name in HOOK_POINTS))


HOOK_POINTS = tuple(item.name for item in fields(Hooks))  # in the order of its fields


@dataclass(frozen=True)
class Rules:
    cards: CardLibrary
    config: RulesConfig
    scope: str  # a gamebook.situation.load.Scope value
    instances: tuple[tuple[str, str], ...]  # (instance id, card id), sorted
    hooks: Hooks = Hooks()  # of the mechanics present (gamebook.rules.mechanics.hooks_for)
    _card_of: dict[str, Card] = field(init=False, repr=False, compare=False)
    # (instance, effect id) -> the effect and its spell speed, looked up once
    _effects: dict[tuple[str, str], tuple[Effect, int]] = field(init=False, repr=False,
                                                                 compare=False)
    # name -> the situation's card ids with such an effect (cards_with)
    _cards_with: dict[str, frozenset[str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_card_of",
                           {instance: self.cards[card] for instance, card in self.instances})
        object.__setattr__(self, "_effects", {})
        object.__setattr__(self, "_cards_with", {})

    def card_of(self, state: GameState, instance: str) -> Card:
        """The card an instance is (instances keep their card wherever they are)."""
        return self._card_of[instance]

    def effect_of(self, state: GameState, instance: str, effect_id: str) -> Effect:
        return self._effect(instance, effect_id)[0]

    def speed(self, state: GameState, instance: str, effect_id: str) -> int:
        return self._effect(instance, effect_id)[1]

    def _effect(self, instance: str, effect_id: str) -> tuple[Effect, int]:
        key = (instance, effect_id)
        found = self._effects.get(key)
        if found is None:
            card = self._card_of[instance]
            effect = card.effect(effect_id)
            found = self._effects[key] = (effect, spell_speed(card, effect) or 0)
        return found

    def cards_with(self, name: str, has: Callable[[Effect], bool]) -> frozenset[str]:
        """The card ids of the situation with an effect that ``has`` says yes to, found once
        per ``name`` (most situations have none, and then the question costs nothing)."""
        found = self._cards_with.get(name)
        if found is None:
            found = self._cards_with[name] = frozenset(
                card_id for _, card_id in self.instances
                if any(has(effect) for effect in self.cards[card_id].played_effects))
        return found

    def activations_on_chain(self, state: GameState) -> frozenset[str]:
        """The cards whose activation is still on the chain: a Continuous card's lasting
        effect applies only once its activation has resolved."""
        return frozenset(link.card for link in state.chain
                         if self.effect_of(state, link.card, link.effect).kind
                         is EffectKind.ACTIVATE)
