"""Which cards match a target or selection specification (targets at activation, R18).

One definition serves both: an effect's ``target`` (chosen when it is activated) and a
resolution step's ``select`` (chosen when it resolves, without targeting).
"""

from __future__ import annotations

from gamebook.cards.model import MonsterFrame, Position, TargetFilter, TargetSpec
from gamebook.rules.context import Rules
from gamebook.rules.state import GameState, Player


def matching_cards(rules: Rules, state: GameState, player: Player, source: str,
                   spec: TargetSpec) -> tuple[str, ...]:
    """Cards on the field that match ``spec`` for ``player``'s effect of card ``source``."""
    if TargetFilter.SPELL_TRAP in spec.filters:
        return tuple(card.id for card in state.spell_traps
                     if card.id != source and _side(spec, card.controller, player)
                     and (TargetFilter.FACE_UP not in spec.filters or card.face_up)
                     and (TargetFilter.FACE_DOWN not in spec.filters or not card.face_up))
    found = []
    attacker = state.attack.attacker if state.attack is not None else None
    for monster in state.monsters:
        if not _side(spec, monster.controller, player) or monster.battle_destroyed:
            continue  # destruction-confirmed monsters cannot be chosen (R51)
        card = rules.cards[monster.card]
        ok = True
        for wanted in spec.filters:
            if wanted is TargetFilter.ATTACK_POSITION:
                ok &= monster.position is Position.ATTACK
            elif wanted is TargetFilter.CAN_CHANGE_POSITION:
                ok &= not card.is_link  # R59
            elif wanted is TargetFilter.CAN_BE_SET:
                ok &= not card.is_link and card.frame is not MonsterFrame.TOKEN  # R59, R64
            elif wanted is TargetFilter.FACE_UP:
                ok &= monster.face_up
            elif wanted is TargetFilter.ATTACKING:
                ok &= monster.id == attacker
            elif wanted is TargetFilter.FACE_DOWN:
                ok &= not monster.face_up
        if spec.attribute is not None:
            ok &= monster.face_up and card.attribute == spec.attribute
        if spec.archetype is not None:
            ok &= monster.face_up and spec.archetype in card.archetypes
        if ok:
            found.append(monster.id)
    return tuple(found)


def _side(spec: TargetSpec, controller: Player, player: Player) -> bool:
    if spec.controller == "you":
        return controller is player
    if spec.controller == "opponent":
        return controller is not player
    return True


def distinguishable(rules: Rules, state: GameState, instances: tuple[str, ...]
                    ) -> tuple[str, ...]:
    """One card of each group of interchangeable monsters (the lowest id), in order.

    Two monsters are interchangeable when nothing in the game can tell them apart: the same
    card, controller, position, face, ATK/DEF record and per-turn history, and neither is
    named by the attack or by a chain link. Choosing one or the other leads to the same game
    up to their names, so only one choice is offered (Sheep Tokens: one "attack a Sheep
    Token", not four).
    """
    named = _named(state)
    seen: set[tuple] = set()
    kept = []
    monsters = {monster.id: monster for monster in state.monsters}
    made, extra = dict(state.attacks_declared), dict(state.extra_attacks)
    for instance in instances:
        monster = monsters.get(instance)
        if monster is None or instance in named:
            kept.append(instance)
            continue
        # as state.attacks_made and state.attack_allowance, without a dict per monster
        signature = (monster.card, monster.controller, monster.position, monster.face_up,
                     monster.stats, monster.battle_destroyed, made.get(instance, 0),
                     1 + extra.get(instance, 0), instance in state.flipped,
                     tuple(sorted(e for i, e in state.used_once_per_turn if i == instance)))
        if signature in seen:
            continue
        seen.add(signature)
        kept.append(instance)
    return tuple(kept)


def _named(state: GameState) -> set[str]:
    named: set[str] = set()
    if state.attack is not None:
        named.add(state.attack.attacker)
        if state.attack.target is not None:
            named.add(state.attack.target)
    for link in state.chain:
        named.add(link.card)
        named.update(value for _, value in link.refs)
    return named
