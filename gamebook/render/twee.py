"""``book.twee``: the book as a Twine 2 story in Twee 3 (the text format Twine imports).

One passage per page, named like the page ("Page 12"), its story in plain lines and its
choices as links ``[[text->Page 12]]``; a ``StoryTitle`` and a ``StoryData`` passage (the
IFID, the story format, the start passage). The story format is Harlowe, Twine 2's
default; every line of prose is Harlowe verbatim markup (between backticks), so no card
name or title a user wrote can become markup, a macro or HTML.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Iterator

from gamebook.book.narrate import Narrator
from gamebook.book.pages import Book, Page

STORY_FORMAT = "Harlowe"
STORY_FORMAT_VERSION = "3.3.8"
# Twee 3: in a passage name or tag, these open a tag list or metadata, or escape.
_NAME_SPECIAL = re.compile(r"([\[\]{}\\])")
# In link text: what would end the link or be read as its target.
_LINK_SPECIAL = re.compile(r"->|<-|\||\[|\]")


def ifid(book: Book) -> str:
    """A version-4 UUID made from the book's title and language (the same every run)."""
    digest = hashlib.sha256(f"gamebook\0{book.title}\0{book.lang}".encode()).digest()
    return str(uuid.UUID(bytes=digest[:16], version=4)).upper()


def passage_name(narrator: Narrator, number: int) -> str:
    return narrator.msg("meta.page", number=number)


def _header_name(name: str) -> str:
    return _NAME_SPECIAL.sub(r"\\\1", name)


def _verbatim(line: str) -> str:
    """A line of prose as Harlowe verbatim text: shown as it is, never read as markup."""
    line = " ".join(line.replace("`", "\u02bc").split())  # a backtick would end the verbatim
    return f"`{line}`" if line else ""


def _link_text(text: str) -> str:
    return " ".join(_LINK_SPECIAL.sub(lambda m: {"->": "→", "<-": "←", "|": "/", "[": "(",
                                                 "]": ")"}[m[0]], text).split())


def _passage(narrator: Narrator, page: Page, intro: tuple[str, ...] = ()) -> list[str]:
    lines = []
    lines += [_verbatim(line) for line in intro] + ([""] if intro else [])
    if page.moment:
        lines.append(_verbatim(page.moment))
    for arrival in page.arrivals:
        if arrival.from_page:
            lines.append(_verbatim(
                narrator.msg("meta.from_page", page=arrival.from_page, choice=arrival.choice)
                if arrival.choice else narrator.msg("meta.from_page_only",
                                                    page=arrival.from_page)))
        lines += [_verbatim(line) for line in arrival.lines]
    if page.then:
        lines.append(_verbatim(narrator.msg("meta.then")))
        lines += [_verbatim(line) for line in page.then]
    lines.append("")
    if page.chain or not page.terminal:
        chain = narrator.join(page.chain) or narrator.msg("meta.chain_empty")
        lines.append(_verbatim(narrator.labelled("meta.chain", chain)))
    if not page.terminal:
        lines.append(_verbatim(narrator.msg("meta.label", label=narrator.msg("meta.field"))))
        lines += [_verbatim(line) for line in page.field]
    lines += [_verbatim(line) for line in (*page.can, *page.cannot)]
    lines.append("")
    if page.terminal:
        lines.append(_verbatim(narrator.msg("meta.the_end")))
        lines += [_verbatim(line) for line in page.ending]
    else:
        lines.append(_verbatim(narrator.msg("meta.to_move",
                                            player=narrator.player(page.to_move))))
        for choice in page.choices:
            target = passage_name(narrator, choice.page)
            lines.append(f"[[{_link_text(choice.label)} → {choice.page}->{target}]]")
    return lines


def book_twee(book: Book) -> str:
    """The Twee 3 source of ``book``."""
    return "".join(twee_chunks(book))


def twee_chunks(book: Book) -> Iterator[str]:
    """:func:`book_twee` a passage at a time, reading ``book.pages`` once."""
    narrator = Narrator(book.lang, {})
    data = {"ifid": ifid(book), "format": STORY_FORMAT, "format-version": STORY_FORMAT_VERSION,
            "start": passage_name(narrator, 1),
            # Twine's story map colours a passage by its tag: who decides, or an ending
            "tag-colors": {"A": "blue", "B": "red", "ending": "green"}}
    title = " ".join(book.title.split())
    yield "\n".join([":: StoryTitle", "\\" + title if title.startswith("::") else title, "",
                     ":: StoryData", json.dumps(data, ensure_ascii=False, indent=2), ""])
    for page in book.pages:
        tags = " [ending]" if page.terminal else f" [{page.to_move}]"
        out = [f":: {_header_name(passage_name(narrator, page.number))}{tags}"]
        intro = (book.description, book.language_line, book.rules_line,
                 book.scope_line) if page.number == 1 else ()
        body = _passage(narrator, page, tuple(line for line in intro if line))
        while body and body[-1] == "":
            body.pop()
        out += body
        out.append("")
        yield "\n" + "\n".join(out)
