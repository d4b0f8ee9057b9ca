"""The number ranges of a card file, which its schema (whole numbers) does not express.

A negative ATK, a Level 40 or a spell speed of 99 are typing mistakes, not cards: each is
reported with the file and line, all of a file's at once. Every count and amount has a range
here (the README's "Ranges" lists them), checked as the file is loaded, before the engine
expands anything: 100,000,000 Tokens are refused here, not built.
"""

from __future__ import annotations

from collections.abc import Iterator

from gamebook.cards.model import (
    Card,
    Controller,
    Effect,
    Mode,
    OpName,
    Pick,
    Ref,
    TargetFilter,
    TargetSpec,
    Zone,
)
from gamebook.errors import InputError
from gamebook.inputs.yamlsrc import Located

MAX_LEVEL = 13
MAX_STAT = 1_000_000  # ATK/DEF printed on a card (the highest printed is 5000; "?" is not modelled)
# (field, lowest, highest) of the card itself
CARD_RANGES = (("atk", 0, MAX_STAT), ("defense", 0, MAX_STAT), ("level", 1, MAX_LEVEL),
               ("link_rating", 1, 8), ("stays_for_opponent_turns", 1, 10))
SPELL_SPEEDS = (1, 3)
# Operations whose ``amount`` is a count or a number of points, never below 0.
_NOT_NEGATIVE = {"grant_extra_attack", "set_atk", "inflict_damage", "gain_lp"}
MAX_AMOUNT = 100_000_000
MAX_PASSCODE = 99_999_999  # a passcode has 8 digits at most
# special_summon_tokens: a player has 5 Main Monster Zones to summon Tokens to (R64)
MAX_TOKENS = 5
# (field, lowest, highest) of a selection (a target, `select`, `battling`, …)
SELECTION_RANGES = (("min_atk", 0, MAX_STAT), ("max_atk", 0, MAX_STAT), ("level", 1, MAX_LEVEL))
# (field, lowest, highest) of a continuous ATK/DEF change (`modifies`)
MODIFIER_RANGES = (("atk", -MAX_STAT, MAX_STAT), ("defense", -MAX_STAT, MAX_STAT))


# Targets chosen together (R:joint_targets): how many cards one player's side can hold of
# what a target names. On the field: 7 monsters (5 Main and 2 Extra Monster Zones, R119),
# 6 Spell/Trap Cards (5 Spell & Trap Zones and the Field Zone); off the field (the hand, the
# GY, the Deck), a player's whole deck: 60 Main Deck and 15 Extra Deck cards.
_SIDE_HOLDS = {"monster": 7, "spell_trap": 6, "card": 13, "off_field": 75}
# Operations that act on one card only, said why: a joint target is refused for them.
_ONE_AT_A_TIME = {
    OpName.SPECIAL_SUMMON: "the engine Summons one target at a time, with its position chosen",
    OpName.EQUIP: "an Equip Card is equipped to one monster",
    OpName.TIE: "a card is tied to one monster",
    OpName.TAKE_CONTROL: "control of one monster is taken at a time",
}
# Filters that let at most one card match: such a target is one card, never several.
_ONE_CARD = (TargetFilter.SELF, TargetFilter.ATTACKING, TargetFilter.EQUIPPED)


def joint_problems(effect: Effect | Mode, loc: tuple, located: Located) -> list[InputError]:
    """Every misuse of ``up_to``/``exactly`` in ``effect``: a count below 2 (one target is
    written without it) or above what the targeted zones can hold, both keys at once, a
    selection that is not the effect's target, a filter only one card matches, or a step
    that reads one target's ATK (``of: target``)."""
    problems = []
    for where, spec in selections(effect):
        if where[0] == "modes":
            continue  # a mode's own, asked with the mode (R:modal_effects)
        for name in ("up_to", "exactly"):
            number = getattr(spec, name)
            if number is None:
                continue
            at = loc + where + (name,)
            if where != ("target",):
                problems.append(located.error(at, f"{name}: only an effect's 'target' chooses "
                                              "several cards together (R:joint_targets); a "
                                              "selection picks one card or all ('pick')"))
                continue
            holds = _holds(spec)
            if not 2 <= number <= holds:
                problems.append(located.error(at, f"{name}: {number} is out of range; expected "
                                              f"2 to {holds}, the cards the targeted zones can "
                                              "hold (one target is written without "
                                              f"'{name}', R:joint_targets)"))
            one = next((f for f in spec.filters if f in _ONE_CARD), None)
            if one is not None:
                problems.append(located.error(at, f"{name}: the filter {one.value} lets only "
                                              "one card match, so there are never several "
                                              "targets to choose (R:joint_targets)"))
        if where == ("target",) and spec.up_to is not None and spec.exactly is not None:
            problems.append(located.error(loc + where + ("exactly",), "give 'up_to' or "
                                          "'exactly', not both (R:joint_targets)"))
    if getattr(effect, "target", None) is not None and (
            effect.target.up_to is not None or effect.target.exactly is not None):
        for part in ("cost", "resolution"):
            for index, step in enumerate(getattr(effect, part)):
                if step.of is Ref.TARGET:
                    problems.append(located.error(
                        loc + (part, index, "of"), "of: target names one card's ATK, and this "
                        "effect's target is several cards chosen together (R:joint_targets)"))
                one = _ONE_AT_A_TIME.get(step.op)
                if one is not None and step.who is Ref.TARGET:
                    problems.append(located.error(
                        loc + (part, index, "who"), f"{step.op.value}: {one}; several "
                        "targets chosen together are not supported for it yet "
                        "(R:joint_targets)"))
    return problems


def set_problems(effect: Effect | Mode, loc: tuple, located: Located) -> list[InputError]:
    """Every misuse of ``pick: set``, ``size`` and ``chooser`` (R:chosen_together): outside a
    resolution step's ``select``, a set without its size, a size or a chooser without a
    set."""
    problems = []
    for where, spec in selections(effect):
        if where[0] == "modes":
            continue  # a mode's own, asked with the mode
        chosen = spec.pick is Pick.SET
        if not (chosen or spec.size is not None or spec.chooser is not None):
            continue
        key = "pick" if chosen else "size" if spec.size is not None else "chooser"
        if where[0] != "resolution" or where[-1] != "select":
            problems.append(located.error(loc + where + (key,), f"{key}: only a resolution "
                                          "step's 'select' chooses cards together as it "
                                          "resolves (R:chosen_together)"))
            continue
        if chosen and spec.size is None:
            problems.append(located.error(loc + where + ("pick",), "pick: set needs 'size', "
                                          "how many cards are chosen together "
                                          "(R:chosen_together)"))
        for name in ("size", "chooser"):
            if not chosen and getattr(spec, name) is not None:
                problems.append(located.error(loc + where + (name,), f"{name}: only a "
                                              "selection with 'pick: set' has it "
                                              "(R:chosen_together)"))
    return problems


def names_problems(effect: Effect | Mode, loc: tuple, located: Located) -> list[InputError]:
    """``different_names`` where it would be ignored (R:different_names): a selection that
    does not choose several cards together (one target, one card, all of them)."""
    problems = []
    for where, spec in selections(effect):
        if where[0] == "modes" or not spec.different_names:
            continue  # a mode's own, asked with the mode
        joint = where == ("target",) and (spec.up_to is not None or spec.exactly is not None)
        if not joint and spec.pick is not Pick.SET:
            problems.append(located.error(loc + where + ("different_names",), "different_names"
                                          ": only cards chosen together (a target's 'up_to' "
                                          "or 'exactly', or 'pick: set') can differ in name; "
                                          "this selection chooses one card or all of them "
                                          "(R:different_names)"))
    return problems


def _holds(spec: TargetSpec) -> int:
    """How many cards the zones ``spec`` targets can hold (:data:`_SIDE_HOLDS`)."""
    if spec.zone is not None and spec.zone is not Zone.FIELD:
        kind = "off_field"
    elif TargetFilter.SPELL_TRAP in spec.filters:
        kind = "spell_trap"
    elif TargetFilter.ANY_CARD in spec.filters:
        kind = "card"
    else:
        kind = "monster"
    return _SIDE_HOLDS[kind] * (2 if spec.controller is Controller.ANY else 1)


def range_problems(card: Card, located: Located) -> list[InputError]:
    """Every number of ``card`` outside its range, as one error each."""
    problems = []
    if card.passcode is not None and not 1 <= card.passcode <= MAX_PASSCODE:
        problems.append(located.error(("passcode",), f"passcode: {card.passcode} is not a "
                                      "passcode; expected the card's 8-digit number (1 to "
                                      "99999999, leading zeros left out: 04392470 is "
                                      "written 4392470)"))
    problems += _out_of_range(located, (), card, CARD_RANGES)
    for index, effect in enumerate(card.effects):
        loc = ("effects", index)
        low, high = SPELL_SPEEDS
        if effect.spell_speed is not None and not low <= effect.spell_speed <= high:
            problems.append(located.error(loc + ("spell_speed",), f"spell_speed: "
                                          f"{effect.spell_speed} is not a spell speed; "
                                          f"expected {low}, 2 or {high} (R1)"))
        for where, spec in selections(effect):
            problems += _out_of_range(located, loc + where, spec, SELECTION_RANGES)
            if spec.min_atk is not None and spec.max_atk is not None \
                    and spec.min_atk > spec.max_atk:
                problems.append(located.error(loc + where + ("max_atk",), f"max_atk: "
                                              f"{spec.max_atk} is below min_atk {spec.min_atk}; "
                                              "no card could match"))
            clash = _position_clash(spec)
            if clash is not None:
                problems.append(located.error(loc + where + ("filters",), clash))
        problems += joint_problems(effect, loc, located)
        problems += set_problems(effect, loc, located)
        problems += names_problems(effect, loc, located)
        for at, mode in enumerate(effect.modes):
            problems += joint_problems(mode, loc + ("modes", at), located)
            problems += set_problems(mode, loc + ("modes", at), located)
            problems += names_problems(mode, loc + ("modes", at), located)
        if getattr(effect, "modifies", None) is not None:
            problems += _out_of_range(located, loc + ("modifies",), effect.modifies,
                                      MODIFIER_RANGES)
        for part in ("cost", "resolution"):
            for step_index, step in enumerate(getattr(effect, part)):
                at = loc + (part, step_index)
                op = step.op.value if isinstance(step.op, OpName) else str(step.op)
                if op == OpName.SPECIAL_SUMMON_TOKENS and not 1 <= step.count <= MAX_TOKENS:
                    problems.append(located.error(at + ("count",), f"{op}: count {step.count} "
                                                  f"is out of range; expected 1 to {MAX_TOKENS} "
                                                  "(a player's Main Monster Zones, R:tokens)"))
                if not isinstance(step.amount, int):
                    continue  # an expression: gamebook.cards.expressions checks it
                low = 0 if op in _NOT_NEGATIVE else -MAX_AMOUNT
                if not low <= step.amount <= MAX_AMOUNT:
                    problems.append(located.error(at + ("amount",),
                                                  f"{op}: amount {step.amount} is out of range; "
                                                  f"expected {low:,} to {MAX_AMOUNT:,}"))
    return problems


def _position_clash(spec: TargetSpec) -> str | None:
    """Why a selection's battle-position filter can match nothing (R144), or ``None``."""
    if TargetFilter.DEFENSE_POSITION not in spec.filters:
        return None
    if TargetFilter.ATTACK_POSITION in spec.filters:
        return ("filters: attack_position and defense_position together: a monster is in one "
                "battle position, so no card could match (R:defense_position)")
    if TargetFilter.SPELL_TRAP in spec.filters:
        return ("filters: defense_position with spell_trap: a Spell/Trap Card has no battle "
                "position, so no card could match (R:defense_position)")
    return None


def selections(effect: Effect | Mode) -> Iterator[tuple[tuple, TargetSpec]]:
    """Every selection of ``effect`` (its target, ``battling``, ``summoned``, a lasting
    effect's and each step's ``select``) with its place in the effect."""
    for name in ("target", "battling", "summoned", "negates_effects_of"):
        spec = getattr(effect, name, None)
        if spec is not None:
            yield (name,), spec
    if getattr(effect, "modifies", None) is not None:
        yield ("modifies", "select"), effect.modifies.select
    if getattr(effect, "replaces_destruction", None) is not None:  # what it banishes (R183)
        yield ("replaces_destruction", "banish"), effect.replaces_destruction.banish
    for part in ("cost", "resolution"):
        for index, step in enumerate(getattr(effect, part)):
            if step.select is not None:
                yield (part, index, "select"), step.select
    for at, mode in enumerate(getattr(effect, "modes", ())):  # each mode's own (R:modal_effects)
        for where, spec in selections(mode):
            yield ("modes", at) + where, spec


def _out_of_range(located: Located, loc: tuple, value: object,
                  ranges: tuple[tuple[str, int, int], ...]) -> list[InputError]:
    problems = []
    for name, low, high in ranges:
        number = getattr(value, name)
        if number is not None and not low <= number <= high:
            problems.append(located.error(loc + (name,), f"{name}: {number} is out of range; "
                                          f"expected {low:,} to {high:,}"))
    return problems
