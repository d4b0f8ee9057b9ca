"""``book.html`` in a real browser: headless Chromium (Debian's ``chromium`` with its
``chromium-driver``, installed by ``scripts/setup.sh --tests``, which scripts/test.sh runs)
driven by Selenium.

From page 1 the reader clicks the first choice of every page down to an ending, and on
each page the chain and the field shown are the page model's; Back returns along the
trail; a ``#pN`` link opened directly shows page N; a node of graph.svg opens its page;
printing book.html prints every page.
Screenshots are written beside the book (``GAMEBOOK_SCREENSHOTS=DIR`` keeps them in DIR).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from functools import cache
from pathlib import Path

import pytest

from gamebook.book.pages import build_book
from gamebook.cli.entry import main
from gamebook.explore.explorer import explore
from gamebook.situation.load import load_situation

ROOT = Path(__file__).resolve().parents[1]
MODEL = ROOT / "examples" / "borrelsword_linkuriboh.yaml"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1200,1400")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Chromium or its WebDriver is not installed (Debian: apt-get install chromium "
           "chromium-driver; scripts/setup.sh --tests does it as root)")


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="gamebook-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


@cache
def _book(lang: str):
    return build_book(explore(load_situation(MODEL), None), lang)


def _build(folder: Path, lang: str) -> Path:
    out = folder / f"book-{lang}"
    assert main(["build", str(MODEL), "--out", str(out), "--lang", lang, "--quiet"]) == 0
    return out


def _shot(driver, out: Path, name: str) -> Path:
    folder = Path(os.environ.get("GAMEBOOK_SCREENSHOTS") or out)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    assert driver.save_screenshot(str(path)), path
    assert path.stat().st_size > 5_000  # a picture, not an empty page
    return path


def _current(driver):
    from selenium.webdriver.common.by import By

    shown = [s for s in driver.find_elements(By.CSS_SELECTOR, "section.page") if s.is_displayed()]
    assert len(shown) == 1, [s.get_attribute("id") for s in shown]
    return shown[0]


def _texts(section, selector: str) -> list[str]:
    from selenium.webdriver.common.by import By

    return [" ".join(e.text.split()) for e in section.find_elements(By.CSS_SELECTOR, selector)]


def _check_page(section, page) -> None:
    """The chain and the field the browser shows are the page model's."""
    assert section.get_attribute("id") == f"p{page.number}"
    if not page.terminal:
        assert _texts(section, ".chain li") == [" ".join(c.split()) for c in page.chain]
        assert _texts(section, ".field li") == [" ".join(f.split()) for f in page.field]


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_a_reader_clicks_from_page_1_to_an_ending_and_back(browser, tmp_path, lang):
    from selenium.webdriver.common.by import By

    out = _build(tmp_path, lang)
    book = _book(lang)
    browser.get((out / "book.html").as_uri())
    page = book.page(1)
    _check_page(_current(browser), page)
    _shot(browser, out, f"{lang}-page-1")
    route = [1]
    while not page.terminal:
        # the last choice: on page 1 that is the pass, then a longer branch than the first
        choice = page.choices[-1] if page.number == 1 else page.choices[0]
        links = _current(browser).find_elements(By.CSS_SELECTOR, ".choices a")
        assert [a.get_attribute("href").rsplit("#", 1)[1] for a in links] == [
            f"p{c.page}" for c in page.choices]
        links[page.choices.index(choice)].click()
        page = book.page(choice.page)
        route.append(page.number)
        _check_page(_current(browser), page)
    ending = _current(browser)
    assert ending.find_element(By.CSS_SELECTOR, ".ending").is_displayed()
    assert _texts(ending, "h2 .who.end")
    trail = browser.find_element(By.ID, "path").text
    assert [int(n) for n in trail.replace("→", " ").split()] == route
    _shot(browser, out, f"{lang}-ending-{page.number}")
    browser.find_element(By.ID, "back").click()
    _check_page(_current(browser), book.page(route[-2]))
    _shot(browser, out, f"{lang}-back-to-{route[-2]}")


def test_a_page_link_opened_directly_shows_that_page(browser, tmp_path):
    out = _build(tmp_path, "en")
    book = _book("en")
    for number in (12, 37, 2):
        browser.get((out / "book.html").as_uri() + f"#p{number}")
        _check_page(_current(browser), book.page(number))
    _shot(browser, out, "en-direct-p2")


# Every card name of a section on one line: the name's text (across the section's text
# nodes) as a range, whose boxes, one per line it spans, must share one top.
_SPLIT_NAMES = """
var names = arguments[0], split = [];
document.querySelectorAll("section.page, .phrased").forEach(function (section) {
  var walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT), nodes = [], text = "";
  for (var node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push([node, text.length]);
    text += node.data;
  }
  function at(offset) {
    for (var i = nodes.length - 1; i >= 0; i--) {
      if (nodes[i][1] <= offset) { return [nodes[i][0], offset - nodes[i][1]]; }
    }
  }
  names.forEach(function (name) {
    for (var start = text.indexOf(name); start >= 0; start = text.indexOf(name, start + 1)) {
      var range = document.createRange(), a = at(start), b = at(start + name.length - 1);
      range.setStart(a[0], a[1]);
      range.setEnd(b[0], b[1] + 1);
      var tops = {};
      Array.prototype.forEach.call(range.getClientRects(), function (box) {
        if (box.width > 0) { tops[Math.round(box.top + box.height / 2)] = true; }
      });
      var lines = Object.keys(tops).map(Number).sort(function (x, y) { return x - y; });
      if (lines.length > 1 && lines[lines.length - 1] - lines[0] > 4) {
        split.push((section.id || section.tagName) + ": " + name);
      }
    }
  });
});
return split;
"""


@pytest.mark.parametrize("lang", ["zh-Hant", "ja"])
def test_no_card_name_is_split_across_lines_of_the_pages(browser, tmp_path, lang):
    """Every page of the zh-Hant and ja books shown at once, with the book's header, at a
    desktop's width and a phone's: no card name is broken over two lines (the pages break
    between phrases)."""
    out = _build(tmp_path, lang)
    narrator = _book(lang).narrator
    names = sorted({narrator.card(instance) for instance in narrator.instances})
    try:
        for width in (1280, 900, 600, 420):
            browser.set_window_size(width, 900)
            browser.get((out / "book.html").as_uri())
            browser.execute_script(
                "document.querySelectorAll('section.page').forEach(function (s) {"
                " s.style.display = 'block'; });")
            assert browser.execute_script(_SPLIT_NAMES, names) == [], width
            _shot(browser, out, f"{lang}-names-{width}")
    finally:
        browser.set_window_size(1200, 1400)


def _in_view(driver, *selectors: str) -> dict[str, tuple[float, float]]:
    """The elements of ``selectors`` (the first of each) that are not wholly inside the
    window, with their top and bottom."""
    found = driver.execute_script("""
        var out = {};
        arguments[0].forEach(function (selector) {
          var box = document.querySelector(selector).getBoundingClientRect();
          if (box.top < 0 || box.bottom > window.innerHeight) {
            out[selector] = [box.top, box.bottom];
          }
        });
        return out;""", list(selectors))
    return {key: tuple(value) for key, value in found.items()}


def test_a_page_link_opened_directly_lands_with_the_title_and_the_trail_in_view(browser,
                                                                                 tmp_path):
    """The browser's own scroll to #pN (the diagram's node links) keeps the book's title,
    Back and Page 1 in the window, with the page right below them."""
    out = _build(tmp_path, "en")
    browser.set_window_size(1280, 900)
    try:
        for number in (12, 37):
            browser.get((out / "book.html").as_uri() + f"#p{number}")
            _check_page(_current(browser), _book("en").page(number))
            assert _in_view(browser, "header h1", "#back", "#restart",
                            f"#p{number} h2") == {}, number
        _shot(browser, out, "en-direct-p12-in-view")
        article = tmp_path / "article"
        assert main(["article", str(MODEL), "--out", str(article), "--quiet"]) == 0
        browser.get((article / "article.html").as_uri() + "#p12")
        _check_page(_current(browser), _book("en").page(12))
        assert _in_view(browser, "#book", "#back", "#restart", "#p12 h2") == {}
        _shot(browser, article, "en-article-direct-p12")
    finally:
        browser.set_window_size(1200, 1400)


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' is not installed")
def test_a_node_of_the_svg_diagram_opens_its_page(browser, tmp_path):
    from selenium.webdriver.common.by import By

    out = _build(tmp_path, "en")
    browser.get((out / "graph.svg").as_uri())
    _shot(browser, out, "en-graph-svg")
    link = browser.find_element(By.CSS_SELECTOR, 'a[*|href="book.html#p12"]')
    browser.execute_script(
        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", link)
    assert browser.current_url.endswith("book.html#p12")
    _check_page(_current(browser), _book("en").page(12))


def test_printing_book_html_prints_every_page_not_only_the_current_one(browser, tmp_path):
    import base64
    import re

    from selenium.webdriver.common.print_page_options import PrintOptions

    out = _build(tmp_path, "en")
    browser.get((out / "book.html").as_uri() + "#p12")
    pdf = base64.b64decode(browser.print_page(PrintOptions()))
    (out / "book.pdf").write_bytes(pdf)
    sheets = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    # 64 pages of the book: far more than the one page shown on screen
    assert sheets >= 20, sheets
