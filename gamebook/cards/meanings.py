"""What a card writer means by a word the vocabulary lacks: "did you mean" by meaning.

A card file that says ``self_is_attack_target`` means "this card is attacked", and the word
closest in spelling, ``self_is_attacker``, means the opposite. :data:`CARD_MEANINGS` lists,
per word writers reach for, the vocabulary words that say it (or, when none does yet, a note
that says so plainly and what comes nearest), and the groups of words of exclusive meaning
(attacker and target, Attack and Defense, Spell, Trap and monster, you and the opponent) that
a suggestion by spelling must never swap. The list of allowed values is still printed beside
it. A word whose meaning the vocabulary gains later moves from the note to the words.
"""

from __future__ import annotations

from gamebook.inputs.yamlsrc import Meanings

_NO_ATTACKED = ("no condition says 'this card is the attack target' yet; the monster being "
                "attacked is who: attack_target, and opponent_is_attacking says the attacker is "
                "the opponent's")
_NO_BECOMES = ("no key makes an ATK become a value while an effect applies, but "
               "atk_becomes_original (a multiple of the original ATK, by the LP: R82); a "
               "resolution step halve_atk or set_atk changes it once")

CARD_MEANINGS = Meanings(
    instead={
        # conditions
        "self_is_attack_target": ((), _NO_ATTACKED),
        "self_is_attacked": ((), _NO_ATTACKED),
        "self_is_target": ((), _NO_ATTACKED),
        "opponent_activates_effect": (("opponent_activates_monster_effect",
                                       "opponent_activates_spell", "opponent_activates_trap"),
                                      "one word per kind of card"),
        "monster_effect_activated_by_opponent": (("opponent_activates_monster_effect",),
                                                 "an opponent's monster effect"),
        "spell_activated": (("spell_card_activated",), "a Spell Card's activation, of either "
                            "player"),
        "trap_activated": (("trap_card_activated",), "a Trap Card's activation, of either "
                           "player"),
        "opponent_turn": (("opponents_turn",), "during your opponent's turn"),
        "is_direct_attack": (("direct_attack",), "the attack is a direct attack"),
        # events
        "attack_declaration": (("attack_declared",), "when an attack is declared"),
        "on_attack": (("attack_declared",), "when an attack is declared"),
        "summoned": (("special_summoned",), "a monster was Special Summoned"),
        "special_summon": (("special_summoned",), "the event is the summon that happened"),
        "destroyed_by_effect": (("destroyed",), "destroyed by battle or by a card effect"),
        "sent_to_graveyard": (("destroyed",), "no event says 'sent to the GY' yet; destroyed is "
                              "the nearest"),
        "battle_damage": (("inflicts_battle_damage", "damage_taken"),
                          "this card inflicted it, or its controller took it"),
        "flipped": (("flip",), "the monster was flipped face-up"),
        # target filters
        "defence_position": (("defense_position",), "in Defense Position, face-up or "
                             "face-down"),
        "face_down_defense": (("face_down",), "a face-down monster is in Defense Position"),
        "attacker": (("attacking",), "the monster that is attacking now"),
        # operations
        "negate": (("negate_activation", "negate_effect", "negate_attack"),
                   "say what is negated"),
        "heal": (("gain_lp",), "its player gains LP"),
        "damage": (("inflict_damage",), "its player takes damage"),
        "burn": (("inflict_damage",), "its player takes damage"),
        "set": (("set_face_down",), "the monster is changed to face-down Defense Position"),
        "flip_up": (("flip_face_up",), "a face-down monster is changed to face-up"),
        "summon": (("special_summon",), "a monster is Special Summoned"),
        "halve": (("halve_atk", "halve_original_atk"), "its ATK, or its original ATK"),
        "bounce": (("return_to_hand",), "the card returns to its owner's hand"),
        "shuffle": (("shuffle_into_deck",), "the card is shuffled into its owner's Deck"),
        "return_to_deck": (("shuffle_into_deck", "place_on_top_of_deck"),
                           "into the Deck, or on top of it"),
        # locations
        "gy": (("graveyard",), "the Graveyard"),
        "grave": (("graveyard",), "the Graveyard"),
        # keys
        "atk_becomes": ((), _NO_BECOMES),
        "atk_becomes_half": ((), _NO_BECOMES),
    },
    exclusive=(frozenset({"attacker", "target"}), frozenset({"attack", "defense"}),
               frozenset({"up", "down"}), frozenset({"you", "opponent"}),
               frozenset({"spell", "trap", "monster"}), frozenset({"battle", "effect"}),
               frozenset({"lower", "higher"}), frozenset({"gain", "pay", "lose"}),
               frozenset({"hand", "graveyard", "field", "deck"})),
    same={"your": "you", "opponents": "opponent", "gy": "graveyard", "defence": "defense"},
)
