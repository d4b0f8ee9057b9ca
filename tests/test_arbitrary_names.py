"""Any instance id, title or card name: the book is written or the input refused, never a crash.

A property test: situations made from the examples with arbitrary instance ids (mostly ones of
the documented pattern, sometimes any text: a sentence with spaces and a full stop once
reached the book and failed there with a ``KeyError``), an arbitrary title and description,
and the cards renamed by card files that override the bundled ones with arbitrary names. Each
is built in every format through ``gamebook.cli.main()``: no exception may escape, the exit
code is 0-3, a refusal is one ``gamebook: FILE:LINE: …`` line per mistake, and a situation
whose ids follow the pattern and whose texts are printable is built.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamebook.cards.library import BUNDLED
from gamebook.cli.entry import main
from gamebook.situation.model import INSTANCE_ID

ROOT = Path(__file__).resolve().parents[1]
# Small examples: together they have monsters, Set cards, a hand and a direct attack.
EXAMPLES = ("book_of_moon", "borrelsword_linkuriboh", "battle_fader_direct_attack",
            "scapegoat_replay", "shrink_honest_kuriboh")
KINDS = ("monsters", "spell_traps", "hand")

ids_of_the_pattern = st.from_regex(rf"\A{INSTANCE_ID}\Z")
# Any characters, with the ones that mean something somewhere drawn often: the separators of
# actions and keys (space, '.', '->'), Markdown, HTML, Twee, DOT and Lua syntax, and YAML's.
MARKUP = list(" ..->_'\"#*`<>&[]{}|:;,!?()/\\~") + ["->", "[[", "]]", "<br>", "\\n"]
VISIBLE = st.characters(exclude_categories=("Cc", "Cs", "Cn", "Co", "Cf", "Zl", "Zp"))
# Text a person could type (so the book gets written), or, in one case of four, any
# characters (line breaks, controls: refused or shown escaped).
typed_text = st.lists(st.one_of(st.sampled_from(MARKUP), VISIBLE), max_size=40).map("".join)
any_text = st.lists(st.one_of(st.sampled_from([*MARKUP, "\n", "\t"]), st.characters()),
                    max_size=40).map("".join)


def instances(spec: dict) -> list[dict]:
    return [item for entry in spec["players"].values() for kind in KINDS
            for item in entry.get(kind, [])]


@st.composite
def situations(draw: st.DrawFn) -> tuple[str, dict, dict[str, dict]]:
    """An example's name, its situation with new ids and texts, and renamed card files."""
    name = draw(st.sampled_from(EXAMPLES))
    text = draw(st.sampled_from([typed_text, typed_text, typed_text, any_text]))
    spec = yaml.safe_load((ROOT / "examples" / f"{name}.yaml").read_text(encoding="utf-8"))
    renamed: dict[str, str] = {}
    for item in instances(spec):
        new = draw(st.one_of(ids_of_the_pattern, ids_of_the_pattern, ids_of_the_pattern, text))
        renamed[item["id"]] = new
        item["id"] = new
    start = spec["start"]
    for role in ("attacker", "target"):
        if role in start:
            start[role] = renamed[start[role]]
    spec["used_this_turn"] = [renamed[key.partition(".")[0]] + "." + key.partition(".")[2]
                              for key in spec.get("used_this_turn", [])]
    spec["title"] = draw(text)
    spec["description"] = draw(text)
    spec.pop("translations", None)
    spec["card_folders"] = ["cards"]
    cards = {}
    for card_id in sorted({item["card"] for item in instances(spec)}):
        card = yaml.safe_load((BUNDLED / f"{card_id}.yaml").read_text(encoding="utf-8"))
        card["names"] = {lang: draw(text) for lang in card["names"]}
        card.pop("short", None)  # a short name of the real name: may not be shorter than these
        card.pop("aliases", None)
        card["overrides"] = True
        cards[card_id] = card
    return name, spec, cards


def well_formed(spec: dict, cards: dict[str, dict]) -> bool:
    """Ids of the pattern, none twice, and every text printable (nothing to refuse)."""
    ids = [item["id"] for item in instances(spec)]
    texts = [spec["title"], spec["description"],
             *(name for card in cards.values() for name in card["names"].values())]
    return (len(set(ids)) == len(ids) and all(re.fullmatch(INSTANCE_ID, i) for i in ids)
            and all(text.isprintable() for text in texts)
            and bool(spec["title"].strip()) and all(
                card["names"]["en"].strip() for card in cards.values()))


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=situations())
def test_any_ids_titles_and_card_names_are_built_or_refused_never_a_crash(
        tmp_path_factory, capsys, monkeypatch, case):
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")
    name, spec, cards = case
    folder = tmp_path_factory.mktemp("named")
    (folder / "cards").mkdir()
    for card_id, card in cards.items():
        (folder / "cards" / f"{card_id}.yaml").write_text(
            yaml.safe_dump(card, allow_unicode=True, sort_keys=False), encoding="utf-8")
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(spec, allow_unicode=True, sort_keys=False), encoding="utf-8")
    code = main(["build", str(path), "--out", str(folder / "out"), "--no-images", "--quiet",
                 "--format", "md,html,txt,print,twee,mmd", "--max-seconds", "30"])
    err = capsys.readouterr().err
    assert code in (0, 1, 2, 3), err
    if code == 2:
        lines = err.splitlines()
        assert lines and all(line.startswith("gamebook: ") and line.isprintable()
                             for line in lines), err
    if well_formed(spec, cards):
        assert code == 0, err
        assert (folder / "out" / "book.md").exists()
