"""The page model: page numbers and everything a page says, built once per book.

Numbering: page 1 is the first decision; pages follow breadth-first order over the
decision graph, each node's choices in the engine's order (activations before "pass"),
so the same input always gives the same numbers. Endings are pages too.

A page says what just happened (the events on the incoming edges; when several pages lead
here with different events, each is told under "From page N"), the current chain, the
field, what each player can and cannot activate (with the R-rule), and the choices, each
with the page it leads to; an ending page summarises the outcome instead.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, replace
from typing import Any

from gamebook.book.narrate import Narrator
from gamebook.book.rulebook import AppendixEntry, appendix, cited
from gamebook.cards.model import PlayerAbility
from gamebook.explore.explorer import Exploration, number_pages, ordered_children
from gamebook.rules.actions import Action, ActionKind
from gamebook.rules.mechanics.equip import equipped_to
from gamebook.rules.mechanics.ties import tied_to
from gamebook.rules.outcome import Outcome
from gamebook.rules.protection import ability_source
from gamebook.rules.state import GameState, Player, Step, WindowKind


@dataclass(frozen=True)
class Choice:
    label: str
    page: int
    action: Action
    short: str  # a few words, for diagrams


@dataclass(frozen=True)
class Arrival:
    from_page: int | None  # None: the start of the book
    choice: str | None
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Page:
    number: int
    node: str
    to_move: str | None  # "A", "B" or None at an ending
    arrivals: tuple[Arrival, ...]
    then: tuple[str, ...]  # what happened next on every route here (told once)
    chain: tuple[str, ...]
    field: tuple[str, ...]
    can: tuple[str, ...]
    cannot: tuple[str, ...]
    choices: tuple[Choice, ...]
    decides: str | None
    ending: tuple[str, ...] = ()
    outcome: Outcome | None = None  # at an ending
    moment: str | None = None  # "Attack 2: Gemini Elf → Leo Wizard" in books of several attacks

    @property
    def terminal(self) -> bool:
        return self.to_move is None


@dataclass(frozen=True)
class Book:
    title: str
    description: str
    rules_line: str
    scope_line: str
    summary_line: str
    lang: str
    pages: tuple[Page, ...]
    appendix: tuple[AppendixEntry, ...] = ()  # the rules the book cites, by number
    # Said once, on the first page, when the situation's title or description has no
    # translation into the book's language and is shown in English.
    language_line: str = ""

    def page(self, number: int) -> Page:
        return self.pages[number - 1]

    def texts(self) -> list[str]:
        """Every sentence of the book, in page order (for the rules it cites)."""
        texts = [self.rules_line]
        for page in self.pages:
            for arrival in page.arrivals:
                texts.extend(arrival.lines)
            texts += [*page.then, *page.can, *page.cannot, *page.ending]
        return texts


def narrator_for(exploration: Exploration, lang: str) -> Narrator:
    """The narrator of a book of ``exploration``: its cards, and who owns each."""
    situation = exploration.engine.situation
    instances = {instance: situation.cards[card]
                 for instance, card in exploration.engine.rules.instances}
    return Narrator(lang, instances, exploration.engine.owners)


def build_book(exploration: Exploration, lang: str = "en") -> Book:
    # The page model is acyclic (reference counting frees it): the cyclic garbage collector
    # would only walk the exploration's millions of objects again and again (15 % of the
    # time of a big book). It is off while the pages are made, as while exploring.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _build_book(exploration, lang)
    finally:
        if collecting:
            gc.enable()


def _build_book(exploration: Exploration, lang: str) -> Book:
    engine = exploration.engine
    situation = engine.situation
    narrator = narrator_for(exploration, lang)
    numbers = number_pages(exploration)
    labels = _Labels(exploration, narrator)
    pages = []
    several_attacks = situation.spec.scope.value == "end_of_battle_phase"
    for node, number in numbers.items():  # numbered in insertion order
        pages.append(_page(exploration, narrator, node, number, numbers, labels,
                           several_attacks))
    endings = sum(1 for page in pages if page.terminal)
    book = Book(
        title=situation.title_in(lang),
        description=situation.description_in(lang),
        rules_line=narrator.msg("meta.rules_preset",
                                name=narrator.msg(f"rules_name.{engine.config.name}"),
                                description=narrator.msg(
                                    f"rules_description.{engine.config.name}")),
        scope_line=narrator.msg("meta.scope",
                                scope=narrator.msg(f"scope.{situation.spec.scope.value}")),
        summary_line=narrator.msg("meta.summary", pages=len(pages),
                                  decisions=len(pages) - endings, endings=endings),
        lang=lang,
        pages=tuple(pages),
        language_line=_untranslated(situation, lang, narrator),
    )
    # The same sentences recur on thousands of pages: each distinct one is searched once.
    return replace(book, appendix=appendix(cited(dict.fromkeys(book.texts())), lang))


def _untranslated(situation: Any, lang: str, narrator: Narrator) -> str:
    """The note that the situation's title or description is in English, or ``""``."""
    if lang == "en":
        return ""
    translation = situation.spec.translations.get(lang)
    title = not (translation and translation.title)
    description = bool(situation.spec.description) and not (translation and
                                                              translation.description)
    if not (title or description):
        return ""
    which = "both" if title and description else "title" if title else "description"
    return narrator.msg(f"meta.untranslated.{which}")


class _Labels:
    """The words of each choice (``narrator.choice``), made once per page and action: a
    page's choices and the arrivals of the pages they lead to say the same."""

    def __init__(self, exploration: Exploration, narrator: Narrator) -> None:
        self.exploration = exploration
        self.narrator = narrator
        self._said: dict[str, dict[Action, str]] = {}

    def __call__(self, node: str, action: Action) -> str:
        said = self._said.setdefault(node, {})
        label = said.get(action)
        if label is None:
            engine = self.exploration.engine
            state = self.exploration.state(node)
            if enters_battle_phase(state, action):
                label = said[action] = self.narrator.msg("choice.enter_battle_phase")
            else:
                label = said[action] = self.narrator.choice(action,
                                                            engine.declining(state, action))
        return label


def enters_battle_phase(state: GameState, action: Action) -> bool:
    """The turn player's pass in their open game state of Main Phase 1: it enters the Battle
    Phase, once the opponent has passed too (R129)."""
    window = state.window
    return (action.kind is ActionKind.PASS and window.step is Step.MAIN_PHASE_1
            and window.kind is WindowKind.OPEN and action.player is state.turn_player
            and not state.chain)


def _page(exploration: Exploration, narrator: Narrator, node: str, number: int,
          numbers: dict[str, int], labels: _Labels, several_attacks: bool = False) -> Page:
    engine = exploration.engine
    graph = exploration.graph
    state = exploration.state(node)
    to_move = engine.to_move(state)
    notes = engine.notes(state)
    choices = []
    for child in ordered_children(exploration, node):
        data = graph.edges[node, child]
        actions = [data["action"]] + [a for a, _ in data.get("alternatives", [])]
        for action in actions:
            short = narrator.msg("short.enter_battle_phase") \
                if enters_battle_phase(state, action) else narrator.short_choice(action)
            choices.append(Choice(labels(node, action), numbers[child], action, short))
    ending: tuple[str, ...] = ()
    outcome: Outcome | None = None
    arrivals, then = _split_common_tail(_arrivals(exploration, narrator, node, numbers, labels))
    if to_move is None:
        outcome = engine.outcome(state)
        ending = tuple(_ending_lines(narrator, outcome, state, engine))
    return Page(
        number=number,
        node=node,
        to_move=to_move.value if to_move else None,
        arrivals=arrivals,
        then=then,
        chain=tuple(narrator.chain(state)),
        field=tuple(narrator.field(state)),
        can=tuple(narrator.note(n) for n in notes if n.legal),
        cannot=tuple(narrator.note(n) for n in notes if not n.legal),
        choices=tuple(choices),
        decides=narrator.msg("meta.decides", player=narrator.player(to_move)) if to_move else None,
        ending=ending,
        outcome=outcome,
        moment=narrator.moment(state) if several_attacks and to_move else None,
    )


def _arrivals(exploration: Exploration, narrator: Narrator, node: str,
              numbers: dict[str, int], labels: _Labels) -> tuple[Arrival, ...]:
    graph = exploration.graph
    if node == exploration.root:
        return (Arrival(None, None, tuple(narrator.events(graph.graph.get("prelude", ())))),)
    arrivals = []
    for parent, _, data in graph.in_edges(node, data=True):
        routes = [(data["action"], data["events"]), *data.get("alternatives", [])]
        for action, events in routes:  # several choices of one page may lead here
            arrivals.append(Arrival(numbers[parent], labels(parent, action),
                                    tuple(narrator.events(events))))
    arrivals.sort(key=lambda a: (a.from_page or 0, a.choice or ""))
    if len({a.lines for a in arrivals}) == 1:
        # Every way here tells the same story: tell it once.
        return (Arrival(None, None, arrivals[0].lines),)
    return tuple(arrivals)


def _split_common_tail(arrivals: tuple[Arrival, ...]
                       ) -> tuple[tuple[Arrival, ...], tuple[str, ...]]:
    """Tell the story all routes share once, after what differs between them."""
    if len(arrivals) < 2:
        return arrivals, ()
    tail = 0
    shortest = min(len(a.lines) for a in arrivals)
    while tail < shortest and len({a.lines[len(a.lines) - 1 - tail] for a in arrivals}) == 1:
        tail += 1
    if tail == 0:
        return arrivals, ()
    heads = tuple(Arrival(a.from_page, a.choice, a.lines[:len(a.lines) - tail])
                  for a in arrivals)
    return heads, arrivals[0].lines[len(arrivals[0].lines) - tail:]


def _face_up_at_start(engine: Any) -> frozenset[str]:
    """The Spell/Trap Cards face-up when the situation starts (an Equip Spell already
    equipped): computed once per engine."""
    found = engine.__dict__.get("_face_up_at_start")
    if found is None:
        found = frozenset(c.id for c in engine.initial_state().spell_traps if c.face_up)
        engine.__dict__["_face_up_at_start"] = found
    return found


def _ending_lines(narrator: Narrator, outcome: Outcome, state: Any, engine: Any
                  ) -> list[str]:
    """The outcome, one line per subject: why it ended, the board, the cards used, attacks."""
    reason = [narrator.msg(f"ending.reason_{outcome.reason}",
                           player=narrator.player(state.turn_player))]
    board = [narrator.msg("ending.lp", a=outcome.lp[0], b=outcome.lp[1])]
    for monster in state.monsters:
        controller = narrator.player(monster.controller)
        if monster.stats.def_ is None:
            board.append(narrator.msg("ending.monster_link", card=narrator.card(monster.id),
                                      controller=controller, atk=monster.stats.atk))
        else:  # the ending names a face-down monster too, and says it is face-down
            stats = narrator.msg("field.stats", atk=monster.stats.atk, defense=monster.stats.def_)
            key = "ending.monster" if monster.face_up else "ending.monster_face_down"
            board.append(narrator.msg(key, card=narrator.card(monster.id),
                                      controller=controller, stats=stats,
                                      position=narrator.msg(f"position.{monster.position.value}")))
    for card in state.spell_traps:  # an Equip Card, a card tied to its monster (R105, R108)
        equipped, tied = equipped_to(state, card.id), tied_to(state, card.id)
        if equipped is not None or tied is not None:
            key = "ending.equipped" if equipped is not None else "ending.tied"
            board.append(narrator.msg(key, card=narrator.card(card.id),
                                      controller=narrator.player(card.controller),
                                      target=narrator.card(equipped or tied)))
    for monster in state.monsters:
        if monster.battle_destroyed:  # the Duel ended in damage calculation (R49-R51)
            board.append(narrator.msg("ending.destroyed_not_sent", card=narrator.card(monster.id)))
    grave = [narrator.msg("field.grave_card", card=narrator.card(g.id),
                          reason=narrator.msg(f"grave_reason.{g.reason}"))
             for g in state.graveyard]
    graveyard = [narrator.msg("ending.gy", cards=narrator.join(grave)) if grave
                 else narrator.msg("ending.gy_none")]
    if state.banished:
        graveyard.append(narrator.msg("ending.banished", cards=narrator.join(
            narrator.card(b.id) for b in state.banished)))
    hands = []
    for player in (Player.A, Player.B):  # each hand, an empty one too
        held = [narrator.card(card.id) for card in state.hand if card.owner is player]
        hands.append(narrator.msg("ending.hand", player=narrator.player(player),
                                      cards=narrator.join(held)) if held
                         else narrator.msg("ending.hand_empty",
                                           player=narrator.player(player)))
    attacks = []
    attackers = outcome.can_attack_again
    if attackers:
        attacks.append(narrator.msg("ending.second_attack_yes",
                                    cards=narrator.join(narrator.card(a) for a in attackers)))
    elif outcome.can_attack_again_with:
        for key in outcome.can_attack_again_with:
            instance = key.partition(".")[0]
            attacks.append(narrator.msg("ending.second_attack_if", card=narrator.card(instance),
                                        effect=narrator.effect_key(key)))
    else:
        attacks.append(narrator.msg("ending.second_attack_no"))
    for player in outcome.cannot_declare_attacks:
        if Player(player) in state.cannot_declare_attacks:
            attacks.append(narrator.msg("ending.forbidden", player=narrator.player(player)))
        source = ability_source(engine.rules, state, Player(player),
                                PlayerAbility.CANNOT_DECLARE_ATTACKS)
        if source not in (None, "turn"):  # a face-up card forbids it too (R111)
            attacks.append(narrator.msg("ending.forbidden_by", player=narrator.player(player),
                                        card=narrator.card(source)))
    for player, ability in sorted(state.player_abilities):
        attacks.append(narrator.msg(f"event.player_ability_{ability.value}",
                                    player=narrator.player(player)))
    used = {g.id for g in state.graveyard if g.reason in ("resolved", "negated")}
    at_start = _face_up_at_start(engine)  # face-up before the battle: not used in it
    used |= {c.id for c in state.spell_traps if c.face_up and c.id not in at_start}
    cards = []
    for instance, _card in engine.rules.instances:
        if instance in used:
            cards.append(narrator.msg("ending.card_used", card=narrator.card(instance)))
        elif state.spell_trap(instance) is not None and instance not in at_start:
            cards.append(narrator.msg("ending.card_unused", card=narrator.card(instance)))
    separator = narrator.msg("meta.sentence_sep")
    return [separator.join(group) for group in (reason, board, graveyard + cards + hands,
                                                attacks)
            if group]
