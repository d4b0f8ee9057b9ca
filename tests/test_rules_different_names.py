"""R178: cards chosen together "with different names": a joint target (``up_to``/``exactly``)
or a set chosen as the effect resolves (``pick: set``) offers only the sets whose cards all
have different names; two copies of one card share a name, and so do two Tokens of one kind."""

from __future__ import annotations

from pathlib import Path

from rules_helpers import engine, graveyard, pass_until, play, run_out, write_situation

from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.joint_targets import different_names, target_sets, targets_of
from gamebook.rules.state import WindowKind


def _pairs(eng: Engine, state, card: str) -> list[tuple[str, ...]]:  # noqa: ANN001
    return sorted(tuple(sorted(targets_of(action.target)))
                  for action in eng.legal_actions(state, every_card=True) if action.card == card)


def _field(folder: Path, monsters: list[dict], trap: str) -> Engine:
    """Player A's ``monsters`` in the Battle Step, Player B's Set ``trap``."""
    return Engine(write_situation(folder, {
        "turn_player": "A",
        "players": {"A": {"monsters": monsters},
                    "B": {"spell_traps": [{"id": "trap", "card": trap}]}},
        "start": {"moment": "battle_step"},
        "scope": "end_of_battle_phase"}), "seed")


TWO_ELVES_AND_SKULL = [{"id": "elf_1", "card": "gemini_elf"},
                       {"id": "elf_2", "card": "gemini_elf"},
                       {"id": "skull", "card": "summoned_skull"}]


def test_r178_two_copies_are_never_targeted_together() -> None:
    eng = engine("name_pair_trap_two_copies")
    state = play(eng, ["A pass"], settle_end=False)
    # one pair of each kind (R69): a Gemini Elf and Summoned Skull, never both Gemini Elf
    assert _pairs(eng, state, "pair") == [("elf_1", "skull")]


def test_r178_without_two_names_there_is_no_pair_to_target(tmp_path) -> None:
    eng = _field(tmp_path, TWO_ELVES_AND_SKULL[:2], "test_name_pair_trap")
    state = play(eng, ["A pass"], settle_end=False)
    assert _pairs(eng, state, "trap") == []  # "exactly 2" cannot be met (R99)


def test_r178_the_pair_is_destroyed(tmp_path) -> None:
    eng = _field(tmp_path, TWO_ELVES_AND_SKULL, "test_name_pair_trap")
    ending, _ = run_out(eng, ["A pass", "B activate trap.activate -> elf_1+skull"])
    assert {"elf_1", "skull"} <= set(graveyard(ending))
    assert ending.monster("elf_2") is not None


def test_r178_a_set_chosen_as_it_resolves_has_different_names(tmp_path) -> None:
    """One Gemini Elf in Defense Position: the two sets with Summoned Skull differ (R69)."""
    monsters = [dict(TWO_ELVES_AND_SKULL[0]), {**TWO_ELVES_AND_SKULL[1], "position": "defense"},
                TWO_ELVES_AND_SKULL[2]]
    eng = _field(tmp_path, monsters, "test_name_set_trap")
    state = play(eng, ["A pass", "B activate trap.activate"], settle_end=False)
    state = pass_until(eng, state, lambda s: s.window.kind is WindowKind.SELECT)
    assert state.window.kind is WindowKind.SELECT
    sets = sorted(tuple(sorted(targets_of(action.target)))
                  for action in eng.legal_actions(state, every_card=True))
    assert sets == [("elf_1", "skull"), ("elf_2", "skull")]


def test_r178_one_name_only_one_card_of_it_is_chosen(tmp_path) -> None:
    """Size 2, one name: as many cards as there are names, so one Gemini Elf goes."""
    eng = _field(tmp_path, TWO_ELVES_AND_SKULL[:2], "test_name_set_trap")
    state = play(eng, ["A pass", "B activate trap.activate"], settle_end=False)
    ending, _ = run_out(eng, [], state)
    gone = {"elf_1", "elf_2"} & set(graveyard(ending))
    assert len(gone) == 1




def test_r178_two_tokens_of_one_kind_share_a_name(tmp_path) -> None:
    """Tokens cannot start in a situation (R64): Player B's Scapegoat makes 4 Sheep Tokens,
    whose name is the Token's; a Sheep Token and Gemini Elf differ."""
    eng = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "elf", "card": "gemini_elf"}]},
                    "B": {"spell_traps": [{"id": "goat", "card": "scapegoat"}]}},
        "start": {"moment": "battle_step"},
        "scope": "end_of_battle_phase"}), "seed")
    state = play(eng, ["A pass", "B activate goat.activate"])
    tokens = tuple(m.id for m in state.monsters if m.card == "sheep_token")
    assert len(tokens) == 4
    name_of = different_names(eng.rules, state)
    assert {name_of(token) for token in tokens} == {"sheep_token"}
    assert target_sets(state, tokens, range(2, 3), name_of=name_of) == ()
    assert target_sets(state, (*tokens, "elf"), range(2, 3), name_of=name_of)
