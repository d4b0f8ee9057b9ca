"""An expression of the card files' language (R154) put into words, for a card's text.

A card file writes some amounts, sizes and conditions as expressions
(:mod:`gamebook.cards.expressions`): ``count(cards, opponent) - count(cards, you)``,
``count(monsters) >= 4``, ``300 * count(monsters)``. :class:`ExpressionWords` reads the
parsed tree (never evaluates it) and says it in the words of the ``cardtext.expr`` section of
a catalog: one method per kind of node, a few common shapes said as a card says them ("you
control no cards", "your opponent controls more cards than you do", "300 times the number of
monsters on the field"). A node it does not know is shown as its expression in code style,
```count(…)```, rather than failing.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from gamebook.cards.expressions import ExpressionError, Node, parse_amount, parse_condition
from gamebook.cards.expressions import render as raw_text

# A comparison's key, and the comparison read the other way round (4 <= n is n >= 4).
_COMPARISONS = {">=": "ge", "<=": "le", ">": "gt", "<": "lt", "==": "eq", "!=": "ne"}
_FLIPPED = {">=": "<=", "<=": ">=", ">": "<", "<": ">", "==": "==", "!=": "!="}
_NEGATED = {">=": "<", "<=": ">", ">": "<=", "<": ">=", "==": "!=", "!=": "=="}
# The thing a count(KIND …) counts, as the catalog's plural words.
_THINGS = {"cards": "cards", "monsters": "monsters", "spells_traps": "spell_traps"}
_THING = {"cards": "card", "monsters": "monster", "spells_traps": "spell_trap"}  # one of them
# The filter words a card text says as a quality before the thing ("face-up monsters").
QUALITY_FLAGS = ("face_up", "face_down", "attack_position", "defense_position", "normal_monster",
                 "effect_monster", "ritual_monster", "fusion_monster", "synchro_monster",
                 "xyz_monster", "link_monster", "extra_deck_monster", "token", "monster",
                 "spell", "trap")
QUALITY_WORDS = ("attribute", "type", "archetype")
# Arithmetic said inside a larger sum or product is grouped.
_ARITHMETIC = ("+", "-", "*", "/")


class ExpressionWords:
    """The words of one language for expressions: ``words`` is the ``cardtext`` catalog
    section, ``name_of`` gives a card id's name (``name == kuriboh``)."""

    def __init__(self, words: dict[str, str], name_of: Callable[[str], str]) -> None:
        self.words = words
        self.name_of = name_of

    def w(self, key: str, **args: object) -> str:
        return self.words[key].format(**args)

    # -- entry points --------------------------------------------------------------------
    def amount(self, text: str | int) -> str:
        """An amount or a size: "300 times the number of monsters on the field"."""
        try:
            node = parse_amount(text)
        except ExpressionError:
            return self.raw_text(str(text))
        return self.number(node)

    def condition(self, text: str) -> str:
        """A condition: "your opponent controls more cards than you do"."""
        try:
            node = parse_condition(text)
        except ExpressionError:
            return self.raw_text(text)
        return self.truth(node)

    def raw(self, node: Node) -> str:
        """What no method says: the expression itself, in code style."""
        try:
            text = raw_text(node)
        except (IndexError, KeyError, TypeError, AttributeError):  # a node no parser made
            text = node.op
        return self.raw_text(text)

    def raw_text(self, text: str) -> str:
        return self.w("expr.raw", raw=text)

    # -- numbers -------------------------------------------------------------------------
    def number(self, node: Node) -> str:  # noqa: C901 - one branch per kind of node
        op = node.op
        if op == "num":
            return _number(node.value)
        if op == "count":
            return self.count(node)
        if op == "lp":
            return self.w(f"expr.lp.{node.word}") if node.word in ("you", "opponent") \
                else self.raw(node)
        if op == "card_value":
            return self.card_value(node)
        if op == "call":
            return self.call(node)
        if op == "neg":
            return self.w("expr.neg", value=self.operand(node.args[0]))
        if op == "*":
            return self.product(node)
        if op == "/":
            left, right = node.args
            if right.op == "num" and right.value == 2:
                return self.w("expr.half", value=self.operand(left))
            return self.w("expr.divided", a=self.operand(left), b=self.operand(right))
        if op == "+":
            return self.w("expr.plus", a=self.operand(node.args[0]),
                          b=self.operand(node.args[1], tight=True))
        if op == "-":
            return self.w("expr.minus", a=self.operand(node.args[0]),
                          b=self.operand(node.args[1], tight=True))
        return self.raw(node)

    def operand(self, node: Node, tight: bool = False) -> str:
        """A number inside arithmetic: grouped when it is a sum or a difference itself (and
        the right side of a difference whatever it is)."""
        text = self.number(node)
        if node.op in ("+", "-") or (tight and node.op in _ARITHMETIC):
            return self.w("expr.group", text=text)
        return text

    def product(self, node: Node) -> str:
        left, right = node.args
        if right.op == "num" and left.op != "num":
            left, right = right, left
        if left.op == "num" and right.op != "num":  # "300 times the number of monsters"
            return self.w("expr.times_number", number=_number(left.value),
                          value=self.operand(right))
        return self.w("expr.times", a=self.operand(left), b=self.operand(right))

    def count(self, node: Node) -> str:
        words = self.counted(node)
        return self.w("expr.count", things=words["things"], place=words["place"])

    def counted(self, node: Node) -> dict[str, str]:
        """The words of what ``count(…)`` counts: its things and its place."""
        controller = node.option("controller", "any")
        zone = node.option("zone", "field")
        place = controller if zone == "field" else f"{zone}_{controller}"
        return {"things": self.described(self.w(f"thing.{_THINGS[node.word]}"), node.args),
                "place": self.w(f"place.{place}")}

    def card_value(self, node: Node) -> str:
        named, quantity = node.word, node.option("of", "atk")
        key = f"expr.card.{named}"
        if key not in self.words or f"expr.quantity.{quantity}" not in self.words:
            return self.raw(node)
        return self.w("expr.card_value", card=self.w(key),
                      quantity=self.w(f"expr.quantity.{quantity}"))

    def call(self, node: Node) -> str:
        values = [self.number(arg) for arg in node.args]
        if node.word == "difference" and len(values) == 2:
            return self.w("expr.difference", a=values[0], b=values[1])
        if node.word in ("max", "min") and values:
            listed = values[0]
            for value in values[1:]:
                listed = self.w("expr.list", first=listed, next=value)
            return self.w(f"expr.{node.word}", values=listed)
        return self.raw(node)

    # -- conditions ----------------------------------------------------------------------
    def truth(self, node: Node) -> str:
        op = node.op
        if op in _COMPARISONS:
            return self.comparison(op, *node.args)
        if op in ("and", "or"):
            return self.w(f"expr.{op}", a=self.truth(node.args[0]), b=self.truth(node.args[1]))
        if op == "not":
            inner = node.args[0]
            if inner.op in _NEGATED:  # not (a > b) is a <= b
                return self.comparison(_NEGATED[inner.op], *inner.args)
            return self.w("expr.not", a=self.truth(inner))
        if op == "in":
            value, low, high = (self.number(arg) for arg in node.args)
            return self.w("expr.between", a=value, low=low, high=high)
        return self.raw(node)

    def comparison(self, op: str, left: Node, right: Node) -> str:
        if left.op == "num" and right.op != "num":  # 4 <= count(…) is count(…) >= 4
            op, left, right = _FLIPPED[op], right, left
        if left.op == "count" and right.op == "num":
            said = self.count_against(op, left, right.value)
            if said is not None:
                return said
        if left.op == "count" and right.op == "count":
            said = self.counts_compared(op, left, right)
            if said is not None:
                return said
        return self.w(f"expr.cmp.{_COMPARISONS[op]}", a=self.number(left),
                      b=self.number(right))

    def count_against(self, op: str, count: Node, value: Fraction) -> str | None:
        """ "there are 4 or more monsters on the field", "you control no cards"."""
        if value.denominator != 1 or value < 0 or op == "!=":
            return None
        words = self.counted(count)
        controller = count.option("controller", "any")
        zone = count.option("zone", "field")
        form = controller if zone == "field" and controller != "any" else "any"
        if value == 0 and op in ("==", "<=", "<") or value == 1 and op == "<":
            return self.w(f"expr.none.{form}", **words)
        if value == 0 and op == ">=":
            return None  # always holds: said as a comparison
        if op == ">=" and value == 1 or op == ">" and value == 0:  # "you control a monster"
            thing = self.described(self.w(f"thing.{_THING[count.word]}"), count.args)
            return self.w(f"expr.some.{form}", thing=thing, **words)
        counted = self.w(f"expr.counted.{count.word}", n=_number(value))
        amount = self.w(f"expr.amount.{_COMPARISONS[op]}", n=counted)
        return self.w(f"expr.exists.{form}", amount=amount, **words)

    def counts_compared(self, op: str, left: Node, right: Node) -> str | None:
        """ "your opponent controls more cards than you do"."""
        sides = (left.option("controller", "any"), right.option("controller", "any"))
        same = (left.word == right.word and left.args == right.args
                and left.option("zone", "field") == right.option("zone", "field") == "field")
        if not same or set(sides) != {"you", "opponent"} or op not in (">", "<", "=="):
            return None
        things = self.described(self.w(f"thing.{_THINGS[left.word]}"), left.args)
        if op == "==":
            return self.w("expr.same_count", things=things)
        more = sides[0] if op == ">" else sides[1]
        return self.w(f"expr.more.{more}", things=things)

    # -- one card (a count's filters, a selection's where) -----------------------------------
    def described(self, thing: str, filters: tuple[Node, ...]) -> str:
        """``thing`` with what ``filters`` say of it: "face-up monsters with Level 5 or
        more"."""
        qualities, rest = self.qualities(filters)
        if rest:
            thing = self.w("expr.thing_where", thing=thing, filter=rest)
        return "".join(qualities) + thing

    def qualities(self, filters: tuple[Node, ...]) -> tuple[list[str], str]:
        """The words of ``filters`` (all must hold): the qualities a card text says before
        the thing ("face-up", "Attack Position"), and the rest said after it."""
        leaves: list[Node] = []
        pending = list(filters)
        while pending:
            node = pending.pop(0)
            if node.op == "and":
                pending[:0] = node.args
            else:
                leaves.append(node)
        qualities, rest = [], []
        leaves.sort(key=self.quality_order)  # in the order a card text says them
        qualities, rest = [], []
        for leaf in leaves:
            word = self.quality(leaf)
            if word is None:
                rest.append(self.filter(leaf))
            elif word not in qualities:
                qualities.append(word)
        text = rest[0] if rest else ""
        for phrase in rest[1:]:
            text = self.w("expr.filter.and", a=text, b=phrase)
        return qualities, text

    def filter(self, node: Node) -> str:  # noqa: C901 - one branch per kind of node
        op = node.op
        if op == "flag":
            key = f"expr.flag.{node.word}"
            return self.w(key) if key in self.words else self.raw(node)
        if op in ("and", "or"):
            return self.w(f"expr.filter.{op}", a=self.filter(node.args[0]),
                          b=self.filter(node.args[1]))
        if op == "not":
            inner = node.args[0]
            if inner.op == "flag" and inner.word == "self":  # "other than this card"
                return self.w("expr.filter.not_self")
            if inner.op == "card_word":
                return self.card_word(inner, negated=True)
            if inner.op in _NEGATED and node.args[0].args[0].op == "card_number":
                return self.filter(Node(_NEGATED[inner.op], inner.args))
            return self.w("expr.filter.not", a=self.filter(inner))
        if op == "card_word":
            return self.card_word(node)
        if op in _COMPARISONS:
            left, right = node.args
            if left.op != "card_number" and right.op == "card_number":
                op, left, right = _FLIPPED[op], right, left
            if left.op == "card_number":
                return self.w(f"expr.filter.{_COMPARISONS[op]}",
                              quantity=self.quantity(left), b=self.filter_number(right))
            return self.w(f"expr.cmp.{_COMPARISONS[op]}", a=self.filter_number(left),
                          b=self.filter_number(right))
        if op == "in" and node.args[0].op == "card_number":
            value, low, high = node.args
            return self.w("expr.filter.between", quantity=self.quantity(value),
                          low=self.filter_number(low), high=self.filter_number(high))
        return self.raw(node)

    @staticmethod
    def quality_order(leaf: Node) -> int:
        if leaf.op == "flag" and leaf.word in QUALITY_FLAGS:
            return QUALITY_FLAGS.index(leaf.word)
        if leaf.op == "card_word" and leaf.word in QUALITY_WORDS:
            return len(QUALITY_FLAGS) + QUALITY_WORDS.index(leaf.word)
        return len(QUALITY_FLAGS) + len(QUALITY_WORDS)

    def quality(self, leaf: Node) -> str | None:
        """The words of ``leaf`` said before the thing ("face-up ", "DARK ", "Fusion "), or
        ``None`` when it is said after it."""
        if leaf.op == "flag" and leaf.word in QUALITY_FLAGS:
            key = f"quality.{leaf.word}"
            return self.w(key if key in self.words else f"expr.quality.{leaf.word}")
        if leaf.op == "card_word" and leaf.word in QUALITY_WORDS:
            value = leaf.option("is", "")
            section = "monster_type" if leaf.word == "type" else leaf.word
            return self.w(f"quality.{section}",
                          **{section: self.words.get(f"{section}.{value}", value)})
        return None

    def quantity(self, node: Node) -> str:
        key = f"expr.quantity.{node.word}"
        return self.w(key) if key in self.words else self.raw(node)

    def filter_number(self, node: Node) -> str:
        if node.op == "card_number":
            return self.quantity(node)
        return self.number(node)

    def card_word(self, node: Node, negated: bool = False) -> str:
        what, value = node.word, node.option("is", "")
        if what == "attribute":
            value = self.words.get(f"attribute.{value}", value)
        elif what == "type":
            value = self.words.get(f"monster_type.{value}", value)
        elif what == "archetype":
            value = self.words.get(f"archetype.{value}", value)
        elif what == "name":
            value = self.name_of(value)
        key = f"expr.word.{what}"
        if key not in self.words:
            return self.raw(Node("not", (node,)) if negated else node)
        text = self.w(key, value=value)
        return self.w("expr.filter.not", a=text) if negated else text


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else \
        f"{value.numerator}/{value.denominator}"


def negated_amount(text: str | int) -> str | None:
    """The amount of a loss written as a negative one ("-800 * count(monsters)": a loss of
    "800 * count(monsters)"), or ``None`` when it is not written negative."""
    try:
        node = parse_amount(text)
    except ExpressionError:
        return None
    if node.op == "neg":
        return raw_text(node.args[0])
    if node.op == "*":
        for index, arg in enumerate(node.args):
            if arg.op == "num" and arg.value < 0:
                args = list(node.args)
                args[index] = Node("num", value=-arg.value)
                return raw_text(Node("*", tuple(args)))
    return None
