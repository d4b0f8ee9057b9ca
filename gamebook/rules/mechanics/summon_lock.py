"""Players who cannot Special Summon (R126): "cannot Special Summon monsters" for the rest of
the turn (``grant_player`` with ``ability: cannot_special_summon``, on either player) or
while a face-up card says so (``grants_player``, ``grants_opponent``, R110).

It generalises Scapegoat's restriction (R103, ``cannot_summon``: other monsters than its own
Tokens, the turn its player activated it): this lock forbids every Special Summon of the
locked player, Tokens included. An effect that would Special Summon to a locked player's
field cannot be activated (hook point ``activation_forbidden``: its ✘ line cites this rule);
one already on the chain when the lock comes summons nothing to that field as it resolves
(:func:`summon_locked`, asked by the summoning verbs). The other locks on a player, "cannot
activate" and "cannot Set" (an effect can Set a Spell/Trap in a Battle Phase, R165), are
:mod:`gamebook.rules.mechanics.player_locks` (R176, R177): they forbid an activation by what
it is, not by what it would do.
"""

from __future__ import annotations

from gamebook.cards.model import Effect, OpName, PlayerAbility, PlayerRef
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.mechanics.verb import Mechanic, grants_player_ability
from gamebook.rules.protection import ability_source
from gamebook.rules.state import GameState, Player

_SUMMONS = (OpName.SPECIAL_SUMMON, OpName.SPECIAL_SUMMON_TOKENS)


def summon_locked(rules: Rules, state: GameState, player: Player) -> bool:
    """Can ``player`` not Special Summon now (R126)?"""
    return ability_source(rules, state, player, PlayerAbility.CANNOT_SPECIAL_SUMMON) is not None


def _forbidden(rules: Rules, state: GameState, player: Player, instance: str, effect: Effect
               ) -> tuple[str, str, tuple] | None:
    """An effect that would Special Summon to a locked player's field."""
    for step in effect.resolution:
        if step.op not in _SUMMONS:
            continue
        receiver = player if step.op is OpName.SPECIAL_SUMMON or step.player is PlayerRef.YOU \
            else player.opponent  # a Special Summon goes to its resolving player's field
        if summon_locked(rules, state, receiver):
            return "special_summon_lock", "cannot_special_summon", (("locked", receiver.value),)
    return None


MECHANIC = Mechanic("summon_lock", hooks=Hooks(activation_forbidden=(_forbidden,)),
                    present=grants_player_ability(PlayerAbility.CANNOT_SPECIAL_SUMMON))
