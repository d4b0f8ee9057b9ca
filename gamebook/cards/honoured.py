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
    Card,
    CardType,
    Condition,
    Effect,
    EffectKind,
    EventName,
    Location,
    MonsterFrame,
    SpellTrapType,
    spell_speed,
)

# Monsters that start in the Extra Deck and go back there, never to the hand or the Deck.
EXTRA_DECK_FRAMES = (MonsterFrame.LINK, MonsterFrame.FUSION, MonsterFrame.SYNCHRO,
                     MonsterFrame.XYZ)
# Events of "this card battled": they happen to a monster on the field (R51).
_BATTLED = (EventName.AFTER_DAMAGE_CALCULATION, EventName.INFLICTS_BATTLE_DAMAGE)
# Where a card must be to answer each event of its own: missing events may be answered from
# anywhere (an attack declaration, a Special Summon, damage to its controller).
_EVENT_LOCATIONS: dict[EventName, tuple[Location, ...]] = {
    EventName.AFTER_DAMAGE_CALCULATION: (Location.FIELD,),
    EventName.INFLICTS_BATTLE_DAMAGE: (Location.FIELD,),
    EventName.FLIPPED: (Location.FIELD,),
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
}
# The events a card answers from the banishment (R171): nothing else is activated there.
_FROM_BANISHMENT = (EventName.BANISHED, EventName.LEFT_FIELD, EventName.TRIBUTED,
                    EventName.DESTROYED_BY_EFFECT)
_EVENT_WHERE = {
    EventName.AFTER_DAMAGE_CALCULATION: "it happens to a monster that battled, on the field "
                                        "(R51)",
    EventName.INFLICTS_BATTLE_DAMAGE: "it happens to a monster that battled, on the field (R51)",
    EventName.FLIPPED: "it happens to a monster flipped face-up on the field (R6)",
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
}

Refusal = tuple[str, str]  # (the effect's key to point at, the reason in words)


def refusal(card: Card, effect: Effect) -> Refusal | None:
    """Why the engine would never act on ``effect`` of ``card`` as written, or ``None``."""
    kind, location = effect.kind, effect.location
    if card.card_type is CardType.MONSTER:
        found = _monster_refusal(card, effect)
    else:
        found = _spell_trap_refusal(card, effect)
    if found is not None:
        return found
    if Condition.SELF_ATTACKED_FACE_DOWN in effect.conditions:
        found = _attacked_face_down_refusal(card, effect)
        if found is not None:
            return found
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
                                "allows it, and the engine has no word for such a text yet: a "
                                "Trap is Set first and activated from the Spell & Trap Zone "
                                "(R9); leave location out")
        if location in (Location.GRAVEYARD, Location.BANISHED):
            return "location", (f"a {what} Card is activated from the field"
                                + (" or the hand" if what == "Spell" else "")
                                + f", never from the GY or the banishment ({rule}); an effect "
                                "a card activates there is kind: trigger or quick with "
                                f"location: {location.value}")
        return None
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
