"""Which cards match a target or selection specification (targets at activation, R18).

One definition serves both: an effect's ``target`` (chosen when it is activated) and a
resolution step's ``select`` (chosen when it resolves, without targeting).
"""

from __future__ import annotations

from gamebook.cards.model import (
    CardType,
    MonsterFrame,
    Position,
    TargetFilter,
    TargetSpec,
    Zone,
)
from gamebook.rules.context import Rules
from gamebook.rules.expressions import card_matches
from gamebook.rules.protection import tribute_forbidden
from gamebook.rules.state import GameState, Player


def matching_cards(rules: Rules, state: GameState, player: Player, source: str,
                   spec: TargetSpec, *, applying: bool = False,
                   tribute: bool = False) -> tuple[str, ...]:
    """Cards that match ``spec`` for ``player``'s effect of card ``source``: on the field,
    or in the hand, GY or Deck its ``zone`` names. A monster destroyed by battle is never
    chosen (R51); with ``applying`` (the cards a continuous effect applies to) it is still
    one, as it stays on the field until the end of the Damage Step (R52). A face-down
    monster shows no Level, ATK, Attribute, Type or archetype, except to a ``tribute``: a
    Tribute cost may use the player's own face-down monster by its printed data (R132), and
    never a monster that cannot be Tributed (R170)."""
    if spec.zone is not None and spec.zone is not Zone.FIELD:
        return _off_field(rules, state, player, source, spec)
    spell_traps = ()
    if TargetFilter.SPELL_TRAP in spec.filters or TargetFilter.ANY_CARD in spec.filters:
        # "1 card on the field" (any_card): the Spell/Trap Cards, then the monsters. The card
        # being activated is not one of them.
        spell_traps = tuple(card.id for card in state.spell_traps
                            if card.id != source and _side(spec, card.controller, player)
                            and (TargetFilter.FACE_UP not in spec.filters or card.face_up)
                            and (TargetFilter.FACE_DOWN not in spec.filters or not card.face_up)
                            and (spec.where is None
                                 or _where(rules, state, player, source, spec, card.id)))
        if TargetFilter.SPELL_TRAP in spec.filters:
            return spell_traps
    found = list(spell_traps)
    attacker = state.attack.attacker if state.attack is not None else None
    for monster in state.monsters:
        if not _side(spec, monster.controller, player) \
                or monster.battle_destroyed and not applying:
            continue  # destruction-confirmed monsters cannot be chosen (R51)
        if tribute and tribute_forbidden(rules, state, monster.id) is not None:
            continue  # it cannot be Tributed (R170)
        card = rules.cards[monster.card]
        ok = True
        for wanted in spec.filters:
            if wanted is TargetFilter.ATTACK_POSITION:
                ok &= monster.position is Position.ATTACK
            elif wanted is TargetFilter.DEFENSE_POSITION:  # face-up or face-down (R144)
                ok &= monster.position is Position.DEFENSE
            elif wanted is TargetFilter.CAN_CHANGE_POSITION:
                ok &= not card.is_link  # R59
            elif wanted is TargetFilter.CAN_BE_SET:
                ok &= not card.is_link and card.frame is not MonsterFrame.TOKEN  # R59, R64
            elif wanted is TargetFilter.FACE_UP:
                ok &= monster.face_up
            elif wanted is TargetFilter.EFFECT_MONSTER:
                ok &= bool(card.effects) and card.frame not in (MonsterFrame.NORMAL,
                                                               MonsterFrame.TOKEN)
            elif wanted is TargetFilter.ATTACKING:
                ok &= monster.id == attacker
            elif wanted is TargetFilter.FACE_DOWN:
                ok &= not monster.face_up
            elif wanted is TargetFilter.SELF:
                ok &= monster.id == source
            elif wanted is TargetFilter.ATK_AT_MOST_CONTROLLER_LP:
                ok &= monster.face_up and monster.stats.atk <= state.life(monster.controller)
            elif wanted is TargetFilter.SUMMONED:
                ok &= monster.id in state.window.summoned
            elif wanted in (TargetFilter.EQUIPPED, TargetFilter.TIED):
                # the monster this card is attached to: equipped (R105) or tied (R108)
                ok &= state.spell_trap(source) is not None and any(
                    record.subject == source and record.data == monster.id
                    for record in state.lasting)
        if spec.min_atk is not None or spec.max_atk is not None or spec.level is not None:
            known = monster.face_up or tribute and monster.controller == player  # R132
            ok &= known and _stats_match(spec, monster.stats.atk, card.level)
        if spec.attribute is not None:
            ok &= monster.face_up and card.attribute == spec.attribute
        if spec.monster_type is not None:
            ok &= monster.face_up and card.monster_type == spec.monster_type
        if spec.archetype is not None:
            ok &= monster.face_up and spec.archetype in card.archetypes
        if ok and spec.where is not None:
            ok = _where(rules, state, player, source, spec, monster.id)
        if ok:
            found.append(monster.id)
    return tuple(found)


def _off_field(rules: Rules, state: GameState, player: Player, source: str, spec: TargetSpec
               ) -> tuple[str, ...]:
    """Monsters in the hand, GY or listed Deck of the side ``spec`` names, by printed data."""
    cards = {Zone.HAND: state.hand, Zone.GRAVEYARD: state.graveyard,
             Zone.DECK: state.deck}[spec.zone]
    found = []
    # By Attribute, Level or ATK only monsters; otherwise any card ("discard 1 card").
    monsters_only = spec.attribute is not None or spec.level is not None \
        or spec.min_atk is not None or spec.max_atk is not None or spec.monster_type is not None
    for held in cards:
        card = rules.cards[held.card]
        if held.id == source or not _side(spec, held.owner, player) \
                or (monsters_only and card.card_type is not CardType.MONSTER):
            continue
        if TargetFilter.SPELL_TRAP in spec.filters and card.card_type is CardType.MONSTER:
            continue  # "1 Spell/Trap from your hand" (Dust Tornado, R165)
        if spec.attribute is not None and card.attribute != spec.attribute:
            continue
        if spec.monster_type is not None and card.monster_type != spec.monster_type:
            continue
        if spec.archetype is not None and spec.archetype not in card.archetypes:
            continue
        if _stats_match(spec, card.atk, card.level) \
                and _where(rules, state, player, source, spec, held.id):
            found.append(held.id)
    return tuple(found)


def _where(rules: Rules, state: GameState, player: Player, source: str, spec: TargetSpec,
           instance: str) -> bool:
    """The card meets the selection's ``where`` filter, if it has one (R155)."""
    return spec.where is None or card_matches(rules, state, player, source, instance,
                                              spec.where)


def _stats_match(spec: TargetSpec, atk: int | None, level: int | None) -> bool:
    """Does a monster's ATK and Level meet the spec? A printed "?" ATK off the field
    (``None``) is no number: it meets no ATK condition (R62)."""
    if atk is None:
        return spec.min_atk is None and spec.max_atk is None and (
            spec.level is None or level == spec.level)
    return ((spec.min_atk is None or atk >= spec.min_atk)
            and (spec.max_atk is None or atk <= spec.max_atk)
            and (spec.level is None or level == spec.level))


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
    named = named_cards(state)
    seen: set[tuple] = set()
    kept = []
    for instance in instances:
        signature = card_signature(state, instance, named)
        if signature is None or signature[0] not in ("monster", "deck", "hand", "graveyard"):
            kept.append(instance)
            continue
        if signature in seen:
            continue
        seen.add(signature)
        kept.append(instance)
    return tuple(kept)


def card_signature(state: GameState, instance: str, named: set[str]) -> tuple | None:
    """Everything the game can tell of a card but its name, or ``None`` when its name
    matters (the attack or a chain link names it). Two cards with one signature are
    interchangeable: swapping their names maps every future of one onto the other's.

    Where the card is and how (a monster's position, face and ATK/DEF record, and whether its
    position may still be changed this turn; a Spell/Trap's face and whether it was Set this
    turn; the reason it left the field), and its history this turn: attacks, Flip,
    once-per-turn effects used, the events that named it, its triggers waiting in this
    window.
    """
    if instance in named:
        return None
    history = (tuple((r.kind, r.source, r.until, r.data) for r in state.lasting
                     if r.subject == instance),  # what lasting effects left on it
               tuple(sorted(e for i, e in state.used_once_per_turn if i == instance)),
               tuple(sorted(e for e, i in state.happened if i == instance)),
               tuple((t.stage, t.effect, t.mandatory, t.status)
                     for t in state.window.triggers if t.card == instance))
    monster = state.monster(instance)
    if monster is not None:
        return ("monster", monster.card, monster.controller, monster.position, monster.face_up,
                monster.stats, monster.battle_destroyed, state.attacks_made(instance),
                state.attack_allowance(instance), instance in state.flipped,
                instance in state.position_fixed, *history)
    spell_trap = state.spell_trap(instance)
    if spell_trap is not None:
        return ("spell_trap", spell_trap.card, spell_trap.controller, spell_trap.face_up,
                spell_trap.set_this_turn, *history)
    held = state.in_hand(instance)
    if held is not None:
        return ("hand", held.card, held.owner, *history)
    for held in state.deck:
        if held.id == instance:
            return ("deck", held.card, held.owner, *history)
    for where, cards in (("graveyard", state.graveyard), ("banished", state.banished),
                         ("vanished", state.vanished)):
        for gone in cards:
            if gone.id == instance:
                return (where, gone.card, gone.owner, gone.reason, *history)
    return None


def named_cards(state: GameState) -> set[str]:
    """The cards the attack or a chain link names: their names matter."""


    named: set[str] = set()
    if state.attack is not None:
        named.add(state.attack.attacker)
        if state.attack.target is not None:
            named.add(state.attack.target)
    for link in state.chain:
        named.add(link.card)
        named.update(value for _, value in link.refs)
    for record in state.lasting:
        if isinstance(record.data, str):  # a card attached to a monster (R105, R108)
            named.update((record.subject, record.data))
        if record.source is not None:  # the card whose effect made it (R104, R109)
            named.add(record.source)
    return named
