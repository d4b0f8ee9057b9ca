"""The shorter book loses nothing: its decision content is the long book's.

``tests/golden/borrelsword_linkuriboh.decisions.json`` was read from the English book of the
model battle as it was before the book was made shorter (1,985 lines): for every page the
chain, the field (decision pages), each "can" and "cannot" line, who decides, every choice
with its page, and every line of the outcome. It was rewritten once since, when endings that
read the same became one page (64 pages to 56: each of the 8 pages that went said exactly
what the page it joined says, checked by following every choice from page 1). The book
written today must say all of it: the same chain, field, notes, decider and choices, and
every outcome sentence, in at most 1,100 lines.

When the engine or the narration changes what a page says on purpose, rewrite the golden
file from today's book: ``python tests/test_book_compact.py --update``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "borrelsword_linkuriboh.yaml"
GOLDEN = REPO / "tests" / "golden" / "borrelsword_linkuriboh.decisions.json"
MAX_LINES = 1100

_PAGE = re.compile(r"^## (\d+)$")


def decision_content(book_md: str) -> dict[str, dict]:
    """Per page number: chain, field, can, cannot, decides, choices and ending lines."""
    pages: dict[str, dict] = {}
    page: dict | None = None
    mode = ""
    for line in book_md.splitlines():
        match = _PAGE.match(line)
        if match:
            page = {"chain": None, "field": [], "can": [], "cannot": [], "decides": None,
                    "choices": [], "ending": []}
            pages[match.group(1)] = page
            mode = ""
            continue
        if line.startswith("## "):  # the appendix after the last page
            page = None
        if page is None:
            continue
        if line.startswith("**Chain:** "):
            page["chain"] = line[len("**Chain:** "):].removesuffix("\\")
        elif line.startswith("**Field:** "):
            page["field"].append(line[len("**Field:** "):].removesuffix("\\"))
            mode = "field" if line.endswith("\\") else ""
        elif mode == "field":
            page["field"].append(line.removesuffix("\\"))
            mode = "field" if line.endswith("\\") else ""
        elif line.startswith("- ✔ "):
            page["can"].append(line[4:])
        elif line.startswith("- ✘ "):
            page["cannot"].append(line[4:])
        elif line.startswith("**") and line.endswith("decides:**"):
            page["decides"], mode = line.strip("*"), "choices"
        elif line == "**THE END**":
            mode = "ending"
        elif line.startswith("- ") and mode in ("choices", "ending"):
            page["choices" if mode == "choices" else "ending"].append(line[2:])
    return pages


@pytest.fixture(scope="module")
def book_md(tmp_path_factory) -> str:
    from gamebook.cli.entry import main

    out = tmp_path_factory.mktemp("compact") / "book"
    assert main(["build", str(EXAMPLE), "--out", str(out), "--no-images", "--format", "md"]) == 0
    return (out / "book.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def golden() -> dict[str, dict]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))["pages"]


def test_the_english_model_book_has_at_most_1100_lines(book_md):
    assert len(book_md.splitlines()) <= MAX_LINES


def test_every_page_is_still_there(book_md, golden):
    assert sorted(decision_content(book_md), key=int) == sorted(golden, key=int)


@pytest.mark.parametrize("part", ["chain", "field", "can", "cannot", "decides", "choices"])
def test_every_page_says_the_same_decisions(book_md, golden, part):
    now = decision_content(book_md)
    differ = {number: (page[part], now[number][part]) for number, page in golden.items()
              if page[part] != now[number][part]}
    assert differ == {}


def test_every_outcome_sentence_is_still_on_its_ending(book_md, golden):
    now = decision_content(book_md)
    missing = {number: [line for line in page["ending"]
                        if line not in " ".join(now[number]["ending"])]
               for number, page in golden.items()}
    assert {number: lines for number, lines in missing.items() if lines} == {}
    assert all(now[n]["ending"] for n, page in golden.items() if page["ending"])


def test_a_quiet_damage_step_is_one_line(book_md):
    """Nobody could act in it: one line with the damage calculation and its result."""
    lines = [line for line in book_md.splitlines() if "the Damage Step begins" in line]
    assert lines
    for line in lines:
        assert "Damage calculation:" in line and "The battle is over" in line
    assert "nobody can activate anything here" not in book_md


def _update() -> None:  # pragma: no cover - run by hand
    import tempfile

    from gamebook.cli.entry import main

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "book"
        main(["build", str(EXAMPLE), "--out", str(out), "--no-images", "--format", "md"])
        pages = decision_content((out / "book.md").read_text(encoding="utf-8"))
    data = {"book": "examples/borrelsword_linkuriboh.yaml, English, seed preset", "pages": pages}
    GOLDEN.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                      encoding="utf-8")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__" and "--update" in sys.argv:  # pragma: no cover
    _update()
