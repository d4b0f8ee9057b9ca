"""The project's rules reference: every R-rule, as data the books and the article link to.

``rulebook.yaml`` (next to this module) holds each rule's title, one-line summary in every
book language, statement, example and sources; ``docs/rules.md`` is rendered from it by
:func:`render_reference` (a test keeps the two equal). :func:`cited` finds the R-numbers a
text cites, :func:`appendix` gives the entries a book or article ends with.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

RULEBOOK = Path(__file__).parent / "rulebook.yaml"
RULE_NUMBER = re.compile(r"\bR(\d{1,3})\b")


@dataclass(frozen=True)
class Rule:
    id: str  # "R24"
    title: str
    summaries: tuple[tuple[str, str], ...]  # (language, one line)
    statement: str
    example: str
    sources: tuple[str, ...]  # already in words

    @property
    def number(self) -> int:
        return int(self.id[1:])

    def summary(self, lang: str) -> str:
        summaries = dict(self.summaries)
        return summaries.get(lang) or summaries["en"]


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Rulebook:
    rules: dict[str, Rule]
    sections: tuple[Section, ...]
    teaching_order: tuple[str, ...]
    presets: dict[str, Any]

    def rule(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def in_teaching_order(self, rule_ids: Iterable[str]) -> list[str]:
        """Known rules of ``rule_ids``: first as ``teaching_order`` lists them, then by number."""
        wanted = {r for r in rule_ids if r in self.rules}
        ordered = [r for r in self.teaching_order if r in wanted]
        return ordered + sorted(wanted - set(ordered), key=lambda r: int(r[1:]))


@cache
def load_rulebook() -> Rulebook:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: 10x faster
    data = yaml.load(RULEBOOK.read_text(encoding="utf-8"), Loader=loader)
    sources = data["sources"]

    def source_words(entry: str) -> str:
        key, _, detail = entry.partition(":")
        words = sources[key.strip()]
        return f"{words} ({detail.strip()})" if detail else words

    rules = {
        rule_id: Rule(
            id=rule_id,
            title=entry["title"],
            summaries=tuple(sorted(entry["summary"].items())),
            statement=entry["statement"].strip(),
            example=entry["example"].strip(),
            sources=tuple(source_words(s) for s in entry["sources"]),
        )
        for rule_id, entry in data["rules"].items()
    }
    sections = tuple(Section(s["id"], s["title"], tuple(s["rules"])) for s in data["sections"])
    return Rulebook(rules, sections, tuple(data["teaching_order"]), data["presets"])


def cited(texts: Iterable[str]) -> list[str]:
    """The R-numbers cited in ``texts``, in order of first appearance."""
    seen: dict[str, None] = {}
    for text in texts:
        for match in RULE_NUMBER.finditer(text):
            seen.setdefault(f"R{match.group(1)}")
    return list(seen)


def by_number(rule_ids: Iterable[str]) -> list[str]:
    return sorted(set(rule_ids), key=lambda r: int(r[1:]))


@dataclass(frozen=True)
class AppendixEntry:
    id: str
    title: str
    summary: str
    statement: str  # empty when the book's language is not English
    sources: str


def appendix(rule_ids: Iterable[str], lang: str) -> tuple[AppendixEntry, ...]:
    """Entries for the rules a book cites, by number; statements in English books only."""
    book = load_rulebook()
    entries = []
    for rule_id in by_number(rule_ids):
        if rule_id not in book.rules:
            continue
        rule = book.rule(rule_id)
        english = lang == "en"
        entries.append(AppendixEntry(rule_id, rule.title if english else "", rule.summary(lang),
                                     rule.statement if english else "",
                                     "; ".join(rule.sources) if english else ""))
    return tuple(entries)


def render_reference() -> str:
    """docs/rules.md: every rule with its summary, statement, example and sources."""
    book = load_rulebook()
    presets = book.presets
    out = [
        "# The rules gamebook implements",
        "",
        "<!-- Generated from gamebook/book/rulebook.yaml by `python -m gamebook.book.rulebook`;"
        " edit the YAML, not this file. -->",
        "",
        "Every page of a gamebook names the rules behind what it says: \"(R24)\" is rule 24 of "
        "this reference. Each rule has a one-line summary (translated in the books' "
        "languages), the full statement, an example, mostly from the model battle "
        "(*Borrelsword Dragon attacks Linkuriboh*, `examples/borrelsword_linkuriboh.yaml`), "
        "and the sources it was taken from. Rules R70-R96 (the layered ATK/DEF model used by "
        "`gamebook stats` and by every ATK change of the engine, see [stats.md](stats.md)) are "
        "summarised. Where the sources leave room, the engine's choice is written in "
        "[engine.md](engine.md).",
        "",
        "## Contents",
        "",
    ]
    for section in book.sections:
        out.append(f"- [{section.id}. {section.title}](#{_slug(section)}) "
                   f"({section.rules[0]}-{section.rules[-1]})")
    out += ["- [The two rules presets](#the-two-rules-presets)", ""]
    for section in book.sections:
        out += [f"## {section.id}. {section.title}", ""]
        for rule_id in section.rules:
            rule = book.rule(rule_id)
            out += [f"### {rule.id}. {rule.title}", "", f"*{rule.summary('en')}*", "",
                    rule.statement, "", f"Example: {rule.example}", "",
                    f"Source: {'; '.join(rule.sources)}.", ""]
    out += ["## The two rules presets", "", presets["intro"].strip(), ""]
    for name in ("seed", "flowchart"):
        out += [f"- **{presets[name]['title']}**: {presets[name]['text'].strip()}"]
    out.append("")
    return "\n".join(out)


def _slug(section: Section) -> str:
    text = f"{section.id}. {section.title}".lower()
    return re.sub(r"[^a-z0-9 -]", "", text).replace(" ", "-")


if __name__ == "__main__":  # pragma: no cover - regenerates docs/rules.md
    target = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    target.write_text(render_reference(), encoding="utf-8")
    print(f"wrote {target}")
