"""Resolving a chain link and paying an activation's costs (R16-R18).

Each step of a cost or a resolution is one operation of the effect vocabulary; what each
operation means (its handler, where its card must be) is its verb's, registered by its
mechanic (:mod:`gamebook.rules.mechanics`). Each step names the cards it acts on through
references captured at activation (``self``, ``target``, ``attacker``, ``attack_target``,
``chained_to``) or through a selection made at resolution (``select``: every matching card,
or one the resolving player chooses). If such a card is no longer where the step needs it
when the link resolves, that step is not applied, and neither is a later step marked
``if_previous_applied`` (R18).

Resolution is resumable: a step that needs a choice (a tie for "the highest ATK", "choose
1", the position of a Special Summon) stops the resolution with a ``SELECT`` window for the
resolving player; :func:`resolve_top` continues from there once the choice is made.
"""

from __future__ import annotations

from typing import NamedTuple

from gamebook.cards.model import (
    CardType,
    DestructionCause,
    Effect,
    EffectKind,
    OpName,
    Pick,
    Portion,
    Position,
    Primitive,
    Ref,
    SpellTrapType,
    StaticAbility,
    TargetFilter,
    Zone,
)
from gamebook.rules.actions import Event, event
from gamebook.rules.conditions import player_conditions_hold
from gamebook.rules.context import Rules
from gamebook.rules.events import EventKind
from gamebook.rules.expressions import condition_holds
from gamebook.rules.mechanics import Where, verb_of
from gamebook.rules.mechanics.chosen_together import cards_of, chooser, chosen_together, set_options
from gamebook.rules.mechanics.destruction_replacement import (
    replace_destruction,
    replacement_options,
)
from gamebook.rules.mechanics.equip import equipped_to
from gamebook.rules.mechanics.immunity import unaffected, unaffected_why
from gamebook.rules.mechanics.moving import card_moved, sent_to_graveyard
from gamebook.rules.mechanics.negated import has_static
from gamebook.rules.mechanics.stays import staying, turns_left
from gamebook.rules.mechanics.summon import free_zones
from gamebook.rules.mechanics.verb import Applied, holds, off_field, player_of, skipped
from gamebook.rules.selection import distinguishable, matching_cards
from gamebook.rules.state import (
    ChainLink,
    GameState,
    GraveCard,
    Resolving,
    Window,
    WindowKind,
    replace,
)
from gamebook.situation.model import NOTHING

# The choice, at an optional step ("you can", R164), to do nothing of it: an option of the
# step's SELECT window beside the cards it may choose; no card of a situation is named so.

_LEAVE_AFTER_RESOLVING = (SpellTrapType.NORMAL, SpellTrapType.QUICK_PLAY, SpellTrapType.COUNTER)


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
        events.append(event(EventKind.RESOLVE, link.player, link.card, link.effect, link.target,
                            link=number))
        progress = Resolving(0, ())
        if link.negated is not None:
            events.append(_no_effect(link, number, why=f"{link.negated}_negated"))
            progress = Resolving(len(effect.resolution), (), applied_any=True)
        elif (negation := _negated_by_lasting_effect(rules, state, link, effect)) is not None:
            # a monster's effects negated on the field (R109), the GY locked (R112)
            why, by = negation
            events.append(_no_effect(link, number, why=why, by=by))
            progress = Resolving(len(effect.resolution), (), applied_any=True)
        elif effect.recheck_conditions and (
                not player_conditions_hold(state, link.player, effect)
                or effect.condition is not None and not condition_holds(
                    rules, state, link.player, link.card, effect.condition)):
            # "to activate and to resolve"
            events.append(_no_effect(link, number, why="condition_lost"))
            progress = Resolving(len(effect.resolution), (), applied_any=True)
        elif _card_left_field(rules, state, link, effect):
            # a Continuous or Equip card that left the field applies nothing (R107)
            events.append(_no_effect(link, number, why="card_left_field"))
            progress = Resolving(len(effect.resolution), (), applied_any=True)
        elif (gone := _no_longer_attacking(state, link, effect)) is not None:
            # Sakuretsu Armor, Dimensional Prison, Magic Cylinder: nothing to act on (R38).
            events.append(event(EventKind.NOT_APPLIED, link.player, link.card, link.effect, gone,
                                op=effect.resolution[0].op.value if effect.resolution else None,
                                why="no_longer_attacking"))
            progress = Resolving(len(effect.resolution), ())
    if state.resolving is not None:
        state = replace(state, resolving=None)
    applied_previous, applied_any = progress.applied_previous, progress.applied_any
    for index in range(progress.step, len(effect.resolution)):
        step = effect.resolution[index]
        if step.if_previous_applied and not applied_previous:
            # "then you can" is not offered when what comes before it was not done (R164)
            why = "then_not_offered" if step.optional else "previous_not_applied"
            events.append(skipped(link, step, None, why))
            continue
        answered: tuple[str, ...] = ()
        if index == progress.step and progress.replacing is not None:
            # the answer to a destruction's replacement (R183), the step's own choice before
            state, more = _replacement_answered(rules, state, progress, chosen)
            events.extend(more)
            choice, answered = progress.step_choice, progress.answered + (progress.replacing,)
        else:
            choice = chosen if index == progress.step else None
            if choice is None:
                options = _choice_needed(rules, state, link, step)
                if options:
                    who = chooser(link, step)  # the resolving player, or the opponent (R174)
                    window = Window(WindowKind.SELECT, state.window.step, who)
                    waiting = Resolving(index, options, applied_previous, applied_any, who)
                    return replace(state, window=window, resolving=waiting), events, False
        if step.op is OpName.DESTROY and rules.hooks.destruction_replacement:
            asked = _replacement_asked(rules, state, link, step, choice, answered)
            if asked is not None:  # the destroyed card's controller chooses now (R183)
                instance, options = asked
                who = state.controller(instance)
                window = Window(WindowKind.SELECT, state.window.step, who)
                waiting = Resolving(index, options, applied_previous, applied_any, who,
                                    replacing=instance, answered=answered, step_choice=choice)
                return replace(state, window=window, resolving=waiting), events, False
        before = state.happened
        state, step_events, applied_previous = _apply(rules, state, link, step, cost=False,
                                                      chosen=choice)
        if state.replaced:
            state = replace(state, replaced=frozenset())
        if applied_previous and not verb_of(step.op).bond:  # the last thing that happened (R25)
            state = replace(state, last_happened=state.happened - before)
        applied_any |= applied_previous
        events.extend(step_events)
        if min(state.lp) <= 0:
            break  # a player at 0 loses at once: the rest does not resolve (R102)
    if not effect.resolution and effect.kind is EffectKind.ACTIVATE \
            and state.spell_trap(link.card) is not None and link.negated is None:
        # a Continuous card's activation: its continuous effect applies from now on (R7)
        events.append(event(EventKind.CONTINUOUS_APPLIES, link.player, link.card, link=number))
    elif not applied_any:
        events.append(_no_effect(link, number))
    if min(state.lp) <= 0:  # the Duel is over at once: nothing more moves (R102)
        return replace(state, chain=state.chain[:-1]), events, True
    leaving, more = _after_resolving(rules, state, link)
    if leaving is not None:  # not the last thing that happened (R25): it is not a step
        state = sent_to_graveyard(rules, state, leaving.id, from_field=True)
        state = card_moved(rules, state, leaving.id, from_field=True, to="graveyard",
                           reason="resolved")
    if leaving is None and state.spell_trap(link.card) is not None \
            and turns_left(state, link.card) is None and link.negated is None \
            and (turns := rules.card_of(state, link.card).stays_for_opponent_turns):
        state = state.with_lasting(staying(link.card, turns))  # R111
    chain = state.chain[:-1]  # the link is popped in the same copy as its card leaves
    state = replace(state, chain=chain) if leaving is None else state.to_grave_from_spell_trap_zone(
        leaving, chain=chain)
    return state, events + more, True


_STAYING = (SpellTrapType.CONTINUOUS, SpellTrapType.EQUIP, SpellTrapType.FIELD)


def _no_effect(link: ChainLink, number: int, **why: str) -> Event:
    """Chain link ``number`` resolves and does nothing, and why."""
    return event(EventKind.NO_EFFECT, link.player, link.card, link.effect, link=number, **why)


def _negated_by_lasting_effect(rules: Rules, state: GameState, link: ChainLink, effect: Effect
                               ) -> tuple[str, str] | None:
    """Why the resolving link does nothing because of a lasting effect, and the card that
    makes it so (hook point ``negates_on_resolution``), or ``None``."""
    for hook in rules.hooks.negates_on_resolution:
        found = hook(rules, state, link, effect)
        if found is not None:
            return found
    return None


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
            card.spell_trap_type is SpellTrapType.EQUIP and equipped_to(state, link.card) is None)):
        # a negated activation leaves no card on the field, a Continuous one neither (R17)
        reason = "negated" if negated else "not_equipped"
        return (GraveCard(link.card, card.id, spell_trap.controller, reason),
                [event(EventKind.SENT_TO_GY, spell_trap.controller, link.card, why=reason)])
    if card.spell_trap_type not in _LEAVE_AFTER_RESOLVING or card.stays_for_opponent_turns:
        return None, []  # a Continuous card stays (R9), and one that stays for turns (R111)
    reason = "negated" if negated else "resolved"
    return (GraveCard(link.card, card.id, spell_trap.controller, reason),
            [event(EventKind.SENT_TO_GY, spell_trap.controller, link.card, why=reason)])


def _choice_needed(rules: Rules, state: GameState, link: ChainLink, step: Primitive
                   ) -> tuple[str, ...]:
    """The options when a step needs a choice (the resolving player's, or its chooser's:
    R174), else ``()``."""
    if step.select is not None:
        if chosen_together(step):  # several cards chosen together (R174)
            options = _sets(rules, state, link, step)
            return options if len(options) > 1 else ()
        if step.select.pick is not Pick.ALL:
            options = _selection(rules, state, link, step)
            if step.optional and options:
                return options + (NOTHING,)  # "you can": a card, or nothing (R164)
            return options if len(options) > 1 else ()
    if step.op is OpName.SPECIAL_SUMMON and step.position is None:
        instance = link.ref(step.who) if step.who else None
        if instance and off_field(state, instance) and free_zones(state, link.player) > 0 \
                and not _own_card_left_hand(state, link, step) \
                and not rules.card_of(state, instance).is_link:  # a Link: Attack (R59)
            return (Position.ATTACK.value, Position.DEFENSE.value)
    if step.op is OpName.SPECIAL_SUMMON_TOKENS and step.position is None and step.count == 1 \
            and free_zones(state, player_of(link, step)) >= 1:
        return (Position.ATTACK.value, Position.DEFENSE.value)  # "Special Summon 1 Token"
    return ()


def _selection(rules: Rules, state: GameState, link: ChainLink, step: Primitive, *,
               offered: bool = True) -> tuple[str, ...]:
    """The cards a step's ``select`` matches now; for ``highest_atk`` only the highest; with
    ``offered``, only those its verb may still offer (a search's Deck cards to a player whose
    hand they cannot reach, R184)."""
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
    offer = verb_of(step.op).offered if offered else None
    if offer is not None and found:
        found = offer(rules, state, link, step, found)
    if spec.pick is Pick.HIGHEST_ATK and found:
        best = max(state.monster(i).stats.atk for i in found)
        found = tuple(i for i in found if state.monster(i).stats.atk == best)
    if spec.pick in (Pick.ALL, Pick.SET):  # a set: its own choice of kinds (R174)
        return found
    return distinguishable(rules, state, found)


def _sets(rules: Rules, state: GameState, link: ChainLink, step: Primitive
          ) -> tuple[str, ...]:
    """The sets a ``pick: set`` step may choose now (R174)."""
    every = _selection(rules, state, link, step)
    return set_options(rules, state, link, step, every, every)


def _who(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
         chosen: str | None) -> tuple[str, ...]:
    """The cards a step acts on."""
    if step.select is not None and chosen_together(step):  # R174
        if chosen is not None:
            return cards_of(chosen)
        options = _sets(rules, state, link, step)
        return cards_of(options[0]) if options else ()
    if step.select is not None:
        if chosen is not None:
            return (chosen,)
        return _selection(rules, state, link, step)
    if step.who is None:
        return ()
    if step.who in (Ref.SELECTED, Ref.TARGET):  # targets chosen together: each (R:joint_targets)
        return link.all_refs(step.who)
    instance = link.ref(step.who)
    return (instance,) if instance is not None else ()


def _present(state: GameState, op: OpName, instance: str | None, *,
             from_chain: bool = False) -> bool:
    """Is the card still where the step needs it (R18)?"""
    return holds(state, verb_of(op).applies_if, instance, state.chain[:-1], of_link=from_chain)


def _apply(rules: Rules, state: GameState, link: ChainLink, step: Primitive, *, cost: bool,
           chosen: str | None = None) -> Applied:
    """Apply one primitive. Returns (state, events, applied)."""
    acted = _acted_on(rules, state, link, step, cost=cost, chosen=chosen)
    if not isinstance(acted, _Acted):
        return acted  # the step does nothing, and says why
    who, of, gone = acted
    state, events, applied = _apply_to(rules, state, link, step, who, of, cost, chosen)
    return state, gone + events, applied


class _Acted(NamedTuple):
    """The cards a step acts on as it applies now, its ``of``, and the events of the cards
    it no longer acts on."""

    who: tuple[str, ...]
    of: str | None
    gone: list[Event]


def _acted_on(rules: Rules, state: GameState, link: ChainLink, step: Primitive, *, cost: bool,
              chosen: str | None = None) -> _Acted | Applied:
    """What a step acts on as it applies now; or, when it does nothing, what applying it
    gives."""
    op = step.op
    if step.optional and chosen == NOTHING:  # "you can", and its player chose not to (R164)
        return state, [], False
    who = _who(rules, state, link, step, chosen if step.select is not None else None)
    of = link.ref(step.of) if step.of is not None else None
    needs_who = step.select is not None or step.who is not None
    missing = [i for i in who if not _present(state, op, i,
                                              from_chain=step.who is Ref.CHAINED_TO)]
    if step.of is not None and step.portion is not Portion.ORIGINAL \
            and not holds(state, Where.FACE_UP_MONSTER, of):
        missing.append(of)
    gone: list[Event] = []  # targets chosen together: those gone, told (R:joint_targets)
    if missing and step.who is Ref.TARGET and len(who) > 1 and of not in missing:
        gone = [skipped(link, step, instance, "left_field") for instance in missing]
        who = tuple(i for i in who if i not in missing)
        if not who:
            return state, gone, False
        missing = []
    if needs_who and not who or missing:
        why = "none_selected" if step.select is not None and not who else "left_field"
        not_offered = verb_of(op).not_offered_why
        if why == "none_selected" and not_offered is not None \
                and _selection(rules, state, link, step, offered=False):
            why = not_offered(rules, state, link, step) or why  # cards, none may be offered
        target = missing[0] if missing else None
        return state, [skipped(link, step, target, why)], False
    if _own_card_left_hand(state, link, step):
        return state, [skipped(link, step, link.card, "left_hand")], False
    if step.who is Ref.TARGET and not cost:
        for instance in who:
            # a verb that acts in more than one zone must find its target where it was chosen
            lost = (_target_moved(rules, state, link, instance)
                    if verb_of(op).applies_if in (Where.FIELD_OR_GRAVEYARD, Where.OFF_FIELD)
                    else None)
            if lost is None and _target_turned_face_down(rules, state, link, instance):
                lost = "no_longer_face_up"
            if lost is not None:
                gone.append(skipped(link, step, instance, lost))
        if gone:
            who = tuple(i for i in who if all(e.target != i for e in gone))
            if not who:
                return state, gone, False
    if not cost:
        immune = unaffected(rules, state, link.card, who)
        if immune:
            gone += [skipped(link, step, instance,
                             unaffected_why(rules, state, link.card, instance))
                     for instance in immune]
            who = tuple(i for i in who if i not in immune)
            if not who:
                return state, gone, False
    return _Acted(who, of, gone)


def _replacement_asked(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                       chosen: str | None, answered: tuple[str, ...]
                       ) -> tuple[str, tuple[str, ...]] | None:
    """The next monster the destroying ``step`` would destroy whose controller may replace
    that destruction (R183), not ``answered`` yet, and what they may choose; or ``None``."""
    acted = _acted_on(rules, state, link, step, cost=False, chosen=chosen)
    if not isinstance(acted, _Acted):
        return None
    for instance in acted.who:
        monster = state.monster(instance)
        if monster is None or instance in answered or instance in state.replaced \
                or has_static(rules, state, monster,
                              StaticAbility.CANNOT_BE_DESTROYED_BY_EFFECTS):
            continue
        options = replacement_options(rules, state, instance, DestructionCause.EFFECT)
        if options:
            return instance, options
    return None


def _replacement_answered(rules: Rules, state: GameState, progress: Resolving,
                          chosen: str | None) -> tuple[GameState, list[Event]]:
    """The controller of the monster a step would destroy answered (R183): a GY card
    banished, and the monster kept from that step; or ``nothing``, and it is destroyed."""
    if chosen is None or chosen == NOTHING:
        return state, []
    state, events = replace_destruction(rules, state, progress.replacing, chosen,
                                        DestructionCause.EFFECT)
    return replace(state, replaced=state.replaced | {progress.replacing}), events


def _apply_to(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
              who: tuple[str, ...], of: str | None, cost: bool, chosen: str | None) -> Applied:
    if step.select is not None:
        link = _remember_selection(state, link, who)
        state = replace(state, chain=state.chain[:-1] + (link,)) if not cost else state
    return verb_of(step.op).handler(rules, state, link, step, who, of, cost, chosen)


def _own_card_left_hand(state: GameState, link: ChainLink, step: Primitive) -> bool:
    """An effect activated in the hand that moves its own card from there (Battle Fader's
    "Special Summon this card") when that card is no longer in the hand: it does not move it
    from wherever it went (R118)."""
    return link.from_hand and step.who is Ref.SELF and verb_of(step.op).moves_card \
        and verb_of(step.op).applies_if is Where.OFF_FIELD and state.in_hand(link.card) is None


def _target_moved(rules: Rules, state: GameState, link: ChainLink, instance: str
                  ) -> str | None:
    """A target that is no longer in the zone it was chosen in is not affected as the link
    resolves, whatever zone it is in now: chosen in a GY and Special Summoned by a chained
    card, or chosen on the field and sent to the GY, it is a new card there
    (R:graveyard_targets, R:card_gone). The reason, or ``None`` while it stays."""
    spec = rules.effect_of(state, link.card, link.effect).target
    if spec is None:
        return None
    if spec.zone is Zone.GRAVEYARD:
        return "left_graveyard" if state.in_graveyard(instance) is None else None
    if spec.zone is None and state.in_graveyard(instance) is not None:
        return "left_field"
    return None


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


def _remember_selection(state: GameState, link: ChainLink, who: tuple[str, ...]) -> ChainLink:
    refs = tuple(r for r in link.refs if r[0] is not Ref.SELECTED)
    return replace(link, refs=refs + tuple((Ref.SELECTED, i) for i in who))


