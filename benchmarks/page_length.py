"""Benchmark: how long the model book's pages are, in every language.

Run ``python benchmarks/page_length.py [example.yaml]``. Builds the example (the model
battle by default) as Markdown in each book language into a temporary folder and prints,
per language, the pages, the average characters of a page (whitespace not counted, the
``## n`` heading left out), the same without the field block every page repeats by design
(the chain and field lines), and the rule citations (R-numbers) in the whole book. The
2021 walkthrough the model battle comes from averages 172 characters a page.
Figures, not assertions.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from gamebook.book.catalog import LANGS, messages
from gamebook.cli.entry import main

ROOT = Path(__file__).resolve().parents[1]
MODEL = ROOT / "examples" / "borrelsword_linkuriboh.yaml"
CITATION = re.compile(r"(?<![A-Za-z0-9_])R\d+")


def measure(book: str, lang: str) -> tuple[int, float, float, int]:
    """(pages, characters a page, the same without the field block, R-citations)."""
    words = messages(lang)
    field_starts = tuple(f"**{words[key]}" for key in ("meta.chain", "meta.field"))
    pages = re.split(r"^## \d+\n", book, flags=re.M)[1:]
    whole = bare = 0
    for page in pages:
        in_field = False
        for line in page.splitlines():
            size = len(re.sub(r"\s", "", line))
            whole += size
            in_field = line.startswith(field_starts) or (in_field and line.strip() != "")
            bare += 0 if in_field else size
    return len(pages), whole / len(pages), bare / len(pages), len(CITATION.findall(book))


def run(example: Path) -> None:
    print(f"{'lang':8} {'pages':>5} {'chars/page':>10} {'no field':>9} {'R-cites':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for lang in LANGS:
            out = Path(folder) / lang
            main(["build", str(example), "--out", str(out), "--no-images", "--quiet",
                  "--lang", lang, "--format", "md"])
            book = (out / "book.md").read_text(encoding="utf-8")
            book = re.split(r"^## \D", book, flags=re.M)[0]  # the appendix is not a page
            pages, whole, bare, cites = measure(book, lang)
            print(f"{lang:8} {pages:5} {whole:10.0f} {bare:9.0f} {cites:8}")


if __name__ == "__main__":
    run(Path(sys.argv[1]) if len(sys.argv) > 1 else MODEL)
