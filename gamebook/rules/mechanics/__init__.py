"""The mechanics of the rules, one module each: where a new mechanic goes.

A mechanic module says everything its mechanic means in one place: the :class:`Verb` of each
operation it owns (the parameters a card file may give it, what it acts on, where its card
must be as the link resolves (R18) and at activation (R99), its handler, and the facts other
rules ask: does it move a card, take a monster off the field as a cost, change ATK/DEF) and
the hooks of its lasting effects (:class:`~gamebook.rules.context.Hooks`: when a monster or
an attached card goes, when a resolving link is negated, what an activation's can-line says).
It ends with one value, ``MECHANIC``.

The engine runs the hooks at their named points in the order of :data:`MECHANICS` below;
card files are checked against the verbs' grammar by :func:`check_library`. A new mechanic is
a new module here plus its line in :data:`MECHANICS` (and its rule in the rulebook).
"""

from __future__ import annotations

from gamebook.cards.library import CardLibrary
from gamebook.cards.model import Card, Primitive
from gamebook.errors import InputError, raise_all
from gamebook.rules.mechanics import (
    atk,
    attack,
    chain_negation,
    equip,
    graveyard_lock,
    immunity,
    life,
    moving,
    negated,
    opponent_immunity,
    piercing,
    player_abilities,
    position,
    summon,
    summon_lock,
    ties,
    trap_lock,
    untargetable,
)
from gamebook.rules.mechanics.verb import CARDS, Acts, Mechanic, Verb, Where, register, verb_of

# In the order their hooks run: the ties before an Equip Card goes (R105, R108); a monster's
# negation (R109) before the GY lock (R112), and that before the Trap lock (R123).
MECHANICS: tuple[Mechanic, ...] = (
    moving.MECHANIC,
    summon.MECHANIC,
    summon_lock.MECHANIC,
    position.MECHANIC,
    atk.MECHANIC,
    chain_negation.MECHANIC,
    attack.MECHANIC,
    piercing.MECHANIC,
    life.MECHANIC,
    player_abilities.MECHANIC,
    immunity.MECHANIC,
    opponent_immunity.MECHANIC,
    ties.MECHANIC,
    equip.MECHANIC,
    negated.MECHANIC,
    graveyard_lock.MECHANIC,
    trap_lock.MECHANIC,
    untargetable.MECHANIC,
)
HOOKS = register(MECHANICS)
EVERY_STEP_PARAMETERS = frozenset({"op", "if_previous_applied"})

__all__ = ["CARDS", "HOOKS", "MECHANICS", "Acts", "Mechanic", "Verb", "Where", "check_library",
           "step_problem", "verb_of"]


def step_problem(step: Primitive, given: list[str] | None = None) -> tuple[str | None, str] | None:
    """What is wrong with one step of a card file by its verb's grammar: ``(parameter,
    message)`` (the parameter to point at, or ``None`` for the step), or ``None``. ``given``
    are the parameter names the file gives, in its order."""
    verb = verb_of(step.op)
    op = step.op.value
    allowed = frozenset(verb.parameters) | EVERY_STEP_PARAMETERS
    for name in given or ():
        if name not in allowed:
            names = ", ".join(sorted(verb.parameters)) or "none"
            return name, f"{op}: '{name}' is not a parameter of {op} (its parameters: {names})"
    if verb.acts is Acts.CARDS and step.who is None and step.select is None:
        return None, f"{op}: 'who' or 'select' is required"
    if step.who is not None and step.select is not None:
        return None, f"{op}: give 'who' or 'select', not both"
    if verb.acts is Acts.PLAYER and step.player is None and not step.both_players:
        return None, f"{op}: 'player' is required"
    problem = verb.grammar(step) if verb.grammar is not None else None
    return (None, problem) if problem is not None else None


def card_problem(card: Card, where: object) -> InputError | None:
    """The first step of ``card`` that its verb's grammar does not allow, at its line
    (``where`` is the card file's :class:`~gamebook.inputs.yamlsrc.Located`), or ``None``."""
    for index, effect in enumerate(card.effects):
        for part in ("cost", "resolution"):
            for step_index, step in enumerate(getattr(effect, part)):
                loc = ("effects", index, part, step_index)
                raw = _raw(where.data, loc)
                found = step_problem(step, list(raw) if isinstance(raw, dict) else [])
                if found is not None:
                    name, message = found
                    return where.error(loc + ((name,) if name else ()), message)
    return None


def check_library(library: CardLibrary) -> None:
    """Refuse every card of ``library`` whose steps its verbs' grammar does not allow, naming
    the file and the line (every problem at once); a library is checked once."""
    if getattr(library, "grammar_checked", False):
        return
    problems: list[InputError] = []
    for card_id in library.ids():
        where = library.source(card_id)
        problem = card_problem(library[card_id], where) if where is not None else None
        if problem is not None:
            problems.append(problem)
    raise_all(problems)
    library.grammar_checked = True


def _raw(data: object, loc: tuple) -> object:
    for key in loc:
        try:
            data = data[key]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return None
    return data
