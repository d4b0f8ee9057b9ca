"""Laying out a finished :class:`~gamebook.book.pages.Book` as Markdown, HTML or text.

Templates hold layout only; every sentence is already in the page model. Markdown output
escapes the characters that would change its meaning; HTML output is autoescaped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from gamebook.book.narrate import Narrator
from gamebook.book.pages import Book
from gamebook.book.rulebook import RULE_NUMBER, reference_file
from gamebook.render.linebreak import columns, spans, units

TEMPLATES = Path(__file__).parent / "templates"
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|&~])")
# What makes a line a list item, a rule, a setext heading or a numbered item: made inert.
_MD_LINE_START = re.compile(r"^(\d+)([.)])|^([-+=])", re.MULTILINE)


def md_escape(text: str) -> str:
    """Escape Markdown syntax in a user-written string, on every line of it: the text reads
    the same and can open no heading, list, quote, code block, link, image or HTML tag."""
    return _md_escaped(str(text))


@cache  # a big book repeats the same lines on thousands of pages; emptied after each render
def _md_escaped(text: str) -> str:
    lines = [line.lstrip() for line in text.splitlines()] or [""]
    escaped = _MD_SPECIAL.sub(r"\\\1", "\n".join(lines))
    return _MD_LINE_START.sub(lambda m: f"{m[1]}\\{m[2]}" if m[1] else f"\\{m[3]}", escaped)


# Full-width punctuation that ends a label ("當前連鎖："): CommonMark does not close emphasis
# after a punctuation mark that a letter follows ("**當前連鎖：**無" shows its asterisks), so
# it goes after the closing delimiter ("**當前連鎖**：無").
_CLOSING_PUNCTUATION = "：；，。、！？"


def md_strong(text: str) -> str:
    """Markdown ``text`` (already escaped) in bold, with its final full-width punctuation
    after the closing ``**``, so that the bold closes whatever letter follows."""
    return _emphasis(str(text), "**")


def md_em(text: str) -> str:
    """:func:`md_strong` in italics."""
    return _emphasis(str(text), "*")


def _emphasis(text: str, marker: str) -> str:
    core = text.rstrip(_CLOSING_PUNCTUATION)
    if not core.strip():
        return text
    return f"{marker}{core}{marker}{text[len(core):]}"


def md_title(text: str) -> str:
    """:func:`md_escape` on one line (a heading cannot span lines)."""
    return md_escape(" ".join(str(text).split()))


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
    env.filters["md_title"] = md_title
    env.filters["strong"] = md_strong
    env.filters["em"] = md_em
    env.filters["rules"] = link_rules
    env.filters["h"] = html_escape
    env.filters["name_breaks"] = name_breaks
    env.filters["ph"] = jinja2.pass_context(_phrased)
    env.filters["ph_rules"] = jinja2.pass_context(
        lambda context, text: _phrased(context, text, rules=True))
    env.globals["rules_file"] = reference_file
    return env


def html_escape(text: str):  # -> markupsafe.Markup
    """``text`` escaped for HTML (a page template that escapes each value itself)."""
    from markupsafe import escape

    return _html_escaped(text) if type(text) is str else escape(text)


@cache  # a big book repeats the same lines on thousands of pages; emptied after each render
def _html_escaped(text: str):  # -> markupsafe.Markup
    from markupsafe import escape

    return escape(text)


def name_breaks(text: str):  # -> markupsafe.Markup
    """HTML for a card name that may break after its middle dots only (レオ・<wbr>ウィザード):
    a narrow box breaks a katakana name between its words, never inside one."""
    from markupsafe import Markup, escape

    return Markup(re.sub("([・･])(?=.)", r"\1<wbr>", str(escape(text))))


# Card names up to this many columns (a line of a phone's window) are never broken in the
# pages; a longer one may break where its words do.
NAME_COLUMNS = 32
_BREAKS_INSIDE = re.compile(r"[^\w]")  # a name with a space, hyphen or dot the browser breaks at


class Phrasing:
    """HTML for the sentences of one book's pages, card names and phrases kept whole.

    Between the phrases of a Japanese or Chinese sentence (:func:`~gamebook.render.linebreak.
    units`: BudouX's phrases, card names as units) a ``<wbr>`` marks where a line may break,
    and the pages' style (``word-break: keep-all``) allows no other break between their
    characters; a card name with a space, hyphen or dot in it (Borrelsword Dragon, レオ・ウィ
    ザード) is a ``<span class="name">`` that does not wrap. Each distinct line is made once.
    """

    def __init__(self, lang: str, names: tuple[str, ...]) -> None:
        self.lang = lang
        self.names = tuple(sorted(names))
        self.unbroken = tuple(name for name in self.names if _BREAKS_INSIDE.search(name)
                              and columns(name) <= NAME_COLUMNS)
        self._made: dict[tuple[str, bool], object] = {}

    @classmethod
    def of(cls, book: Book) -> Phrasing:
        from gamebook.book.tighten import short_names

        narrator = book.narrator
        names = set() if narrator is None else {narrator.card(i) for i in narrator.instances}
        if narrator is not None:
            names.update(short_names(narrator))  # 刺刀 after 「槍管刺刀龍」
        return cls(book.lang, tuple(names))

    def __call__(self, text: str, rules: bool = False):  # -> markupsafe.Markup
        key = (text, rules)
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = self._html(str(text), rules)
        return made

    def _html(self, text: str, rules: bool):  # -> markupsafe.Markup
        from markupsafe import Markup, escape

        text = " ".join(text.split())
        whole = [*spans(text, self.unbroken)]
        links = [match.span() for match in RULE_NUMBER.finditer(text)] if rules else []
        breaks = set() if self.lang == "en" else self._breaks(text)
        breaks -= {i for a, b in (*whole, *links) for i in range(a + 1, b)}
        marks: dict[int, list[str]] = {}
        for offset in breaks:
            marks.setdefault(offset, []).append("<wbr>")
        for a, b in whole:
            marks.setdefault(a, []).append('<span class="name">')
            marks.setdefault(b, []).insert(0, "</span>")
        for a, b in links:
            marks.setdefault(a, []).append(f'<a class="rule" href="#rule-{text[a:b]}">')
            marks.setdefault(b, []).insert(0, "</a>")
        pieces, previous = [], 0
        for offset in sorted(marks):
            pieces += [str(escape(text[previous:offset])), *marks[offset]]
            previous = offset
        pieces.append(str(escape(text[previous:])))
        return Markup("".join(pieces))

    def _breaks(self, text: str) -> set[int]:
        """Where a line of ``text`` may break between two of its units without a space."""
        found, offset = set(), 0
        for spaced, unit in units(text, self.lang, self.names, NAME_COLUMNS):
            offset += 1 if spaced else 0
            if offset and not spaced:
                found.add(offset)
            offset += len(unit)
        return found


def _phrased(context, text: str, rules: bool = False):  # -> markupsafe.Markup
    phrasing = context.get("phrasing")
    if phrasing is None:  # a template rendered without a book: escaped, rules linked
        return link_rules(text) if rules else html_escape(text)
    return phrasing(text, rules)


def link_rules(text: str):  # -> markupsafe.Markup
    """HTML for ``text``, every R-number a link to its entry in the same file's appendix."""
    return _rules_linked(text) if type(text) is str else _rules_linked.__wrapped__(text)


@cache  # a big book repeats the same lines on thousands of pages; emptied after each render
def _rules_linked(text: str):  # -> markupsafe.Markup
    from markupsafe import Markup, escape

    return Markup(RULE_NUMBER.sub(r'<a class="rule" href="#rule-\g<0>">\g<0></a>',
                                  str(escape(text))))


@contextmanager
def _escaping_once():
    """Each distinct line is escaped once while a book renders (a bounded cache would
    thrash on a book of 10^5 pages, whose every "From page N" line is new); the cache is
    emptied afterwards."""
    try:
        yield
    finally:
        for escaped in (_md_escaped, _html_escaped, _rules_linked):
            escaped.cache_clear()


def render(book: Book, fmt: str) -> str:
    """Render ``book`` as ``md``, ``html``, ``print`` (a print-ready HTML) or ``txt``."""
    return "".join(render_chunks(book, fmt))


def render_chunks(book: Book, fmt: str) -> Iterator[str]:
    """:func:`render` in pieces of about a megabyte, to be written one after the other: a
    book of 10^5 pages is hundreds of megabytes, and its Jinja pieces several times that."""
    with _escaping_once():
        narrator = Narrator(book.lang, {})
        if fmt in ("html", "print"):  # print: every page in number order, no script
            name = "book.html.j2" if fmt == "html" else "book.print.html.j2"
            template = _environment(True).get_template(name)
            yield from _blocks(template.generate(book=book, msg=narrator.msg,
                                                 phrasing=Phrasing.of(book)))
            return
        name = {"md": "book.md.j2", "txt": "book.txt.j2"}[fmt]
        template = _environment(False).get_template(name)
        yield from _squeezed(_blocks(template.generate(book=book, msg=narrator.msg)))


_BLANK_LINES = re.compile(r"\n{3,}")


# The size of the pieces a book's text is written in (characters): large enough that
# writing costs nothing, small enough that formats written together stay in step (about a
# few hundred pages between them, :func:`~gamebook.render.export.write_formats`).
BLOCK = 1 << 20


def _blocks(pieces: Iterator[str], size: int | None = None) -> Iterator[str]:
    """The pieces joined into blocks of about ``size`` characters (:data:`BLOCK`)."""
    size = size or BLOCK
    block: list[str] = []
    length = 0
    for piece in pieces:
        block.append(piece)
        length += len(piece)
        if length >= size:
            yield "".join(block)
            block, length = [], 0
    yield "".join(block)


def _squeezed(blocks: Iterator[str]) -> Iterator[str]:
    """The text with every run of blank lines made one; a run that spans two blocks is
    carried over whole, so the result is that of one ``re.sub`` over the whole text."""
    carry = ""
    for block in blocks:
        block = carry + block
        kept = block.rstrip("\n")
        carry = block[len(kept):]
        yield _BLANK_LINES.sub("\n\n", kept)
    yield _BLANK_LINES.sub("\n\n", carry)


def render_article(article, fmt: str) -> str:  # article: gamebook.book.article.Article
    """Render an article as ``md`` or ``html``: the explanation, then its book."""
    with _escaping_once():
        return _render_article(article, fmt)


def _render_article(article, fmt: str) -> str:
    narrator = Narrator(article.lang, {})
    names = {"book_preset": article.book_preset, "other_preset": article.other_preset}
    if fmt == "html":  # the diagrams drawn inside the page
        from dataclasses import replace

        from gamebook.render.diagram import inline_svg

        article = replace(article, diagrams=tuple(inline_svg(svg) for svg in article.diagrams))
        template = _environment(True).get_template("article.html.j2")
        return template.render(article=article, msg=narrator.msg,
                               phrasing=Phrasing.of(article.book), **names)
    text = _environment(False).get_template("article.md.j2").render(article=article,
                                                                     msg=narrator.msg, **names)
    return _BLANK_LINES.sub("\n\n", text)
