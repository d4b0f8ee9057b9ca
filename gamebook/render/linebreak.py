"""Line breaking for the diagrams' labels: whole words in every language.

English (and any text without CJK characters) breaks only at spaces. Japanese and Chinese
break between phrases, as BudouX (a small line-breaking model for ja, zh-Hans and zh-Hant)
segments them, so that a katakana word (リンクリボー) or a Chinese word (栗子球) is never cut.
Card names are units too: no break falls inside one unless the name alone is wider than a
line (then after its middle dots, レオ・|ウィザード, when it has any), and the edge of a card
name is a break point even inside a long phrase. Closing
punctuation (、：・, and a lone " · ") stays with the phrase before it, an opening bracket
with the one after.

BudouX is imported only when a label holds CJK characters.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_CJK = re.compile("[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")
# never at the start of a line (Japanese and Chinese line-breaking rules), nor at its end
_CLOSING = "、。，：；）」』〉》・ーぁぃぅぇぉっゃゅょァィゥェォッャュョ:;,.)"
_OPENING = "（「『〈《("
# the middle dots between the words of a katakana name (レオ・ウィザード): where a card name
# wider than a line breaks
_DOTS = frozenset("・･")
_PARSERS = {"ja": "load_default_japanese_parser",
            "zh-Hans": "load_default_simplified_chinese_parser",
            "zh-Hant": "load_default_traditional_chinese_parser"}


def columns(value: str) -> int:
    """The width of ``value`` in columns: a wide (CJK) character counts two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in value)


def cjk(char: str) -> bool:
    return unicodedata.east_asian_width(char) in "WF"


@lru_cache(maxsize=4)
def _parser(lang: str):
    import budoux

    return getattr(budoux, _PARSERS.get(lang, _PARSERS["ja"]))()


def phrases(chunk: str, lang: str) -> list[str]:
    """BudouX's phrases of ``chunk`` (a text without spaces), for ``lang``'s model (Japanese
    for a language without one of its own)."""
    if not _CJK.search(chunk):
        return [chunk]
    return [phrase for phrase in _parser(lang).parse(chunk) if phrase]


def units(value: str, lang: str, keep: tuple[str, ...] = (), width: int = 14
          ) -> list[tuple[bool, str]]:
    """``value`` as the units a line may break between: ``(spaced, unit)``, ``spaced`` when
    a space precedes the unit. A card name of ``keep`` is never split unless it is wider
    than ``width`` (then at its spaces and phrases); a phrase wider than ``width`` breaks at
    the edges of the card names inside it."""
    value = " ".join(value.split())
    breaks: dict[int, bool] = {}  # offset -> whether a space is there (dropped at a break)
    start = 0
    for chunk in value.split(" "):
        if start and chunk and all(c in _CLOSING or c == "·" for c in chunk):
            breaks.pop(start - 1, None)  # a lone separator ("a · b") ends a line, never starts one
        for cut in _cuts(chunk, lang, keep, width):
            breaks[start + cut] = False
        start += len(chunk) + 1
        breaks[start - 1] = True
    breaks.pop(len(value), None)
    for begin, end in spans(value, keep):
        if columns(value[begin:end]) <= width:  # a name that fits a line stays whole
            for offset in range(begin + 1, end):
                breaks.pop(offset, None)
    found, previous, spaced = [], 0, False
    for offset in sorted(breaks):
        found.append((spaced, value[previous:offset]))
        spaced = breaks[offset]
        previous = offset + (1 if spaced else 0)
    found.append((spaced, value[previous:]))
    return [(spaced, unit) for spaced, unit in found if unit]


def spans(text: str, keep: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where the card names of ``keep`` stand in ``text``, longest names first, never
    overlapping."""
    spans: list[tuple[int, int]] = []
    for name in sorted(keep, key=len, reverse=True):
        start = text.find(name) if name else -1
        while start >= 0:
            end = start + len(name)
            if not any(a < end and start < b for a, b in spans):
                spans.append((start, end))
            start = text.find(name, end)
    return spans


def _cuts(chunk: str, lang: str, keep: tuple[str, ...], width: int) -> list[int]:
    """The offsets inside ``chunk`` where a line may break."""
    if not _CJK.search(chunk):
        return []
    cuts, offset = set(), 0
    for phrase in phrases(chunk, lang):
        offset += len(phrase)
        cuts.add(offset)
    cuts.discard(len(chunk))
    names = spans(chunk, keep)
    for start, end in names:
        inside = set(range(start + 1, end))
        if columns(chunk[start:end]) <= width:  # a name that fits a line stays whole
            cuts -= inside
        elif _DOTS.intersection(chunk[start:end - 1]):  # a long name: after its ・ only
            cuts = (cuts - inside) | {i + 1 for i in range(start, end - 1) if chunk[i] in _DOTS}
    edges = {start for start, _ in names} | {_after_particles(chunk, end) for _, end in names}
    edges -= {0, len(chunk)}
    bounds = sorted(cuts | {0, len(chunk)})
    for a, b in zip(bounds, bounds[1:], strict=False):  # a long phrase: at a name's edges
        if columns(chunk[a:b]) > width:
            cuts |= {edge for edge in edges if a < edge < b}
    return sorted({_fix(chunk, cut) for cut in cuts} - {0, len(chunk)})


def _after_particles(chunk: str, end: int) -> int:
    """The end of a card name with the hiragana after it (its particles: リンクリボーを)."""
    while end < len(chunk) and "\u3041" <= chunk[end] <= "\u309f":
        end += 1
    return end


def _fix(chunk: str, cut: int) -> int:
    """A break moved past closing punctuation and before opening brackets; a lone Latin
    letter or digit at the end ("玩家B") stays with what precedes it."""
    while cut < len(chunk) and chunk[cut] in _CLOSING:
        cut += 1
    while cut > 0 and chunk[cut - 1] in _OPENING:
        cut -= 1
    if len(chunk) - cut == 1 and chunk[cut].isascii():
        return len(chunk)
    return cut


@lru_cache(maxsize=1 << 14)  # a big diagram labels thousands of edges with the same words
def wrap(value: str, width: int = 14, lang: str = "en", keep: tuple[str, ...] = ()) -> str:
    """``value`` on balanced lines of at most about ``width`` columns, broken only between
    :func:`units` (a unit wider than ``width`` is a line of its own, never cut)."""
    tokens = units(value, lang, keep, width)
    lines = _greedy(tokens, width)
    target = width
    while target > 4:  # the narrowest width that needs no more lines
        narrower = _greedy(tokens, target - 1)
        if len(narrower) > len(lines):
            break
        lines, target = narrower, target - 1
    return "\n".join(lines)


def _greedy(tokens: list[tuple[bool, str]], width: int) -> list[str]:
    """Lines of at most ``width`` columns; a full line breaks after its last "：" or "・"
    (or ": ") when that leaves it at least half full."""
    lines: list[list[tuple[bool, str]]] = []
    line: list[tuple[bool, str]] = []
    for spaced, word in tokens:
        if line and columns(_join(line + [(spaced, word)])) > width:
            cut = next((i for i in range(len(line) - 1, 0, -1)
                        if line[i - 1][1][-1] in "：・:;；" and
                        columns(_join(line[:i])) * 2 >= width), len(line))
            lines.append(line[:cut])
            line = line[cut:]
        line.append((spaced, word))
    if line:
        lines.append(line)
    return [_join(tokens) for tokens in lines]


def _join(tokens: list[tuple[bool, str]]) -> str:
    return "".join((" " if i and spaced else "") + word for i, (spaced, word) in enumerate(tokens))
