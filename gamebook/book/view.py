"""What the book sees at each decision point: typed values read once from the engine.

The engine hands the book one :class:`PointView` per decision point of an exploration: the
window (its step, the attack in progress and how many were declared), the chain links, the
field as it is shown (monsters with controller, position, face, ATK and DEF; Spell/Trap
Cards with what they are equipped or tied to; hands; the GY with each card's reason; the
banished cards; LP), the can/cannot notes with their reasons, each choice with the Trigger
Effects it gives up, and at an ending its outcome. :class:`Views` builds them; this module is
the only one of the book that reads the engine's state (``GameState``) or the ``Engine``:
the narration, the page model, the article and the renderers read these values.

Equal parts of different points (a field, a chain) are one object, so the narration can
tell each distinct one once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamebook.cards.model import Card, PlayerAbility
from gamebook.explore.explorer import Exploration, ordered_children
from gamebook.rules.actions import Action, ActionKind, Note
from gamebook.rules.commutation import Reordered
from gamebook.rules.mechanics.equip import equipped_to
from gamebook.rules.mechanics.stays import turns_left
from gamebook.rules.mechanics.ties import tied_to
from gamebook.rules.outcome import Outcome
from gamebook.rules.protection import ability_source
from gamebook.rules.state import Player, Step, WindowKind

__all__ = ["Action", "ActionKind", "AttackView", "Cast", "ChainLinkView", "ChoiceView",
           "EndingView", "FieldView", "HeldCard", "MonsterView", "Note", "Outcome", "Player",
           "PointView",
           "Reordered", "SpellTrapView", "Views"]


@dataclass(frozen=True)
class MonsterView:
    """A monster on the field as a page shows it."""
    id: str
    controller: Player
    position: str  # "attack" or "defense"
    face_up: bool
    atk: int
    def_: int | None  # None: a Link Monster
    battle_destroyed: bool = False  # destroyed in damage calculation, not yet sent (R51)


@dataclass(frozen=True)
class SpellTrapView:
    """A Spell/Trap Card on the field, with what it is equipped or tied to (R105, R108) and
    how many of the opponent's turns it still stays."""
    id: str
    controller: Player
    face_up: bool
    equipped_to: str | None = None
    tied_to: str | None = None
    turns_left: int | None = None


@dataclass(frozen=True)
class HeldCard:
    """A card in a hand, the GY or banished: its owner and, in the GY, why it is there."""
    id: str
    owner: Player
    reason: str | None = None


@dataclass(frozen=True)
class FieldView:
    lp: tuple[int, int]  # (A, B)
    monsters: tuple[MonsterView, ...]
    spell_traps: tuple[SpellTrapView, ...]
    hand: tuple[HeldCard, ...]
    graveyard: tuple[HeldCard, ...]
    banished: tuple[HeldCard, ...]

    def life(self, player: Player | str) -> int:
        return self.lp[0 if Player(player) is Player.A else 1]


@dataclass(frozen=True)
class ChainLinkView:
    player: Player
    card: str
    effect: str


@dataclass(frozen=True)
class AttackView:
    attacker: str
    target: str | None  # None: a direct attack


@dataclass(frozen=True, slots=True)
class ChoiceView:
    """One choice at a decision point and the point it leads to."""
    action: Action
    child: str
    declining: tuple[str, ...]  # the Trigger Effects (``card.effect``) it gives up (R22)
    enters_battle_phase: bool  # the turn player's last pass of Main Phase 1 (R129)
    events: tuple[Any, ...] = ()  # what happens on the way (the engine's events)
    # the chain it built is shown on its page in another order, and why (R137)
    reordered: Reordered | None = None
    # a free action made after another free action it commutes with: (this choice's action,
    # the one made before it); its page was reached in the other order (R152)
    free_order: tuple[Action, Action] | None = None


@dataclass(frozen=True)
class EndingView:
    """What an ending page says beside the field: the outcome and the facts behind it."""
    outcome: Outcome
    # per player the outcome says cannot declare attacks: forbidden this turn, and the
    # face-up card that forbids it, if one does (R44, R111)
    forbidden: tuple[tuple[Player, bool, str | None], ...]
    player_abilities: tuple[tuple[Player, PlayerAbility], ...]  # sorted
    cards: tuple[tuple[str, bool], ...]  # each Spell/Trap Card of the battle: used or not


@dataclass(frozen=True, eq=False, slots=True)
class PointView:
    """One decision point (or ending) as the book reads it."""
    node: str
    step: str  # the window's step (``Step`` value)
    turn_player: Player
    to_move: Player | None  # None at an ending
    attack: AttackView | None
    attacks_this_turn: int
    chain: tuple[ChainLinkView, ...]
    field: FieldView
    notes: tuple[Note, ...]  # can/cannot with the rule and reason
    choices: tuple[ChoiceView, ...]  # in the book's order
    ending: EndingView | None = None

    @property
    def outcome(self) -> Outcome | None:
        return self.ending.outcome if self.ending else None

    def choice(self, action: Action) -> ChoiceView:
        return next(choice for choice in self.choices if choice.action == action)


@dataclass(frozen=True)
class Cast:
    """The situation's card instances: each one's card and owner, in the engine's order."""
    instances: dict[str, Card] = field(default_factory=dict)
    owners: dict[str, Player] = field(default_factory=dict)
    cards: dict[str, str] = field(default_factory=dict)  # each instance's card id


class Views:
    """The views of one exploration, each built once when first asked for."""

    def __init__(self, exploration: Exploration, *, let_go: bool = False) -> None:
        """``let_go``: the exploration is these views' alone, and each state and the edges
        out of it are let go once its point's view is made (the only reader of both here):
        a big book's states are not all held while its pages are made."""
        self.exploration = exploration
        self._let_go = let_go
        engine = exploration.engine
        situation = engine.situation
        self.cast = Cast({instance: situation.cards[card]
                          for instance, card in engine.rules.instances}, dict(engine.owners),
                         dict(engine.rules.instances))
        self.situation = situation
        self.preset = engine.config.name
        graph = exploration.graph.graph
        # what graph.json says of the exploration itself
        self.facts = {"title": graph.get("title"), "root": exploration.root,
                      "rules": graph.get("rules"), "situation": graph.get("situation")}
        self._points: dict[str, PointView] = {}
        self._fields: dict[tuple, FieldView] = {}
        self._chains: dict[tuple, tuple[ChainLinkView, ...]] = {}
        self._face_up_at_start: frozenset[str] | None = None

    def point(self, node: str) -> PointView:
        found = self._points.get(node)
        if found is None:
            found = self._points[node] = self._point(node)
            if self._let_go:  # what the point's view was made from
                del self.exploration.states[node]
                self.exploration.graph.let_go_of_edges(node)
        return found

    def _point(self, node: str) -> PointView:
        exploration = self.exploration
        engine = exploration.engine
        graph = exploration.graph
        state = exploration.state(node)
        to_move = engine.to_move(state)
        choices = []
        for child in ordered_children(exploration, node):
            data = graph.edges[node, child]
            why = dict(data.get("alternatives_reordered", ()))  # by alternative
            free = dict(data.get("alternatives_free_order", ()))
            for index, (action, events) in enumerate([(data["action"], data["events"]),
                                                      *data.get("alternatives", [])]):
                choices.append(ChoiceView(action, child, engine.declining(state, action),
                                          _enters_battle_phase(state, action), events,
                                          data.get("reordered") if index == 0
                                          else why.get(index - 1),
                                          data.get("free_order") if index == 0
                                          else free.get(index - 1)))
        attack = state.attack
        return PointView(
            node=node, step=state.window.step.value, turn_player=state.turn_player,
            to_move=to_move,
            attack=AttackView(attack.attacker, attack.target) if attack is not None else None,
            attacks_this_turn=state.attacks_this_turn, chain=self._chain(state),
            field=self._field(state), notes=tuple(engine.notes(state)),
            choices=tuple(choices),
            ending=self._ending(state) if to_move is None else None)

    def _chain(self, state: Any) -> tuple[ChainLinkView, ...]:
        found = self._chains.get(state.chain)
        if found is None:
            found = self._chains[state.chain] = tuple(
                ChainLinkView(link.player, link.card, link.effect) for link in state.chain)
        return found

    def _field(self, state: Any) -> FieldView:
        key = (state.lp, state.monsters, state.spell_traps, state.hand, state.graveyard,
               state.banished, state.lasting)
        found = self._fields.get(key)
        if found is None:
            found = self._fields[key] = FieldView(
                lp=state.lp,
                monsters=tuple(MonsterView(m.id, m.controller, m.position.value, m.face_up,
                                           m.stats.atk, m.stats.def_, m.battle_destroyed)
                               for m in state.monsters),
                spell_traps=tuple(SpellTrapView(c.id, c.controller, c.face_up,
                                                equipped_to(state, c.id), tied_to(state, c.id),
                                                turns_left(state, c.id))
                                  for c in state.spell_traps),
                hand=tuple(HeldCard(h.id, h.owner) for h in state.hand),
                graveyard=tuple(HeldCard(g.id, g.owner, g.reason) for g in state.graveyard),
                banished=tuple(HeldCard(b.id, b.owner, b.reason) for b in state.banished))
        return found

    def _ending(self, state: Any) -> EndingView:
        engine = self.exploration.engine
        outcome = engine.outcome(state)
        forbidden = tuple(
            (Player(player), Player(player) in state.cannot_declare_attacks,
             ability_source(engine.rules, state, Player(player),
                            PlayerAbility.CANNOT_DECLARE_ATTACKS))
            for player in outcome.cannot_declare_attacks)
        used = {g.id for g in state.graveyard if g.reason in ("resolved", "negated")}
        at_start = self.face_up_at_start()  # face-up before the battle: not used in it
        used |= {c.id for c in state.spell_traps if c.face_up and c.id not in at_start}
        cards = []
        for instance in self.cast.instances:
            if instance in used:
                cards.append((instance, True))
            elif state.spell_trap(instance) is not None and instance not in at_start:
                cards.append((instance, False))
        return EndingView(outcome, forbidden, tuple(sorted(state.player_abilities)),
                          tuple(cards))

    def face_up_at_start(self) -> frozenset[str]:
        """The Spell/Trap Cards face-up when the situation starts (an Equip Spell already
        equipped)."""
        if self._face_up_at_start is None:
            self._face_up_at_start = frozenset(
                c.id for c in self.exploration.engine.initial_state().spell_traps if c.face_up)
        return self._face_up_at_start


def _enters_battle_phase(state: Any, action: Action) -> bool:
    """The turn player's pass in their open game state of Main Phase 1: it enters the Battle
    Phase, once the opponent has passed too (R129)."""
    window = state.window
    return (action.kind is ActionKind.PASS and window.step is Step.MAIN_PHASE_1
            and window.kind is WindowKind.OPEN and action.player is state.turn_player
            and not state.chain)
