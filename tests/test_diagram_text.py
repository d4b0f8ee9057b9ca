"""The diagrams' words, as a reader meets them: kept whole across lines, never on top of
each other (issue 23).

- No label of any example's diagram, in any language, breaks inside a word: English only
  at spaces (a line never ends in the first part of a word the catalogs or card names
  hold), Japanese and Chinese only between BudouX's phrases or after punctuation, and never
  inside a card name that fits on one line.
- No two pieces of text of a laid-out diagram overlap or touch (``dot -Tjson``), in every
  language, in any diagram a build writes for any example (the overview and every part of a
  big book too), and the words of every choice are nearer their own edge than any other
  (issue 33).
"""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import pytest

from gamebook.book.catalog import messages
from gamebook.book.pages import build_book, narrator_for
from gamebook.explore import explore
from gamebook.render.diagram import WRAP, diagrams
from gamebook.render.linebreak import cjk, columns, phrases
from gamebook.situation import load_situation

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
LANGS = ("en", "zh-Hant", "zh-Hans", "ja")
# after these a Japanese or Chinese line may end whatever the phrase model says
PUNCTUATION = "、。，：；）」』〉》・:;,.)"


@cache
def _exploration(path: Path):
    return explore(load_situation(path), None)


@cache
def _diagrams(path: Path, lang: str, merge_endings: bool = False):
    exploration = _exploration(path)
    book = build_book(exploration, lang)
    return diagrams(book, layouts=False, merge_endings=merge_endings)


def _names(path: Path, lang: str) -> set[str]:
    """The card names of ``path`` as a book names them (a Token with its number)."""
    exploration = _exploration(path)
    situation = exploration.engine.situation
    narrator = narrator_for(exploration, lang)
    instances = exploration.engine.rules.instances
    return ({situation.cards[card].name(lang) for _, card in instances}
            | {narrator.card(instance) for instance, _ in instances})


def _labels(source: str) -> list[str]:
    """Every label of a DOT source (nodes, edges, clusters), unescaped; not the title, whose
    lines (the title, the attack, the book's size) are each a text of their own, unwrapped."""
    start = source.index("\tgraph [")
    quoted, end = False, start
    while source[end] != "]" or quoted:
        quoted ^= source[end] == '"' and source[end - 1] != "\\"
        end += 1
    source = source[:start] + source[end + 1:]
    found = re.findall(r'\blabel="((?:[^"\\]|\\.)*)"', source, re.DOTALL)
    found += re.findall(r"\blabel=([^\s\"\[\]]+)", source)
    return [label.replace('\\"', '"').replace("\\\\", "\\") for label in found]


@cache
def _english_words() -> frozenset[str]:
    words = set()
    for text in messages("en").values():
        words |= {w.strip(".,:;()") for w in re.sub(r"\{\w+\}", " ", text).split()}
    for path in EXAMPLES:
        for name in _names(path, "en"):
            words |= set(name.split())
    return frozenset(w for w in words if len(w) > 1)


@cache
def _structural(lang: str) -> re.Pattern[str]:
    """The lines a label stacks above or below its words (page numbers, counts, an ending's
    facts): a break next to them is the label's layout, not a break inside a text."""
    keys = ("diagram.pages", "diagram.group_pages", "diagram.endings", "diagram.choices",
            # what tells an ending apart: one fact a line under its short outcome
            *(key for key in messages(lang) if key.startswith("diagram.detail_")))
    forms = [r"\d+"] + [re.sub(r"\\\{\w+\\\}", ".+?", re.escape(messages(lang)[key]))
                        for key in keys]
    return re.compile("(?:(?:" + "|".join(f"(?:{form})" for form in forms) + r")\s?)+")


def _layout_breaks(lines: list[str], lang: str) -> set[int]:
    """Indexes ``i`` of the breaks between ``lines[i-1]`` and ``lines[i]`` that end or start
    a structural part of the label."""
    pattern = _structural(lang)
    found = set()
    for k in range(1, len(lines)):
        for glue in ("", " "):
            if pattern.fullmatch(glue.join(lines[:k])):
                found.add(k)
            if pattern.fullmatch(glue.join(lines[k:])):
                found.add(k)
    return found


def _bad_breaks(label: str, lang: str, names: set[str]) -> list[str]:
    """The line breaks of ``label`` that fall inside a word, shown as ``before|after``."""
    lines = label.split("\n")
    layout = _layout_breaks(lines, lang)
    bad = []
    for index, (before, after) in enumerate(zip(lines, lines[1:], strict=False), start=1):
        if not before or not after or index in layout:
            continue
        left, right = before.split()[-1] if before.split() else "", after.split()[0]
        if index >= 2 and lines[index - 2].split() and lines[index - 2][-1] in "・･" \
                and before.split() == [left]:  # the end of a long name broken at its ・
            left = lines[index - 2].split()[-1] + left
        if not (cjk(before[-1]) or cjk(after[0])):  # two Latin words: was it one word?
            if (left + right).strip(".,:;()") in _english_words():
                bad.append(f"{left}|{right}")
            continue
        joined, spaced = left + right, f"{left} {right}"
        cut = len(left)
        offsets, offset = set(), 0
        for phrase in phrases(joined, lang):
            offset += len(phrase)
            offsets.add(offset)
        inside = [name for name in names if columns(name) <= WRAP
                  and any(start < cut < start + len(name)
                          for text in (joined, spaced) for start in _find_all(text, name))]
        at_a_space = any(start < cut < start + len(name)  # a long name broken at its space
                         for name in names if " " in name for start in _find_all(spaced, name))
        # a name too long for a line is broken at its own phrases, so the line before may
        # hold only its tail: whether the break is at the name's edge is read in the whole
        # label (冥府の / 使者カイエントークン / 攻撃表示)
        whole, at = "".join(lines), len("".join(lines[:index]))
        if inside or not (cut in offsets or left[-1] in PUNCTUATION or at_a_space
                          or _edge_of_name(joined, cut, names)
                          or _edge_of_name(whole, at, names)):
            bad.append(f"{left}|{right}")
    return bad


def _find_all(text: str, name: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(name), text)] if name else []


def _edge_of_name(text: str, cut: int, names: set[str]) -> bool:
    """``cut`` is where a card name begins, or where it ends with the particles after it."""
    for name in names:
        for start in _find_all(text, name):
            end = start + len(name)
            while end < len(text) and "\u3041" <= text[end] <= "\u309f":  # hiragana
                if end == cut:
                    return False  # between a name and its particle
                end += 1
            if cut in (start, end):
                return True
    return False


@pytest.mark.parametrize("lang", LANGS)
def test_no_label_of_any_examples_diagram_breaks_inside_a_word(lang):
    problems = []
    for path in EXAMPLES:
        names = _names(path, lang)
        for merge in (False, True):
            for part in _diagrams(path, lang, merge):
                for label in _labels(part.source):
                    problems += [f"{path.stem} {part.name}: {b}"
                                 for b in _bad_breaks(label, lang, names)]
    assert not problems, "\n".join(sorted(set(problems))[:30])


def test_the_word_break_check_finds_words_split_in_the_middle():
    """The check itself: the breaks the issue saw are caught, good ones pass."""
    assert _bad_breaks("プレイ\nヤーAの番", "ja", set()) == ["プレイ|ヤーAの番"]
    assert _bad_breaks("リンクリ\nボー破壊", "ja", {"リンクリボー"})
    assert _bad_breaks("Linkuri\nboh", "en", set()) == ["Linkuri|boh"]
    assert not _bad_breaks("B 5300 ·\nLinkuriboh\ndestroyed", "en", {"Linkuriboh"})
    assert not _bad_breaks("結局：\n雙方LP不變", "zh-Hant", set())
    assert not _bad_breaks("プレイヤーAの\n番", "ja", set())
    token = {"冥府の使者カイエントークン"}  # wider than a line: broken at its phrases, then
    assert not _bad_breaks("冥府の\n使者カイエントークン\n攻撃表示", "ja", token)  # its end
    assert _bad_breaks("冥府の使者カイ\nエントークン", "ja", token)
    # a card name wider than a line breaks after its ・, and after it as after any name
    assert not _bad_breaks("レオ・\nウィザード\n守備表示", "ja", {"レオ・ウィザード"})
    assert _bad_breaks("レオ・ウィ\nザード", "ja", {"レオ・ウィザード"})


needs_dot = pytest.mark.skipif(shutil.which("dot") is None,
                               reason="Graphviz 'dot' is missing: no layout to check")
# examples whose diagram is also checked as --merge-endings draws it, small to large
MERGED = ("borrelsword_linkuriboh", "two_attackers_roar", "shrink_honest_kuriboh",
          "magic_cylinder_negate_attack")
OVERVIEW = "borrelsword_linkuriboh_start_step"  # drawn as an overview and ten parts


@needs_dot
@pytest.mark.parametrize("lang", LANGS)
def test_no_two_texts_of_any_diagram_a_build_writes_touch(lang):
    """Every diagram ``build`` writes for every example (the whole diagram, or the overview
    and every part), as the build chooses its layout, laid out once with ``dot -Tjson``;
    about 10 s a language on an idle machine. In the same layouts, the words of every
    choice are nearer their own edge than any other (issue 33: "Rush Recklessly → Mystical
    Elf", the words of 1→2, sat against node 4, the pass 4→13 running through them)."""
    from diagram_layout import boxes, collisions, layout

    from gamebook.render.layoutfigures import lines, stray_labels

    problems, stray, drawn = [], [], 0
    for path in EXAMPLES:
        exploration = _exploration(path)
        book = build_book(exploration, lang)
        for merge in (False, True) if path.stem in MERGED else (False,):
            for part in diagrams(book, merge_endings=merge):
                laid_out = layout(part.source)
                found = boxes(laid_out)
                drawn += 1
                stray += [f"{path.stem} {part.name} (merged endings: {merge}): the words "
                             f"{words!r} ({owner}) are nearer {nearest} than their own edge"
                             for words, owner, nearest in stray_labels(laid_out,
                                                                       lines(laid_out))]
                overview = path.stem == OVERVIEW and part.name == "graph"
                assert len(found) > (40 if overview else 3), \
                    f"{path.stem} {part.name}: its text is missing from the layout"
                problems += [f"{path.stem} {part.name} (merged endings: {merge}): {a.text!r} "
                             f"({a.owner}) and {b.text!r} ({b.owner}) {gap:.1f} pt apart"
                             for a, b, gap in collisions(found)]
    assert drawn >= len(EXAMPLES) + len(MERGED) + 16  # the two big books' parts are in
    assert not problems, "\n".join(problems)
    assert not stray, f"{len(stray)} choices' words nearer another edge:\n" + "\n".join(stray)


@needs_dot
def test_the_collision_check_finds_labels_that_touch():
    from diagram_layout import boxes, collisions, layout

    crowded = ('digraph { rankdir=LR; a -> b [label="停止攻擊"]; c -> d [label="停止攻擊"]; '
               'e [label="x" shape=plaintext]; e -> e [label="overlapping self loop"]; '
               'f [label="AAAA"]; g [label="BBBB" pos="0,0"]; f -> g [label="AAAA" '
               'labelangle=0 labeldistance=0 headlabel="BBBBBBBB"] }')
    found = boxes(layout(crowded))
    assert {box.text for box in found} >= {"停止攻擊", "AAAA", "BBBBBBBB"}
    apart = boxes(layout('digraph { a [label="one"]; b [label="two"]; a -> b }'))
    assert not collisions(apart)
