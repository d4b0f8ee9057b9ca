"""A card's text in plain words, rendered from its data: always what the engine uses.

Each effect becomes one line: a header (its kind, or the activation of the card with its
Spell/Trap type; mandatory or optional for triggers; activated from the hand; spell speed)
and a body in the usual order of card text: when it can be activated (event, conditions),
what it needs (cost, target), what it does (one phrase per primitive of its resolution,
joined by "and if you do" or "also"), then its restrictions (once per turn, no response,
Damage Step). Every word comes from the ``cardtext`` section of the catalogs in
``catalogs/<lang>.po`` (English for a key a catalog lacks).

An effect may carry its own wording per language in ``card_text`` (the printed text);
:func:`effect_text` shows it, under the same header, instead of the rendered body. The short
``text`` labels are effect *names* for the narration, not card text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from gamebook.book.exprtext import ExpressionWords, negated_amount
from gamebook.cards.expressions import ExpressionError, Node, parse_amount, parse_filter
from gamebook.cards.model import (
    MOVE_EVENTS,
    SENT_EVENTS,
    Card,
    CardType,
    Condition,
    Duration,
    Effect,
    EffectKind,
    EventName,
    Location,
    OpName,
    Pick,
    PlayerRef,
    Portion,
    Position,
    Primitive,
    Ref,
    SpellTrapType,
    TargetFilter,
    TargetSpec,
    Zone,
    mode_effects,
    spell_speed,
)

CATALOGS = Path(__file__).parent / "catalogs"
NameOf = Callable[[str], str]  # a card id -> its name, for tokens and required cards

# Conditions that an "attack declared" event clause says itself ("when this card declares
# an attack on a face-up monster").
_ATTACK_CONDITIONS = (Condition.SELF_IS_ATTACKER, Condition.OPPONENT_IS_ATTACKING,
                      Condition.DIRECT_ATTACK, Condition.ATTACK_TARGET_IS_MONSTER,
                      Condition.ATTACK_TARGET_IS_FACE_UP)
# Qualities of a card in a target or a selection, in the order they are said.
_QUALITIES = (TargetFilter.CAN_CHANGE_POSITION, TargetFilter.FACE_UP, TargetFilter.FACE_DOWN,
              TargetFilter.ATTACK_POSITION, TargetFilter.DEFENSE_POSITION,
              TargetFilter.EFFECT_MONSTER)
# The move events said "when …" for an effect that can miss the timing, "if …" otherwise
# (R:missing_the_timing); the GY's own two keep their one wording.
_WHEN_FORMS = tuple(name for name in MOVE_EVENTS if name not in SENT_EVENTS)
_CHANGES_ATK = ("gain_atk", "halve_atk", "halve_original_atk", "set_atk")


@cache
def catalog(lang: str) -> dict[str, str]:
    """The ``cardtext`` words of ``lang`` as ``{"a.b": text}``, English where it has none."""
    from gamebook.book.catalog import messages

    return {key.removeprefix("cardtext."): text for key, text in messages(lang).items()
            if key.startswith("cardtext.")}


def _flatten(node: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in node.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = str(value)
    return flat


def _cap(text: str) -> str:
    """Upper-case the first letter (English sentences; Chinese and Japanese are unchanged)."""
    return text[:1].upper() + text[1:]


class _Writer:
    """The words of one language, for one card."""

    def __init__(self, card: Card, lang: str, name_of: NameOf | None) -> None:
        self.card = card
        self.words = catalog(lang)
        self.name_of = name_of or (lambda card_id: card_id)
        self.target_is_card = False  # "that target" is a Spell/Trap Card, not a monster
        self.joint_target = False  # several targets chosen together (R:joint_targets)
        self.expr = ExpressionWords(self.words, self.name_of)  # amounts, sizes, conditions

    def w(self, key: str, **args: Any) -> str:
        return self.words[key].format(**args)

    def lookup(self, section: str, value: str | None) -> str:
        """A word from a table (attributes, Types), or the value itself when it has none."""
        if value is None:
            return "?"
        return self.words.get(f"{section}.{value}", value)

    def join(self, items: Iterable[str], sep: str = "list_sep") -> str:
        return self.w(sep).join(items)

    # -- the card ------------------------------------------------------------------------
    def type_line(self) -> str:
        card = self.card
        if card.card_type is not CardType.MONSTER:
            subtype = card.spell_trap_type.value if card.spell_trap_type else "normal"
            return self.w("spell_trap_line", subtype=self.w(f"subtype.{subtype}"),
                          card=self.w(f"card_kind.{card.card_type.value}"))
        frame = self.w(f"frame.{card.frame.value}") if card.frame else "?"
        words = {"frame": frame, "attribute": self.lookup("attribute", card.attribute),
                 "type": self.lookup("monster_type", card.monster_type),
                 "atk": "?" if card.atk is None else card.atk}
        if card.is_link:
            return self.w("link_line", rating=card.link_rating or "?", **words)
        return self.w("level_line", level=card.level or "?",
                      defense="?" if card.defense is None else card.defense, **words)

    def spell_trap_type(self) -> str:
        return self.type_line() if self.card.card_type is not CardType.MONSTER else ""

    # -- one effect ----------------------------------------------------------------------
    def header(self, effect: Effect) -> str:
        if effect.kind is EffectKind.ACTIVATE:
            kind = self.w("kind.activate", type=self.spell_trap_type())
        else:
            kind = self.w(f"kind.{effect.kind.value}")
        details = []
        if effect.kind in (EffectKind.TRIGGER, EffectKind.FLIP):
            details.append(self.w("detail.mandatory" if effect.mandatory else "detail.optional"))
        if effect.location is not Location.FIELD and not (
                effect.location is Location.HAND and self.card.card_type is not CardType.MONSTER):
            details.append(self.w(f"detail.from_{effect.location.value}"))
        speed = spell_speed(self.card, effect)
        if speed is not None:
            details.append(self.w("detail.spell_speed", speed=speed))
        if not details:
            return self.w("header_plain", kind=kind)
        return self.w("header", kind=kind, details=self.join(details, "detail_sep"))

    def body(self, effect: Effect) -> str:
        self.prepare(effect)
        if effect.kind is EffectKind.CONTINUOUS:
            text = self.continuous(effect)
        elif effect.modes:
            text = self.modal(effect)
        else:
            text = self.activated(effect)
        restrictions = [self.w(key) for key in _restrictions(effect)]
        hand = getattr(effect, "from_hand_if", ())
        if hand:  # a Trap Card its text lets be activated from the hand (R159)
            restrictions.append(self.w("from_hand_if", conditions=_cap(self.join(
                self.w(f"condition.{c.value}") for c in hand))))
        for sentence in restrictions:
            text = self.w("join_sentences", first=text, next=sentence)
        return text

    def modal(self, effect: Effect) -> str:
        """"Activate 1 of these effects: ● … ● …" (R:modal_effects): the effect's clauses
        once, then each mode's cost, target and resolution."""
        when = self.clauses(effect)
        items = []
        for part in mode_effects(effect):
            part = replace(part, conditions=(), condition=None, event=None, also_answers=(),
                           battling=None, summoned=None, requires_on_field=())
            self.prepare(part)
            items.append(self.w("mode_item", text=self.activated(part)))
        return self.w("modes", when=self.w("modes_when", when=when) if when else "",
                      modes="".join(items))

    def prepare(self, effect: Effect) -> None:
        """What the phrases of ``effect``'s target and steps depend on."""
        target = effect.target
        self.target_is_card = target is not None and (
            TargetFilter.SPELL_TRAP in target.filters or TargetFilter.ANY_CARD in target.filters)
        # "target up to 2 monsters": "those targets" (R:joint_targets)
        self.joint_target = target is not None and (
            getattr(target, "up_to", None) is not None
            or getattr(target, "exactly", None) is not None)
        self.from_graveyard = getattr(effect, "location", None) is Location.GRAVEYARD
        # "target 1 monster in your GY; Special Summon it": the target is a monster
        self.summons_target = any(step.op is OpName.SPECIAL_SUMMON and step.who is Ref.TARGET
                                  for step in effect.resolution)

    def activated(self, effect: Effect) -> str:
        when = self.clauses(effect)
        needs = [self.cost(step) for step in effect.cost]
        joint = effect.target is not None and (getattr(effect.target, "up_to", None) is not None
                                               or getattr(effect.target, "exactly", None)
                                               is not None)
        target = self.w("target_joint" if joint else "target", target=self.spec(effect.target)) \
            if effect.target else ""
        need = self.join(needs, "clause_sep")
        if need and target:
            need = self.w("needs_both", cost=need, target=target)
        need = _cap(need or target)
        mood = "mandatory" if effect.mandatory else "optional"
        if when and need:
            opening = self.w(f"opening.{mood}.when_needs", when=when, needs=need)
        elif when:
            opening = self.w(f"opening.{mood}.when", when=when)
        else:
            opening = self.w(f"opening.{mood}.needs", needs=need) if need else ""
        steps = self.steps(effect.resolution)
        if not steps and effect.kind is EffectKind.ACTIVATE and self.card.spell_trap_type in (
                SpellTrapType.CONTINUOUS, SpellTrapType.FIELD, SpellTrapType.EQUIP):
            stays = self.w("stays_on_field")  # its continuous effect does the rest
            return opening + self.w("sentence", text=stays if need else _cap(stays))
        if not steps:
            return opening + self.w("no_effect")
        turns = getattr(self.card, "stays_for_opponent_turns", None)
        if turns and effect.kind is EffectKind.ACTIVATE:  # Swords of Revealing Light (R111)
            steps = self.w("join.also", first=steps,
                           next=self.w("stays_for_opponent_turns", turns=turns))
        steps = steps if need else _cap(steps)
        return opening + self.w("sentence", text=steps)

    def continuous(self, effect: Effect) -> str:
        parts = [self.w(f"grant.{ability.value}") for ability in effect.grants]
        modifier = getattr(effect, "modifies", None)
        if modifier is not None:
            parts.extend(self.modifier(modifier))
        tie = getattr(effect, "tie", None)
        if tie is not None:
            parts.extend(self.tie(tie))
        parts.extend(self.w(f"ability.you_{ability.value}")  # Spirit Barrier (R110)
                     for ability in getattr(effect, "grants_player", ()))
        parts.extend(self.w(f"ability.opponent_{ability.value}")  # Swords (R111)
                     for ability in getattr(effect, "grants_opponent", ()))
        if getattr(effect, "locks_graveyard", False):  # Necrovalley (R112)
            parts.append(self.w("locks_graveyard"))
        if getattr(effect, "halves_attackers", False):  # Mirror Wall (R122)
            parts.append(self.w("halves_attackers"))
        if getattr(effect, "forbids_trap_activation", False):  # Jinzo (R123)
            parts.append(self.w("forbids_trap_activation"))
        if getattr(effect, "negates_trap_effects", False):  # Royal Decree, Jinzo (R123)
            own = self.card.card_type is CardType.TRAP  # not its own: "all other Traps"
            parts.append(self.w("negates_other_trap_effects" if own else "negates_trap_effects"))
        if getattr(effect, "forbids_spell_activation", False):  # Spell Canceller (R157)
            parts.append(self.w("forbids_spell_activation"))
        if getattr(effect, "negates_spell_effects", False):  # Imperial Order (R157)
            parts.append(self.w("negates_spell_effects"))
        negated = getattr(effect, "negates_effects_of", None)
        if negated is not None:  # Skill Drain (R109)
            parts.append(self.w("negates_effects_of",
                                monsters=self.spec(negated, Pick.ALL, face_up=True)))
        forbidden = getattr(effect, "forbids_attacks_of", None)
        if forbidden is not None:  # Fiendish Chain (R166)
            parts.append(self.w("forbids_attacks_of",
                                monsters=self.spec(forbidden, Pick.ALL, face_up=True)))
        replacing = getattr(effect, "replaces_destruction", None)
        if replacing is not None:  # Thunder Dragon Colossus (R183)
            causes = {cause.value for cause in replacing.by}
            how = "battle_or_effect" if len(causes) > 1 else causes.pop()
            parts.append(self.w(f"replaces_destruction_{how}",
                                cards=self.spec(replacing.banish)))
        if not parts:
            return self.w("no_effect")
        text = parts[0]
        for part in parts[1:]:
            text = self.w("join.also", first=text, next=part)
        if Condition.SELF_IS_ATTACKER in effect.conditions and (
                getattr(effect, "grants_player", ()) or getattr(effect, "grants_opponent", ())):
            text = self.w("until_end_of_damage_step", text=text)  # Ancient Gear Golem (R176)
        when = self.clauses(effect)
        opening = self.w("opening.continuous", when=when) if when else ""
        return opening + self.w("sentence", text=text if when else _cap(text))

    def tie(self, tie: Any) -> list[str]:
        """ "When this card is destroyed, destroy the equipped monster" (R108)."""
        monster = self.w("ref.equipped" if self.card.spell_trap_type is SpellTrapType.EQUIP
                         else "ref.that_monster")
        parts = []
        if tie.destroy_monster_when is not None:
            parts.append(self.w(f"tie.{tie.destroy_monster_when.value}", monster=monster))
        if tie.destroy_card_when_monster_destroyed:
            parts.append(self.w("tie.card_when_monster_destroyed", monster=monster))
        return parts

    def modifier(self, modifier: Any) -> list[str]:
        """A continuous ATK/DEF change: "all face-up … monsters gain 500 ATK and 500 DEF";
        "This card gains 600 ATK and 600 DEF for each card in your hand" (R114); "the
        equipped monster gains 1000 ATK"; Megamorph's "becomes double its original"."""
        if TargetFilter.EQUIPPED in modifier.select.filters:  # R105
            monster = self.w("ref.equipped")
            parts = [self.w(f"modify.equipped_atk_{'up' if modifier.atk > 0 else 'down'}",
                            monster=monster, amount=abs(modifier.atk))] if modifier.atk else []
            by_lp = getattr(modifier, "atk_becomes_original", None)
            for branch in ("your_lp_lower", "your_lp_higher"):
                multiple = getattr(by_lp, branch, None) if by_lp is not None else None
                if multiple is not None:
                    parts.append(self.w(f"modify.original.{branch}", monster=monster,
                                        multiple=self.w(f"multiple.{multiple.value}")))
            return parts
        own = TargetFilter.SELF in modifier.select.filters
        prefix = "modify_self" if own else "modify"
        monsters = "" if own else self.spec(modifier.select, Pick.ALL, face_up=True)
        if modifier.atk > 0 and modifier.defense > 0:
            changes = [self.w(f"{prefix}.both_up", monsters=monsters, atk=modifier.atk,
                              defense=modifier.defense)]
        else:
            changes = [self.w(f"{prefix}.{stat}_{'up' if value > 0 else 'down'}",
                              monsters=monsters, amount=abs(value))
                       for stat, value in (("atk", modifier.atk), ("def", modifier.defense))
                       if value]
        per = getattr(modifier, "per", None)
        if per is not None:
            changes = [self.w(f"modify.per.{per.value}", change=change) for change in changes]
        return changes

    def clauses(self, effect: Effect) -> str:
        """When and on which condition the effect applies: "During the Battle Phase, when …"."""
        conditions = list(effect.conditions)
        clauses = []
        if Condition.DURING_BATTLE_PHASE in conditions:
            conditions.remove(Condition.DURING_BATTLE_PHASE)
            clauses.append(self.w("condition.during_battle_phase"))
        event = effect.answers
        if event is EventName.ATTACK_DECLARED:
            clauses.append(self.attack_clause(conditions))
            conditions = [c for c in conditions if c not in _ATTACK_CONDITIONS]
        elif event is EventName.SPECIAL_SUMMONED and getattr(effect, "summoned", None):
            clauses.append(self.w("event.special_summoned_of",
                                  monster=self.spec(effect.summoned, any_one=True)))
        elif event is not None:
            when = "_when" if event in _WHEN_FORMS and effect.can_miss_timing else ""
            clauses.append(self.w(f"event.{event.value}{when}"))
        battling = getattr(effect, "battling", None)
        if battling is not None:
            clauses.append(self.w("battles", monster=self.spec(battling, any_one=True)))
        either = (Condition.SPELL_CARD_ACTIVATED, Condition.TRAP_CARD_ACTIVATED)
        if all(c in conditions for c in either):  # Solemn Judgment: one clause, as printed
            clauses.append(self.w("condition.spell_or_trap_card_activated"))
            conditions = tuple(c for c in conditions if c not in either)
        deck = (Condition.ACTIVATION_ADDS_TO_HAND, Condition.ACTIVATION_SUMMONS_FROM_DECK)
        if all(c in conditions for c in deck):  # Ash Blossom: one clause, as printed (R181)
            clauses.append(self.w("condition.activation_from_the_deck"))
            conditions = tuple(c for c in conditions if c not in deck)
        clauses.extend(self.w(f"condition.{c.value}") for c in conditions)
        condition = getattr(effect, "condition", None)
        if condition:  # "if your opponent controls more cards than you do" (R153)
            clauses.append(self.w("expr.if", condition=self.expr.condition(condition)))
        required = getattr(effect, "requires_on_field", ())
        if required:
            clauses.append(self.w("requires", cards=self.join(
                self.name_of(card_id) for card_id in required)))
        return _cap(self.join(clauses, "clause_sep"))

    def attack_clause(self, conditions: list[Condition]) -> str:
        attacker = ("self" if Condition.SELF_IS_ATTACKER in conditions else
                    "opponent" if Condition.OPPONENT_IS_ATTACKING in conditions else "any")
        form = ("_direct" if Condition.DIRECT_ATTACK in conditions else
                "_on_face_up" if Condition.ATTACK_TARGET_IS_FACE_UP in conditions else
                "_on_monster" if Condition.ATTACK_TARGET_IS_MONSTER in conditions else "")
        return self.w(f"event.attack_declared{form}", attacker=self.w(f"attacker.{attacker}"))

    # -- cards named in a step ---------------------------------------------------------
    def spec(self, spec: TargetSpec, pick: Pick = Pick.ONE, face_up: bool = False,
             any_one: bool = False) -> str:
        """A target or a selection: "1 Attack Position monster on the field", "all …".

        ``face_up`` adds that quality; ``any_one`` says "a … monster" (a condition's monster).
        """
        filters = set(spec.filters) | ({TargetFilter.FACE_UP} if face_up else set())
        if TargetFilter.ATTACKING in filters:
            return self.w("attacking")
        if TargetFilter.SELF in filters:
            return self.w("ref.self")
        if TargetFilter.EQUIPPED in filters:
            return self.w("ref.equipped")
        if TargetFilter.TIED in filters:  # Fiendish Chain (R166)
            return self.w("ref.that_monster")
        qualities = [self.w(f"quality.{f.value}") for f in _QUALITIES if f in filters]
        attribute = getattr(spec, "attribute", None)
        if attribute:
            qualities.append(self.w("quality.attribute",
                                    attribute=self.lookup("attribute", attribute)))
        monster_type = getattr(spec, "monster_type", None)
        if monster_type:
            qualities.append(self.w("quality.monster_type",
                                    monster_type=self.lookup("monster_type", monster_type)))
        archetype = getattr(spec, "archetype", None)
        if archetype:
            qualities.append(self.w("quality.archetype",
                                    archetype=self.lookup("archetype", archetype)))
        qualities += self.summon_qualities(spec, filters)
        where = self.where(spec, qualities)
        thing = "spell_trap" if TargetFilter.SPELL_TRAP in filters \
            else "card" if TargetFilter.ANY_CARD in filters else "monster"
        zone = getattr(spec, "zone", None)
        if zone not in (None, Zone.FIELD) and thing != "spell_trap" and not (
                spec.attribute or spec.level is not None or spec.min_atk is not None
                or spec.max_atk is not None or getattr(self, "summons_target", False)):
            thing = "card"  # any card there ("discard 1 card")
        controller = spec.controller if spec.controller in ("you", "opponent") else "any"
        place = f"{zone.value}_{controller}" if zone not in (None, Zone.FIELD) else controller
        words = {"qualities": "".join(qualities), "place": self.w(f"place.{place}")}
        one, many = self.with_atk(spec, self.w(f"thing.{thing}")), \
            self.with_atk(spec, self.w(f"thing.{thing}s"))
        if where:  # "monster with Level 5 or more", "monsters other than this card" (R155)
            one, many = (self.w("expr.thing_where", thing=words, filter=where)
                         for words in (one, many))
        if getattr(spec, "different_names", False):  # "… with different names" (R178)
            many = self.w("different_names", things=many)
        if pick is Pick.ALL:
            return self.w("pick.all", things=many, **words)
        if pick is Pick.HIGHEST_ATK:
            return self.w("pick.highest_atk", thing=one, **words)
        if pick is Pick.SET:  # as many as its size says, chosen together (R174)
            return self.set_of(spec, many, words)
        if any_one:
            return self.w("pick.any_one", thing=one, **words)
        for joint in ("up_to", "exactly"):  # targets chosen together (R:joint_targets)
            number = getattr(spec, joint, None)
            if number is not None:
                return self.w("pick.joint", thing=many,
                              count=self.w(f"count_{joint}.{thing}", count=number), **words)
        return self.w("pick.one", thing=one, count=self.w(f"count.{thing}"), **words)

    def where(self, spec: TargetSpec, qualities: list[str]) -> str:
        """A selection's ``where`` filter in words: its qualities join ``qualities`` ("face-up
        Attack Position"), the rest is returned, to be said after the thing."""
        where = getattr(spec, "where", None)
        if not where:
            return ""
        try:
            node = parse_filter(where)
        except ExpressionError:
            return self.expr.raw_text(where)
        extra, rest = self.expr.qualities((node,))
        qualities.extend(word for word in extra if word not in qualities)
        return rest

    def set_of(self, spec: TargetSpec, things: str, words: dict[str, str]) -> str:
        """Cards chosen together, as many as the selection's ``size`` says: "(as many as 2)",
        "(as many as the number of …)", or, for ``count(K, C) - count(K, other)`` taken
        from C's cards, "until they are left with as many cards as you control" (R174)."""
        size = getattr(spec, "size", None)
        node = _parsed_amount(size) if size is not None else None
        if node is None or node.op == "num":
            return self.w("pick.set", things=things, size=size or "?", **words)
        leaving = _leaving(node)
        if leaving is not None and leaving == spec.controller and not node.args[0].args \
                and _THING_OF_COUNT.get(node.args[0].word) == self.thing_of(spec):
            return self.w(f"pick.set_leaving.{leaving}", things=things, **words)
        return self.w("pick.set_expr", things=things, size=self.expr.amount(size), **words)

    @staticmethod
    def thing_of(spec: TargetSpec) -> str:
        return "spell_trap" if TargetFilter.SPELL_TRAP in spec.filters \
            else "card" if TargetFilter.ANY_CARD in spec.filters else "monster"

    def summon_qualities(self, spec: TargetSpec, filters: set) -> list[str]:
        """ "just Summoned", "Level 1": the qualities of the summon vocabulary (R97)."""
        found = [self.w("quality.summoned")] if TargetFilter.SUMMONED in filters else []
        level = getattr(spec, "level", None)
        if level is not None:
            found.append(self.w("quality.level", level=level))
        return found

    def with_atk(self, spec: TargetSpec, thing: str) -> str:
        """ "monster with 1500 or less ATK" (a selection's ATK bounds)."""
        for bound in ("min_atk", "max_atk"):
            amount = getattr(spec, bound, None)
            if amount is not None:
                thing = self.w(f"thing_atk.{bound}", thing=thing, amount=amount)
        if TargetFilter.ATK_AT_MOST_CONTROLLER_LP in spec.filters:
            thing = self.w("thing_atk.at_most_lp", thing=thing)
        return thing

    def who(self, step: Primitive) -> str:
        if step.select is not None:
            return self.spec(step.select, step.select.pick)
        if step.who is Ref.TARGET and self.joint_target:
            return self.w("ref.targets_card" if self.target_is_card else "ref.targets")
        if step.who is Ref.TARGET and self.target_is_card:
            return self.w("ref.target_card")
        return self.w(f"ref.{step.who.value}") if step.who is not None else "?"

    def value(self, step: Primitive) -> str:
        """The ATK a step takes its amount from: "the ATK of …", "half the ATK of …"."""
        portion = getattr(step, "portion", "half")  # before `portion`, `of` meant half
        portion = getattr(portion, "value", portion)
        if portion == "damage":
            return self.w("value.damage")
        return self.w(f"value.{portion}", of=self.w(f"ref.{step.of.value}"))

    # -- steps ---------------------------------------------------------------------------
    def cost(self, step: Primitive) -> str:
        if step.op in (OpName.TRIBUTE, OpName.DISCARD):
            return self.w(f"cost.{step.op.value}", who=self.who(step))
        return self.w("cost.other", step=self.step(step))

    def steps(self, steps: tuple[Primitive, ...]) -> str:
        text = ""
        for step in steps:
            phrase = self.step(step)
            if getattr(step, "optional", False):  # "you can" (R164)
                text = (self.w("join.then_you_can", first=text, next=phrase) if text
                        else self.w("you_can", step=phrase))
            elif not text:
                text = phrase
            elif step.if_previous_applied:
                text = self.w("join.and_if_you_do", first=text, next=phrase)
            else:
                text = self.w("join.also", first=text, next=phrase)
        return text

    def step(self, step: Primitive) -> str:  # noqa: C901 - one branch per kind of phrase
        op = step.op.value
        player = step.player.value if step.player else PlayerRef.YOU.value
        if op == "pay_lp" and getattr(step, "portion", None) is Portion.HALF:
            return self.w("op.pay_lp_half")  # Solemn Judgment: "pay half your LP"
        if op in _AMOUNT_OPS and _is_expression(step.amount):
            return self.amount_step(step, op, player)
        if op == "inflict_damage" and getattr(step, "both_players", False):
            return self.w("op.inflict_damage_both", amount=step.amount)
        if op in ("inflict_damage", "gain_lp"):
            if step.of is not None or getattr(step, "portion", None) is Portion.DAMAGE:
                return self.w(f"op.{op}_{player}_of", value=self.value(step))
            return self.w(f"op.{op}_{player}", amount=step.amount)
        if op == "grant_player":
            text = self.w(f"ability.{player}_{step.ability.value}")
            return self.duration(text, step.duration, player=True)
        if op == "forbid_attack_declaration":
            text = self.w(f"ability.{player}_cannot_declare_attacks")
            return self.duration(text, Duration.END_OF_TURN, player=True)
        if op == "special_summon_tokens":
            token = getattr(step, "token", None)
            position = self.w(f"position.{(step.position or Position.DEFENSE).value}")
            text = self.w(f"op.special_summon_tokens_{player}", count=getattr(step, "count", 1),
                          token=self.name_of(token) if token else "?", position=position)
            if getattr(step, "stats_from_damage", False):
                text = self.w("op.tokens_stats_from_damage", text=text)
            return text
        who = self.who(step)
        if op == "add_to_hand" and getattr(step, "locks_name", False):  # Sangan (R182)
            return self.w("op.add_to_hand_locked", who=who)
        if op == "special_summon":
            text = self._special_summon(step, who)
            redirect = getattr(step, "leaves_field", None)
            return self.w(f"leaves_field.{redirect.value}", text=text) if redirect else text
        if op == "change_position":
            return self.w("op.change_position", who=who,
                          position=self.w(f"position.{step.position.value}"))
        if op == "grant_extra_attack":
            amount = step.amount or 1
            key = "op.grant_extra_attack_one" if amount == 1 else "op.grant_extra_attack"
            return self.w(key, who=who, amount=amount)
        if op == "draw" and step.amount == 1:  # "draw 1 card" (Defense Draw)
            return self.w("op.draw_one")
        if op == "gain_atk" and step.of is not None:
            return self.duration(self.w("op.gain_atk_of", who=who, value=self.value(step)),
                                 step.duration)
        if op == "destroy" and getattr(step, "banish", False):
            return self.w("op.destroy_banish", who=who)
        if op == "banish" and getattr(step, "face_down", False):  # R174
            text = self.w("op.banish_face_down", who=who)
            if step.select is not None and getattr(step.select, "chooser", None) \
                    is PlayerRef.OPPONENT:
                text = self.w("chooser.opponent", step=text)
            return text
        if op in ("return_to_hand", "shuffle_into_deck") and (
                step.select is not None and step.select.pick is Pick.ALL
                or step.who is Ref.TARGET and self.joint_target):
            # "Return all … to the hand", "return those targets to the hand"
            return self.w(f"op.{op}_all", who=who)
        if op == "gain_atk" and isinstance(step.amount, int) and step.amount < 0:
            return self.duration(self.w("op.lose_atk", who=who, amount=-step.amount),
                                 step.duration)
        text = self.w(f"op.{op}", who=who, amount=step.amount)
        return self.duration(text, step.duration) if op in _CHANGES_ATK else text

    def amount_step(self, step: Primitive, op: str, player: str) -> str:
        """A step whose amount is an expression, put into words: "you gain LP equal to 300
        times the number of monsters on the field" (R154)."""
        value = self.expr.amount(step.amount)
        if op == "inflict_damage" and getattr(step, "both_players", False):
            return self.w("op.inflict_damage_both_of", value=value)
        if op in ("inflict_damage", "gain_lp"):
            return self.w(f"op.{op}_{player}_of", value=value)
        if op == "pay_lp":
            return self.w("op.pay_lp_of", value=value)
        who = self.who(step)
        loss = negated_amount(step.amount)  # "-800 * count(…)": a loss of 800 for each
        every = "_all" if step.select is not None and step.select.pick is Pick.ALL else ""
        if loss is not None:  # "all … monsters lose ATK equal to …"
            text = self.w(f"op.lose_atk_of{every}", who=who, value=self.expr.amount(loss))
        else:
            text = self.w(f"op.gain_atk_of{every}", who=who, value=value)
        return self.duration(text, step.duration)

    def _special_summon(self, step: Primitive, who: str) -> str:
        if step.select is not None or getattr(self, "from_graveyard", False) \
                or step.who is Ref.TARGET:  # "that target", in the GY (R97)
            if step.position is None:  # the place is in `who`, or it is this card in the GY
                return self.w("op.special_summon_card", who=who)
            return self.w("op.special_summon_card_in", who=who,
                          position=self.w(f"position.{step.position.value}"))
        if step.position is not None:
            return self.w("op.special_summon_in", who=who,
                          position=self.w(f"position.{step.position.value}"))
        return self.w("op.special_summon", who=who)

    def duration(self, text: str, duration: Duration, player: bool = False) -> str:
        value = duration.value
        if player and value != "end_of_battle":
            return self.w("duration.player_turn", text=text)
        return self.w(f"duration.{value}", text=text)


# The steps whose amount may be an expression (cards.expressions.AMOUNT_OPS).
_AMOUNT_OPS = ("inflict_damage", "gain_lp", "gain_atk", "pay_lp")
# The thing of a selection, by the KIND of a count(…).
_THING_OF_COUNT = {"cards": "card", "monsters": "monster", "spells_traps": "spell_trap"}


def _parsed_amount(text: str | int) -> Node | None:
    try:
        return parse_amount(text)
    except ExpressionError:
        return None


def _is_expression(amount: object) -> bool:
    """An amount written as an expression, not a plain number."""
    if not isinstance(amount, str):
        return False
    node = _parsed_amount(amount)
    return node is None or node.op != "num"


def _leaving(node: Node) -> str | None:
    """``count(K, C) - count(K, other)`` on the field with no filter: C (the player left
    with as many K as the other), else ``None``."""
    if node.op != "-" or any(arg.op != "count" for arg in node.args):
        return None
    mine, theirs = node.args
    sides = (mine.option("controller", "any"), theirs.option("controller", "any"))
    if mine.word != theirs.word or set(sides) != {"you", "opponent"} or mine.args \
            or theirs.args or {mine.option("zone", "field"), theirs.option("zone", "field")} \
            != {"field"}:
        return None
    return sides[0]


def _restrictions(effect: Effect) -> list[str]:
    keys = []
    if effect.once_per_duel:
        keys.append("restriction.once_per_duel")
    elif effect.once_per_turn_by_name:
        keys.append("restriction.once_per_turn_by_name")
    elif effect.once_per_turn:
        keys.append("restriction.once_per_turn")
    if getattr(effect, "one_per_attack", False):
        keys.append("restriction.one_per_attack")
    if effect.opponent_cannot_respond:
        keys.append("restriction.opponent_cannot_respond")
    keys += [f"restriction.{ability.value}" for ability in getattr(effect, "restricts", ())]
    use = effect.damage_step
    if use is True:
        keys.append("restriction.damage_step")
    elif use:
        keys.append(f"restriction.damage_step_{getattr(use, 'value', use)}")
    return keys


def kind_name(card: Card, lang: str) -> str:
    """What kind of card it is, in a few words: "Link Monster", "Counter Trap"."""
    writer = _Writer(card, lang, None)
    if card.card_type is CardType.MONSTER:
        return writer.w(f"frame.{card.frame.value}") if card.frame else "?"
    return writer.type_line()


def label(key: str, lang: str, **args: Any) -> str:
    """A word of the ``cardtext`` section: ``label("command.names", "ja")``."""
    return catalog(lang)[key].format(**args)


def type_line(card: Card, lang: str) -> str:
    """"Link Monster · Link-4 · DARK · Machine · ATK 3000", "Counter Trap"."""
    return _Writer(card, lang, None).type_line()


def effect_header(card: Card, effect: Effect, lang: str) -> str:
    """"[Quick Effect, Spell Speed 2]", "[Activation of this Normal Trap, Spell Speed 2]"."""
    return _Writer(card, lang, None).header(effect)


def effect_text(card: Card, effect: Effect, lang: str, name_of: NameOf | None = None,
                *, written: bool = True) -> str:
    """One effect as a line: its header and its text.

    The text is the card file's own ``card_text`` for ``lang`` when it has one (and
    ``written`` is true), else the rendering of the effect's data.
    """
    writer = _Writer(card, lang, name_of)
    own = effect.card_text.get(lang) if written else None
    body = own or writer.body(effect)
    return writer.w("line", header=writer.header(effect), body=body)


def card_text(card: Card, lang: str, name_of: NameOf | None = None) -> list[str]:
    """The card's type line, then one line per effect (see :func:`effect_text`)."""
    return [type_line(card, lang)] + [effect_text(card, effect, lang, name_of)
                                      for effect in card.effects]
