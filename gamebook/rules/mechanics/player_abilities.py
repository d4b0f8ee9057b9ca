"""Effects on a player for the rest of the turn or the battle: "cannot declare an attack",
"take no battle damage", "cannot Special Summon" (Waboku, Threatening Roar; R103).
"""

from __future__ import annotations

from gamebook.cards.model import Duration, OpName, PlayerAbility, PlayerRef, Primitive
from gamebook.rules.actions import event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.verb import Acts, Applied, Mechanic, Verb, player_of
from gamebook.rules.state import ChainLink, GameState, Player, replace


def _grant_player(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                  who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                  ) -> Applied:
    """A floating effect on a player for the rest of the turn (Waboku, Threatening Roar)."""
    player = player_of(link, step)
    ability = step.ability
    if ability is PlayerAbility.CANNOT_DECLARE_ATTACKS:
        state = replace(state, cannot_declare_attacks=state.cannot_declare_attacks | {player})
        return state, [event(EventKind.ATTACKS_FORBIDDEN, player)], True
    if step.duration is Duration.END_OF_BATTLE:
        state = replace(state, battle_abilities=state.battle_abilities | {(player, ability)})
        return state, [event(EventKind.PLAYER_ABILITY, player, ability=ability.value,
                             duration="battle")], True
    state = replace(state, player_abilities=state.player_abilities | {(player, ability)})
    return state, [event(EventKind.PLAYER_ABILITY, player, ability=ability.value)], True


def _forbid_attack_declaration(rules: Rules, state: GameState, link: ChainLink,
                               step: Primitive, who: tuple[str, ...], of: str | None, cost: bool,
                               chosen: str | None) -> Applied:
    step = replace(step, ability=PlayerAbility.CANNOT_DECLARE_ATTACKS)
    return _grant_player(rules, state, link, step, who, of, cost, chosen)



def _player_effect_could_apply(state: GameState, player: Player, step: Primitive) -> bool:
    """A player's "cannot declare an attack" applies only to the turn player: every window
    the engine models is in that player's Battle Phase, the only one of the turn."""
    affected = player if step.player is PlayerRef.YOU else player.opponent
    if step.op is OpName.FORBID_ATTACK_DECLARATION or \
            step.ability is PlayerAbility.CANNOT_DECLARE_ATTACKS:
        return affected is state.turn_player
    return True



def _ability_grammar(step: Primitive) -> str | None:
    if step.ability is None:
        return "grant_player: 'ability' is required (" + \
            ", ".join(a.value for a in PlayerAbility) + ")"
    return None


MECHANIC = Mechanic("player_abilities", verbs=(
    Verb(OpName.GRANT_PLAYER, _grant_player, acts=Acts.PLAYER,
         parameters=("player", "ability", "duration"), grammar=_ability_grammar,
         could_apply=_player_effect_could_apply),
    Verb(OpName.FORBID_ATTACK_DECLARATION, _forbid_attack_declaration, acts=Acts.PLAYER,
         parameters=("player",), could_apply=_player_effect_could_apply),
))
