"""The teaching article: the problem, the cards, the rules the battle used, its outcomes, the book.

:func:`build_article` turns an exploration (and its :class:`~gamebook.book.pages.Book`)
into an :class:`Article`, a finished page model the templates only lay out:

- **problem**: the starting moment, both fields (positions, stats, LP), who is the turn
  player, and a small field picture (the situation's zones);
- **cards**: each card of the situation with its text (:func:`~gamebook.book.cardtext.card_text`);
- **explanation**: one numbered point per rule the book cites, that is, per rule behind a
  choice, a "cannot" line, a resolution or an outcome in this graph, in the rulebook's
  teaching order, each with the first page where the book shows it;
- **outcomes**: every distinct outcome with its LP, monsters, graveyard, whether another
  attack is possible, how many paths from page 1 reach it and on which ending pages;
- **differences** (optional): where another rules preset offers other choices;
- then the book itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from gamebook.book.cardtext import card_text
from gamebook.book.narrate import Narrator
from gamebook.book.pages import Book, Page, narrator_for, number_pages
from gamebook.book.presetdiff import Difference
from gamebook.book.rulebook import RULE_NUMBER, appendix, cited, load_rulebook, translated
from gamebook.book.view import Action, ActionKind, Outcome, Views
from gamebook.explore.explorer import Exploration
from gamebook.rules.outcome import MonsterAtEnd, SpellTrapAtEnd

_SENTENCE_END = re.compile(r"(?<=[.。])\s*")


@dataclass(frozen=True)
class FieldZone:
    card: str  # the card's name ("" for an empty zone)
    detail: str  # "Attack Position", "Set" ...
    css: str = ""  # "defense" for a monster in Defense Position, "defense face-down"


@dataclass(frozen=True)
class PictureRow:
    label: str  # "Player B: Spell & Trap Zones (LP 8000)" ...
    zones: tuple[FieldZone, ...]


@dataclass(frozen=True)
class CardEntry:
    name: str
    kind: str
    text: tuple[str, ...]


@dataclass(frozen=True)
class Point:
    rule: str  # the rule's id
    label: str  # as shown: "R24"
    title: str  # empty when the rules reference is not translated into the book's language
    summary: str
    statement: str  # the same
    page: int
    quote: str


@dataclass(frozen=True)
class OutcomeRow:
    number: int
    lp: str
    monsters: str
    graveyard: str
    banished: str
    hand: str  # each player's hand, by player
    another_attack: str
    paths: int
    pages: tuple[int, ...]


@dataclass(frozen=True)
class Article:
    title: str
    lang: str
    intro: str
    situation_lines: tuple[str, ...]  # the moment, the fields, the turn player
    picture: tuple[PictureRow, ...]  # the opponent's side on top, as seen by the turn player
    cards: tuple[CardEntry, ...]
    points: tuple[Point, ...]
    outcomes: tuple[OutcomeRow, ...]
    outcomes_intro: str
    differences: tuple[Difference, ...] | None  # None: not asked for
    differ_intro: str
    book: Book
    book_preset: str
    other_preset: str  # "" when no comparison was asked for
    # the decision diagram: Graphviz's SVG for article.html (the overview first, then one per
    # attack or step), and the files article.md links to; empty without Graphviz
    diagrams: tuple[str, ...] = ()
    diagram_files: tuple[str, ...] = ()
    # From a Main Phase 1 start: how many of the first points are the Main Phase's rules
    main_phase_rules: int = 0


def build_article(exploration: Exploration, book: Book,
                  differences: tuple[Difference, ...] | None = None,
                  other_preset: str = "", diagrams: tuple[tuple[str, str], ...] = ()
                  ) -> Article:
    """The article; ``diagrams`` are the decision diagram's SVG files, ``(name, svg)``,
    linked from article.md and drawn inside article.html."""
    views = Views(exploration)
    situation = views.situation
    lang = book.lang
    narrator = narrator_for(views, lang)
    first = book.page(1)
    moment = [line for arrival in first.arrivals for line in arrival.lines]
    # The situation's own description, or else how the book's first page begins.
    opening = (book.description,) if book.description else tuple(moment)
    situation_lines = (*opening, *first.field,
                       narrator.msg("article.turn_player",
                                    player=narrator.player(situation.spec.turn_player)),
                       narrator.msg("article.question"))
    points = _points(book, views, narrator)
    # Each rule once: the numbered points carry their rules' text, so the appendix holds
    # only the other rules the book (or a point's statement) cites.
    explained = {point.label for point in points}
    book = replace(book, appendix=appendix(
        [rule for rule in cited([*book.texts(), *(point.statement for point in points)])
         if rule not in explained], lang))
    outcomes = _outcomes(exploration, book, narrator)
    endings = sum(1 for page in book.pages if page.terminal)
    paths = sum(row.paths for row in outcomes)
    differ_intro = ""
    if differences is not None:
        other = narrator.msg(f"rules_name.{other_preset}")
        differ_intro = (narrator.msg("article.differ_intro", other=other, count=len(differences),
                                     name=narrator.msg(f"rules_name.{views.preset}"))
                        if differences else narrator.msg("article.differ_none", other=other))
    return Article(
        title=narrator.msg("article.title", title=book.title),
        lang=lang,
        intro=narrator.msg("article.intro"),
        situation_lines=tuple(situation_lines),
        picture=_picture(situation, narrator),
        cards=_cards(views, narrator),
        points=points,
        outcomes=outcomes,
        outcomes_intro=narrator.msg("article.outcomes_intro", endings=endings,
                                    outcomes=len(outcomes), paths=paths),
        differences=differences,
        differ_intro=differ_intro,
        book=book,
        book_preset=views.preset,
        other_preset=other_preset,
        diagrams=tuple(svg for _, svg in diagrams),
        diagram_files=tuple(name for name, _ in diagrams),
        main_phase_rules=main_phase_points(points) if starts_in_main_phase(views) else 0,
    )


# The rule that makes an effect of each kind activatable where it was (R3-R6, R8, R9).
_KIND_RULES = {"trigger": "trigger_effects", "quick": "quick_effects", "flip": "flip_effects",
               "ignition": "ignition_effects"}
_CARD_RULES = {"trap": "trap_cards", "spell": "spell_cards"}
# The rule a chain of two links shows (R2).
_CHAIN_RULE = "response_speed"


def used_rules(book: Book, exploration: Exploration | Views, narrator: Narrator
               ) -> dict[str, list[tuple[int, str]]]:
    """Each rule the graph used (its id) -> every (page, sentence) that shows it, in page
    order.

    A rule is used when a page cites it (behind a choice, a "cannot" line, a resolution or
    an outcome), when a choice activates an effect of the kind it governs (a Trigger Effect:
    R4), or, for R2, when a chain grows a second link.
    """
    views = exploration if isinstance(exploration, Views) else Views(exploration)
    instances, cards = views.cast.cards, views.situation.cards
    labelled = load_rulebook().labelled
    found: dict[str, list[tuple[int, str]]] = {}
    for page in book.pages:
        lines = [line for arrival in page.arrivals for line in arrival.lines]
        lines += [*page.then, *page.cannot, *page.can, *page.ending]
        for line in lines:
            for sentence in _SENTENCE_END.split(line):
                for match in RULE_NUMBER.finditer(sentence):
                    if (rule := labelled.get(match.group(0))) is not None:
                        found.setdefault(rule.id, []).append((page.number, sentence.strip()))
        for choice in page.choices:
            action = choice.action
            if action.kind is not ActionKind.ACTIVATE:
                continue
            card = cards[instances[action.card]]
            kind = card.effect(action.effect).kind.value
            rule = (_CARD_RULES.get(card.card_type.value) if kind == "activate"
                    else _KIND_RULES.get(kind))
            if rule:  # shown by the page's "can" line for that effect
                found.setdefault(rule, []).append((page.number, _can_line(page, action,
                                                                          narrator)))
        if len(page.chain) >= 2:
            found.setdefault(_CHAIN_RULE, []).append(
                (page.number, narrator.join(page.chain, separator="meta.item_sep")))
    return found


def _can_line(page: Page, action: Action, narrator: Narrator) -> str:
    """The page's "can" line for the effect ``action`` activates, as the page says it."""
    legal = [note for note in page.point.notes if note.legal] if page.point else []
    for note, line in zip(legal, page.can, strict=False):
        if (note.player, note.card, note.effect) == (action.player, action.card, action.effect):
            return line
    return narrator.msg("meta.can", player=narrator.player(action.player),
                        effect=narrator.effect(action.card, action.effect))


def starts_in_main_phase(views: Views) -> bool:
    """Does the battle start in Main Phase 1 (its rules are then explained first)?"""
    return views.situation.spec.start.moment == "main_phase_1"  # StartMoment.MAIN_PHASE_1


def main_phase_points(points: tuple[Point, ...]) -> int:
    """How many of the first points are the Main Phase's own rules."""
    order = load_rulebook().main_phase_order
    count = 0
    for point in points:
        if point.rule not in order:
            break
        count += 1
    return count


def _points(book: Book, views: Views, narrator: Narrator) -> tuple[Point, ...]:
    """One point per rule used, in teaching order, each with its own example if it can:
    rules shown by a single sentence take it first, the others the first one not taken."""
    rulebook = load_rulebook()
    used = used_rules(book, views, narrator)
    order = rulebook.in_teaching_order(used, main_phase=starts_in_main_phase(views))
    examples: dict[str, tuple[int, str]] = {}
    for rule_id in order:
        if len({quote for _, quote in used[rule_id]}) == 1:
            examples[rule_id] = used[rule_id][0]
    shown = {quote for _, quote in examples.values()}
    for rule_id in order:
        if rule_id not in examples:
            examples[rule_id] = next(((p, q) for p, q in used[rule_id] if q not in shown),
                                     used[rule_id][0])
            shown.add(examples[rule_id][1])
    full = translated(book.lang)  # the reference exists in the book's language
    points = []
    for rule_id in order:
        rule = rulebook.rule(rule_id)
        words = rule.text(book.lang)
        page, quote = examples[rule_id]
        points.append(Point(rule_id, rule.label, words.title if full else "",
                            rule.summary(book.lang),
                            words.statement if full else "", page, quote))
    return tuple(points)


def _cards(views: Views, narrator: Narrator) -> tuple[CardEntry, ...]:
    situation = views.situation
    seen: dict[str, CardEntry] = {}
    instances = views.cast.cards
    for instance in _in_order_of_play(situation, instances):
        card_id = instances[instance]
        if card_id in seen:
            continue
        card = situation.cards[card_id]
        lines = card_text(card, narrator.lang, lambda other: situation.cards[other].name(
            narrator.lang) if other in situation.cards else other)[1:]  # the type line: kind
        text = tuple(lines) or (narrator.msg("article.no_text"),)
        seen[card_id] = CardEntry(card.name(narrator.lang), _card_kind(card, narrator), text)
    return tuple(seen.values())


def _in_order_of_play(situation: Any, instances: dict[str, str]) -> list[str]:
    """The card instances as the battle meets them: the turn player's attacker (without an
    attack declared yet, the turn player's monsters), then the defender's cards (monsters,
    Spells and Traps, hand, Deck), then the rest in the situation's order."""
    spec = situation.spec
    turn = spec.players[spec.turn_player]
    defender = next(spec.players[name] for name in spec.players if name != spec.turn_player)
    first = ([spec.start.attacker] if spec.start.attacker
             else [monster.id for monster in turn.monsters])
    first += [entry.id for group in (defender.monsters, defender.spell_traps, defender.hand,
                                     defender.deck) for entry in group]
    order = [instance for instance in first if instance in instances]
    return order + [instance for instance in instances if instance not in order]


def _card_kind(card: Any, narrator: Narrator) -> str:
    msg = narrator.msg
    if card.card_type.value == "monster":
        if card.link_rating is not None:
            level = msg("article.link", value=card.link_rating)
            stats = msg("article.stats_link", atk=card.printed_stats[0])
        else:
            level = msg("article.level", value=card.level)
            atk, defense = card.printed_stats  # '?' where printed so (R62)
            stats = msg("article.stats", atk=atk, defense=defense)
        frame = card.frame.value if card.frame else "normal"
        return msg("article.card_monster", frame=msg(f"article.frame.{frame}"),
                   attribute=_word(narrator, "attribute", card.attribute),
                   type=_word(narrator, "monster_type", card.monster_type), level=level,
                   stats=stats)
    st_type = card.spell_trap_type.value if card.spell_trap_type else "normal"
    kind = msg(f"article.st_kind.{st_type}")
    return msg("article.card_spell_trap",
               type=msg(f"article.spell_trap.{card.card_type.value}", kind=kind))


def _word(narrator: Narrator, section: str, value: str | None) -> str:
    """A card-data word (attribute, monster type) in the reader's language, if known."""
    words = narrator.catalog["article"].get(section, {})
    return words.get(value, value) if value else ""


def _picture(situation: Any, narrator: Narrator) -> tuple[PictureRow, ...]:
    """The field as the turn player sees it: the opponent's zones on top, drawn as seen
    from across the table (the opponent's first zone, m1 or s1, on the reader's right, as
    the simulators draw it); the Extra Monster Zones as the turn player names them."""
    spec = situation.spec
    empty = FieldZone("", "")

    def monster_zone(entry: Any) -> FieldZone:
        # a face-down monster by name too: its owner knows it, and so does the reader, who
        # has the situation in hand; the picture says it is face-down
        name = situation.cards[entry.card].name(narrator.lang)
        position = narrator.msg(f"position.{entry.position.value}")
        if not entry.face_up:
            return FieldZone(name, narrator.msg("article.picture_face_down", position=position),
                             "defense face-down")
        return FieldZone(name, position, "defense" if entry.position.value == "defense" else "")

    def side(name: str) -> tuple[PictureRow, PictureRow]:
        entry = spec.players[name]
        player = narrator.player(name)
        monsters = {m.zone: monster_zone(m) for m in entry.monsters}
        unplaced = [monster_zone(m) for m in entry.monsters if not m.zone]
        main = [monsters.get(f"m{i}") or (unplaced.pop(0) if unplaced else empty)
                for i in range(1, 6)]
        cards = {}
        for item in entry.spell_traps:
            key = "field.face_up_card" if item.face_up else "field.set_card"
            cards[item.zone or f"_{len(cards)}"] = FieldZone(
                situation.cards[item.card].name(narrator.lang),
                narrator.msg(key, card="").strip(" ()（）"))
        loose = [zone for key, zone in cards.items() if key.startswith("_")]
        back = [cards.get(f"s{i}") or (loose.pop(0) if loose else empty) for i in range(1, 6)]
        label = narrator.msg("field.player_line", player=player, lp=entry.lp,
                             cards="").rstrip(" :：")
        return (PictureRow(label, tuple(main)), PictureRow("", tuple(back)))

    opponent = "B" if spec.turn_player == "A" else "A"
    top_main, top_back = (PictureRow(row.label, row.zones[::-1]) for row in side(opponent))
    bottom_main, bottom_back = side(spec.turn_player)
    none = FieldZone("", "", "none")  # no zone there
    extra = [none, empty, none, empty, none]
    for name in (opponent, spec.turn_player):
        for m in spec.players[name].monsters:
            if m.zone in ("emz_left", "emz_right"):
                extra[1 if m.zone == "emz_left" else 3] = monster_zone(m)
    return (top_back, top_main, PictureRow(narrator.msg("article.extra_zones"), tuple(extra)),
            bottom_main, bottom_back)


def _outcomes(exploration: Exploration, book: Book, narrator: Narrator
              ) -> tuple[OutcomeRow, ...]:
    """Every distinct outcome (as the audit counts them), with paths and ending pages."""
    numbers = number_pages(exploration)
    paths = _paths_from_root(exploration)
    groups: dict[Outcome, list[str]] = {}
    for page in book.pages:
        if page.outcome is not None:
            groups.setdefault(page.outcome, []).append(page.node)
    ordered = sorted(groups.items(), key=lambda item: min(numbers[n] for n in item[1]))
    rows = []
    for index, (outcome, nodes) in enumerate(ordered, start=1):
        rows.append(OutcomeRow(
            number=index,
            lp=f"{outcome.lp[0]} / {outcome.lp[1]}",
            monsters=narrator.join(_monster_cell(narrator, m) for m in outcome.field),
            graveyard=narrator.join(
                narrator.msg("field.grave_card", card=narrator.card(g.id),
                             reason=narrator.msg(f"grave_reason.{g.reason}"))
                for g in outcome.graveyard) or narrator.msg("article.nothing"),
            banished=narrator.join(narrator.banished(b) for b in outcome.banished)
            or narrator.msg("article.nothing"),
            hand=_hand_cell(narrator, outcome),
            another_attack=_attack_cell(narrator, outcome),
            paths=sum(paths[n] for n in nodes),
            pages=tuple(sorted(numbers[n] for n in nodes)),
        ))
    return tuple(rows)


def _monster_cell(narrator: Narrator, monster: MonsterAtEnd | SpellTrapAtEnd) -> str:
    card = narrator.card(monster.id)
    if isinstance(monster, SpellTrapAtEnd):  # a Spell or Trap still on the field
        if monster.equipped_to or monster.tied_to:  # R105, R108
            key = "field.equipped_card" if monster.equipped_to else "field.tied_card"
            return narrator.msg(key, card=card, target=narrator.card(
                monster.equipped_to or monster.tied_to))
        key = "field.face_up_card" if monster.face_up else "field.set_card"
        return narrator.msg(key, card=card)
    if monster.def_ is None:
        return narrator.msg("field.monster_link", card=card, atk=monster.atk)
    stats = narrator.msg("field.stats", atk=monster.atk, defense=monster.def_)
    key = "field.monster" if monster.face_up else "article.monster_face_down"
    return narrator.msg(key, card=card, stats=stats,
                        position=narrator.msg(f"position.{monster.position}"))


def _hand_cell(narrator: Narrator, outcome: Outcome) -> str:
    """Each player's hand at the end, the turn player's first: "Player A: Gemini Elf"."""
    hands = [narrator.msg("article.hand", player=narrator.player(player), cards=narrator.join(
        narrator.card(card.id) for card in outcome.hand if card.owner == player))
        for player in ("A", "B") if any(card.owner == player for card in outcome.hand)]
    return narrator.join(hands, separator="meta.item_sep") or narrator.msg("article.nothing")


def _attack_cell(narrator: Narrator, outcome: Outcome) -> str:
    if outcome.can_attack_again:
        return narrator.msg("article.attack_yes")
    if outcome.can_attack_again_with:
        return narrator.join(narrator.msg("article.attack_if", effect=narrator.effect_key(key))
                             for key in outcome.can_attack_again_with)
    return narrator.msg("article.attack_no")


def _paths_from_root(exploration: Exploration) -> dict[str, int]:
    """How many ways lead from the root to each node (one per edge, as the audit counts)."""
    import networkx as nx

    graph = exploration.graph
    counts = {node: 0 for node in graph.nodes}
    counts[exploration.root] = 1
    for node in nx.topological_sort(graph):
        for _, child in graph.out_edges(node):
            counts[child] += counts[node]
    return counts
