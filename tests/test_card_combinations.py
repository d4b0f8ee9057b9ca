"""Nothing a card file may say is accepted and then silently ignored (issue 31).

Every combination the card model allows of an effect's kind, its location and its event, with
its card's type and frame (a monster's frame, a Spell/Trap's type), is either refused as the
card file loads, at its line, with a reason that names a rule, or honoured: with the card
where its effect says, the engine considers the effect (it is among the candidates the
engine offers or shows with a ✘ and its reason), and a continuous effect applies on the
field. Beside the enumeration, the three cases the issue found, each a real file.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from gamebook.cards.library import _card_adapter, _check_card, load_card_file
from gamebook.cards.model import (
    CardType,
    EffectKind,
    EventName,
    Location,
    MonsterFrame,
    SpellTrapType,
)
from gamebook.errors import InputError, InputErrors
from gamebook.inputs.yamlsrc import Located, validate
from gamebook.rules.engine import Engine
from gamebook.rules.state import Player, replace
from gamebook.rules.timing import candidate_effects
from gamebook.situation.load import load_situation

RULE = re.compile(r"\bR(?:\d+|:[a-z][a-z0-9_]*)")
FRAMES = [(CardType.MONSTER, frame.value) for frame in MonsterFrame] + [
    (card_type, kind.value) for card_type in (CardType.SPELL, CardType.TRAP)
    for kind in SpellTrapType]
COMBINATIONS = list(itertools.product(FRAMES, EffectKind, Location, (None, *EventName)))


def card_data(card_type: CardType, frame: str, effects: list[dict]) -> dict:
    data = {"id": f"combo_{card_type.value}_{frame}", "names": {"en": "Combination"},
            "card_type": card_type.value, "effects": effects}
    if card_type is CardType.MONSTER:
        data.update(frame=frame, atk=1000, defense=1000, level=4, attribute="DARK",
                    monster_type="Fiend")
        if frame == MonsterFrame.LINK:
            data.update(defense=None, level=None, link_rating=1)
    else:
        data["spell_trap_type"] = frame
    return data


def effect_data(index: int, kind: EffectKind, location: Location,
                event: EventName | None) -> dict:
    effect = {"id": f"e{index}", "kind": kind.value, "location": location.value}
    if event is not None:
        effect["event"] = event.value
    if kind is not EffectKind.CONTINUOUS:
        effect["resolution"] = [{"op": "gain_lp", "player": "you", "amount": 100}]
    return effect


def load(folder: Path, data: dict) -> InputError | None:
    """Load ``data`` as a card file: the first error, or ``None``."""
    path = folder / f"{data['id']}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    try:
        load_card_file(path)
    except InputErrors as errors:
        return errors.errors[0]
    except InputError as error:
        return error
    return None


def check(data: dict) -> InputError | None:
    """What the card loader says of ``data``, without a file (thousands of them)."""
    located = Located(data=data, path=Path("combination.yaml"))
    try:
        _check_card(validate(located, _card_adapter(), "card"), located)
    except InputError as error:
        return error
    return None


@pytest.fixture(scope="module")
def sorted_out() -> dict[str, list]:
    """Each combination checked alone: the refused with their errors, the accepted grouped by
    their card's type and frame and where their card is."""
    refused, accepted = [], defaultdict(list)
    for (card_type, frame), kind, location, event in COMBINATIONS:
        error = check(card_data(card_type, frame, [effect_data(0, kind, location, event)]))
        if error is None:
            accepted[(card_type, frame, location)].append((kind, event))
        else:
            refused.append(((card_type, frame, kind, location, event), error))
    return {"refused": refused, "accepted": accepted}


def test_every_refused_combination_names_a_rule_and_its_line(sorted_out, tmp_path):
    assert sorted_out["refused"] and sorted_out["accepted"]
    lines = {}
    for combination, error in sorted_out["refused"]:
        said = error.message
        # the model's own checks (a trigger needs an event, 'activate' is a Spell/Trap's)
        # name no rule; every refusal of what the engine would not honour does
        if "needs 'event'" not in said and "'activate' is for Spell/Trap" not in said:
            assert RULE.search(said), (combination, said)
        lines.setdefault(re.sub(r"'[^']*'|\w+: \w+", "", said), combination)
    for card_type, frame, kind, location, event in lines.values():  # one file per reason
        data = card_data(card_type, frame, [effect_data(0, kind, location, event)])
        error = load(tmp_path, data)
        assert error is not None and error.line is not None, (card_type, frame, kind, location)


def test_the_three_cases_of_the_issue_are_refused(sorted_out):
    refused = {combination for combination, _ in sorted_out["refused"]}
    trap, continuous = CardType.TRAP, SpellTrapType.CONTINUOUS
    assert (trap, SpellTrapType.NORMAL, EffectKind.ACTIVATE, Location.HAND, None) in refused
    assert (trap, continuous, EffectKind.TRIGGER, Location.FIELD,
            EventName.ATTACK_DECLARED) in refused


def test_every_accepted_combination_is_honoured_by_the_engine(sorted_out, tmp_path):
    """One card per card type, frame and location with every accepted effect, placed there
    for Player A (a few situations of up to five cards a zone kind): every activated effect
    is among the engine's candidates."""
    folder = tmp_path / "cards"
    folder.mkdir()
    placed: dict[str, list] = defaultdict(list)  # the situation's list -> its entries
    expected = {}
    for (card_type, frame, location), effects in sorted(sorted_out["accepted"].items()):
        if frame == MonsterFrame.TOKEN.value:
            continue  # a Token cannot start in a situation (R64); read as an Effect Monster
        data = card_data(card_type, frame, [effect_data(index, kind, location, event)
                                            for index, (kind, event) in enumerate(effects)])
        data["id"] = f"{data['id']}_{location.value}"
        (folder / f"{data['id']}.yaml").write_text(yaml.safe_dump(data, sort_keys=False),
                                                   encoding="utf-8")
        entry = {"id": data["id"], "card": data["id"]}
        if location is Location.FIELD and card_type is CardType.MONSTER:
            where = "monsters"
        elif location is Location.FIELD:
            where = "spell_traps"
            entry["zone"] = "field" if frame == SpellTrapType.FIELD.value else None
        else:
            where = location.value if location in (Location.HAND, Location.BANISHED) \
                else "graveyard"
        placed[where].append(entry)
        expected[data["id"]] = [(f"e{index}", kind, event)
                                for index, (kind, event) in enumerate(effects)]
    considered: set[tuple[str, str]] = set()
    for where, entries in placed.items():
        size = 5 if where in ("monsters", "spell_traps") else len(entries)
        for start in range(0, len(entries), size):
            batch = [{key: value for key, value in entry.items() if value is not None}
                     for entry in entries[start:start + size]]
            path = tmp_path / f"{where}_{start}.yaml"
            path.write_text(yaml.safe_dump({
                "title": "combination", "turn_player": "A",
                "players": {"A": {"graveyard" if where == "banished" else where: batch},
                            "B": {}},
                "start": {"moment": "battle_step"}, "scope": "end_of_battle_phase"}),
                encoding="utf-8")
            engine = Engine(load_situation(path, card_folders=(folder,)))
            state = engine.initial_state()
            if where == "banished":  # a situation starts with none: they are moved there
                state = replace(state, graveyard=(), banished=state.graveyard)
            considered |= {(instance, effect.id) for instance, _, effect in candidate_effects(
                engine.rules, state, Player.A)}
    checked = 0
    for card_id, effects in expected.items():
        for effect_id, kind, event in effects:
            if kind is EffectKind.CONTINUOUS:
                assert card_id.endswith("_field")  # a lasting effect, read on the field
                continue
            assert (card_id, effect_id) in considered, (card_id, kind, event)
            checked += 1
    assert checked > 100
