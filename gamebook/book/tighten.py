"""Tighter pages: what a page has said once, it does not say again in full.

A page's prose (what happened, what each player can and cannot activate, an ending's lines)
is put together from sentences told once per distinct event or note, each whole on its own.
Read in a row on one page they repeat themselves; this pass, run on each page's lines in
reading order, says things once:

- **a card's short name after its first full mention on the page** (the card file's
  ``short:``, 刺刀 after 「槍管刺刀龍」, "Borrelsword" after "Borrelsword Dragon"), in 「」
  where the name was. Each way onto a page ("From page N") starts afresh, since a reader
  reads only one of them; what follows them goes on from what every one of them named. The
  chain and field lines and the choices keep names whole: they are the page's reference block
  and its links, read on their own.
- **each rule cited once on a page**, in the ✘ line that needs it: a rule a ✘ line cites is
  not cited again in the narration above it, and a rule the narration has cited is not cited
  again further down, but every ✘ line keeps its own.

Nothing but words goes: the facts (who can or cannot activate what, and why; every choice)
are the page model's, untouched (``tests/test_page_facts.py`` compares them).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from gamebook.book.rulebook import RULE_NUMBER, cited

if TYPE_CHECKING:
    from gamebook.book.narrate import Narrator

Mentioned = frozenset[str]
# A parenthesis holding citations: "（同時誘發順序，R20）", "(R14, R17)".
_CITATIONS = re.compile(r" ?[（(]([^（）()]*?R\d{1,3}[^（）()]*)[）)]")


class Tightener:
    """The short names of one book's cards, and the pass over each page's lines."""

    def __init__(self, narrator: Narrator) -> None:
        quoted = narrator.msg("card_activation", card="\0").split("\0")
        self.quotes = (quoted[0], quoted[1]) if len(quoted) == 2 else ("", "")
        self.shorts = _shorts(narrator)
        self._names: dict[str, str] = {}  # a name as a page writes it: its card instance
        for instance, (full, _short) in self.shorts.items():
            self._names[full] = instance
        names = sorted(self._names, key=len, reverse=True)  # the longest name first
        open_, close = (re.escape(mark) for mark in self.quotes)
        if self.quotes[0]:  # 「name」: the quotation marks bound the name
            pattern = f"{open_}({'|'.join(map(re.escape, names))}){close}"
        else:  # a name between words
            pattern = rf"(?<![\w-])({'|'.join(map(re.escape, names))})(?![\w-])"
        self._pattern = re.compile(pattern) if names else None
        self._said: dict[tuple[str, Mentioned], tuple[str, Mentioned]] = {}
        # the same lines are read after the same rules on thousands of pages
        self._cited: dict[tuple[str, frozenset[str]], tuple[str, frozenset[str]]] = {}
        self._rules_of: dict[tuple[str, ...], frozenset[str]] = {}

    def cited(self, lines: tuple[str, ...]) -> frozenset[str]:
        """The R-numbers ``lines`` cite: a page's ✘ lines, the same on many pages."""
        found = self._rules_of.get(lines)
        if found is None:
            found = self._rules_of[lines] = frozenset(cited(lines))
        return found

    def names(self, line: str, mentioned: Mentioned) -> tuple[str, Mentioned]:
        """``line`` with the short name of every card already ``mentioned``, and the cards
        mentioned once it is read."""
        if self._pattern is None:
            return line, mentioned
        key = (line, mentioned)
        found = self._said.get(key)
        if found is None:
            found = self._said[key] = self._names_in(line, mentioned)
        return found

    def _names_in(self, line: str, mentioned: Mentioned) -> tuple[str, Mentioned]:
        seen = set(mentioned)
        open_, close = self.quotes

        def shorten(match: re.Match[str]) -> str:
            instance = self._names[match.group(1)]
            if instance not in seen:
                seen.add(instance)
                return match.group(0)
            return f"{open_}{self.shorts[instance][1]}{close}"

        assert self._pattern is not None
        return self._pattern.sub(shorten, line), frozenset(seen)

    def read(self, lines: Iterable[str], before: Reading, *, keep_rules: bool = False
             ) -> tuple[tuple[str, ...], Reading]:
        """``lines`` as read after ``before``: short names after a card's first mention, no
        rule cited twice (unless ``keep_rules``: a ✘ line keeps its own citation)."""
        mentioned, cited = before
        said = []
        for line in lines:
            if not keep_rules and "R" in line:  # no R: no citation (_cite_once)
                key = (line, cited)
                found = self._cited.get(key)
                if found is None:
                    found = self._cited[key] = _cite_once(line, cited)
                line, cited = found
            line, mentioned = self.names(line, mentioned)
            said.append(line)
        return tuple(said), (mentioned, cited)


#: What a reader has read so far on a page: the cards named in full, the rules cited.
Reading = tuple[Mentioned, frozenset[str]]
START: Reading = (frozenset(), frozenset())


def short_names(narrator: Narrator) -> tuple[str, ...]:
    """The short names a book of ``narrator``'s battle may use (the layout keeps them whole,
    as it keeps the full names)."""
    return tuple(short for _full, short in _shorts(narrator).values())


def _shorts(narrator: Narrator) -> dict[str, tuple[str, str]]:
    """``{instance: (full name, short name)}`` of the cards a book may shorten: a card with a
    short name in the book's language, told apart from the others by its name alone, whose
    short name is no other card's name, alias or short name in this battle."""
    lang = narrator.lang
    taken: dict[str, set[str]] = {}  # a name, alias or short name: the cards it may mean
    for card in narrator.instances.values():
        words = {card.name(lang), *card.aliases.get(lang, ()), card.short.get(lang, "")}
        for word in words - {""}:
            taken.setdefault(word, set()).add(card.id)
    shorts = {}
    for instance, card in narrator.instances.items():
        short = card.short.get(lang)
        full = narrator.card(instance)
        if short is None or full != card.name(lang) or taken.get(short) != {card.id}:
            continue  # no short name, two cards of one name ("Player B's X"), or shared
        if sum(1 for other in narrator.instances.values() if other.id == card.id) > 1:
            continue
        shorts[instance] = (full, short)
    return shorts


def drop_citations(line: str, rules: Iterable[str]) -> str:
    """``line`` without its citations of ``rules`` (``R22``) and without a second citation of
    any rule it cites twice, each parenthesis left with its other words and rules, or gone
    when nothing is left in it."""
    return _cite_once(line, frozenset(rules))[0]


def _cite_once(line: str, cited: frozenset[str]) -> tuple[str, frozenset[str]]:
    """``line`` citing no rule of ``cited`` and none twice, and the rules cited after it."""
    if "R" not in line:
        return line, cited
    seen = set(cited)

    def keep(match: re.Match[str]) -> str:
        inside = match.group(1)
        parts = re.split(r"([、，,]\s*)", inside)  # words, separator, words, …
        rest = ""
        for index in range(0, len(parts), 2):
            part = parts[index]
            if RULE_NUMBER.fullmatch(part.strip()):
                if part.strip() in seen:
                    continue
                seen.add(part.strip())
            rest += (parts[index - 1] if rest else "") + part
        if not rest.strip():
            return ""
        return match.group(0).replace(inside, rest)

    return _CITATIONS.sub(keep, line), frozenset(seen)
