"""Which cards match a target or selection specification (targets at activation, R18).

One definition serves both: an effect's ``target`` (chosen when it is activated) and a
resolution step's ``select`` (chosen when it resolves, without targeting).
"""

from __future__ import annotations

from gamebook.cards.model import Position, TargetFilter, TargetSpec
from gamebook.rules.context import Rules
from gamebook.rules.state import GameState, Player


def matching_cards(rules: Rules, state: GameState, player: Player, source: str,
                   spec: TargetSpec) -> tuple[str, ...]:
    """Cards on the field that match ``spec`` for ``player``'s effect of card ``source``."""
    if TargetFilter.SPELL_TRAP in spec.filters:
        return tuple(card.id for card in state.spell_traps
                     if card.id != source and _side(spec, card.controller, player)
                     and (TargetFilter.FACE_UP not in spec.filters or card.face_up))
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
            elif wanted is TargetFilter.FACE_UP:
                ok &= monster.face_up
            elif wanted is TargetFilter.ATTACKING:
                ok &= monster.id == attacker
        if ok:
            found.append(monster.id)
    return tuple(found)


def _side(spec: TargetSpec, controller: Player, player: Player) -> bool:
    if spec.controller == "you":
        return controller is player
    if spec.controller == "opponent":
        return controller is not player
    return True
