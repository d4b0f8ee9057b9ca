"""``gamebook check-book``: audit the structure of a hand-written gamebook walkthrough.

Rules teachers write numbered walkthroughs by hand ("1. ... Yes -> 2, No -> 3"), and pages
go missing, jumps point nowhere, branches stop without an ending. This module reads such a
book in plain text or Markdown, Chinese or English, turns it into a page graph and runs the
same structural audit as generated books (:mod:`gamebook.audit.graphcheck`).

The module reads top-down:

1. :func:`read_book_text` turns the bytes of a file into text (UTF-8, UTF-16/32 with a
   byte-order mark, or GB18030/Big5 recognised by their common characters).
2. :func:`parse_book` finds page headings, the line where the book starts, and each page's
   jumps and ending markers. What it accepts is documented in ``docs/check-book.md``.
3. :func:`check_book` builds the page graph and reports missing pages, dangling jumps,
   unreachable pages, dead ends, endless cycles, duplicate pages and statistics.
4. :func:`render_text`, :func:`render_json` and :func:`render_dot` lay the report out;
   the command itself is :mod:`gamebook.cli.checkbook`.
"""

from __future__ import annotations

import codecs
import json
import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import networkx as nx

from gamebook.audit.graphcheck import GraphReport, check_graph
from gamebook.errors import InputError

__all__ = [
    "Jump",
    "Walkthrough",
    "WalkthroughPage",
    "WalkthroughReport",
    "check_book",
    "decode_book_bytes",
    "find_jumps",
    "is_ending_line",
    "load_book",
    "parse_book",
    "read_book_text",
    "render_dot",
    "render_json",
    "render_text",
]

SUPPORTED_ENCODINGS = "UTF-8, UTF-16 or UTF-32 with a byte-order mark, GB18030 or Big5"

# --------------------------------------------------------------------------------------------
# Reading bytes
# --------------------------------------------------------------------------------------------

_BOMS: tuple[tuple[bytes, str, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32", "UTF-32"),  # before UTF-16 LE: it starts with the same bytes
    (codecs.BOM_UTF32_BE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8-sig", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"),
)

# Frequent characters of Chinese prose and of gamebooks, simplified and traditional. Text
# decoded with the right legacy codec is full of them; decoded with the wrong one it is not.
_COMMON_HANZI = frozenset(
    "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自"
    "之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些"
    "主样理心本前开但因只从想实日者意无力它与长把机十第公此已工使情明性知全三又关点正业外将"
    "两高间由问很最重并物手应战向头文体這個們來為國說時會對過發後裡種經麼學現當沒動還進樣實"
    "無與長機點業將兩間問應戰頭體玩效果攻击擊宣言连連锁鎖场場卡怪兽獸回合阶階段步骤驟伤傷害"
    "计計算页頁跳结結束再次否选選择擇"
)
_MIN_HANZI = 4
_MIN_COMMON_SHARE = 0.15


def read_book_text(path: str | Path) -> str:
    """Read a walkthrough file as text; raise :class:`InputError` if that is not possible."""
    from gamebook.inputs.files import read_input

    return decode_book_bytes(read_input(path, "a walkthrough text file"), path)


def decode_book_bytes(data: bytes, path: str | Path | None = None) -> str:
    """Decode a walkthrough: BOM first, then UTF-8, then GB18030 or Big5 by character statistics."""
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            return _checked_nonempty(_decode_with_bom(data, codec, name, path), path)
    if b"\x00" in data:
        raise InputError(path, None, "looks like a binary file (it contains NUL bytes); "
                                     f"expected a text file in {SUPPORTED_ENCODINGS}")
    try:
        return _checked_nonempty(data.decode("utf-8"), path)
    except UnicodeDecodeError as error:
        utf8_error = error
    legacy = _guess_chinese_encoding(data)
    if legacy is not None:
        return _checked_nonempty(data.decode(legacy), path)
    line = data.count(b"\n", 0, utf8_error.start) + 1
    raise InputError(path, line, f"byte 0x{data[utf8_error.start]:02X} is not valid UTF-8 and "
                                 "the file does not read as GB18030 or Big5 Chinese text either; "
                                 f"expected {SUPPORTED_ENCODINGS} (save it as UTF-8)")


def _decode_with_bom(data: bytes, codec: str, name: str, path: str | Path | None) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as error:
        raise InputError(path, None, f"starts with a {name} byte-order mark but byte "
                                     f"{error.start} is not valid {name}") from None


def _checked_nonempty(text: str, path: str | Path | None) -> str:
    if not text.strip():
        raise InputError(path, None, "the file is empty; expected a numbered walkthrough")
    return text


def _guess_chinese_encoding(data: bytes) -> str | None:
    """``"gb18030"`` or ``"cp950"`` (Big5): the codec under which the bytes read as Chinese
    prose (the larger share of common characters if both do), else None."""
    shares: dict[str, float] = {}
    for codec in ("gb18030", "cp950"):
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        hanzi = [char for char in text if "\u4e00" <= char <= "\u9fff"]
        if len(hanzi) >= _MIN_HANZI:
            shares[codec] = sum(char in _COMMON_HANZI for char in hanzi) / len(hanzi)
    fitting = {codec: share for codec, share in shares.items() if share >= _MIN_COMMON_SHARE}
    if not fitting:
        return None
    return max(fitting, key=fitting.__getitem__)


# --------------------------------------------------------------------------------------------
# Recognising headings, jumps and endings in one line
# --------------------------------------------------------------------------------------------

# Full-width ASCII (U+FF01..U+FF5E) and the ideographic space read as their ASCII forms.
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def normalize_line(line: str) -> str:
    """Full-width digits and punctuation become ASCII; nothing else changes."""
    return line.translate(_FULL_WIDTH)


_HEADING_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("markdown", re.compile(
        r"#{1,6}[ \t]*(?:(?:page|section|p\.?)[ \t]*|第[ \t]*)?(\d{1,5})"
        r"(?:[ \t]*[页頁节節])?(?!\w)", re.IGNORECASE)),
    ("chinese", re.compile(r"第[ \t]*(\d{1,5})[ \t]*[页頁节節]")),
    ("page", re.compile(
        r"(?:page|section)[ \t]+(\d{1,5})(?=[ \t]*(?:$|[.:)|\-—–]))", re.IGNORECASE)),
    ("number", re.compile(r"(\d{1,5})[ \t]*[.、](?!\d)")),
)

HEADING_STYLES = {
    "number": '"12." or "12、"',
    "chinese": '"第12页"',
    "markdown": '"## 12"',
    "page": '"Page 12"',
}

_ARROW = r"(?:-{1,2}>|={1,2}>|[—–]>|→|⇒|➔|➜|➡|⟶|⟹)"
_VERB_ZH = (r"(?:跳到|跳至|跳转到|跳轉到|跳转至|跳轉至|转到|轉到|转至|轉至|翻到|翻至|前往|"
            r"请看|請看|参见|參見|参看|參看)")
_VERB_EN = r"(?:\bgo[ \t]*to|\bturn[ \t]+to|\bjump[ \t]+to|\bskip[ \t]+to|\bproceed[ \t]+to|" \
           r"\bcontinue[ \t]+(?:at|to|with))\b"
_SEE = r"(?:\bsee\b|见|見)"
_PAGE_WORD = r"(?:(?:page|p\.|p|section|§)[ \t]*|第[ \t]*)?"
_OPEN = r"[\[*_]{0,3}"
_CLOSE = r"[\]*_]{0,3}(?:[ \t]*[页頁号號节節])?"
_LENIENT_END = r"(?!\.?\d)(?![A-Za-z])"
_STRICT_END = r"(?!\.?\d)(?![ \t]*[^\W\d_])"
_NOT_AFTER_NUMBER = r"(?<!\d)(?<!\d[ \t])"
_JUMP = re.compile(
    rf"{_ARROW}[ \t]*(?:{_VERB_ZH}|{_VERB_EN})[ \t]*"
    rf"{_PAGE_WORD}{_OPEN}(\d{{1,5}}){_CLOSE}{_LENIENT_END}"
    rf"|(?:{_VERB_ZH}|{_VERB_EN})[ \t]*{_PAGE_WORD}{_OPEN}(\d{{1,5}}){_CLOSE}{_LENIENT_END}"
    rf"|{_NOT_AFTER_NUMBER}{_ARROW}[ \t]*{_PAGE_WORD}{_OPEN}(\d{{1,5}}){_CLOSE}{_STRICT_END}"
    rf"|{_SEE}[ \t]*{_PAGE_WORD}{_OPEN}(\d{{1,5}}){_CLOSE}{_STRICT_END}",
    re.IGNORECASE,
)

_ENDING_IN_LINE = re.compile(
    rf"\([ \t]*the[ \t]+end[ \t]*\)"
    rf"|(?-i:\bTHE[ \t]+END\b)"
    rf"|{_ARROW}[ \t]*(?:(?-i:(?:THE[ \t]+)?END\b)|(?:完|结束|結束)(?!\w))"
    # a Chinese ending word as the last "sentence" of a line: "…攻击怪兽被破坏。完"
    rf"|(?<=[。.!?])[ \t]*[(（]?(?:全文完|全书完|全書完|完结|完結|完|结束|結束)[)）]?[ \t]*$",
    re.IGNORECASE,
)
_ENDING_WORDS = frozenset({"完", "结束", "結束", "终", "終", "完结", "完結", "全文完", "全书完",
                           "全書完", "終了", "終わり", "おわり", "end", "the end", "fin"})
_DECORATION = " \t*_~#-—–=·•.。!！?？()（）[]【】「」『』<>《》〈〉:"


def heading_of(line: str) -> tuple[str, int, str] | None:
    """``(style, page number, rest of the line)`` if ``line`` is a page heading, else None.

    Headings start in the first column; Markdown bold around them (``**12.**``) is allowed.
    The rest of the line is returned as written (full-width characters kept).
    """
    if line[:2] in ("**", "__"):
        line = line[2:].replace(line[:2], "", 1)
    text = normalize_line(line)  # same length as ``line``: the mapping is one to one
    for style, pattern in _HEADING_PATTERNS:
        match = pattern.match(text)
        if match and int(match.group(1)) >= 1:
            return style, int(match.group(1)), line[match.end():].strip()
    return None


def find_jumps(line: str) -> list[int]:
    """Page numbers this line sends the reader to, in order of appearance."""
    return [int(next(group for group in match.groups() if group is not None))
            for match in _JUMP.finditer(normalize_line(line))]


def is_ending_line(line: str) -> bool:
    """True if the line carries an ending marker such as ``(THE END)``, ``THE END`` or ``完``."""
    text = normalize_line(line)
    if _ENDING_IN_LINE.search(text):
        return True
    return text.strip(_DECORATION).strip().lower() in _ENDING_WORDS


# --------------------------------------------------------------------------------------------
# Parsing a whole book
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Jump:
    """A jump written on ``line`` of the file to page ``target``."""

    target: int
    line: int


@dataclass(frozen=True)
class WalkthroughPage:
    """One page of a walkthrough: its heading line, its jumps and whether it is an ending."""

    number: int
    line: int
    title: str
    jumps: tuple[Jump, ...]
    ending: bool


@dataclass(frozen=True)
class Walkthrough:
    """The pages of a walkthrough, in file order (duplicates included)."""

    path: str
    start_line: int
    style: str
    pages: tuple[WalkthroughPage, ...]
    start_rule: str


@dataclass(frozen=True)
class _Heading:
    line: int  # 1-based
    style: str
    number: int
    rest: str


def split_lines(text: str) -> list[str]:
    """Lines as an editor counts them (``\\r\\n``, ``\\r`` and ``\\n`` end a line)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def parse_book(text: str, *, path: str = "<input>", start_line: int | None = None,
               end_line: int | None = None) -> Walkthrough:
    """Find the book inside ``text`` and read its pages.

    The book starts at ``start_line`` if given (at the first page heading on or after it),
    else by the rule in :func:`_choose_start`. From there on, only headings of the same style
    as the first one are pages; everything up to the next such heading belongs to the page.
    The book ends at ``end_line`` if given (later lines, such as a translator's notes, are
    not read), else at the end of the text.
    """
    lines = split_lines(text.removeprefix("\ufeff"))
    if end_line is not None:
        if end_line > len(lines):
            raise InputError(path, None, f"--end-line {end_line} is outside the file "
                                         f"(lines 1-{len(lines)})")
        if start_line is not None and end_line < start_line:
            raise InputError(path, None, f"--end-line {end_line} is before --start-line "
                                         f"{start_line}")
        lines = lines[:end_line]
    line_jumps = [find_jumps(line) for line in lines]
    headings = [_Heading(number, *found) for number, line in enumerate(lines, start=1)
                if (found := heading_of(line)) is not None]
    if not headings:
        raise InputError(path, None, "no numbered pages found; expected page headings such "
                                     "as '1.', '1、', '第1页', '## 1' or 'Page 1' at the start "
                                     "of a line")
    if start_line is not None:
        start, rule = _forced_start(headings, start_line, len(lines), path)
    else:
        start, rule = _choose_start(headings, line_jumps)
    page_headings = [h for h in headings if h.line >= start.line and h.style == start.style]
    ends = [h.line - 1 for h in page_headings[1:]] + [len(lines)]
    pages = tuple(_read_page(heading, end, lines, line_jumps)
                  for heading, end in zip(page_headings, ends, strict=True))
    return Walkthrough(path=path, start_line=start.line, style=start.style, pages=pages,
                       start_rule=rule)


def _forced_start(headings: list[_Heading], start_line: int, line_count: int,
                  path: str) -> tuple[_Heading, str]:
    if not 1 <= start_line <= line_count:
        raise InputError(path, None, f"--start-line {start_line} is outside the file "
                                     f"(lines 1-{line_count})")
    for heading in headings:
        if heading.line >= start_line:
            return heading, f"--start-line {start_line}"
    raise InputError(path, start_line, "no page heading on or after this line "
                                       "(given by --start-line)")


def _choose_start(headings: list[_Heading],
                  line_jumps: list[list[int]]) -> tuple[_Heading, str]:
    """The book starts at the heading numbered 1 whose section holds the most working jumps.

    Each heading numbered 1 opens a candidate section that runs to the next heading numbered 1
    of the same style. A jump in that section "works" if its target is a heading of the same
    style in the section. The candidate with the most working jumps wins; on a tie the later
    one wins (a preface comes before the book). A numbered rule list before the book
    ("1. ... 7.") holds no jumps, and a numbered list of choices inside a Markdown page
    ("1. attack: go to 2") reaches few of its own items, so both lose to the book.
    Without any heading numbered 1 the book starts at the first heading.
    """
    firsts = [h for h in headings if h.number == 1]
    if not firsts:
        return headings[0], "no heading numbered 1: the first heading"
    best, best_score = firsts[0], -1
    for index, candidate in enumerate(firsts):
        following = [h for h in firsts[index + 1:] if h.style == candidate.style]
        end = following[0].line - 1 if following else len(line_jumps)
        score = _working_jumps(candidate, end, headings, line_jumps)
        if score >= best_score:
            best, best_score = candidate, score
    if len(firsts) == 1:
        return best, "the only heading numbered 1"
    return best, f"of {len(firsts)} headings numbered 1, the one followed by the most jumps"


def _working_jumps(start: _Heading, end: int, headings: list[_Heading],
                   line_jumps: list[list[int]]) -> int:
    """Jumps in lines ``start.line..end`` whose target is a same-style heading in that range.

    ``headings`` is in line order, so the section's headings are found by bisection.
    """
    first = bisect_left(headings, start.line, key=lambda h: h.line)
    last = bisect_right(headings, end, key=lambda h: h.line)
    numbers = {h.number for h in headings[first:last] if h.style == start.style}
    return sum(target in numbers for targets in line_jumps[start.line - 1:end]
               for target in targets)


def _read_page(heading: _Heading, end: int, lines: list[str],
               line_jumps: list[list[int]]) -> WalkthroughPage:
    """The page from ``heading`` to line ``end``: its jumps and whether it is an ending."""
    jumps = tuple(Jump(target, number) for number in range(heading.line, end + 1)
                  for target in line_jumps[number - 1])
    # On the heading line only the text after the page number can be an ending ("8. 完").
    ending = is_ending_line(heading.rest) or any(
        is_ending_line(lines[number - 1]) for number in range(heading.line + 1, end + 1))
    return WalkthroughPage(number=heading.number, line=heading.line, title=heading.rest[:80],
                           jumps=jumps, ending=ending)


def load_book(path: str | Path, *, start_line: int | None = None,
              end_line: int | None = None) -> Walkthrough:
    """Read and parse the walkthrough at ``path``."""
    return parse_book(read_book_text(path), path=str(path), start_line=start_line,
                      end_line=end_line)


# --------------------------------------------------------------------------------------------
# Checking
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WalkthroughReport:
    """Every structural problem of a walkthrough, with page numbers, and its statistics."""

    book: Walkthrough
    graph: nx.DiGraph = field(repr=False, compare=False)
    graph_report: GraphReport
    missing_pages: tuple[int, ...]
    dangling_jumps: tuple[tuple[int, Jump], ...]
    unreachable_pages: tuple[int, ...]
    dead_ends: tuple[int, ...]
    cycles_without_ending: tuple[tuple[int, ...], ...]
    duplicate_pages: tuple[int, ...]

    @property
    def root(self) -> int:
        return self.graph_report.root

    @property
    def problem_count(self) -> int:
        """How many problems were found (each missing page, jump, page or cycle counts one)."""
        return sum(len(found) for found in (
            self.missing_pages, self.dangling_jumps, self.unreachable_pages, self.dead_ends,
            self.cycles_without_ending, self.duplicate_pages))

    @property
    def ok(self) -> bool:
        return self.problem_count == 0

    @cached_property
    def pages_by_number(self) -> dict[int, list[WalkthroughPage]]:
        """Every copy of each page number, in file order."""
        found: dict[int, list[WalkthroughPage]] = {}
        for page in self.book.pages:
            found.setdefault(page.number, []).append(page)
        return found

    def page_line(self, number: int) -> int | None:
        """Line of the first heading of page ``number``."""
        copies = self.pages_by_number.get(number)
        return copies[0].line if copies else None

    def stats(self) -> dict[str, Any]:
        report = self.graph_report
        return {
            "pages": self.graph.number_of_nodes(),
            "endings": sum(1 for _, ending in self.graph.nodes(data="ending") if ending),
            "jumps": sum(len(page.jumps) for page in self.book.pages),
            "longest_path": "infinite" if report.longest_path is None else report.longest_path,
            "paths": "infinite" if report.path_count is None else report.path_count,
        }


def page_graph(book: Walkthrough) -> nx.DiGraph:
    """Pages as nodes (attribute ``ending``), jumps to existing pages as edges.

    Copies of a duplicated page are merged: their jumps are united and the page is an
    ending if any copy is.
    """
    graph = nx.DiGraph()
    for page in book.pages:
        ending = page.ending or graph.nodes.get(page.number, {}).get("ending", False)
        graph.add_node(page.number, ending=ending)
    for page in book.pages:
        graph.add_edges_from((page.number, jump.target) for jump in page.jumps
                             if jump.target in graph)
    return graph


def check_book(book: Walkthrough) -> WalkthroughReport:
    """Run the shared graph audit on ``book`` and add the checks only a numbered book has."""
    graph = page_graph(book)
    root = 1 if 1 in graph else min(graph)
    report = check_graph(graph, root, lambda page: graph.nodes[page]["ending"])
    numbers = [page.number for page in book.pages]
    pages_with_jumps = {page.number for page in book.pages if page.jumps}
    return WalkthroughReport(
        book=book,
        graph=graph,
        graph_report=report,
        missing_pages=tuple(sorted(set(range(1, max(numbers) + 1)) - set(numbers))),
        dangling_jumps=tuple((page.number, jump) for page in book.pages for jump in page.jumps
                             if jump.target not in graph),
        unreachable_pages=report.unreachable,
        # A page whose only jumps point to missing pages is reported as dangling jumps.
        dead_ends=tuple(page for page in report.dead_ends if page not in pages_with_jumps),
        cycles_without_ending=report.cycles_without_ending,
        duplicate_pages=tuple(sorted(n for n, count in Counter(numbers).items() if count > 1)),
    )


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------


def _number_list(numbers: Iterable[int]) -> str:
    """``1, 2, 5-9`` (runs of three or more become ranges)."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    parts = [f"{run[0]}-{run[-1]}" if len(run) >= 3 else ", ".join(map(str, run)) for run in runs]
    return ", ".join(parts) if parts else "none"


def _pages_with_lines(report: WalkthroughReport, numbers: Iterable[int]) -> str:
    parts = [f"{number} (line {report.page_line(number)})" for number in numbers]
    return ", ".join(parts) if parts else "none"


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _statistics_line(report: WalkthroughReport) -> str:
    stats = report.stats()
    longest = stats["longest_path"]
    paths = stats["paths"]
    longest_text = ("unbounded (a cycle is reachable)" if longest == "infinite"
                    else _counted(longest, "jump"))
    paths_text = ("infinitely many paths" if paths == "infinite"
                  else f"{_counted(paths, 'distinct path')}")
    return (f"Statistics: {_counted(stats['pages'], 'page')}, "
            f"{_counted(stats['endings'], 'ending')}, {_counted(stats['jumps'], 'jump')}; "
            f"from page {report.root}: longest path {longest_text}, {paths_text} to an ending")


def render_text(report: WalkthroughReport) -> str:
    """A report for people: every problem with page and line numbers, then statistics."""
    book = report.book
    lines = [
        f"{book.path}: the book starts at line {book.start_line}, page {book.pages[0].number} "
        f"[{book.start_rule}]; page headings like {HEADING_STYLES[book.style]}",
        f"Missing pages (skipped in the numbering): {_number_list(report.missing_pages)}",
        "Jumps to pages that do not exist: " + (", ".join(
            f"page {source} -> {jump.target} (line {jump.line})"
            for source, jump in report.dangling_jumps) or "none"),
        f"Pages not reachable from page {report.root}: "
        f"{_pages_with_lines(report, report.unreachable_pages)}",
        f"Dead ends (no jump, no ending): {_pages_with_lines(report, report.dead_ends)}",
        "Cycles from which no ending can be reached: " + ("; ".join(
            "pages " + ", ".join(map(str, cycle)) for cycle in report.cycles_without_ending)
            or "none"),
        "Duplicate page numbers: " + (", ".join(
            f"{number} (lines {', '.join(str(p.line) for p in report.pages_by_number[number])})"
            for number in report.duplicate_pages) or "none"),
        _statistics_line(report),
        "No problems found." if report.ok
        else f"{_counted(report.problem_count, 'problem')} found.",
    ]
    return "\n".join(lines)


def render_json(report: WalkthroughReport) -> str:
    """The report as a JSON object (see docs/check-book.md for the keys)."""
    book = report.book
    data = {
        "file": book.path,
        "start_line": book.start_line,
        "start_rule": book.start_rule,
        "heading_style": book.style,
        "root": report.root,
        "ok": report.ok,
        "missing_pages": list(report.missing_pages),
        "dangling_jumps": [{"from": source, "to": jump.target, "line": jump.line}
                           for source, jump in report.dangling_jumps],
        "unreachable_pages": list(report.unreachable_pages),
        "dead_ends": list(report.dead_ends),
        "cycles_without_ending": [list(cycle) for cycle in report.cycles_without_ending],
        "duplicate_pages": list(report.duplicate_pages),
        "stats": report.stats(),
        "pages": [{"page": page.number, "line": page.line, "title": page.title,
                   "jumps": [jump.target for jump in page.jumps], "ending": page.ending}
                  for page in book.pages],
    }
    return json.dumps(data, indent=2)


def dot_string(*lines: str) -> str:
    """``lines`` as one double-quoted DOT string, lines separated by DOT's ``\\n``.

    Backslashes and quotes are escaped and control characters become spaces, so no text
    from the file can end the string or start a DOT escape sequence.
    """
    escaped = ("".join(char if char.isprintable() else " " for char in line)
               .replace("\\", "\\\\").replace('"', '\\"') for line in lines)
    return '"' + "\\n".join(escaped) + '"'


def render_dot(report: WalkthroughReport) -> str:
    """The page graph as Graphviz DOT, problems highlighted.

    Endings are double circles, dead ends and pages on endless cycles red, unreachable pages
    grey, missing pages (skipped numbers and jump targets that do not exist) dashed red.
    """
    graph = report.graph
    endless = {page for cycle in report.cycles_without_ending for page in cycle}
    name = Path(report.book.path).name
    summary = "no problems" if report.ok else _counted(report.problem_count, "problem")
    out = [f"digraph {dot_string(name)} {{",
           f"  label={dot_string(f'{name}: {summary}')};",
           "  labelloc=t;",
           "  rankdir=TB;",
           '  node [shape=circle, fontname="Helvetica"];']
    for number in sorted(graph):
        out.append(f"  {number} [{_node_attributes(report, number, endless)}];")
    missing = sorted(set(report.missing_pages) | {jump.target for _, jump in report.dangling_jumps})
    for number in missing:
        out.append(f"  {number} [label={dot_string(str(number), 'missing')}, style=dashed, "
                   "color=red, fontcolor=red];")
    for source, target in sorted(graph.edges):
        style = ", color=red" if source in endless and target in endless else ""
        out.append(f"  {source} -> {target}{' [' + style[2:] + ']' if style else ''};")
    for source, jump in report.dangling_jumps:
        out.append(f"  {source} -> {jump.target} [style=dashed, color=red];")
    out.append("}")
    return "\n".join(out) + "\n"


def _node_attributes(report: WalkthroughReport, number: int, endless: set[int]) -> str:
    page = report.pages_by_number[number][0]
    notes = [note for note, applies in (("dead end", number in report.dead_ends),
                                        ("no ending", number in endless),
                                        ("duplicate", number in report.duplicate_pages))
             if applies]
    attributes = [f"label={dot_string(str(number), *notes)}", f"tooltip={dot_string(page.title)}"]
    if report.graph.nodes[number]["ending"]:
        attributes.append("shape=doublecircle")
    if number == report.root:
        attributes.append("penwidth=2")
    if number in report.unreachable_pages:
        attributes += ["style=filled", "fillcolor=lightgrey", "color=grey", "fontcolor=grey40"]
    if number in report.dead_ends or number in endless or number in report.duplicate_pages:
        attributes.append("color=red")
    return ", ".join(attributes)
