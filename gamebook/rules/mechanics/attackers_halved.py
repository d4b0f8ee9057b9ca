"""The opponent's attacking monsters halved (R122): Mirror Wall's "halve the ATK of your
opponent's attacking monsters", while it is face-up.

A face-up card whose continuous effect says ``halves_attackers`` (applied once its activation
has resolved) halves the ATK of each monster of its controller's opponent that attacks: the
monster attacking when the card starts to apply, and each one that declares an attack while
it applies. The halving is a lasting effect on that monster (``halved_attacker``, its
``source`` the halving card): it stays after the battle, for as long as the card stays
face-up on the field, and ends when the monster leaves the field or is turned face-down
(R84). It is a continuous change applied last, after every other change (a FINAL application,
R89): an ATK gain during that battle is halved with the rest. A monster halved once is not
halved again by a second attack (the reading of the reference engine). It is asked after each
action (hook point ``refresh``), so the ATK is already half when the attack declaration's
window opens.
"""

from __future__ import annotations

from gamebook.rules.actions import Event, event
from gamebook.rules.context import Hooks, Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import GameState, Lasting, Until, replace
from gamebook.stats import Operation, Stat, StatClass

# The lasting effect on a monster whose ATK a face-up card (``source``) halves (R122).
HALVED = "halved_attacker"


def _halving_cards(rules: Rules) -> frozenset[str]:
    return rules.cards_with("halves_attackers", lambda effect: effect.halves_attackers)


def _source(card: str) -> str:
    """The name of the halving in the monster's stat record."""
    return f"{card}:{HALVED}"


def _refresh(rules: Rules, state: GameState) -> tuple[GameState, list[Event]]:
    """End the halvings whose card no longer applies; start one on the attacking monster."""
    halving = _halving_cards(rules)
    if not halving:
        return state, []
    waiting = rules.activations_on_chain(state)
    walls = {card.id: card.controller for card in state.spell_traps
             if card.face_up and card.card in halving and card.id not in waiting}
    events: list[Event] = []
    for record in state.lasting_of(HALVED):
        if record.source not in walls:
            state = state.without_lasting(record.subject, HALVED)
    attack = state.attack
    attacker = state.monster(attack.attacker) if attack is not None else None
    if attacker is not None and attacker.face_up \
            and state.lasting_on(attacker.id, HALVED) is None:
        wall = next((card for card, controller in sorted(walls.items())
                     if controller is attacker.controller.opponent), None)
        if wall is not None:
            state = state.with_lasting(Lasting(HALVED, attacker.id, wall, Until.FACE_DOWN))
    for monster in state.monsters:  # the stat records follow the lasting effects
        record = state.lasting_on(monster.id, HALVED)
        want = _source(record.source) if record is not None else None
        have = [app.source for app in monster.stats.applications
                if app.source.endswith(":" + HALVED)]
        if have == ([want] if want else []):
            continue
        stats = monster.stats
        for source in have:
            stats = stats.remove_source(source)
        if want is not None:
            stats = stats.apply(StatClass.FINAL, (Stat.ATK,), Operation.half(), source=want)
        state = state.with_monster(replace(monster, stats=stats))
        if stats.atk != monster.stats.atk:
            events.append(event(EventKind.CONTINUOUS_ATK, monster.controller, monster.id,
                                before=monster.stats.atk, after=stats.atk))
    return state, events


MECHANIC = Mechanic("attackers_halved", hooks=Hooks(refresh=(_refresh,)),
                    present=lambda effect: effect.halves_attackers)
