"""Targets chosen together (R161): "target up to 2 monsters" (Penguin Soldier) and "target 2
monsters" (the test card Test Twin Bolt): one choice per set of cards, never per order; each
target checked on its own as the link resolves."""

from __future__ import annotations

from pathlib import Path

from rules_helpers import (
    B,
    engine,
    first,
    graveyard,
    kinds,
    offered,
    play_events,
    run_out,
    write_situation,
)

from gamebook.book.narrate import Narrator
from gamebook.rules.actions import Action, ActionKind
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.joint_targets import targets_of
from gamebook.rules.timing import activation_problem

PENGUIN = "penguin_soldier_returns_two"


def _flip_offered(eng: Engine) -> tuple[object, list[str]]:
    """The state where Player B may activate Penguin Soldier's Flip Effect, and its targets."""
    state, _ = play_events(eng, ["A pass"])
    while not any(a.card == "penguin" for a in eng.legal_actions(state)):
        state, _ = play_events(eng, [f"{eng.to_move(state).value} pass"], state)
    return state, [a.target for a in eng.legal_actions(state)
                   if a.kind is ActionKind.ACTIVATE and a.card == "penguin"]


def test_r161_up_to_two_targets_is_one_choice_per_set_of_one_or_two() -> None:
    eng = engine(PENGUIN)
    state, targets = _flip_offered(eng)
    # three monsters can be targeted (Penguin Soldier was destroyed by battle, R51): three
    # sets of one and three of two, each once whatever its order: six choices, not nine
    sets = sorted(tuple(sorted(targets_of(target))) for target in targets)
    assert sets == [("borrelsword",), ("borrelsword", "leo"), ("borrelsword", "summoned_skull"),
                    ("leo",), ("leo", "summoned_skull"), ("summoned_skull",)]
    # none at all is not an activation: "you can" leaves it unactivated (a decline)
    assert "B decline" in offered(eng, state) or "B pass" in offered(eng, state)


def test_r161_both_targets_return_at_once_an_extra_deck_monster_to_the_extra_deck() -> None:
    eng = engine(PENGUIN)
    state, targets = _flip_offered(eng)
    both = next(t for t in targets if sorted(targets_of(t)) == ["borrelsword", "leo"])
    ending, events = run_out(eng, [str(Action(ActionKind.ACTIVATE, B, "penguin", "flip",
                                              both))], state)
    assert "returned_to_extra_deck" in kinds(events) and "returned_to_hand" in kinds(events)
    assert ending.monster("borrelsword") is None and ending.monster("leo") is None
    assert [card.id for card in ending.hand] == ["leo"]  # R127: Borrelsword is not in a hand


def test_r161_the_targets_are_named_together_in_every_language() -> None:
    eng = engine(PENGUIN)
    state, targets = _flip_offered(eng)
    both = next(t for t in targets if sorted(targets_of(t)) == ["borrelsword", "leo"])
    action = Action(ActionKind.ACTIVATE, B, "penguin", "flip", both)
    instances = {instance: eng.situation.cards[card] for instance, card in eng.rules.instances}

    def narrator(lang: str) -> Narrator:
        return Narrator(lang, instances, eng.owners)

    assert narrator("en").choice(action).endswith("targeting Borrelsword Dragon and Leo Wizard")
    assert "「槍管刺刀龍」和「獅子男巫」" in narrator("zh-Hant").choice(action)
    assert "「ヴァレルソード・ドラゴン」と「レオ・ウィザード」" in narrator("ja").choice(action)
    assert "槍管刺刀龍、獅子男巫" in narrator("zh-Hant").short_choice(action)
    _, events = play_events(eng, [str(action)], state)
    told = narrator("en").event(first(events, "activate"))
    assert "targeting Borrelsword Dragon and Leo Wizard, as c1" in told


def _twin_bolt(folder: Path, *, gemini: bool = True) -> Engine:
    """Player B's Test Twin Bolt ("target 2 monsters; destroy them") and Player A's Test
    Destroy Trap, both Set, as Summoned Skull attacks Leo Wizard."""
    a_monsters = [{"id": "summoned_skull", "card": "summoned_skull"}]
    if gemini:
        a_monsters.append({"id": "gemini_elf", "card": "gemini_elf"})
    return Engine(write_situation(folder, {
        "turn_player": "A",
        "players": {
            "A": {"monsters": a_monsters,
                  "spell_traps": [{"id": "destroy_trap", "card": "test_destroy_trap"}]},
            "B": {"monsters": [{"id": "leo", "card": "leo_wizard"}],
                  "spell_traps": [{"id": "twin_bolt", "card": "test_twin_bolt"}]}},
        "start": {"moment": "attack_declared", "attacker": "summoned_skull", "target": "leo"},
        "scope": "end_of_battle"}))


def test_r161_exactly_two_targets_is_one_choice_per_pair(tmp_path) -> None:
    eng = _twin_bolt(tmp_path)
    state, _ = play_events(eng, ["A pass"])
    pairs = sorted(tuple(sorted(targets_of(a.target))) for a in eng.legal_actions(state)
                   if a.card == "twin_bolt")
    assert pairs == [("gemini_elf", "leo"), ("gemini_elf", "summoned_skull"),
                     ("leo", "summoned_skull")]


def test_r161_exactly_two_targets_cannot_be_activated_with_one_monster_to_target(tmp_path
                                                                                 ) -> None:
    eng = _twin_bolt(tmp_path, gemini=False)
    state, _ = play_events(eng, ["A pass"])
    # two monsters on the field: one pair; once Summoned Skull's attack is over with Leo
    # Wizard destroyed, one monster is left and there is no pair to target (R99)
    assert [a.target for a in eng.legal_actions(state) if a.card == "twin_bolt"] \
        == ["leo+summoned_skull"]
    alone = Engine(write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "summoned_skull", "card": "summoned_skull"}]},
                    "B": {"spell_traps": [{"id": "twin_bolt", "card": "test_twin_bolt"}]}},
        "start": {"moment": "attack_declared", "attacker": "summoned_skull"},
        "scope": "end_of_battle"}))
    state = alone.start().state
    effect = alone.rules.effect_of(state, "twin_bolt", "activate")
    problem = activation_problem(alone.rules, state, B, "twin_bolt", effect,
                                 need_priority=False)
    assert problem[:2] == ("could_not_apply", "no_legal_target")


def test_r161_a_target_that_has_gone_is_left_out_and_the_other_is_still_affected(tmp_path
                                                                               ) -> None:
    eng = _twin_bolt(tmp_path)
    ending, events = run_out(eng, ["A pass", "B activate twin_bolt.activate -> "
                                   "gemini_elf+summoned_skull",
                                   "A activate destroy_trap.activate -> gemini_elf"])
    gone = first(events, "not_applied")
    assert (gone.target, gone.get("why")) == ("gemini_elf", "left_field")
    assert graveyard(ending)["summoned_skull"] == "destroyed"  # the other target is destroyed
    assert graveyard(ending)["gemini_elf"] == "destroyed"  # by Test Destroy Trap, first


def test_r161_r137_the_order_reduction_sees_every_card_of_a_joint_target(tmp_path) -> None:
    """Two links that destroy cards fixed at activation commute only when they act on
    different cards (R137): the proof reads each card of a joint target, not the first."""
    eng = _twin_bolt(tmp_path)
    state, _ = play_events(eng, ["A pass", "B activate twin_bolt.activate -> leo+summoned_skull"])
    link = state.chain[-1]
    assert eng.commutation._acted_on(state, link) == frozenset({"leo", "summoned_skull"})


def test_r161_the_japanese_card_text_puts_the_particle_before_the_count() -> None:
    """Card text says 「モンスターを2体まで対象として」: the count follows を, as official texts
    write a joint target, not 「モンスター2体までを対象として」."""
    from gamebook.book.cardtext import card_text
    from gamebook.cards.library import load_library

    penguin = load_library()["penguin_soldier"]
    text = "".join(card_text(penguin, "ja"))
    assert "フィールドのモンスターを2体まで対象として" in text
    assert "までを対象" not in text
