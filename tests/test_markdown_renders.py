"""Every Markdown file gamebook writes renders under CommonMark, in every language.

CommonMark (GitHub, markdown-it, most blogs) closes ``**`` only where the delimiter is
"right-flanking": after a full-width punctuation mark that a letter follows it stays literal,
so ``**當前連鎖：**無`` shows its asterisks. Each file is rendered with markdown-it-py's
``commonmark`` preset and the text a reader sees (outside code) must hold no ``*``, ``_`` or
``\\`` left from the project's own markup. User text keeps its own characters, escaped.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from gamebook.cli import main

markdown_it = pytest.importorskip("markdown_it")

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
MODEL = EXAMPLES / "borrelsword_linkuriboh.yaml"
LANGS = ("en", "zh-Hant", "zh-Hans", "ja")
MARKUP = "*_\\"
# The language each other example is also built in (the model battle is built in all four;
# the CJK catalogs share their punctuation).
OTHER_EXAMPLE_LANGS = ("zh-Hant",)


def seen_text(markdown: str) -> str:
    """What a reader of the rendered file sees, code spans and blocks left out."""
    rendered = markdown_it.MarkdownIt("commonmark").render(markdown)
    rendered = re.sub(r"<pre>.*?</pre>|<code>.*?</code>", "", rendered, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", rendered))


def leftover_markup(path: Path) -> dict[str, list[str]]:
    """``{character: [lines that show it]}`` for every markup character a reader sees."""
    lines = seen_text(path.read_text(encoding="utf-8")).splitlines()
    return {char: found for char in MARKUP
            if (found := [line[:120] for line in lines if char in line])}


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> list[Path]:
    """The model battle's book and article in every language, every other example's book in
    Traditional Chinese, built here (not read from output/)."""
    root = tmp_path_factory.mktemp("md")
    files = []
    for lang in LANGS:
        out = root / f"model.{lang}"
        assert main(["build", str(MODEL), "--out", str(out), "--lang", lang, "--format", "md",
                     "--no-images", "-q"]) == 0
        assert main(["article", str(MODEL), "--out", str(out), "--lang", lang, "-q"]) == 0
        files += [out / "book.md", out / "article.md"]
    for situation in sorted(EXAMPLES.glob("*.yaml")):
        if situation == MODEL:
            continue
        for lang in OTHER_EXAMPLE_LANGS:
            out = root / f"{situation.stem}.{lang}"
            assert main(["build", str(situation), "--out", str(out), "--lang", lang,
                         "--format", "md", "--no-images", "-q"]) == 0
            files.append(out / "book.md")
    return files


def test_every_book_and_article_renders_without_literal_markup(written):
    assert len(written) == 8 + len(list(EXAMPLES.glob("*.yaml"))) - 1
    found = {f"{path.parent.name}/{path.name}": leftover_markup(path) for path in written}
    assert {name: lines for name, lines in found.items() if lines} == {}


@pytest.mark.parametrize("name", sorted(p.name for p in (REPO / "docs").glob("rules*.md")))
def test_the_rules_reference_in_every_language_renders_without_literal_markup(name):
    assert leftover_markup(REPO / "docs" / name) == {}


def test_bold_labels_close_before_full_width_punctuation(written):
    zh_hant = next(p for p in written if p.parent.name == "model.zh-Hant" and p.name == "book.md")
    text = zh_hant.read_text(encoding="utf-8")
    assert "**當前連鎖**：" in text and "**當前連鎖：**" not in text
    assert "<strong>當前連鎖</strong>：" in markdown_it.MarkdownIt("commonmark").render(text)


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_markup_characters_a_user_wrote_reach_the_reader_as_written(tmp_path, lang):
    title = r"*Star* _under_ back\slash"
    text = MODEL.read_text(encoding="utf-8")
    text = text.replace("title: Borrelsword Dragon attacks Linkuriboh", f"title: '{title}'")
    text = re.sub(r"(  zh-Hant:\n    title: ).*", lambda m: m[1] + f"'{title}'", text)
    situation = tmp_path / "marks.yaml"
    situation.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(situation), "--out", str(out), "--lang", lang, "--format", "md",
                 "--no-images", "-q"]) == 0
    seen = seen_text((out / "book.md").read_text(encoding="utf-8"))
    assert seen.splitlines()[0] == title
    for char in MARKUP:  # only the title's own characters, each as many times as it is used
        assert seen.count(char) == seen.count(title) * title.count(char)
