"""D1: the two presets (R23) order the windows of a trigger's event differently, but reach the
same chains and the same end states (docs/engine.md). Declining one's optional trigger keeps
every response of the declaration chain under both: a player who lets their trigger go may
still chain Mirror Force or Magic Cylinder to the other player's link (R24); under ``seed``
that is the activation in place of the pass (it declines the lower-stage trigger, R22).
The one end state ``seed`` loses (a chain opened after every trigger was declined) is the
last test."""

from __future__ import annotations

import pytest
from rules_helpers import ROOT, exploration, situation

from gamebook.explore import explore
from gamebook.rules.state import WindowKind
from gamebook.situation import load_situation

EXAMPLES = sorted(p.stem for p in (ROOT / "examples").glob("*.yaml"))


def _end_states(found) -> set:  # noqa: ANN001
    engine = found.engine
    return {engine.merge_key(s) for s in found.states.values() if engine.is_terminal(s)}


def _chains(found) -> set[tuple]:  # noqa: ANN001
    """Every chain built in the declaration's window: (card, effect) per link, c1 first."""
    return {tuple((link.card, link.effect) for link in s.chain) for s in found.states.values()
            if s.window.kind is WindowKind.EVENT and s.chain}


@pytest.mark.parametrize("name", EXAMPLES)
def test_r23_both_presets_reach_the_same_end_states_on_every_example(name: str) -> None:
    found = {preset: explore(load_situation(ROOT / "examples" / f"{name}.yaml"), preset,
                             max_seconds=60) for preset in ("seed", "flowchart")}
    assert _end_states(found["seed"]) == _end_states(found["flowchart"])


def test_r24_after_declining_linkuriboh_b_still_chains_mirror_force_to_a_link() -> None:
    seed = exploration("triggers_and_response_traps", "seed")
    flowchart = exploration("triggers_and_response_traps", "flowchart")
    assert _end_states(seed) == _end_states(flowchart)
    assert _chains(seed) == _chains(flowchart)
    horns = (("a_horn", "horn"), ("b_horn", "horn"))
    for response in ("mirror_force", "magic_cylinder"):
        wanted = (*horns, ("borrelsword", "atk_gain"), (response, "activate"))
        assert wanted in _chains(seed), response  # Linkuriboh's trigger let go
    assert situation("triggers_and_response_traps").spec.rules == "seed"


def test_r23_r24_the_seed_preset_loses_a_chain_opened_after_every_trigger_is_declined() -> None:
    """D1's one loss: with no trigger of A's, A's pass and B's decline (a pass under seed)
    are two passes that close the declaration's window (R14), so A's Book of Moon opens a
    chain in the open Battle Step, where Mirror Force no longer answers the declaration
    (R24). Under flowchart B's decline is no pass: A opens the declaration's first chain and
    B chains Mirror Force. Every other end state is reached under both."""
    seed = exploration("book_of_moon_mirror_force", "seed")
    flowchart = exploration("book_of_moon_mirror_force", "flowchart")
    lost = _end_states(flowchart) - _end_states(seed)
    assert _end_states(seed) < _end_states(flowchart) and len(lost) == 1
    (_, _, _, (_, _, monsters, _, graveyard, *_)), = lost
    assert [m[0] for m in monsters] == ["linkuriboh"]
    assert sorted(g[0] for g in graveyard) == ["mirror_force", "moon", "skull"]
    opened_by_moon = (("moon", "activate"),)  # the declaration's chain, c1 Book of Moon
    assert opened_by_moon in _chains(flowchart) and opened_by_moon not in _chains(seed)
