"""Cards moving off the field and out of the hand: destroy, banish, return to the hand, send
to the GY, discard, Tribute, place on or shuffle into the Deck (R18, R50, R64, R100).

A card that leaves the field goes to the GY, is banished, or returns to the hand (an Extra
Deck monster to the Extra Deck instead); a Token vanishes (R64); a monster that "is banished
if it leaves the field" is banished instead (R100). A monster leaving or arriving on the
defender's side during the Battle Step marks a replay (R39). What a lasting effect does when
its monster or card goes (an Equip Card to the GY, a tie: R105, R108) is asked at the hook
points ``monster_gone`` and ``card_gone``.
"""

from __future__ import annotations

from gamebook.cards.model import EventName, MonsterFrame, OpName, Primitive, StaticAbility
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.mechanics.negated import has_static
from gamebook.rules.mechanics.verb import (
    CARDS,
    Applied,
    Handler,
    Mechanic,
    Verb,
    Where,
    skipped,
)
from gamebook.rules.protection import tribute_forbidden
from gamebook.rules.state import (
    DAMAGE_STEP_TIMINGS,
    ChainLink,
    GameState,
    GraveCard,
    HandCard,
    Lasting,
    MonsterState,
    Player,
    SpellTrapState,
    replace,
)

# The reason a card banished face-down is kept with in the banishment (GraveCard.reason,
# R174).
BANISHED_FACE_DOWN = "banished_face_down"

# The lasting effect "if this card leaves the field, banish it" on a monster (R100): it is
# banished instead of going anywhere else; it ends when the monster is turned face-down.
BANISHED_IF_LEAVES = "banished_if_leaves"


def _tribute(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
             who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """Tribute ``who``: not a monster that cannot be Tributed (R170)."""
    events: list[Event] = []
    applied = False
    for instance in who:
        if tribute_forbidden(rules, state, instance) is not None:
            events.append(skipped(link, step, instance, "cannot_be_tributed"))
            continue
        state, more = leave_field(rules, state, instance, "tributed", cost=cost)
        events.extend(more)
        applied = True
    return state, events, applied or not who


def _destroy(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
             who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """Destruction by a card effect, distinct from Tribute and from battle (R50)."""
    events: list[Event] = []
    applied = False
    for instance in who:
        if instance in state.replaced:  # its controller replaced its destruction (R183)
            continue
        monster = state.monster(instance)
        if monster is not None and has_static(rules, state, monster,
                                              StaticAbility.CANNOT_BE_DESTROYED_BY_EFFECTS):
            events.append(event(EventKind.NOT_DESTROYED, monster.controller, instance,
                                why="cannot_be_destroyed_by_effects"))
            continue
        held = state.in_hand(instance)
        controller = held.owner if held is not None else state.controller(instance)
        where = _destination(rules, state, monster, step)
        events.append(event(EventKind.DESTROYED, controller, instance,
                            by=f"{link.card}.{link.effect}", **where))
        state = replace(state, happened=state.happened | {(EventName.DESTROYED, instance)})
        if held is not None:  # destroyed in the hand (Solemn Warning on Gorz's activation)
            state = state.without_hand(instance)
            gone = GraveCard(instance, held.card, held.owner, "destroyed")
            if step.banish:
                state = state.with_banished(gone)
            else:
                state = sent_to_graveyard(rules, state.with_grave(gone), instance)
            state = card_moved(rules, state, instance, from_field=False,
                               to="banished" if step.banish else "graveyard", reason="destroyed")
            events.append(event(EventKind.BANISHED if step.banish else "sent_to_gy", held.owner,
                                instance, why="destroyed", cost=cost))
            applied = True
            continue
        state, more = leave_field(rules, state, instance, "destroyed", cost=cost,
                                  destination="banished" if step.banish else "graveyard")
        events.extend(more)
        applied = True
    return state, events, applied


def _destination(rules: Rules, state: GameState, monster: MonsterState | None,
                 step: Primitive) -> dict[str, str]:
    """Where a card destroyed by ``step`` goes, when not to the GY, for the narration: a
    Token vanishes (R64); "destroy and banish" banishes it; a monster that is banished when
    it leaves the field (Battle Fader, R100) goes there instead."""
    if monster is not None and rules.cards[monster.card].frame is MonsterFrame.TOKEN:
        return {"to": "vanished"}
    if step.banish:
        return {"to": "banished"}
    if monster is not None and state.lasting_on(monster.id, BANISHED_IF_LEAVES) is not None:
        return {"to": "banished_instead"}
    return {}


def _leaving_to(reason: str, destination: str) -> Handler:
    """The handler of a verb that takes each card off the field to ``destination``."""
    def handler(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                ) -> Applied:
        events: list[Event] = []
        for instance in who:
            state, more = leave_field(rules, state, instance, reason, cost=cost,
                                      destination=destination)
            events.extend(more)
        return state, events, True
    return handler


_banish_from_field = _leaving_to("banished", "banished")


def _banish(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
            who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """Banish cards from the field, or from a GY (D.D. Crow, R:graveyard_targets); with
    ``face_down``, from the field face-down (Evenly Matched, R174)."""
    events: list[Event] = []
    for instance in who:
        gone = state.in_graveyard(instance)
        if gone is None and step.face_down:
            state, more = leave_field(rules, state, instance, BANISHED_FACE_DOWN, cost=cost,
                                      destination="banished")
            events.extend(more)
            continue
        if gone is None:
            state, more, _ = _banish_from_field(rules, state, link, step, (instance,), of,
                                                cost, chosen)
            events.extend(more)
            continue
        reason = BANISHED_FACE_DOWN if step.face_down else "banished"  # R174
        state = state.without_off_field(instance).with_banished(
            GraveCard(instance, gone.card, gone.owner, reason))
        state = card_moved(rules, state, instance, from_field=False, to="banished",
                           reason=reason)
        events.append(event(EventKind.BANISHED, gone.owner, instance,
                            why=BANISHED_FACE_DOWN if step.face_down else "from_graveyard",
                            cost=cost))
    return state, events, bool(who)


_return_to_hand = _leaving_to("returned_to_hand", "hand")
# "shuffle into the Deck" (R:shuffled_into_the_deck): the Deck's order is not kept anyway
_shuffle_into_deck = _leaving_to("shuffled_into_deck", "shuffled_into_deck")


def _send_to_gy(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """Send from the hand (not a discard) or from the field to the GY."""
    events: list[Event] = []
    for instance in who:
        card = state.in_hand(instance)
        if card is None:
            state, more = leave_field(rules, state, instance, "sent", cost=cost)
            events.extend(more)
            continue
        state = state.without_hand(instance)
        state = sent_to_graveyard(rules, state.with_grave(
            GraveCard(instance, card.card, card.owner, "sent")), instance)
        state = card_moved(rules, state, instance, from_field=False, to="graveyard",
                           reason="sent")
        events.append(event(EventKind.SENT_TO_GY, card.owner, instance, why="sent_from_hand",
                            cost=cost))
    return state, events, True


def _discard(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
             who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    events: list[Event] = []
    for instance in who:
        card = state.in_hand(instance)
        state = state.without_hand(instance)
        state = sent_to_graveyard(rules, state.with_grave(
            GraveCard(instance, card.card, card.owner, "discarded")), instance)
        state = card_moved(rules, state, instance, from_field=False, to="graveyard",
                           reason="discarded")
        events.append(event(EventKind.DISCARDED, card.owner, instance, cost=cost))
    return state, events, True


def leave_field(rules: Rules, state: GameState, instance: str, reason: str, *,
                cost: bool = False, destination: str = "graveyard"
                ) -> tuple[GameState, list[Event]]:
    """A card leaves the field for the GY, banishment, the hand or the top of the Deck.

    A Token that leaves the field vanishes (R64); a Fusion, Synchro, Xyz or Link Monster
    that would return to the hand or the Deck goes to the Extra Deck (R:extra_deck_monsters).
    A monster leaving the defender's side during the Battle Step marks a replay (R39).
    """
    monster = state.monster(instance)
    spell_trap = None
    had = tuple(record for record in state.lasting if record.subject == instance)  # they end
    if monster is None:
        card = spell_trap = state.spell_trap(instance)
        state = state.without_spell_trap(instance)
    else:
        card = monster
        state = state.without_monster(instance)
        state = attacker_moved(state, instance)
    state = forget_card(rules, state, instance, card.card)
    controller = card.controller
    owner = card.owned_by if monster is not None else controller  # where it goes (R134)
    events = [event(EventKind.LEFT_FIELD, controller, instance, why=reason)]
    redirected = any(record.kind == BANISHED_IF_LEAVES for record in had)
    if monster is not None and redirected and destination != "banished":
        destination = "banished"  # "banish it if it leaves the field" (R100)
        events.append(event(EventKind.REDIRECTED, controller, instance, to="banished"))
    to = "graveyard"
    if monster is not None and rules.cards[monster.card].frame is MonsterFrame.TOKEN:
        to = "vanished"  # a Token is gone: no event of its own is answered (R64)
        events.append(event(EventKind.TOKEN_VANISHED, controller, instance,
                            **({"why": reason} if reason == "destroyed" else {})))
        if (EventName.DESTROYED, instance) in state.happened:  # its trigger still waits (R19)
            state = replace(state, vanished=state.vanished + (
                GraveCard(instance, monster.card, controller, reason),))
    elif destination == "banished":
        to = "banished"
        state = state.with_banished(GraveCard(instance, card.card, owner, reason))
        events.append(event(EventKind.BANISHED, controller, instance, why=reason, cost=cost))
    elif destination in ("hand", "deck", "shuffled_into_deck"):
        frame = rules.cards[card.card].frame
        to = "extra_deck" if frame is not None and frame.extra_deck else (
            "hand" if destination == "hand" else "deck")
        state, more = _to_hand_or_deck(rules, state, HandCard(instance, card.card, owner),
                                       destination, cost)
        events += more
    else:
        state = sent_to_graveyard(rules, state.with_grave(
            GraveCard(instance, card.card, owner, reason)), instance, from_field=True)
        events.append(event(EventKind.SENT_TO_GY, controller, instance, why=reason, cost=cost))
    if to != "vanished":
        state = card_moved(rules, state, instance, from_field=True, to=to, reason=reason)
    if owner is not controller and not (monster is not None and rules.cards[
            monster.card].frame is MonsterFrame.TOKEN):  # R:owner_and_controller
        events.append(event(EventKind.TO_OWNER, owner, instance, to=destination))
    if monster is not None:
        state, more = defender_changed(state, controller, instance)
        events.extend(more)
        state, more = monster_gone(rules, state, instance,
                                   destroyed=reason in ("destroyed", "destroyed_by_battle"))
        events.extend(more)
    elif had:
        state, more = card_gone(rules, state, spell_trap, had, destroyed=reason == "destroyed")
        events.extend(more)
    return state, events


def _to_hand_or_deck(rules: Rules, state: GameState, card: HandCard, destination: str,
                     cost: bool) -> tuple[GameState, list[Event]]:
    """``card`` goes to its owner's hand, on top of the Deck (R134) or into it (shuffled,
    R:shuffled_into_the_deck); a Fusion, Synchro, Xyz or Link Monster goes to the Extra Deck
    instead (R:extra_deck_monsters)."""
    frame = rules.cards[card.card].frame
    if frame is not None and frame.extra_deck:
        return state.with_extra_deck(card), [
            event(EventKind.RETURNED_TO_EXTRA_DECK, card.owner, card.id, cost=cost)]
    if destination == "hand":
        return state.with_hand(card), [
            event(EventKind.RETURNED_TO_HAND, card.owner, card.id, cost=cost)]
    # The Deck's order is not kept (the situation lists only the cards it names): the card is
    # in the Deck, known, as "on top" says.
    deck = tuple(sorted((*state.deck, card)))
    kind = (EventKind.SHUFFLED_INTO_DECK if destination == "shuffled_into_deck"
            else EventKind.PLACED_ON_DECK)
    return replace(state, deck=deck), [event(kind, card.owner, card.id, cost=cost)]


def _place_on_top_of_deck(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                          who: tuple[str, ...], of: str | None, cost: bool,
                          chosen: str | None) -> Applied:
    """Place a card on the field or in the GY on top of its owner's Deck (R134)."""
    events: list[Event] = []
    for instance in who:
        gone = state.in_graveyard(instance)
        if gone is None:
            state, more = leave_field(rules, state, instance, "placed_on_deck", cost=cost,
                                      destination="deck")
        else:
            state, more = _to_hand_or_deck(
                rules, state.without_off_field(instance),
                HandCard(instance, gone.card, gone.owner), "deck", cost)
        events.extend(more)
    return state, events, bool(who)


def sent_to_graveyard(rules: Rules, state: GameState, instance: str, *,
                      from_field: bool = False) -> GameState:
    """``instance`` has just been sent to the GY (R133): the mechanics that care remember it
    (hook point ``sent_to_graveyard``)."""
    for hook in rules.hooks.sent_to_graveyard:
        state = hook(rules, state, instance, from_field)
    return state


def card_moved(rules: Rules, state: GameState, instance: str, *, from_field: bool, to: str,
               reason: str) -> GameState:
    """``instance`` has just moved, from the field or not, to ``to``, for ``reason`` (R171,
    R172): the mechanics that care remember it (hook point ``card_moved``)."""
    for hook in rules.hooks.card_moved:
        state = hook(rules, state, instance, from_field, to, reason)
    return state


def forget_card(rules: Rules, state: GameState, instance: str, card: str) -> GameState:
    """A card that left the field is a new card if it comes back (R:a_new_card): the turn
    forgets the attacks it declared (they still count for the turn), the attacks granted to
    it, and the uses of its "Once per turn" effects; a use limited by the card's name ("You
    can only use this effect of "X" once per turn") is the name's, and is kept (R135)."""
    changes: dict[str, object] = {}
    declared = state.attacks_made(instance)
    if declared:
        changes["attacks_declared"] = tuple(i for i in state.attacks_declared if i[0] != instance)
        changes["attacks_of_cards_gone"] = state.attacks_of_cards_gone + declared
    if any(granted == instance for granted, _ in state.extra_attacks):
        changes["extra_attacks"] = tuple(i for i in state.extra_attacks if i[0] != instance)
    used = frozenset(use for use in state.used_once_per_turn if use[0] != instance)
    if len(used) != len(state.used_once_per_turn):
        changes["used_once_per_turn"] = used
    return replace(state, **changes) if changes else state


def monster_gone(rules: Rules, state: GameState, instance: str, *, destroyed: bool,
                 face_down: bool = False) -> tuple[GameState, list[Event]]:
    """The monster ``instance`` left the field or was turned face-down: every lasting effect
    that cares acts, in the mechanics' order (hook point ``monster_gone``: a tie, R108; an
    Equip Card, R105)."""
    events: list[Event] = []
    for hook in rules.hooks.monster_gone:
        state, more = hook(rules, state, instance, destroyed=destroyed, face_down=face_down)
        events.extend(more)
    return state, events


def card_gone(rules: Rules, state: GameState, card: SpellTrapState, had: tuple[Lasting, ...],
              *, destroyed: bool) -> tuple[GameState, list[Event]]:
    """A Spell/Trap with lasting effects on it (``had``: equipped or tied to a monster, …)
    left the field (hook point ``card_gone``: a tie may destroy the monster, R108)."""
    events: list[Event] = []
    for hook in rules.hooks.card_gone:
        state, more = hook(rules, state, card, had, destroyed=destroyed)
        events.extend(more)
    return state, events


def attacker_moved(state: GameState, instance: str) -> GameState:
    """``instance`` was changed to Defense Position or face-down, or left the field: if it
    was the attacking monster, it no longer is, for the rest of this attack (R38)."""
    attack = state.attack
    if attack is None or attack.attacker != instance or attack.stopped:
        return state
    return replace(state, attack=replace(attack, stopped=True))


def arrived(state: GameState, controller: Player, instance: str
             ) -> tuple[GameState, list[Event]]:
    """A monster arrived on the defender's side in the Battle Step (R39)."""
    return defender_changed(state, controller, instance, "arrived")


def defender_changed(state: GameState, controller: Player, instance: str,
                      how: str = "left") -> tuple[GameState, list[Event]]:
    """A monster left or arrived on the defender's side in the Battle Step (R39)."""
    attack = state.attack
    if attack is None or attack.replay_pending or state.window.step in DAMAGE_STEP_TIMINGS:
        return state, []
    if controller is not state.turn_player.opponent:
        return state, []
    state = replace(state, attack=replace(attack, replay_pending=True))
    return state, [event(EventKind.REPLAY_CAUSED, controller, instance,
                         **({"how": how} if how != "left" else {}))]



_MOVE = dict(moves_card=True, activatable_if=Where.FIELD)
MECHANIC = Mechanic("moving", verbs=(
    Verb(OpName.TRIBUTE, _tribute, applies_if=Where.FIELD, takes_off_field=True, cost=True,
         chosen_for_cost=True, **_MOVE),  # a face-down monster too (R132)
    Verb(OpName.DESTROY, _destroy, parameters=(*CARDS, "banish"),
         applies_if=Where.FIELD_OR_LINK_IN_HAND, **_MOVE),
    Verb(OpName.BANISH, _banish, parameters=(*CARDS, "face_down"),
         applies_if=Where.FIELD_OR_GRAVEYARD, takes_off_field=True,
         cost=True, moves_card=True, activatable_if=Where.FIELD_OR_GRAVEYARD),
    Verb(OpName.RETURN_TO_HAND, _return_to_hand, applies_if=Where.FIELD, takes_off_field=True,
         cost=True, **_MOVE),
    Verb(OpName.SHUFFLE_INTO_DECK, _shuffle_into_deck, applies_if=Where.FIELD,
         takes_off_field=True, **_MOVE),
    Verb(OpName.SEND_TO_GY, _send_to_gy, applies_if=Where.FIELD_OR_HAND, takes_off_field=True,
         cost=True, **_MOVE),
    Verb(OpName.PLACE_ON_TOP_OF_DECK, _place_on_top_of_deck,
         applies_if=Where.FIELD_OR_GRAVEYARD, moves_card=True,
         activatable_if=Where.FIELD_OR_GRAVEYARD),
    Verb(OpName.DISCARD, _discard, applies_if=Where.HAND, activatable_if=None,
         moves_card=True, cost=True, chosen_for_cost=True),
))
