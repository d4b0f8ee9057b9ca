"""A card's text for the article, one line per effect, in the reader's language.

Placeholder: each effect is its short label from the card file with its kind; the texts
rendered from the effect data (condition, cost, target, resolution, restrictions) will
replace this body. The article only calls :func:`card_text`.
"""

from __future__ import annotations

from gamebook.book.narrate import load_catalog
from gamebook.cards.model import Card


def card_text(card: Card, lang: str) -> list[str]:
    """The lines of ``card``'s text: its effects, in the card file's order."""
    kinds = load_catalog(lang)["article"]["effect_kind"]
    lines = []
    for effect in card.effects:
        label = effect.text.get(lang) or effect.text.get("en") or effect.id
        lines.append(kinds["line"].format(label=label, kind=kinds[effect.kind.value]))
    return lines
