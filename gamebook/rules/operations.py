"""Primitive operations of costs and resolutions (the effect vocabulary's verbs).

Each primitive names the cards it acts on through references captured at activation
(``self``, ``target``, ``attacker``, ``attack_target``, ``chained_to``) or through a
selection made at resolution (``select``: every matching card, or one the resolving player
chooses). If such a card is no longer where the step needs it when the link resolves, that
step is not applied, and neither is a later step marked ``if_previous_applied`` (R18).

Resolution is resumable: a step that needs a choice (a tie for "the highest ATK", "choose
1", the position of a Special Summon) stops the resolution with a ``SELECT`` window for the
resolving player; :func:`resolve_top` continues from there once the choice is made.

Monsters leaving or arriving on the defender's side during the Battle Step mark a replay,
processed after the chain (R39, R41).
"""

from __future__ import annotations

from fractions import Fraction

from gamebook.cards.model import (
    CardType,
    Condition,
    Duration,
    Effect,
    EffectKind,
    EventName,
    MonsterFrame,
    OpName,
    Pick,
    PlayerAbility,
    PlayerRef,
    Portion,
    Position,
    Primitive,
    Redirect,
    Ref,
    SpellTrapType,
    StaticAbility,
    TargetFilter,
    Tie,
    TieTrigger,
)
from gamebook.rules.actions import Event, event
from gamebook.rules.context import Rules
from gamebook.rules.negated import has_static, locked_on_resolution, negated_on_resolution
from gamebook.rules.selection import distinguishable, matching_cards
from gamebook.rules.state import (
    DAMAGE_STEP_TIMINGS,
    ChainLink,
    GameState,
    GraveCard,
    HandCard,
    MonsterState,
    Player,
    Resolving,
    SpellTrapState,
    Step,
    Window,
    WindowKind,
    replace,
)
from gamebook.stats import Operation, Stat, StatBlock, StatClass, round_half_up

Applied = tuple[GameState, list[Event], bool]

# Where the card a step acts on must be for the step to apply (R18).
_ON_FIELD = (OpName.BANISH, OpName.RETURN_TO_HAND, OpName.SET_FACE_DOWN,
             OpName.SWITCH_POSITION, OpName.FLIP_FACE_UP)
_IN_HAND = (OpName.DISCARD,)
_ON_CHAIN = (OpName.NEGATE_ACTIVATION, OpName.NEGATE_EFFECT)
_LEAVE_AFTER_RESOLVING = (SpellTrapType.NORMAL, SpellTrapType.QUICK_PLAY, SpellTrapType.COUNTER)
MONSTER_ZONES = 5  # Main Monster Zones a player may fill by summoning


def pay_costs(rules: Rules, state: GameState, link: ChainLink, effect: Effect
              ) -> tuple[GameState, list[Event]]:
    """Costs are paid at activation, before anyone can respond (R16)."""
    events: list[Event] = []
    for step in effect.cost:
        chosen = link.ref(Ref.COST) if step.select is not None else None
        state, step_events, _ = _apply(rules, state, link, step, cost=True, chosen=chosen)
        events.extend(step_events)
    return state, events


def resolve_top(rules: Rules, state: GameState, chosen: str | None = None
                ) -> tuple[GameState, list[Event], bool]:
    """Resolve the top chain link as far as possible (R17, R18).

    Returns ``(state, events, done)``; ``done`` is false when a step waits for a choice (the
    state then has a ``SELECT`` window and ``resolving`` set). ``chosen`` answers that choice.
    """
    link = state.chain[-1]
    number = len(state.chain)
    effect = rules.effect_of(state, link.card, link.effect)
    progress = state.resolving
    events: list[Event] = []
    if progress is None:
        events.append(event("resolve", link.player, link.card, link.effect, link.target,
                            link=number))
        progress = Resolving(0, ())
        if link.negated is not None:
            events.append(event("no_effect", link.player, link.card, link.effect, link=number,
                                why=f"{link.negated}_negated"))
            progress = Resolving(len(effect.resolution), (), applied_any=True)
        elif (negator := negated_on_resolution(rules, state, link, effect)) is not None:
            # its monster is face-up on the field with its effects negated (R109)
            events.append(event("no_effect", link.player, link.card, link.effect, link=number,
                                why="monster_effects_negated", by=negator))
            progress = Resolving(len(effect.resolution), (), applied_any=True)
        elif (lock := locked_on_resolution(rules, state, link, effect)) is not None:
            # it would move a card in the GY while the GY is locked (R112)
            events.append(event("no_effect", link.player, link.card, link.effect, link=number,
                                why="graveyard_locked", by=lock))
            progress = Resolving(len(effect.resolution), (), applied_any=True)
        elif effect.recheck_conditions and not player_conditions_hold(state, link.player,
                                                                      effect):
            events.append(event("no_effect", link.player, link.card, link.effect, link=number,
                                why="condition_lost"))  # "to activate and to resolve"
            progress = Resolving(len(effect.resolution), (), applied_any=True)
        elif _card_left_field(rules, state, link, effect):
            # a Continuous or Equip card that left the field applies nothing (R107)
            events.append(event("no_effect", link.player, link.card, link.effect, link=number,
                                why="card_left_field"))
            progress = Resolving(len(effect.resolution), (), applied_any=True)
        elif (gone := _no_longer_attacking(state, link, effect)) is not None:
            # Sakuretsu Armor, Dimensional Prison, Magic Cylinder: nothing to act on (R38).
            events.append(event("not_applied", link.player, link.card, link.effect, gone,
                                op=effect.resolution[0].op.value if effect.resolution else None,
                                why="no_longer_attacking"))
            progress = Resolving(len(effect.resolution), ())
    if state.resolving is not None:
        state = replace(state, resolving=None)
    applied_previous, applied_any = progress.applied_previous, progress.applied_any
    for index in range(progress.step, len(effect.resolution)):
        step = effect.resolution[index]
        if step.if_previous_applied and not applied_previous:
            events.append(_skipped(link, step, None, "previous_not_applied"))
            continue
        choice = chosen if index == progress.step else None
        if choice is None:
            options = _choice_needed(rules, state, link, step)
            if options:
                window = Window(WindowKind.SELECT, state.window.step, link.player)
                waiting = Resolving(index, options, applied_previous, applied_any)
                return replace(state, window=window, resolving=waiting), events, False
        before = state.happened
        state, step_events, applied_previous = _apply(rules, state, link, step, cost=False,
                                                      chosen=choice)
        if applied_previous:  # the last thing that happened (R25)
            state = replace(state, last_happened=state.happened - before)
        applied_any |= applied_previous
        events.extend(step_events)
        if min(state.lp) <= 0:
            break  # a player at 0 loses at once: the rest does not resolve (R102)
    if not effect.resolution and effect.kind is EffectKind.ACTIVATE \
            and state.spell_trap(link.card) is not None and link.negated is None:
        # a Continuous card's activation: its continuous effect applies from now on (R7)
        events.append(event("continuous_applies", link.player, link.card, link=number))
    elif not applied_any:
        events.append(event("no_effect", link.player, link.card, link.effect, link=number))
    if min(state.lp) <= 0:  # the Duel is over at once: nothing more moves (R102)
        return replace(state, chain=state.chain[:-1]), events, True
    gone, more = _after_resolving(rules, state, link)
    if gone is None and (staying := state.spell_trap(link.card)) is not None \
            and staying.turns_left is None and link.negated is None \
            and (turns := rules.card_of(state, link.card).stays_for_opponent_turns):
        state = state.with_spell_trap(replace(staying, turns_left=turns))  # R111
    chain = state.chain[:-1]  # the link is popped in the same copy as its card leaves
    state = replace(state, chain=chain) if gone is None else state.to_grave_from_spell_trap_zone(
        gone, chain=chain)
    return state, events + more, True


_STAYING = (SpellTrapType.CONTINUOUS, SpellTrapType.EQUIP, SpellTrapType.FIELD)


def _card_left_field(rules: Rules, state: GameState, link: ChainLink, effect: Effect) -> bool:
    """The activation of a Continuous, Equip or Field card whose card is no longer face-up on
    the field as it resolves: its effect is not applied (R107)."""
    if effect.kind is not EffectKind.ACTIVATE:
        return False
    card = rules.card_of(state, link.card)
    if card.card_type is CardType.MONSTER or card.spell_trap_type not in _STAYING:
        return False
    spell_trap = state.spell_trap(link.card)
    return spell_trap is None or not spell_trap.face_up


def _after_resolving(rules: Rules, state: GameState, link: ChainLink
                     ) -> tuple[GraveCard | None, list[Event]]:
    """A Normal, Quick-Play or Counter card still on the field goes to the GY (R8, R9), and
    so does a card whose activation was negated (a Continuous one too, R17) and an Equip Card
    whose activation equipped it to nothing (R105); a card that stays for some of the
    opponent's turns stays (R111): the card as it arrives there and the event, or ``None``."""
    card = rules.card_of(state, link.card)
    spell_trap = state.spell_trap(link.card)
    if spell_trap is None or card.card_type is CardType.MONSTER:
        return None, []
    activation = rules.effect_of(state, link.card, link.effect).kind is EffectKind.ACTIVATE
    negated = link.negated == "activation"
    if activation and (negated or (
            card.spell_trap_type is SpellTrapType.EQUIP and spell_trap.equipped_to is None)):
        # a negated activation leaves no card on the field, a Continuous one neither (R17)
        reason = "negated" if negated else "not_equipped"
        return (GraveCard(link.card, card.id, spell_trap.controller, reason),
                [event("sent_to_gy", spell_trap.controller, link.card, why=reason)])
    if card.spell_trap_type not in _LEAVE_AFTER_RESOLVING or card.stays_for_opponent_turns:
        return None, []  # a Continuous card stays (R9), and one that stays for turns (R111)
    reason = "negated" if negated else "resolved"
    return (GraveCard(link.card, card.id, spell_trap.controller, reason),
            [event("sent_to_gy", spell_trap.controller, link.card, why=reason)])


def _choice_needed(rules: Rules, state: GameState, link: ChainLink, step: Primitive
                   ) -> tuple[str, ...]:
    """The options when a step needs the resolving player's choice, else ``()``."""
    if step.select is not None and step.select.pick is not Pick.ALL:
        options = _selection(rules, state, link, step)
        return options if len(options) > 1 else ()
    if step.op is OpName.SPECIAL_SUMMON and step.position is None:
        instance = link.ref(step.who) if step.who else None
        if instance and off_field(state, instance) and _free_zone(state, link.player) \
                and not rules.card_of(state, instance).is_link:  # a Link: Attack (R59)
            return (Position.ATTACK.value, Position.DEFENSE.value)
    if step.op is OpName.SPECIAL_SUMMON_TOKENS and step.position is None and step.count == 1 \
            and free_zones(state, _player_of(link, step)) >= 1:
        return (Position.ATTACK.value, Position.DEFENSE.value)  # "Special Summon 1 Token"
    return ()


def _selection(rules: Rules, state: GameState, link: ChainLink, step: Primitive
               ) -> tuple[str, ...]:
    """The cards a step's ``select`` matches now; for ``highest_atk`` only the highest."""
    spec = step.select
    if TargetFilter.SUMMONED in spec.filters:  # the monsters of the event, captured (R97)
        spec = replace(spec, filters=tuple(f for f in spec.filters
                                           if f is not TargetFilter.SUMMONED))
        found = tuple(i for i in matching_cards(rules, state, link.player, link.card, spec)
                      if i in link.all_refs(Ref.SUMMONED))
    else:
        found = matching_cards(rules, state, link.player, link.card, spec)
    if step.op is OpName.SPECIAL_SUMMON:  # only monsters are Summoned
        found = tuple(i for i in found if rules.card_of(state, i).card_type is CardType.MONSTER)
    if spec.pick is Pick.HIGHEST_ATK and found:
        best = max(state.monster(i).stats.atk for i in found)
        found = tuple(i for i in found if state.monster(i).stats.atk == best)
    return found if spec.pick is Pick.ALL else distinguishable(rules, state, found)


def _who(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
         chosen: str | None) -> tuple[str, ...]:
    """The cards a step acts on."""
    if step.select is not None:
        if chosen is not None:
            return (chosen,)
        return _selection(rules, state, link, step)
    if step.who is None:
        return ()
    if step.who is Ref.SELECTED:
        return link.all_refs(Ref.SELECTED)
    instance = link.ref(step.who)
    return (instance,) if instance is not None else ()


def _present(state: GameState, op: OpName, instance: str | None, *, face_up: bool,
             from_chain: bool = False) -> bool:
    """Is the card still where the step needs it (R18)?"""
    if instance is None:
        return False
    if op in _IN_HAND:
        return state.in_hand(instance) is not None
    if op is OpName.SPECIAL_SUMMON:
        return off_field(state, instance) is not None
    if op is OpName.DESTROY and state.in_hand(instance) is not None:
        return from_chain  # the card of a link activated from the hand (Solemn Warning)
    if op in (OpName.SEND_TO_GY, OpName.DESTROY):
        return state.in_hand(instance) is not None or state.monster(instance) is not None \
            or state.spell_trap(instance) is not None
    if op in _ON_CHAIN:
        return any(link.card == instance and link.negated is None for link in state.chain[:-1])
    if op in _ON_FIELD:
        return state.monster(instance) is not None or state.spell_trap(instance) is not None
    monster = state.monster(instance)
    return monster is not None and (monster.face_up or not face_up)


def _apply(rules: Rules, state: GameState, link: ChainLink, step: Primitive, *, cost: bool,
           chosen: str | None = None) -> Applied:
    """Apply one primitive. Returns (state, events, applied)."""
    op = step.op
    who = _who(rules, state, link, step, chosen if step.select is not None else None)
    of = link.ref(step.of) if step.of is not None else None
    needs_who = step.select is not None or step.who is not None
    missing = [i for i in who if not _present(state, op, i, face_up=True,
                                              from_chain=step.who is Ref.CHAINED_TO)]
    if step.of is not None and step.portion is not Portion.ORIGINAL \
            and not _present(state, OpName.GAIN_ATK, of, face_up=True):
        missing.append(of)
    if needs_who and not who or missing:
        why = "none_selected" if step.select is not None and not who else "left_field"
        target = missing[0] if missing else None
        return state, [_skipped(link, step, target, why)], False
    if step.who is Ref.TARGET and not cost and _target_turned_face_down(rules, state, link,
                                                                        who[0]):
        return state, [_skipped(link, step, who[0], "no_longer_face_up")], False
    if not cost:
        immune = unaffected(rules, state, link.card, who)
        if immune:
            skipped = [_skipped(link, step, instance, "unaffected") for instance in immune]
            who = tuple(i for i in who if i not in immune)
            if not who:
                return state, skipped, False
            state, events, applied = _apply_to(rules, state, link, step, who, of, cost, chosen)
            return state, skipped + events, applied
    return _apply_to(rules, state, link, step, who, of, cost, chosen)


def _apply_to(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
              who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    if step.select is not None:
        link = _remember_selection(state, link, who)
        state = replace(state, chain=state.chain[:-1] + (link,)) if not cost else state
    return _HANDLERS[step.op](rules, state, link, step, who, of, cost, chosen)


def unaffected(rules: Rules, state: GameState, source: str, who: tuple[str, ...]
               ) -> tuple[str, ...]:
    """The monsters of ``who`` that the effect of card ``source`` does not affect: it is a
    Spell/Trap Card, and they are unaffected by other Spell/Trap effects (R104)."""
    if rules.card_of(state, source).card_type is CardType.MONSTER:
        return ()
    found = []
    for instance in who:
        monster = state.monster(instance)
        if monster is not None and monster.unaffected_but not in (None, source):
            found.append(instance)
    return tuple(found)


def _grant_unaffected(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                      who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                      ) -> Applied:
    """Unaffected by the effects of other Spell/Trap Cards for the turn (R104)."""
    events: list[Event] = []
    for instance in who:
        monster = state.monster(instance)
        state = state.with_monster(replace(monster, unaffected_but=link.card))
        events.append(event("unaffected", monster.controller, instance, by=link.card))
    return state, events, bool(events)


def _equip(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
           who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """Equip this card to a face-up monster on the field (R105); ``tie`` ties this card to
    the monster its effect Special Summoned (R108). Either needs this card face-up on the
    field."""
    card = state.spell_trap(link.card)
    if card is None or not card.face_up:
        return state, [_skipped(link, step, link.card, "card_left_field")], False
    events: list[Event] = []
    for instance in who[:1]:
        monster = state.monster(instance)
        if step.op is OpName.EQUIP:
            state = state.with_spell_trap(replace(card, equipped_to=instance))
            events.append(event("equipped", card.controller, link.card, to=instance))
        else:
            state = state.with_spell_trap(replace(card, tied_to=instance))
            events.append(event("tied", monster.controller, instance, to=link.card))
    return state, events, bool(events)


def _negate_monster_effects(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                            who: tuple[str, ...], of: str | None, cost: bool,
                            chosen: str | None) -> Applied:
    """The monster's effects are negated until the end of the turn (R109): its continuous
    effects stop at once, and so does an effect of it still on the chain."""
    events: list[Event] = []
    applied = False
    for instance in who:
        monster = state.monster(instance)
        applied = True  # the step applies to it, effects or not (R18)
        if not rules.cards[monster.card].effects:
            continue  # a monster without effects: nothing to negate, nothing to tell
        if monster.negated_by is None:
            state = state.with_monster(replace(monster, negated_by=link.card))
        events.append(event("effects_negated", monster.controller, instance, by=link.card))
    return state, events, applied


def _target_turned_face_down(rules: Rules, state: GameState, link: ChainLink,
                             instance: str) -> bool:
    """A "face-up monster" target that is face-down at resolution is not affected (R18)."""
    spec = rules.effect_of(state, link.card, link.effect).target
    if spec is None or TargetFilter.FACE_UP not in spec.filters:
        return False
    monster = state.monster(instance)
    return monster is not None and not monster.face_up


def _no_longer_attacking(state: GameState, link: ChainLink, effect: Effect) -> str | None:
    """The target of an effect that targets "the attacking monster", when that monster is no
    longer attacking as the link starts to resolve (R38), else ``None``."""
    if effect.target is None or TargetFilter.ATTACKING not in effect.target.filters:
        return None
    target = link.ref(Ref.TARGET)
    if state.monster(target) is None:
        return None  # it left the field: R18 says why the step does nothing
    if state.attack is not None and state.attack.attacking(target):
        return None
    return target


def _reads_damage(effect: Effect) -> bool:
    """Does the effect answer, or read, the damage a player took (R101)?"""
    return (effect.answers is EventName.DAMAGE_TAKEN
            or any(c in effect.conditions for c in DAMAGE_CONDITIONS)
            or any(step.portion is Portion.DAMAGE or step.stats_from_damage
                   for step in effect.resolution))


def record_damage(rules: Rules, state: GameState, player: Player, kind: str, amount: int, *,
                  from_opponent: bool) -> GameState:
    """Remember the damage as an event (R101), when a card of the situation reads it: without
    one, two histories that differ only in it are one game."""
    if not rules.cards_with("reads_damage", _reads_damage):
        return state
    return state.took_damage(player, kind, amount, from_opponent=from_opponent)


def player_conditions_hold(state: GameState, player: Player | None, effect: Effect) -> bool:
    """The effect's conditions about its player (no cards controlled, whose turn, the kind of
    the damage last taken: R101) hold now."""
    for condition in effect.conditions:
        if condition is Condition.YOU_CONTROL_NO_CARDS and any(
                card.controller is player for card in (*state.monsters, *state.spell_traps)):
            return False
        if condition is Condition.OPPONENTS_TURN and state.turn_player is player:
            return False
        if condition is Condition.YOU_CONTROL_A_MONSTER and not any(
                monster.controller is player for monster in state.monsters):
            return False
        if condition in (Condition.LAST_DAMAGE_WAS_BATTLE, Condition.LAST_DAMAGE_WAS_EFFECT):
            last = state.last_damage(player) if player is not None else None
            wanted = "battle" if condition is Condition.LAST_DAMAGE_WAS_BATTLE else "effect"
            if last is None or last[0] != wanted:
                return False
    return True


DAMAGE_CONDITIONS = (Condition.LAST_DAMAGE_WAS_BATTLE, Condition.LAST_DAMAGE_WAS_EFFECT)
PLAYER_CONDITIONS = (Condition.YOU_CONTROL_NO_CARDS, Condition.YOU_CONTROL_A_MONSTER,
                     Condition.OPPONENTS_TURN,
                     Condition.LAST_DAMAGE_WAS_BATTLE, Condition.LAST_DAMAGE_WAS_EFFECT)


def attacker_moved(state: GameState, instance: str) -> GameState:
    """``instance`` was changed to Defense Position or face-down, or left the field: if it
    was the attacking monster, it no longer is, for the rest of this attack (R38)."""
    attack = state.attack
    if attack is None or attack.attacker != instance or attack.stopped:
        return state
    return replace(state, attack=replace(attack, stopped=True))


def _remember_selection(state: GameState, link: ChainLink, who: tuple[str, ...]) -> ChainLink:
    refs = tuple(r for r in link.refs if r[0] is not Ref.SELECTED)
    return replace(link, refs=refs + tuple((Ref.SELECTED, i) for i in who))


# -- the verbs -----------------------------------------------------------------------------

def _tribute(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
             who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    events: list[Event] = []
    for instance in who:
        state, more = leave_field(rules, state, instance, "tributed", cost=cost)
        events.extend(more)
    return state, events, True


def _destroy(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
             who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """Destruction by a card effect, distinct from Tribute and from battle (R50)."""
    events: list[Event] = []
    applied = False
    for instance in who:
        monster = state.monster(instance)
        if monster is not None and has_static(rules, state, monster,
                                              StaticAbility.CANNOT_BE_DESTROYED_BY_EFFECTS):
            events.append(event("not_destroyed", monster.controller, instance,
                                why="cannot_be_destroyed_by_effects"))
            continue
        held = state.in_hand(instance)
        controller = held.owner if held is not None else state.controller(instance)
        events.append(event("destroyed", controller, instance, by=f"{link.card}.{link.effect}",
                            **_destination(rules, monster, step)))
        state = replace(state, happened=state.happened | {(EventName.DESTROYED, instance)})
        if held is not None:  # destroyed in the hand (Solemn Warning on Gorz's activation)
            state = state.without_hand(instance)
            gone = GraveCard(instance, held.card, held.owner, "destroyed")
            state = state.with_banished(gone) if step.banish else state.with_grave(gone)
            events.append(event("banished" if step.banish else "sent_to_gy", held.owner,
                                instance, why="destroyed", cost=cost))
            applied = True
            continue
        state, more = leave_field(rules, state, instance, "destroyed", cost=cost,
                                  destination="banished" if step.banish else "graveyard")
        events.extend(more)
        applied = True
    return state, events, applied


def _destination(rules: Rules, monster: MonsterState | None, step: Primitive
                 ) -> dict[str, str]:
    """Where a card destroyed by ``step`` goes, when not to the GY, for the narration: a
    Token vanishes (R64); "destroy and banish" banishes it; a monster that is banished when
    it leaves the field (Battle Fader, R100) goes there instead."""
    if monster is not None and rules.cards[monster.card].frame is MonsterFrame.TOKEN:
        return {"to": "vanished"}
    if step.banish:
        return {"to": "banished"}
    if monster is not None and monster.leaves_to == "banished":
        return {"to": "banished_instead"}
    return {}


def _banish(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
            who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    events: list[Event] = []
    for instance in who:
        state, more = leave_field(rules, state, instance, "banished", cost=cost,
                                  destination="banished")
        events.extend(more)
    return state, events, True


def _return_to_hand(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                    who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                    ) -> Applied:
    events: list[Event] = []
    for instance in who:
        state, more = leave_field(rules, state, instance, "returned_to_hand", cost=cost,
                                  destination="hand")
        events.extend(more)
    return state, events, True


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
        state = state.with_grave(GraveCard(instance, card.card, card.owner, "sent"))
        events.append(event("sent_to_gy", card.owner, instance, why="sent_from_hand", cost=cost))
    return state, events, True


def _discard(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
             who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    events: list[Event] = []
    for instance in who:
        card = state.in_hand(instance)
        state = state.without_hand(instance)
        state = state.with_grave(GraveCard(instance, card.card, card.owner, "discarded"))
        events.append(event("discarded", card.owner, instance, cost=cost))
    return state, events, True


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
            events.append(_skipped(link, step, instance, "cannot_summon"))  # R103
            continue
        if not _free_zone(state, link.player):
            events.append(_skipped(link, step, instance, "no_free_zone"))
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
        leaves_to = "banished" if step.leaves_field is Redirect.BANISH else None
        state = state.with_monster(MonsterState(instance, card.card, link.player, position,
                                                True, stats, leaves_to=leaves_to))
        state = summoned(state, instance, link.player)
        events.append(event("special_summoned", link.player, instance,
                            position=position.value, **({"source": source}
                                                        if source != "hand" else {})))
        state, more = _arrived(state, link.player, instance)
        events.extend(more)
        applied = True
    return state, events, applied


def off_field(state: GameState, instance: str) -> HandCard | GraveCard | None:
    """``instance`` in the hand, the GY or the Deck, or ``None``."""
    return state.in_hand(instance) or state.in_graveyard(instance) or state.in_deck(instance)


def _zone_of(state: GameState, instance: str) -> str:
    if state.in_hand(instance) is not None:
        return "hand"
    return "graveyard" if state.in_graveyard(instance) is not None else "deck"


def summoned(state: GameState, instance: str, player: Player) -> GameState:
    """Remember the Special Summon: the window after the chain answers it (R97), and that
    ``player`` has Summoned this turn (R103)."""
    return replace(state, happened=state.happened | {(EventName.SPECIAL_SUMMONED, instance)},
                   summoned_this_turn=state.summoned_this_turn | {player})


def _special_summon_tokens(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                           who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                           ) -> Applied:
    """Tokens appear on ``player``'s field in the stated position (R64); a replay may follow."""
    player = _player_of(link, step)
    if free_zones(state, player) < step.count:
        return state, [_skipped(link, step, None, "no_free_zone")], False
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
        events.append(event("special_summoned", player, instance, position=position.value))
        state, more = _arrived(state, player, instance)
        events.extend(more)
    return state, events, True


def token_ids(source: str, step: Primitive) -> tuple[str, ...]:
    """The instance ids of the tokens a step of card ``source`` makes (fixed in advance)."""
    return tuple(f"{source}_{step.token}_{n}" for n in range(1, step.count + 1))


def _set_face_down(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                   who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                   ) -> Applied:
    """Face-down Defense Position; every modification is cleared (R84). Links cannot (R59)."""
    events: list[Event] = []
    applied = False
    for instance in who:
        monster = state.monster(instance)
        if rules.cards[monster.card].is_link or rules.cards[monster.card].frame is \
                MonsterFrame.TOKEN:
            events.append(_skipped(link, step, instance, "cannot_be_set"))
            continue
        state = state.with_monster(replace(monster, position=Position.DEFENSE, face_up=False,
                                           stats=monster.stats.face_down(), leaves_to=None,
                                           negated_by=None))
        state = attacker_moved(state, instance)
        events.append(event("set_face_down", monster.controller, instance))
        state, more = monster_gone(rules, state, instance, destroyed=False, face_down=True)
        events.extend(more)
        applied = True
    return state, events, applied


def _switch_position(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                     who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                     ) -> Applied:
    """Change the battle position: Attack <-> Defense (a face-down monster is flipped up)."""
    events: list[Event] = []
    applied = False
    for instance in who:
        monster = state.monster(instance)
        if rules.cards[monster.card].is_link:
            events.append(_skipped(link, step, instance, "link_always_attack"))
            continue
        position = Position.DEFENSE if monster.position is Position.ATTACK else Position.ATTACK
        stats = monster.stats if monster.face_up else monster.stats.flip_face_up()
        state = state.with_monster(replace(monster, position=position, face_up=True,
                                           stats=stats))
        if not monster.face_up:
            state = flipped_by_effect(state, instance)
        if position is Position.DEFENSE:
            state = attacker_moved(state, instance)
        events.append(event("position_changed", monster.controller, instance,
                            position=position.value))
        applied = True
    return state, events, applied


def _flip_face_up(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                  who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                  ) -> Applied:
    events: list[Event] = []
    for instance in who:
        monster = state.monster(instance)
        if monster.face_up:
            continue
        state = state.with_monster(replace(monster, face_up=True,
                                           stats=monster.stats.flip_face_up()))
        state = flipped_by_effect(state, instance)
        events.append(event("flipped_face_up", monster.controller, instance))
    return state, events, bool(events)


def flipped_by_effect(state: GameState, instance: str) -> GameState:
    """A face-down monster turned face-up by an effect: its Flip Effects are activated once
    the chain has resolved (R6, R19)."""
    return replace(state, flipped=state.flipped | {instance},
                   happened=state.happened | {(EventName.FLIPPED, instance)})


def _negate(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
            who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """Negate the activation (or the effect) of a lower chain link: it will do nothing."""
    what = "activation" if step.op is OpName.NEGATE_ACTIVATION else "effect"
    events: list[Event] = []
    chain = list(state.chain)
    for index, other in enumerate(chain[:-1]):
        if other.card in who and other.negated is None:
            chain[index] = replace(other, negated=what)
            events.append(event("negated", other.player, other.card, other.effect, what=what,
                                link=index + 1))
    return replace(state, chain=tuple(chain)), events, bool(events)


def _negate_attack(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                   who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                   ) -> Applied:
    """The attack ends without a Damage Step; the monster has still attacked (R38)."""
    attack = state.attack
    if attack is None or attack.negated or (who and attack.attacker not in who) or \
            state.window.step not in (Step.BATTLE_STEP, *DAMAGE_STEP_TIMINGS):
        return state, [_skipped(link, step, None, "no_attack")], False
    state = replace(state, attack=replace(attack, negated=True))
    return state, [event("attack_negated", state.turn_player, attack.attacker)], True


def _end_battle_phase(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                      who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                      ) -> Applied:
    """The game moves to the End Step once the chain has resolved (R58)."""
    state = replace(state, ending_battle_phase=True)
    return state, [event("battle_phase_will_end", link.player)], True


def _player_of(link: ChainLink, step: Primitive) -> Player:
    return link.player if step.player is PlayerRef.YOU else link.player.opponent


def _amount(state: GameState, step: Primitive, of: str | None, rules: Rules | None = None,
            player: Player | None = None) -> int:
    """``amount``, or the current ATK of ``of`` (all of it, or half rounded up: R76), its
    original ATK, or the damage ``player`` last took (R101)."""
    if step.amount is not None:
        return step.amount
    if step.portion is Portion.DAMAGE:
        last = state.last_damage(player) if player is not None else None
        return last[1] if last else 0
    if step.portion is Portion.ORIGINAL:
        gone = state.monster(of) or off_field(state, of) or next(
            (g for g in state.banished if g.id == of), None)
        return rules.cards[gone.card].atk or 0
    atk = state.monster(of).stats.atk
    return atk if step.portion is Portion.ALL else round_half_up(Fraction(atk, 2))


def _inflict_damage(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                    who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                    ) -> Applied:
    """Effect damage (not battle damage, R55)."""
    players = (link.player, link.player.opponent) if step.both_players \
        else (_player_of(link, step),)
    events: list[Event] = []
    for player in players:  # at the same time: the Duel is decided after the step (R102)
        amount = _amount(state, step, of, rules, player)
        state = lp_after_damage(state, player, amount)
        if amount > 0:
            state = record_damage(rules, state, player, "effect", amount,
                                  from_opponent=player is not link.player)
        events.append(event("effect_damage", player, amount=amount, lp=state.life(player)))
    return state, events, True


def _gain_lp(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
             who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    player = _player_of(link, step)
    amount = _amount(state, step, of, rules, player)
    state = state.with_lp(player, state.life(player) + amount)
    return state, [event("lp_gained", player, amount=amount, lp=state.life(player))], True


def _pay_lp(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
            who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    """A cost in LP (R16): the activation is legal only with at least that much (timing)."""
    player = link.player
    state = state.with_lp(player, state.life(player) - step.amount)
    return state, [event("lp_paid", player, amount=step.amount, lp=state.life(player))], True


def _grant_player(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                  who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                  ) -> Applied:
    """A floating effect on a player for the rest of the turn (Waboku, Threatening Roar)."""
    player = _player_of(link, step)
    ability = step.ability
    if ability is PlayerAbility.CANNOT_DECLARE_ATTACKS:
        state = replace(state, cannot_declare_attacks=state.cannot_declare_attacks | {player})
        return state, [event("attacks_forbidden", player)], True
    if step.duration is Duration.END_OF_BATTLE:
        state = replace(state, battle_abilities=state.battle_abilities | {(player, ability)})
        return state, [event("player_ability", player, ability=ability.value,
                             duration="battle")], True
    state = replace(state, player_abilities=state.player_abilities | {(player, ability)})
    return state, [event("player_ability", player, ability=ability.value)], True


def _forbid_attack_declaration(rules: Rules, state: GameState, link: ChainLink,
                               step: Primitive, who: tuple[str, ...], of: str | None, cost: bool,
                               chosen: str | None) -> Applied:
    step = replace(step, ability=PlayerAbility.CANNOT_DECLARE_ATTACKS)
    return _grant_player(rules, state, link, step, who, of, cost, chosen)


def _change_position(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                     who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                     ) -> Applied:
    events: list[Event] = []
    applied = False
    for instance in who:
        monster = state.monster(instance)
        if rules.cards[monster.card].is_link and step.position is Position.DEFENSE:
            events.append(_skipped(link, step, instance, "link_always_attack"))
            continue
        state = state.with_monster(replace(monster, position=step.position))
        if step.position is Position.DEFENSE:
            state = attacker_moved(state, instance)
        events.append(event("position_changed", monster.controller, instance,
                            position=step.position.value))
        applied = True
    return state, events, applied


def _grant_extra_attack(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                        who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                        ) -> Applied:
    events: list[Event] = []
    for instance in who:
        state = state.with_count("extra_attacks", instance, step.amount or 1)
        events.append(event("extra_attack_granted", state.controller(instance), instance,
                            amount=step.amount or 1))
    return state, events, True


def _change_atk(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None
                ) -> Applied:
    """Every ATK change goes through the layered stat model (R71)."""
    source = f"{link.card}:{link.effect}"
    duration = step.duration.value if step.duration.value != "permanent" else None
    events: list[Event] = []
    for instance in who:
        monster = state.monster(instance)
        before = monster.stats.atk
        if step.op is OpName.GAIN_ATK:
            amount = _amount(state, step, of)
            stats = monster.stats.apply(StatClass.DELTA_ONCE, (Stat.ATK,), Operation.add(amount),
                                        source=source, duration=duration)
        elif step.op is OpName.HALVE_ORIGINAL_ATK:
            stats = monster.stats.apply(StatClass.AORIG, (Stat.ATK,), Operation.half("up"),
                                        source=source, duration=duration)
        elif step.op is OpName.HALVE_ATK:
            stats = monster.stats.apply(StatClass.ASET, (Stat.ATK,), Operation.half("up"),
                                        source=source, duration=duration)
        else:
            stats = monster.stats.apply(StatClass.ASET, (Stat.ATK,),
                                        Operation.become(step.amount), source=source,
                                        duration=duration)
        state = state.with_monster(replace(monster, stats=stats))
        extra = {"equipped": True} if _equipped_with_modifier(rules, state, instance) else {}
        events.append(event("atk_changed", monster.controller, instance, before=before,
                            after=stats.atk, op=step.op.value, **extra))
    return state, events, True


def _equipped_with_modifier(rules: Rules, state: GameState, instance: str) -> bool:
    """Is a card that changes ATK/DEF equipped to ``instance`` (R106)?"""
    return any(card.equipped_to == instance and any(
        effect.modifies is not None for effect in rules.cards[card.card].effects)
        for card in state.spell_traps)


_HANDLERS = {
    OpName.TRIBUTE: _tribute,
    OpName.DESTROY: _destroy,
    OpName.BANISH: _banish,
    OpName.RETURN_TO_HAND: _return_to_hand,
    OpName.DISCARD: _discard,
    OpName.SEND_TO_GY: _send_to_gy,
    OpName.SPECIAL_SUMMON_TOKENS: _special_summon_tokens,
    OpName.SET_FACE_DOWN: _set_face_down,
    OpName.SWITCH_POSITION: _switch_position,
    OpName.FLIP_FACE_UP: _flip_face_up,
    OpName.HALVE_ORIGINAL_ATK: _change_atk,
    OpName.SPECIAL_SUMMON: _special_summon,
    OpName.NEGATE_ACTIVATION: _negate,
    OpName.NEGATE_EFFECT: _negate,
    OpName.NEGATE_ATTACK: _negate_attack,
    OpName.END_BATTLE_PHASE: _end_battle_phase,
    OpName.INFLICT_DAMAGE: _inflict_damage,
    OpName.GAIN_LP: _gain_lp,
    OpName.PAY_LP: _pay_lp,
    OpName.GRANT_PLAYER: _grant_player,
    OpName.FORBID_ATTACK_DECLARATION: _forbid_attack_declaration,
    OpName.CHANGE_POSITION: _change_position,
    OpName.GRANT_EXTRA_ATTACK: _grant_extra_attack,
    OpName.GAIN_ATK: _change_atk,
    OpName.HALVE_ATK: _change_atk,
    OpName.SET_ATK: _change_atk,
    OpName.GRANT_UNAFFECTED: _grant_unaffected,
    OpName.EQUIP: _equip,
    OpName.TIE: _equip,
    OpName.NEGATE_MONSTER_EFFECTS: _negate_monster_effects,
}


def _skipped(link: ChainLink, step: Primitive, instance: str | None, why: str) -> Event:
    """A step (or one card of it) that does not apply, and why (R18)."""
    return event("not_applied", link.player, link.card, link.effect, instance,
                 op=step.op.value, why=why)


# -- cards moving ------------------------------------------------------------------------

def leave_field(rules: Rules, state: GameState, instance: str, reason: str, *,
                cost: bool = False, destination: str = "graveyard"
                ) -> tuple[GameState, list[Event]]:
    """A card leaves the field for the GY, banishment or the hand.

    A Token that leaves the field vanishes (R64). A monster leaving the defender's side
    during the Battle Step marks a replay (R39).
    """
    monster = state.monster(instance)
    spell_trap = None
    if monster is None:
        card = spell_trap = state.spell_trap(instance)
        state = state.without_spell_trap(instance)
    else:
        card = monster
        state = state.without_monster(instance)
        state = attacker_moved(state, instance)
    controller = card.controller
    events = [event("left_field", controller, instance, why=reason)]
    if monster is not None and monster.leaves_to == "banished" and destination != "banished":
        destination = "banished"  # "banish it if it leaves the field" (R100)
        events.append(event("redirected", controller, instance, to="banished"))
    if monster is not None and rules.cards[monster.card].frame is MonsterFrame.TOKEN:
        events.append(event("token_vanished", controller, instance,
                            **({"why": reason} if reason == "destroyed" else {})))
        if (EventName.DESTROYED, instance) in state.happened:  # its trigger still waits (R19)
            state = replace(state, vanished=state.vanished + (
                GraveCard(instance, monster.card, controller, reason),))
    elif destination == "banished":
        state = state.with_banished(GraveCard(instance, card.card, controller, reason))
        events.append(event("banished", controller, instance, why=reason, cost=cost))
    elif destination == "hand":
        state = state.with_hand(HandCard(instance, card.card, controller))
        events.append(event("returned_to_hand", controller, instance, cost=cost))
    else:
        state = state.with_grave(GraveCard(instance, card.card, controller, reason))
        events.append(event("sent_to_gy", controller, instance, why=reason, cost=cost))
    if monster is not None:
        state, more = _defender_changed(state, controller, instance)
        events.extend(more)
        state, more = monster_gone(rules, state, instance,
                                   destroyed=reason in ("destroyed", "destroyed_by_battle"))
        events.extend(more)
    elif spell_trap.equipped_to is not None or spell_trap.tied_to is not None:
        state, more = _card_gone(rules, state, spell_trap, destroyed=reason == "destroyed")
        events.extend(more)
    return state, events


def monster_gone(rules: Rules, state: GameState, instance: str, *, destroyed: bool,
                 face_down: bool = False) -> tuple[GameState, list[Event]]:
    """The monster ``instance`` left the field or was turned face-down: an Equip Card
    equipped to it is sent to the GY (R105); a card tied to it that says so is destroyed
    when it was destroyed, and is tied to nothing otherwise (R108)."""
    events: list[Event] = []
    for card in state.spell_traps:
        if card.equipped_to != instance and card.tied_to != instance:
            continue
        if state.spell_trap(card.id) is None:
            continue  # gone meanwhile (a tie of its own)
        tie = tie_of(rules, card.card)
        if destroyed and tie is not None and tie.destroy_card_when_monster_destroyed:
            state, more = _destroy_by_tie(rules, state, card.id, card.id)
        elif card.equipped_to == instance:
            state, more = leave_field(rules, state, card.id, "unequipped")
        else:
            state = state.with_spell_trap(replace(card, tied_to=None))
            more = [event("tie_ended", card.controller, card.id, monster=instance,
                          why="face_down" if face_down else "left_field")]
        events.extend(more)
    return state, events


def _card_gone(rules: Rules, state: GameState, card: SpellTrapState, *, destroyed: bool
               ) -> tuple[GameState, list[Event]]:
    """A card equipped or tied to a monster left the field: its tie may destroy the monster
    (R108)."""
    tie = tie_of(rules, card.card)
    monster = card.equipped_to or card.tied_to
    if tie is None or tie.destroy_monster_when is None or state.monster(monster) is None:
        return state, []
    if tie.destroy_monster_when is TieTrigger.DESTROYED and not destroyed:
        return state, []
    return _destroy_by_tie(rules, state, monster, card.id)


def _destroy_by_tie(rules: Rules, state: GameState, instance: str, source: str
                    ) -> tuple[GameState, list[Event]]:
    """Destroy ``instance`` by the tie of card ``source``, at once and without a chain link
    (R108): still a Spell/Trap effect (R104), and a destruction (R19)."""
    monster = state.monster(instance)
    controller = state.controller(instance)
    if monster is not None and rules.cards[monster.card].has_ability(
            StaticAbility.CANNOT_BE_DESTROYED_BY_EFFECTS):
        return state, [event("not_destroyed", controller, instance,
                             why="cannot_be_destroyed_by_effects")]
    if monster is not None and unaffected(rules, state, source, (instance,)):
        return state, [event("not_destroyed", controller, instance, why="unaffected")]
    events = [event("destroyed", controller, instance, by=f"{source}.tie")]
    state = replace(state, happened=state.happened | {(EventName.DESTROYED, instance)})
    state, more = leave_field(rules, state, instance, "destroyed")
    return state, events + more


def tie_of(rules: Rules, card_id: str) -> Tie | None:
    """The ``tie`` of a card's continuous effects, or ``None``."""
    for effect in rules.cards[card_id].effects:
        if effect.kind is EffectKind.CONTINUOUS and effect.tie is not None:
            return effect.tie
    return None


def _arrived(state: GameState, controller: Player, instance: str
             ) -> tuple[GameState, list[Event]]:
    return _defender_changed(state, controller, instance, "arrived")


def _defender_changed(state: GameState, controller: Player, instance: str,
                      how: str = "left") -> tuple[GameState, list[Event]]:
    """A monster left or arrived on the defender's side in the Battle Step (R39)."""
    attack = state.attack
    if attack is None or attack.replay_pending or state.window.step in DAMAGE_STEP_TIMINGS:
        return state, []
    if controller is not state.turn_player.opponent:
        return state, []
    state = replace(state, attack=replace(attack, replay_pending=True))
    return state, [event("replay_caused", controller, instance,
                         **({"how": how} if how != "left" else {}))]


def free_zones(state: GameState, player: Player) -> int:
    return MONSTER_ZONES - sum(1 for m in state.monsters if m.controller is player)


def _free_zone(state: GameState, player: Player) -> bool:
    return free_zones(state, player) > 0


def lp_after_damage(state: GameState, player: Player, amount: int) -> GameState:
    return state.with_lp(player, max(0, state.life(player) - amount))
