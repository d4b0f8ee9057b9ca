"""What the engine honours of a card file, and what it refuses: nothing is accepted and then
silently ignored.

An effect's ``kind``, ``location`` and ``event`` and its card's type and frame together say
whether the engine will ever look at the effect. :func:`refusal` names each combination the
engine would never act on, with the key of the file to point at and the reason and rule in
words, so a card file that asks for one is refused at its line as it loads.
:func:`never_offered` names the effects that are accepted (they are true to the card) but that
the engine offers only when a situation starts in Main Phase 1 (R129), never in the Battle
Phase: a book of a Battle Phase shows them with a ✘ and their reason. ``gamebook cards
check`` prints both; ``docs/vocabulary.md`` says the same.

Rules are cited by their R-number, as the card loader's other messages do.
"""

from __future__ import annotations

from gamebook.cards.model import (
    PLAYER_CONDITIONS,
    PLAYER_LOCKS,
    Card,
    CardType,
    Condition,
    Controller,
    Effect,
    EffectKind,
    EventName,
    Location,
    MonsterFrame,
    OpName,
    Pick,
    SpellTrapType,
    StaticAbility,
    TargetFilter,
    Zone,
    negated_card_types,
    spell_speed,
)

# Monsters that start in the Extra Deck and go back there, never to the hand or the Deck.
EXTRA_DECK_FRAMES = (MonsterFrame.LINK, MonsterFrame.FUSION, MonsterFrame.SYNCHRO,
                     MonsterFrame.XYZ)
# Events of "this card battled": they happen to a monster on the field (R51).
_BATTLED = (EventName.AFTER_DAMAGE_CALCULATION, EventName.INFLICTS_BATTLE_DAMAGE)
# What a continuous effect makes true of its own card as a monster that battles or is
# Tributed, with the rule: on a Spell/Trap Card it would never be read.
_MONSTER_ONLY_GRANTS = {
    StaticAbility.REFLECT_BATTLE_DAMAGE: "battle_damage_reflected",
    StaticAbility.ATTACK_ALL_MONSTERS: "attack_all_monsters",
    StaticAbility.CANNOT_BE_TRIBUTED: "cannot_be_tributed",
}
# Where a card must be to answer each event of its own: missing events may be answered from
# anywhere (an attack declaration, a Special Summon, damage to its controller).
_EVENT_LOCATIONS: dict[EventName, tuple[Location, ...]] = {
    EventName.AFTER_DAMAGE_CALCULATION: (Location.FIELD,),
    EventName.INFLICTS_BATTLE_DAMAGE: (Location.FIELD,),
    EventName.FLIPPED: (Location.FIELD,),
    EventName.DAMAGE_STEP_START: (Location.FIELD,),
    EventName.DESTROYED: (Location.GRAVEYARD,),
    EventName.DESTROYED_BY_BATTLE: (Location.FIELD, Location.GRAVEYARD),
    EventName.SENT_TO_GRAVEYARD: (Location.GRAVEYARD,),
    EventName.SENT_FROM_FIELD_TO_GRAVEYARD: (Location.GRAVEYARD,),
    EventName.BANISHED: (Location.BANISHED,),
    EventName.RETURNED_TO_HAND: (Location.HAND,),
    EventName.LEFT_FIELD: (Location.GRAVEYARD, Location.BANISHED, Location.HAND),
    EventName.TRIBUTED: (Location.GRAVEYARD, Location.BANISHED),
    EventName.DISCARDED: (Location.GRAVEYARD,),
    EventName.DESTROYED_BY_EFFECT: (Location.GRAVEYARD, Location.BANISHED),
    EventName.ADDED_TO_HAND: (Location.HAND,),
}
# The events a card answers from the banishment (R171): nothing else is activated there.
_FROM_BANISHMENT = (EventName.BANISHED, EventName.LEFT_FIELD, EventName.TRIBUTED,
                    EventName.DESTROYED_BY_EFFECT)
_EVENT_WHERE = {
    EventName.AFTER_DAMAGE_CALCULATION: "it happens to a monster that battled, on the field "
                                        "(R51)",
    EventName.INFLICTS_BATTLE_DAMAGE: "it happens to a monster that battled, on the field (R51)",
    EventName.FLIPPED: "it happens to a monster flipped face-up on the field (R6)",
    EventName.DAMAGE_STEP_START: "it is answered by a monster on the field, in the attack "
                                 "(R:destroyed_before_the_flip)",
    EventName.DESTROYED: "the card is answered from where it went, the GY (R19, R52)",
    EventName.DESTROYED_BY_BATTLE: "the card is answered on the field after damage calculation "
                                   "or from the GY at the end of the Damage Step (R52)",
    EventName.SENT_TO_GRAVEYARD: "the card is answered from where it went, the GY (R133)",
    EventName.SENT_FROM_FIELD_TO_GRAVEYARD: "the card is answered from where it went, the GY "
                                            "(R133)",
    EventName.BANISHED: "the card is answered from where it went, the banishment, face-up "
                        "(R171)",
    EventName.RETURNED_TO_HAND: "the card is answered from where it went, the hand (R171)",
    EventName.LEFT_FIELD: "the card is answered from where it went: the GY, the banishment or "
                          "the hand; a card shuffled into or placed on the Deck cannot activate "
                          "its effect, and nothing is activated on the field it left (R171)",
    EventName.TRIBUTED: "the card is answered from where it went, the GY, or the banishment "
                        "when it was banished instead (R172)",
    EventName.DISCARDED: "the card is answered from where it went, the GY (R172)",
    EventName.DESTROYED_BY_EFFECT: "the card is answered from where it went, the GY, or the "
                                   "banishment for 'destroy and banish' (R172)",
    EventName.ADDED_TO_HAND: "the card is answered from where it went, the hand (R180)",
}

Refusal = tuple[str, str]  # (the effect's key to point at, the reason in words)
# Words of a continuous effect only: a face-up card's lock or negation (R123, R157).
_CONTINUOUS_ONLY = ("negates_trap_effects", "forbids_trap_activation", "negates_spell_effects",
                    "forbids_spell_activation")


def refusal(card: Card, effect: Effect) -> Refusal | None:
    """Why the engine would never act on ``effect`` of ``card`` as written, or ``None``."""
    kind, location = effect.kind, effect.location
    if effect.answers is EventName.DAMAGE_STEP_START and (
            card.card_type is not CardType.MONSTER or kind is not EffectKind.TRIGGER):
        return ("event" if effect.event is not None else "kind"), (
            "event damage_step_start: only a monster's Trigger Effect on the field answers the "
            "start of the Damage Step (R:destroyed_before_the_flip); the engine has no word "
            "for a Spell/Trap Card, or an effect of another kind, activated there")
    for word in _CONTINUOUS_ONLY:
        if getattr(effect, word) and kind is not EffectKind.CONTINUOUS:
            return word, (f"{word} is a continuous effect: it applies while its card is face-up "
                          "on the field (R123, R157); write it on an effect of kind: continuous")
    found = _player_grants_refusal(card, effect)
    if found is not None:
        return found
    if effect.once_per_duel and kind is EffectKind.CONTINUOUS:
        return "once_per_duel", ("once_per_duel limits an activation (R156); a continuous effect "
                                 "is never activated")
    if effect.negates_its_column and (card.card_type is not CardType.TRAP
                                      or kind is not EffectKind.ACTIVATE):
        return "negates_its_column", ("negates_its_column is said of a Trap Card's activation "
                                      "(Infinite Impermanence's column clause); it means "
                                      "nothing on another effect")
    if effect.replaces_destruction is not None:
        found = _replacement_refusal(card, effect)
        if found is not None:
            return found
    if card.card_type is CardType.MONSTER:
        found = _monster_refusal(card, effect)
    else:
        found = _spell_trap_refusal(card, effect)
    if found is not None:
        return found
    if effect.from_hand_if:
        found = _from_hand_refusal(card, effect)
        if found is not None:
            return found
    if Condition.NOT_SENT_TO_GRAVEYARD_THIS_TURN in effect.conditions \
            and (location is not Location.GRAVEYARD or kind is EffectKind.CONTINUOUS):
        return "conditions", ("not_sent_to_graveyard_this_turn: \"except the turn this card "
                              "was sent to the GY\" is a condition of an effect activated in "
                              "the GY (R160); with location: "
                              f"{location.value} it never holds: write location: graveyard")
    if Condition.SELF_ATTACKED_FACE_DOWN in effect.conditions:
        found = _attacked_face_down_refusal(card, effect)
        if found is not None:
            return found
    if Condition.SELF_ATTACKED in effect.conditions:
        found = _attacked_refusal(card, effect)
        if found is not None:
            return found
    if effect.forbids_attacks_of is not None and kind is not EffectKind.CONTINUOUS:
        return "forbids_attacks_of", ("forbids_attacks_of is a continuous effect: it applies "
                                      "while its card is face-up on the field (R166); write "
                                      "it on an effect of kind: continuous")
    if effect.forbids_attacks_of is not None and card.card_type is CardType.MONSTER:
        return "forbids_attacks_of", ("forbids_attacks_of is a Spell or Trap Card's continuous "
                                      "effect (Fiendish Chain, R166); a monster's 'cannot "
                                      "attack' effect is not modelled yet")
    tied = _tied_problem(card, effect)
    if tied is not None:
        return tied
    if kind is EffectKind.CONTINUOUS and location is not Location.FIELD:
        return "location", (f"a continuous effect applies while its card is face-up on the "
                            f"field (R7); location: {location.value} is never read: leave it "
                            "out")
    if kind is EffectKind.CONTINUOUS and effect.event is not None:
        return "event", ("a continuous effect is never activated, so it answers no event "
                         "(R7): leave 'event' out, or make it a trigger effect")
    answers = effect.answers
    if location is Location.BANISHED and answers not in _FROM_BANISHMENT:
        return "location", ("a banished card activates only an effect that answers the move "
                            "that banished it (R171, R172): give 'event: banished', "
                            "'left_field', 'tributed' or 'destroyed_by_effect', or another "
                            "location")
    if answers is not None and location not in _EVENT_LOCATIONS.get(answers, tuple(Location)):
        allowed = " or ".join(where.value for where in _EVENT_LOCATIONS[answers])
        return "location", (f"event {answers.value} with location: {location.value} never "
                            f"happens: {_EVENT_WHERE[answers]}; expected location: {allowed}")
    return None


def _replacement_refusal(card: Card, effect: Effect) -> Refusal | None:
    """``replaces_destruction`` is a monster's continuous effect on itself, paid with 1 card
    of its controller's GY (R183)."""
    if card.card_type is not CardType.MONSTER or effect.kind is not EffectKind.CONTINUOUS:
        return "replaces_destruction", (
            "replaces_destruction is a monster's continuous effect on itself (R183): write it "
            "on an effect of kind: continuous of a Monster Card")
    replacement = effect.replaces_destruction
    if not replacement.by:
        return "replaces_destruction", ("replaces_destruction: 'by' names battle, effect or "
                                        "both (R183); an empty list never applies")
    spec = replacement.banish
    if spec.zone is not Zone.GRAVEYARD or spec.controller is not Controller.YOU \
            or spec.pick is not Pick.ONE or spec.up_to is not None or spec.exactly is not None \
            or spec.size is not None or spec.chooser is not None:
        return "replaces_destruction", (
            "replaces_destruction: 'banish' is 1 card of your GY (zone: graveyard, "
            "controller: you, one card) (R183); the engine has no other cost for it")
    return None


def _tied_problem(card: Card, effect: Effect) -> Refusal | None:
    """The filter ``tied`` names the monster this card is tied to (R108): the card must tie
    itself to one (a ``tie`` step), and only its continuous effects read it, after the tie."""
    for key in ("negates_effects_of", "forbids_attacks_of", "target"):
        spec = getattr(effect, key)
        if spec is None or TargetFilter.TIED not in spec.filters:
            continue
        if key == "target" or effect.kind is not EffectKind.CONTINUOUS:
            return key, ("filter tied: the monster this card is tied to exists only once the "
                         "card's activation has tied it (R108), so only a continuous effect "
                         "of the card may name it (R166)")
        if not any(step.op is OpName.TIE for other in card.effects
                   for step in other.resolution):
            return key, (f"filter tied: names the monster this card is tied to (R108), and "
                         f"{card.id!r} ties itself to none: give its activation a step "
                         "{op: tie, who: target}")
# The conditions a Trap's activation from the hand may name (R159): about its player's field
# and turn, known before the card leaves the hand.
HAND_CONDITIONS = (Condition.YOU_CONTROL_NO_CARDS, Condition.YOU_CONTROL_A_MONSTER,
                   Condition.OPPONENTS_TURN, Condition.YOUR_TURN, Condition.OPPONENTS_MAIN_PHASE)


def _from_hand_refusal(card: Card, effect: Effect) -> Refusal | None:
    """``from_hand_if`` is a Trap Card's activation that its text also allows from the hand
    while conditions about its player hold (R159)."""
    if card.card_type is not CardType.TRAP or effect.kind is not EffectKind.ACTIVATE:
        what = "a Trap Card's activation" if card.card_type is CardType.TRAP else "a Trap Card"
        return "from_hand_if", (f"from_hand_if lets a Trap Card be activated from the hand "
                                f"(R159), and this is not {what} (kind: activate); a "
                                "monster's effect in the hand is location: hand, and a Spell "
                                "Card is activated from the hand anyway (R8)")
    if effect.location is not Location.FIELD:
        return "location", ("from_hand_if: the card is Set and activated on the field, and "
                            "also from the hand when the conditions hold (R159); leave "
                            "location out")
    wrong = [c.value for c in effect.from_hand_if if c not in HAND_CONDITIONS]
    if wrong:
        allowed = ", ".join(c.value for c in HAND_CONDITIONS)
        return "from_hand_if", (f"from_hand_if: {', '.join(wrong)} is not a condition about "
                                f"the player that allows a Trap from the hand (R159); "
                                f"expected: {allowed}")
    return None


def _attacked_face_down_refusal(card: Card, effect: Effect) -> Refusal | None:
    """``self_attacked_face_down`` holds only for a monster that can be Set, on the field,
    in the attack that flipped it (R143)."""
    if card.card_type is not CardType.MONSTER:
        return "conditions", ("self_attacked_face_down: only a monster is attacked while "
                              "face-down (R:attacked_face_down); a Spell/Trap Card never is")
    if card.is_link:
        return "conditions", ("self_attacked_face_down: a Link Monster is never face-down "
                              "(R59), so it is never attacked face-down (R:attacked_face_down)")
    if effect.kind is EffectKind.CONTINUOUS or effect.location is not Location.FIELD:
        return "conditions", ("self_attacked_face_down: the monster is on the field during "
                              "the attack that flipped it, so the effect asking it is a "
                              "trigger or quick effect on the field (R:attacked_face_down)")
    return None


# The conditions a face-up card's effect on a player is read with (R110, R176): about its
# player and "if this card attacks".
_PLAYER_GRANT_CONDITIONS = (*PLAYER_CONDITIONS, Condition.SELF_IS_ATTACKER)


def _player_grants_refusal(card: Card, effect: Effect) -> Refusal | None:
    """``grants_player``, ``grants_opponent``: a continuous effect of a face-up card (R110),
    read with the conditions of :data:`_PLAYER_GRANT_CONDITIONS` only."""
    for ability in effect.restricts:
        if ability in PLAYER_LOCKS:
            return "restricts", (f"{ability.value} under restricts (\"you cannot … the turn you "
                                 "activate this card\") is not read yet; for the rest of the "
                                 "turn once the effect has resolved, write a grant_player step "
                                 "(R:player_activation_lock)")
    key = "grants_player" if effect.grants_player else "grants_opponent"
    if not (effect.grants_player or effect.grants_opponent):
        return None
    if effect.kind is not EffectKind.CONTINUOUS:
        return key, (f"{key} is a continuous effect: it applies while its card is face-up on "
                     "the field (R:player_protection); write it on an effect of kind: "
                     "continuous, or, for an effect that lasts the turn once it has resolved, "
                     "a grant_player step (R:player_activation_lock)")
    for condition in effect.conditions:
        if condition not in _PLAYER_GRANT_CONDITIONS:
            return "conditions", (f"{condition.value}: the engine does not read it on an effect "
                                  f"of {key}; it reads conditions about the player and "
                                  "self_is_attacker (\"if this card attacks\", "
                                  "R:player_activation_lock)")
        if condition is Condition.SELF_IS_ATTACKER and card.card_type is not CardType.MONSTER:
            return "conditions", ("self_is_attacker: only a monster attacks; a Spell/Trap Card's "
                                  "effect never holds it (R:player_activation_lock)")
    return None


def _attacked_refusal(card: Card, effect: Effect) -> Refusal | None:
    """``self_attacked`` holds only for a monster on the field, asked by an effect that is
    activated during the attack: a trigger or quick effect on the field (R179)."""
    if card.card_type is not CardType.MONSTER:
        return "conditions", ("self_attacked: only a monster is attacked (R:attacked); a "
                              "Spell/Trap Card never is")
    if effect.kind is EffectKind.CONTINUOUS or effect.location is not Location.FIELD:
        return "conditions", ("self_attacked: the monster is on the field while it is "
                              "attacked, so the effect asking it is a trigger or quick "
                              "effect on the field (R:attacked)")
    return None


def _monster_refusal(card: Card, effect: Effect) -> Refusal | None:
    kind, location = effect.kind, effect.location
    if card.frame is MonsterFrame.NORMAL:
        return "kind", ("a Normal Monster has no effects, its text is flavour text (R63): "
                        "write frame: effect for a monster with effects")
    if card.frame in EXTRA_DECK_FRAMES and location is Location.HAND:
        return "location", (f"a {card.frame.value.capitalize()} Monster is never in the hand: "
                            "it starts in the Extra Deck and returns there "
                            "(R:extra_monster_zone); expected location: field or graveyard")
    if kind is EffectKind.FLIP and location is not Location.FIELD:
        return "location", ("a Flip Effect is activated when the monster is flipped face-up on "
                            f"the field (R6); location: {location.value} never happens")
    if card.is_link and effect.answers is EventName.FLIPPED:
        return "kind", ("a Link Monster is never face-down, so it is never flipped (R59): a "
                        "Flip Effect of a Link Monster never happens")
    return None


def _spell_trap_refusal(card: Card, effect: Effect) -> Refusal | None:
    kind, location = effect.kind, effect.location
    what = "Trap" if card.card_type is CardType.TRAP else "Spell"
    rule = "R9" if card.card_type is CardType.TRAP else "R8"
    if kind is EffectKind.FLIP or effect.answers in (*_BATTLED, EventName.FLIPPED,
                                                     EventName.DESTROYED_BY_BATTLE):
        return ("kind" if kind is EffectKind.FLIP else "event",
                f"a {what} Card never battles nor is flipped as a monster is: this effect "
                "never happens (R6, R51)")
    if kind is EffectKind.ACTIVATE:
        if location is Location.HAND and card.card_type is CardType.TRAP:
            return "location", ("a Trap Card is not activated from the hand unless its text "
                                "allows it: a Trap is Set first and activated from the Spell & "
                                "Trap Zone (R9); leave location out, and write the text's "
                                "condition as from_hand_if (\"if you control no cards, you can "
                                "activate this card from your hand\": from_hand_if: "
                                "[you_control_no_cards], R159)")
        if location in (Location.GRAVEYARD, Location.BANISHED):
            return "location", (f"a {what} Card is activated from the field"
                                + (" or the hand" if what == "Spell" else "")
                                + f", never from the GY or the banishment ({rule}); an effect "
                                "a card activates there is kind: trigger or quick with "
                                f"location: {location.value}")
        return None
    for granted in effect.grants:
        if granted in _MONSTER_ONLY_GRANTS:
            hint = ("; for the player, write grants_player: [reflect_battle_damage]"
                    if granted is StaticAbility.REFLECT_BATTLE_DAMAGE else "")
            return "grants", (f"{granted.value}: only a monster's own effect says it of "
                              f"itself (R:{_MONSTER_ONLY_GRANTS[granted]}); a {what} Card never "
                              f"battles nor is Tributed as a monster is{hint}")
    if kind is EffectKind.CONTINUOUS or location in (Location.GRAVEYARD, Location.BANISHED):
        return None  # lasting effects; effects activated in the GY or the banishment
    if location is Location.HAND:
        return "location", (f"a {what} Card in the hand is only activated as the card itself "
                            f"(kind: activate, {rule}); a {kind.value} effect in the hand is "
                            "never offered")
    stays = "Continuous " if card.spell_trap_type is SpellTrapType.CONTINUOUS else ""
    return "kind", (f"the engine activates a {stays}{what} Card on the field only as the card "
                    f"itself (kind: activate, {rule}); a {kind.value} effect of a face-up "
                    f"{stays}{what} is not supported yet and would never be offered: give the "
                    "card's activation its event or conditions, or leave this effect out")


_MAIN_PHASE_ONLY = ("; it is offered only when a situation starts in Main Phase 1 (start: "
                    "{moment: main_phase_1}, R129), never in the Battle Phase")


def never_offered(card: Card, effect: Effect) -> str | None:
    """Why an accepted effect is never offered in the Battle Phase, only when a situation
    starts in Main Phase 1 (its books show it with a ✘ and the rule elsewhere), or ``None``."""
    if effect.kind is EffectKind.IGNITION:
        return "an Ignition Effect is activated in its controller's Main Phase (R3)" \
            + _MAIN_PHASE_ONLY
    if effect.kind is EffectKind.ACTIVATE and card.card_type is CardType.SPELL \
            and spell_speed(card, effect) == 1 and not (effect.mandatory and effect.answers):
        return ("a Spell of Spell Speed 1 is activated in its controller's Main Phase on an "
                "empty chain (R8)" + _MAIN_PHASE_ONLY)
    return None


def extra_zone_problem(card: Card) -> str | None:
    """Why ``card`` cannot be in an Extra Monster Zone (Master Rule 2020: only a monster
    Special Summoned from the Extra Deck is placed there), or ``None`` if it can."""
    if card.card_type is CardType.MONSTER and card.frame in EXTRA_DECK_FRAMES:
        return None
    frame = card.frame.value.capitalize() if card.frame is not None else "non-Extra-Deck"
    return (f"{card.name()} is a {frame} Monster, and an Extra Monster Zone holds only a "
            "monster Special Summoned from the Extra Deck (Fusion, Synchro, Xyz, Link) "
            "(R:extra_monster_zone)")


def replacement_problem(card: Card, other: Card) -> str | None:
    """Why ``card``, a monster that may replace its own destruction (R183), may not be in one
    situation with ``other``: a tie of ``other`` destroys the monster it holds when ``other``
    goes (Premature Burial, Call of the Haunted: R108), and that destruction does not ask the
    replacement; ``None`` when they may meet."""
    if not any(effect.replaces_destruction is not None for effect in card.effects):
        return None
    if not any(effect.tie is not None and effect.tie.destroy_monster_when is not None
               for effect in other.effects):
        return None
    return (f"{other.id} destroys the monster it is tied to when it leaves the field "
            f"(R:tied_cards), and {card.id}'s replacement of its own destruction is not asked "
            "then, which is not modelled (R:destruction_replacement): the book would show it "
            "destroyed with no choice")


def negation_problem(card: Card, other: Card) -> str | None:
    """Why ``card`` may not be in one situation with ``other`` (another copy of it when they
    are the same card): an effect of ``card`` would negate the continuous effects of
    ``other``, a Spell or Trap Card (its protection, its raise, its lock, its tie: R123,
    R157), and the engine negates only the effects activated on the field, not those;
    ``None`` when they may meet. A monster that a continuous effect of ``other`` negates
    (Jinzo beside Skill Drain) negates nothing while it does (R109): that pair is modelled."""
    if other.card_type not in (CardType.SPELL, CardType.TRAP):
        return None
    if not any(other.card_type in negated_card_types(effect) for effect in card.effects):
        return None
    if not any(effect.kind is EffectKind.CONTINUOUS or effect.tie is not None
               for effect in other.effects):
        return None
    if card.card_type is CardType.MONSTER and any(
            effect.negates_effects_of is not None for effect in other.effects):
        return None
    rule = "R123" if other.card_type is CardType.TRAP else "R157"
    return (f"{card.id} would negate the continuous effects of {other.id}, a "
            f"{other.card_type.value.title()} Card, and negating those is not modelled "
            f"({rule}): the book would show them applying")
