"""The decision diagrams: Graphviz DOT for one book, readable in an article column.

Rules (documented in the README, "Diagrams"):

- A decision node shows its page number; its shape and colour say who decides (A: blue
  box, B: orange ellipse). An ending shows its page number and its outcome in short
  ("B 5300 · Linkuriboh destroyed"), coloured by outcome class (who lost LP).
- An edge is one choice, coloured like the player who makes it, running through the
  choice's short words (wrapped, never dropped: a node on the edge, so that they sit on their
  own line and no other); its tooltip is the choice in full.
- ``merge_endings``: endings whose short outcome is the same are one node listing its pages.
- Every node links to its page in ``book.html`` and has a tooltip: the page, who decides,
  the chain.
- A book of more than :data:`SPLIT_LIMIT` pages whose pages belong to several attacks or
  steps, or whose whole diagram is laid out above the bounds of
  :mod:`gamebook.render.layoutfigures` (crossings, long edges) or so wide that its
  smallest capitals fall under :data:`MIN_CAPITAL` px in its PNG, is drawn as an overview
  plus one diagram per attack or step (``graph.1``,
  ``graph.2``, … in the order of the Battle Phase; the Battle Step is one per number of
  attacks declared before it); a stage still too much for one diagram, or the only one
  (the Skill Drain example: 132 pages of one attack, its capitals 6.4 px), is cut into
  parts by its first choices, again while a part is too much (:meth:`_Builder.refine`),
  each part named by the choice it starts from; inside those, and in any diagram of more than
  :data:`CLUSTER_LIMIT` pages, the pages of one window (step) are a cluster, and the graph
  is ranked cluster by cluster (``newrank`` can set edge labels beside a cluster on each
  other: a layout with it is only a trial, kept when its texts stand apart).
- Of the layouts tried (:data:`LAYOUTS`), one whose texts stand apart
  (:mod:`gamebook.render.textboxes`) is kept, if one does: a layout whose texts touch is
  first laid out again with a wider search (:func:`_searched`); of those, the one easiest
  to follow (:mod:`gamebook.render.layoutfigures`).
- The overview: one row per stage (the Start Step, the Battle Step before the first attack,
  attack 1 on each target, the Battle Step after it, …, the End Step; the parts of a cut
  stage ranked by their edges), then the endings, one box per outcome class; one edge per
  pair of boxes, its count a tag on it.

Words come from the catalogs (``diagram.*``, ``short.*``), so every language has its own
legend, labels and tooltips; the font is one that has the language's glyphs.
"""

from __future__ import annotations

import math
import re
from collections import deque
from dataclasses import dataclass
from typing import Any

from gamebook.book.narrate import Narrator
from gamebook.book.pages import Book, Page
from gamebook.book.view import ActionKind, Outcome, PointView
from gamebook.render.layoutfigures import JOINT, Figures, figures
from gamebook.render.linebreak import wrap

SPLIT_LIMIT = 150  # pages: above this, an overview plus one diagram per attack or step
# The layouts tried: ranks top to bottom with the legend as a row, or as a column beside the
# tree; ranks left to right (the legend is then a column).
LAYOUTS = ("TB", "TB-column", "LR")
TRIAL_LIMIT = 400  # pages: up to this, both rank directions are laid out and compared
# pages of the whole book: above this no layout is tried (nor drawn: Graphviz would take
# minutes); the crowded benchmark's 2,939 pages took 31 s of Graphviz CPU in trials alone
TRIAL_BOOK_LIMIT = 1500
CLUSTER_LIMIT = 100  # pages: above this, the pages of one window are drawn as a cluster
# A stage too much for one diagram is cut into parts by its first choices (:meth:`_cut`),
# parts still too much again, at most this many times, none of fewer decisions than CUT_MIN
CUT_DEPTH = 3
CUT_MIN = 12
CUT_ALWAYS = 60  # decisions: a part of more is cut without trying its layout first
TITLE_LIMIT = 100  # characters of the title on a diagram; longer ones end in "…"
LABEL_LIMIT = 40  # characters of an edge label
TOOLTIP_LIMIT = 300
SIZE = "16.6,1000"  # inches at 72 pt: at most 1,600 px wide in the PNG (96 dpi)
FONT_SIZE = "16"  # points, every label: the smallest text is what must stay readable
PAGE_FONT_SIZE = "18"  # points, a decision's page number: what a reader looks for first
WRAP = 14  # columns (a CJK character is two) of one line of an edge or ending label
FONTS = {  # fontconfig names; Pango falls back per glyph to any font that has it
    "en": "Helvetica", "zh-Hant": "Noto Sans CJK TC", "zh-Hans": "Noto Sans CJK SC",
    "ja": "Noto Sans CJK JP",
}
# Fontconfig languages whose coverage a language's diagram needs (fc-list :lang=…).
FONT_LANGS = {"zh-Hant": "zh-tw", "zh-Hans": "zh-cn", "ja": "ja"}
PLAYER_STYLE = {
    "A": {"shape": "box", "style": "rounded,filled", "fillcolor": "#dbe8f7", "color": "#1f5fa8"},
    "B": {"shape": "ellipse", "style": "filled", "fillcolor": "#fbe2d5", "color": "#b4461c",
          "margin": "0.02,0.02"},
}
EDGE_COLOUR = {"A": "#1f5fa8", "B": "#b4461c"}
# Outcome classes, by whose LP went down ("gains": none went down, some went up); a Duel
# won (an LP of 0) is its own class.
OUTCOME_STYLE = {
    "none": "#e8e8e8", "gains": "#cdeaf2", "b_loses": "#d4edc9", "a_loses": "#f7e7a6",
    "both": "#e2d3f0", "duel_over": "#f3b7b7",
}
# The overview's edges into the endings of a class: a darker shade of the class's fill.
OUTCOME_EDGE = {
    "none": "#8a8a8a", "gains": "#2a7f99", "b_loses": "#3b8030", "a_loses": "#9a7a12",
    "both": "#7a4fa6", "duel_over": "#b83232",
}
CHOICE = "choice"  # a choice's words: a node on its edge (choice1, choice2, …)
STUB_FILLS = ("#f1f1f1", "#dff3f3", "#f6e3f3", "#ececd2", "#e3e3f8")  # "continues in …"
ENDING_STYLE = {"shape": "box", "style": "filled", "color": "#3d3d3d", "penwidth": "1.6"}
# Characters XML 1.0 forbids (SVG is XML): C0 controls but tab/newline/CR, surrogates, FFFE/F.
_XML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


@dataclass(frozen=True)
class Diagram:
    """One diagram: ``name`` is its file stem (``graph``, ``graph.1``), ``lines`` its DOT
    source in pieces (a statement a line: a diagram of 10^5 pages that will not be drawn
    is written without ever being one string, which would take its size again)."""

    name: str
    lines: tuple[str, ...]
    pages: int = 0  # the book's pages drawn in it (an overview draws none)

    @property
    def source(self) -> str:
        """The DOT source."""
        return "".join(self.lines)


def shorten(value: str, limit: int) -> str:
    """``value`` cut to ``limit`` characters, ending in "…" when it was longer."""
    value = str(value)
    return value if len(value) <= limit else value[:limit - 1].rstrip() + "…"


def text(value: str, limit: int = TOOLTIP_LIMIT) -> str:
    """A user string made safe for DOT and the SVG it becomes: never read as an HTML-like
    label or an escape, no character XML forbids, at most ``limit`` long (per line)."""
    import graphviz

    lines = [shorten(line, limit) for line in _XML_FORBIDDEN.sub("", str(value)).split("\n")]
    return graphviz.escape("\n".join(lines))


# The counted words that have a singular of their own ("diagram.endings_one").
_SINGULAR = frozenset({"diagram.endings", "diagram.choices", "diagram.group_pages"})


class Words:
    """The diagram's words in the book's language."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator

    def __call__(self, key: str, **args: Any) -> str:
        if args.get("count") == 1 and key in _SINGULAR:  # "1 ending", not "1 endings"
            key += "_one"
        return self.narrator.msg(key, **args)

    def outcome_class(self, outcome: Outcome, start_lp: dict[str, int]) -> str:
        if any(value <= 0 for value in outcome.lp):
            return "duel_over"
        lost = [player for player in ("A", "B") if outcome.life(player) < start_lp[player]]
        if not lost and any(outcome.life(p) > start_lp[p] for p in ("A", "B")):
            return "gains"
        return {0: "none", 2: "both"}.get(len(lost)) or f"{lost[0].lower()}_loses"

    def outcome(self, outcome: Outcome, start_lp: dict[str, int],
                start_monsters: list[str]) -> str:
        """"B 5300 · Linkuriboh destroyed": the LP that changed, the monsters that left."""
        parts = [self("diagram.lp_gained", player=player, lp=outcome.life(player),
                      amount=outcome.life(player) - start_lp[player])
                 if outcome.life(player) > start_lp[player]
                 else self("diagram.lp", player=player, lp=outcome.life(player))
                 for player in ("A", "B") if outcome.life(player) != start_lp[player]]
        lp_changed = bool(parts)
        on_field = {card.id for card in outcome.field}
        gone = {card.id: card.reason for card in outcome.graveyard}
        gone.update({card.id: "banished" for card in outcome.banished})
        gone.update({card.id: "hand" for card in outcome.hand})
        gone.update({card.id: "extra_deck" for card in outcome.extra_deck})
        for monster in start_monsters:
            if monster not in on_field:
                reason = gone.get(monster, "vanished")
                key = reason if reason in ("tributed", "banished", "hand", "extra_deck",
                                           "discarded", "vanished") else "destroyed"
                parts.append(self(f"diagram.gone_{key}", card=self.narrator.card(monster)))
        if not lp_changed and not parts:  # the colour says it when something else is said
            parts.insert(0, self("diagram.lp_unchanged"))
        return self("diagram.sep").join(parts)


def diagrams(book: Book, *, merge_endings: bool = False,
             book_file: str = "book.html", layouts: bool = True,
             stem: str = "graph") -> list[Diagram]:
    """The diagrams of ``book``: one, or (a large book of several attacks or steps) an
    overview named ``graph`` and one diagram per attack or step, ``graph.1``, …

    ``layouts=False``, or a book of more than :data:`TRIAL_BOOK_LIMIT` pages: no layout is
    tried with Graphviz (a diagram that will not be drawn), the rank direction is guessed
    from the graph's shape.
    """
    layouts = layouts and len(book.pages) <= TRIAL_BOOK_LIMIT
    builder = _Builder(book, merge_endings, book_file, layouts)
    builder.stem = stem  # the diagrams' file names: graph.svg, graph.1.svg, …
    groups = builder.groups()
    whole = None
    if len(groups) < 2 or len(book.pages) <= SPLIT_LIMIT:
        clusters = len(book.pages) > CLUSTER_LIMIT
        whole = Diagram(stem, builder.lines(book.pages, clusters=clusters), len(book.pages))
        # one diagram, unless it is laid out too tangled to follow (:mod:`layoutfigures`)
        # or so wide that its capitals shrink under :data:`MIN_CAPITAL`: then its stages,
        # cut further where one is still too much; merged endings gather the edges of an
        # outcome, asked for
        if merge_endings or builder.figures is None or builder.readable():
            return [whole]
    groups = builder.refine(groups, measured=len(groups) < 2)
    if len(groups) < 2:
        assert whole is not None  # one group is only ever drawn whole first
        return [whole]
    parts = [Diagram(stem, (builder.overview(groups),))]
    for index, (label, pages) in enumerate(groups, start=1):
        parts.append(Diagram(f"{stem}.{index}", builder.lines(
            pages, clusters=True, title=label, groups=groups), len(pages)))
    return parts


# The longest value Statements keeps quoted: colours, styles, ids, numbers, a choice's words
# (on every edge that makes it). A page's tooltip is longer and written once: kept, the
# tooltips of a book of 10^5 pages would be held twice while its diagrams are written.
_KEPT_QUOTE = 100


class Statements:
    """Node and edge statements added to a ``graphviz`` graph's ``body``, as its ``node`` and
    ``edge`` write them, each distinct value quoted once.

    A page's node and a choice's edges are most of a diagram: through the library's methods,
    quoting every attribute (a regular expression or three each) was two thirds of writing
    the DOT of a large book, and the same colours, styles and ids recur on every line.
    ``tests/test_diagram.py`` checks the lines against the library's own."""

    def __init__(self) -> None:
        from graphviz.quoting import NoHtml, quote, quote_edge

        self._library_quote, self._quote_edge, self._no_html = quote, quote_edge, NoHtml
        # by the value's class too: graphviz.escape's NoHtml is quoted as no HTML, and it
        # equals the plain str of its text
        self._quoted: dict[type, dict[str, str]] = {}
        self._quoted_edge: dict[str, str] = {}

    def quote(self, value: str) -> str:
        if len(value) > _KEPT_QUOTE:  # a page's tooltip or label: quoted once anyway
            return self._quote(value)
        quoted = self._quoted.get(value.__class__)
        if quoted is None:
            quoted = self._quoted[value.__class__] = {}
        found = quoted.get(value)
        if found is None:
            found = quoted[value] = self._quote(value)
        return found

    def _quote(self, value: str) -> str:
        """``value`` as the library quotes it. A text made safe by :func:`text` (no HTML)
        with a space in it and no backslash, as a page's tooltip is, cannot be an ID or a
        keyword: it is quoted, its double quotes escaped, without the library's three
        regular expressions (writing distinct_traps 4+3's DOT: 4.15 s before, 3.43 after)."""
        if value.__class__ is self._no_html and " " in value and "\\" not in value:
            return '"' + value.replace('"', '\\"') + '"'
        return self._library_quote(value)

    def quote_edge(self, value: str) -> str:
        """A node id of an edge (ids here are plain: no port, no HTML)."""
        found = self._quoted_edge.get(value)
        if found is None:
            found = self._quoted_edge[value] = self._quote_edge(value)
        return found

    def _attributes(self, label: str | None, attributes: dict[str, str | None]) -> str:
        """`` [label=… a=… b=…]``: the label first, then the others by name, none that is
        ``None`` (the library's ``attr_list``)."""
        quote = self.quote
        listed = [f"label={quote(label)}"] if label is not None else []
        listed += [f"{quote(name)}={quote(value)}"
                   for name, value in sorted(attributes.items()) if value is not None]
        return f" [{' '.join(listed)}]" if listed else ""

    def node(self, graph: Any, name: str, label: str | None = None, **attributes: str) -> None:
        graph.body.append(f"\t{self.quote(name)}{self._attributes(label, attributes)}\n")

    def edge(self, graph: Any, tail: str, head: str, label: str | None = None,
             **attributes: str) -> None:
        graph.body.append(f"\t{self.quote_edge(tail)} -> {self.quote_edge(head)}"
                          f"{self._attributes(label, attributes)}\n")


class _Builder:
    def __init__(self, book: Book, merge_endings: bool, book_file: str,
                 layouts: bool = True) -> None:
        self.layouts = layouts
        self.statements = Statements()
        self.book = book
        self.merge = merge_endings
        self.book_file = book_file
        self.stem = "graph"
        self.figures: Figures | None = None  # of the layout last chosen, if one was tried
        self.scale = 1.0  # … and how much it is shrunk to fit :data:`SIZE`
        # the layout chosen for a set of pages (their numbers): a part measured when its
        # stage was cut is drawn in it without trying the layouts again
        self.chosen: dict[tuple[int, ...], tuple[str, bool]] = {}
        # each group's stage (its row in the overview): see :func:`_stage`
        self.stages: dict[Any, tuple[int, int, int]] = {}
        self.group_stages: list[tuple[int, ...]] = []
        assert book.narrator is not None
        self.narrator: Narrator = book.narrator
        self.words = Words(self.narrator)
        root = _point(book.page(1)).field  # page 1 is where the exploration starts
        self.start_lp = {"A": root.lp[0], "B": root.lp[1]}
        self.start_monsters = [monster.id for monster in root.monsters]
        self.start_spell_traps = [card.id for card in root.spell_traps if not card.face_up]
        self._details: dict[int, tuple[str, str]] | None = None
        self.font = FONTS.get(book.lang, FONTS["en"])
        # card names are units a label never breaks inside (when they fit a line)
        self.names = tuple(sorted({self.narrator.card(instance)
                                   for instance in self.narrator.instances}))
        targets: dict[tuple[Any, Any], set[Any]] = {}
        for page in book.pages:
            for choice in page.choices:
                action = choice.action
                if action.kind is ActionKind.ACTIVATE:
                    targets.setdefault((action.card, action.effect), set()).add(
                        (action.cost, action.target))
        # effects that only ever target one card: the diagram need not name it
        self.one_target = {key for key, found in targets.items() if len(found) == 1}

    def wrap(self, value: str, width: int = WRAP) -> str:
        """``value`` broken into lines between whole words (:mod:`gamebook.render.linebreak`)."""
        return wrap(value, width, self.book.lang, self.names)

    def edge_label(self, choice: Any) -> str:
        """The choice's short words; an effect's target only when it could be another."""
        action = choice.action
        short = choice.short
        if (action.kind is ActionKind.ACTIVATE and (action.target or action.cost)
                and (action.card, action.effect) in self.one_target):
            short = choice.short_any_target
        return self.wrap(shorten(short, LABEL_LIMIT))

    # -- pieces ----------------------------------------------------------------------------
    def ending_key(self, page: Page) -> tuple[str, str]:
        outcome = page.outcome
        return (self.words.outcome_class(outcome, self.start_lp),
                self.words.outcome(outcome, self.start_lp, self.start_monsters))

    def ending_label(self, page: Page) -> tuple[str, str]:
        """:meth:`ending_key` with what tells the ending apart from the others of the book
        whose short outcome is the same, one line each: whether another attack is possible,
        a position, an ATK, a Set card used or not (only the facts that tell them apart)."""
        if self._details is None:
            self._details = {}
            same: dict[tuple[str, str], list[Page]] = {}
            for ending in self.book.pages:
                if ending.terminal:
                    same.setdefault(self.ending_key(ending), []).append(ending)
            for key, group in same.items():
                facts = [self._facts(ending.outcome) for ending in group]
                varying: list[tuple[str, str]] = []  # each only if it tells more apart
                for name in dict.fromkeys(n for f in facts for n in f):
                    kinds = len({tuple(f.get(n) for n in varying) for f in facts})
                    if len({tuple(f.get(n) for n in [*varying, name]) for f in facts}) > kinds:
                        varying.append(name)
                for ending, found in zip(group, facts, strict=True):
                    extra = [found[name] for name in varying if found.get(name)]
                    self._details[ending.number] = (key[0], "\n".join([key[1], *extra]))
        return self._details[page.number]

    def _facts(self, outcome: Outcome) -> dict[tuple[str, str], str]:
        """The facts of an ending a short outcome leaves out, by subject, the first that a
        reader asks first: another attack, positions, ATK, the Set cards."""
        words, card = self.words, self.narrator.card
        facts: dict[tuple[str, str], str] = {}
        if outcome.reason != "main_phase_over":  # a Main Phase ending has had no attack yet
            facts[("attack", "")] = words("diagram.detail_attack_again"
                                          if outcome.second_attack_possible
                                          else "diagram.detail_no_attack")
        for monster in outcome.monsters:
            if monster.def_ is not None:
                facts[("position", monster.id)] = words(
                    f"diagram.detail_{monster.position}_position", card=card(monster.id))
            facts[("atk", monster.id)] = words("diagram.detail_atk", card=card(monster.id),
                                               atk=monster.atk)
        used = {g.id for g in outcome.graveyard if g.reason in ("resolved", "negated")}
        used |= {c.id for c in outcome.spell_traps if c.face_up}
        for instance in self.start_spell_traps:
            key = "used" if instance in used else "unused"
            facts[("card", instance)] = words(f"diagram.detail_{key}", card=card(instance))
        return facts

    def new_graph(self, title: str, rankdir: str = "TB") -> Any:
        import graphviz

        font = self.font
        return graphviz.Digraph("gamebook", graph_attr={
            "label": text(title), "labelloc": "t", "fontsize": "22", "fontname": font,
            "rankdir": rankdir, "nodesep": "0.06", "ranksep": "0.2", "newrank": "true",
            # compress packs a top-to-bottom layout (left to right it would stretch it)
            **({"ratio": "compress"} if rankdir == "TB" else {}), "size": SIZE,
            "pad": "0.1", "margin": "0",
        }, node_attr={"fontname": font, "fontsize": FONT_SIZE, "margin": "0.06,0.03",
                      "height": "0.3", "width": "0.3"},
            edge_attr={"fontname": font, "fontsize": FONT_SIZE, "arrowsize": "0.6",
                       "penwidth": "1.1"})

    def title(self, suffix: str | None = None) -> str:
        title = shorten(self.book.title, TITLE_LIMIT)
        if suffix:
            title = f"{title}\n{suffix}"
        return f"{title}\n{self.book.summary_line}" if not suffix else title

    def page_tooltip(self, page: Page) -> str:
        lines = [self.words("meta.page", number=page.number)]
        if page.terminal:
            lines += page.ending[:2]
        else:
            lines.append(self.words("meta.to_move", player=self.narrator.player(page.to_move)))
            if page.moment:
                lines.append(page.moment)
            chain = self.narrator.join(page.chain) or self.words("meta.chain_empty")
            lines.append(self.words("meta.label", label=self.words("meta.chain"))
                         + self.words("meta.sentence_sep") + chain)
        return "\n".join(lines)

    def groups(self) -> list[tuple[str, tuple[Page, ...]]]:
        """The pages by attack (and its target) or step, in the order of the Battle Phase
        (those of one stage in page order); an ending joins its first parent's. The Battle
        Step is one group per number of attacks declared before it (every attack returns to
        it: one group would hold the whole battle)."""
        keys: dict[int, tuple[Any, str]] = {}
        order: list[tuple[Any, str]] = []
        for page in self.book.pages:
            if page.terminal:
                continue
            point = _point(page)
            number = point.attacks_this_turn
            if point.attack is not None:
                # one part per attack and target: a replay onto another monster starts one
                key = (("attack", number, point.attack.target),
                       page.moment or self.words("diagram.attack", number=number,
                                                 card=self.narrator.card(point.attack.attacker)))
            elif point.step in ("main_phase_1", "start_step", "end_step"):
                key = (("step", point.step, 0), page.moment or "")
            else:  # the Battle Step (or what is left of a Damage Step) between attacks
                key = (("step", "battle", number), self.words(
                    "diagram.battle_step_after", number=number) if number
                       else self.words("diagram.battle_step_first"))
            if key[0] not in [k[0] for k in order]:
                order.append(key)
            keys[page.number] = next(k for k in order if k[0] == key[0])
            self.stages[key[0]] = _stage(point, number)
        for page in self.book.pages:
            for choice in page.choices:
                keys.setdefault(choice.page, keys[page.number])
        # in the order of the Battle Phase (the overview's rows): graph.1 is the first stage
        order.sort(key=lambda key: self.stages[key[0]])
        self.group_stages = [self.stages[key] for key, _ in order]
        return [(label, tuple(p for p in self.book.pages if keys[p.number][0] == key))
                for key, label in order]

    def readable(self) -> bool:
        """Whether the layout last chosen can be followed (:mod:`layoutfigures`: under its
        bounds) and read (its smallest capitals :data:`MIN_CAPITAL` px high in its PNG)."""
        return (self.figures is None or not self.figures.over_bound()) \
            and capital_px(self.scale) >= MIN_CAPITAL

    def refine(self, groups: list[tuple[str, tuple[Page, ...]]], *, measured: bool = False
               ) -> list[tuple[str, tuple[Page, ...]]]:
        """``groups`` with each one that its own diagram cannot show readably cut into parts
        (:meth:`_cut`), again and again (at most :data:`CUT_DEPTH` times) while a part is
        still too much; the parts of a group share its stage (its row in the overview).
        ``measured``: the only group is known to be too much (its layout was just tried)."""
        refined: list[tuple[str, tuple[Page, ...]]] = []
        stages: list[tuple[int, ...]] = []
        for (label, pages), stage in zip(groups, self.group_stages, strict=True):
            found = self._parts(label, label, pages, groups, 0, measured)
            refined += found
            # the parts of a cut stage are not one row of the overview (all side by side,
            # their edges run across each other): each is ranked by its edges alone
            stages += [stage] if len(found) == 1 else [(*stage, index)
                                                       for index in range(len(found))]
        self.group_stages = stages
        return refined

    def _parts(self, label: str, moment: str, pages: tuple[Page, ...],
               groups: list[tuple[str, tuple[Page, ...]]], depth: int,
               measured: bool = False) -> list[tuple[str, tuple[Page, ...]]]:
        if depth >= CUT_DEPTH or sum(not page.terminal for page in pages) < CUT_MIN:
            return [(label, pages)]
        if not measured and sum(not page.terminal for page in pages) <= CUT_ALWAYS:
            self.diagram(pages, clusters=True, title=label, groups=groups)
            if self.readable():
                return [(label, pages)]
        found = []
        for index, (page, choice, part) in enumerate(self._cut(pages)):
            # the first part holds the pages the others are entered from: it keeps the name
            part_label = label if index == 0 else self.words(
                "diagram.part", moment=moment, page=page.number, choice=choice.short)
            found += self._parts(part_label, moment, part, groups, depth + 1)
        return found or [(label, pages)]

    def _cut(self, pages: tuple[Page, ...]) -> list[tuple[Page, Any, tuple[Page, ...]]]:
        """``pages`` cut by the choices of their first page that has two or more (the pages
        before it, a chain of single choices, go with the first): each choice's part holds
        the decisions reached from it that no earlier choice reaches, and the endings they
        lead to (an ending reached from two parts is in both). Each part with the page
        and the choice it starts from; none when no page of them has two choices."""
        by_number = {page.number: page for page in pages}
        inside = {page.number for page in pages if not page.terminal}
        if not inside:
            return []
        chain = [min(inside)]
        while True:
            kids = list(dict.fromkeys(choice.page for choice in by_number[chain[-1]].choices
                                      if choice.page in inside and choice.page not in chain))
            if len(kids) != 1:
                break
            chain.append(kids[0])
        if len(kids) < 2:
            return []
        owner = dict.fromkeys(chain, 0)
        for index, kid in enumerate(kids):
            queue = deque([kid])
            while queue:
                number = queue.popleft()
                if number in owner:
                    continue
                owner[number] = index
                queue.extend(choice.page for choice in by_number[number].choices
                             if choice.page in inside and choice.page not in owner)
        for number in inside:  # a page entered only from another stage: with the first
            owner.setdefault(number, 0)
        node = by_number[chain[-1]]
        parts = []
        for index, kid in enumerate(kids):
            mine = {number for number, part in owner.items() if part == index}
            ends = {choice.page for number in mine for choice in by_number[number].choices
                    if choice.page in by_number and by_number[choice.page].terminal}
            choice = next(choice for choice in node.choices if choice.page == kid)
            parts.append((node, choice, tuple(page for page in pages
                                              if page.number in mine | ends)))
        return parts

    # -- one diagram -----------------------------------------------------------------------
    def lines(self, pages: tuple[Page, ...], *, clusters: bool = False,
              title: str | None = None,
              groups: list[tuple[str, tuple[Page, ...]]] | None = None) -> tuple[str, ...]:
        """:meth:`diagram` in pieces: a statement a line when no layout is tried (the source
        is only written), else the source tried."""
        if len(pages) > TRIAL_LIMIT or not self.layouts:  # one source, of the guessed shape
            return tuple(self._graph(pages, clusters, title, groups,
                                     _rank_direction(pages, {p.number for p in pages})))
        return (self.diagram(pages, clusters=clusters, title=title, groups=groups),)

    def diagram(self, pages: tuple[Page, ...], *, clusters: bool = False,
                title: str | None = None,
                groups: list[tuple[str, tuple[Page, ...]]] | None = None,
                rankdir: str | None = None) -> str:
        """DOT of ``pages``; without ``rankdir``, the direction whose layout keeps the text
        largest at 1,600 px (tried with Graphviz when it is installed and the diagram has at
        most :data:`TRIAL_LIMIT` pages, else guessed from the graph's shape)."""
        if rankdir is None:
            if len(pages) > TRIAL_LIMIT or not self.layouts:  # no layout tried: as lines()
                return "".join(self.lines(pages, clusters=clusters, title=title,
                                          groups=groups))
            key = tuple(page.number for page in pages)
            if key in self.chosen:  # tried already (when a stage was cut): that layout again
                layout, searched = self.chosen[key]
                source = self.diagram(pages, clusters=clusters, title=title, groups=groups,
                                      rankdir=layout.split("+")[0])
                source = _newrank(source) if layout.endswith("+newrank") else source
                return _searched(source) if searched else source
            sources = {layout: self.diagram(pages, clusters=clusters, title=title,
                                            groups=groups, rankdir=layout)
                       for layout in LAYOUTS}
            for layout in LAYOUTS:  # clustered, so ranked cluster by cluster: with newrank
                if "newrank=true" not in sources[layout]:  # too, kept if its texts stand apart
                    sources[f"{layout}+newrank"] = _newrank(sources[layout])
            trials = _trials(sources)
            if trials is None:
                return sources[_rank_direction(pages, {page.number for page in pages})]
            wider = set()
            for layout, (_, touching, _) in trials.items():
                if touching:  # Graphviz set two texts into each other: search further
                    searched = _searched(sources[layout])
                    again = (_trials({layout: searched}) or {}).get(layout)
                    if again and again[1] < touching:
                        sources[layout], trials[layout] = searched, again
                        wider.add(layout)
            # of the layouts whose texts touch least (none, if one can), the one easiest to
            # follow (fewest stray words, crossings and long edges: :mod:`layoutfigures`),
            # unless it shrinks the text clearly more than the first of them
            fewest = min(touching for _, touching, _ in trials.values())
            candidates = [layout for layout in sources if trials[layout][1] == fewest]
            measured = {layout: figures(trials[layout][2]) for layout in candidates}
            largest = max(trials[layout][0] for layout in candidates)
            best = min((layout for layout in candidates if trials[layout][0] >= largest * 0.85),
                       key=lambda layout: (measured[layout].cost(), -trials[layout][0]))
            self.figures, self.scale = measured[best], trials[best][0]
            self.chosen[key] = (best, best in wider)
            return sources[best]
        return self._graph(pages, clusters, title, groups, rankdir).source

    def _graph(self, pages: tuple[Page, ...], clusters: bool, title: str | None,
               groups: list[tuple[str, tuple[Page, ...]]] | None, rankdir: str) -> Any:
        """The ``graphviz.Digraph`` of ``pages`` laid out in ``rankdir``."""
        inside = {page.number for page in pages}
        where = {}
        for index, (_, members) in enumerate(groups or (), start=1):
            for page in members:
                where[page.number] = index
        dot = self.new_graph(self.title(title), rankdir.split("-")[0])
        node, edge = self.statements.node, self.statements.edge
        ids = self._ids(pages)
        endings: dict[str, list[Page]] = {}
        by_window: dict[str, list[str]] = {}
        window: dict[str, str] = {}  # a decision's node: its window (step)
        classes = set()
        for page in pages:
            if page.terminal:
                endings.setdefault(ids[page.number], []).append(page)
                continue
            node(dot, ids[page.number], label=str(page.number),
                 tooltip=text(self.page_tooltip(page)),
                 URL=f"{self.book_file}#p{page.number}", fontsize=PAGE_FONT_SIZE,
                 **PLAYER_STYLE[page.to_move])
            step = _point(page).step
            by_window.setdefault(step, []).append(ids[page.number])
            window[ids[page.number]] = step
        for key, group in endings.items():
            outcome_class, summary = (self.ending_key if self.merge else self.ending_label)(
                group[0])
            classes.add(outcome_class)
            numbers = self.narrator.join(str(page.number) for page in group)
            label = (self.words("diagram.pages", pages=numbers) if len(group) > 1
                     else str(group[0].number))
            tooltip = "\n".join(self.page_tooltip(page) for page in group[:3])
            summary = "\n".join(self.wrap(part) for part in summary.split("\n"))
            node(dot, key, label=text(f"{self.wrap(label)}\n{summary}", LABEL_LIMIT),
                 tooltip=text(tooltip), URL=f"{self.book_file}#p{group[0].number}",
                 fillcolor=OUTCOME_STYLE[outcome_class], **ENDING_STYLE)
        if self.merge and endings:  # merged endings gather many edges: all at the bottom
            with dot.subgraph(name="merged_endings") as bottom:
                bottom.attr(rank="sink")
                for key in endings:
                    node(bottom, key)
        stubs: dict[int, list[str]] = {}
        entries: dict[int, str] = {}
        for parent in self.book.pages:  # pages entered from another attack or step
            if parent.number in inside:
                continue
            for choice in parent.choices:
                if choice.page not in inside or self.book.page(choice.page).terminal:
                    continue
                index = where.get(parent.number, 0)
                stub = entries.get(index)
                if stub is None:
                    stub = entries[index] = f"from_{index}"
                    label = (groups or [("?", ())])[index - 1][0]
                    dot.node(stub, label=text(self.wrap(self.words("diagram.from_group",
                                                              moment=label), WRAP * 2)),
                             shape="cds", style="filled", fillcolor="#f4f4f4",
                             color="#888888", URL=f"{self.stem}.{index}.svg", tooltip=text(label))
                edge(dot, stub, ids[choice.page], color="#888888", style="dotted",
                     tooltip=text(choice.label))
        labelled: dict[tuple[str, str, str], list[tuple[str, str]]] = {}
        for page in pages:
            seen = set()
            for choice in page.choices:
                if choice.page in inside:
                    child = ids[choice.page]
                else:  # a page of another attack or step: a small node for it, in a box
                    child = f"to_p{choice.page}"  # that names the attack or step
                    if child not in stubs.setdefault(where.get(choice.page, 0), []):
                        stubs[where[choice.page]].append(child)
                if child in seen:
                    continue
                seen.add(child)
                colour = EDGE_COLOUR[choice.action.player.value]
                if choice.action.kind is ActionKind.PASS:  # the most common choice: dashed
                    # two ranks down, as a choice's words take the rank between
                    edge(dot, ids[page.number], child, tooltip=text(choice.label),
                         color=colour, style="dashed", minlen="2")
                    continue
                label = text(self.edge_label(choice), LABEL_LIMIT)
                sources = labelled.setdefault((child, label, colour), [])
                sources.append((ids[page.number], choice.label))
        # A choice's words are a node on its edge, the line running into them and out of
        # them: they sit on their own edge and no other (an edge label is set beside its
        # edge, where Graphviz finds room, often against another edge). Several pages that
        # make the same choice into one page meet at its words, which go on as one edge.
        # Top to bottom, words side by side in a row are kept apart by an en space each
        # side; left to right, words stacked in a column by room above and below them.
        # Their own line runs into the middle of the side facing where it comes from and
        # out of the opposite one (ports), through a margin narrower than the room on the
        # other sides, which a line passing by keeps out of: the words' own line ends
        # nearer them than any other comes (issue 33: with the margin of a hair's breadth,
        # a line running into a corner, "Rush Recklessly → Mystical Elf" sat against
        # another edge; 81 choices' words in the examples' diagrams, none now).
        across = rankdir.startswith("TB")
        for number, ((child, label, colour), sources) in enumerate(labelled.items(), start=1):
            words = f"{CHOICE}{number}"
            node(dot, words, label=_padded(label) if across else label, shape="plaintext",
                 fontcolor=colour, margin="0.04,0.1" if across else "0.1,0.14",
                 width="0", height="0", tooltip=text(sources[0][1]), **{"class": JOINT})
            by_window.setdefault(window.get(sources[0][0], ""), []).append(words)
            into, out = ("n", "s") if across else ("w", "e")
            for source, tooltip in sources:
                edge(dot, source, words, tooltip=text(tooltip), color=colour,
                     arrowhead="none", headport=into)
            edge(dot, words, child, tooltip=text(sources[0][1]), color=colour, tailport=out)
        if clusters and len(by_window) > 1:
            # ranked each on its own (dot's default), not with newrank: Graphviz 2.43 with
            # newrank keeps no room between the edge labels of the ranks a cluster spans,
            # outside it, and sets them on top of each other, whatever the search (the Skill
            # Drain example: "ATK gain effect" three times in one place, "stop attack"
            # twice); ranked on their own they keep their places, the layout is narrower
            # and its text larger. (The trials still lay it out with newrank too, kept only
            # when its texts stand apart: see the start of this method.)
            del dot.graph_attr["newrank"]
            for step, nodes in by_window.items():
                with dot.subgraph(name=f"cluster_{step}") as cluster:
                    cluster.attr(label=text(self.words(f"step.{step}")), fontsize=FONT_SIZE,
                                 color="#bbbbbb", style="rounded")
                    for member in nodes:
                        node(cluster, member)
        continues = []
        for index, nodes in sorted(stubs.items()):  # an arrow per page, coloured by its part
            label = (groups or [("?", ())])[index - 1][0]
            fill = STUB_FILLS[(index - 1) % len(STUB_FILLS)]
            continues.append((self.words("diagram.continues", moment=label), fill, index))
            for stub in nodes:
                number = int(stub.removeprefix("to_p"))
                node(dot, stub, label=str(number), shape="cds", style="filled", fillcolor=fill,
                     color="#666666", URL=f"{self.stem}.{index}.svg",
                     tooltip=text(f"{label}: " + self.words("meta.page", number=number)))
        self._legend(dot, classes, continues, column=rankdir.endswith("-column"))
        return dot

    def _ids(self, pages: tuple[Page, ...]) -> dict[int, str]:
        ids: dict[int, str] = {}
        merged: dict[tuple[str, str], str] = {}
        same: dict[tuple[str, str], str] = {}
        for page in self.book.pages:
            if page.terminal and self.merge:
                ids[page.number] = merged.setdefault(self.ending_key(page),
                                                     f"end{len(merged) + 1}")
            elif page.terminal:  # endings that still read the same: one box, several pages
                ids[page.number] = same.setdefault(self.ending_label(page), f"p{page.number}")
            else:
                ids[page.number] = f"p{page.number}"
        return ids

    def _legend(self, dot: Any, classes: set[str],
                continues: list[tuple[str, str, int]] = (), *,
                column: bool = False) -> None:
        sideways = dot.graph_attr.get("rankdir") == "LR"
        # Top to bottom: a boxed row above the tree, or a boxed column beside it (invisible
        # edges from one entry to the next). Left to right: one rank, a column, unboxed (a
        # box around one rank overlaps the nodes Graphviz puts beside it) under a heading.
        with dot.subgraph(name="legend" if sideways else "cluster_legend") as legend:
            across = sideways or not column
            legend.attr(label=text(self.words("diagram.legend")), fontsize=FONT_SIZE,
                        color="#bbbbbb", **({"rank": "same"} if across else {}))
            names = []
            if sideways:
                names.append("legend_heading")
                legend.node("legend_heading", label=text(self.words("diagram.legend")),
                            shape="plaintext")
            for player in ("A", "B"):
                names.append(f"legend_{player}")
                legend.node(names[-1], label=text(self.wrap(self.words(
                    "meta.to_move", player=self.narrator.player(player)))),
                    **PLAYER_STYLE[player])
            names += ["legend_pass", "legend_pass_to"]
            legend.node("legend_pass", label="", shape="point", width="0.05")
            legend.node("legend_pass_to", label="", shape="point", width="0.05")
            legend.edge("legend_pass", "legend_pass_to", style="dashed",
                        minlen="2" if across else "1", label=text(self.words("short.pass")))
            for outcome_class in OUTCOME_STYLE:
                if outcome_class in classes:
                    names.append(f"legend_{outcome_class}")
                    legend.node(names[-1], label=text(self.wrap(self.words(
                        f"diagram.class_{outcome_class}"))),
                        fillcolor=OUTCOME_STYLE[outcome_class], **ENDING_STYLE)
            names += [f"legend_to_{index}" for _, _, index in continues]
            for first, second in zip(names, names[1:], strict=False):  # in this order
                legend.edge(first, second, style="invis")
            for words, fill, index in continues:
                legend.node(f"legend_to_{index}", label=text(self.wrap(words, WRAP * 2)),
                            shape="cds", style="filled", fillcolor=fill, color="#666666",
                            URL=f"{self.stem}.{index}.svg")

    # -- the overview ----------------------------------------------------------------------
    def overview(self, groups: list[tuple[str, tuple[Page, ...]]]) -> str:
        """The stages of a large book top to bottom, one row each (the Start Step, the Battle
        Step before the first attack, attack 1 on each target, the Battle Step after it, …,
        the End Step), each linking to its diagram; then the endings, one box per outcome
        class listing its outcomes; one edge per pair of boxes, with a tag on it saying how
        many choices take it; the legend in its own box below."""
        dot = self.new_graph(self.title(), "TB")
        dot.graph_attr.update(nodesep="0.18", ranksep="0.25")
        where = {page.number: index
                 for index, (_, pages) in enumerate(groups, start=1) for page in pages}
        rows: dict[tuple[int, ...], list[str]] = {}
        style = {**PLAYER_STYLE["A"], "fillcolor": "#f4f4f4", "color": "#555555"}
        for index, (label, pages) in enumerate(groups, start=1):
            decisions = [page for page in pages if not page.terminal]
            span = self.words("diagram.group_pages", count=len(decisions),
                              first=decisions[0].number, last=decisions[-1].number)
            dot.node(f"g{index}", label=text(f"{self.wrap(label, WRAP * 2)}\n{span}"),
                     URL=f"{self.stem}.{index}.svg", tooltip=text(label), **style)
            rows.setdefault(self.group_stages[index - 1], []).append(f"g{index}")
        outcomes: dict[str, dict[str, list[int]]] = {}  # class: short outcome: its pages
        for page in self.book.pages:
            if page.terminal:
                outcome_class, summary = self.ending_key(page)
                outcomes.setdefault(outcome_class, {}).setdefault(summary, []).append(
                    page.number)
        edges: dict[tuple[str, str], int] = {}
        for page in self.book.pages:
            for choice in page.choices:
                target = self.book.page(choice.page)
                if target.terminal:
                    node = f"end_{self.ending_key(target)[0]}"
                elif where[choice.page] != where[page.number]:
                    node = f"g{where[choice.page]}"
                else:
                    continue
                pair = (f"g{where[page.number]}", node)
                edges[pair] = edges.get(pair, 0) + 1
        with dot.subgraph(name="endings") as row:  # the last row: the endings by outcome
            row.attr(rank="same")
            for outcome_class in OUTCOME_STYLE:
                if outcome_class in outcomes:
                    row.node(f"end_{outcome_class}", label=self._outcome_table(
                        outcome_class, outcomes[outcome_class]), shape="box", style="filled",
                        fillcolor=OUTCOME_STYLE[outcome_class], color="#3d3d3d",
                        penwidth="1.6", margin="0.1,0.06",
                        tooltip=text(self.words(f"diagram.class_{outcome_class}")))
        row_of = {node: stage for stage, nodes in rows.items() for node in nodes}
        beside: list[tuple[str, str, str]] = []  # an edge within a row, through its tag
        for number, ((source, target), count) in enumerate(edges.items(), start=1):
            outcome_class = target.removeprefix("end_") if target.startswith("end_") else None
            # from stage to stage: dark and heavy; into the endings: the class's colour
            colour = OUTCOME_EDGE.get(outcome_class, "#222222")
            line = {"color": colour, "penwidth": "1.2" if outcome_class else "1.8",
                    "tooltip": text(self.words("diagram.choices", count=count))}
            # the count is a tag on the edge itself, just under the stage it leaves (beside
            # it, in its row, for an attack that a replay turns onto another target): the
            # line runs through it, so it can belong to no other edge
            tag = f"n{number}"
            dot.node(tag, label=f"×{count}", shape="box", style="rounded,filled",
                     fillcolor="#ffffff", color=colour, fontcolor=colour, margin="0.05,0.01",
                     height="0.2", width="0.2", tooltip=line["tooltip"], **{"class": JOINT})
            ports: tuple[dict[str, str], dict[str, str]] = ({"headport": "n"},
                                                              {"tailport": "s"})
            if row_of.get(source) == row_of.get(target):
                rows[row_of[source]].append(tag)
                beside.append((source, tag, target))
                ports = ({}, {})
            # into the tag's top, out of its bottom (unless in a row): its own line ends
            # nearer its count than a line passing by it can come
            dot.edge(source, tag, arrowhead="none", weight="4", **ports[0], **line)
            dot.edge(tag, target, weight="1" if outcome_class else "4", **ports[1], **line)
        for number, stage in enumerate(sorted(rows)):  # one row per stage, in order
            with dot.subgraph(name=f"stage{number}") as row:
                row.attr(rank="same")
                for node in rows[stage]:
                    row.node(node)
        # the boxes of a row joined by such edges, and their tags, side by side with nothing
        # between them (a borderless cluster): an edge from a stage above to a stage below
        # would otherwise pass between them, its tag in the row, and the row's edge loop over it
        joined: list[list[str]] = []
        for trio in beside:
            near = [group for group in joined if set(group) & set(trio)]
            merged = [node for group in near for node in group]
            merged += [node for node in trio if node not in merged]
            joined = [group for group in joined if group not in near] + [merged]
        for number, group in enumerate(joined, start=1):
            with dot.subgraph(name=f"cluster_row{number}") as together:
                together.attr(label="", peripheries="0")
                for node in group:
                    together.node(node)
        with dot.subgraph(name="cluster_legend") as legend:  # apart, under the endings
            legend.attr(label=text(self.words("diagram.legend")), fontsize=FONT_SIZE,
                        color="#bbbbbb", rank="same")
            legend.node("legend_rows", label=text(self.wrap(
                self.words("diagram.rows_legend"), WRAP * 3)), shape="plaintext")
            legend.node("legend_counts", label=text(self.wrap(
                self.words("diagram.count_legend"), WRAP * 3)), shape="plaintext")
            legend.edge("legend_rows", "legend_counts", style="invis")
        last = next((f"end_{c}" for c in OUTCOME_STYLE if c in outcomes),
                    f"g{len(groups)}")  # a book cut short by its budget may have no ending
        dot.edge(last, "legend_rows", style="invis")
        return dot.source

    def _outcome_table(self, outcome_class: str, summaries: dict[str, list[int]]) -> str:
        """An HTML-like label: the class and its number of endings, then one row per short
        outcome with its number of endings, linking to its first page."""
        total = sum(len(pages) for pages in summaries.values())
        head = (f"{_html(self.words(f'diagram.class_{outcome_class}'))}<BR/>"
                f"{_html(self.words('diagram.endings', count=total))}")
        rows = [f'<TR><TD COLSPAN="3" CELLPADDING="3"><B>{head}</B></TD></TR>']
        for summary, pages in summaries.items():
            # a line that goes on is indented (an em), so it never reads as another outcome
            lines = f'<BR ALIGN="LEFT"/>{EDGE_PAD * 2}'.join(
                _html(line) for line in self.wrap(summary, WRAP * 3).split("\n"))
            tooltip = _html(shorten(self.words("diagram.pages", pages=self.narrator.join(
                str(number) for number in pages)), TOOLTIP_LIMIT))
            link = f'HREF="{self.book_file}#p{pages[0]}" TOOLTIP="{tooltip}"'
            # an empty cell between the outcome and its count: a line ending in " ·" must
            # not run into the count
            rows.append(f'<TR><TD ALIGN="LEFT" BALIGN="LEFT" {link}>{lines}</TD>'
                        f'<TD WIDTH="12"></TD><TD ALIGN="RIGHT" VALIGN="TOP" {link}>'
                        f'{_html(self.words("diagram.endings", count=len(pages)))}</TD></TR>')
        return ('<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="2">'
                + "".join(rows) + "</TABLE>>")


def _point(page: Page) -> PointView:
    """The decision point a page shows (every page of a built book has one)."""
    assert page.point is not None
    return page.point


def _stage(point: PointView, attacks: int) -> tuple[int, int, int]:
    """Where a page's attack or step comes in the Battle Phase, in order: the Start Step, the
    Battle Step before the first attack, attack 1, the Battle Step after it, attack 2, …,
    the End Step (``attacks``: how many were declared, the current one included); Main Phase 1
    comes before all of them."""
    step = point.step
    if step == "main_phase_1":
        return (-1, 0, 0)
    if step == "end_step":
        return (1, 0, 0)
    if point.attack is not None:
        return (0, attacks, 1)
    return (0, 0, 0) if step == "start_step" else (0, attacks, 2)


MIN_CAPITAL = 10  # px: a capital of the smallest text, wherever the diagram is shown
CAP_RATIO = 0.73  # a capital's height over the font size (Helvetica and Noto Sans CJK)
PNG_DPI = 96  # Graphviz's PNG: a point is 4/3 px


def capital_px(scale: float) -> float:
    """The smallest capital's height in px in a diagram's PNG, its layout shrunk by
    ``scale`` to fit :data:`SIZE` (every text is at least :data:`FONT_SIZE`)."""
    return float(FONT_SIZE) * scale * PNG_DPI / 72 * CAP_RATIO

_SVG_SIZE = re.compile(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"')


def readable_svg(svg: str) -> str:
    """Graphviz's SVG told how wide a page may draw it: never narrower than its smallest
    capitals need to stay :data:`MIN_CAPITAL` px high (a narrower column scrolls it), nor
    wider than its own size (a wider one does not blow it up). An article column of 52rem
    drew the Battle Phase diagram 830 px wide, its capitals 8 px high (issue 33)."""
    size = _SVG_SIZE.search(svg)
    view = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+)', svg)
    fonts = [float(value) for value in re.findall(r'font-size="([\d.]+)"', svg)]
    if size is None or view is None or not fonts:
        return svg
    width = float(size[1]) * 4 / 3  # CSS px at its own size (a pt is 4/3 px)
    zoom = re.search(r"scale\(([\d.]+)", svg)
    capital = min(fonts) * (float(zoom[1]) if zoom else 1.0) * width / float(view[1]) * CAP_RATIO
    narrowest = math.ceil(width * MIN_CAPITAL / capital)
    style = f' style="min-width: {narrowest}px; max-width: {max(math.ceil(width), narrowest)}px"'
    return svg[:size.end()] + style + svg[size.end():]


EDGE_PAD = "\u2002"  # an en space (half an em) each side of an edge label's lines


def _html(value: str) -> str:
    """A user string made safe inside an HTML-like label: escaped, no character XML forbids."""
    import html

    return html.escape(_XML_FORBIDDEN.sub("", str(value)))


def _padded(label: str) -> str:
    """An edge label with half an em of space each side of its lines: Graphviz sets the
    labels of a rank side by side with no gap, and two of them would read as one word."""
    return "\n".join(f"{EDGE_PAD}{line}{EDGE_PAD}" for line in label.split("\n"))


def _trials(sources: dict[str, str]) -> dict[str, tuple[float, int, dict]] | None:
    """Each source laid out by Graphviz: how much it is shrunk to fit :data:`SIZE` (1: not at
    all), how many pairs of its texts touch (:mod:`gamebook.render.textboxes`) and the layout
    itself; None without Graphviz."""
    import shutil
    import subprocess

    from gamebook.render.textboxes import boxes, collisions, layout, scale

    if shutil.which("dot") is None:
        return None
    found = {}
    for name, source in sources.items():
        try:
            laid_out = layout(source, timeout=30)
            found[name] = (scale(laid_out), len(collisions(boxes(laid_out))), laid_out)
        except (OSError, ValueError, KeyError, subprocess.SubprocessError):
            return None
    return found


def _searched(source: str) -> str:
    """``source`` laid out with a wider network-simplex search (``searchsize``, 30 by
    default). Graphviz 2.43 can leave two edge labels of one rank set into each other, the
    space it keeps between them ignored, in a compressed layout (the Start Step example's
    attack 1 in Chinese: 攻擊力變0效果 and 扭防效果 7 pt apart, their boxes 18 pt into each
    other); searching further for each step of the x positions finds positions that keep it."""
    return source.replace("\tgraph [", "\tgraph [searchsize=100 ", 1)


def _newrank(source: str) -> str:
    """``source`` ranked as one graph (``newrank``), clusters and all."""
    return source.replace("\tgraph [", "\tgraph [newrank=true ", 1)


def _rank_direction(pages: tuple[Page, ...], inside: set[int]) -> str:
    """``TB`` (ranks top to bottom) for a deep graph, ``LR`` for a shallow, wide one: the
    one whose widest side is shorter, counting a rank as about two nodes across."""
    parents = {number: 0 for number in inside}
    for page in pages:
        for choice in page.choices:
            if choice.page in inside and choice.page != page.number:
                parents[choice.page] += 1
    depth = {number: 0 for number, count in parents.items() if count == 0}
    queue = deque(depth)
    by_number = {page.number: page for page in pages}
    while queue:
        number = queue.popleft()
        for choice in by_number[number].choices:
            if choice.page in inside and choice.page not in depth:
                depth[choice.page] = depth[number] + 1
                queue.append(choice.page)
    levels: dict[int, int] = {}
    for level in depth.values():
        levels[level] = levels.get(level, 0) + 1
    widest = max(levels.values(), default=1)
    return "LR" if widest > 2 * len(levels) + 4 else "TB"


def missing_font(lang: str, texts: list[str] | None = None) -> str | None:
    """Why the diagram of ``lang`` would show empty boxes, or None: no installed font
    covers the language (``fc-list :lang=zh-tw``). None too when fontconfig is absent."""
    import shutil
    import subprocess

    fc_lang = FONT_LANGS.get(lang)
    fc_list = shutil.which("fc-list")
    if fc_lang is None or fc_list is None:
        return None
    try:
        result = subprocess.run([fc_list, f":lang={fc_lang}", "family"], capture_output=True,
                                check=False, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if result.returncode == 0 and result.stdout.strip():
        return None
    return (f"gamebook: warning: no installed font covers {lang} (fc-list :lang={fc_lang} "
            f"lists none): the diagram's text would be empty boxes. Install a CJK font "
            f"(Debian/Ubuntu: apt-get install fonts-noto-cjk) and build again.")


_SVG_PROLOGUE = re.compile(r"<\?xml[^>]*>|<!DOCTYPE[^>]*>|<!--.*?-->", re.DOTALL)
_PART_LINK = re.compile(r'xlink:href="article\.(\d+)\.svg"')


def inline_svg(svg: str) -> str:
    """Graphviz's SVG made fit to stand inside article.html: no XML prologue or comments,
    page links to the article's own pages, a part's link to that part in the article, drawn
    no smaller than its capitals need (:func:`readable_svg`).
    Graphviz has escaped every text of it (titles, names) as XML."""
    svg = readable_svg(_SVG_PROLOGUE.sub("", svg).strip())
    svg = svg.replace('xlink:href="article.html#', 'xlink:href="#')
    return _PART_LINK.sub(r'xlink:href="#diagram-\1"', svg)
