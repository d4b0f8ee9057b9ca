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
from collections import Counter, deque
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from gamebook.book.narrate import Narrator
from gamebook.book.rulebook import AppendixEntry, appendix, cited
from gamebook.book.tighten import START, Tightener
from gamebook.book.view import (
    Action,
    ActionKind,
    EndingView,
    Outcome,
    Player,
    PointView,
    Reordered,
    Views,
)
from gamebook.explore.explorer import Exploration, number_pages


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    page: int
    action: Action
    short: str  # a few words, for diagrams
    # an activation's few words without its target or cost (a diagram leaves out a target
    # that could not be another), "" for any other choice
    short_any_target: str = ""
    events: tuple[Any, ...] = field(default=(), compare=False, repr=False)  # on the way
    # the chain it builds is shown on its page in another order, and why (R137)
    reordered: Reordered | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Arrival:
    from_page: int | None  # None: the start of the book
    choice: str | None  # None where the page it comes from has one choice leading here
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
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
    # the decision point as the engine showed it (step, attack, chain links, field)
    point: PointView | None = field(default=None, compare=False, repr=False)

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
    # the words of the book's language and cards, for the renderers' own labels
    narrator: Narrator | None = field(default=None, compare=False, repr=False)
    # what graph.json says of the exploration: title, root, rules, situation
    facts: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def page(self, number: int) -> Page:
        return self.pages[number - 1]

    def texts(self) -> list[str]:
        """Every sentence of the book, in page order (for the rules it cites)."""
        texts = [self.rules_line]
        for page in self.pages:
            texts += _sentences(page)
        return texts


def _sentences(page: Page) -> list[str]:
    """Every sentence of ``page`` that may cite a rule."""
    texts = [line for arrival in page.arrivals for line in arrival.lines]
    return [*texts, *page.then, *page.can, *page.cannot, *page.ending]


def narrator_for(exploration: Exploration | Views, lang: str) -> Narrator:
    """The narrator of a book of ``exploration``: its cards, and who owns each."""
    cast = (exploration if isinstance(exploration, Views) else Views(exploration)).cast
    return Narrator(lang, cast.instances, cast.owners)


def build_book(exploration: Exploration, lang: str = "en") -> Book:
    """The whole book of ``exploration`` in ``lang``, every page in memory (see
    :class:`PageFeed` for a book written as its pages are made)."""
    # The page model is acyclic (reference counting frees it): the cyclic garbage collector
    # would only walk the exploration's millions of objects again and again (15 % of the
    # time of a big book). It is off while the pages are made, as while exploring.
    with _collector_off():
        head, pages = _book_and_pages(exploration, lang)
        book = replace(head, pages=tuple(pages))
        # The same sentences recur on thousands of pages: each distinct one is searched once.
        return replace(book, appendix=appendix(cited(dict.fromkeys(book.texts())), lang))


@contextmanager
def _collector_off() -> Iterator[None]:
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


class PageFeed:
    """A book whose pages are made one at a time, in number order, for the formats written
    from them in step (:func:`~gamebook.render.export.write_formats`): each format reads the
    pages once, through :meth:`reader`; a page is made when the first reader comes to it
    and dropped when the last has read it, so a book of 10^5 pages is never whole in
    memory. What the diagrams and graph.json read of a page (its number, choices, chain,
    outcome, ending and the point's view, not its story, field or can/cannot lines) is
    kept: :meth:`outline`, once every page is made, is the book they are made from.

    While pages are made the cyclic garbage collector is off, as in :func:`build_book`;
    :meth:`outline` (or :meth:`close`) turns it back on and lets go of the exploration."""

    def __init__(self, exploration: Exploration, lang: str = "en", *,
                 let_go: bool = False) -> None:
        """``let_go``: the exploration is the feed's alone (``gamebook build`` keeps no
        other reference), and each state and the graph's edges are let go once read (see
        :class:`~gamebook.book.view.Views`): a big exploration is not all held while the
        pages are made. The exploration is then no longer whole."""
        self._collector = ExitStack()  # off until close(), as in build_book
        self._collector.enter_context(_collector_off())
        self.book, self._source = _book_and_pages(exploration, lang, let_go)
        self._made: deque[Page] = deque()  # pages some reader has still to read
        self._first = 0  # the index of _made[0] among the pages
        self._read: list[int] = []  # how many pages each reader has read
        self._outline: list[Page] = []
        self._seen: set[str] = set()  # sentences searched for R-numbers
        self._cited: set[str] = set(cited([self.book.rules_line]))
        self._appendix: tuple[AppendixEntry, ...] | None = None

    def __enter__(self) -> PageFeed:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def reader(self) -> Book:
        """The book for one more format: its ``pages`` are read once, as they are made; its
        ``appendix`` once they all are (a template reads it after the pages)."""
        if self._source is None or self._outline:  # it would have missed pages
            raise RuntimeError("a reader of the pages joins before the first is made")
        self._read.append(0)
        return _Reading(self, len(self._read) - 1)  # type: ignore[return-value]

    def read(self, reader: int) -> int:
        """How many pages ``reader`` has read."""
        return self._read[reader]

    def pages(self, reader: int) -> Iterator[Page]:
        """The pages for ``reader``, in number order, each made when the first reader comes
        to it."""
        made, read = self._made, self._read
        while True:
            at = read[reader] - self._first
            if at == len(made):
                page = self._next()
                if page is None:
                    return
                made.append(page)
            page = made[at]
            read[reader] += 1
            while made and min(read) > self._first:  # read by every reader: dropped
                made.popleft()
                self._first += 1
            yield page

    def _next(self) -> Page | None:
        if self._source is None:
            return None
        page = next(self._source, None)
        if page is None:
            return None
        self._outline.append(replace(page, arrivals=(), then=(), field=(), can=(),
                                     cannot=()))
        for text in _sentences(page):
            if text not in self._seen:
                self._seen.add(text)
                self._cited.update(cited((text,)))
        return page

    def appendix(self) -> tuple[AppendixEntry, ...]:
        """The rules every page cites, once they are all made."""
        if self._appendix is None:
            while self._next() is not None:
                pass
            self._appendix = appendix(self._cited, self.book.lang)
        return self._appendix

    def outline(self) -> Book:
        """The book with every page made, each without its story, field and notes: what the
        diagrams and graph.json are made from. The exploration is let go."""
        entries = self.appendix()  # every page made
        book = replace(self.book, pages=tuple(self._outline), appendix=entries)
        self.close()
        return book

    def close(self) -> None:
        """Let go of the exploration and the pages not read; the collector back on."""
        self._source = None
        self._made.clear()
        self._outline = []
        self._seen = set()
        self._collector.close()


class _Reading:
    """One reader's view of a :class:`PageFeed`: the book, its pages read once."""

    def __init__(self, feed: PageFeed, reader: int) -> None:
        self._feed = feed
        self._reader = reader

    @property
    def pages(self) -> Iterator[Page]:
        return self._feed.pages(self._reader)

    @property
    def appendix(self) -> tuple[AppendixEntry, ...]:
        return self._feed.appendix()

    @property
    def read(self) -> int:
        return self._feed.read(self._reader)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._feed.book, name)


def _book_and_pages(exploration: Exploration, lang: str, let_go: bool = False
                    ) -> tuple[Book, Iterator[Page]]:
    """The book without its pages and appendix, and its pages, made one at a time in
    number order as they are read (``let_go``: as :class:`PageFeed`)."""
    views = Views(exploration, let_go=let_go)
    situation = views.situation
    narrator = narrator_for(views, lang)
    numbers = number_pages(exploration)
    endings = sum(1 for _, to_move in exploration.graph.nodes(data="to_move")
                  if to_move is None)
    book = Book(
        title=situation.title_in(lang),
        description=situation.description_in(lang),
        rules_line=narrator.msg("meta.rules_preset",
                                name=narrator.msg(f"rules_name.{views.preset}"),
                                description=narrator.msg(
                                    f"rules_description.{views.preset}")),
        scope_line=narrator.msg("meta.scope",
                                scope=narrator.msg(f"scope.{situation.spec.scope.value}")),
        summary_line=narrator.msg("meta.summary", pages=len(numbers),
                                  decisions=len(numbers) - endings, endings=endings),
        lang=lang,
        pages=(),
        language_line=_untranslated(situation, lang, narrator),
        narrator=narrator,
        facts=views.facts,
    )
    labels = _Labels(views, narrator)
    tightener = Tightener(narrator)
    several_attacks = situation.spec.scope.value == "end_of_battle_phase"

    def pages() -> Iterator[Page]:
        graph = exploration.graph
        for node, number in numbers.items():  # numbered in insertion order
            yield _page(exploration, views.point(node), narrator, number, numbers, labels,
                        tightener, several_attacks)
            if let_go:  # its arrivals are told: the edges into it are not read again
                graph.let_go_of_edges(node, into=True)

    return book, pages()


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

    def __init__(self, views: Views, narrator: Narrator) -> None:
        self.views = views
        self.narrator = narrator
        self._said: dict[str, dict[Action, str]] = {}
        self._untargeted: dict[Action, str] = {}

    def __call__(self, node: str, action: Action) -> str:
        said = self._said.setdefault(node, {})
        label = said.get(action)
        if label is None:
            choice = self.views.point(node).choice(action)
            if choice.enters_battle_phase:
                label = said[action] = self.narrator.msg("choice.enter_battle_phase")
            else:
                label = said[action] = self.narrator.choice(action, choice.declining)
        return label

    def short_any_target(self, action: Action) -> str:
        if action.kind is not ActionKind.ACTIVATE or not (action.target or action.cost):
            return ""
        short = self._untargeted.get(action)
        if short is None:
            short = self._untargeted[action] = self.narrator.short_choice(
                replace(action, target=None, cost=None))
        return short


def _page(exploration: Exploration, point: PointView, narrator: Narrator, number: int,
          numbers: dict[str, int], labels: _Labels, tightener: Tightener,
          several_attacks: bool = False) -> Page:
    node = point.node
    to_move = point.to_move
    choices = []
    for option in point.choices:
        action = option.action
        short = narrator.msg("short.enter_battle_phase") \
            if option.enters_battle_phase else narrator.short_choice(action)
        choices.append(Choice(labels(node, action), numbers[option.child], action, short,
                              labels.short_any_target(action), option.events,
                              option.reordered))
    ending: tuple[str, ...] = ()
    arrivals, then = _split_common_tail(_arrivals(exploration, narrator, node, numbers, labels))
    if point.ending is not None:
        ending = tuple(_ending_lines(narrator, point, point.ending))
    can = tuple(narrator.note(n) for n in point.notes if n.legal)
    cannot = tuple(narrator.note(n) for n in point.notes if not n.legal)
    arrivals, then, can, cannot, ending = _tightened(tightener, arrivals, then, can, cannot,
                                                     ending)
    return Page(
        number=number,
        node=node,
        to_move=to_move.value if to_move else None,
        arrivals=arrivals,
        then=then,
        chain=tuple(narrator.chain(point.chain)),
        field=tuple(narrator.field(point.field)),
        can=can,
        cannot=cannot,
        choices=tuple(choices),
        decides=narrator.once(narrator.msg("meta.decides", player=narrator.player(to_move)))
        if to_move else None,
        ending=ending,
        outcome=point.outcome,
        moment=narrator.moment(point) if several_attacks and to_move else None,
        point=point,
    )


def _tightened(tightener: Tightener, arrivals: tuple[Arrival, ...], then: tuple[str, ...],
               can: tuple[str, ...], cannot: tuple[str, ...], ending: tuple[str, ...]
               ) -> tuple[tuple[Arrival, ...], tuple[str, ...], tuple[str, ...],
                          tuple[str, ...], tuple[str, ...]]:
    """A page's prose said once (:mod:`gamebook.book.tighten`), in reading order: each way
    here, then the page's own lines (what follows them all, the ✔ lines, the ✘ lines, an
    ending's lines), which start afresh. A rule a ✘ line cites is cited there only, each ✘
    line keeping its own."""
    start = (START[0], tightener.cited(cannot))
    told = []
    for arrival in arrivals:
        lines, _ = tightener.read(arrival.lines, start)
        told.append(replace(arrival, lines=lines))
    # the page's own lines start afresh: they must read the same whichever way led here, and
    # an ending merged with others stands for pages reached by other ways (test_merge_key)
    then, reading = tightener.read(then, start)
    can, reading = tightener.read(can, reading)
    cannot, _ = tightener.read(cannot, reading, keep_rules=True)
    ending, _ = tightener.read(ending, start)  # the same for every ending merged into it
    return tuple(told), then, can, cannot, ending


def _arrivals(exploration: Exploration, narrator: Narrator, node: str,
              numbers: dict[str, int], labels: _Labels) -> tuple[Arrival, ...]:
    graph = exploration.graph
    if node == exploration.root:
        return (Arrival(None, None, tuple(narrator.events(graph.graph.get("prelude", ())))),)
    arrivals = []
    for parent in graph.predecessors(node):
        for route in labels.views.point(parent).choices:  # several may lead here
            if route.child != node:
                continue
            lines = tuple(narrator.events(route.events))
            if route.reordered is not None:  # the chain is shown in another order (R137)
                lines = (*lines, narrator.reordered(route.reordered))
            if route.free_order is not None:  # free actions in either order (R152)
                lines = (*lines, narrator.free_order(*route.free_order))
            arrivals.append(Arrival(numbers[parent], labels(parent, route.action), lines))
    arrivals.sort(key=lambda a: (a.from_page or 0, a.choice or ""))
    if len({a.lines for a in arrivals}) == 1:
        # Every way here tells the same story: tell it once.
        return (Arrival(None, None, arrivals[0].lines),)
    # "From page N" says enough where one choice of page N leads here: the story that
    # follows tells that choice (its activation, its pass), so it is not said twice
    routes = Counter(a.from_page for a in arrivals)
    return tuple(arrival if routes[arrival.from_page] > 1 else replace(arrival, choice=None)
                 for arrival in arrivals)


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


def _ending_lines(narrator: Narrator, point: PointView, end: EndingView) -> list[str]:
    """The outcome, one line per subject: why it ended, the board, the cards used, attacks."""
    outcome, field = end.outcome, point.field
    reason = [narrator.msg(f"ending.reason_{outcome.reason}",
                           player=narrator.player(point.turn_player))]
    board = [narrator.msg("ending.lp", a=outcome.lp[0], b=outcome.lp[1])]
    for monster in field.monsters:
        controller = narrator.player(monster.controller)
        if monster.def_ is None:
            board.append(narrator.msg("ending.monster_link", card=narrator.card(monster.id),
                                      controller=controller, atk=monster.atk))
        else:  # the ending names a face-down monster too, and says it is face-down
            stats = narrator.msg("field.stats", atk=monster.atk, defense=monster.def_)
            key = "ending.monster" if monster.face_up else "ending.monster_face_down"
            board.append(narrator.msg(key, card=narrator.card(monster.id),
                                      controller=controller, stats=stats,
                                      position=narrator.msg(f"position.{monster.position}")))
    for card in field.spell_traps:  # an Equip Card, a card tied to its monster (R105, R108)
        equipped, tied = card.equipped_to, card.tied_to
        if equipped is not None or tied is not None:
            key = "ending.equipped" if equipped is not None else "ending.tied"
            board.append(narrator.msg(key, card=narrator.card(card.id),
                                      controller=narrator.player(card.controller),
                                      target=narrator.card(equipped or tied)))
    for monster in field.monsters:
        if monster.battle_destroyed:  # the Duel ended in damage calculation (R49-R51)
            board.append(narrator.msg("ending.destroyed_not_sent", card=narrator.card(monster.id)))
    grave = [narrator.msg("field.grave_card", card=narrator.card(g.id),
                          reason=narrator.msg(f"grave_reason.{g.reason}"))
             for g in field.graveyard]
    graveyard = [narrator.msg("ending.gy", cards=narrator.join(grave)) if grave
                 else narrator.msg("ending.gy_none")]
    if field.banished:
        graveyard.append(narrator.msg("ending.banished", cards=narrator.join(
            narrator.banished(b) for b in field.banished)))
    hands = []
    for player in (Player.A, Player.B):  # each hand, an empty one too
        held = [narrator.card(card.id) for card in field.hand if card.owner is player]
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
    for player, this_turn, source in end.forbidden:
        if this_turn:
            attacks.append(narrator.msg("ending.forbidden", player=narrator.player(player)))
        if source not in (None, "turn"):  # a face-up card forbids it too (R111)
            attacks.append(narrator.msg("ending.forbidden_by", player=narrator.player(player),
                                        card=narrator.card(source)))
    for player, ability in end.player_abilities:
        attacks.append(narrator.msg(f"event.player_ability_{ability.value}",
                                    player=narrator.player(player)))
    cards = [narrator.msg("ending.card_used" if used else "ending.card_unused",
                          card=narrator.card(instance)) for instance, used in end.cards]
    separator = narrator.msg("meta.sentence_sep")
    return [separator.join(group) for group in (reason, board, graveyard + cards + hands,
                                                attacks)
            if group]
