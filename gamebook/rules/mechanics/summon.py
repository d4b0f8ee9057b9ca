"""Special Summons from the hand, the GY and the Deck, and Tokens (R39.3, R59, R64, R97, R103).

A Special Summon puts the monster face-up on its resolving player's field in the stated or
chosen position (a Link Monster in Attack Position, R59) while a Main Monster Zone is free; it
is remembered for the window after the chain (R97) and for "cannot Special Summon" (R103).
An effect that answers several kinds of Summon at once has one name for them
(:func:`answered_name`). How many Tributes a monster's Normal Summon or Set needs is the
mechanic's too (:func:`tributes_needed`, R130); the turn player's Normal Summon, Set and Flip
Summon themselves are actions of the open game state of Main Phase 1
(:mod:`gamebook.rules.main_phase`), which offers them and opens the windows that follow.
"""

from __future__ import annotations

from gamebook.cards.model import (
    Card,
    CardType,
    Effect,
    EventName,
    MonsterFrame,
    OpName,
    PlayerAbility,
    Position,
    Primitive,
    Redirect,
)
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.moving import BANISHED_IF_LEAVES, arrived
from gamebook.rules.mechanics.summon_lock import summon_locked
from gamebook.rules.mechanics.verb import (
    CARDS,
    Acts,
    Applied,
    Mechanic,
    Verb,
    Where,
    off_field,
    player_of,
    skipped,
)
from gamebook.rules.state import (
    ChainLink,
    GameState,
    Lasting,
    MonsterState,
    Player,
    Step,
    Until,
    replace,
)
from gamebook.stats import StatBlock

MONSTER_ZONES = 5  # Main Monster Zones a player may fill by summoning
#: The highest Level a monster may have to be Normal Summoned or Set without a Tribute, and
#: with one Tribute; above that it needs two (R130).
NO_TRIBUTE_LEVEL = 4
ONE_TRIBUTE_LEVEL = 6
_EXTRA_DECK = (MonsterFrame.LINK, MonsterFrame.FUSION, MonsterFrame.SYNCHRO, MonsterFrame.XYZ,
               MonsterFrame.TOKEN)


def _special_summon(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                    who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                    ) -> Applied:
    """Special Summon from the hand, the GY or the Deck, face-up, in the stated or chosen
    position (R39.3, R97): the monster is summoned to its resolving player's field."""
    events: list[Event] = []
    applied = False
    for instance in who:
        card = off_field(state, instance)
        if state.has_ability(link.player, PlayerAbility.CANNOT_SUMMON):
            events.append(skipped(link, step, instance, "cannot_summon"))  # R103
            continue
        if summon_locked(rules, state, link.player):
            events.append(skipped(link, step, instance, "cannot_special_summon"))  # R126
            continue
        if not free_zone(state, link.player):
            events.append(skipped(link, step, instance, "no_free_zone"))
            continue
        definition = rules.cards[card.card]
        position = step.position or Position(
            chosen if chosen in (Position.ATTACK.value, Position.DEFENSE.value)
            else Position.ATTACK.value)
        if definition.is_link:
            position = Position.ATTACK  # R59
        stats = StatBlock.printed(*definition.printed_stats)
        source = _zone_of(state, instance)
        state = state.without_off_field(instance)
        state = state.with_monster(MonsterState(
            instance, card.card, link.player, position, True, stats,
            owner=card.owner if card.owner is not link.player else None))
        if step.leaves_field is Redirect.BANISH:  # "if it leaves the field, banish it" (R100)
            state = state.with_lasting(Lasting(BANISHED_IF_LEAVES, instance, link.card,
                                               Until.FACE_DOWN))
        state = summoned(state, instance, link.player)
        events.append(event(EventKind.SPECIAL_SUMMONED, link.player, instance,
                            position=position.value, **({"source": source}
                                                        if source != "hand" else {})))
        state, more = arrived(state, link.player, instance)
        events.extend(more)
        applied = True
    return state, events, applied


def _zone_of(state: GameState, instance: str) -> str:
    if state.in_hand(instance) is not None:
        return "hand"
    return "graveyard" if state.in_graveyard(instance) is not None else "deck"


def summoned(state: GameState, instance: str, player: Player) -> GameState:
    """Remember the Special Summon: the window after the chain answers it (R97), that
    ``player`` has Summoned this turn (R103) and, in Main Phase 1, that the monster's battle
    position cannot be changed this turn (R138; no later Main Phase is explored)."""
    state = replace(state, happened=state.happened | {(EventName.SPECIAL_SUMMONED, instance)},
                    summoned_this_turn=state.summoned_this_turn | {player})
    if state.window.step is Step.MAIN_PHASE_1:
        state = replace(state, position_fixed=state.position_fixed | {instance})
    return state


def _special_summon_tokens(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                           who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                           ) -> Applied:
    """Tokens appear on ``player``'s field in the stated position (R64); a replay may follow."""
    player = player_of(link, step)
    if summon_locked(rules, state, player):
        return state, [skipped(link, step, None, "cannot_special_summon")], False  # R126
    if free_zones(state, player) < step.count:
        return state, [skipped(link, step, None, "no_free_zone")], False
    definition = rules.cards[step.token]
    events: list[Event] = []
    for instance in token_ids(link.card, step):
        if state.monster(instance) is not None:
            continue
        stats = StatBlock.printed(*definition.printed_stats)
        if step.stats_from_damage:  # "ATK/DEF equal to the damage you took" (Gorz, R101)
            last = state.last_damage(player)
            stats = StatBlock.printed(last[1] if last else 0, last[1] if last else 0)
        position = step.position or (Position(chosen) if chosen in (
            Position.ATTACK.value, Position.DEFENSE.value) else Position.DEFENSE)
        state = state.with_monster(MonsterState(instance, step.token, player, position, True,
                                                stats))
        state = summoned(state, instance, player)
        events.append(event(EventKind.SPECIAL_SUMMONED, player, instance, position=position.value))
        state, more = arrived(state, player, instance)
        events.extend(more)
    return state, events, True


def token_ids(source: str, step: Primitive) -> tuple[str, ...]:
    """The instance ids of the tokens a step of card ``source`` makes (fixed in advance)."""
    return tuple(f"{source}_{step.token}_{n}" for n in range(1, step.count + 1))


def free_zones(state: GameState, player: Player) -> int:
    return MONSTER_ZONES - sum(1 for m in state.monsters if m.controller is player)


def free_zone(state: GameState, player: Player) -> bool:
    return free_zones(state, player) > 0


def tributes_needed(card: Card) -> int | None:
    """How many Tributes a Normal Summon or Set of ``card`` needs (R130): none up to Level 4,
    one for Level 5 or 6, two from Level 7; ``None`` for a card that cannot be Normal
    Summoned (not a monster, an Extra Deck monster, a Token)."""
    if card.card_type is not CardType.MONSTER or card.frame in _EXTRA_DECK \
            or card.level is None:
        return None
    return 0 if card.level <= NO_TRIBUTE_LEVEL else 1 if card.level <= ONE_TRIBUTE_LEVEL else 2


# The names of the Summons an effect answers together (its ``event`` and ``also_answers``).
_SUMMON_NAMES = {frozenset({EventName.SPECIAL_SUMMONED, EventName.NORMAL_SUMMONED,
                            EventName.FLIP_SUMMONED}): "summoned",
                 frozenset({EventName.NORMAL_SUMMONED, EventName.FLIP_SUMMONED}):
                     "normal_or_flip_summoned"}


def answered_name(effect: Effect) -> str:
    """The name of what ``effect`` answers, for its ✘ line: its event, or "summoned" when it
    answers a Normal, a Flip and a Special Summon alike (Bottomless Trap Hole, R131, R140),
    "normal_or_flip_summoned" for a Normal or a Flip Summon (Trap Hole)."""
    if effect.also_answers:
        found = _SUMMON_NAMES.get(frozenset({effect.answers, *effect.also_answers}))
        if found is not None:
            return found
    return effect.answers.value


def _tokens_grammar(step: Primitive) -> str | None:
    if step.token is None or step.count < 1:
        return "special_summon_tokens: 'token' (a token card id) and a 'count' of 1 or more " \
            "are required"
    return None


MECHANIC = Mechanic("summon", verbs=(
    Verb(OpName.SPECIAL_SUMMON, _special_summon, parameters=(*CARDS, "position", "leaves_field"),
         applies_if=Where.OFF_FIELD, activatable_if=Where.OFF_FIELD, moves_card=True),
    Verb(OpName.SPECIAL_SUMMON_TOKENS, _special_summon_tokens, acts=Acts.PLAYER,
         parameters=("count", "token", "player", "position", "stats_from_damage"),
         activatable_if=None, grammar=_tokens_grammar),
))
