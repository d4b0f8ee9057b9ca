"""The engine's public face: initial state, whose decision, legal actions, what follows.

``Engine`` is what the explorer and the book use; everything else in :mod:`gamebook.rules`
is an implementation detail. It answers, for any state:

- :meth:`Engine.to_move` - the player who must decide (``None`` at an ending);
- :meth:`Engine.legal_actions` - sorted: activations first, "pass" last;
- :meth:`Engine.apply` - the next state and the structured events on the way;
- :meth:`Engine.notes` - for teaching, every activated effect on the field and whether each
  player can activate it now, with the R-rule that forbids it when not.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cached_property
from typing import NamedTuple

from gamebook.cards.model import (
    Card,
    Effect,
    OpName,
    PlayerAbility,
    PlayerRef,
    Position,
    Primitive,
)
from gamebook.errors import RulesError
from gamebook.rules.actions import Action, ActionKind, Event, Note
from gamebook.rules.battle import (
    attack_granting_effects,
    attack_locked,
    attack_options,
    can_declare_attack,
    choose_on_replay,
    choose_on_select,
    close_window,
    declare_attack,
    open_window,
    replay_options,
    resolve_chain,
    select_options,
)
from gamebook.rules.commutation import Commutation, Reordered
from gamebook.rules.conditions import EARLIER
from gamebook.rules.config import PRESETS, RulesConfig
from gamebook.rules.context import Rules
from gamebook.rules.continuous import recounted, refresh, refresh_events
from gamebook.rules.main_phase import (
    free_actions_commute,
    main_phase_actions,
    take_main_phase_action,
)
from gamebook.rules.mechanics import MECHANICS, check_library, hooks_for
from gamebook.rules.mechanics.equip import EQUIPPED, equipped_to
from gamebook.rules.mechanics.once_per_turn import use_key
from gamebook.rules.mechanics.stays import staying
from gamebook.rules.mechanics.summon import token_ids
from gamebook.rules.mechanics.ties import tied_to
from gamebook.rules.outcome import CardGone, CardInHand, MonsterAtEnd, Outcome, SpellTrapAtEnd
from gamebook.rules.protection import ability_source
from gamebook.rules.state import (
    GameState,
    GraveCard,
    HandCard,
    Lasting,
    MonsterState,
    Player,
    SpellTrapState,
    Step,
    WindowKind,
    recalled,
    remembered,
)
from gamebook.rules.timing import (
    activate,
    decline,
    declined_by_decline,
    declined_by_pass,
    every_activation,
    pass_priority,
    priority_actions,
)
from gamebook.situation.model import Situation, StartMoment
from gamebook.stats import StatBlock


class Transition(NamedTuple):
    """An action's result: the state reached and the events on the way (a tuple, made in C:
    one for each of the explorer's tens of thousands of transitions a second)."""

    state: GameState
    events: tuple[Event, ...]


class Engine:
    def __init__(self, situation: Situation, preset: str | None = None) -> None:
        name = preset or situation.spec.rules
        self.situation = situation
        check_library(situation.cards)  # every step of every card as its verb allows
        self.config: RulesConfig = PRESETS[name]
        instances = []
        self.owners: dict[str, Player] = {}
        for name, entry in situation.spec.players.items():
            for item in (*entry.monsters, *entry.spell_traps, *entry.hand, *entry.deck,
                         *entry.graveyard):
                instances.append((item.id, item.card))
                self.owners[item.id] = Player(name)
        for instance, card_id in list(instances):
            for token, receiver in _tokens_made(situation.cards[card_id]):
                player = self.owners[instance] if receiver is PlayerRef.YOU \
                    else self.owners[instance].opponent
                for token_id in token_ids(instance, token):
                    instances.append((token_id, token.token))
                    self.owners[token_id] = player
        effects = tuple(effect for card_id in sorted({card for _, card in instances})
                        for effect in situation.cards[card_id].played_effects)
        self.rules = Rules(situation.cards, self.config, situation.spec.scope.value,
                           tuple(sorted(instances)), hooks_for(MECHANICS, effects))

    # -- the start ---------------------------------------------------------------------------
    def initial_state(self) -> GameState:
        return self.start().state

    def _used(self, text: str) -> tuple[str, str]:
        """The turn memory's key of a use the situation names (``instance.effect``, or
        ``card.effect`` for a limit by name): the card's name for an effect limited by name
        (R135) or once per Duel (R156)."""
        instance, effect_id = text.split(".", 1)
        card_id = dict(self.rules.instances).get(instance, instance)
        return use_key(card_id, instance, self.situation.cards[card_id].effect(effect_id))

    def _setup(self) -> GameState:
        spec = self.situation.spec
        cards = self.situation.cards
        monsters, spell_traps, hand, deck, graveyard = [], [], [], [], []
        lasting: list[Lasting] = []
        for name, entry in spec.players.items():
            player = Player(name)
            hand += [HandCard(h.id, h.card, player) for h in entry.hand]
            deck += [HandCard(d.id, d.card, player) for d in entry.deck]
            for m in entry.monsters:
                card = cards[m.card]
                stats = StatBlock.printed(*card.printed_stats)
                monsters.append(MonsterState(m.id, m.card, player, m.position, m.face_up, stats))
            for s in entry.spell_traps:
                spell_traps.append(SpellTrapState(s.id, s.card, player, s.face_up,
                                                  s.set.value == "this_turn"))
                if s.equipped_to is not None:  # R105
                    lasting.append(Lasting(EQUIPPED, s.id, data=s.equipped_to))
                if s.turns_left is not None:  # R111
                    lasting.append(staying(s.id, s.turns_left))
            graveyard += [GraveCard(g.id, g.card, player, EARLIER) for g in entry.graveyard]
        tp = Player(spec.turn_player)
        state = GameState.new(
            turn_player=tp,
            lp=(spec.players["A"].lp, spec.players["B"].lp),
            monsters=tuple(sorted(monsters, key=lambda m: m.id)),
            spell_traps=tuple(sorted(spell_traps, key=lambda s: s.id)),
            graveyard=tuple(sorted(graveyard)),
            chain=(),
            window=None,  # type: ignore[arg-type]  # set just below
            attack=None,
            used_once_per_turn=frozenset(
                self._used(text) for text in (*spec.used_this_turn, *spec.used_this_duel)),
            hand=tuple(sorted(hand)),
            summoned_this_turn=frozenset(Player(p) for p in spec.summoned_this_turn),
            normal_summon_used=spec.normal_summon_used,
            position_fixed=frozenset(spec.position_fixed),
            deck=tuple(sorted(deck)),
            lasting=tuple(sorted(lasting)),
        )
        return open_window(state, _FIRST_STEP.get(spec.start.moment, Step.BATTLE_STEP))

    def start(self) -> Transition:
        """The starting state and the events that led to it (the attack declaration)."""
        state = self._setup()
        spec = self.situation.spec
        events: list[Event] = []
        if spec.start.moment is StartMoment.ATTACK_DECLARED:
            state, events = declare_attack(self.rules, refresh(self.rules, state),
                                           spec.start.attacker, spec.start.target)
        state, more = refresh_events(self.rules, state)
        return Transition(state, tuple(events + more))

    # -- questions ---------------------------------------------------------------------------
    def is_terminal(self, state: GameState) -> bool:
        return state.window.kind is WindowKind.ENDED

    def merge_key(self, state: GameState) -> Hashable:
        """What makes two points one page (docs/engine.md, "Equal points are one page").

        A decision point is its whole state: anything in it may still matter. An ending is
        what its page shows, the outcome: nothing happens after it, so bookkeeping that only
        a later action could read (an effect used once this turn, the attacks counted, the
        window's passes) does not make another ending of it."""
        if state.window.kind is not WindowKind.ENDED:
            return state
        return ("ending", state.turn_player, state.player_abilities, self._shown(state))

    # What the explorer's memo of forced runs keeps of a merge key: a state's field values,
    # not the state (:func:`~gamebook.rules.state.remembered`); the explorer keeps each
    # node's state so too, and asks for the state again (``recall``) when it reads it.
    memo_key = staticmethod(remembered)
    recall = staticmethod(recalled)

    # The fields of the state an ending's merge key reads, directly or through what its page
    # shows (which monsters may still attack reads the attacks counted and granted, the locks,
    # the lasting effects), and those it leaves out, with why: nothing happens after an
    # ending. Every field of the state is in one of the two (tests/test_merge_key.py).
    ENDING_READS = frozenset({
        "turn_player", "player_abilities", "window", "lp", "monsters", "spell_traps",
        "graveyard", "banished", "hand", "extra_deck", "lasting", "attacks_declared",
        "extra_attacks", "cannot_declare_attacks", "used_once_per_turn", "battle_abilities",
        "chain", "attack", "summoned_this_turn"})
    ENDING_LEAVES_OUT = {
        "resolving": "no resolution waits for a choice at an ending",
        "ending_battle_phase": "the Battle Phase is over or the scope ended: said by the reason",
        "normal_summon_used": "read only in Main Phase 1's open game state, over at an ending",
        "position_fixed": "read only in Main Phase 1's open game state, over at an ending",
        "field_effects": "read only as a Trap resolves or is offered, over at an ending",
        "flipped": "Flip Effects due are activated before an ending",
        "happened": "events wait for a trigger that can no longer be activated",
        "last_happened": "read only while a chain resolves",
        "damage": "read only by an effect that could be activated later",
        "attacks_of_cards_gone": "read by the narration's attack number only; a monster gone "
                                 "from the field no longer counts its attacks",
        "deck": "the Deck cards are never shown and cannot move after an ending",
        "vanished": "Tokens gone while a trigger waited: gone for good",
        "replaced": "set only while a destroying step applies (R:destruction_replacement): "
                    "empty at an ending",
    }

    # -- the order reduction (R137) -----------------------------------------------------------
    @cached_property
    def commutation(self) -> Commutation:
        """The proof that two chain links commute, for this situation (made when asked)."""
        return Commutation(self.rules)

    def order_key(self, state: GameState) -> Hashable | None:
        """A decision point's merge key with its chain's commuting links in one order
        (:mod:`gamebook.rules.commutation`), or ``None`` when the reduction changes nothing."""
        if len(state.chain) < 2 or state.window.kind is WindowKind.ENDED:
            return None
        return self.commutation.canonical(state)

    def reordered(self, reached: GameState, shown: GameState) -> Reordered:
        """Why a choice that built ``reached`` turns to the page of ``shown`` (R137)."""
        return self.commutation.reordered(reached, shown)

    # -- free actions in either order (R152) ---------------------------------------------------
    def free_actions_commute(self, state: GameState, first: Action,
                             second: Action | None = None) -> bool:
        """Do the free actions ``first`` and ``second`` of Main Phase 1 reach the same state in
        either order (R152, :func:`gamebook.rules.main_phase.free_actions_commute`)?"""
        return free_actions_commute(self.rules, state, first, second)

    def to_move(self, state: GameState) -> Player | None:
        if self.is_terminal(state):
            return None
        if state.window.kind is WindowKind.REPLAY:
            return state.turn_player
        return state.window.priority  # also the resolving player in a SELECT window

    def legal_actions(self, state: GameState, *, every_card: bool = False) -> list[Action]:
        """The choices at ``state``, sorted. Of interchangeable cards only the first one's
        activation is a choice (:func:`~gamebook.rules.timing.same_as`); ``every_card``
        lists every legal activation."""
        if self.is_terminal(state):
            return []
        window = state.window
        if window.kind is WindowKind.REPLAY:
            actions = replay_options(self.rules, state)
        elif window.kind is WindowKind.SELECT:
            actions = select_options(self.rules, state)
        else:
            actions = priority_actions(self.rules, state, every_card=every_card)
            if window.kind is WindowKind.OPEN and window.step is Step.BATTLE_STEP \
                    and window.priority is state.turn_player and not state.chain:
                actions += attack_options(self.rules, state)
            elif window.step is Step.MAIN_PHASE_1:
                actions += main_phase_actions(self.rules, state)
        return sorted(actions, key=Action.sort_key) if len(actions) > 1 else actions

    def declining(self, state: GameState, action: Action) -> tuple[str, ...]:
        """The triggers (``card.effect``) that ``action``, a pass or decline, gives up (R22)."""
        if action.kind is ActionKind.PASS:
            return tuple(f"{t.card}.{t.effect}"
                         for t in declined_by_pass(self.rules, state, action.player))
        if action.kind in (ActionKind.DECLINE, ActionKind.END_PLACEMENT):
            return declined_by_decline(state, action.player)
        return ()

    def notes(self, state: GameState) -> list[Note]:
        """Can/cannot for every activated effect of both players' cards (R-rule when not).

        A card whose activation is not offered because an interchangeable card's is
        (:func:`~gamebook.rules.timing.same_as`) can be activated, with reason ``same_as``."""
        if state.window.kind in (WindowKind.ENDED, WindowKind.REPLAY, WindowKind.SELECT):
            return []
        checked, repeats = every_activation(self.rules, state)
        notes = []
        for player, instance, effect, problem in checked:
            if problem is None and player is state.window.priority and instance in repeats:
                notes.append(Note(player, instance, effect.id, True, None, "same_as",
                                  (("card", repeats[instance]),)))
            elif problem is None and (note := self._negated_note(
                    state, instance, effect)) is not None:
                rule, reason, args = note
                notes.append(Note(player, instance, effect.id, True, rule, reason, args))
            elif problem is None:
                notes.append(Note(player, instance, effect.id, True))
            else:
                rule, reason, args = problem
                notes.append(Note(player, instance, effect.id, False, rule, reason, args))
        return notes + self._attack_lock_notes(state)

    def _negated_note(self, state: GameState, instance: str, effect: Effect
                      ) -> tuple[str, str, tuple] | None:
        """The can-line of a legal activation that a lasting effect would negate (hook point
        ``note_if_activated``: R109, R112), or ``None``."""
        for hook in self.rules.hooks.note_if_activated:
            found = hook(self.rules, state, instance, effect)
            if found is not None:
                return found
        return None

    def _attack_locks(self, state: GameState) -> tuple[tuple[str, str], ...]:
        """(player, why) for each player who cannot declare attacks: ``"turn"`` for the rest
        of the turn (R44), or the face-up card that forbids it (R111)."""
        locks = {(player.value, "turn") for player in state.cannot_declare_attacks}
        for player in Player:
            source = ability_source(self.rules, state, player,
                                    PlayerAbility.CANNOT_DECLARE_ATTACKS)
            if source is not None:
                locks.add((player.value, source))
        return tuple(sorted(locks))

    def _attack_lock_notes(self, state: GameState) -> list[Note]:
        """In the open Battle Step: the turn player cannot declare an attack while a face-up
        card of the opponent forbids it (R111)."""
        if state.window.kind is not WindowKind.OPEN or state.window.step is not Step.BATTLE_STEP \
                or state.attack is not None:
            return []
        tp = state.turn_player
        notes = self._attack_forbidden_notes(state)
        source = ability_source(self.rules, state, tp, PlayerAbility.CANNOT_DECLARE_ATTACKS)
        if source in (None, "turn"):
            return notes
        if any(m.controller is tp and not attack_locked(self.rules, state, m.id)
               for m in state.monsters):
            return notes  # a monster unaffected by the card escapes its lock (R104)
        effect = next(e.id for e in self.rules.card_of(state, source).effects
                      if PlayerAbility.CANNOT_DECLARE_ATTACKS in e.grants_opponent)
        return [Note(tp, source, effect, False, "lock_while_face_up", "attacks_locked")]

    def _attack_forbidden_notes(self, state: GameState) -> list[Note]:
        """The turn player's face-up Attack Position monsters that have an attack left but
        that a face-up card forbids to attack (Fiendish Chain, R166), one line each."""
        if not self.rules.hooks.attack_forbidden:
            return []
        notes = []
        for monster in state.monsters:
            if monster.controller is not state.turn_player or not monster.face_up \
                    or monster.position is not Position.ATTACK \
                    or state.attacks_made(monster.id) >= state.attack_allowance(monster.id):
                continue
            for hook in self.rules.hooks.attack_forbidden:
                found = hook(self.rules, state, monster.id)
                if found is not None:
                    source, effect = found
                    notes.append(Note(monster.controller, source, effect, False,
                                      "attack_forbidden_while_face_up", "attack_forbidden",
                                      (("monster", monster.id),)))
                    break
        return notes

    # -- moves -------------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action, *, forced: bool = False,
              trusted: bool = False) -> Transition:
        """The state after ``action`` and the events on the way.

        ``forced`` marks the pass returned by :func:`forced_pass`; ``trusted`` an action the
        caller has just taken from :meth:`legal_actions`. Neither is checked again; any other
        action is, and an illegal one raises :class:`~gamebook.errors.RulesError`.
        """
        if not (forced or trusted) and action not in self.legal_actions(state, every_card=True):
            raise RulesError(f"illegal action {action} in this state")
        kind = action.kind
        if kind is ActionKind.ACTIVATE:
            state, events = activate(self.rules, state, action)
        elif kind in (ActionKind.DECLINE, ActionKind.END_PLACEMENT):
            state, events = decline(self.rules, state, action)
        elif kind is ActionKind.PASS:
            state, events, closed = pass_priority(self.rules, state, action, forced=forced)
            if closed:
                if state.chain:
                    state, more = resolve_chain(self.rules, state)
                else:
                    state, more = close_window(self.rules, state)
                events += more
        elif kind is ActionKind.DECLARE_ATTACK:
            state, events = declare_attack(self.rules, state, action.card, action.target)
        elif kind in _MAIN_PHASE_KINDS:
            state, events = take_main_phase_action(self.rules, state, action)
        elif kind is ActionKind.SELECT:
            state, events = choose_on_select(self.rules, state, action)
        else:
            state, events = choose_on_replay(self.rules, state, action)
        refreshed, more = refresh_events(self.rules, state)
        if refreshed is not state and any(m.stats.inputs for m in refreshed.monsters):
            more = [*more, *recounted(state, refreshed)]  # R114: told when it changes
        return Transition(refreshed, tuple(events) + tuple(more))

    # -- endings -----------------------------------------------------------------------------
    def can_attack_again(self, state: GameState, instance: str) -> bool:
        """Could this monster still declare an attack this turn (R43-R45)?"""
        return can_declare_attack(self.rules, state, instance)

    def outcome(self, state: GameState) -> Outcome:
        """What a branch ends with: LP, field, graveyard, further attacks (for endings)."""
        (reason, lp, monsters, spell_traps, graveyard, banished, hand, extra_deck, attackers,
         granted, cannot_declare) = self._shown(state)
        return Outcome(
            reason=reason,
            lp=lp,
            monsters=tuple(MonsterAtEnd(*monster) for monster in monsters),
            spell_traps=tuple(SpellTrapAtEnd(*card) for card in spell_traps),
            graveyard=tuple(CardGone(*card) for card in graveyard),
            banished=tuple(CardGone(*card) for card in banished),
            hand=tuple(CardInHand(*card) for card in hand),
            extra_deck=tuple(CardInHand(*card) for card in extra_deck),
            can_attack_again=attackers,
            can_attack_again_with=granted,
            cannot_declare_attacks=tuple(sorted({player for player, _ in cannot_declare})),
        )

    def _shown(self, state: GameState) -> tuple:
        """What an ending's page shows, as plain values in tuples: :meth:`outcome` makes it
        an :class:`Outcome`, and it is the ending's :meth:`merge_key` (hashed without building
        one)."""
        over = state.window.reason in ("battle_phase_over", "duel_over")  # no way back (R57)
        attackers = () if over else tuple(m.id for m in state.monsters
                                          if self.can_attack_again(state, m.id))
        # Monsters that could attack again once an effect still available grants it (R45).
        granted = () if over else tuple(
            f"{m.id}.{effect_id}" for m in state.monsters if m.id not in attackers
            for effect_id in attack_granting_effects(self.rules, state, m.id))
        return (
            state.window.reason,
            state.lp,
            tuple((m.id, m.card, m.controller.value, m.position.value, m.face_up, m.stats.atk,
                   m.stats.def_, m.battle_destroyed) for m in state.monsters),
            tuple((c.id, c.card, c.controller.value, c.face_up, equipped_to(state, c.id),
                   tied_to(state, c.id)) for c in state.spell_traps),
            tuple((g.id, g.card, g.owner.value, g.reason) for g in state.graveyard),
            tuple((g.id, g.card, g.owner.value, g.reason) for g in state.banished),
            tuple((h.id, h.card, h.owner.value) for h in state.hand),
            tuple((h.id, h.card, h.owner.value) for h in state.extra_deck),
            attackers,
            granted,
            self._attack_locks(state),
        )


# The turn player's choices in their open game state of Main Phase 1 (R130, R138-R141).
_MAIN_PHASE_KINDS = frozenset({ActionKind.NORMAL_SUMMON, ActionKind.SET_MONSTER,
                               ActionKind.FLIP_SUMMON, ActionKind.CHANGE_POSITION,
                               ActionKind.SET_SPELL_TRAP})

# The step a situation's start moment opens (the attack declaration starts in the open Battle
# Step and declares the attack).
_FIRST_STEP = {StartMoment.MAIN_PHASE_1: Step.MAIN_PHASE_1, StartMoment.START_STEP: Step.START_STEP}


def _tokens_made(card: Card) -> list[tuple[Primitive, PlayerRef]]:
    """The token-making steps of a card's effects: their tokens get instance ids up front."""
    return [(step, step.player or PlayerRef.YOU) for effect in card.played_effects
            for step in effect.resolution if step.op is OpName.SPECIAL_SUMMON_TOKENS]


def forced_pass(engine: Engine, state: GameState) -> Action | None:
    """The only legal action, when it is a pass: the explorer compresses such points."""
    actions = engine.legal_actions(state)
    if len(actions) == 1 and actions[0].kind is ActionKind.PASS:
        return actions[0]
    return None


__all__ = ["Engine", "Transition", "forced_pass"]
