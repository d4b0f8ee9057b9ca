"""The project's rules reference: every R-rule, as data the books and the article link to.

``rulebook.yaml`` (next to this module) holds each rule's title, one-line summary in every
book language, statement, example and sources, in English; ``rulebook.<lang>.yaml`` holds
the title, statement, example and sources of every rule in another book language, with the
words of its reference page. ``docs/rules.md`` and ``docs/rules.<lang>.md`` are rendered
from them by :func:`render_reference` (a test keeps them equal). :func:`cited` finds the
R-numbers a text cites, :func:`appendix` gives the entries a book or article ends with, in
the book's language.

A rule is known by its id, a short name (``replay``, ``trigger_effects``): the code, the
catalogs and the tests cite ids, and a text cites a rule as ``R:replay``. Its R-number
(``R39``) is for display only and is given in one place, the rule's ``number:`` in
``rulebook.yaml``; :func:`cite` turns every ``R:id`` of a text into it, so renumbering the
rules changes that file alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

RULEBOOK = Path(__file__).parent / "rulebook.yaml"
# An R-number between any characters but ASCII letters and digits: Chinese and Japanese
# write "依R20屬於" with no space, where a \b word boundary would not separate it.
RULE_NUMBER = re.compile(r"(?<![A-Za-z0-9_])R(\d{1,3})(?![A-Za-z0-9_])")
# A rule cited by its id in a catalog or a rulebook text: "(R:replay)", shown as "(R39)".
CITATION = re.compile(r"(?<![A-Za-z0-9_])R:([a-z][a-z0-9_]*)")
# The book languages the rules reference is translated into (a rulebook.<lang>.yaml each).
TRANSLATED = ("zh-Hant", "zh-Hans", "ja")


def translation_file(lang: str) -> Path:
    return RULEBOOK.with_name(f"rulebook.{lang}.yaml")


def translated(lang: str) -> bool:
    """Whether the whole reference exists in ``lang`` (English always does)."""
    return lang == "en" or (lang in TRANSLATED and translation_file(lang).exists())


def reference_file(lang: str) -> str:
    """The reference page a book in ``lang`` points to: ``docs/rules.zh-Hant.md``."""
    return "docs/rules.md" if lang == "en" or not translated(lang) else f"docs/rules.{lang}.md"


@dataclass(frozen=True)
class RuleText:
    """A rule's words in one language."""

    title: str
    statement: str
    example: str
    sources: str  # already in words, "; "-joined


@dataclass(frozen=True)
class Rule:
    id: str  # "first_chain_only": what code, catalogs and tests cite
    number: int  # 24: shown as "R24"
    title: str
    summaries: tuple[tuple[str, str], ...]  # (language, one line)
    statement: str
    example: str
    sources: tuple[str, ...]  # already in words
    texts: tuple[tuple[str, RuleText], ...] = ()  # (language, words) of the translations

    @property
    def label(self) -> str:
        """The rule as books and docs show it: ``R24``."""
        return f"R{self.number}"

    def summary(self, lang: str) -> str:
        summaries = dict(self.summaries)
        return summaries.get(lang) or summaries["en"]

    def text(self, lang: str) -> RuleText:
        """The rule's title, statement, example and sources in ``lang``, else in English."""
        found = dict(self.texts).get(lang)
        return found or RuleText(self.title, self.statement, self.example,
                                 "; ".join(self.sources))


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    rules: tuple[str, ...]  # ids


@dataclass(frozen=True)
class Rulebook:
    rules: dict[str, Rule]
    sections: tuple[Section, ...]
    teaching_order: tuple[str, ...]
    presets: dict[str, Any]
    # Per translated language: the reference page's own words (title, intro, labels,
    # section titles, presets), as in rulebook.<lang>.yaml.
    pages: dict[str, dict[str, Any]] = field(default_factory=dict)
    # The rules of a battle that starts in Main Phase 1, explained before all others.
    main_phase_order: tuple[str, ...] = ()
    # {"R24": rule}: the rules as a text shows them.
    labelled: dict[str, Rule] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "labelled", {rule.label: rule for rule in self.rules.values()})

    def rule(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def label(self, rule_id: str) -> str:
        """``R24`` for ``first_chain_only``."""
        return self.rules[rule_id].label

    def cite(self, text: str) -> str:
        """``text`` with every ``R:id`` it cites shown as the rule's R-number."""
        if "R:" not in text:
            return text
        return CITATION.sub(lambda match: self.rules[match.group(1)].label, text)

    def in_teaching_order(self, rule_ids: Iterable[str], *, main_phase: bool = False
                          ) -> list[str]:
        """Known rules of ``rule_ids``: first as ``teaching_order`` lists them, then by number;
        from a Main Phase 1 start, the Main Phase's rules come first
        (``main_phase_teaching_order``)."""
        wanted = {r for r in rule_ids if r in self.rules}
        first = [r for r in self.main_phase_order if r in wanted] if main_phase else []
        ordered = first + [r for r in self.teaching_order if r in wanted and r not in first]
        return ordered + sorted(wanted - set(ordered), key=lambda r: self.rules[r].number)


@cache
def load_rulebook() -> Rulebook:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: 10x faster
    data = yaml.load(RULEBOOK.read_text(encoding="utf-8"), Loader=loader)
    sources = data["sources"]
    numbers = {rule_id: entry["number"] for rule_id, entry in data["rules"].items()}

    def cite(text: str) -> str:  # Rulebook.cite before there is a Rulebook
        return CITATION.sub(lambda match: f"R{numbers[match.group(1)]}", text)

    def source_words(entry: str) -> str:
        key, _, detail = entry.partition(":")
        words = sources[key.strip()]
        return f"{words} ({detail.strip()})" if detail else words

    pages = {lang: yaml.load(translation_file(lang).read_text(encoding="utf-8"), Loader=loader)
             for lang in TRANSLATED if translation_file(lang).exists()}

    def texts(rule_id: str) -> tuple[tuple[str, RuleText], ...]:
        found = []
        for lang, page in pages.items():
            entry = page["rules"].get(rule_id)
            if entry is None:  # a new rule not translated yet: English, and a test says so
                continue
            found.append((lang, RuleText(entry["title"], cite(entry["statement"].strip()),
                                         cite(entry["example"].strip()),
                                         entry["sources"].strip())))
        return tuple(found)

    rules = {
        rule_id: Rule(
            id=rule_id,
            number=entry["number"],
            title=entry["title"],
            summaries=tuple(sorted((lang, cite(text)) for lang, text in entry["summary"].items())),
            statement=cite(entry["statement"].strip()),
            example=cite(entry["example"].strip()),
            sources=tuple(source_words(s) for s in entry["sources"]),
            texts=texts(rule_id),
        )
        for rule_id, entry in sorted(data["rules"].items(), key=lambda item: item[1]["number"])
    }
    for page in pages.values():  # the words of each reference page, cited by number
        page["intro"] = cite(page["intro"])
        page["presets"] = _cited(page["presets"], cite)
    sections = tuple(Section(s["id"], s["title"], tuple(s["rules"])) for s in data["sections"])
    return Rulebook(rules, sections, tuple(data["teaching_order"]),
                    _cited(data["presets"], cite), pages,
                    tuple(data.get("main_phase_teaching_order", ())))


def _cited(tree: Any, cite: Any) -> Any:
    """``tree`` (YAML data) with every string's ``R:id`` shown as an R-number."""
    if isinstance(tree, str):
        return cite(tree)
    if isinstance(tree, dict):
        return {key: _cited(value, cite) for key, value in tree.items()}
    return tree


def cite(text: str) -> str:
    """``text`` with every rule it cites as ``R:id`` shown as the rule's R-number."""
    return load_rulebook().cite(text)


def cited(texts: Iterable[str]) -> list[str]:
    """The R-numbers cited in ``texts``, in order of first appearance."""
    seen: dict[str, None] = {}
    for text in texts:
        for match in RULE_NUMBER.finditer(text):
            seen.setdefault(f"R{match.group(1)}")
    return list(seen)


def by_number(labels: Iterable[str]) -> list[str]:
    """R-numbers (``R24``) in their order."""
    return sorted(set(labels), key=lambda r: int(r[1:]))


@dataclass(frozen=True)
class AppendixEntry:
    label: str  # "R24"
    title: str
    summary: str
    statement: str  # empty when the reference is not translated into the book's language
    sources: str


def appendix(labels: Iterable[str], lang: str) -> tuple[AppendixEntry, ...]:
    """Entries for the rules a book cites (as :func:`cited` finds them, ``R24``), by number,
    in the book's language (a language the reference is not translated into gets the
    one-line summaries only)."""
    known = load_rulebook().labelled
    full = translated(lang)
    entries = []
    for label in by_number(labels):
        if label not in known:
            continue
        rule = known[label]
        words = rule.text(lang)
        entries.append(AppendixEntry(label, words.title if full else "", rule.summary(lang),
                                     words.statement if full else "",
                                     words.sources if full else ""))
    return tuple(entries)


def render_reference(lang: str = "en") -> str:
    """docs/rules.md (or docs/rules.<lang>.md): every rule with its summary, statement,
    example and sources."""
    book = load_rulebook()
    if lang != "en":
        return _render_translated(book, lang)
    presets = book.presets
    example = book.rule("first_chain_only")  # how a page cites a rule
    stats = next(section for section in book.sections if section.id == "E")
    out = [
        "# The rules gamebook implements",
        "",
        "<!-- Generated from gamebook/book/rulebook.yaml by `python -m gamebook.book.rulebook`;"
        " edit the YAML, not this file. -->",
        "",
        "Every page of a gamebook names the rules behind what it says: "
        f"\"({example.label})\" is rule {example.number} of "
        "this reference. Each rule has a one-line summary, the full statement, an example, "
        "mostly from the model battle "
        "(*Borrelsword Dragon attacks Linkuriboh*, `examples/borrelsword_linkuriboh.yaml`), "
        f"and the sources it was taken from. Rules {_span(book, stats)} (the layered ATK/DEF "
        "model used by "
        "`gamebook stats` and by every ATK change of the engine, see [stats.md](stats.md)) are "
        "summarised. Where the sources leave room, the engine's choice is written in "
        "[engine.md](engine.md). The same reference in the other book languages: "
        + ", ".join(f"[{lang}](rules.{lang}.md)" for lang in TRANSLATED) + ".",
        "",
        "## Contents",
        "",
    ]
    for section in book.sections:
        out.append(f"- [{section.id}. {section.title}](#{_slug(section.id, section.title)}) "
                   f"({_span(book, section)})")
    out += ["- [The two rules presets](#the-two-rules-presets)", ""]
    for section in book.sections:
        out += [f"## {section.id}. {section.title}", ""]
        for rule_id in section.rules:
            rule = book.rule(rule_id)
            out += [f"### {rule.label}. {rule.title}", "", f"*{rule.summary('en')}*", "",
                    rule.statement, "", f"Example: {rule.example}", "",
                    f"Source: {'; '.join(rule.sources)}.", ""]
    out += ["## The two rules presets", "", presets["intro"].strip(), ""]
    for name in ("seed", "flowchart"):
        out += [f"- **{presets[name]['title']}**: {presets[name]['text'].strip()}"]
    out.append("")
    return "\n".join(out)


def _render_translated(book: Rulebook, lang: str) -> str:
    """docs/rules.<lang>.md from rulebook.<lang>.yaml: the same layout as docs/rules.md."""
    page = book.pages[lang]
    words = page["labels"]
    sections = page["sections"]
    presets = page["presets"]
    out = [f"# {page['title']}", "",
           f"<!-- Generated from gamebook/book/rulebook.yaml and gamebook/book/rulebook.{lang}.yaml"
           " by `python -m gamebook.book.rulebook`; edit the YAML, not this file. -->", "",
           page["intro"].strip(), "", f"## {words['contents']}", ""]
    for section in book.sections:
        title = sections.get(section.id, section.title)  # a new section: English
        out.append(f"- [{section.id}. {title}](#{_slug(section.id, title)})"
                   f"（{_span(book, section)}）")
    out += [f"- [{presets['heading']}](#{_slug('', presets['heading'])})", ""]
    for section in book.sections:
        out += [f"## {section.id}. {sections.get(section.id, section.title)}", ""]
        for rule_id in section.rules:
            rule = book.rule(rule_id)
            text = rule.text(lang)
            out += [f"### {rule.label}. {text.title}", "", f"*{rule.summary(lang)}*", "",
                    text.statement, "", f"{words['example']}{text.example}", "",
                    f"{words['source']}{text.sources.rstrip(words['end'])}{words['end']}", ""]
    out += [f"## {presets['heading']}", "", presets["intro"].strip(), ""]
    for name in ("seed", "flowchart"):
        out += [f"- **{presets[name]['title']}**：{presets[name]['text'].strip()}"]
    out.append("")
    return "\n".join(out)


def _span(book: Rulebook, section: Section) -> str:
    """``R70-R96``: the first and last rule of a section."""
    return f"{book.label(section.rules[0])}-{book.label(section.rules[-1])}"


def _slug(number: str, title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped (CJK kept)."""
    text = f"{number}. {title}" if number else title
    return re.sub(r"[^\w -]", "", text.lower()).replace(" ", "-")


def reference_targets() -> dict[Path, str]:
    """Every reference page and its text: docs/rules.md and each translation, the event
    list docs/events.md (its texts cite rules by id) and the card-file vocabulary
    docs/vocabulary.md."""
    from gamebook.book import vocabulary
    from gamebook.rules.events import markdown

    docs = Path(__file__).resolve().parents[2] / "docs"
    pages = {docs / "rules.md": render_reference(),
             docs / "events.md": markdown(load_rulebook().cite),
             docs / "vocabulary.md": vocabulary.markdown(load_rulebook().label)}
    for lang in TRANSLATED:
        if translated(lang):
            pages[docs / f"rules.{lang}.md"] = render_reference(lang)
    return pages


if __name__ == "__main__":  # pragma: no cover - regenerates the reference pages
    for target, text in reference_targets().items():
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target}")
