"""R183: a destruction replaced. Thunder Dragon Colossus's "if this card would be destroyed
by battle or card effect, you can banish 1 Thunder monster from your GY instead" is its
controller's choice at the moment it would be destroyed: in the middle of the destroying
link's resolution (whoever's link it is), or at damage calculation."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_helpers import kinds, legal, pass_until, play, play_events, write_situation

from gamebook.cards.honoured import refusal
from gamebook.cards.library import load_library
from gamebook.cards.model import EventName
from gamebook.rules.engine import Engine
from gamebook.rules.events import EventKind
from gamebook.rules.state import Player, Step, WindowKind
from gamebook.situation.model import NOTHING

SAKURETSU = "B activate sakuretsu.activate -> colossus"
REPLACE = "A select colossus.destruction_replacement -> thunderball"
DECLINE = f"A select colossus.destruction_replacement -> {NOTHING}"


def _engine(tmp_path: Path, graveyard: list[dict], *,
            defender: str = "gorz_the_emissary_of_darkness") -> Engine:
    """A's Thunder Dragon Colossus (2600) has declared an attack on B's ``defender``; B has
    a Set Sakuretsu Armor; A's GY holds ``graveyard``."""
    return Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "colossus", "card": "thunder_dragon_colossus"}],
                  "graveyard": graveyard},
            "B": {"monsters": [{"id": "gorz", "card": defender}],
                  "spell_traps": [{"id": "sakuretsu", "card": "sakuretsu_armor"}]},
        },
        "start": {"moment": "attack_declared", "attacker": "colossus", "target": "gorz"},
        "scope": "end_of_battle",
    }), "seed")


THUNDERBALL = [{"id": "thunderball", "card": "mega_thunderball"}]


def _selecting(eng: Engine, moves: list[str]):  # noqa: ANN202
    state = play(eng, moves, settle_end=False)
    return pass_until(eng, state, lambda s: s.window.kind is WindowKind.SELECT)


def _destroyed(events) -> list:  # noqa: ANN001
    return [e for e in events if e.kind in (EventKind.DESTROYED, EventKind.DESTROYED_BY_BATTLE)]


def test_r183_by_effect_the_controller_not_the_resolving_player_chooses(tmp_path) -> None:
    eng = _engine(tmp_path, THUNDERBALL)
    state = _selecting(eng, [SAKURETSU])
    assert state.chain and state.chain[-1].player is Player.B  # B's link resolves
    assert eng.to_move(state) is Player.A  # A, Colossus's controller, chooses
    assert set(legal(eng, state)) == {REPLACE, DECLINE}
    state, events = play_events(eng, [REPLACE], state, settle_end=False)
    assert not state.chain and state.monster("colossus") is not None
    assert [c.id for c in state.banished] == ["thunderball"]
    assert state.in_graveyard("thunderball") is None
    assert EventKind.DESTRUCTION_REPLACED in kinds(events)
    replaced = next(e for e in events if e.kind is EventKind.DESTRUCTION_REPLACED)
    assert (replaced.card, replaced.target, replaced.get("by")) == ("colossus", "thunderball",
                                                                     "effect")
    assert not _destroyed(events)


def test_r183_by_battle_at_damage_calculation(tmp_path) -> None:
    eng = _engine(tmp_path, THUNDERBALL)
    state = _selecting(eng, ["B pass"])
    assert state.window.step is Step.DURING_DAMAGE_CALCULATION
    assert state.lp == (7900, 8000)  # battle damage first, then the choice
    assert eng.to_move(state) is Player.A
    assert set(legal(eng, state)) == {REPLACE, DECLINE}
    state, events = play_events(eng, [REPLACE], state)
    assert eng.is_terminal(state)
    assert state.monster("colossus") is not None
    assert not state.monster("colossus").battle_destroyed
    replaced = next(e for e in events if e.kind is EventKind.DESTRUCTION_REPLACED)
    assert replaced.get("by") == "battle"
    assert not _destroyed(events)


def test_r183_declined_it_is_destroyed(tmp_path) -> None:
    eng = _engine(tmp_path, THUNDERBALL)
    state = _selecting(eng, [SAKURETSU])
    state, events = play_events(eng, [DECLINE], state)
    assert state.monster("colossus") is None
    assert state.in_graveyard("colossus") is not None
    assert state.in_graveyard("thunderball") is not None
    assert [e.card for e in _destroyed(events)] == ["colossus"]
    state = _selecting(eng, ["B pass"])
    state, events = play_events(eng, [DECLINE], state)
    assert [e.kind for e in _destroyed(events)] == [EventKind.DESTROYED_BY_BATTLE]
    assert state.in_graveyard("colossus") is not None


@pytest.mark.parametrize("graveyard", [[], [{"id": "elf", "card": "gemini_elf"}]])
def test_r183_no_choice_when_the_cost_cannot_be_paid(tmp_path, graveyard) -> None:
    eng = _engine(tmp_path, graveyard)  # no Thunder monster in the GY
    state, events = play_events(eng, [SAKURETSU])
    assert state.window.kind is not WindowKind.SELECT
    assert state.monster("colossus") is None
    assert EventKind.DESTRUCTION_REPLACED not in kinds(events)
    state, events = play_events(eng, ["B pass"])
    assert all(s.kind is not EventKind.SELECTED for s in events)
    assert state.in_graveyard("colossus") is not None


def test_r183_the_second_destruction_finds_the_gy_empty(tmp_path) -> None:
    eng = _engine(tmp_path, THUNDERBALL)
    state = _selecting(eng, [SAKURETSU])
    state, events = play_events(eng, [REPLACE], state)
    assert eng.is_terminal(state)  # the battle went on and destroyed it, with no choice
    assert [e.kind for e in _destroyed(events)] == [EventKind.DESTROYED_BY_BATTLE]
    assert state.lp == (7900, 8000)


def test_r183_the_replaced_card_triggers_nothing_destroyed(tmp_path) -> None:
    eng = _engine(tmp_path, THUNDERBALL)
    state = _selecting(eng, ["B pass"])
    state = play(eng, [REPLACE], state, settle_end=False)
    names = {name for name, _ in state.happened}
    assert EventName.DESTROYED not in names and EventName.DESTROYED_BY_BATTLE not in names
    state = _selecting(eng, [SAKURETSU])
    state = play(eng, [REPLACE], state, settle_end=False)
    assert not any(name is EventName.DESTROYED for name, _ in state.happened)
    assert not state.replaced  # kept only while the destroying step applies


def test_r183_the_word_is_a_monsters_continuous_effect() -> None:
    library = load_library()
    colossus = library["thunder_dragon_colossus"]
    effect = next(e for e in colossus.effects if e.replaces_destruction is not None)
    assert refusal(colossus, effect) is None
    from dataclasses import replace

    assert refusal(colossus, replace(effect, kind=effect.kind.__class__("trigger")))[0] \
        == "replaces_destruction"
    trap = library["sakuretsu_armor"]
    assert refusal(trap, replace(trap.effects[0], replaces_destruction=effect.replaces_destruction)
                   )[0] == "replaces_destruction"
    spec = replace(effect.replaces_destruction.banish, zone=None)
    wrong = replace(effect, replaces_destruction=replace(effect.replaces_destruction,
                                                         banish=spec))
    assert refusal(colossus, wrong)[0] == "replaces_destruction"


def test_r183_no_choice_while_the_gy_is_locked(tmp_path) -> None:
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": [{"id": "colossus", "card": "thunder_dragon_colossus"}],
                  "graveyard": THUNDERBALL,
                  "spell_traps": [{"id": "valley", "card": "necrovalley", "face_up": True,
                                   "zone": "field"}]},
            "B": {"monsters": [{"id": "gorz", "card": "gorz_the_emissary_of_darkness"}]},
        },
        "start": {"moment": "attack_declared", "attacker": "colossus", "target": "gorz"},
        "scope": "end_of_battle",
    }), "seed")
    state, events = play_events(eng, [])
    assert eng.is_terminal(state)  # R112: the GY's cards cannot be banished
    assert EventKind.SELECTED not in kinds(events)
    assert state.in_graveyard("colossus") is not None
