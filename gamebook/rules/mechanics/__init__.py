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
from gamebook.cards.model import (
    Card,
    Effect,
    EventName,
    Pick,
    Primitive,
    Ref,
    cost_choice,
    written_effects,
)
from gamebook.errors import InputError, raise_all
from gamebook.rules.mechanics import (
    adding_to_hand,
    atk,
    attack,
    attack_all,
    attack_forbidden,
    attacked_face_down,
    attackers_halved,
    battle_damage_changes,
    battle_damage_reflected,
    battle_indestructible,
    cannot_be_attacked,
    cannot_be_tributed,
    chain_negation,
    chosen_together,
    control,
    damage_step_start,
    destruction_replacement,
    drawing,
    equip,
    graveyard_lock,
    immunity,
    joint_targets,
    life,
    move_events,
    moving,
    negated,
    once_per_turn,
    one_hand_summon_per_chain,
    opponent_immunity,
    piercing,
    player_abilities,
    player_locks,
    position,
    sent_to_graveyard,
    setting,
    spell_trap_lock,
    summon,
    summon_lock,
    summon_negation,
    ties,
    untargetable,
)
from gamebook.rules.mechanics.verb import (
    CARDS,
    Acts,
    Mechanic,
    Verb,
    Where,
    hooks_for,
    register,
    verb_of,
)

# In the order their hooks run: the ties before an Equip Card goes (R105, R108); a monster's
# negation (R109) before the GY lock (R112), and that before the Trap lock (R123).
MECHANICS: tuple[Mechanic, ...] = (
    moving.MECHANIC,
    sent_to_graveyard.MECHANIC,
    move_events.MECHANIC,
    once_per_turn.MECHANIC,
    summon.MECHANIC,
    summon_lock.MECHANIC,
    player_locks.MECHANIC,  # a player's lock on activating and Setting (R176, R177)
    summon_negation.MECHANIC,
    position.MECHANIC,
    atk.MECHANIC,
    chain_negation.MECHANIC,
    attack.MECHANIC,
    attack_all.MECHANIC,
    piercing.MECHANIC,
    # after piercing (its damage is battle damage too), before halving and doubling (R168)
    battle_damage_reflected.MECHANIC,
    battle_damage_changes.MECHANIC,  # after piercing: its damage is battle damage too
    cannot_be_attacked.MECHANIC,
    cannot_be_tributed.MECHANIC,
    attackers_halved.MECHANIC,
    battle_indestructible.MECHANIC,
    destruction_replacement.MECHANIC,  # asked of a destruction that happens (R183)
    attacked_face_down.MECHANIC,
    damage_step_start.MECHANIC,
    life.MECHANIC,
    player_abilities.MECHANIC,
    immunity.MECHANIC,
    opponent_immunity.MECHANIC,
    ties.MECHANIC,
    equip.MECHANIC,
    negated.MECHANIC,
    attack_forbidden.MECHANIC,
    graveyard_lock.MECHANIC,
    spell_trap_lock.MECHANIC,
    untargetable.MECHANIC,
    drawing.MECHANIC,
    adding_to_hand.MECHANIC,  # after the locks: a lock on a name is the last refusal
    setting.MECHANIC,
    control.MECHANIC,
    joint_targets.MECHANIC,
    chosen_together.MECHANIC,
    one_hand_summon_per_chain.MECHANIC,  # after the locks: their reasons come first
)
register(MECHANICS)  # every verb once; a situation joins the hooks of its cards (hooks_for)
EVERY_STEP_PARAMETERS = frozenset({"op", "if_previous_applied", "optional"})

__all__ = ["CARDS", "MECHANICS", "Acts", "Mechanic", "Verb", "Where", "check_library",
           "hooks_for", "step_problem", "verb_of"]


def step_problem(step: Primitive, given: list[str] | None = None, *, card: Card | None = None,
                 effect: Effect | None = None, part: str = "resolution"
                 ) -> tuple[str | None, str] | None:
    """What is wrong with one step of a card file by its verb's grammar: ``(parameter,
    message)`` (the parameter to point at, or ``None`` for the step), or ``None``. ``given``
    are the parameter names the file gives, in its order; ``card`` and ``effect``, when
    known, are the step's card and effect, and ``part`` is ``cost`` or ``resolution``: the
    cards its ``who`` and ``of`` name must be ones the effect defines, and the verb must be one
    that card's kind may use."""
    verb = verb_of(step.op)
    op = step.op.value
    if card is not None and verb.card_kinds and card.spell_trap_type not in verb.card_kinds:
        kinds = " or ".join(kind.value.replace("_", " ").title() for kind in verb.card_kinds)
        return None, (f"{op}: only the effect of an {kinds} Spell/Trap Card may use it, and "
                      f"{card.id!r} is not one (R:{verb.card_kinds_rule})")
    if part == "cost":
        problem = _cost_problem(step, verb)
        if problem is not None:
            return "op", f"{op}: {problem}"
    if effect is not None:
        for name in ("who", "of"):
            problem = _reference_problem(getattr(step, name), effect, part)
            if problem is not None:
                return name, f"{op}: {name}: {problem}"
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
    if step.both_players and step.player is not None:
        return "both_players", f"{op}: give 'player' or 'both_players', not both"
    if step.optional:
        problem = _optional_problem(step, part)
        if problem is not None:
            return "optional", f"{op}: optional: {problem}"
    problem = verb.grammar(step) if verb.grammar is not None else None
    return (None, problem) if problem is not None else None


def _optional_problem(step: Primitive, part: str) -> str | None:
    """Why ``step`` cannot be ``optional`` ("then you can", R164), or ``None``: the choice is
    made as the effect resolves, among the cards its ``select`` picks one of, or nothing."""
    if part == "cost":
        return ("a cost is paid in full at activation (R:costs_at_activation); only a step "
                "of the resolution may be optional (R:optional_steps)")
    if step.select is None or step.select.pick is not Pick.ONE:
        return ("the engine offers an optional step as a choice of one card its 'select' "
                "picks (pick: one), or nothing (R:optional_steps); a step that names its card "
                "with 'who', or acts on all of them, has no words for that choice yet")
    return None


def _cost_problem(step: Primitive, verb: Verb) -> str | None:
    """Why ``step`` cannot be a cost, or ``None``: a cost is something the player pays or
    gives up (R:costs_at_activation), and a card the activation chooses for it is named on the
    choice, which only a discard or a Tribute has words for."""
    costs = ", ".join(v.op.value for m in MECHANICS for v in m.verbs if v.cost)
    if not verb.cost:
        return (f"not a cost: a cost is paid at activation by giving something up "
                f"(R:costs_at_activation); the verbs that may be costs: {costs}")
    if step.select is not None and step.select.pick is Pick.ONE and not verb.chosen_for_cost:
        chosen = " or ".join(v.op.value for m in MECHANICS for v in m.verbs
                             if v.chosen_for_cost)
        return (f"a cost that chooses its card at activation ('select' with pick: one) may be "
                f"only {chosen}: the engine has no words for choosing a card to "
                f"{step.op.value.replace('_', ' ')} as a cost yet (R:costs_at_activation)")
    return None


def _reference_problem(ref: Ref | None, effect: Effect, part: str) -> str | None:
    """Why ``ref`` names no card ``effect`` defines (in its ``part``), or ``None``."""
    if ref is Ref.TARGET and part == "cost":
        return ("a cost cannot name the target: the cost is paid before the target is "
                "chosen (R:cost_then_target)")
    if ref is Ref.TARGET and effect.target is None:
        return (f"'target' names the effect's target, but effect {effect.id!r} has no "
                "'target' (R:costs_at_activation)")
    if ref is Ref.COST and cost_choice(effect) is None:
        return (f"'cost' names the card chosen for the cost, but effect {effect.id!r} has no "
                "cost step that chooses a card ('select' with pick: one, R:costs_at_activation)")
    if ref is Ref.SUMMONED and effect.answers not in (EventName.SPECIAL_SUMMONED,
                                                      EventName.SUMMONING):
        return (f"'summoned' names the monsters of the Special Summon the effect answers, but "
                f"effect {effect.id!r} answers no 'event: special_summoned' "
                "(R:window_after_special_summon) nor 'event: summoning' (R:summon_under_way)")
    return None


def card_problem(card: Card, where: object) -> InputError | None:
    """The first step of ``card`` that its verb's grammar does not allow, at its line
    (``where`` is the card file's :class:`~gamebook.inputs.yamlsrc.Located`), or ``None``."""
    for where_effect, effect in written_effects(card):  # a mode's steps are its own
        for part in ("cost", "resolution"):
            for step_index, step in enumerate(getattr(effect, part)):
                loc = where_effect + (part, step_index)
                raw = _raw(where.data, loc)
                if step_index == 0 and step.if_previous_applied:
                    return where.error(loc + ("if_previous_applied",),
                                       f"{step.op.value}: if_previous_applied: true on the first "
                                       f"step of the {part}: there is no previous step "
                                       "(R:card_gone)")
                found = step_problem(step, list(raw) if isinstance(raw, dict) else [],
                                     card=card, effect=effect, part=part)
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
