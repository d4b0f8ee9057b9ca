"""Monsters that cannot be destroyed by battle (R142): "this card cannot be destroyed by
battle", as a monster's own continuous effect (Borrelsword Dragon, Marshmallon, Spirit Reaper:
``grants: [cannot_be_destroyed_by_battle]``) or granted by a resolved effect until the end of
the turn (``grant_battle_indestructible``).

In damage calculation (R50) a monster the comparison would destroy is not destroyed while
either applies (hook point ``battle_destruction``); the battle damage is dealt as the table
says. The continuous one does not apply while the monster's effects are negated (R109); the
granted one is a lasting effect on the monster (``battle_indestructible``), from another card,
so a negation of the monster's own effects leaves it, and it ends when the monster leaves the
field or is turned face-down (R84). "Your monsters cannot be destroyed by battle" of a player
(Waboku) is asked after these, in damage calculation itself.
"""

from __future__ import annotations

from gamebook.cards.model import Effect, OpName, Primitive, StaticAbility
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.negated import has_static
from gamebook.rules.mechanics.verb import Applied, Mechanic, Verb
from gamebook.rules.state import ChainLink, GameState, Lasting, MonsterState, Until

# The lasting effect on a monster that cannot be destroyed by battle this turn (R142).
BATTLE_INDESTRUCTIBLE = "battle_indestructible"


def _not_destroyed(rules: Rules, state: GameState, monster: MonsterState) -> str | None:
    """Why the battle does not destroy ``monster``, or ``None``."""
    if has_static(rules, state, monster, StaticAbility.CANNOT_BE_DESTROYED_BY_BATTLE):
        return "cannot_be_destroyed_by_battle"
    if state.lasting_on(monster.id, BATTLE_INDESTRUCTIBLE) is not None:
        return "cannot_be_destroyed_by_battle_this_turn"
    return None


def _grant(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
           who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """``who`` cannot be destroyed by battle until the end of the turn (R142)."""
    events: list[Event] = []
    for instance in who:
        monster = state.monster(instance)
        state = state.with_lasting(Lasting(BATTLE_INDESTRUCTIBLE, instance, link.card,
                                           Until.FACE_DOWN))
        events.append(event(EventKind.BATTLE_INDESTRUCTIBLE, monster.controller, instance))
    return state, events, bool(events)


def _present(effect: Effect) -> bool:
    return (StaticAbility.CANNOT_BE_DESTROYED_BY_BATTLE in effect.grants
            or any(step.op is OpName.GRANT_BATTLE_INDESTRUCTIBLE for step in effect.resolution))


MECHANIC = Mechanic("battle_indestructible", verbs=(
    Verb(OpName.GRANT_BATTLE_INDESTRUCTIBLE, _grant),
), hooks=Hooks(battle_destruction=(_not_destroyed,)), present=_present)
