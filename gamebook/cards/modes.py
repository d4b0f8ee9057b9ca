"""What a card file may say of modal effects ("Activate 1 of these effects", R:modal_effects),
and the activations one card may not have for being indistinguishable on a page.

An effect with ``modes`` is played as one effect per mode (:func:`~gamebook.cards.model.
mode_effects`): the choice names the mode by its ``text``, so two modes must read differently
in every language, and two ``kind: activate`` effects of one card that could be offered at the
same moment would both read "Activate <card>": that card is refused at the second one's line,
with the advice to write them as modes of one effect.
"""

from __future__ import annotations

from gamebook.cards.model import Card, Effect, EffectKind

# The kinds whose modes the engine plays: activated by choice at priority, one mode a time.
MODAL_KINDS = (EffectKind.ACTIVATE, EffectKind.QUICK)
RULE = "R:modal_effects"

Problem = tuple[tuple, str]  # (where in the effect, the reason in words)


def modes_problem(card: Card, effect: Effect) -> Problem | None:
    """Why ``effect`` of ``card`` is refused for its modes or for reading like another
    activation of the card, or ``None``; the place is relative to the effect."""
    if effect.mode_of is not None:
        return ("mode_of",), ("mode_of is the engine's, not a card file word: write the "
                              f"effects as 'modes' of one effect ({RULE})")
    if effect.modes:
        return _modes_problem(card, effect)
    return _same_words_problem(card, effect)


def _modes_problem(card: Card, effect: Effect) -> Problem | None:
    if effect.kind not in MODAL_KINDS:
        kinds = " or ".join(kind.value for kind in MODAL_KINDS)
        return ("modes",), (f"modes: only an effect of kind {kinds} may have modes; a "
                            f"{effect.kind.value} effect is not chosen by a player ({RULE})")
    if len(effect.modes) < 2:
        return ("modes",), f"modes: give at least 2 modes to choose from ({RULE})"
    for name in ("target", "cost", "resolution"):
        if getattr(effect, name):
            return (name,), (f"{name}: an effect with modes has none of its own: give each "
                             f"mode its {name} ({RULE})")
    ids = [other.id for other in card.effects if other is not effect]
    said: dict[str, dict[str, str]] = {}
    for at, mode in enumerate(effect.modes):
        if mode.id in ids:
            return ("modes", at, "id"), (f"modes: id {mode.id!r} is already an effect or mode "
                                         f"id of {card.id}: the activation names its mode by "
                                         f"its id ({RULE})")
        ids.append(mode.id)
        if "en" not in mode.text:
            return ("modes", at, "text"), (f"modes: mode {mode.id!r} needs 'text' with an "
                                           f"English ('en') label: the choice names the mode "
                                           f"by it ({RULE})")
        for lang, words in mode.text.items():
            other = said.setdefault(lang, {}).get(words)
            if other is not None:
                return ("modes", at, "text", lang), (
                    f"modes: modes {other!r} and {mode.id!r} read the same in {lang} "
                    f"({words!r}): the choices could not be told apart ({RULE})")
            said[lang][words] = mode.id
    return None


def _same_words_problem(card: Card, effect: Effect) -> Problem | None:
    """Two activations of the card itself offered at the same moment read "Activate <card>"
    twice: the second is refused."""
    if effect.kind is not EffectKind.ACTIVATE:
        return None
    for other in card.effects:
        if other is effect:
            return None
        if other.kind is EffectKind.ACTIVATE and not other.modes \
                and other.location is effect.location and _events(other) & _events(effect):
            return ("kind",), (f"a second activation of {card.id}, offered when {other.id!r} "
                               f"is, would read the same on the page (\"Activate "
                               f"{card.name()}\" twice): write the two as 'modes' of one "
                               f"effect, each with its own text ({RULE})")
    return None


def _events(effect: Effect) -> set:
    """The moments an activation answers (``None``: whenever it may be activated)."""
    return {effect.answers, *effect.also_answers}
