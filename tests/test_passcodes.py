"""Passcodes: every bundled card has its official number; a card file's is checked.

A passcode is optional for a user's card but required for a bundled one, so that every
example can be exported to EDOPro. It is a whole number of up to 8 digits written without
leading zeros, because YAML reads ``04392470`` as text and ``01234567`` as an octal number.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gamebook.cards.library import BUNDLED, load_card_file, load_library
from gamebook.cli.entry import main
from gamebook.edopro.cdb import TEXT_MARK
from gamebook.errors import InputError, InputErrors

LIBRARY = load_library()
# The official numbers, from the cards themselves (Tokens too): the test that no file lost
# or changed its number.
OFFICIAL = {
    "battle_fader": 19665973, "book_of_moon": 14087893, "borrelsword_dragon": 85289965,
    "dimensional_prison": 70342110, "enchanted_javelin": 96355986, "gemini_elf": 69140098,
    "gravekeepers_assailant": 25262697, "honest": 37742478, "kuriboh": 40640057,
    "thunder_dragon_colossus": 15291624, "mega_thunderball": 21817254,  # issue 30 (R183)
    "leo_wizard": 4392470, "linkuriboh": 41999284, "magic_cylinder": 62279055,
    "man_eater_bug": 54652250, "mirror_force": 44095762, "mystical_elf": 15025844,
    "mystical_space_typhoon": 5318639, "necrovalley": 47355498, "negate_attack": 14315573,
    "ojama_token": 29843092, "ojama_trio": 29843091, "rush_recklessly": 70046172,
    "sakuretsu_armor": 56120475, "scapegoat": 73915051, "sheep_token": 73915052,
    "shrink": 55713623, "summoned_skull": 70781052, "swords_of_revealing_light": 72302403,
    "threatening_roar": 36361633, "trap_jammer": 19252988, "waboku": 12607053,
    "widespread_ruin": 77754944, "zero_gravity": 83133491,
    # issue 20: cards that stay on the field
    "forbidden_lance": 27243130, "axe_of_despair": 40619825, "megamorph": 22046459,
    "premature_burial": 70828912, "call_of_the_haunted": 97077563,
    "forbidden_chalice": 25789292, "skill_drain": 82732705,
    "spirit_barrier": 53239672,
    # issue 21: summons, triggers and answers in mid-battle
    "bottomless_trap_hole": 29401950, "mystic_tomato": 83011277, "solemn_warning": 84749824,
    "torrential_tribute": 53582587, "gorz_the_emissary_of_darkness": 44330098,
    "emissary_of_darkness_token": 44330099, "ring_of_destruction": 83555666,
    "magic_jammer": 77414722, "seven_tools_of_the_bandit": 3819470,
    "compulsory_evacuation_device": 94192409, "swift_scarecrow": 18964575,
    "draining_shield": 43250041, "raigeki_break": 4178474, "tragoedia": 98777036,
    # issue 30: battle rules (checked against yaml-yugi's data/cards/<passcode>.yaml)
    "command_knight": 10375182, "mirror_wall": 22359980,
    # issue 30: protections and locks
    "jinzo": 77585513, "royal_decree": 51452091,
    "spell_canceller": 84636823, "imperial_order": 61740673,
    # issue 30: players who cannot activate (yaml-yugi data/cards/83104731.yaml)
    "ancient_gear_golem": 83104731,
    # issue 34: Main Phase 1 (checked against yaml-yugi's data/cards/<passcode>.yaml)
    "solemn_judgment": 41420027, "trap_hole": 4206964,
    # issue 30: battle rules
    "marshmallon": 31305911, "spirit_reaper": 23205979,
    # issue 30: selection filters
    "dark_mirror_force": 20522190,
    # issue 30: expressions and filters (checked against yaml-yugi's data/cards/<passcode>.yaml)
    "needle_ceiling": 38411870, "wall_of_disruption": 58169731,
    "gift_of_the_mystical_elf": 98299011,
    # issue 34: Spells in Main Phase 1
    "raigeki": 12580477, "dark_hole": 53129443, "harpies_feather_duster": 18144506,
    "monster_reborn": 83764718, "pot_of_greed": 55144522,
    # issue 30: modal effects (checked against yaml-yugi)
    "poison_of_the_old_man": 8842266,
    # issue 34: a hand trap of the opponent's Main Phase
    "effect_veiler": 97268402,
    # issue 30: move events, graveyard targets and a Trap lock for the turn (yaml-yugi)
    "storming_mirror_force": 5650082, "drowning_mirror_force": 47475363,
    "cosmic_cyclone": 8267140, "dd_crow": 24508238, "trap_stun": 59616123,
    # issue 34: an answer to an effect activated on the field
    "ghost_ogre_and_snow_rabbit": 59438930,
    # issue 30: the vocabulary (checked against yaml-yugi; Dust Tornado is 60082869 there)
    "dust_tornado": 60082869, "fiendish_chain": 50078509, "enemy_controller": 98045062,
    # issue 34: a Spell that picks at resolution
    "hammer_shot": 26412047,
    # issue 30: monster-effect negation, a Trap from the hand, a Trap's effect in the GY
    # (checked against yaml-yugi)
    "solemn_strike": 40605147, "infinite_impermanence": 10045474,
    "breakthrough_skill": 78474168,
    # issue 30: the vocabulary (checked against yaml-yugi's data/cards/<passcode>.yaml)
    "penguin_soldier": 93920745, "mystic_swordsman_lv2": 47507260, "defense_draw": 24268052,
    # issue 30: battle rules, reflected damage and attacks on every monster (yaml-yugi)
    "amazoness_swords_woman": 94004268, "jurrac_monoloph": 36717258,
    # issue 30: move events of a card (checked against yaml-yugi's data/cards/84453939.yaml)
    "psychic_ace": 84453939,
    # issue 30: cards the opponent chooses, at the end of the Battle Phase (yaml-yugi's
    # data/cards/15693423.yaml)
    "evenly_matched": 15693423,
    # issue 30: "if this card was attacked" (yaml-yugi's data/cards/13945283.yaml)
    "wall_of_illusion": 13945283,
    # issue 30: adding a card to the hand (yaml-yugi's data/cards/26202165.yaml and
    # data/cards/14558127.yaml)
    "sangan": 26202165, "ash_blossom_and_joyous_spring": 14558127,
}


def test_every_bundled_card_has_its_official_passcode():
    assert {card_id: LIBRARY[card_id].passcode for card_id in LIBRARY.ids()} == OFFICIAL


def test_passcodes_are_unique_and_find_their_card():
    assert len(set(OFFICIAL.values())) == len(OFFICIAL)
    for card_id, passcode in OFFICIAL.items():
        assert LIBRARY.by_passcode(passcode).id == card_id
    assert LIBRARY.by_passcode(12345678) is None


def test_no_bundled_card_file_holds_a_cards_cdb_text():
    for path in BUNDLED.glob("*.yaml"):
        assert TEXT_MARK not in path.read_text(encoding="utf-8"), path.name


def card_file(tmp_path: Path, passcode: str) -> Path:
    path = tmp_path / "card.yaml"
    path.write_text(f"id: odd\nnames: {{en: Odd}}\ncard_type: monster\nframe: normal\n"
                    f"level: 1\natk: 0\ndefense: 0\npasscode: {passcode}\n")
    return path


@pytest.mark.parametrize(("written", "message"), [
    ("123456789", "card.yaml:8: passcode: 123456789 is not a passcode; expected the card's "
                  "8-digit number (1 to 99999999, leading zeros left out: 04392470 is written "
                  "4392470)"),
    ("0", "card.yaml:8: passcode: 0 is not a passcode"),
    ("04392470", "card.yaml:8: passcode: '04392470' is text; write the number without quotes "
                 "and leading zeros (4392470)"),
    ('"85289965"', "card.yaml:8: passcode: '85289965' is text"),
    ("01234567", "card.yaml:8: 01234567 has a leading zero, which YAML reads as an octal number "
                 "(342391); write it without the leading zeros"),
    ("yes", "card.yaml:8: passcode:"),
])
def test_a_bad_passcode_is_one_line_with_file_and_line(tmp_path, written, message):
    with pytest.raises((InputError, InputErrors)) as caught:
        load_card_file(card_file(tmp_path, written))
    assert str(caught.value).endswith(message) or message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_user_card_may_leave_it_out(tmp_path):
    path = card_file(tmp_path, "1")
    path.write_text(path.read_text().replace("passcode: 1\n", ""))
    assert load_card_file(path).passcode is None


def test_gamebook_cards_shows_it_with_its_leading_zeros(capsys):
    assert main(["cards", "leo_wizard"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Leo Wizard [leo_wizard, 04392470]"
    assert main(["cards"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines()
               if line.startswith("mystical_space_typhoon "))
    assert " 05318639 " in row
