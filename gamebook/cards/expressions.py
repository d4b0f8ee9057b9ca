"""The expression language of card files: conditions, amounts and selection filters.

It grows the stat model's amount expressions (:mod:`gamebook.stats.expr`: ``600 * hand_b``,
``original_atk / 2``; the same arithmetic, the same ``×``, exact fractions rounded half up
at the end, R76) with what a card's text counts and compares:

- numbers and arithmetic: ``300 * count(monsters)``, ``(a + b) / 2``, ``-800 * n``;
- counts of cards: ``count(KIND, WHOSE, WHERE, FILTER, …)`` with KIND ``cards``,
  ``monsters``, ``spells_traps``, WHOSE ``you``, ``opponent`` or ``any`` (the default),
  WHERE ``field`` (the default), ``hand``, ``graveyard`` or ``deck``, and every FILTER must
  hold: ``count(monsters, opponent, face_up)``, ``count(cards, you, hand)``. (The long form
  ``controller: opponent``, ``zone: hand`` needs quotes in YAML, where ": " starts a key.)
- the LP of a player, ``lp(you)``, ``lp(opponent)``; the ATK/DEF/Level of a named card,
  ``atk(self)``, ``def(attack_target)``, ``atk(attacker)``, ``atk(target)``;
  ``difference(a, b)`` (the difference between two values, never negative), ``max``,
  ``min``;
- comparisons ``>= <= > < == !=``, and ``and``, ``or``, ``not``, parentheses.

A FILTER (inside ``count(…)`` and a selection's ``where``) speaks of one card: the words
``face_up``, ``face_down``, ``attack_position``, ``defense_position``, ``attacking``,
``self`` (this card; ``not self``: "other than this card"), ``monster``, ``spell``,
``trap``, the frames ``normal_monster``, ``effect_monster``, ``extra_deck_monster``,
``fusion_monster``, ``synchro_monster``, ``xyz_monster``, ``link_monster``,
``ritual_monster``, ``token``; the numbers ``atk``, ``def``, ``level``, ``link_rating``,
``original_atk``, ``original_def`` with a comparison or a range (``level in 1..4``); the
words ``attribute == dark``, ``type == winged_beast``, ``name == kuriboh`` (a card id),
``archetype == gravekeepers``; combined with and/or/not. What a face-down card does not
show (its ATK, Level, Attribute, Type, name) is unknown: a comparison with it holds neither
way, and ``not`` of it neither (three-valued, R155).

Nothing here runs code: a hand-written tokenizer and recursive-descent parser build a small
tree of frozen nodes, checked for its kinds (a condition where a condition is wanted, a
number where a number is), and every mistake is an :class:`ExpressionError` with its column
and what was expected. The rules engine evaluates the tree
(:mod:`gamebook.rules.expressions`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from gamebook.cards.model import ATTRIBUTES, MONSTER_TYPES

# -- the words ---------------------------------------------------------------------------

KINDS = ("cards", "monsters", "spells_traps")
CONTROLLERS = ("you", "opponent", "any")
ZONES = ("field", "hand", "graveyard", "deck")
PLAYERS = ("you", "opponent")
# The cards a value function may name (the effect's own Refs, R18).
NAMED_CARDS = ("self", "target", "attacker", "attack_target", "battling_own",
               "battling_opponent")
CARD_VALUES = ("atk", "def", "level")  # atk(NAMED), def(NAMED), level(NAMED)
NUMBER_FUNCTIONS = ("difference", "max", "min")
# Flags about one card: (word, monsters only, on the field only)
FLAGS: dict[str, tuple[bool, bool]] = {
    "face_up": (False, True),
    "face_down": (False, True),
    "attack_position": (True, True),
    "defense_position": (True, True),
    "attacking": (True, True),
    "self": (False, False),
    "monster": (False, False),
    "spell": (False, False),
    "trap": (False, False),
    "normal_monster": (True, False),
    "effect_monster": (True, False),
    "extra_deck_monster": (True, False),
    "fusion_monster": (True, False),
    "synchro_monster": (True, False),
    "xyz_monster": (True, False),
    "link_monster": (True, False),
    "ritual_monster": (True, False),
    "token": (True, False),
}
# Numbers of one card (all about monsters)
CARD_NUMBERS = ("atk", "def", "level", "link_rating", "original_atk", "original_def")
# Words of one card, compared with == / != to a word
CARD_WORDS = ("attribute", "type", "name", "archetype")
COMPARISONS = (">=", "<=", "==", "!=", ">", "<")
# What a word of CARD_WORDS may be: spelt in lower case with underscores (winged_beast).
WORD_VALUES = {"attribute": {a.lower(): a for a in ATTRIBUTES},
               "type": {t.lower().replace(" ", "_").replace("-", "_"): t
                        for t in MONSTER_TYPES}}
# Every word of the language, with its meaning and its rule (docs/vocabulary.md lists them).
WORDS: dict[str, tuple[str, str]] = {
    "count": ("count(KIND, WHOSE, WHERE, FILTER, …): the number of cards of KIND that WHOSE "
              "controls (owns, off the field) in WHERE and that meet every FILTER",
              "counted_conditions"),
    "cards": ("KIND of count: every card (monsters and Spell/Trap Cards)", "counted_conditions"),
    "monsters": ("KIND of count: monsters", "counted_conditions"),
    "spells_traps": ("KIND of count: Spell/Trap Cards", "counted_conditions"),
    "you": ("WHOSE of count, and lp(you): the effect's player", "counted_conditions"),
    "opponent": ("WHOSE of count, and lp(opponent): the effect's player's opponent",
                 "counted_conditions"),
    "any": ("WHOSE of count: either player (the default)", "counted_conditions"),
    "field": ("WHERE of count: on the field (the default)", "counted_conditions"),
    "hand": ("WHERE of count: in the hand", "counted_conditions"),
    "graveyard": ("WHERE of count: in the GY", "counted_conditions"),
    "deck": ("WHERE of count: in the Deck cards the situation lists", "counted_conditions"),
    "controller": ("count's long form, controller: opponent (quoted in YAML)",
                   "counted_conditions"),
    "zone": ("count's long form, zone: hand (quoted in YAML)", "counted_conditions"),
    "lp": ("lp(you), lp(opponent): a player's LP now", "counted_amounts"),
    "atk": ("atk(NAMED) the current ATK of a card the effect names (self, attacker, "
            "attack_target, target, battling_own, battling_opponent); in a filter, the "
            "card's ATK", "counted_amounts"),
    "def": ("def(NAMED), or in a filter: DEF, as atk", "counted_amounts"),
    "level": ("level(NAMED), or in a filter: Level, as atk", "counted_amounts"),
    "link_rating": ("in a filter: the Link rating", "selection_filters"),
    "original_atk": ("in a filter: the original ATK", "selection_filters"),
    "original_def": ("in a filter: the original DEF", "selection_filters"),
    "difference": ("difference(a, b): how far apart two values are, never negative",
                   "counted_amounts"),
    "max": ("max(a, b, …): the highest", "counted_amounts"),
    "min": ("min(a, b, …): the lowest", "counted_amounts"),
    "and": ("both hold", "counted_conditions"),
    "or": ("either holds", "counted_conditions"),
    "not": ("does not hold (an unknown stays unknown)", "selection_filters"),
    "in": ("a range: level in 1..4 (both ends included)", "selection_filters"),
    ">= <= > < == !=": ("comparisons of two numbers", "counted_conditions"),
    "+ - * × /": ("arithmetic, exact; an amount is rounded half up at the end",
                  "halving_and_rounding"),
    "face_up": ("a face-up card on the field", "selection_filters"),
    "face_down": ("a face-down card on the field", "selection_filters"),
    "attack_position": ("a monster in Attack Position", "selection_filters"),
    "defense_position": ("a monster in Defense Position, face-up or face-down",
                         "defense_position"),
    "attacking": ("the monster that is attacking now", "selection_filters"),
    "self": ("this card (not self: other than this card)", "selection_filters"),
    "monster": ("a monster card", "selection_filters"),
    "spell": ("a Spell Card (a Set one does not show it)", "selection_filters"),
    "trap": ("a Trap Card (a Set one does not show it)", "selection_filters"),
    "normal_monster": ("a Normal Monster", "selection_filters"),
    "effect_monster": ("an Effect Monster", "monster_categories"),
    "extra_deck_monster": ("a Fusion, Synchro, Xyz or Link Monster", "extra_deck_monsters"),
    "fusion_monster": ("a Fusion Monster", "selection_filters"),
    "synchro_monster": ("a Synchro Monster", "selection_filters"),
    "xyz_monster": ("an Xyz Monster", "selection_filters"),
    "link_monster": ("a Link Monster", "selection_filters"),
    "ritual_monster": ("a Ritual Monster", "selection_filters"),
    "token": ("a Token", "tokens"),
    "attribute": ("attribute == dark: a monster of this Attribute", "selection_filters"),
    "type": ("type == winged_beast: a monster of this Type (lower case, _ for spaces and "
             "hyphens)", "selection_filters"),
    "name": ("name == kuriboh: a card of this name (its card id)", "same_name"),
    "archetype": ("archetype == gravekeepers: a card of this archetype", "selection_filters"),
}
MAX_LENGTH = 400  # characters of one expression
MAX_NESTING = 30  # parentheses and calls inside each other


class ExpressionError(ValueError):
    """A malformed expression: what is wrong, at which column (1-based) of its text."""

    def __init__(self, message: str, column: int) -> None:
        self.column = column
        self.message = message
        super().__init__(f"column {column}: {message}")


@dataclass(frozen=True)
class Node:
    """One node of an expression: its ``op``, a number ``value`` or a ``word``, its
    ``args``, its ``column`` in the text (for errors), and for a count its ``options``
    (``controller``, ``zone``)."""

    op: str
    args: tuple[Node, ...] = ()
    value: Fraction = Fraction(0)
    word: str = ""
    options: tuple[tuple[str, str], ...] = ()
    column: int = field(default=1, compare=False)  # where it is written, not what it is

    def option(self, name: str, default: str) -> str:
        return dict(self.options).get(name, default)

    def walk(self):
        """This node and every node below it."""
        yield self
        for arg in self.args:
            yield from arg.walk()


# Node ops: "num"; "count" (args: filters); "lp" (word: player); "card_value" (word: named
# card, options: (("of", quantity),)); "call" (word: function); "+", "-", "*", "/", "neg";
# comparisons; "and", "or", "not"; inside a filter: "flag" (word), "card_number" (word),
# "card_word" (word: what, options: (("is", value),)), "in" (args: number, low, high).

# -- tokens ------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<num>\d+)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
                    r"|(?P<op>>=|<=|==|!=|\.\.|[-+*/×()<>,:=!]))")


@dataclass(frozen=True)
class _Token:
    kind: str  # num, name, op, end
    text: str
    column: int


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    position = 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position >= len(text):
            tokens.append(_Token("end", "", len(text) + 1))
            return tokens
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            raise ExpressionError(f"unexpected character {text[position]!r}", position + 1)
        kind = match.lastgroup or "op"
        word = match.group(kind)
        tokens.append(_Token(kind, word, match.start(kind) + 1))
        position = match.end()


# -- the parser --------------------------------------------------------------------------

NUMBER, TRUTH = "a number", "a condition"


class _Parser:
    """Recursive descent over the tokens; ``card`` is true inside a filter (one card)."""

    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.index = 0
        self.depth = 0

    # tokens
    def peek(self) -> _Token:
        return self.tokens[self.index]

    def take(self, text: str) -> _Token | None:
        token = self.peek()
        if token.kind in ("op", "name") and token.text == text:
            self.index += 1
            return token
        return None

    def expect(self, text: str, what: str) -> _Token:
        token = self.take(text)
        if token is None:
            raise ExpressionError(f"expected {what}, found {_shown(self.peek())}",
                                  self.peek().column)
        return token

    # grammar: or > and > not > comparison > sum > product > unary > atom
    def condition(self, card: bool) -> tuple[Node, str]:
        node, kind = self.conjunction(card)
        while self.take("or") is not None:
            node = Node("or", (self.truth(node, kind, "or"),
                               self.truth(*self.conjunction(card), "or")), column=node.column)
            kind = TRUTH
        return node, kind

    def conjunction(self, card: bool) -> tuple[Node, str]:
        node, kind = self.negation(card)
        while self.take("and") is not None:
            node = Node("and", (self.truth(node, kind, "and"),
                                self.truth(*self.negation(card), "and")), column=node.column)
            kind = TRUTH
        return node, kind

    def negation(self, card: bool) -> tuple[Node, str]:
        token = self.take("not")
        if token is not None:
            return Node("not", (self.truth(*self.negation(card), "not"),),
                        column=token.column), TRUTH
        return self.comparison(card)

    def comparison(self, card: bool) -> tuple[Node, str]:
        start = self.peek()
        if card and start.kind == "name" and start.text in CARD_WORDS:
            return self.card_word(), TRUTH
        node, kind = self.sum(card)
        token = self.peek()
        if token.kind == "op" and token.text in COMPARISONS:
            self.index += 1
            right, right_kind = self.sum(card)
            return Node(token.text, (self.number(node, kind, token.text),
                                     self.number(right, right_kind, token.text)),
                        column=node.column), TRUTH
        if token.kind == "op" and token.text in ("=", "!"):
            raise ExpressionError(f"{token.text!r} is not a comparison; expected one of "
                                  f"{', '.join(COMPARISONS)}", token.column)
        if token.kind == "name" and token.text == "in":
            self.index += 1
            low, low_kind = self.sum(card)
            self.expect("..", "'..' between the ends of a range (level in 1..4)")
            high, high_kind = self.sum(card)
            args = (self.number(node, kind, "in"), self.number(low, low_kind, "in"),
                    self.number(high, high_kind, "in"))
            return Node("in", args, column=node.column), TRUTH
        return node, kind

    def card_word(self) -> Node:
        what = self.peek()
        self.index += 1
        operator = self.peek()
        if operator.kind != "op" or operator.text not in ("==", "!="):
            raise ExpressionError(f"expected '==' or '!=' after {what.text!r} "
                                  f"({what.text} == …), found {_shown(operator)}",
                                  operator.column)
        self.index += 1
        value = self.peek()
        if value.kind != "name":
            raise ExpressionError(f"expected a word after {what.text} {operator.text} "
                                  f"({_word_hint(what.text)}), found {_shown(value)}",
                                  value.column)
        self.index += 1
        known = WORD_VALUES.get(what.text)
        if known is not None and value.text.lower() not in known:
            raise ExpressionError(f"{value.text!r} is not {_word_hint(what.text)}"
                                  + _closest(value.text.lower(), known), value.column)
        word = known[value.text.lower()] if known is not None else value.text
        node = Node("card_word", word=what.text, options=(("is", word),), column=value.column)
        return node if operator.text == "==" else Node("not", (node,), column=operator.column)

    def sum(self, card: bool) -> tuple[Node, str]:
        node, kind = self.product(card)
        while (token := self.peek()).kind == "op" and token.text in ("+", "-"):
            self.index += 1
            right, right_kind = self.product(card)
            node = Node(token.text, (self.number(node, kind, token.text),
                                     self.number(right, right_kind, token.text)),
                        column=node.column)
            kind = NUMBER
        return node, kind

    def product(self, card: bool) -> tuple[Node, str]:
        node, kind = self.unary(card)
        while (token := self.peek()).kind == "op" and token.text in ("*", "×", "/"):
            self.index += 1
            right, right_kind = self.unary(card)
            op = "/" if token.text == "/" else "*"
            node = Node(op, (self.number(node, kind, token.text),
                             self.number(right, right_kind, token.text)), column=node.column)
            kind = NUMBER
        return node, kind

    def unary(self, card: bool) -> tuple[Node, str]:
        token = self.peek()
        if token.kind == "op" and token.text == "-":
            self.index += 1
            inner, kind = self.unary(card)
            inner = self.number(inner, kind, "-")
            if inner.op == "num":
                return Node("num", value=-inner.value, column=token.column), NUMBER
            return Node("neg", (inner,), column=token.column), NUMBER
        return self.atom(card)

    def atom(self, card: bool) -> tuple[Node, str]:
        token = self.peek()
        if token.kind == "num":
            self.index += 1
            return Node("num", value=Fraction(int(token.text)), column=token.column), NUMBER
        if token.kind == "op" and token.text == "(":
            self.index += 1
            self.nest(token)
            node, kind = self.condition(card)
            self.expect(")", "')'")
            self.depth -= 1
            return node, kind
        if token.kind != "name":
            raise ExpressionError(f"expected a number, a word or '(', found {_shown(token)}",
                                  token.column)
        self.index += 1
        name = token.text
        if self.peek().kind == "op" and self.peek().text == "(":
            return self.call(token, card)
        if card and name in FLAGS:
            return Node("flag", word=name, column=token.column), TRUTH
        if card and name in CARD_NUMBERS:
            return Node("card_number", word=name, column=token.column), NUMBER
        if not card and (name in FLAGS or name in CARD_NUMBERS or name in CARD_WORDS):
            example = f"{name} >= 1000" if name in CARD_NUMBERS else name
            raise ExpressionError(f"{name!r} speaks of one card: write it inside "
                                  f"count(…) or a selection's 'where', e.g. "
                                  f"count(monsters, {example})", token.column)
        known = (*FLAGS, *CARD_NUMBERS, *CARD_WORDS) if card else ()
        functions = ("count", "lp", *CARD_VALUES, *NUMBER_FUNCTIONS)
        raise ExpressionError(f"unknown word {name!r}; expected "
                              + ("a filter word" if card else "a number or a function")
                              + _closest(name, (*known, *functions))
                              + ("" if card else f" (functions: {', '.join(functions)})"),
                              token.column)

    def nest(self, token: _Token) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise ExpressionError(f"nested deeper than {MAX_NESTING} levels", token.column)

    def call(self, token: _Token, card: bool) -> tuple[Node, str]:
        name = token.text
        self.index += 1  # (
        self.nest(token)
        if name == "count":
            node = self.count(token)
        elif name == "lp":
            node = Node("lp", word=self.word(PLAYERS, "a player"), column=token.column)
        elif name in CARD_VALUES:
            named = self.word(NAMED_CARDS, "a card the effect names")
            node = Node("card_value", word=named, options=(("of", name),), column=token.column)
        elif name in NUMBER_FUNCTIONS:
            args = [self.number(*self.sum(card), name)]
            while self.take(","):
                args.append(self.number(*self.sum(card), name))
            if name == "difference" and len(args) != 2:
                raise ExpressionError("difference(a, b) takes 2 values", token.column)
            node = Node("call", tuple(args), word=name, column=token.column)
        else:
            functions = ("count", "lp", *CARD_VALUES, *NUMBER_FUNCTIONS)
            raise ExpressionError(f"unknown function {name!r}" + _closest(name, functions)
                                  + f" (functions: {', '.join(functions)})", token.column)
        self.expect(")", f"')' to close {name}(")
        self.depth -= 1
        return node, NUMBER

    def word(self, allowed: tuple[str, ...], what: str) -> str:
        token = self.peek()
        if token.kind != "name" or token.text not in allowed:
            raise ExpressionError(f"expected {what} ({', '.join(allowed)}), found "
                                  f"{_shown(token)}" + (_closest(token.text, allowed)
                                                        if token.kind == "name" else ""),
                                  token.column)
        self.index += 1
        return token.text

    def count(self, token: _Token) -> Node:
        kind = self.word(KINDS, "what to count")
        options: dict[str, str] = {}
        filters: list[Node] = []
        while self.take(","):
            here = self.peek()
            follows = self.tokens[self.index + 1] if here.kind != "end" else here
            if here.kind == "name" and follows.kind == "op" and follows.text == ":":
                if here.text not in ("controller", "zone"):
                    raise ExpressionError(f"{here.text!r} is not an option of count(…); "
                                          "expected controller: or zone:"
                                          + _closest(here.text, ("controller", "zone")),
                                          here.column)
                if here.text in options:
                    raise ExpressionError(f"{here.text}: given twice", here.column)
                self.index += 2
                allowed = CONTROLLERS if here.text == "controller" else ZONES
                options[here.text] = self.word(allowed, f"a {here.text}")
                continue
            if here.kind == "name" and (here.text in CONTROLLERS or here.text in ZONES) and (
                    follows.kind == "end" or follows.kind == "op" and follows.text in ",)"):
                # the short form, which a YAML value can hold unquoted: count(monsters, opponent)
                option = "controller" if here.text in CONTROLLERS else "zone"
                if option in options:
                    raise ExpressionError(f"{option}: given twice", here.column)
                options[option] = here.text
                self.index += 1
                continue
            filters.append(self.truth(*self.condition(True), "count"))
        node = Node("count", tuple(filters), word=kind, options=tuple(sorted(options.items())),
                    column=token.column)
        problem = applicability(node.args, monsters=kind == "monsters",
                                spells_traps=kind == "spells_traps",
                                on_field=node.option("zone", "field") == "field")
        if problem is not None:
            raise ExpressionError(*problem)
        return node

    # kinds
    def truth(self, node: Node, kind: str, where: str) -> Node:
        if kind != TRUTH:
            raise ExpressionError(f"expected a condition for {where!r}, found a number "
                                  "(compare it: … >= 2)", node.column)
        return node

    def number(self, node: Node, kind: str, where: str) -> Node:
        if kind != NUMBER:
            raise ExpressionError(f"expected a number for {where!r}, found a condition",
                                  node.column)
        return node


def applicability(filters: tuple[Node, ...], *, monsters: bool, spells_traps: bool,
                  on_field: bool) -> tuple[str, int] | None:
    """Why a filter word cannot apply to the cards it would be asked of (a Level of a
    Spell/Trap, a face in the hand), with its column, or ``None``."""
    for top in filters:
        for node in top.walk():
            word = node.word
            monster_only = (node.op == "flag" and FLAGS[word][0]) or node.op in (
                "card_number",) or (node.op == "card_word" and word in ("attribute", "type"))
            field_only = node.op == "flag" and FLAGS[word][1]
            if spells_traps and monster_only:
                return (f"{word!r} applies to monsters, and these are Spell/Trap Cards",
                        node.column)
            if not on_field and field_only:
                return (f"{word!r} applies to cards on the field, and these are not on the "
                        "field", node.column)
            if monsters and node.op == "flag" and word in ("spell", "trap"):
                return f"{word!r} never holds for a monster", node.column
    return None


def _shown(token: _Token) -> str:
    return "the end" if token.kind == "end" else repr(token.text)


def _word_hint(what: str) -> str:
    return {"attribute": "an Attribute (dark, light, …)",
            "type": "a monster Type (warrior, winged_beast, …)",
            "name": "a card id (kuriboh, …)",
            "archetype": "an archetype (gravekeepers, …)"}[what]


def _closest(word: str, known) -> str:
    import difflib

    found = difflib.get_close_matches(word, list(known), n=1)
    return f"; did you mean {found[0]!r}?" if found else ""


def _parse(text: object, card: bool, want: str) -> Node:
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise ExpressionError(f"expected {want} written as text, found "
                              f"{type(text).__name__}", 1)
    if isinstance(text, int):
        if want == TRUTH:
            raise ExpressionError("expected a condition (count(monsters) >= 2), found a "
                                  "number", 1)
        return Node("num", value=Fraction(text))
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"longer than {MAX_LENGTH} characters", MAX_LENGTH + 1)
    if not text.strip():
        raise ExpressionError(f"empty; expected {want}", 1)
    parser = _Parser(text)
    node, kind = parser.condition(card)
    rest = parser.peek()
    if rest.kind != "end":
        raise ExpressionError(f"unexpected {_shown(rest)} after a complete expression",
                              rest.column)
    if kind != want:
        hint = (" (compare it: atk >= 1000)" if card else
                " (compare it: count(monsters) >= 2)") if want == TRUTH else ""
        raise ExpressionError(f"expected {want}, found {kind}{hint}", node.column)
    return node


@lru_cache(maxsize=1024)
def parse_condition(text: str) -> Node:
    """A condition about the game (an effect's ``condition``)."""
    return _parse(text, False, TRUTH)


@lru_cache(maxsize=1024)
def parse_amount(text: str | int) -> Node:
    """A number (a step's ``amount``)."""
    return _parse(text, False, NUMBER)


@lru_cache(maxsize=1024)
def parse_filter(text: str) -> Node:
    """A condition about one card (a selection's ``where``)."""
    return _parse(text, True, TRUTH)


def names_used(node: Node) -> list[tuple[str, str, int]]:
    """Every ``name == …`` and ``archetype == …`` word with its column: the card library
    must know them."""
    return [(n.word, dict(n.options)["is"], n.column) for n in node.walk()
            if n.op == "card_word" and n.word in ("name", "archetype")]


def named_cards_used(node: Node) -> set[str]:
    """The cards a value function names (``atk(target)``: target)."""
    return {n.word for n in node.walk() if n.op == "card_value"}


def render(node: Node) -> str:
    """The text of ``node`` again (normalised spacing)."""
    op = node.op
    if op == "num":
        value = node.value
        return str(value.numerator) if value.denominator == 1 else \
            f"({value.numerator} / {value.denominator})"
    if op == "flag" or op == "card_number":
        return node.word
    if op == "card_word":
        word = node.option("is", "")
        return f"{node.word} == {word.lower().replace(' ', '_').replace('-', '_')}"
    if op == "lp":
        return f"lp({node.word})"
    if op == "card_value":
        return f"{node.option('of', 'atk')}({node.word})"
    if op == "count":
        parts = [node.word, *(v for _, v in node.options),
                 *(render(arg) for arg in node.args)]
        return f"count({', '.join(parts)})"
    if op == "call":
        return f"{node.word}({', '.join(render(a) for a in node.args)})"
    if op == "neg":
        return f"-{render(node.args[0])}"
    if op == "not":
        return f"not {_wrapped(node.args[0])}"
    if op == "in":
        value, low, high = (render(a) for a in node.args)
        return f"{value} in {low}..{high}"
    return f"{_wrapped(node.args[0])} {op} {_wrapped(node.args[1])}"


def _wrapped(node: Node) -> str:
    text = render(node)
    return f"({text})" if node.args and node.op not in ("count", "call", "neg", "not") else text


# -- card files --------------------------------------------------------------------------

# The steps whose ``amount`` may be an expression: those that work it out as they apply.
AMOUNT_OPS = ("inflict_damage", "gain_lp", "gain_atk", "pay_lp")


def card_problems(card, located) -> list:
    """Every expression of ``card`` (an effect's ``condition``, a step's ``amount``, a
    selection's ``where``) that does not parse, or names what cannot apply there, as an
    :class:`~gamebook.errors.InputError` at its line, with the column inside the text."""
    from gamebook.cards.model import TargetFilter, Zone, written_effects
    from gamebook.cards.ranges import selections

    problems = []

    def refuse(loc: tuple, key: str, text: object, message: str) -> None:
        problems.append(located.error(loc, f"{key}: {text!r}: {message}"))

    def parsed(loc: tuple, key: str, text: object, parse) -> Node | None:
        try:
            return parse(text)
        except ExpressionError as error:
            refuse(loc, key, text, f"column {error.column}: {error.message}")
            return None

    for where_effect, effect in written_effects(card):
        named = {"self", "attacker", "attack_target"}
        if effect.battling is not None:
            named |= {"battling_own", "battling_opponent"}
        if effect.condition is not None and effect.kind.value == "continuous":
            refuse(where_effect[:2] + ("condition",), "condition", effect.condition,
                   "a continuous effect does not read an expression condition yet (only an "
                   "activated effect does, when it is activated: R153); write it with "
                   "'conditions'")
        elif effect.condition is not None and where_effect[2:] in ((), ("modes", 0)):
            loc = where_effect[:2] + ("condition",)  # the modes share their effect's
            node = parsed(loc, "condition", effect.condition, parse_condition)
            found = None if node is None else _names_problem(
                node, named, "a condition is checked before any target is chosen")
            if found is not None:
                refuse(loc, "condition", effect.condition, f"column {found[1]}: {found[0]}")
        for part in ("cost", "resolution"):
            for index, step in enumerate(getattr(effect, part)):
                if not isinstance(step.amount, str):
                    continue
                loc = where_effect + (part, index, "amount")
                if step.op.value not in AMOUNT_OPS:
                    refuse(loc, "amount", step.amount, f"{step.op.value} takes a number; an "
                           f"expression is worked out only by {', '.join(AMOUNT_OPS)}")
                    continue
                node = parsed(loc, "amount", step.amount, parse_amount)
                joint = effect.target is not None and (effect.target.up_to is not None
                                                       or effect.target.exactly is not None)
                allowed = named | ({"target"} if effect.target is not None and not joint
                                   else set())
                why = ("its target is several cards chosen together, R:joint_targets" if joint
                       else "the effect names no such card")
                found = None if node is None else _names_problem(node, allowed, why)
                if found is not None:
                    refuse(loc, "amount", step.amount, f"column {found[1]}: {found[0]}")
        for where, spec in selections(effect):
            if isinstance(spec.size, str):  # how many cards are chosen together (R174)
                loc = where_effect + where + ("size",)
                node = parsed(loc, "size", spec.size, parse_amount)
                found = None if node is None else _names_problem(
                    node, named, "the effect names no such card")
                if found is not None:
                    refuse(loc, "size", spec.size, f"column {found[1]}: {found[0]}")
            if spec.where is None:
                continue
            loc = where_effect + where + ("where",)
            node = parsed(loc, "where", spec.where, parse_filter)
            if node is None:
                continue
            spells_traps = TargetFilter.SPELL_TRAP in spec.filters
            problem = applicability((node,), monsters=not spells_traps
                                    and TargetFilter.ANY_CARD not in spec.filters,
                                    spells_traps=spells_traps,
                                    on_field=spec.zone in (None, Zone.FIELD))
            if problem is not None:
                refuse(loc, "where", spec.where, f"column {problem[1]}: {problem[0]}")
    return problems


def _names_problem(node: Node, allowed: set[str], why: str) -> tuple[str, int] | None:
    """A card value that names a card the effect does not name there, or ``None``."""
    for found in node.walk():
        if found.op == "card_value" and found.word not in allowed:
            return (f"{found.word!r} is not a card this effect names here ({why}); expected "
                    f"one of {', '.join(sorted(allowed))}", found.column)
    return None


def library_problems(card, located, cards: dict) -> list:
    """``name == …`` and ``archetype == …`` words of ``card``'s filters that no card of the
    library has, at their lines."""
    from gamebook.cards.model import written_effects
    from gamebook.cards.ranges import selections

    archetypes = sorted({name for known in cards.values() for name in known.archetypes})
    problems = []
    for where_effect, effect in written_effects(card):
        texts = [(where_effect[:2] + ("condition",), "condition", effect.condition,
                  parse_condition)]
        texts += [(where_effect + where + ("where",), "where", spec.where, parse_filter)
                  for where, spec in selections(effect)]
        for loc, key, text, parse in texts:
            if text is None:
                continue
            try:
                node = parse(text)
            except ExpressionError:
                continue  # reported with the card's own problems
            for what, word, column in names_used(node):
                known = cards if what == "name" else archetypes
                if word not in known:
                    hint = "a card id of the library" if what == "name" else \
                        "an archetype a card of the library names"
                    problems.append(located.error(loc, f"{key}: {text!r}: column {column}: "
                                                  f"{word!r} is not {hint}"
                                                  + _closest(word, known)))
    return problems
