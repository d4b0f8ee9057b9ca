"""Monsters that cannot attack while a face-up card says so (R166): Fiendish Chain's "that
face-up monster cannot attack".

A face-up card whose continuous effect has ``forbids_attacks_of`` (a selection, usually
``filters: [tied]``: the monster the card is tied to, R108) forbids each face-up monster it
selects to declare an attack, from the moment the card's activation has resolved until the card
leaves the field or is turned face-down, or the monster stops being selected (the tie ends when
the monster leaves the field or is turned face-down). It is asked each time an attack could be
declared (hook point ``attack_forbidden``), and when a chain has resolved: the attacking
monster that can no longer attack ends its attack without a Damage Step (R38), as EDOPro
plays it and the card's rulings read (:func:`gamebook.rules.battle.attack_locked`,
``_attack_still_valid``). A monster unaffected by the card's effects escapes it (R104, R125).
"""

from __future__ import annotations

from gamebook.cards.model import Effect, EffectKind
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.immunity import unaffected
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.selection import matching_cards
from gamebook.rules.state import GameState


def _forbidding_cards(rules: Rules) -> frozenset[str]:
    """Card ids with a continuous ``forbids_attacks_of``."""
    return rules.cards_with("forbids_attacks_of", _forbids)


def _forbids(effect: Effect) -> bool:
    return effect.kind is EffectKind.CONTINUOUS and effect.forbids_attacks_of is not None


def attack_forbidden_by(rules: Rules, state: GameState, instance: str
                        ) -> tuple[str, str] | None:
    """The face-up card that forbids the face-up monster ``instance`` to attack now and its
    effect that says so, or ``None``."""
    forbidding = _forbidding_cards(rules)
    monster = state.monster(instance)
    if not forbidding or monster is None or not monster.face_up:
        return None
    waiting = rules.activations_on_chain(state)
    for card in state.spell_traps:
        if not card.face_up or card.card not in forbidding or card.id in waiting:
            continue
        for effect in rules.cards[card.card].effects:
            if not _forbids(effect):
                continue
            found = matching_cards(rules, state, card.controller, card.id,
                                   effect.forbids_attacks_of, applying=True)
            if instance in found and not unaffected(rules, state, card.id, (instance,)):
                return card.id, effect.id
    return None


MECHANIC = Mechanic("attack_forbidden", hooks=Hooks(attack_forbidden=(attack_forbidden_by,)),
                    present=_forbids)
