"""Could an effect apply at all if it resolved now? (R99)

A card or effect cannot be activated when its effect could not apply at all: Zero Gravity
with no face-up monster, Threatening Roar in its controller's own turn (the opponent cannot
declare an attack then anyway), Honest while the opponent's monster is still face-down.
:func:`could_apply` answers that once for every primitive, from the cards the activation
would capture (R18): an effect could apply when at least one of its steps could (a step
marked ``if_previous_applied`` depends on the one before it and is not asked).

It is the activation-time mirror of the resolution's own check (a step whose card is no
longer where it must be does nothing, :mod:`gamebook.rules.operations`): the same reasons
that make a step do nothing at resolution forbid an activation whose every step would.
"""

from __future__ import annotations

from gamebook.cards.model import Effect, OpName, PlayerAbility, PlayerRef, Primitive, Ref
from gamebook.rules.context import Rules
from gamebook.rules.selection import matching_cards
from gamebook.rules.state import GameState, Player

# Steps on cards that must be on the field (face-up or not) / face-up monsters / in the hand.
_ON_FIELD = (OpName.DESTROY, OpName.BANISH, OpName.RETURN_TO_HAND, OpName.SEND_TO_GY,
             OpName.TRIBUTE, OpName.SET_FACE_DOWN, OpName.SWITCH_POSITION,
             OpName.CHANGE_POSITION, OpName.GRANT_EXTRA_ATTACK)
_FACE_UP = (OpName.GAIN_ATK, OpName.HALVE_ATK, OpName.SET_ATK, OpName.HALVE_ORIGINAL_ATK,
            OpName.NEGATE_MONSTER_EFFECTS)
_NEGATIONS = (OpName.NEGATE_ACTIVATION, OpName.NEGATE_EFFECT)
# Steps that always do something when they resolve (the zone checks of a Token summon are
# the activation's own, R64).
_ALWAYS = (OpName.END_BATTLE_PHASE, OpName.SPECIAL_SUMMON_TOKENS, OpName.DISCARD)


def could_apply(rules: Rules, state: GameState, player: Player, effect: Effect,
                refs: tuple[tuple[Ref, str], ...]) -> bool:
    """Would at least one step of ``effect`` apply if it resolved now (R99)?

    ``refs`` are the cards the activation would capture; a ``target`` is taken as present
    (an effect with a target is activated only while it has a legal one, R59)."""
    if not effect.resolution:
        return True
    captured = dict(refs)
    for step in effect.resolution:
        if step.if_previous_applied:
            continue
        if step_could_apply(rules, state, player, step, captured):
            return True
    return False


def step_could_apply(rules: Rules, state: GameState, player: Player, step: Primitive,
                     captured: dict[Ref, str]) -> bool:
    """Would this one step do something if it resolved now?"""
    op = step.op
    if op in _ALWAYS:
        return True
    if op in (OpName.FORBID_ATTACK_DECLARATION, OpName.GRANT_PLAYER):
        return _player_effect_could_apply(state, player, step)
    if op is OpName.NEGATE_ATTACK:
        return state.attack is not None and not state.attack.negated
    if step.of is not None and step.of is not Ref.TARGET \
            and not _face_up_monster(state, captured.get(step.of)):
        return False  # "ATK equal to that monster's" needs the monster face-up
    if op in (OpName.INFLICT_DAMAGE, OpName.GAIN_LP):
        return True
    if step.select is not None:
        found = matching_cards(rules, state, player, captured.get(Ref.SELF, ""), step.select)
        if op in _FACE_UP or op is OpName.FLIP_FACE_UP:
            wanted_up = op is not OpName.FLIP_FACE_UP
            found = tuple(i for i in found
                          if state.monster(i) is not None
                          and state.monster(i).face_up is wanted_up)
        return bool(found)
    who = step.who
    if who is None or who is Ref.SELECTED or who is Ref.TARGET:
        return True  # a target is legal at activation; a selection is an earlier step's
    instance = captured.get(who)
    if instance is None:
        return False
    if op in _NEGATIONS:
        return any(link.card == instance and link.negated is None for link in state.chain)
    if op is OpName.SPECIAL_SUMMON:  # from the hand, the GY or the Deck (R97)
        return state.in_hand(instance) is not None or state.in_graveyard(instance) is not None \
            or state.in_deck(instance) is not None
    if op in _FACE_UP:
        return _face_up_monster(state, instance)
    if op is OpName.FLIP_FACE_UP:
        monster = state.monster(instance)
        return monster is not None and not monster.face_up
    if op in _ON_FIELD:
        return state.monster(instance) is not None or state.spell_trap(instance) is not None
    return True


def _face_up_monster(state: GameState, instance: str | None) -> bool:
    monster = state.monster(instance) if instance is not None else None
    return monster is not None and monster.face_up


def _player_effect_could_apply(state: GameState, player: Player, step: Primitive) -> bool:
    """A player's "cannot declare an attack" applies only to the turn player: every window
    the engine models is in that player's Battle Phase, the only one of the turn."""
    affected = player if step.player is PlayerRef.YOU else player.opponent
    if step.op is OpName.FORBID_ATTACK_DECLARATION or \
            step.ability is PlayerAbility.CANNOT_DECLARE_ATTACKS:
        return affected is state.turn_player
    return True
