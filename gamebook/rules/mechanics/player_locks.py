"""Players who cannot activate, cannot Set, or cannot add from the Deck (R176, R177, R184):
"your opponent cannot activate Spell/Trap Cards", "cannot activate cards or effects",
"cannot Set Spell/Trap Cards", "cards cannot be added from the Deck to your opponent's hand
except by drawing them".

Four abilities of a player (:class:`~gamebook.cards.model.PlayerAbility`), given as every
player ability is: for the rest of the turn by a resolved ``grant_player`` step, or while a
face-up card's continuous effect says so (``grants_player``, ``grants_opponent``, R110):

- ``cannot_activate_spell_trap``: the player cannot activate a Spell or Trap Card (the card's
  own activation, ``kind: activate``); an effect of a face-up Spell/Trap and a monster's
  effect are not Spell/Trap Cards being activated, and stay free;
- ``cannot_activate``: the player cannot activate any card or effect;
- ``cannot_set``: the player cannot Set a Spell/Trap Card: an effect's Set from the hand
  (Dust Tornado's "then you can Set", R165) offers no card and Sets nothing;
- ``cannot_add_from_deck``: no card goes from the Deck to the player's hand by an effect
  (Thunder Dragon Colossus's lock on the opponent): a search still resolves, as its card says,
  and adds nothing from the Deck (``add_to_hand``, R180); a card from the GY still goes.

A lock forbids activating, not what was activated: a card already on the chain when the lock
comes resolves as usual (the same as Jinzo's "cannot be activated", R123, without its
negation). A forbidden activation gets a ✘ line naming the card, or the turn's effect, that
locks (hook point ``activation_forbidden``).

"If this card attacks, your opponent cannot activate Spell/Trap Cards until the end of the
Damage Step" (Ancient Gear Golem) is ``grants_opponent: [cannot_activate_spell_trap]`` on a
continuous effect with ``conditions: [self_is_attacker]``: it applies from the attack
declaration, before anyone may respond to it, until that attack's Damage Step is over
(:func:`gamebook.rules.protection.ability_source`), and a later attack by another monster is
free again.
"""

from __future__ import annotations

from gamebook.cards.model import PLAYER_LOCKS, CardType, Effect, EffectKind, PlayerAbility
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.protection import ability_source
from gamebook.rules.state import GameState, Player

RULE = "player_activation_lock"
SET_RULE = "set_lock"
DECK_RULE = "deck_to_hand_lock"


def set_locked(rules: Rules, state: GameState, player: Player) -> bool:
    """Can ``player`` not Set a Spell/Trap Card now (R177)?"""
    return ability_source(rules, state, player, PlayerAbility.CANNOT_SET) is not None


def deck_locked(rules: Rules, state: GameState, player: Player) -> bool:
    """Can no card be added from the Deck to ``player``'s hand now (R184)?"""
    return ability_source(rules, state, player, PlayerAbility.CANNOT_ADD_FROM_DECK) is not None


def _forbidden(rules: Rules, state: GameState, player: Player, instance: str, effect: Effect
               ) -> tuple[str, str, tuple] | None:
    """A locked player's activation: any, or a Spell/Trap Card's own (R176); the ✘ line names
    the face-up card that locks, or says the lock lasts for the rest of this turn."""
    source = ability_source(rules, state, player, PlayerAbility.CANNOT_ACTIVATE)
    if source == "turn":
        return RULE, "cannot_activate_this_turn", (("locked", player.value),)
    if source is not None:
        return RULE, "cannot_activate", (("by", source), ("locked", player.value))
    if effect.kind is EffectKind.ACTIVATE and \
            rules.card_of(state, instance).card_type in (CardType.SPELL, CardType.TRAP):
        source = ability_source(rules, state, player, PlayerAbility.CANNOT_ACTIVATE_SPELL_TRAP)
        if source == "turn":
            return RULE, "cannot_activate_spell_trap_this_turn", (("locked", player.value),)
        if source is not None:
            return RULE, "cannot_activate_spell_trap", (("by", source),
                                                         ("locked", player.value))
    return None


def _gives_a_lock(effect: Effect) -> bool:
    return any(ability in PLAYER_LOCKS for ability in (
        *effect.grants_player, *effect.grants_opponent,
        *(step.ability for step in (*effect.cost, *effect.resolution))))


MECHANIC = Mechanic("player_locks", hooks=Hooks(activation_forbidden=(_forbidden,)),
                    present=_gives_a_lock)
