"""Windows, priority, SEGOC and chain building (docs/rules.md: R2, R11-R26).

Core loop: in every window the turn player receives priority first (R12). The holder may
activate something legal (costs are paid, the link goes on the chain, priority passes to
the opponent: R13, R16) or pass (R14). Two consecutive passes resolve the chain, or close
the window when the chain is empty. In an ``EVENT`` window the activatable effects are
ordered by SEGOC stages S1-S7 (R20); :func:`activation_problem` is the single place that
decides whether an activation is legal, and names the R-rule when it is not.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from gamebook.cards.model import (
    MOVE_EVENTS,
    PLAYER_CONDITIONS,
    RESPONSE_CONDITIONS,
    Card,
    CardType,
    Condition,
    DamageStepUse,
    Effect,
    EffectKind,
    EventName,
    Location,
    OpName,
    PlayerAbility,
    PlayerRef,
    Position,
    Ref,
    SpellTrapType,
    TargetFilter,
    Zone,
    cost_choice,
    responds_to_activations,
)
from gamebook.rules.actions import Action, ActionKind, Event, Note, event
from gamebook.rules.applicable import could_apply
from gamebook.rules.conditions import player_conditions_hold
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.expressions import condition_holds
from gamebook.rules.mechanics import verb_of
from gamebook.rules.mechanics.adding_to_hand import adds_from_deck, summons_from_deck
from gamebook.rules.mechanics.attacked_face_down import attacked_face_down
from gamebook.rules.mechanics.damage_step_start import attack_target_face_down
from gamebook.rules.mechanics.joint_targets import (
    different_names,
    joint_sizes,
    target_sets,
    targets_of,
)
from gamebook.rules.mechanics.life import lp_cost
from gamebook.rules.mechanics.negated import negated_at_activation
from gamebook.rules.mechanics.once_per_turn import record_use, used_this_turn
from gamebook.rules.mechanics.setting import free_spell_trap_zones
from gamebook.rules.mechanics.summon import answered_name, free_zones
from gamebook.rules.protection import has_player_ability, tribute_forbidden
from gamebook.rules.resolution import pay_costs
from gamebook.rules.selection import card_signature, distinguishable, matching_cards, named_cards
from gamebook.rules.state import (
    DAMAGE_STEP_TIMINGS,
    MONSTER_EFFECTS_NEGATED,
    S1,
    S2,
    S3,
    S4,
    S5,
    S6,
    S7,
    ChainLink,
    GameState,
    Player,
    SpellTrapState,
    Step,
    Trigger,
    TriggerStatus,
    Window,
    WindowKind,
    replace,
)

Problem = tuple[str, str, tuple]  # (R-rule, message key, args)

ACTIVATED_KINDS = (EffectKind.TRIGGER, EffectKind.QUICK, EffectKind.IGNITION, EffectKind.FLIP,
                   EffectKind.ACTIVATE)


# -- which effects a player could activate ---------------------------------------------------

def candidate_effects(rules: Rules, state: GameState, player: Player
                      ) -> Iterator[tuple[str, Card, Effect]]:
    """Every activated effect of ``player``'s cards on the field, in the hand, the GY or the
    banishment, not on the chain.

    On the field: face-up monsters' effects and Spell/Trap Cards' activations; in the hand:
    effects that say they are activated from the hand, and Spell Cards (R8 decides which).
    """
    on_chain = {(link.card, link.effect) for link in state.chain} if state.chain else ()
    by_zone = _effects_by_zone(rules)
    for monster in state.monsters:
        if monster.controller is player and monster.face_up:
            zones = by_zone[monster.card]
            for effect in zones.on_field:
                if (monster.id, effect.id) not in on_chain:
                    yield monster.id, zones.card, effect
    for spell_trap in state.spell_traps:
        if spell_trap.controller is player:
            zones = by_zone[spell_trap.card]
            for effect in zones.as_spell_trap:
                if (spell_trap.id, effect.id) not in on_chain:
                    yield spell_trap.id, zones.card, effect
    for gone in state.graveyard + state.vanished if state.vanished else state.graveyard:
        if gone.owner is player:
            zones = by_zone[gone.card]
            for effect in zones.in_graveyard:
                if (gone.id, effect.id) not in on_chain:
                    yield gone.id, zones.card, effect
    for held in state.hand:
        if held.owner is player:
            zones = by_zone[held.card]
            for effect in zones.in_hand:
                if (held.id, effect.id) not in on_chain:
                    yield held.id, zones.card, effect
    for gone in state.banished:  # face-up: only what answers its own move (R171)
        if gone.owner is player:
            zones = by_zone[gone.card]
            for effect in zones.in_banishment:
                if (gone.id, effect.id) not in on_chain:
                    yield gone.id, zones.card, effect


class _Zones(NamedTuple):
    """A card's activated effects by where the card is, and whether it is a Spell/Trap with
    a "when E" effect (the cards :func:`timing_passed` reports on)."""

    on_field: tuple[Effect, ...]  # as a face-up monster
    as_spell_trap: tuple[Effect, ...]
    in_graveyard: tuple[Effect, ...]
    in_hand: tuple[Effect, ...]
    in_banishment: tuple[Effect, ...]
    answering: bool
    card: Card  # the card itself (the instances' card ids are the keys)


def _effects_by_zone(rules: Rules) -> dict[str, _Zones]:
    """Per card id, its :class:`_Zones`: sorted out once per :class:`Rules`, not at every
    question."""
    found = rules.__dict__.get("_effects_by_zone")
    if found is None:
        found = {card_id: _zones(rules.cards[card_id])
                 for card_id in sorted({c for _, c in rules.instances})}
        object.__setattr__(rules, "_effects_by_zone", found)
    return found


def _answered_events(rules: Rules) -> frozenset[EventName]:
    """The events that an activated effect of some card of the situation answers."""
    found = rules.__dict__.get("_answered_events")
    if found is None:
        found = frozenset(effect.answers for zones in _effects_by_zone(rules).values()
                          for effects in zones[:5] for effect in effects
                          if effect.answers is not None)
        object.__setattr__(rules, "_answered_events", found)
    return found


def _answering_cards(rules: Rules) -> frozenset[str]:
    """The card ids of the situation's Spell/Trap Cards with a "when E" effect
    (``_Zones.answering``)."""
    found = rules.__dict__.get("_answering_cards")
    if found is None:
        found = frozenset(card_id for card_id, zones in _effects_by_zone(rules).items()
                          if zones.answering)
        object.__setattr__(rules, "_answering_cards", found)
    return found


def _zones(card: Card) -> _Zones:
    activated = [effect for effect in card.played_effects if effect.kind in ACTIVATED_KINDS]
    if card.card_type is CardType.MONSTER:
        in_hand = tuple(e for e in activated if e.location is Location.HAND)
    else:  # a Spell Card; a Trap Card whose text allows it (R159)
        in_hand = tuple(e for e in activated if e.kind is EffectKind.ACTIVATE and (
            card.card_type is CardType.SPELL or e.from_hand_if))
    return _Zones(
        on_field=tuple(e for e in activated if e.location is Location.FIELD),
        as_spell_trap=tuple(e for e in card.played_effects if e.kind is EffectKind.ACTIVATE),
        in_graveyard=tuple(e for e in activated if e.location is Location.GRAVEYARD),
        in_hand=in_hand,
        in_banishment=tuple(e for e in activated if e.location is Location.BANISHED),
        answering=card.card_type is not CardType.MONSTER
        and any(effect.answers is not None for effect in card.played_effects),
        card=card)


def find_trigger(state: GameState, instance: str, effect_id: str) -> Trigger | None:
    for trigger in state.window.triggers:
        if trigger.card == instance and trigger.effect == effect_id:
            return trigger
    return None


def stage_of(state: GameState, instance: str, effect_id: str) -> int:
    trigger = find_trigger(state, instance, effect_id)
    return trigger.stage if trigger is not None else S7


def pending(state: GameState) -> tuple[Trigger, ...]:
    triggers = state.window.triggers
    if not triggers:  # most windows: asked on every pass
        return ()
    return tuple(t for t in triggers if t.status is TriggerStatus.PENDING)


# -- legality ------------------------------------------------------------------------------

def activation_problem(rules: Rules, state: GameState, player: Player, instance: str,
                       effect: Effect, *, need_priority: bool = True) -> Problem | None:
    """``None`` if ``player`` may activate ``effect`` of ``instance`` now, else why not."""
    return activation_check(rules, state, player, instance, effect,
                            need_priority=need_priority)[0]


Choice = tuple[str | None, str | None]  # an activation's (cost card, target)
_UNCHOSEN: tuple[Choice, ...] = ((None, None),)


def activation_check(rules: Rules, state: GameState, player: Player, instance: str,
                     effect: Effect, *, need_priority: bool = True
                     ) -> tuple[Problem | None, tuple[Choice, ...]]:
    """:func:`activation_problem` and the activation's choices, found once: its legal
    (cost card, target) pairs (``((None, None),)`` for an effect that chooses neither) when
    it may be activated, ``()`` when not."""
    problem = _first_problem(rules, state, player, instance, effect)
    if problem is not None:
        return problem, ()
    problem, choices = _costs_and_targets(rules, state, player, instance, effect)
    if problem is not None:  # a lasting reason: before timing ones
        return problem, ()
    problem = _timing_problem(rules, state, player, instance, effect, need_priority)
    return problem, (() if problem is not None else choices)


def activation_choices(rules: Rules, state: GameState, player: Player, instance: str,
                       effect: Effect) -> tuple[Choice, ...]:
    """The choices of :func:`activation_check` alone (``()``: not legal now), for the legal
    actions: the same checks, the timing before the costs and targets are searched, because
    which problem forbids an activation does not matter here and most fail on timing."""
    if _first_problem(rules, state, player, instance, effect) is not None \
            or _timing_problem(rules, state, player, instance, effect, True) is not None:
        return ()
    return _costs_and_targets(rules, state, player, instance, effect)[1]


def _first_problem(rules: Rules, state: GameState, player: Player, instance: str,
                   effect: Effect) -> Problem | None:
    """The checks of :func:`activation_check` before the costs and targets: the window, a
    lasting lock (one hand Summon per chain among them, R117), ignition timing, once per turn,
    one per attack."""
    window = state.window
    if window.kind in (WindowKind.ENDED, WindowKind.REPLAY):
        return ("replay_choice", "replay_choice_pending", ())
    if window.kind is WindowKind.SELECT:
        return ("chain_resolution", "chain_resolving", ())
    for hook in rules.hooks.activation_forbidden:  # a lasting lock: before timing reasons
        problem = hook(rules, state, player, instance, effect)
        if problem is not None:
            return problem
    if effect.kind is EffectKind.IGNITION and not own_open_main_phase(state, player):
        return ("ignition_effects", "ignition_main_phase_only", ())
    if used_this_turn(rules, state, instance, effect):
        if effect.once_per_duel:
            return ("once_per_duel", "once_per_duel_used", ())
        rule = "once_per_turn_by_name" if effect.once_per_turn_by_name else "once_per_turn"
        return (rule, "once_per_turn_used", ())
    if effect.one_per_attack and _same_name_on_chain(rules, state, instance, effect):
        return ("once_per_turn", "one_per_attack", ())
    return None


def _costs_and_targets(rules: Rules, state: GameState, player: Player, instance: str,
                       effect: Effect) -> tuple[Problem | None, tuple[Choice, ...]]:
    """The activation's legal (cost card, target) pairs, or why there are none."""
    choices = _UNCHOSEN
    paid = cost_choice(effect)
    if paid is not None:
        costs = distinguishable(rules, state, matching_cards(
            rules, state, player, instance, paid.select,
            tribute=paid.op is OpName.TRIBUTE))  # R132
        if not costs:
            # nothing to discard or Tribute
            return ("costs_at_activation", "cannot_pay_cost", ()), ()
        if effect.target is None:
            choices = tuple((cost, None) for cost in costs)
        else:  # the cost is paid first, then the target chosen (R113)
            choices = tuple((cost, target) for cost in costs
                            for target in _targets_after_cost(rules, state, player, instance,
                                                              effect, cost))
            if not choices:
                return ("cost_then_target", "no_target_after_cost", ()), ()
    elif effect.target is not None:
        targets = target_choices(rules, state, player, instance, effect)
        if not targets:
            rule = _protected_rule(rules, state, player, instance, effect)
            if rule is not None:  # there are cards, and none can be targeted
                return (rule, "targets_protected", ()), ()
            return _no_target(effect), ()
        choices = tuple((None, target) for target in targets)
    return None, choices


def _no_target(effect: Effect) -> Problem:
    """Why an effect with nothing to target cannot be activated, with the rule that says so:
    a position change finds no monster that can change its position (R59: Link Monsters
    cannot), any other effect has nothing to act on (R99)."""
    assert effect.target is not None
    if TargetFilter.CAN_CHANGE_POSITION in effect.target.filters:
        return ("battle_positions", "no_position_to_change", ())
    return ("could_not_apply", "no_legal_target", ())


def _protected_rule(rules: Rules, state: GameState, player: Player, instance: str,
                    effect: Effect) -> str | None:
    """The rule that forbids targeting every card ``effect`` could otherwise target (hook
    point ``target_forbidden``), or ``None`` when there is no such card at all."""
    if not rules.hooks.target_forbidden:
        return None
    assert effect.target is not None
    return next((rule for found in matching_cards(rules, state, player, instance, effect.target)
                 if (rule := _target_forbidden(rules, state, player, instance, found))), None)


def _target_forbidden(rules: Rules, state: GameState, player: Player, source: str,
                      instance: str) -> str | None:
    for hook in rules.hooks.target_forbidden:
        rule = hook(rules, state, player, source, instance)
        if rule is not None:
            return rule
    return None


def _targets_after_cost(rules: Rules, state: GameState, player: Player, instance: str,
                        effect: Effect, cost: str) -> tuple[str, ...]:
    """The legal targets once ``cost`` has been paid (R113): a card the cost sent away is no
    longer there to be targeted."""
    link = ChainLink(player, instance, effect.id, S7, None, ((Ref.COST, cost),))
    paid, _ = pay_costs(rules, state, link, effect)
    return target_choices(rules, paid, player, instance, effect)


def _same_name_on_chain(rules: Rules, state: GameState, instance: str, effect: Effect
                        ) -> bool:
    """A card of the same name has this effect on the chain (``one_per_attack``, R26): the
    chain answers one attack, and a trigger is activated only in its first chain (R24)."""
    card = rules.card_of(state, instance)
    return any(link.effect == effect.id and rules.card_of(state, link.card) is card
               for link in state.chain)


def _timing_problem(rules: Rules, state: GameState, player: Player, instance: str,
                    effect: Effect, need_priority: bool) -> Problem | None:
    """The rest of :func:`activation_check`: event, timing, zones, chain and priority."""
    window = state.window
    card = rules.card_of(state, instance)
    trigger = find_trigger(state, instance, effect.id)
    answers = effect.answers
    if window.event is EventName.SUMMONING and answers is not EventName.SUMMONING \
            and (answers is not None or not state.chain):
        # before the Summon succeeds: no other event to answer, no other chain to start (R136)
        return ("summon_under_way", "summon_negation_only", ())
    if answers is not None:
        event_name = (("event", answered_name(effect)),)
        if answers is EventName.FLIPPED and trigger is None:
            return ("flip_effects", "flip_not_yet", ())  # activated only after damage calculation
        if trigger is not None and trigger.status is TriggerStatus.DECLINED:
            return ("no_going_back", "trigger_declined", ())  # the reason that counts in this chain
        if answers is EventName.SUMMONING and window.event is not EventName.SUMMONING:
            return ("summon_under_way", "no_summon_under_way", ())  # nothing to negate (R136)
        if trigger is None and answers in _BATTLE_EVENTS \
                and not _happened_to(state, answers, instance):
            # not yet, or not to this card: said in words, with the rule of the effect's kind
            return (_condition_rule(rules, state, instance, effect), "event_did_not_happen",
                    event_name)
        unmet = _unmet_condition(rules, state, instance, effect)
        if unmet == "condition":  # the card's own counted condition (R153)
            return ("counted_conditions", "counted_condition_not_met", ())
        if unmet is not None:  # the event, and the condition of the card's text that fails
            return (_condition_rule(rules, state, instance, effect), "event_condition_only",
                    (("event", answered_name(effect)), ("condition", _condition_words(unmet))))
        if window.kind is not WindowKind.EVENT or not window_answers(state, effect) \
                or not window.first_chain:
            return ("first_chain_only", "event_timing_passed", event_name)
        if effect.kind in (EffectKind.TRIGGER, EffectKind.FLIP) and trigger is None:
            return ("first_chain_only", "event_timing_passed", event_name)
    else:
        problem = _condition_problem(rules, state, instance, effect)
        if problem is not None:
            return problem
    speed = rules.speed(state, instance, effect.id)
    if window.step in DAMAGE_STEP_TIMINGS and trigger is None:  # triggers: R46 item 5
        problem = _damage_step_problem(effect, speed, window.step)
        if problem is not None:
            return problem
    elif effect.damage_step is DamageStepUse.UNTIL_DAMAGE_CALCULATION:
        # "during the Damage Step" cards
        return ("damage_step_activations", "only_in_damage_step", ())
    elif effect.damage_step is DamageStepUse.DURING_DAMAGE_CALCULATION:
        return ("during_damage_calculation", "only_during_calculation", ())
    problem = _response_problem(rules, state, player, effect)
    if problem is not None:
        return problem
    problem = _restriction_problem(state, player, effect)
    if problem is not None:
        return problem
    for step in effect.cost:
        if step.op is OpName.TRIBUTE and step.who is Ref.SELF \
                and tribute_forbidden(rules, state, instance) is not None:
            return ("cannot_be_tributed", "cannot_be_tributed", ())  # R16, R170
        if step.op is OpName.PAY_LP and step.amount is not None:  # half the LP: always
            amount = lp_cost(state, player, step, rules, instance)  # or worked out now (R154)
            if state.life(player) < amount:
                return ("costs_at_activation", "cannot_pay_lp", (("amount", amount),))
    for step in effect.resolution:
        if step.op is OpName.SPECIAL_SUMMON_TOKENS:
            receiver = player if step.player is PlayerRef.YOU else player.opponent
            if free_zones(state, receiver) < step.count:
                return ("tokens", "not_enough_zones", (("count", step.count),))
    if state.in_hand(instance) is not None:
        problem = _hand_problem(rules, state, player, card, effect)
        if problem is not None:
            return problem
    spell_trap = state.spell_trap(instance)
    rule = "trap_cards" if card.card_type is CardType.TRAP else "spell_cards"
    if spell_trap is not None and spell_trap.face_up and effect.kind is EffectKind.ACTIVATE:
        return (rule, "already_face_up", ())  # the card has already been activated
    if spell_trap is not None and spell_trap.set_this_turn and (
            card.card_type is CardType.TRAP or speed >= 2):
        return (rule, "set_this_turn", ())  # Traps and Set Quick-Play Spells
    stage = trigger.stage if trigger is not None else S7
    if speed == 1 and stage == S7 and not state.chain and not own_open_main_phase(state, player):
        rule = "ignition_effects" if card.card_type is CardType.MONSTER else "spell_cards"
        return (rule, "main_phase_only", ())  # SS1: own Main Phase, open game state
    problem = _chain_problem(rules, state, player, instance, effect, stage)
    if problem is not None:
        return problem
    if not could_apply(rules, state, player, effect,
                       _capture(rules, state, player, instance, effect, None)):
        return ("could_not_apply", "effect_could_not_apply", ())
    if need_priority and window.priority is not player:
        return (_priority_rule(state), "no_priority", (("holder", window.priority.value),))
    return None


def own_open_main_phase(state: GameState, player: Player) -> bool:
    """Is ``player`` the turn player in their own open game state of Main Phase 1, with an
    empty chain: where Spell Speed 1 cards and effects and the Normal Summon are (R129)?"""
    window = state.window
    return (window.step is Step.MAIN_PHASE_1 and window.kind is WindowKind.OPEN
            and player is state.turn_player and not state.chain)


def window_answers(state: GameState, effect: Effect) -> bool:
    """Was this window opened for an event ``effect`` answers (its ``event`` or one of its
    ``also_answers``: "when a monster is Summoned" answers a Normal Summon too, R131)?"""
    return state.answers(effect.answers) or any(state.answers(name)
                                                 for name in effect.also_answers)


def _restriction_problem(state: GameState, player: Player, effect: Effect) -> Problem | None:
    """Scapegoat-type restrictions, both ways (R103): a player who activated it this turn
    cannot activate an effect that would Summon (other than the card's own Tokens), and it
    cannot be activated by a player who has Summoned this turn."""
    summons = any(step.op is OpName.SPECIAL_SUMMON for step in effect.resolution)
    if summons and state.has_ability(player, PlayerAbility.CANNOT_SUMMON):
        return ("summon_forbidden_for_the_turn", "cannot_summon_this_turn", ())
    if PlayerAbility.CANNOT_SUMMON in effect.restricts and player in state.summoned_this_turn:
        return ("summon_forbidden_for_the_turn", "already_summoned_this_turn", ())
    return None


def _response_problem(rules: Rules, state: GameState, player: Player, effect: Effect
                      ) -> Problem | None:
    """ "When your opponent activates a Trap Card …": only directly above such a link (R2)."""
    wanted = [c for c in effect.conditions if c in RESPONSE_CONDITIONS]
    if not wanted:
        return None
    top = state.chain[-1] if state.chain else None
    if top is not None and Condition.ACTIVATION_SPECIAL_SUMMONS in wanted and any(
            step.op in (OpName.SPECIAL_SUMMON, OpName.SPECIAL_SUMMON_TOKENS)
            for step in rules.effect_of(state, top.card, top.effect).resolution):
        return None  # an activation of either player that includes a Special Summon (R98)
    if top is not None and _includes(rules, state, top, wanted):
        return None  # an activation of either player that includes a destruction, … (R173)
    if top is not None and rules.effect_of(state, top.card, top.effect).kind is EffectKind.ACTIVATE:
        kind = rules.card_of(state, top.card).card_type
        if (Condition.SPELL_CARD_ACTIVATED in wanted and kind is CardType.SPELL) or \
                (Condition.TRAP_CARD_ACTIVATED in wanted and kind is CardType.TRAP):
            return None  # the activation of a Spell/Trap Card of either player (R2)
    if top is not None and Condition.EFFECT_ACTIVATED_ON_FIELD in wanted \
            and _activated_on_field(rules, state, top):
        return None  # an effect of a card on the field, not a card's activation (R2)
    if top is not None and Condition.MONSTER_EFFECT_ACTIVATED in wanted \
            and rules.card_of(state, top.card).card_type is CardType.MONSTER:
        return None  # a monster's effect, of either player, wherever activated (R158)
    if top is not None and top.player is not player:
        card = rules.card_of(state, top.card)
        top_effect = rules.effect_of(state, top.card, top.effect)
        is_card_activation = top_effect.kind is EffectKind.ACTIVATE
        for condition in wanted:
            if condition is Condition.OPPONENT_ACTIVATES_TRAP and is_card_activation \
                    and card.card_type is CardType.TRAP:
                return None
            if condition is Condition.OPPONENT_ACTIVATES_SPELL and is_card_activation \
                    and card.card_type is CardType.SPELL:
                return None
            if condition is Condition.OPPONENT_ACTIVATES_MONSTER_EFFECT \
                    and card.card_type is CardType.MONSTER:
                return None
    either = {Condition.SPELL_CARD_ACTIVATED, Condition.TRAP_CARD_ACTIVATED} <= set(wanted)
    named = "spell_or_trap_card_activated" if either else wanted[0].value  # Solemn Judgment
    if {Condition.ACTIVATION_ADDS_TO_HAND, Condition.ACTIVATION_SUMMONS_FROM_DECK} <= set(wanted):
        named = "activation_from_the_deck"  # Ash Blossom & Joyous Spring (R181)
    return ("response_speed", "nothing_to_respond_to", (("wanted", named),))


def _includes(rules: Rules, state: GameState, link: ChainLink,
              wanted: list[Condition]) -> bool:
    """Does the activation of ``link`` include an effect that destroys, one that banishes,
    one that adds a card from the Deck to the hand or one that Special Summons from the Deck,
    as ``wanted`` asks (R173, R181): a step of its resolution does, whatever it will act on."""
    effect = rules.effect_of(state, link.card, link.effect)
    if (Condition.ACTIVATION_ADDS_TO_HAND in wanted and adds_from_deck(effect)) or (
            Condition.ACTIVATION_SUMMONS_FROM_DECK in wanted and summons_from_deck(effect)):
        return True  # adding from the Deck to the hand, a Special Summon from the Deck (R181)
    if Condition.ACTIVATION_DESTROYS not in wanted \
            and Condition.ACTIVATION_BANISHES not in wanted:
        return False
    steps = effect.resolution
    return (Condition.ACTIVATION_DESTROYS in wanted
            and any(step.op is OpName.DESTROY for step in steps)) or (
        Condition.ACTIVATION_BANISHES in wanted
        and any(step.op is OpName.BANISH or (step.op is OpName.DESTROY and step.banish)
                for step in steps))


def _activated_on_field(rules: Rules, state: GameState, link: ChainLink) -> bool:
    """Is ``link`` the effect of a card on the field: a monster's effect, or the effect of a
    Spell/Trap already face-up there (not the activation of the card itself)?"""
    if link.from_hand or (state.monster(link.card) is None
                          and state.spell_trap(link.card) is None):
        return False
    card = rules.card_of(state, link.card)
    return card.card_type is CardType.MONSTER or \
        rules.effect_of(state, link.card, link.effect).kind is not EffectKind.ACTIVATE


def _hand_problem(rules: Rules, state: GameState, player: Player, card: Card,
                  effect: Effect) -> Problem | None:
    """A Spell Card from the hand: Quick-Play only, in its controller's own turn (R8); a Trap
    Card from the hand: only while the conditions its text names hold (R159). Either needs a
    free Spell & Trap Zone."""
    if card.card_type is CardType.TRAP:
        for condition in effect.from_hand_if:
            if not player_conditions_hold(state, player, replace(effect, conditions=(condition,))):
                return ("trap_from_hand", "trap_from_hand_only_if",
                        (("condition", condition.value),))
        if free_spell_trap_zones(rules, state, player) < 1:
            return ("trap_from_hand", "no_free_zone_for_trap", ())
        return None
    if card.card_type is not CardType.SPELL:
        return None
    if card.spell_trap_type is SpellTrapType.QUICK_PLAY and state.turn_player is not player:
        return ("spell_cards", "quick_play_own_turn", ())
    if free_spell_trap_zones(rules, state, player) < 1:
        return ("spell_cards", "no_free_zone", ())
    return None


_EARLY_DAMAGE_STEP = (Step.DAMAGE_STEP_START, Step.BEFORE_DAMAGE_CALCULATION)


def _damage_step_problem(effect: Effect, speed: int, step: Step) -> Problem | None:
    """What may be activated at each Damage Step timing (R46, R49, R51)."""
    if speed >= 3:
        return None  # Counter Traps, at any timing (R46 item 3)
    use = effect.damage_step
    if use is DamageStepUse.DURING_DAMAGE_CALCULATION:
        # "during damage calculation" cards: only at that timing (R49)
        return None if step is Step.DURING_DAMAGE_CALCULATION else \
            ("during_damage_calculation", "only_during_calculation", ())
    changes_stats = any(verb_of(step_.op).changes_stats for step_ in effect.resolution)
    if use is DamageStepUse.UNTIL_DAMAGE_CALCULATION or (changes_stats and speed >= 2):
        if step in _EARLY_DAMAGE_STEP:
            return None  # ATK/DEF modifiers until damage calculation (R46 item 2)
        if step is Step.DURING_DAMAGE_CALCULATION:
            # only cards whose text says "during damage calculation" (R49)
            return None if use is True else ("during_damage_calculation",
                                              "not_during_calculation", ())
        return ("after_damage_calculation", "stat_change_too_late", ())
    if use is True:
        return None  # its text says it may be activated in the Damage Step (R46 item 1)
    return ("damage_step_activations", "not_in_damage_step", ())


def _chain_problem(rules: Rules, state: GameState, player: Player, instance: str,
                   effect: Effect, stage: int) -> Problem | None:
    """Spell speed (R2), "cannot be responded to" (R13) and SEGOC order (R20-R23)."""
    window = state.window
    if state.chain:
        top = state.chain[-1]
        top_effect = rules.effect_of(state, top.card, top.effect)
        if top.player is not player and top_effect.opponent_cannot_respond:
            return ("activating_passes_priority", "cannot_respond",
                    (("card", top.card), ("effect", top.effect)))
        speed = rules.speed(state, instance, effect.id)
        top_speed = rules.speed(state, top.card, top.effect)
        segoc = stage <= S6 and window.first_chain
        if not segoc and (speed < 2 or speed < top_speed):
            return ("response_speed", "spell_speed_too_low",
                    (("speed", speed), ("top_speed", top_speed)))
    if window.kind is WindowKind.EVENT:
        if stage < window.floor:
            return ("no_going_back", "stage_passed", ())
        if not rules.config.decline_counts_as_pass and stage == S7 and pending(state):
            return ("event_window", "trigger_stages_first", ())
        for trigger in pending(state):
            if window.floor <= trigger.stage < stage and (
                    trigger.player is not player or trigger.mandatory):
                return ("event_window", "pending_trigger_first",
                        (("card", trigger.card), ("effect", trigger.effect),
                         ("owner", trigger.player.value)))
        if window.placing and stage != window.floor:
            return ("event_window", "placing_same_stage", ())
    return None


def _condition_problem(rules: Rules, state: GameState, instance: str, effect: Effect
                       ) -> Problem | None:
    """An effect that answers no event, whose own condition does not hold: the rule of its
    kind (a Quick Effect's is R5, not the Trigger Effects' R4) and the condition in words."""
    unmet = _unmet_condition(rules, state, instance, effect)
    if unmet is None:
        return None
    rule = _condition_rule(rules, state, instance, effect)
    if unmet == Condition.NOT_SENT_TO_GRAVEYARD_THIS_TURN:  # Breakthrough Skill (R160)
        return ("trap_effect_in_graveyard", "sent_to_graveyard_this_turn", ())
    if unmet == Condition.WOULD_TAKE_BATTLE_DAMAGE:  # Kuriboh: say what would not happen
        return (rule, "no_battle_damage_coming", ())
    if unmet == Condition.END_OF_BATTLE_PHASE:  # only in the End Step (R175)
        return ("end_of_battle_phase_condition", "condition_only",
                (("condition", _condition_words(unmet)),))
    if unmet == "condition":  # the card's own expression (R153)
        return ("counted_conditions", "counted_condition_not_met", ())
    return (rule, "condition_only", (("condition", _condition_words(unmet)),))


# The rule that lets an effect of each kind be activated when its own condition holds.
_CONDITION_RULES = {EffectKind.QUICK: "quick_effects", EffectKind.ACTIVATE: "spell_cards",
                    EffectKind.FLIP: "flip_effects"}


def _condition_rule(rules: Rules, state: GameState, instance: str, effect: Effect) -> str:
    """The rule that lets ``effect`` be activated when its condition holds: a Trigger
    Effect's R4, a Quick Effect's R5, a Spell's R8, a Trap's R9, a Flip Effect's."""
    if effect.kind is EffectKind.ACTIVATE and rules.card_of(state, instance).card_type \
            is CardType.TRAP:
        return "trap_cards"
    return _CONDITION_RULES.get(effect.kind, "trigger_effects")


def _condition_words(unmet: Condition | str) -> str:
    """The catalog key (under ``cardtext.condition``) of an unmet condition's words: a
    :class:`Condition`'s own, or one of "requires", "battling", "summoned"."""
    return unmet.value if isinstance(unmet, Condition) else unmet


def _event_conditions_hold(rules: Rules, state: GameState, instance: str, effect: Effect) -> bool:
    """The effect's own conditions about the game (the attack, the phase) hold now (R4)."""
    return _unmet_condition(rules, state, instance, effect) is None


def _unmet_condition(rules: Rules, state: GameState, instance: str, effect: Effect
                     ) -> Condition | str | None:
    """The first of the effect's own conditions about the game that does not hold now: its
    :class:`Condition`, or ``"requires"``, ``"battling"``, ``"summoned"``; ``None`` if all
    hold."""
    attack = state.attack
    controller = state.controller(instance) or _hand_owner(state, instance)
    if not all(_face_up_on_field(rules, state, card_id) for card_id in effect.requires_on_field):
        return "requires"
    if effect.battling is not None and battling_monsters(rules, state, controller,
                                                         effect) is None:
        return "battling"
    if effect.summoned is not None and state.window.summoned \
            and not matching_cards(
            rules, state, controller, instance,
            replace(effect.summoned, filters=(*effect.summoned.filters, TargetFilter.SUMMONED))):
        return "summoned"  # no monster of this summon matches (R97)
    if effect.condition is not None and not condition_holds(
            rules, state, controller, instance, effect.condition):
        return "condition"  # the expression's condition (R153)
    for condition in effect.conditions:
        if condition in PLAYER_CONDITIONS and not player_conditions_hold(
                state, controller, replace(effect, conditions=(condition,)), instance):
            return condition
    for condition in effect.conditions:
        if condition is Condition.END_OF_BATTLE_PHASE:
            if state.window.step is not Step.END_STEP:
                return condition  # only in the End Step of the Battle Phase (R57, R175)
            continue
        if condition is Condition.DURING_BATTLE_PHASE and state.window.step is Step.MAIN_PHASE_1:
            return condition  # Main Phase 1 is before the Battle Phase (R129)
        if condition in RESPONSE_CONDITIONS or condition is Condition.DURING_BATTLE_PHASE \
                or condition in PLAYER_CONDITIONS:
            continue  # R2, checked against the chain; every other window is in the Battle Phase
        if attack is None:
            return condition
        target = state.monster(attack.target) if attack.target else None
        if condition is Condition.SELF_IS_ATTACKER and attack.attacker != instance:
            return condition
        if condition is Condition.ATTACK_TARGET_IS_MONSTER and attack.target is None:
            return condition
        if condition is Condition.DIRECT_ATTACK and attack.target is not None:
            return condition
        if condition is Condition.ATTACK_TARGET_IS_FACE_UP and (target is None
                                                                 or not target.face_up):
            return condition
        if condition is Condition.ATTACK_TARGET_IS_FACE_DOWN \
                and not attack_target_face_down(state):
            return condition
        if condition is Condition.ATTACKER_HAS_ATK:
            attacker = state.monster(attack.attacker)
            if attacker is None or attacker.stats.atk <= 0:
                return condition
        if condition is Condition.SELF_ATTACKED_FACE_DOWN \
                and not attacked_face_down(state, instance):
            return condition
        if condition is Condition.SELF_ATTACKED and attack.target != instance:
            return condition  # "if this card was attacked": by this attack (R179)
        if condition is Condition.ATTACKER_NOT_DESTROYED_BY_BATTLE:
            attacker = state.monster(attack.attacker)
            if attacker is None or attacker.battle_destroyed:
                return condition  # it goes to the GY (R179)
        if condition is Condition.OPPONENT_IS_ATTACKING and \
                state.controller(attack.attacker) is controller:
            return condition
        if condition is Condition.WOULD_TAKE_BATTLE_DAMAGE and (
                controller is None or battle_damage_to(rules, state, controller) <= 0):
            return condition
    return None


def battle_damage_to(rules: Rules, state: GameState, player: Player) -> int:
    """The battle damage ``player`` would take if damage were calculated now (R50, R55):
    what :func:`gamebook.rules.battle.damage_calculation` would inflict, 0 when none."""
    attack = state.attack
    attacker = state.monster(attack.attacker) if attack is not None else None
    if attacker is None or has_player_ability(rules, state, player,
                                              PlayerAbility.NO_BATTLE_DAMAGE):
        return 0
    atk = attacker.stats.atk
    target = state.monster(attack.target) if attack.target is not None else None
    if attack.target is None:
        damaged, amount = attacker.controller.opponent, atk
    elif target is None:
        return 0
    else:
        in_attack = target.position is Position.ATTACK
        value = target.stats.atk if in_attack else (target.stats.def_ or 0)
        if atk > value and in_attack:
            damaged, amount = target.controller, atk - value
        elif value > atk:
            damaged, amount = attacker.controller, value - atk
        else:
            damaged, amount = None, 0
    for hook in rules.hooks.battle_damage:  # piercing, halved or doubled damage, …
        damaged, amount = hook(rules, state, attacker, target, damaged, amount)
    return amount if damaged is player and amount > 0 else 0


def _face_up_on_field(rules: Rules, state: GameState, card_id: str) -> bool:
    return any(card.card == card_id and card.face_up
               for card in (*state.monsters, *state.spell_traps))


def battling_monsters(rules: Rules, state: GameState, player: Player | None, effect: Effect
                      ) -> tuple[str, str] | None:
    """(``player``'s battling monster, the opponent's) when it matches ``effect.battling``."""
    attack = state.attack
    if attack is None or attack.target is None or player is None:
        return None
    attacker, target = attack.attacker, attack.target
    own, other = (attacker, target) if state.controller(attacker) is player else (target, attacker)
    if state.controller(own) is not player or state.monster(other) is None:
        return None
    if own not in matching_cards(rules, state, player, "", effect.battling):
        return None
    return own, other


# Damage Step events of one card (R51): remembered until the end of the Damage Step.
_BATTLE_EVENTS = (EventName.AFTER_DAMAGE_CALCULATION, EventName.INFLICTS_BATTLE_DAMAGE,
                  EventName.DESTROYED_BY_BATTLE)


def _hand_owner(state: GameState, instance: str) -> Player | None:
    """The owner of a card in the hand or the GY."""
    held = state.in_hand(instance)
    if held is not None:
        return held.owner
    return next((g.owner for g in (*state.graveyard, *state.vanished) if g.id == instance),
                None)


# The events that name the card they happened to (R19, R51, R133, R171, R172).
_CARD_EVENTS = frozenset({EventName.AFTER_DAMAGE_CALCULATION, EventName.INFLICTS_BATTLE_DAMAGE,
                          EventName.DESTROYED_BY_BATTLE, EventName.DESTROYED, *MOVE_EVENTS})


def _happened_to(state: GameState, event_name: EventName, instance: str) -> bool:
    """Did an event that names a card happen to ``instance`` (Flip, Damage Step events)?"""
    if event_name is EventName.FLIPPED:
        return instance in state.flipped
    if event_name in _CARD_EVENTS:
        return (event_name, instance) in state.happened
    if event_name is EventName.DAMAGE_TAKEN:  # an event of the card's controller (R101)
        player = state.controller(instance) or _hand_owner(state, instance)
        return player is not None and (event_name, player.value) in state.happened
    return True


def target_choices(rules: Rules, state: GameState, player: Player, instance: str,
                   effect: Effect) -> tuple[str, ...]:
    """The activation's possible targets: each legal target, or for targets chosen together
    ("up to 2", "exactly 2") each set of them (R:joint_targets)."""
    sizes = joint_sizes(effect.target)
    if sizes is None:
        return legal_targets(rules, state, player, instance, effect)
    names = different_names(rules, state) if effect.target.different_names else None
    return target_sets(state, legal_targets(rules, state, player, instance, effect,
                                            each=True), sizes, name_of=names)


def legal_targets(rules: Rules, state: GameState, player: Player, instance: str,
                  effect: Effect, *, each: bool = False) -> tuple[str, ...]:
    """The cards ``effect`` may target now: one of each group of interchangeable cards
    (R69), or with ``each`` every one of them."""
    if effect.target is None:
        return ()
    found = matching_cards(rules, state, player, instance, effect.target)
    if rules.hooks.target_forbidden:  # "cannot be targeted by card effects"
        found = tuple(i for i in found
                      if _target_forbidden(rules, state, player, instance, i) is None)
    if effect.target.zone not in (None, Zone.FIELD) and any(
            step.op is OpName.SPECIAL_SUMMON and step.who is Ref.TARGET
            for step in effect.resolution):
        # "target 1 monster in your GY; Special Summon it": a monster, and a zone for it (R97)
        if free_zones(state, player) < 1:
            return ()
        found = tuple(i for i in found
                      if rules.card_of(state, i).card_type is CardType.MONSTER)
    return found if each else distinguishable(rules, state, found)


def timing_passed(rules: Rules, state: GameState, player: Player) -> tuple[str, ...]:
    """The player's "when E" Spell/Trap Cards whose timing has passed (R24), for teaching.

    A forced pass is not a page of the book; this is how the book can still say that, say,
    a second Widespread Ruin cannot follow the resolved chain of the attack declaration.
    """
    answering = _answering_cards(rules)
    if not answering or not (
            any(card.card in answering and card.controller is player
                for card in state.spell_traps)
            or any(card.card in answering and card.owner is player
                   for card in (*state.hand, *state.graveyard, *state.vanished))):
        return ()  # most passes: the player has no such card, nothing to look at
    missed = []
    for instance, card, effect in candidate_effects(rules, state, player):
        if card.card_type is CardType.MONSTER or effect.answers is None:
            continue
        problem = activation_problem(rules, state, player, instance, effect,
                                     need_priority=False)
        if problem is not None and problem[1] == "event_timing_passed":
            missed.append(f"{instance}.{effect.id}")
    return tuple(missed)


def refused_answers(rules: Rules, state: GameState, player: Player) -> tuple[Note, ...]:
    """The player's effects that answer the event of this window and may not be activated
    now, with the rule and the reason (for teaching).

    A forced pass is not a page, so its ✘ lines would be lost: Battle Fader in the hand
    when the attack is not a direct one, a card that answers an activation on the field
    when the effect was activated in the hand. The timing that has passed is told apart
    (:func:`timing_passed`), a declined trigger by the pass that declined it.
    """
    window = state.window
    # The first answer to an activation: a card that answers only some activations (Ghost
    # Ogre & Snow Rabbit, not a card's own activation) says it cannot answer this one (R2).
    answering = bool(state.chain) and window.passes == 0 \
        and bool(rules.cards_with("responds", responds_to_activations))
    if not answering:
        events = _answered_events(rules)
        if window.event not in events and (not window.also or events.isdisjoint(window.also)):
            return ()  # most passes: no card of the situation answers these events
    answered = {window.event, *window.also} - {None}
    refused = []
    for instance, _card, effect in candidate_effects(rules, state, player):
        responds = answering and responds_to_activations(effect)
        if effect.answers not in answered and not responds:
            continue
        problem = activation_problem(rules, state, player, instance, effect,
                                     need_priority=False)
        if problem is None or problem[1] in ("event_timing_passed", "trigger_declined"):
            continue
        if responds and effect.answers not in answered and problem[1] != "nothing_to_respond_to":
            continue  # only the activation it cannot answer is told, not a missing target
        rule, reason, args = problem
        refused.append(Note(player, instance, effect.id, False, rule, reason, args))
    return tuple(refused)


def pass_problem(rules: Rules, state: GameState, player: Player) -> Problem | None:
    """A player may not pass while they must place a mandatory trigger (R10, R23)."""
    for trigger in pending(state):
        if trigger.player is player and trigger.mandatory and trigger.stage >= state.window.floor:
            effect = rules.effect_of(state, trigger.card, trigger.effect)
            if activation_problem(rules, state, player, trigger.card, effect) is None:
                return ("mandatory_and_optional", "mandatory_must_activate",
                        (("card", trigger.card),))
    return None


def priority_actions(rules: Rules, state: GameState, *, every_card: bool = False
                     ) -> list[Action]:
    """Legal actions of the priority holder in a priority window.

    Of interchangeable cards (:func:`~gamebook.rules.selection.card_signature`) only the first
    one's activation is offered, unless ``every_card``: activating the other leads to the same
    game with two names swapped (:func:`same_as`)."""
    window = state.window
    player = window.priority
    placed = {(t.card, t.effect) for t in window.triggers} if window.triggers else ()
    actions: list[Action] = []
    for instance, _card, effect in candidate_effects(rules, state, player):
        if effect.kind in _TRIGGERED and effect.answers is not None \
                and (instance, effect.id) not in placed:
            continue  # not among this window's triggers: never activatable now (R24)
        choices = activation_choices(rules, state, player, instance, effect)
        for cost, target in choices:  # none when the activation is not legal
            actions.append(Action(ActionKind.ACTIVATE, player, instance, effect.id, target,
                                  cost))
    if not every_card and len(actions) > 1:
        repeats = same_as(rules, state, actions)
        if repeats:
            actions = [a for a in actions if a.card not in repeats]
    if window.placing:
        if not _must_place(rules, state, player, window.floor):
            actions.append(Action(ActionKind.END_PLACEMENT, player))
    elif _settling_triggers(rules, state):
        if not _must_place(rules, state, player, _settling_stage(state)):
            actions.append(Action(ActionKind.DECLINE, player))
    elif pass_problem(rules, state, player) is None:
        actions.append(_PASSES[player])
    return actions


def every_activation(rules: Rules, state: GameState
                     ) -> tuple[list[tuple[Player, str, Effect, Problem | None]], dict[str, str]]:
    """Every activated effect of both players' cards, the turn player's first, with why it
    may not be activated now (``None``: it may), and the cards whose activations repeat an
    earlier card's among the priority holder's (:func:`same_as`): what a page's can/cannot
    lines are made of, each effect checked once (the holder's legal activations are those of
    ``priority_actions(every_card=True)``, from the same checks)."""
    window = state.window
    holder = window.priority
    placed = {(t.card, t.effect) for t in window.triggers} if window.triggers else ()
    checked: list[tuple[Player, str, Effect, Problem | None]] = []
    actions: list[Action] = []
    for player in (state.turn_player, state.turn_player.opponent):
        for instance, _card, effect in candidate_effects(rules, state, player):
            problem, choices = activation_check(rules, state, player, instance, effect)
            checked.append((player, instance, effect, problem))
            if player is not holder or (effect.kind in _TRIGGERED and effect.answers is not None
                                        and (instance, effect.id) not in placed):
                continue  # as in priority_actions: not among this window's triggers
            actions += [Action(ActionKind.ACTIVATE, player, instance, effect.id, target, cost)
                        for cost, target in choices]
    return checked, same_as(rules, state, actions)


def same_as(rules: Rules, state: GameState, actions: list[Action]) -> dict[str, str]:
    """Cards whose activations repeat an earlier card's: card → the card the book follows.

    An activation repeats another when the two cards are interchangeable and the effect and
    target are the same, so one order per distinguishable arrangement is explored: of three
    identical Set traps the first is offered, and once it is on the chain, the second."""
    cards = [rules.card_of(state, a.card) for a in actions if a.kind is ActionKind.ACTIVATE]
    if len(set(map(id, cards))) == len(cards):
        return {}  # no two activations of one card: nothing to compare
    named = named_cards(state)
    first: dict[tuple, str] = {}
    repeats: dict[str, str] = {}
    for action in actions:
        if action.kind is not ActionKind.ACTIVATE or action.card in repeats:
            continue
        signature = card_signature(state, action.card, named)
        if signature is None:
            continue
        kept = first.setdefault((signature, action.effect, action.cost, action.target),
                                action.card)
        if kept != action.card:
            repeats[action.card] = kept
    return repeats


_PASSES = {player: Action(ActionKind.PASS, player) for player in Player}  # one value each
# A step's value, read without the enum's ``value`` property at every pass.
_STEP_VALUES = {step: step.value for step in Step}
# The pass event that says no more than who passed, whether it was forced and in which step,
# by those three: made once (``event`` sorts and interns a pass's details at every pass).
_PLAIN_PASSES: dict[tuple[Player, bool, Step], Event] = {}
_TRIGGERED = (EffectKind.TRIGGER, EffectKind.FLIP)  # activated only as a window's triggers


def _must_place(rules: Rules, state: GameState, player: Player, stage: int) -> bool:
    """``player`` has a mandatory trigger of ``stage`` that can be activated (R10)."""
    return any(t.player is player and t.stage == stage and t.mandatory
               and _can_activate(rules, state, t) for t in pending(state))


def _can_activate(rules: Rules, state: GameState, trigger: Trigger) -> bool:
    """Could the trigger's owner activate it now, were it their priority?"""
    effect = rules.effect_of(state, trigger.card, trigger.effect)
    return activation_problem(rules, state, trigger.player, trigger.card, effect,
                              need_priority=False) is None


def declined_by_pass(rules: Rules, state: GameState, player: Player) -> tuple[Trigger, ...]:
    """The optional triggers a pass declines: those the passer could activate now (R22).

    A trigger still waiting for its SEGOC stage (an opponent's lower stage is pending) is not
    declined by a pass: its owner has not had the chance to decide on it yet (R20).
    """
    if not state.window.triggers:  # most passes
        return ()
    return tuple(t for t in pending(state)
                 if t.player is player and not t.mandatory and _can_activate(rules, state, t))


def _settling_triggers(rules: Rules, state: GameState) -> bool:
    """Flowchart preset: trigger stages are being settled (no priority passing yet)."""
    return (not rules.config.decline_counts_as_pass and state.window.kind is WindowKind.EVENT
            and bool(pending(state)))


def _settling_stage(state: GameState) -> int:
    return min(t.stage for t in pending(state))


# -- activation and passing ------------------------------------------------------------------

def triggers_for(rules: Rules, state: GameState, *event_names: EventName) -> tuple[Trigger, ...]:
    """Collect the effects that the events make activatable, with their stages (R20, R21)."""
    if _answered_events(rules).isdisjoint(event_names):
        return ()  # no card of the situation answers these events: most battles' steps
    found = []
    tp = state.turn_player
    for player in (Player.A, Player.B):
        for instance, _card, effect in candidate_effects(rules, state, player):
            if effect.answers not in event_names or not _happened_to(state, effect.answers,
                                                                      instance):
                continue
            if used_this_turn(rules, state, instance, effect):
                continue
            if not _event_conditions_hold(rules, state, instance, effect):
                continue
            if effect.target is not None and not target_choices(rules, state, player, instance,
                                                                effect):
                continue  # cannot be activated at all (R23: targets must exist)
            paid = cost_choice(effect)
            if paid is not None and not matching_cards(rules, state, player, instance,
                                                       paid.select,
                                                       tribute=paid.op is OpName.TRIBUTE):
                continue  # nor when its cost cannot be paid (R16)
            is_tp = player is tp
            if effect.kind in (EffectKind.TRIGGER, EffectKind.FLIP):
                mandatory_stage, optional_stage = (S1, S3) if is_tp else (S2, S4)
                placed_as_mandatory = effect.mandatory or effect.kind is EffectKind.FLIP  # R6
                stage = mandatory_stage if placed_as_mandatory else optional_stage
            elif effect.mandatory:
                stage = S5 if is_tp else S6
            else:
                continue  # optional "when E" cards are S7 activations (R21)
            found.append(Trigger(stage, player, instance, effect.id, effect.mandatory))
    return tuple(sorted(found))


def activate(rules: Rules, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Activate: pay costs, capture references, push the chain link, hand on priority (R13)."""
    player, instance = action.player, action.card
    assert instance is not None and action.effect is not None
    effect = rules.effect_of(state, instance, action.effect)
    stage = stage_of(state, instance, effect.id)
    refs = _capture(rules, state, player, instance, effect, action.target, action.cost)
    held = state.in_hand(instance)
    target = action.target if effect.target is not None else None
    link = ChainLink(player, instance, effect.id, stage, target, refs,
                     from_hand=held is not None)
    details = {"from_hand": True} if held else {}
    if target is not None and action.cost is not None:
        details["cost_first"] = True  # the cost is paid, then the target chosen (R113)
    if negated_at_activation(rules, state, instance, effect):
        link = replace(link, negated=MONSTER_EFFECTS_NEGATED)  # it will do nothing (R109)
    events = [event(EventKind.ACTIVATE, player, instance, effect.id, target,
                    link=len(state.chain) + 1, **details)]
    spell_trap = state.spell_trap(instance)
    if spell_trap is not None and not spell_trap.face_up:
        state = state.with_spell_trap(replace(spell_trap, face_up=True))
    if held is not None and rules.cards[held.card].card_type is not CardType.MONSTER:
        state = state.without_hand(instance)  # a Spell activated from the hand (R8)
        state = state.with_spell_trap(SpellTrapState(instance, held.card, player, True, False))
    state = record_use(rules, state, instance, effect)
    if effect.restricts:  # for the rest of the turn, from the activation on (R103)
        state = replace(state, player_abilities=state.player_abilities | {
            (player, ability) for ability in effect.restricts})
    state, cost_events = pay_costs(rules, state, link, effect)
    events.extend(cost_events)
    chain = state.chain + (link,)
    window = state.window
    triggers = tuple(
        replace(t, status=TriggerStatus.ACTIVATED) if (t.card, t.effect) == (instance, effect.id)
        else replace(t, status=TriggerStatus.DECLINED)
        if (t.player is player and t.status is TriggerStatus.PENDING and not t.mandatory
            and t.stage < stage)
        else t
        for t in window.triggers)
    window = replace(window, triggers=triggers, passes=0, floor=max(window.floor, stage))
    more_same_stage = stage <= S6 and any(
        t.player is player and t.stage == stage and t.status is TriggerStatus.PENDING
        for t in triggers)
    if more_same_stage:
        window = replace(window, placing=True, priority=player)
    else:
        window = replace(window, placing=False, priority=_next_holder(
            rules, window, chain, state.turn_player, player))
    return replace(state, chain=chain, window=window), events  # one new state, not four


def _capture(rules: Rules, state: GameState, player: Player, instance: str, effect: Effect,
             target: str | None, cost: str | None = None) -> tuple[tuple[Ref, str], ...]:
    refs: list[tuple[Ref, str]] = [(Ref.SELF, instance)]
    if target is not None:  # several, joined: R:joint_targets
        refs += [(Ref.TARGET, each) for each in targets_of(target)]
    if cost is not None:
        refs.append((Ref.COST, cost))
    if state.chain:
        refs.append((Ref.CHAINED_TO, state.chain[-1].card))
    if effect.battling is not None:
        battling = battling_monsters(rules, state, player, effect)
        if battling is not None:
            refs += [(Ref.BATTLING_OWN, battling[0]), (Ref.BATTLING_OPPONENT, battling[1])]
    refs += [(Ref.SUMMONED, instance) for instance in state.window.summoned]
    if state.attack is not None:
        refs.append((Ref.ATTACKER, state.attack.attacker))
        if state.attack.target is not None:
            refs.append((Ref.ATTACK_TARGET, state.attack.target))
    return tuple(refs)


def hand_on(rules: Rules, state: GameState, player: Player) -> GameState:
    """Who decides after ``player`` activated or finished placing (R13, R23)."""
    window = state.window
    holder = _next_holder(rules, window, state.chain, state.turn_player, player)
    return replace(state, window=replace(window, placing=False, priority=holder))


def _next_holder(rules: Rules, window: Window, chain: tuple[ChainLink, ...],
                 turn_player: Player, player: Player) -> Player:
    """The priority holder after ``player`` activated or finished placing in ``window``."""
    if not rules.config.decline_counts_as_pass and window.kind is WindowKind.EVENT:
        waiting = [t for t in window.triggers if t.status is TriggerStatus.PENDING]
        if waiting:  # flowchart preset: trigger stages are being settled
            return min(waiting).player
        if window.first_chain:
            # Flowchart preset: after the triggers, the opponent of the last link's controller.
            return chain[-1].player.opponent if chain else turn_player
    return player.opponent


def decline(rules: Rules, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """END_PLACEMENT / DECLINE: give up one's remaining optional triggers of this stage."""
    player = action.player
    window = state.window
    keys = declined_by_decline(state, player)
    declined = tuple(t for t in pending(state) if f"{t.card}.{t.effect}" in keys)
    triggers = tuple(replace(t, status=TriggerStatus.DECLINED) if t in declined else t
                     for t in window.triggers)
    state = replace(state, window=replace(window, triggers=triggers, passes=0))
    kind = EventKind.END_PLACEMENT if action.kind is ActionKind.END_PLACEMENT \
        else EventKind.DECLINE
    return hand_on(rules, state, player), [
        event(kind, player, declined=tuple(f"{t.card}.{t.effect}" for t in declined))]


def declined_by_decline(state: GameState, player: Player) -> tuple[str, ...]:
    """What END_PLACEMENT / DECLINE gives up: the player's pending triggers of this stage."""
    window = state.window
    stage = window.floor if window.placing else _settling_stage(state)
    return tuple(f"{t.card}.{t.effect}" for t in pending(state)
                 if t.player is player and t.stage == stage)


def pass_priority(rules: Rules, state: GameState, action: Action, *, forced: bool
                  ) -> tuple[GameState, list[Event], bool]:
    """Pass (R14). Returns the new state, events, and whether two passes closed the window."""
    player = action.player
    window = state.window
    declined = declined_by_pass(rules, state, player)
    triggers = tuple(
        replace(t, status=TriggerStatus.DECLINED) if t in declined else t
        for t in window.triggers) if declined else window.triggers
    passes = window.passes + 1
    details: dict = {"forced": forced, "step": _STEP_VALUES[window.step]}
    if declined:
        details["declined"] = tuple(f"{t.card}.{t.effect}" for t in declined)
    if forced:
        missed = timing_passed(rules, state, player)
        if missed:
            details["timing_passed"] = missed
        refused = refused_answers(rules, state, player)
        if refused:
            details["cannot"] = refused
    if own_open_main_phase(state, player):
        details["enters_battle_phase"] = True  # R129
    top = state.chain[-1] if state.chain else None
    if top is not None and top.player is not player and rules.effect_of(
            state, top.card, top.effect).opponent_cannot_respond:
        details["no_response"] = f"{top.card}.{top.effect}"
    if len(details) == 2:  # forced and step alone: most passes, one event each
        key = (player, forced, window.step)
        told = _PLAIN_PASSES.get(key)
        if told is None:
            told = _PLAIN_PASSES[key] = event(EventKind.PASS, player, **details)
    else:
        told = event(EventKind.PASS, player, **details)
    events = [told]
    window = _after_pass(window, player) if triggers is window.triggers \
        else replace(window, triggers=triggers, passes=passes, priority=player.opponent)
    state = replace(state, window=window)
    # Two passes close the window, unless a trigger can still be placed: a mandatory one
    # (R10), or an optional one whose owner has not yet had the chance to decide (R20).
    closes = passes >= 2 and not any(_can_activate(rules, state, t) for t in pending(state))
    return state, events, closes


def _after_pass(window: Window, player: Player) -> Window:
    """``window`` once ``player`` passed in it, nothing declined: one more pass, the other
    player's priority. Made once for each window and kept (a pass is most transitions, and
    the window kept brings its hash along), as fresh windows are (``open_window``)."""
    key = (window, player)
    found = _AFTER_PASSES.get(key)
    if found is None:
        if len(_AFTER_PASSES) >= _AFTER_PASSES_LIMIT:  # a long-running process: start again
            _AFTER_PASSES.clear()
        found = _AFTER_PASSES[key] = replace(window, passes=window.passes + 1,
                                             priority=player.opponent)
    return found


_AFTER_PASSES: dict[tuple[Window, Player], Window] = {}
_AFTER_PASSES_LIMIT = 100_000


def _priority_rule(state: GameState) -> str:
    """Why the other player holds priority: a pass gave it to them (R14), an activation did
    (R13), or they are the turn player, who has it first (R12)."""
    window = state.window
    if window.passes:
        return "two_passes"
    if state.chain and state.chain[-1].player is not window.priority:
        return "activating_passes_priority"
    return "turn_player_first"
