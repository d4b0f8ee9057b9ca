"""Laying out a finished :class:`~gamebook.book.pages.Book` as Markdown, HTML or text.

Templates hold layout only; every sentence is already in the page model. Markdown output
escapes the characters that would change its meaning; HTML output is autoescaped.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from gamebook.book.narrate import Narrator
from gamebook.book.pages import Book

TEMPLATES = Path(__file__).parent / "templates"
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|])")


def md_escape(text: str) -> str:
    """Escape Markdown syntax characters in a user-written string."""
    return _MD_SPECIAL.sub(r"\\\1", str(text))


@cache
def _environment(autoescape: bool):  # pragma: no cover - trivial
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=autoescape,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["md"] = md_escape
    return env


def render(book: Book, fmt: str) -> str:
    """Render ``book`` as ``md``, ``html`` or ``txt``."""
    narrator = Narrator(book.lang, {})
    if fmt == "html":
        template = _environment(True).get_template("book.html.j2")
        return template.render(book=book, msg=narrator.msg)
    name = {"md": "book.md.j2", "txt": "book.txt.j2"}[fmt]
    text = _environment(False).get_template(name).render(book=book, msg=narrator.msg)
    return re.sub(r"\n{3,}", "\n\n", text)
