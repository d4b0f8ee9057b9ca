"""Nothing English in a Chinese or Japanese run unless the user wrote it.

The command's summary lines and its progress line come from the catalog of ``--lang``; a
situation whose file has no translation into the book's language shows its English title and
description, and its first page says so, once.
"""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

import pytest

from gamebook.cli import main
from gamebook.cli.progress import Progress

REPO = Path(__file__).resolve().parents[1]
MODEL = REPO / "examples" / "borrelsword_linkuriboh.yaml"
NOTE = {"zh-Hant": "本局面的標題與說明是英文", "zh-Hans": "本局面的标题与说明是英文",
        "ja": "この局面のタイトルと説明は英語のまま"}


def untranslated(tmp_path: Path, drop: str = "") -> Path:
    """The model battle without its translations (or without only the ``drop`` key of each)."""
    text = MODEL.read_text(encoding="utf-8")
    head, _, _ = text.partition("translations:\n")
    text = re.sub(rf"\n    {drop}: .*", "", text) if drop else head
    path = tmp_path / "plain.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("lang, summary, wrote", [
    ("zh-Hant", "槍管刺刀龍攻擊連結庫里波：56頁，16個結局，每條分支都有結局", "已寫入"),
    ("ja", "ヴァレルソード・ドラゴンがリンクリボーに攻撃：56ページ、エンディング16個、"
           "すべての分岐が終わる", "に書き出し：audit.json、book.md、"),
])
def test_the_summary_of_build_is_in_the_books_language(tmp_path, capsys, lang, summary, wrote):
    out = tmp_path / "out"
    assert main(["build", str(MODEL), "--out", str(out), "--lang", lang, "--format", "md",
                 "--no-images"]) == 0
    first, second = capsys.readouterr().out.splitlines()
    assert first == summary
    assert wrote in second and "wrote" not in second


def test_the_summary_of_article_is_in_the_articles_language(tmp_path, capsys):
    assert main(["article", str(MODEL), "--out", str(tmp_path / "o"), "--lang", "zh-Hans"]) == 0
    first, second = capsys.readouterr().out.splitlines()
    assert first.startswith("枪管刺刀龙攻击连接库里波：讲解") and "条规则" in first
    assert second.startswith("已写入")


def test_the_progress_line_is_in_the_commands_language():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    progress = Progress(stream=stream, delay=0, lang="zh-Hant")
    progress.phase("exploring")
    with progress:
        time.sleep(0.2)
    assert "gamebook：探索中…… 0秒" in stream.getvalue()
    progress.exploring(12_345, 2.0)
    assert progress.current == "探索中：12,345頁（每秒6,172頁）"


@pytest.mark.parametrize("lang", sorted(NOTE))
def test_a_situation_without_a_translation_says_so_once_on_page_one(tmp_path, lang):
    out = tmp_path / "out"
    assert main(["build", str(untranslated(tmp_path)), "--out", str(out), "--lang", lang,
                 "--format", "md,txt", "--no-images", "-q"]) == 0
    for name in ("book.md", "book.txt"):
        book = (out / name).read_text(encoding="utf-8")
        head, _, _ = book.partition("\n## 1\n" if name == "book.md" else "\n1.\n")
        assert book.count(NOTE[lang]) == 1 and NOTE[lang] in head, name


def test_a_translated_situation_has_no_such_note_and_a_half_translated_one_names_the_half(
        tmp_path):
    out = tmp_path / "out"
    assert main(["build", str(MODEL), "--out", str(out), "--lang", "zh-Hant", "--format",
                 "md", "--no-images", "-q"]) == 0
    assert "局面檔案沒有" not in (out / "book.md").read_text(encoding="utf-8")
    assert main(["build", str(untranslated(tmp_path, drop="description")), "--out", str(out),
                 "--lang", "zh-Hant", "--format", "md", "--no-images", "-q"]) == 0
    assert "本局面的說明是英文" in (out / "book.md").read_text(encoding="utf-8")


def test_an_english_book_has_no_note(tmp_path):
    out = tmp_path / "out"
    assert main(["build", str(untranslated(tmp_path)), "--out", str(out), "--format", "md",
                 "--no-images", "-q"]) == 0
    assert "translation" not in (out / "book.md").read_text(encoding="utf-8")
