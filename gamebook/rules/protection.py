"""Continuous effects on a player, conditioned on the board (R110).

A face-up card with ``grants_player`` gives its controller those abilities while its
``conditions`` hold (Spirit Barrier: "while you control a monster, you take no battle
damage"). Nothing is stored: the question is asked each time it matters, with the board as
it is then, so battle damage is checked at damage calculation (R50). A Continuous Trap's
effect applies once its activation has resolved, not while that is still on the chain. A
monster's "if this card attacks" (``conditions: [self_is_attacker]``, Ancient Gear Golem's
lock, R176) holds while it is the attacking monster: from its attack declaration until the
attack is over after its Damage Step.
"""

from __future__ import annotations

from gamebook.cards.model import Condition, Effect, EffectKind, PlayerAbility
from gamebook.rules.conditions import player_conditions_hold
from gamebook.rules.context import Rules
from gamebook.rules.state import GameState, MonsterState, Player


def ability_source(rules: Rules, state: GameState, player: Player, ability: PlayerAbility
                   ) -> str | None:
    """Why ``player`` has ``ability`` now: ``"turn"`` for an effect that resolved this turn
    (or battle), the card instance for a continuous one (R110), ``None`` when nothing gives
    it."""
    if state.has_ability(player, ability):
        return "turn"
    granting = rules.cards_with("grants_player", lambda e: e.kind is EffectKind.CONTINUOUS
                                and bool(e.grants_player or e.grants_opponent))
    if not granting:
        return None
    waiting = rules.activations_on_chain(state)
    for card in (*state.monsters, *state.spell_traps):
        if not card.face_up or card.card not in granting or card.id in waiting:
            continue
        if isinstance(card, MonsterState) and any(hook(rules, state, card.id) is not None
                                          for hook in rules.hooks.effects_negated):
            continue  # a monster's effects negated: its continuous ones too (R109)
        own = card.controller is player
        for effect in rules.cards[card.card].effects:
            given = effect.grants_player if own else effect.grants_opponent
            if ability in given and player_conditions_hold(state, card.controller, effect,
                                                                  card.id) \
                    and _attacking_if_said(state, effect, card.id):
                return card.id
    return None


def _attacking_if_said(state: GameState, effect: Effect, instance: str) -> bool:
    """"If this card attacks" (``conditions: [self_is_attacker]``, Ancient Gear Golem, R176):
    from its attack declaration until the end of that attack's Damage Step, while it is still
    the attacking monster (R38); ``True`` for an effect that does not say so."""
    if Condition.SELF_IS_ATTACKER not in effect.conditions:
        return True
    attack = state.attack
    return attack is not None and attack.attacker == instance and not attack.stopped


def has_player_ability(rules: Rules, state: GameState, player: Player,
                       ability: PlayerAbility) -> bool:
    return ability_source(rules, state, player, ability) is not None


def tribute_forbidden(rules: Rules, state: GameState, instance: str) -> str | None:
    """The rule by which the monster ``instance`` cannot be Tributed now, for a cost, an
    effect or a Tribute Summon (hook point ``tribute_forbidden``, R170), or ``None``."""
    for hook in rules.hooks.tribute_forbidden:
        rule = hook(rules, state, instance)
        if rule is not None:
            return rule
    return None
