"""Evaluating the expressions of card files against the game state (R153-R155).

The language and its parser are :mod:`gamebook.cards.expressions`; here its tree is read
against a :class:`GameState`: counts of cards by zone, controller, kind and filter, LP, the
ATK/DEF/Level of a card the effect names, arithmetic (exact, rounded half up at the end:
R76), comparisons and and/or/not.

Logic is three-valued: what a face-down card does not show (its ATK, Level, Attribute, Type,
name), and the ATK of a card no longer on the field, is unknown (``None``); a comparison
with it holds neither way and ``not`` of it neither, so an unknown never matches a filter
and never meets a condition (R155). ``you`` is the effect's player.
"""

from __future__ import annotations

from fractions import Fraction

from gamebook.cards.expressions import Node, parse_amount, parse_condition, parse_filter
from gamebook.cards.model import CardType, MonsterFrame, Position
from gamebook.rules.context import Rules
from gamebook.rules.state import GameState, Player
from gamebook.stats import round_half_up

Value = Fraction | bool | None


class Reader:
    """What an expression reads: the game, the effect's player and card, and the cards the
    effect names (its target, the battling monsters: ``refs``, by name)."""

    def __init__(self, rules: Rules, state: GameState, player: Player, source: str,
                 refs: dict[str, str] | None = None) -> None:
        self.rules = rules
        self.state = state
        self.player = player
        self.source = source
        self.refs = refs or {}

    # -- the board ---------------------------------------------------------------------
    def value(self, node: Node) -> Value:
        op = node.op
        if op == "num":
            return node.value
        if op == "lp":
            who = self.player if node.word == "you" else self.player.opponent
            return Fraction(self.state.life(who))
        if op == "count":
            return Fraction(sum(1 for _ in self.counted(node)))
        if op == "card_value":
            return self.card_value(node)
        if op in ("and", "or", "not"):
            return self.logic(node, self.value)
        values = [self.value(arg) for arg in node.args]
        return _arithmetic(node, values)

    def card_value(self, node: Node) -> Value:
        named = node.word
        attack = self.state.attack
        if named == "self":
            instance: str | None = self.source
        elif named == "attacker":
            instance = attack.attacker if attack is not None else None
        elif named == "attack_target":
            instance = attack.target if attack is not None else None
        else:
            instance = self.refs.get(named)
        monster = self.state.monster(instance) if instance is not None else None
        if monster is None or not monster.face_up:
            return None  # not a face-up monster on the field: no ATK to read (R155)
        quantity = node.option("of", "atk")
        level = monster.stats.level
        if level is None:  # the stat record keeps a Level only once something changes it
            level = self.rules.cards[monster.card].level
        number = {"atk": monster.stats.atk, "def": monster.stats.def_, "level": level}[quantity]
        return None if number is None else Fraction(number)

    def counted(self, node: Node):
        """The cards ``count(…)`` counts."""
        kind = node.word
        controller = node.option("controller", "any")
        zone = node.option("zone", "field")
        state = self.state
        if zone == "field":
            pool: list[tuple[str, str, Player]] = []
            if kind != "spells_traps":
                pool += [(m.id, m.card, m.controller) for m in state.monsters]
            if kind != "monsters":
                pool += [(s.id, s.card, s.controller) for s in state.spell_traps]
        else:
            cards = {"hand": state.hand, "graveyard": state.graveyard,
                     "deck": state.deck}[zone]
            pool = [(held.id, held.card, held.owner) for held in cards]
        for instance, card_id, owner in pool:
            if controller == "you" and owner is not self.player \
                    or controller == "opponent" and owner is self.player:
                continue
            card = self.rules.cards[card_id]
            if zone != "field" and kind == "monsters" and card.card_type is not CardType.MONSTER:
                continue
            if zone != "field" and kind == "spells_traps" and card.card_type is CardType.MONSTER:
                continue
            if all(self.matches(instance, test) is True for test in node.args):
                yield instance

    # -- one card ----------------------------------------------------------------------
    def matches(self, instance: str, node: Node) -> bool | None:
        """Does the card ``instance`` meet the filter ``node`` (``None``: unknown)?"""
        op = node.op
        if op in ("and", "or", "not"):
            return self.logic(node, lambda arg: self.matches(instance, arg))
        if op == "flag":
            return self.flag(instance, node.word)
        if op == "card_word":
            return self.card_word(instance, node.word, node.option("is", ""))
        values = [self.card_number(instance, arg) for arg in node.args]
        return _arithmetic(node, values)  # a comparison or a range

    def card_number(self, instance: str, node: Node) -> Value:
        if node.op == "card_number":
            return self.number_of(instance, node.word)
        if node.op in ("num", "lp", "count", "card_value"):
            return self.value(node)
        return _arithmetic(node, [self.card_number(instance, arg) for arg in node.args])

    def _shown(self, instance: str):
        """The card definition of ``instance`` if what it is can be seen (face-up on the
        field, or off the field), its monster state on the field, and whether it is a
        Spell/Trap on the field."""
        state = self.state
        monster = state.monster(instance)
        if monster is not None:
            return (self.rules.cards[monster.card] if monster.face_up else None), monster
        spell_trap = state.spell_trap(instance)
        if spell_trap is not None:
            return (self.rules.cards[spell_trap.card] if spell_trap.face_up else None), None
        return self.rules.card_of(state, instance), None

    def number_of(self, instance: str, quantity: str) -> Value:
        card, monster = self._shown(instance)
        if card is None or card.card_type is not CardType.MONSTER:
            return None
        if monster is not None:
            stats = monster.stats
            level = stats.level if stats.level is not None else card.level  # not changed
            number = {"atk": stats.atk, "def": stats.def_, "level": level,
                      "original_atk": stats.original_atk, "original_def": stats.original_def,
                      "link_rating": card.link_rating}[quantity]
        else:  # off the field: as printed; a printed "?" is no number (R62)
            number = {"atk": card.atk, "def": card.defense, "level": card.level,
                      "original_atk": card.atk, "original_def": card.defense,
                      "link_rating": card.link_rating}[quantity]
        if card.is_link and quantity in ("def", "original_def", "level"):
            return None  # a Link Monster has no DEF and no Level
        return None if number is None else Fraction(number)

    def flag(self, instance: str, word: str) -> bool | None:
        state = self.state
        if word == "self":
            return instance == self.source
        monster = state.monster(instance)
        spell_trap = state.spell_trap(instance)
        if word in ("face_up", "face_down"):
            face_up = monster.face_up if monster is not None else (
                spell_trap.face_up if spell_trap is not None else None)
            return None if face_up is None else face_up == (word == "face_up")
        if word in ("attack_position", "defense_position"):  # face-up or face-down (R144)
            if monster is None:
                return False
            return monster.position is (Position.ATTACK if word == "attack_position"
                                        else Position.DEFENSE)
        if word == "attacking":
            return state.attack is not None and state.attack.attacker == instance
        definition = (self.rules.cards[monster.card] if monster is not None else
                      self.rules.cards[spell_trap.card] if spell_trap is not None else
                      self.rules.card_of(state, instance))
        if word == "monster":
            return definition.card_type is CardType.MONSTER  # a face-down one too: its place
        face_down = (monster is not None and not monster.face_up) or (
            spell_trap is not None and not spell_trap.face_up)
        if word in ("spell", "trap"):
            if monster is not None:
                return False
            if face_down:
                return None  # a Set card: a Spell or a Trap, not shown
            return definition.card_type is (CardType.SPELL if word == "spell" else CardType.TRAP)
        if monster is None and definition.card_type is not CardType.MONSTER:
            return False
        if face_down:
            return None  # its frame is not shown
        frame = definition.frame
        if word == "normal_monster":
            return frame is MonsterFrame.NORMAL
        if word == "effect_monster":  # R63
            return bool(definition.effects) and frame not in (MonsterFrame.NORMAL,
                                                              MonsterFrame.TOKEN)
        if word == "extra_deck_monster":
            return frame is not None and frame.extra_deck
        if word == "token":
            return frame is MonsterFrame.TOKEN
        return frame is MonsterFrame(word.removesuffix("_monster"))

    def card_word(self, instance: str, what: str, word: str) -> bool | None:
        card, _ = self._shown(instance)
        if card is None:
            return None  # face-down: its name, Attribute, Type and archetype are not shown
        if what == "name":
            return card.id == word
        if what == "archetype":
            return word in card.archetypes
        if card.card_type is not CardType.MONSTER:
            return False
        return (card.attribute if what == "attribute" else card.monster_type) == word

    # -- and / or / not (three-valued) -------------------------------------------------
    @staticmethod
    def logic(node: Node, read) -> bool | None:
        if node.op == "not":
            value = read(node.args[0])
            return None if value is None else not value
        left, right = read(node.args[0]), read(node.args[1])
        if node.op == "and":
            if left is False or right is False:
                return False
            return None if left is None or right is None else True
        if left is True or right is True:
            return True
        return None if left is None or right is None else False


def _arithmetic(node: Node, values: list[Value]) -> Value:
    """Arithmetic, functions and comparisons over already read values (``None``: unknown)."""
    op = node.op
    if any(value is None for value in values):
        return None
    if op == "+":
        return values[0] + values[1]
    if op == "-":
        return values[0] - values[1]
    if op == "*":
        return values[0] * values[1]
    if op == "/":
        return None if values[1] == 0 else values[0] / values[1]
    if op == "neg":
        return -values[0]
    if op == "call":
        if node.word == "difference":
            return abs(values[0] - values[1])
        return max(values) if node.word == "max" else min(values)
    if op == "in":
        return values[1] <= values[0] <= values[2]
    return {">=": values[0] >= values[1], "<=": values[0] <= values[1],
            ">": values[0] > values[1], "<": values[0] < values[1],
            "==": values[0] == values[1], "!=": values[0] != values[1]}[op]


def condition_holds(rules: Rules, state: GameState, player: Player, source: str,
                    text: str, refs: dict[str, str] | None = None) -> bool:
    """An effect's ``condition`` holds now (an unknown does not: R153, R155)."""
    return Reader(rules, state, player, source, refs).value(parse_condition(text)) is True


def amount_now(rules: Rules, state: GameState, player: Player, source: str,
               text: str | int, refs: dict[str, str] | None = None) -> int:
    """A step's ``amount`` worked out now, rounded half up (R76); an unknown is 0 (R154)."""
    value = Reader(rules, state, player, source, refs).value(parse_amount(text))
    return 0 if value is None else round_half_up(Fraction(value))


def card_matches(rules: Rules, state: GameState, player: Player, source: str,
                 instance: str, text: str) -> bool:
    """The card ``instance`` meets a selection's ``where`` (R155)."""
    return Reader(rules, state, player, source).matches(instance, parse_filter(text)) is True
