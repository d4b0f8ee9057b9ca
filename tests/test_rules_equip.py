"""Equip Cards (R105) and their effect on ATK through the layered model (R106).

Example ``megamorph_shrink``: Player A (2,000 LP) attacks with Summoned Skull (2500) equipped
with Megamorph and Axe of Despair, against Player B (3,000 LP) with Mystical Elf in Attack
Position and Shrink and Forbidden Lance Set.
"""

from __future__ import annotations

from pathlib import Path

from rules_helpers import (
    ROOT,
    first,
    graveyard,
    kinds,
    monster,
    play,
    play_events,
    run_out,
    write_situation,
)

from gamebook.cards.model import Ref
from gamebook.rules.engine import Engine
from gamebook.rules.mechanics.equip import equipped_to
from gamebook.rules.resolution import resolve_top
from gamebook.rules.state import ChainLink, Player, replace
from gamebook.situation.load import load_situation

EXAMPLE = ROOT / "examples" / "megamorph_shrink.yaml"
SHRINK_SKULL = "B activate shrink.activate -> summoned_skull"
LANCE_SKULL = "B activate forbidden_lance.activate -> summoned_skull"


def _engine() -> Engine:
    return Engine(load_situation(EXAMPLE), "seed")


def test_r105_an_equip_card_of_the_situation_starts_equipped_to_its_monster() -> None:
    state = _engine().start().state
    assert equipped_to(state, "megamorph") == "summoned_skull"
    assert equipped_to(state, "axe_of_despair") == "summoned_skull"


def test_r106_megamorph_doubles_the_original_atk_and_axe_of_despair_adds_on_top() -> None:
    # A has fewer LP: 2 × 2500 (CSET), then +1000 (DELTA-cont re-applied on top, E43)
    assert monster(_engine().start().state, "summoned_skull").stats.atk == 6000


def test_r106_shrink_halves_the_original_and_megamorph_doubles_the_new_original() -> None:
    eng = _engine()
    state = play(eng, [SHRINK_SKULL, "A pass", "B pass"], settle_end=False)
    skull = monster(state, "summoned_skull").stats
    assert skull.original_atk == 1250
    assert skull.atk == 2 * 1250 + 1000


def test_r106_megamorph_follows_the_lp_after_the_battle_damage() -> None:
    state, events = run_out(_engine(), [SHRINK_SKULL])
    assert first(events, "damage_calculation").get("attacker_atk") == 3500
    assert state.lp == (2000, 300)  # now A has more LP: Megamorph halves
    assert monster(state, "summoned_skull").stats.atk == 625 + 1000


def test_r106_with_equal_lp_megamorph_does_not_apply(tmp_path: Path) -> None:
    eng = Engine(_equipped(tmp_path, "megamorph", lp=(3000, 3000)), "seed")
    assert monster(eng.start().state, "summoned_skull").stats.atk == 2500


def test_r105_destroying_an_equip_card_ends_its_effect(tmp_path: Path) -> None:
    situation = write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": [{"id": "axe", "card": "axe_of_despair",
                                           "face_up": True, "equipped_to": "skull"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [{"id": "mst", "card": "mystical_space_typhoon"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"})
    eng = Engine(situation, "seed")
    state, events = play_events(eng, ["A pass", "B activate mst.activate -> axe", "A pass",
                                      "B pass"], settle_end=False)
    assert graveyard(state)["axe"] == "destroyed"
    assert monster(state, "skull").stats.atk == 2500
    change = first(events, "continuous_atk")
    assert (change.get("before"), change.get("after")) == (3500, 2500)


def test_r104_r106_a_monster_unaffected_by_spell_traps_loses_its_equip_effects() -> None:
    # Shrink, then Forbidden Lance: 1250 - 800, Megamorph and the Axe no longer apply
    eng = _engine()
    state = play(eng, [LANCE_SKULL, "A pass", SHRINK_SKULL, "A pass", "B pass"],
                 settle_end=False)
    assert monster(state, "summoned_skull").stats.atk == 450
    assert equipped_to(state, "megamorph") == "summoned_skull"  # still equipped


def test_r105_the_equip_card_goes_to_the_gy_when_its_monster_is_destroyed(tmp_path: Path
                                                                           ) -> None:
    # B's Mystical Elf with Axe of Despair (1800) is destroyed by Summoned Skull (2500)
    situation = write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [{"id": "axe", "card": "axe_of_despair",
                                           "face_up": True, "equipped_to": "elf"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"})
    eng = Engine(situation, "seed")
    assert monster(eng.start().state, "elf").stats.atk == 1800
    state, events = run_out(eng)
    assert graveyard(state) == {"elf": "destroyed_by_battle", "axe": "unequipped"}
    sent = [e for e in events if e.kind == "sent_to_gy" and e.card == "axe"]
    assert sent and sent[0].get("why") == "unequipped"
    assert "destroyed" not in [e.kind for e in events if e.card == "axe"]  # not destroyed


def test_r105_the_equip_card_goes_to_the_gy_when_its_monster_is_turned_face_down(
        tmp_path: Path) -> None:
    situation = write_situation(tmp_path, {
        "turn_player": "A",
        "players": {"A": {"monsters": [{"id": "skull", "card": "summoned_skull"}],
                          "spell_traps": [{"id": "axe", "card": "axe_of_despair",
                                           "face_up": True, "equipped_to": "skull"}]},
                    "B": {"monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [{"id": "moon", "card": "book_of_moon"}]}},
        "start": {"moment": "attack_declared", "attacker": "skull", "target": "elf"},
        "scope": "end_of_battle"})
    eng = Engine(situation, "seed")
    state, events = run_out(eng, ["B activate moon.activate -> skull"])
    assert graveyard(state)["axe"] == "unequipped"
    assert kinds(events).index("set_face_down") < kinds(events).index("sent_to_gy")


def _equipped(folder: Path, card: str, *, lp: tuple[int, int] = (8000, 8000)):  # noqa: ANN202
    return write_situation(folder, {
        "turn_player": "A",
        "players": {"A": {"lp": lp[0], "monsters": [{"id": "summoned_skull",
                                                       "card": "summoned_skull"}],
                          "spell_traps": [{"id": card, "card": card, "face_up": True,
                                           "equipped_to": "summoned_skull"}]},
                    "B": {"lp": lp[1], "monsters": [{"id": "elf", "card": "mystical_elf"}],
                          "spell_traps": [{"id": "axe", "card": "axe_of_despair"}]}},
        "start": {"moment": "attack_declared", "attacker": "summoned_skull", "target": "elf"},
        "scope": "end_of_battle"})


def _resolving_axe(folder: Path, *, target_gone: bool):  # noqa: ANN202
    """B's Axe of Despair activated on Mystical Elf, about to resolve (an Equip Spell is
    activated in the Main Phase, R8: the chain is set up by hand)."""
    eng = Engine(_equipped(folder, "megamorph"), "seed")
    state = eng.start().state
    axe = replace(state.spell_trap("axe"), face_up=True)
    state = state.with_spell_trap(axe)
    link = ChainLink(Player.B, "axe", "activate", 7, target="elf",
                     refs=((Ref.TARGET, "elf"),))
    state = replace(state, chain=(link,))
    if target_gone:
        state = state.without_monster("elf")
    return eng, state


def test_r105_resolving_equips_the_card_to_its_target(tmp_path: Path) -> None:
    eng, state = _resolving_axe(tmp_path, target_gone=False)
    state, events, done = resolve_top(eng.rules, state)
    assert done and equipped_to(state, "axe") == "elf"
    assert first(events, "equipped").get("to") == "elf"


def test_r105_an_equip_spell_whose_target_is_gone_goes_to_the_gy(tmp_path: Path) -> None:
    eng, state = _resolving_axe(tmp_path, target_gone=True)
    state, events, done = resolve_top(eng.rules, state)
    assert done and state.spell_trap("axe") is None
    assert graveyard(state)["axe"] == "not_equipped"


def test_r105_an_equip_spell_is_spell_speed_1_so_not_activated_in_the_battle_phase(
        tmp_path: Path) -> None:
    from rules_helpers import forbidden_by

    eng = Engine(_equipped(tmp_path, "megamorph"), "seed")
    state = play(eng, ["A pass"], settle_end=False)
    assert forbidden_by(eng, state, "axe", "activate") == "spell_cards"
