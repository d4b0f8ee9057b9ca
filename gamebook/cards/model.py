"""The card model and the effect vocabulary, as frozen dataclasses.

These classes are what the rules engine reads. They import nothing heavy: input files are
validated into them by pydantic (see :mod:`gamebook.cards.library`), which understands
standard dataclasses, so the vocabulary is defined once, here.

Vocabulary (every name below is a value a card file may use):

- ``kind`` of an effect: ``trigger``, ``quick``, ``ignition``, ``flip``, ``continuous``, or
  ``activate`` (the activation of a Spell/Trap Card itself).
- ``event`` a trigger (or a "when E" card) answers: see :class:`EventName`.
- ``conditions``: see :class:`Condition`.
- ``cost`` and ``resolution``: lists of :class:`Primitive` (``op`` from :class:`OpName`).
- references to cards inside primitives: see :class:`Ref`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum

_STRICT = {"extra": "forbid"}


class CardType(StrEnum):
    MONSTER = "monster"
    SPELL = "spell"
    TRAP = "trap"


class MonsterFrame(StrEnum):
    NORMAL = "normal"
    EFFECT = "effect"
    LINK = "link"
    FUSION = "fusion"
    SYNCHRO = "synchro"
    XYZ = "xyz"
    RITUAL = "ritual"
    TOKEN = "token"  # vanishes when it leaves the field (R64)

    @property
    def extra_deck(self) -> bool:
        """A Fusion, Synchro, Xyz or Link Monster: it starts in the Extra Deck and goes back
        there instead of the hand or the Deck (R:extra_deck_monsters)."""
        return self in _EXTRA_DECK_FRAMES


_EXTRA_DECK_FRAMES = frozenset({MonsterFrame.LINK, MonsterFrame.FUSION, MonsterFrame.SYNCHRO,
                                MonsterFrame.XYZ})


class SpellTrapType(StrEnum):
    NORMAL = "normal"
    QUICK_PLAY = "quick_play"
    CONTINUOUS = "continuous"
    EQUIP = "equip"
    FIELD = "field"
    RITUAL = "ritual"
    COUNTER = "counter"


class EffectKind(StrEnum):
    TRIGGER = "trigger"
    QUICK = "quick"
    IGNITION = "ignition"
    FLIP = "flip"
    CONTINUOUS = "continuous"
    ACTIVATE = "activate"


class EventName(StrEnum):
    """Game events that open an ``EVENT`` window (R11)."""

    ATTACK_DECLARED = "attack_declared"
    FLIPPED = "flip"  # the monster was flipped face-up: its Flip Effects (R6)
    # Damage Step events of this card (R51, R52): it battled and damage was calculated; it
    # inflicted battle damage on the opponent; it was destroyed by battle (on the field after
    # damage calculation, or in the GY at the end of the Damage Step, as its `location` says).
    AFTER_DAMAGE_CALCULATION = "after_damage_calculation"
    # This card was destroyed, by battle or by a card effect: activated from where it went
    # (`location: graveyard`; a Token that vanished counts as there), once the chain or the
    # Damage Step that destroyed it is over (R19, R52).
    DESTROYED = "destroyed"
    INFLICTS_BATTLE_DAMAGE = "inflicts_battle_damage"
    DESTROYED_BY_BATTLE = "destroyed_by_battle"
    # One or more monsters were Special Summoned (by an effect's resolution): the window after
    # the summon, once the chain that summoned them has resolved (R97). Which monsters: the
    # effect's `summoned` spec.
    SPECIAL_SUMMONED = "special_summoned"
    # A monster was Normal Summoned by the turn player in their Main Phase: the window right
    # after the Summon (R131). Which monster: the effect's `summoned` spec.
    NORMAL_SUMMONED = "normal_summoned"
    # A monster was Flip Summoned by the turn player in their Main Phase: the window right
    # after the Flip Summon (R140), where its Flip Effect is activated too. Which monster: the
    # effect's `summoned` spec.
    FLIP_SUMMONED = "flip_summoned"
    # A monster would be Summoned (Normal or Flip Summoned in the Main Phase): the moment
    # before the Summon succeeds, where only an effect that negates a Summon may be activated
    # (Solemn Judgment, Solemn Warning; R136). Which monster: the step `who: summoned`.
    SUMMONING = "summoning"
    # This card's controller (its owner, in the hand) took damage from a card of the opponent:
    # battle damage after damage calculation (R51), effect damage once the chain is over
    # (R101). `can_miss_timing` applies to the latter (R25).
    DAMAGE_TAKEN = "damage_taken"
    # This card was sent to the GY (R133): from the field or from the hand, by battle, by an
    # effect, as a cost, or a Spell/Trap after resolving; activated from the GY, once the chain
    # or the Damage Step that sent it is over ("if this card is sent to the GY").
    SENT_TO_GRAVEYARD = "sent_to_graveyard"
    # The same, only from the field ("when this card is sent from the field to the GY").
    SENT_FROM_FIELD_TO_GRAVEYARD = "sent_from_field_to_graveyard"
    # "At the start of the Damage Step": the Damage Step's first timing has begun, before a
    # face-down attack target is flipped face-up (R162); a monster's
    # Trigger Effect on the field answers it, with conditions about the attack.
    DAMAGE_STEP_START = "damage_step_start"
    # This card was banished (R171): from the field or from the GY, by an effect or as a cost
    # ("if this card is banished"); activated from the banishment (`location: banished`), once
    # the chain or the Damage Step that banished it is over. Every card the vocabulary banishes
    # is face-up; a face-down banished card could not activate its effect.
    BANISHED = "banished"
    # This card was returned from the field to the hand (R171): activated from the hand
    # (`location: hand`) once the chain that returned it is over.
    RETURNED_TO_HAND = "returned_to_hand"
    # This card left the field, for wherever it went (R171): activated from there, the GY,
    # the banishment or the hand (`location` names one; the effect is offered only where the
    # card went). A card shuffled into or placed on the Deck cannot activate it: the Deck is
    # no place to activate from.
    LEFT_FIELD = "left_field"
    # This card was Tributed (R172), for a Tribute Summon, as a cost or by an effect: activated
    # from the GY (or the banishment, when it was banished instead).
    TRIBUTED = "tributed"
    # This card was discarded (R172): sent from the hand to the GY by a discard, as a cost or
    # by an effect; activated from the GY.
    DISCARDED = "discarded"
    # This card was destroyed by a card effect (R172), not by battle: activated from where it
    # went, the GY or the banishment ("destroy and banish").
    DESTROYED_BY_EFFECT = "destroyed_by_effect"
    # This card was added to the hand from the Deck or the GY by an effect (R180), not
    # returned there from the field: activated from the hand (`location: hand`) once the
    # chain that added it is over.
    ADDED_TO_HAND = "added_to_hand"


# The events of a card sent to the GY (R133): remembered only for a card that answers them.
SENT_EVENTS = (EventName.SENT_TO_GRAVEYARD, EventName.SENT_FROM_FIELD_TO_GRAVEYARD)
# Every event of a card moving (R133, R171, R172): remembered only for a card that answers
# one, activated once the chain or the Damage Step that moved the card is over.
MOVE_EVENTS = (*SENT_EVENTS, EventName.BANISHED, EventName.RETURNED_TO_HAND,
               EventName.LEFT_FIELD, EventName.TRIBUTED, EventName.DISCARDED,
               EventName.DESTROYED_BY_EFFECT, EventName.ADDED_TO_HAND)


class Condition(StrEnum):
    """Named activation conditions the engine knows how to check."""

    SELF_IS_ATTACKER = "self_is_attacker"  # this card is the monster that declared the attack
    ATTACK_TARGET_IS_MONSTER = "attack_target_is_monster"  # not a direct attack
    OPPONENT_IS_ATTACKING = "opponent_is_attacking"  # the attacker is the opponent's monster
    DIRECT_ATTACK = "direct_attack"  # the attack is a direct attack (R33)
    ATTACK_TARGET_IS_FACE_UP = "attack_target_is_face_up"  # the attacked monster is face-up
    # "if this card attacks a face-down Defense Position monster": the attacked monster is
    # face-down (R162)
    ATTACK_TARGET_IS_FACE_DOWN = "attack_target_is_face_down"
    ATTACKER_HAS_ATK = "attacker_has_atk"  # the attacking monster's ATK is above 0
    DURING_BATTLE_PHASE = "during_battle_phase"
    # "at the end of the Battle Phase": only in the End Step of the Battle Phase, the window
    # the scope end_of_battle_phase explores (R57, R175)
    END_OF_BATTLE_PHASE = "end_of_battle_phase"
    # "the damage calculation in which you would take battle damage from that attack":
    # damage calculated now would inflict battle damage on the effect's controller (R50)
    WOULD_TAKE_BATTLE_DAMAGE = "would_take_battle_damage"
    # "When your opponent activates a Spell/Trap Card/monster effect": the effect can only be
    # activated as the chain link directly above such an activation (R2).
    OPPONENT_ACTIVATES_SPELL = "opponent_activates_spell"
    OPPONENT_ACTIVATES_TRAP = "opponent_activates_trap"
    OPPONENT_ACTIVATES_MONSTER_EFFECT = "opponent_activates_monster_effect"
    # "When a card or effect is activated that includes an effect that Special Summons": the
    # link directly below, of either player, Special Summons when it resolves (R98).
    ACTIVATION_SPECIAL_SUMMONS = "activation_special_summons"
    # "When a card or effect is activated that includes an effect that destroys": the link
    # directly below, of either player, destroys (a `destroy` step) when it resolves (R173).
    ACTIVATION_DESTROYS = "activation_destroys"
    # "When a card or effect is activated that includes an effect that banishes": the link
    # directly below, of either player, banishes (a `banish` step, or `destroy` with `banish:
    # true`) when it resolves (R173); a cost that banishes is not an effect.
    ACTIVATION_BANISHES = "activation_banishes"
    # "When a card or effect is activated that includes adding a card from the Deck to the
    # hand" (Ash Blossom & Joyous Spring): the link directly below, of either player, has an
    # `add_to_hand` step whose `select` is in the Deck (R181); returning a card to the hand,
    # or adding one from the GY, is not adding it from the Deck.
    ACTIVATION_ADDS_TO_HAND = "activation_adds_to_hand"
    # "When a card or effect is activated that includes Special Summoning from the Deck" (Ash
    # Blossom & Joyous Spring): the link directly below, of either player, has a
    # `special_summon` step whose `select` is in the Deck (R181).
    ACTIVATION_SUMMONS_FROM_DECK = "activation_summons_from_deck"
    # "When a Spell/Trap Card is activated": of either player, directly above it (R2)
    SPELL_CARD_ACTIVATED = "spell_card_activated"
    TRAP_CARD_ACTIVATED = "trap_card_activated"
    # "When a monster on the field activates its effect, or when a Spell/Trap that is already
    # face-up on the field activates its effect" (Ghost Ogre & Snow Rabbit): of either player,
    # directly above an effect activated by a card on the field that is not a card's own
    # activation (R2); Monster Reborn activated from the hand or Set is not answered.
    EFFECT_ACTIVATED_ON_FIELD = "effect_activated_on_field"
    # "When a monster effect is activated" (Solemn Strike): of either player, directly above
    # the activation of any monster's effect, wherever it was activated: on the field, in the
    # hand or in the GY (R158).
    MONSTER_EFFECT_ACTIVATED = "monster_effect_activated"
    YOU_CONTROL_NO_CARDS = "you_control_no_cards"  # no card in your Monster or Spell/Trap Zones
    YOU_CONTROL_A_MONSTER = "you_control_a_monster"  # a monster in your Monster Zones (R110)
    # a monster in your Monster Zones other than this card (Command Knight, R121)
    YOU_CONTROL_ANOTHER_MONSTER = "you_control_another_monster"
    OPPONENTS_TURN = "opponents_turn"  # "during your opponent's turn"
    YOUR_TURN = "your_turn"  # "during your turn" (Breakthrough Skill's effect in the GY, R160)
    # "except the turn this card was sent to the GY": the card is in the GY since an earlier
    # turn (a card a situation lists in the GY was sent there before this turn, R160)
    NOT_SENT_TO_GRAVEYARD_THIS_TURN = "not_sent_to_graveyard_this_turn"
    # "during your opponent's Main Phase": the opponent's turn, in its Main Phase 1 (R129)
    OPPONENTS_MAIN_PHASE = "opponents_main_phase"
    # Which damage this card's controller last took (R101): battle damage, or effect damage.
    LAST_DAMAGE_WAS_BATTLE = "last_damage_was_battle"
    LAST_DAMAGE_WAS_EFFECT = "last_damage_was_effect"
    # "if this card was attacked, and was face-down at the start of the Damage Step": this
    # card is the attack target and the attack flipped it face-up (Marshmallon, R143)
    SELF_ATTACKED_FACE_DOWN = "self_attacked_face_down"
    # "if this card was attacked" (plain): this card is the attack target of the current
    # attack, asked after damage calculation or at the end of the Damage Step (Wall of
    # Illusion, R179)
    SELF_ATTACKED = "self_attacked"
    # the attacking monster was not destroyed by this battle: "return that monster to the
    # hand" after damage calculation (Wall of Illusion) does not take a monster whose
    # destruction by battle is confirmed (R51); it goes to the GY (R179)
    ATTACKER_NOT_DESTROYED_BY_BATTLE = "attacker_not_destroyed_by_battle"


# The conditions that name the activation an effect responds to.
RESPONSE_CONDITIONS = (Condition.OPPONENT_ACTIVATES_SPELL, Condition.OPPONENT_ACTIVATES_TRAP,
                       Condition.OPPONENT_ACTIVATES_MONSTER_EFFECT,
                       Condition.ACTIVATION_SPECIAL_SUMMONS, Condition.ACTIVATION_DESTROYS,
                       Condition.ACTIVATION_BANISHES, Condition.ACTIVATION_ADDS_TO_HAND,
                       Condition.ACTIVATION_SUMMONS_FROM_DECK, Condition.SPELL_CARD_ACTIVATED,
                       Condition.TRAP_CARD_ACTIVATED, Condition.EFFECT_ACTIVATED_ON_FIELD,
                       Condition.MONSTER_EFFECT_ACTIVATED)


def responds_to_activations(effect: Effect) -> bool:
    """Is ``effect`` activated only in answer to certain activations ("when your opponent
    activates a Trap Card …", R2)?"""
    return any(c in RESPONSE_CONDITIONS for c in effect.conditions)


class Ref(StrEnum):
    """Which card a primitive acts on; captured when the effect is activated (R18)."""

    SELF = "self"
    TARGET = "target"  # the card chosen as the effect's target at activation
    ATTACKER = "attacker"  # the attacking monster at activation
    ATTACK_TARGET = "attack_target"  # the monster being attacked at activation
    CHAINED_TO = "chained_to"  # the card whose chain link this effect was activated on top of
    # In a battle: the activating player's monster that battles (matching the effect's
    # `battling` spec) and the opponent's monster it battles (R46-R49).
    BATTLING_OWN = "battling_own"
    BATTLING_OPPONENT = "battling_opponent"
    SELECTED = "selected"  # the card(s) chosen at resolution by the step's `select` (R18)
    SUMMONED = "summoned"  # the monsters Special Summoned in the event answered (R97)
    COST = "cost"  # the card chosen for the cost at activation ("discard 1 card", R16)


class OpName(StrEnum):
    """Primitive operations of costs and resolutions."""

    TRIBUTE = "tribute"  # send `who` to the GY as a Tribute (a cost: R16)
    DESTROY = "destroy"  # destroy `who` (or each selected card) by a card effect
    BANISH = "banish"  # banish `who` (or each selected card)
    RETURN_TO_HAND = "return_to_hand"  # return `who` to its owner's hand
    DISCARD = "discard"  # send `who` from the hand to the GY (a cost: R16)
    SEND_TO_GY = "send_to_gy"  # send `who` from the hand or the field to the GY
    # Special Summon `who` (`self`: from wherever the card is, hand or GY) or each selected
    # card (`select` with a `zone`: hand, graveyard or deck), in `position` or the chosen one.
    SPECIAL_SUMMON = "special_summon"
    SPECIAL_SUMMON_TOKENS = "special_summon_tokens"  # `count` `token`s to `player`'s field (R64)
    SET_FACE_DOWN = "set_face_down"  # `who` is changed to face-down Defense Position
    SWITCH_POSITION = "switch_position"  # `who`'s battle position is changed (ATK <-> DEF)
    FLIP_FACE_UP = "flip_face_up"  # a face-down `who` is changed to face-up (same position)
    HALVE_ORIGINAL_ATK = "halve_original_atk"  # `who`'s original ATK becomes half (AORIG)
    NEGATE_ACTIVATION = "negate_activation"  # negate the activation of `who`'s chain link
    NEGATE_EFFECT = "negate_effect"  # negate the effect of `who`'s chain link
    # negate the Summon of `who`, the monster that would be Summoned (R136): it is not Summoned
    NEGATE_SUMMON = "negate_summon"
    NEGATE_ATTACK = "negate_attack"  # the attack ends without a Damage Step (R38)
    END_BATTLE_PHASE = "end_battle_phase"  # go to the End Step once the chain has resolved (R58)
    INFLICT_DAMAGE = "inflict_damage"  # `player` takes `amount`, or the ATK of `of`, as damage
    GAIN_LP = "gain_lp"  # `player` gains `amount` LP, or the ATK of `of`
    # the activating player pays `amount` LP, or `portion: half` of their LP (a cost: R16)
    PAY_LP = "pay_lp"
    GRANT_PLAYER = "grant_player"  # `player` gets `ability` for the rest of the turn
    CHANGE_POSITION = "change_position"  # `who` becomes `position`
    GRANT_EXTRA_ATTACK = "grant_extra_attack"  # `who` can make `amount` more attacks this turn
    GAIN_ATK = "gain_atk"  # `who` gains `amount`, or `portion` of the ATK of `of` (DELTA-once)
    HALVE_ATK = "halve_atk"  # `who`'s ATK becomes half its current ATK, rounded up (ASET)
    SET_ATK = "set_atk"  # `who`'s ATK becomes `amount` (ASET)
    FORBID_ATTACK_DECLARATION = "forbid_attack_declaration"  # `player` cannot declare attacks
    # `who` is unaffected by the effects of other Spell/Trap Cards until the end of the turn
    # (R104): this card's own effects still apply to it
    GRANT_UNAFFECTED = "grant_unaffected"
    # equip this Equip Card to `who`, a face-up monster on the field (R105); if it cannot, the
    # Equip Card goes to the GY after the resolution
    EQUIP = "equip"
    # tie this card to `who`, the monster its effect Special Summoned ("that monster"): the
    # card's `tie` then says what happens to one when the other goes (R108)
    TIE = "tie"
    # the effects of `who` (a face-up monster) are negated until the end of this turn (R109)
    NEGATE_MONSTER_EFFECTS = "negate_monster_effects"
    # every other Trap effect on the field is negated for the rest of this turn (Trap Stun, R150)
    NEGATE_TRAP_EFFECTS = "negate_trap_effects"
    # place `who` (on the field or in the GY) on top of its owner's Deck (an Extra Deck monster
    # goes to the Extra Deck, R127): Axe of Despair from the GY (R134)
    PLACE_ON_TOP_OF_DECK = "place_on_top_of_deck"
    # shuffle `who` (on the field) into its owner's Deck (an Extra Deck monster goes to the
    # Extra Deck, R127): Drowning Mirror Force (R148)
    SHUFFLE_INTO_DECK = "shuffle_into_deck"
    # `who` (a face-up monster) cannot be destroyed by battle until the end of this turn (R142)
    GRANT_BATTLE_INDESTRUCTIBLE = "grant_battle_indestructible"
    # its player draws `amount` cards: the card file may say it, but the Deck's order is
    # unknown, so an effect that only draws is refused (R146) and a draw beside other steps is
    # told and not made (R163; docs/engine.md)
    DRAW = "draw"
    # add each selected card (`select` with a `zone`: deck or graveyard) to its owner's hand:
    # a search (R180); with `locks_name`, the resolving player cannot activate cards, or the
    # effects of cards, with the added card's name for the rest of the turn (Sangan, R182)
    ADD_TO_HAND = "add_to_hand"
    # Set the Spell/Trap Card chosen by `select` (`zone: hand`) face-down in a free Spell & Trap
    # Zone of its player (Dust Tornado's "Set 1 Spell/Trap from your hand", R165)
    SET_SPELL_TRAP = "set_spell_trap"
    # the resolving player takes control of `who`, a face-up monster of the opponent, until the
    # End Phase: moved to their field, its owner stays its owner (R151); Enemy Controller (R167)
    TAKE_CONTROL = "take_control"


class Redirect(StrEnum):
    """Where a card goes instead when it leaves the field ("banish it if it leaves the
    field"): a lasting effect on the monster a step Special Summoned (R100)."""

    BANISH = "banish"


class PlayerRef(StrEnum):
    YOU = "you"
    OPPONENT = "opponent"


class Duration(StrEnum):
    END_OF_TURN = "end_of_turn"
    END_OF_BATTLE = "end_of_battle"  # until the end of this Damage Step ("from that battle")
    PERMANENT = "permanent"


class Portion(StrEnum):
    """How much of the ATK of `of` a step uses."""

    ALL = "all"  # equal to it
    HALF = "half"  # half of it, rounded half up (R76)
    ORIGINAL = "original"  # its original (printed) ATK, also once it has left the field
    DAMAGE = "damage"  # the damage its controller last took (R101); `of` is not needed


class DamageStepUse(StrEnum):
    """When in the Damage Step a card's text lets it be activated (R46, R49)."""

    UNTIL_DAMAGE_CALCULATION = "until_damage_calculation"  # Honest, Shrink-type
    DURING_DAMAGE_CALCULATION = "during_damage_calculation"  # Kuriboh-type


class StaticAbility(StrEnum):
    """What a continuous effect makes true while it applies (R7)."""

    CANNOT_BE_DESTROYED_BY_BATTLE = "cannot_be_destroyed_by_battle"
    CANNOT_BE_DESTROYED_BY_EFFECTS = "cannot_be_destroyed_by_effects"
    # attacking a Defense Position monster with a lower DEF, it inflicts the difference (R115)
    PIERCING = "piercing"
    # "your opponent cannot target this card for attacks", while the effect's `conditions` hold
    # (Command Knight: you_control_another_monster, R121)
    CANNOT_BE_ATTACK_TARGET = "cannot_be_attack_target"
    # "this card cannot be targeted by card effects" (R124)
    CANNOT_BE_TARGETED = "cannot_be_targeted"
    # "your opponent cannot target this card with card effects" (R124)
    CANNOT_BE_TARGETED_BY_OPPONENT = "cannot_be_targeted_by_opponent"
    # "unaffected by your opponent's card effects" (R125)
    UNAFFECTED_BY_OPPONENT = "unaffected_by_opponent"
    # "if you would take battle damage from a battle involving this card, your opponent takes
    # it instead" (R168)
    REFLECT_BATTLE_DAMAGE = "reflect_battle_damage"
    # "this card can attack all monsters your opponent controls, once each" (R169)
    ATTACK_ALL_MONSTERS = "attack_all_monsters"
    # "this card cannot be Tributed", for a cost, an effect or a Tribute Summon (R170)
    CANNOT_BE_TRIBUTED = "cannot_be_tributed"


class PlayerAbility(StrEnum):
    """What an effect makes true for a player: a resolved one until the end of the turn (or of
    the battle), a continuous one while its card is face-up (``grants_player``, R110)."""

    NO_BATTLE_DAMAGE = "no_battle_damage"  # the player takes no battle damage (R50, R55)
    # the player's monsters cannot be destroyed by battle
    MONSTERS_CANNOT_BE_DESTROYED_BY_BATTLE = "monsters_cannot_be_destroyed_by_battle"
    CANNOT_DECLARE_ATTACKS = "cannot_declare_attacks"  # R44
    # "You cannot Summon other monsters the turn you activate this card" (Scapegoat, R103)
    CANNOT_SUMMON = "cannot_summon"
    HALF_BATTLE_DAMAGE = "half_battle_damage"  # battle damage taken is halved, rounded up (R120)
    DOUBLE_BATTLE_DAMAGE = "double_battle_damage"  # battle damage taken is doubled (R120)
    # "cannot Special Summon monsters" for the rest of the turn (grant_player) or while a
    # face-up card says so (grants_player, grants_opponent), Tokens included (R126)
    CANNOT_SPECIAL_SUMMON = "cannot_special_summon"
    # "battle damage you would take is dealt to your opponent instead" (R168)
    REFLECT_BATTLE_DAMAGE = "reflect_battle_damage"
    # "cannot activate Spell/Trap Cards": the card's own activation (kind: activate) of a
    # Spell or Trap; an effect of a face-up Spell/Trap, a monster's effect are still free (R176)
    CANNOT_ACTIVATE_SPELL_TRAP = "cannot_activate_spell_trap"
    # "cannot activate cards or effects": no activation at all (R176)
    CANNOT_ACTIVATE = "cannot_activate"
    # "cannot Set Spell/Trap Cards": an effect's Set from the hand sets nothing (R177)
    CANNOT_SET = "cannot_set"
    # "cards cannot be added from the Deck to the hand except by drawing them" (R184)
    CANNOT_ADD_FROM_DECK = "cannot_add_from_deck"


# The conditions about a player, asked of the board as they are read (R110): on an effect of a
# face-up card on a player (grants_player, grants_opponent) and at activation.
PLAYER_CONDITIONS = (Condition.YOU_CONTROL_NO_CARDS, Condition.YOU_CONTROL_A_MONSTER,
                     Condition.YOU_CONTROL_ANOTHER_MONSTER, Condition.OPPONENTS_TURN,
                     Condition.YOUR_TURN, Condition.NOT_SENT_TO_GRAVEYARD_THIS_TURN,
                     Condition.OPPONENTS_MAIN_PHASE,
                     Condition.LAST_DAMAGE_WAS_BATTLE, Condition.LAST_DAMAGE_WAS_EFFECT)

# The locks on a player (R176, R177, R184), read by gamebook.rules.mechanics.player_locks.
PLAYER_LOCKS = (PlayerAbility.CANNOT_ACTIVATE, PlayerAbility.CANNOT_ACTIVATE_SPELL_TRAP,
                PlayerAbility.CANNOT_SET, PlayerAbility.CANNOT_ADD_FROM_DECK)


class Location(StrEnum):
    """Where a card is when its effect is activated."""

    FIELD = "field"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    # banished, face-up: only an effect that answers the card's own banishment or leaving the
    # field (`event: banished` or `left_field`) is activated from there (R171)
    BANISHED = "banished"


class Zone(StrEnum):
    """Where a selection chooses cards (``TargetSpec.zone``)."""

    FIELD = "field"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    DECK = "deck"  # the Deck cards a situation lists (docs/engine.md: the rest is unknown)


class Pick(StrEnum):
    """How a selection made at resolution chooses among the matching cards."""

    ALL = "all"  # every matching card ("destroy all …")
    ONE = "one"  # the resolving player chooses one
    HIGHEST_ATK = "highest_atk"  # the one with the highest ATK; ties are the player's choice
    # as many cards as the selection's `size` says, chosen together (one choice per set, not
    # per order) by its `chooser` (R174)
    SET = "set"


class TargetFilter(StrEnum):
    ATTACK_POSITION = "attack_position"
    # in Defense Position, face-up or face-down: Dark Mirror Force's "all Defense Position
    # monsters your opponent controls" (R144)
    DEFENSE_POSITION = "defense_position"
    CAN_CHANGE_POSITION = "can_change_position"  # not a Link monster (R59)
    CAN_BE_SET = "can_be_set"  # can be face-down: not a Link monster (R59) nor a Token (R64)
    FACE_UP = "face_up"
    ATTACKING = "attacking"  # the monster that is attacking now
    SPELL_TRAP = "spell_trap"  # a Spell/Trap Card instead of a monster
    ANY_CARD = "any_card"  # "1 card on the field": a monster or a Spell/Trap Card
    FACE_DOWN = "face_down"
    SUMMONED = "summoned"  # Special Summoned in the event this window answers (R97)
    SELF = "self"  # this card itself
    ATK_AT_MOST_CONTROLLER_LP = "atk_at_most_controller_lp"  # ATK <= its controller's LP
    EQUIPPED = "equipped"  # the monster this card is equipped to (R105)
    # the monster this card is tied to (R108), Fiendish Chain's target (R166); for an Equip
    # Card, the monster it is equipped to
    TIED = "tied"
    # an Effect Monster: a monster with effects, not a Normal Monster nor a Token (R63; Effect
    # Veiler)
    EFFECT_MONSTER = "effect_monster"


class Position(StrEnum):
    ATTACK = "attack"
    DEFENSE = "defense"


class Controller(StrEnum):
    """Whose cards a selection chooses among (off the field: whose hand, GY or Deck)."""

    YOU = "you"
    OPPONENT = "opponent"
    ANY = "any"


# The words a selection's `attribute` and `monster_type` may use: the printed ones, spelt as
# the card files spell them (a selection matches a card's word exactly).
ATTRIBUTES = ("DARK", "DIVINE", "EARTH", "FIRE", "LIGHT", "WATER", "WIND")
MONSTER_TYPES = ("Aqua", "Beast", "Beast-Warrior", "Creator God", "Cyberse", "Dinosaur",
                 "Divine-Beast", "Dragon", "Fairy", "Fiend", "Fish", "Illusion", "Insect",
                 "Machine", "Plant", "Psychic", "Pyro", "Reptile", "Rock", "Sea Serpent",
                 "Spellcaster", "Thunder", "Warrior", "Winged Beast", "Wyrm", "Zombie")


@dataclass(frozen=True)
class TargetSpec:
    """Which cards an effect may target (at activation) or select (at resolution)."""

    __pydantic_config__ = _STRICT

    controller: Controller = Controller.ANY
    filters: tuple[TargetFilter, ...] = ()
    pick: Pick = Pick.ONE  # for selections at resolution
    attribute: str | None = None  # an Attribute, in capitals (LIGHT, DARK, …)
    # e.g. gravekeepers: the card's `archetypes` name it (a card of the library must)
    archetype: str | None = None
    # Where the cards are: on the field (the default), or in the hand, GY or Deck of the
    # `controller` (there: its owner); off the field only monsters are chosen.
    zone: Zone | None = None
    min_atk: int | None = None  # current ATK (on the field) or printed ATK, at least this
    max_atk: int | None = None  # at most this
    level: int | None = None  # exactly this Level
    monster_type: str | None = None  # e.g. Warrior, Winged Beast: a monster of this Type
    # A filter in the expression language about one card (gamebook.cards.expressions): Type,
    # Attribute, Level/Link rating ranges, ATK/DEF, frames, name, archetype, face, position,
    # "other than this card", with and/or/not: "face_up and level in 1..4 and not self" (R155)
    where: str | None = None
    # "target up to N monsters": 1 to N distinct cards chosen together as one target at
    # activation, each set once whatever its order; choosing none is not activating the
    # effect (R161). Only an effect's `target` says it.
    up_to: int | None = None
    # "target N monsters": exactly N distinct cards chosen together as one target, so N must
    # be there to activate the effect (R161). Only an effect's `target` says it.
    exactly: int | None = None
    # `pick: set` only, in a resolution step's `select`: how many cards are chosen together,
    # an expression of the language worked out as the step comes ("count(cards, opponent) -
    # count(cards, you)"), and who chooses them: the resolving player (`you`, the default) or
    # the opponent ("your opponent banishes cards from their field", R174)
    size: str | None = None
    chooser: PlayerRef | None = None  # who chooses a `pick: set` selection's cards (R174)
    # "2 monsters with different names": cards chosen together (`up_to`/`exactly` of a
    # target, or `pick: set`) whose names all differ; a card's name is its card's (two copies
    # share it, a Token's is its Token's) (R178)
    different_names: bool = False


class DestructionCause(StrEnum):
    """What a card is destroyed by: a battle (R50) or a card effect."""

    BATTLE = "battle"
    EFFECT = "effect"


@dataclass(frozen=True)
class DestructionReplacement:
    """"If this card would be destroyed by battle or card effect, you can banish 1 Thunder
    monster from your GY instead" (Thunder Dragon Colossus, R183): a continuous effect of a
    monster on the field. At the moment it would be destroyed by one of ``by``, its controller
    may banish 1 card of their GY that ``banish`` matches; then it is not destroyed."""

    __pydantic_config__ = _STRICT

    by: tuple[DestructionCause, ...]  # battle, effect or both: the destructions it replaces
    # the card banished from the GY instead: `zone: graveyard`, `controller: you`
    banish: TargetSpec


class StatCount(StrEnum):
    """What a continuous ATK/DEF change counts: its amount is `atk`/`defense` for each (R114)."""

    # "for each card in your hand": the hand of the modifying card's controller
    CARD_IN_HAND = "card_in_hand"


class Multiple(StrEnum):
    """A multiple of an original value (R76: halves are rounded half up)."""

    DOUBLE = "double"
    HALF = "half"


@dataclass(frozen=True)
class ByLifePoints:
    """A value that depends on how the card's controller's LP compare with the opponent's:
    re-evaluated whenever they change; with equal LP (or a branch left out) nothing applies."""

    __pydantic_config__ = _STRICT

    your_lp_lower: Multiple | None = None
    your_lp_higher: Multiple | None = None


@dataclass(frozen=True)
class StatModifier:
    """A continuous change of the ATK/DEF of every face-up monster matching `select`: a
    raise/lower (`atk`, `defense`: DELTA-cont), or that much for each card `per` counts,
    re-evaluated whenever the count changes (R114), and/or "its ATK becomes a multiple of its
    original ATK" (`atk_becomes_original`: a CSET, R82, R106)."""

    __pydantic_config__ = _STRICT

    select: TargetSpec
    atk: int = 0
    defense: int = 0
    per: StatCount | None = None
    atk_becomes_original: ByLifePoints | None = None


class TieTrigger(StrEnum):
    """What of the card makes its tied or equipped monster be destroyed (R108)."""

    DESTROYED = "destroyed"  # "when this card is destroyed" (Premature Burial)
    LEAVES_FIELD = "leaves_field"  # "when this card leaves the field" (Call of the Haunted)


@dataclass(frozen=True)
class Tie:
    """A card and "that monster" (the one it is equipped or tied to) that go together (R108):
    applied at once, without a chain link, also in the Damage Step."""

    __pydantic_config__ = _STRICT

    destroy_monster_when: TieTrigger | None = None  # the card goes: destroy the monster
    destroy_card_when_monster_destroyed: bool = False  # the monster is destroyed: this card too


@dataclass(frozen=True)
class Primitive:
    """One step of a cost or a resolution."""

    __pydantic_config__ = _STRICT

    op: OpName
    who: Ref | None = None
    of: Ref | None = None  # a card whose current ATK gives the amount (see `portion`)
    portion: Portion = Portion.ALL
    # A number, or an expression of the language (gamebook.cards.expressions) worked out as
    # the step applies: "300 * count(monsters)", "difference(lp(you), lp(opponent))" (R154)
    amount: int | str | None = None
    count: int = 1  # for special_summon_tokens
    token: str | None = None  # the token's card id, for special_summon_tokens
    position: Position | None = None
    player: PlayerRef | None = None
    ability: PlayerAbility | None = None  # for grant_player
    select: TargetSpec | None = None  # cards chosen at resolution, without targeting
    duration: Duration = Duration.END_OF_TURN
    if_previous_applied: bool = False  # "and if it does": only if the previous step applied
    # "you can": the resolving player chooses as the step comes whether to do it, or to do
    # nothing of it (Dust Tornado's "then you can Set", R164)
    optional: bool = False
    # special_summon: "if this card Special Summoned this way leaves the field, banish it"
    leaves_field: Redirect | None = None
    banish: bool = False  # destroy: the destroyed card is banished instead of going to the GY
    face_down: bool = False  # banish: the cards are banished face-down (R174)
    # special_summon_tokens: the Tokens' ATK and DEF are the damage their player last took
    stats_from_damage: bool = False
    # inflict_damage: both players take it at the same time (both at 0: a draw, R102)
    both_players: bool = False
    # add_to_hand: its player cannot activate cards, or their effects, with the added card's
    # name for the rest of the turn (R182)
    locks_name: bool = False

    def refs(self) -> tuple[Ref, ...]:
        """The cards this step needs on the field to apply (R18)."""
        return tuple(ref for ref in (self.who, self.of) if ref is not None)


@dataclass(frozen=True)
class Mode:
    """One effect of "Activate 1 of these effects" (R147): its own target, cost and
    resolution; chosen as the effect is activated, named on the choice by its ``text``."""

    __pydantic_config__ = _STRICT

    id: str  # unique among the card's effect and mode ids: the activation's effect id
    text: dict[str, str] = field(default_factory=dict)  # the choice's words per language
    cost: tuple[Primitive, ...] = ()
    target: TargetSpec | None = None
    resolution: tuple[Primitive, ...] = ()
    card_text: dict[str, str] = field(default_factory=dict)  # its printed wording


@dataclass(frozen=True)
class Effect:
    """One effect of a card, in the engine's vocabulary."""

    __pydantic_config__ = _STRICT

    id: str
    kind: EffectKind
    spell_speed: int | None = None  # derived from kind and card type when omitted (R1)
    mandatory: bool = False
    event: EventName | None = None
    conditions: tuple[Condition, ...] = ()
    # A condition in the expression language (gamebook.cards.expressions), checked with the
    # named ones: "count(monsters) >= 4" (R153)
    condition: str | None = None
    cost: tuple[Primitive, ...] = ()
    target: TargetSpec | None = None
    once_per_turn: bool = False
    # "You can only use this effect of "X" once per turn", "You can only activate 1 "X" per
    # turn" (on its activation): the limit is the card name's, shared by every copy in every
    # zone, and not forgotten when the card leaves the field and comes back (R135, R128).
    # Alone or beside `once_per_turn`.
    once_per_turn_by_name: bool = False
    # "You can only use this effect of "X" once per Duel": the limit is the card name's, as
    # with `once_per_turn_by_name`, for the whole Duel; a use in an earlier turn is the
    # situation's `used_this_duel` (R156).
    once_per_duel: bool = False
    # Only one card of this name may activate this effect for the same attack: once one is
    # on the chain, another copy cannot be chained to it (Battle Fader's rulings, R26).
    one_per_attack: bool = False
    # "your opponent cannot activate cards or effects in response" (R13)
    opponent_cannot_respond: bool = False
    # May be activated in the Damage Step (R46): true = at any of its timings the rules
    # allow, or only until / only during damage calculation (R49).
    damage_step: bool | DamageStepUse = False
    battling: TargetSpec | None = None  # "when a monster you control [matching this] battles"
    # event special_summoned: at least one monster just Special Summoned matches this (R97)
    summoned: TargetSpec | None = None
    # Further events it answers besides `event`: "when a monster is Summoned" answers a
    # Normal Summon as well as a Special Summon (Bottomless Trap Hole, Torrential Tribute,
    # R131): `event: special_summoned` with `also_answers: [normal_summoned]`.
    also_answers: tuple[EventName, ...] = ()
    # An optional "When ...: you can" trigger of an event that happened during a chain: it
    # misses the timing unless that event was the last thing to happen (R25). "If ..." ones
    # (the default) do not.
    can_miss_timing: bool = False
    # "to activate and to resolve this effect": its conditions are checked again when it
    # resolves; if they no longer hold it does nothing (Gorz).
    recheck_conditions: bool = False
    # What activating it forbids its player for the rest of the turn, and the activation's
    # condition that they have not done it yet this turn (Scapegoat: cannot_summon, R103).
    restricts: tuple[PlayerAbility, ...] = ()
    requires_on_field: tuple[str, ...] = ()  # card ids that must be face-up on the field
    modifies: StatModifier | None = None  # a continuous effect's ATK/DEF change (R7, R71)
    # a continuous effect of a monster: "if this card would be destroyed, you can banish 1
    # card from your GY instead", its controller's choice at that moment (R183)
    replaces_destruction: DestructionReplacement | None = None
    tie: Tie | None = None  # a continuous effect: the card and its monster go together (R108)
    # a continuous effect that negates the effects of every face-up monster it selects, while
    # its card is face-up on the field (Skill Drain, R109)
    negates_effects_of: TargetSpec | None = None
    # a continuous effect by which every face-up monster it selects cannot attack while its
    # card is face-up on the field (Fiendish Chain: the monster it is tied to, R166)
    forbids_attacks_of: TargetSpec | None = None
    # a continuous effect on its controller while its card is face-up and its `conditions`
    # hold, checked each time it matters (Spirit Barrier: no_battle_damage, R110)
    grants_player: tuple[PlayerAbility, ...] = ()
    # the same, on its controller's opponent (Swords of Revealing Light: cannot_declare_attacks)
    grants_opponent: tuple[PlayerAbility, ...] = ()
    # a continuous effect that locks the GY while its card is face-up: cards there cannot be
    # banished, and an effect that would move a card in the GY is negated (Necrovalley, R112)
    locks_graveyard: bool = False
    # a continuous effect that halves the ATK of each of the opponent's monsters that attacks
    # while its card is face-up, for as long as it stays face-up (Mirror Wall, R122)
    halves_attackers: bool = False
    # a continuous effect that negates the effects of every other Trap Card activated on the
    # field while its card is face-up: each resolves with no effect (Royal Decree, Jinzo, R123)
    negates_trap_effects: bool = False
    # a continuous effect by which neither player can activate Trap Cards or their effects on
    # the field while its card is face-up (Jinzo, R123)
    forbids_trap_activation: bool = False
    # a continuous effect that negates the effects of every Spell Card activated on the field
    # while its card is face-up: each resolves with no effect (Imperial Order, Spell
    # Canceller, R157)
    negates_spell_effects: bool = False
    # a continuous effect by which neither player can activate Spell Cards or their effects
    # on the field while its card is face-up (Spell Canceller, R157)
    forbids_spell_activation: bool = False
    location: Location = Location.FIELD  # activated from the field or from the hand
    # A Trap Card's activation (kind: activate) that its text also allows from the hand while
    # these conditions about its player hold: "If you control no cards, you can activate this
    # card from your hand" (Infinite Impermanence: [you_control_no_cards], R159).
    from_hand_if: tuple[Condition, ...] = ()
    # The text's "if this card was Set before activation and is on the field as it resolves,
    # the other Spell/Trap effects in this column are negated for the rest of the turn"
    # (Infinite Impermanence): not modelled, since the state keeps no column; said so that a
    # situation where it would matter (the card Set, an opponent's Spell/Trap in its column
    # or in no given zone) is refused as it loads instead of explored without it.
    negates_its_column: bool = False
    resolution: tuple[Primitive, ...] = ()
    # "Activate 1 of these effects" (R147): the engine plays one effect per mode
    # (Card.played_effects), each with this effect's kind, conditions and limits and the
    # mode's target, cost and resolution; a once-per-turn limit is this effect's, shared.
    modes: tuple[Mode, ...] = ()
    # Set by the engine on a mode's effect: the id of the effect it is a mode of (never
    # written in a card file).
    mode_of: str | None = None
    grants: tuple[StaticAbility, ...] = ()  # continuous effects
    text: dict[str, str] = field(default_factory=dict)  # short label per language
    # The effect's own wording per language (its printed text): gamebook.book.cardtext shows
    # it instead of the text it renders from the data, `gamebook cards` beside it; never
    # read by the engine or the narration.
    card_text: dict[str, str] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.id, self.kind))

    def answers_event(self, event_name: EventName) -> bool:
        """Is ``event_name`` an event this effect answers (``event`` or ``also_answers``)?"""
        return self.answers is event_name or event_name in self.also_answers

    @property
    def answers(self) -> EventName | None:
        """The event this effect is activated in answer to (a Flip Effect: being flipped)."""
        if self.event is None and self.kind is EffectKind.FLIP:
            return EventName.FLIPPED
        return self.event


@dataclass(frozen=True)
class Card:
    """A card definition (not a card on the field: see the engine's state)."""

    __pydantic_config__ = _STRICT

    id: str
    names: dict[str, str]
    card_type: CardType
    # Other names a language knows the card by (older or community names: 栗子球 for
    # 庫里波): the card lookup finds the card by them; books print ``names`` and ``short``.
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # The short name a page uses after its first full mention of the card, per language
    # (刺刀 for 槍管刺刀龍, Borrelsword for Borrelsword Dragon): the community's short form,
    # shorter than the name and not an alias of another card; the full name is always said
    # first. A book leaves it out when two cards of the battle would share it.
    short: dict[str, str] = field(default_factory=dict)
    frame: MonsterFrame | None = None
    spell_trap_type: SpellTrapType | None = None
    attribute: str | None = None
    monster_type: str | None = None
    level: int | None = None
    link_rating: int | None = None
    atk: int | None = None
    defense: int | None = None
    archetypes: tuple[str, ...] = ()  # e.g. gravekeepers for "Gravekeeper's" cards
    # The card's official number (printed on it; EDOPro and cards.cdb files name cards by it),
    # 1 to 99,999,999, leading zeros left out: 04392470 is written 4392470. Optional for a
    # user's card; every bundled card has one (gamebook.edopro maps puzzles through it).
    passcode: int | None = None
    # A Normal Spell that stays face-up on the field after resolving, for this many of its
    # controller's opponent's turns (Swords of Revealing Light: 3, R111)
    stays_for_opponent_turns: int | None = None
    effects: tuple[Effect, ...] = ()

    def __hash__(self) -> int:
        return hash(self.id)

    @property
    def played_effects(self) -> tuple[Effect, ...]:
        """The effects as the engine plays them: an effect with ``modes`` is one effect per
        mode (R147), the others are as written."""
        played = self.__dict__.get("_played")
        if played is None:
            played = tuple(part for effect in self.effects
                           for part in (mode_effects(effect) or (effect,)))
            self.__dict__["_played"] = played
        return played

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names.get("en") or self.id

    def effect(self, effect_id: str) -> Effect:
        """The effect ``effect_id``: a written one, or one mode's (R147)."""
        for effect in self.effects:
            if effect.id == effect_id:
                return effect
        for effect in self.played_effects:
            if effect.id == effect_id:
                return effect
        raise KeyError(effect_id)

    @property
    def is_link(self) -> bool:
        return self.frame is MonsterFrame.LINK

    @property
    def printed_stats(self) -> tuple[int | str, int | str | None]:
        """ATK and DEF as printed: ``'?'`` where the card file gives ``null`` (R62), no DEF
        (``None``) for a Link monster."""
        atk: int | str = "?" if self.atk is None else self.atk
        if self.is_link:
            return atk, None
        return atk, "?" if self.defense is None else self.defense

    def has_ability(self, ability: StaticAbility) -> bool:
        return any(ability in effect.grants for effect in self.effects
                   if effect.kind is EffectKind.CONTINUOUS)


def negated_card_types(effect: Effect) -> tuple[CardType, ...]:
    """The card types whose effects on the field ``effect`` negates: Traps (Royal Decree,
    Jinzo, Trap Stun's resolution: R123, R150), Spells (Imperial Order, Spell Canceller:
    R157)."""
    traps = effect.negates_trap_effects or any(step.op is OpName.NEGATE_TRAP_EFFECTS
                                               for step in effect.resolution)
    return ((CardType.TRAP,) if traps else ()) + \
        ((CardType.SPELL,) if effect.negates_spell_effects else ())


def mode_effects(effect: Effect) -> tuple[Effect, ...]:
    """One effect per mode of ``effect`` (none without ``modes``): the effect's kind,
    conditions and limits with the mode's id, words, target, cost and resolution."""
    return tuple(replace(effect, id=mode.id, modes=(), mode_of=effect.id, text=mode.text,
                         card_text=mode.card_text, cost=mode.cost, target=mode.target,
                         resolution=mode.resolution) for mode in effect.modes)


def written_effects(card: Card) -> Iterator[tuple[tuple, Effect]]:
    """Each effect of ``card`` as the engine plays it, with where it is written in the card
    file: ``("effects", i)``, or ``("effects", i, "modes", m)`` for a mode's effect."""
    for index, effect in enumerate(card.effects):
        parts = mode_effects(effect)
        if not parts:
            yield ("effects", index), effect
        for at, part in enumerate(parts):
            yield ("effects", index, "modes", at), part


def cost_choices(effect: Effect) -> tuple[Primitive, ...]:
    """The cost steps that choose their card at activation ("discard 1 card", "Tribute 1
    Level 1 monster", R16). The card library allows one per effect."""
    return tuple(step for step in effect.cost
                 if step.select is not None and step.select.pick is Pick.ONE)


def cost_choice(effect: Effect) -> Primitive | None:
    """The cost step that chooses its card at activation, or ``None``. The activation's
    choice names that card and, when the effect also has a target, the target chosen after
    the cost is paid (Raigeki Break: "discard 1 card, then target 1 card", R113)."""
    steps = cost_choices(effect)
    return steps[0] if steps else None


def spell_speed(card: Card, effect: Effect) -> int | None:
    """Spell speed of an effect (R1); ``None`` for effects that are never activated."""
    if effect.spell_speed is not None:
        return effect.spell_speed
    if effect.kind is EffectKind.CONTINUOUS:
        return None
    if effect.kind in (EffectKind.QUICK,):
        return 2
    if effect.kind is EffectKind.ACTIVATE:
        if card.card_type is CardType.TRAP:
            return 3 if card.spell_trap_type is SpellTrapType.COUNTER else 2
        return 2 if card.spell_trap_type is SpellTrapType.QUICK_PLAY else 1
    return 1
