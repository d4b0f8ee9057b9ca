"""The events the engine emits, as a written protocol: every kind, what it carries, when.

An event (:class:`gamebook.rules.actions.Event`) is something that happened: the book
narrates it and graph.json publishes it on its edges. Its kind is an :class:`EventKind`; its
subject is up to four of ``player``, ``card``, ``effect`` and ``target`` (instance and effect
ids); its payload is the keys its :class:`EventSpec` declares, each with a JSON type.
:func:`gamebook.rules.actions.event` refuses a kind or a payload key not written here, so
this table is the whole protocol; docs/events.md is written from it (:func:`markdown`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class EventKind(StrEnum):
    """The kinds of event, their values as graph.json writes them."""

    ACTIVATE = "activate"
    ATK_CHANGED = "atk_changed"
    ATTACK_DECLARED = "attack_declared"
    ATTACK_ENDED = "attack_ended"
    ATTACK_NEGATED = "attack_negated"
    ATTACK_RETARGETED = "attack_retargeted"
    ATTACK_STOPPED = "attack_stopped"
    ATTACKS_FORBIDDEN = "attacks_forbidden"
    BANISHED = "banished"
    BATTLE_DAMAGE = "battle_damage"
    BATTLE_ENDS_WITHOUT_DAMAGE = "battle_ends_without_damage"
    BATTLE_INDESTRUCTIBLE = "battle_indestructible"
    BATTLE_OVER = "battle_over"
    BATTLE_PHASE_ENDED_BY_EFFECT = "battle_phase_ended_by_effect"
    BATTLE_PHASE_ENDS = "battle_phase_ends"
    BATTLE_PHASE_WILL_END = "battle_phase_will_end"
    BATTLE_STEP_BEGINS = "battle_step_begins"
    CHAIN_RESOLVES = "chain_resolves"
    CONTINUOUS_APPLIES = "continuous_applies"
    CONTINUOUS_ATK = "continuous_atk"
    CONTROL_CHANGED = "control_changed"
    DAMAGE_CALCULATION = "damage_calculation"
    DAMAGE_STEP_BEGINS = "damage_step_begins"
    DAMAGE_TIMING = "damage_timing"
    DECLINE = "decline"
    DESTROYED = "destroyed"
    DESTROYED_BY_BATTLE = "destroyed_by_battle"
    DESTRUCTION_REPLACED = "destruction_replaced"
    DISCARDED = "discarded"
    DUEL_DRAWN = "duel_drawn"
    DUEL_LOST = "duel_lost"
    EFFECT_DAMAGE = "effect_damage"
    EFFECTS_NEGATED = "effects_negated"
    TRAP_EFFECTS_NEGATED_FOR_TURN = "trap_effects_negated_for_turn"
    END_PLACEMENT = "end_placement"
    END_STEP_BEGINS = "end_step_begins"
    EQUIPPED = "equipped"
    EXTRA_ATTACK_GRANTED = "extra_attack_granted"
    FLIPPED = "flipped"
    FLIPPED_FACE_UP = "flipped_face_up"
    FLIP_SUMMONED = "flip_summoned"
    LEFT_FIELD = "left_field"
    LP_GAINED = "lp_gained"
    LP_PAID = "lp_paid"
    MAIN_PHASE_ENDS = "main_phase_ends"
    MISSED_TIMING = "missed_timing"
    MONSTER_SET = "monster_set"
    NEGATED = "negated"
    NO_BATTLE_DAMAGE = "no_battle_damage"
    NO_EFFECT = "no_effect"
    NORMAL_SUMMONED = "normal_summoned"
    NOT_APPLIED = "not_applied"
    NOT_DESTROYED = "not_destroyed"
    PASS = "pass"
    PLACED_ON_DECK = "placed_on_deck"
    SHUFFLED_INTO_DECK = "shuffled_into_deck"
    PLAYER_ABILITY = "player_ability"
    POSITION_CHANGED = "position_changed"
    RECOUNTED = "recounted"
    REDIRECTED = "redirected"
    REPLAY = "replay"
    REPLAY_CAUSED = "replay_caused"
    RESOLVE = "resolve"
    RETURNED_TO_EXTRA_DECK = "returned_to_extra_deck"
    RETURNED_TO_HAND = "returned_to_hand"
    ADDED_TO_HAND = "added_to_hand"
    NAME_LOCKED = "name_locked"
    SELECTED = "selected"
    SENT_TO_GY = "sent_to_gy"
    SET_FACE_DOWN = "set_face_down"
    SPECIAL_SUMMONED = "special_summoned"
    SPELL_TRAP_SET = "spell_trap_set"
    SUMMON_NEGATED = "summon_negated"
    TIE_ENDED = "tie_ended"
    TIED = "tied"
    TO_OWNER = "to_owner"
    TOKEN_VANISHED = "token_vanished"
    UNAFFECTED = "unaffected"
    WINDOW_CLOSED = "window_closed"


#: The subject fields an event may carry, in graph.json's order.
SUBJECT = ("player", "card", "effect", "target")

#: A payload key's type: how docs/events.md spells it, and the check of a value.
TYPES: dict[str, tuple[str, Any]] = {
    "int": ("integer", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "int|null": ("integer or null",
                 lambda v: v is None or isinstance(v, int) and not isinstance(v, bool)),
    "str": ("string", lambda v: isinstance(v, str)),
    "str|null": ("string or null", lambda v: v is None or isinstance(v, str)),
    "bool": ("boolean", lambda v: isinstance(v, bool)),
    "str[]": ("array of strings",
              lambda v: isinstance(v, tuple) and all(isinstance(i, str) for i in v)),
    "note[]": ("array of objects (`player`, `card`, `effect`, `legal`, `rule`, `reason`, "
               "`args`)", lambda v: isinstance(v, tuple) and all(
                   hasattr(i, "reason") and hasattr(i, "legal") for i in v)),
}


@dataclass(frozen=True)
class Key:
    """One payload key: its JSON type, whether every event of its kind has it, its meaning."""

    name: str
    type: str
    meaning: str
    required: bool = True


@dataclass(frozen=True)
class EventSpec:
    """What an event of one kind means, when the engine emits it, and what it carries.

    ``subject``: the subject fields it may carry, a ``?`` after those it may leave out.
    """

    kind: EventKind
    meaning: str
    when: str
    subject: tuple[str, ...] = ()
    payload: tuple[Key, ...] = ()

    def key(self, name: str) -> Key | None:
        return next((key for key in self.payload if key.name == name), None)


def _opt(name: str, type_: str, meaning: str) -> Key:
    return Key(name, type_, meaning, required=False)


_LINK = Key("link", "int", "the chain link's number (1 for c1)")
_COST = Key("cost", "bool", "true when it left as an activation's cost (R:costs_at_activation)")
_AMOUNT = Key("amount", "int", "the LP amount")
_LP = Key("lp", "int", "the player's LP afterwards")
_BEFORE = Key("before", "int", "the ATK before")
_AFTER = Key("after", "int", "the ATK after")
_EQUIPPED = _opt("equipped", "bool", "true when cards equipped to it changed "
                 "or still modify its ATK (R:equip_atk); absent otherwise")
_DECLINED = Key("declined", "str[]", "the `card.effect` keys of the triggers given up")
_STEP = Key("step", "str", "the step or Damage Step timing (`battle_step`, `damage_step_start`, "
            "`before_damage_calculation`, …)")
_PC = ("player", "card")
_PCE = ("player", "card", "effect")

SPECS: tuple[EventSpec, ...] = (
    EventSpec(EventKind.ACTIVATE, "A player activates an effect; it becomes a chain link.",
              "On an `activate` choice, after the cost is paid.", (*_PCE, "target?"),
              (_LINK,
               _opt("from_hand", "bool", "true when activated from the hand; absent otherwise"),
               _opt("cost_first", "bool", "true when the cost is paid before the target is chosen "
                    "(R:cost_then_target); absent otherwise"))),
    EventSpec(EventKind.ATK_CHANGED, "A resolving effect changes a monster's ATK.",
              "As the ATK-changing step of a chain link applies.", _PC,
              (_BEFORE,
               _AFTER,
               Key("op", "str", "the operation (`gain_atk`, `set_atk`, `halve_atk`, "
                   "`halve_original_atk`, …)"),
               _EQUIPPED)),
    EventSpec(EventKind.ATTACK_DECLARED, "The turn player's monster declares an attack.",
              "On a `declare_attack` choice; no `target` for a direct attack.",
              ("player", "card", "target?")),
    EventSpec(EventKind.ATTACK_ENDED,
              "An attack ends without a Damage Step (R:no_longer_attacking).",
              "When the attacker is gone or its attack was negated, once the chain is over.", _PC,
              (Key("why", "str", "`attacker_gone`, `attack_forbidden` (a face-up card forbids "
                   "it to attack, R:attack_forbidden_while_face_up) or `negated`"),)),
    EventSpec(EventKind.ATTACK_NEGATED, "An effect negates the attack (R:no_longer_attacking).",
              "As the negating step of a chain link applies.", _PC),
    EventSpec(EventKind.ATTACK_RETARGETED,
              "After a replay, the attack goes on at a new target "
              "(not an attack declaration, R:replay_choice).",
              "On a `replay_attack` choice; no `target` for a direct attack.",
              ("player", "card", "target?")),
    EventSpec(EventKind.ATTACK_STOPPED,
              "After a replay, the turn player stops the attack; it still counts as an attack "
              "(R:stopped_attack_counts).",
              "On a `stop_attack` choice.", _PC),
    EventSpec(EventKind.ATTACKS_FORBIDDEN,
              "The player cannot declare attacks for the rest of the turn "
              "(R:cannot_declare_an_attack).",
              "As such a step of a chain link applies.", ("player",)),
    EventSpec(EventKind.BANISHED, "A card is banished.",
              "When a card leaves the field (or the hand) for banishment.", _PC,
              (Key("why", "str", "why it left: `destroyed`, `banished`, `tributed`, …"), _COST)),
    EventSpec(EventKind.BATTLE_DAMAGE, "A player takes battle damage.",
              "At damage calculation (R:damage_calculation).", ("player",),
              (_AMOUNT, _LP,
               _opt("reflected", "bool", "true when the opponent would have taken it, and an "
                    "effect gave it to this player instead (R:battle_damage_reflected)"))),
    EventSpec(EventKind.BATTLE_ENDS_WITHOUT_DAMAGE,
              "A battling monster left the field: the battle ends without damage calculation "
              "(R:battling_monster_leaves).",
              "In the Damage Step, before damage calculation.", _PC),
    EventSpec(EventKind.BATTLE_INDESTRUCTIBLE,
              "A monster cannot be destroyed by battle until the end of the turn "
              "(R:cannot_be_destroyed_by_battle).",
              "As such a step applies.", _PC),
    EventSpec(EventKind.BATTLE_OVER, "The battle is over (R:after_the_damage_step).",
              "At the end of the Damage Step.", _PC),
    EventSpec(EventKind.BATTLE_PHASE_ENDED_BY_EFFECT,
              "An effect ended the Battle Phase: the game moves to the End Step "
              "(R:end_the_battle_phase).",
              "Once the chain that ended it is over.", ("player",)),
    EventSpec(EventKind.BATTLE_PHASE_ENDS,
              "The Battle Phase moves to the End Step (R:leaving_the_battle_step, R:end_step).",
              "Two passes with an empty chain and no attack in progress."),
    EventSpec(EventKind.BATTLE_PHASE_WILL_END,
              "An effect will end the Battle Phase once the chain has resolved "
              "(R:end_the_battle_phase).",
              "As such a step of a chain link applies.", ("player",)),
    EventSpec(EventKind.BATTLE_STEP_BEGINS,
              "The Start Step is over; the Battle Step begins (R:start_step).",
              "Two passes with an empty chain in the Start Step."),
    EventSpec(EventKind.CHAIN_RESOLVES,
              "The chain resolves, last link first (R:two_passes, R:chain_resolution).",
              "Two passes in a row with links on the chain.", (),
              (Key("links", "int", "how many links the chain has"),)),
    EventSpec(EventKind.CONTINUOUS_APPLIES,
              "A Continuous card's activation resolved: its continuous effect applies from now on "
              "(R:continuous_effects).",
              "As the chain link of its activation resolves.", _PC,
              (_LINK,)),
    EventSpec(EventKind.CONTINUOUS_ATK,
              "A monster's ATK changes because the continuous effects on it changed "
              "(R:continuous_effects, R:equip_atk).",
              "Whenever the continuous modifiers are recomputed and the ATK differs.", _PC,
              (_BEFORE, _AFTER, _EQUIPPED)),
    EventSpec(EventKind.CONTROL_CHANGED,
              "A player takes control of a monster: it moves to their field, still owned by "
              "its owner (R:control_change).",
              "As a `take_control` step applies.", _PC,
              (Key("previous", "str", "the player who controlled it before"),)),
    EventSpec(EventKind.DAMAGE_CALCULATION, "Damage calculation (R:damage_calculation).",
              "At the damage calculation timing; no `target` for a direct attack.",
              ("player", "card", "target?"),
              (Key("attacker_atk", "int", "the attacker's ATK"),
               _opt("direct", "bool", "true for a direct attack; absent otherwise"),
               _opt("target_position", "str", "`attack` or `defense` (not for a direct attack)"),
               _opt("target_value", "int", "the attacked monster's ATK or DEF, by its position "
                    "(not for a direct attack)"))),
    EventSpec(EventKind.DAMAGE_STEP_BEGINS, "The Damage Step begins (R:leaving_the_battle_step).",
              "Two passes with an empty chain in the Battle Step of an attack."),
    EventSpec(EventKind.DAMAGE_TIMING, "A timing of the Damage Step begins.",
              "As the Damage Step moves on to its next timing.", (),
              (_STEP,)),
    EventSpec(EventKind.DECLINE, "A player declines their remaining optional triggers.",
              "On a `decline` choice (flowchart preset).", ("player",),
              (_DECLINED,)),
    EventSpec(EventKind.DESTROYED, "A card is destroyed by an effect.",
              "As a destroying step of a chain link applies, "
              "or a tied card takes its partner along (R:tied_cards).", _PC,
              (Key("by", "str", "the destroying `card.effect` (`card.tie` for a tie)"),
               _opt("to", "str", "where it goes when not to the GY: "
                    "`vanished` (a Token, R:tokens), `banished`, `banished_instead` "
                    "(R:banished_when_it_leaves); absent for the GY"))),
    EventSpec(EventKind.DESTROYED_BY_BATTLE, "A monster is destroyed by battle.",
              "At damage calculation.", _PC,
              (_opt("negated", "bool", "true when its own \"cannot be destroyed by battle\" "
                    "did not apply because its effects are negated "
                    "(R:negated_on_the_field); absent otherwise"),)),
    EventSpec(EventKind.DESTRUCTION_REPLACED,
              "A monster that would be destroyed is not: its controller banishes a card of "
              "their GY instead (R:destruction_replacement).",
              "At damage calculation, or as a destroying step applies, on a `select` choice of "
              "that card.", ("player", "card", "effect", "target"),
              (Key("by", "str", "`battle` or `effect`: what would have destroyed it"),)),
    EventSpec(EventKind.DISCARDED, "A card is discarded from the hand.",
              "As a discarding step or cost applies.", _PC,
              (_COST,)),
    EventSpec(EventKind.DUEL_DRAWN,
              "Both players reached 0 LP at once: the Duel is a draw (R:end_of_the_duel).",
              "As soon as both LP are 0."),
    EventSpec(EventKind.DUEL_LOST,
              "The player reached 0 LP and loses the Duel (R:end_of_the_duel).",
              "As soon as the player's LP are 0.", ("player",)),
    EventSpec(EventKind.EFFECT_DAMAGE, "A player takes damage from an effect.",
              "As a damage step of a chain link applies.", ("player",),
              (_AMOUNT, _LP)),
    EventSpec(EventKind.EFFECTS_NEGATED,
              "A monster's effects are negated until the end of the turn (R:negated_on_the_field).",
              "As a negating step of a chain link applies.", _PC,
              (Key("by", "str", "the negating card"),)),
    EventSpec(EventKind.TRAP_EFFECTS_NEGATED_FOR_TURN,
              "Every other Trap effect on the field is negated for the rest of the turn "
              "(R:trap_effects_negated_this_turn).",
              "As such a step of a chain link applies.", _PC),
    EventSpec(EventKind.END_PLACEMENT,
              "A player stops placing same-stage triggers (R:event_window).",
              "On an `end_placement` choice (flowchart preset).", ("player",),
              (_DECLINED,)),
    EventSpec(EventKind.END_STEP_BEGINS, "The End Step of the Battle Phase begins (R:end_step).",
              "When the Battle Phase moves on to its End Step."),
    EventSpec(EventKind.EQUIPPED, "An Equip Spell is equipped to a monster (R:equip_cards).",
              "As its equipping step applies.", _PC,
              (Key("to", "str", "the monster it is equipped to"),)),
    EventSpec(EventKind.EXTRA_ATTACK_GRANTED, "A monster may attack again this turn.",
              "As such a step of a chain link applies.", _PC,
              (Key("amount", "int", "how many more attacks"),)),
    EventSpec(EventKind.FLIPPED,
              "An attacked face-down monster is flipped face-up; "
              "its Flip Effect waits until after damage calculation (R:before_damage_calculation).",
              "At damage calculation.", _PC),
    EventSpec(EventKind.FLIPPED_FACE_UP, "An effect turns a monster face-up.",
              "As such a step of a chain link applies.", _PC),
    EventSpec(EventKind.FLIP_SUMMONED,
              "A face-down Defense Position monster is Flip Summoned to face-up Attack "
              "Position (R:flip_summon).",
              "As the turn player Flip Summons it in their open game state.", _PC),
    EventSpec(EventKind.LEFT_FIELD, "A card leaves the field; an event of where it goes follows.",
              "Whenever a card leaves the field.", _PC,
              (Key("why", "str", "`destroyed`, `destroyed_by_battle`, `tributed`, `banished`, "
                   "`returned_to_hand`, `sent`, `unequipped`, `placed_on_deck`, "
                   "`shuffled_into_deck`"),)),
    EventSpec(EventKind.LP_GAINED, "A player gains LP.",
              "As such a step of a chain link applies.", ("player",),
              (_AMOUNT, _LP)),
    EventSpec(EventKind.LP_PAID, "A player pays LP.",
              "As an LP cost is paid.", ("player",),
              (_AMOUNT, _LP)),
    EventSpec(EventKind.MAIN_PHASE_ENDS,
              "Main Phase 1 is over: the Battle Phase begins with its Start Step "
              "(R:main_phase_open_game_state).",
              "Two passes with an empty chain in Main Phase 1 "
              "(the turn player's pass enters the Battle Phase)."),
    EventSpec(EventKind.MISSED_TIMING,
              "Optional \"when\" triggers missed the timing (R:missing_the_timing).",
              "After a chain, when their event was not the last thing to happen.", (),
              (Key("effects", "str[]", "the `card.effect` keys that missed it"),)),
    EventSpec(EventKind.MONSTER_SET,
              "A monster is Set from the hand in face-down Defense Position: "
              "the turn's Normal Summon or Set is used (R:normal_summon).",
              "As the turn player Sets it in their open game state.", _PC,
              (_opt("tributes", "str[]", "the monsters Tributed for it, sent to the GY "
                    "(no event of their own)"),)),
    EventSpec(EventKind.NEGATED, "The activation or the effect of a chain link is negated.",
              "As a negating step of a later chain link applies.", _PCE,
              (_LINK, Key("what", "str", "`activation` or `effect`"))),
    EventSpec(EventKind.NO_BATTLE_DAMAGE,
              "A player takes no battle damage (R:damage_calculation, R:battle_damage).",
              "At damage calculation, in place of `battle_damage`.", ("player",),
              (Key("amount", "int", "the damage it would have been"),
               _opt("by", "str", "the card whose effect applies (R:player_protection); "
                    "absent when a resolved effect said so for the turn"))),
    EventSpec(EventKind.NO_EFFECT, "A resolving chain link does nothing.",
              "As the chain link resolves.", _PCE,
              (_LINK,
               _opt("why", "str", "`activation_negated`, `effect_negated`, "
                    "`monster_effects_negated` (R:negated_on_the_field), `graveyard_locked` "
                    "(R:graveyard_lock), `trap_effects_negated` (R:trap_lock), "
                    "`trap_effects_negated_this_turn` (R:trap_effects_negated_this_turn), "
                    "`spell_effects_negated` (R:spell_lock), `condition_lost`, "
                    "`card_left_field` (R:gone_before_it_resolves); absent when nothing applied"),
               _opt("by", "str", "the card that negates it, locks the GY or negates Traps or "
                    "Spells"))),
    EventSpec(EventKind.NORMAL_SUMMONED,
              "A monster is Normal Summoned from the hand in face-up Attack Position "
              "(R:normal_summon).",
              "As the turn player Normal Summons it in their open game state.", _PC,
              (_opt("tributes", "str[]", "a Tribute Summon: the monsters Tributed for it, "
                    "sent to the GY (no event of their own)"),)),
    EventSpec(EventKind.NOT_APPLIED,
              "One step of a resolving chain link (or one card of it) does not apply "
              "(R:card_gone).",
              "As that step would apply.", (*_PCE, "target?"),
              (Key("op", "str|null", "the step's operation"),
               Key("why", "str", "`left_field`, `no_longer_face_up`, `unaffected`, "
                   "`unaffected_by_opponent`, `none_selected`, `no_attack`, `no_free_zone`, "
                   "`cannot_summon`, `cannot_be_set`, `link_always_attack`, `card_left_field`, "
                   "`no_longer_attacking`, `previous_not_applied`, `then_not_offered` (a "
                   "\"then you can\" step after one that was not done, R:optional_steps)"))),
    EventSpec(EventKind.NOT_DESTROYED, "A monster that would be destroyed is not.",
              "At damage calculation, or as a destroying step applies.", _PC,
              (Key("why", "str", "`cannot_be_destroyed_by_battle`, "
                   "`cannot_be_destroyed_by_battle_this_turn`, "
                   "`monsters_cannot_be_destroyed_by_battle`, `cannot_be_destroyed_by_effects`, "
                   "`unaffected`, `unaffected_by_opponent`"),)),
    EventSpec(EventKind.PASS, "A player passes priority (R:two_passes).",
              "On a `pass` choice, or a forced pass when nothing can be activated.", ("player",),
              (Key("forced", "bool", "true when the player could only pass"),
               _STEP,
               _opt("declined", "str[]", "the optional triggers the pass gives up "
                    "(R:no_going_back)"),
               _opt("timing_passed", "str[]", "effects whose timing passed (R:first_chain_only)"),
               _opt("cannot", "note[]", "on a forced pass, the player's effects that answer "
                    "this window's event and may not be activated, each with its rule and "
                    "reason"),
               _opt("no_response", "str", "the `card.effect` on the chain "
                    "that cannot be responded to (R:activating_passes_priority)"),
               _opt("enters_battle_phase", "bool", "the turn player's pass "
                    "in their open game state of Main Phase 1: it enters the Battle Phase "
                    "once the opponent has passed too (R:main_phase_open_game_state)"))),
    EventSpec(EventKind.PLACED_ON_DECK,
              "A card is placed on top of its owner's Deck, from the field or the GY "
              "(R:placed_on_the_deck).",
              "As such a step applies.", _PC,
              (_COST,)),
    EventSpec(EventKind.SHUFFLED_INTO_DECK,
              "A card is shuffled into its owner's Deck from the field "
              "(R:shuffled_into_the_deck).",
              "As such a step applies.", _PC,
              (_COST,)),
    EventSpec(EventKind.PLAYER_ABILITY,
              "A player gains an ability for the rest of the turn or the battle.",
              "As such a step of a chain link applies.", ("player",),
              (Key("ability", "str", "`no_battle_damage`, "
                   "`monsters_cannot_be_destroyed_by_battle`, `cannot_summon`, …"),
               _opt("duration", "str", "`battle` when it lasts until the end of the battle; "
                    "absent for the turn"))),
    EventSpec(EventKind.POSITION_CHANGED, "A monster's battle position changes.",
              "As a position-changing step applies, or as the turn player changes it in "
              "their open game state of Main Phase 1 (R:change_of_position).", _PC,
              (Key("position", "str", "`attack` or `defense`"),
               _opt("by_hand", "bool", "true when the turn player changed it, not an effect "
                    "(R:change_of_position)"))),
    EventSpec(EventKind.RECOUNTED,
              "A monster whose ATK/DEF count the cards in its controller's hand has new values "
              "(R:counted_stats).",
              "When that count changes.", _PC,
              (Key("count", "int", "the count"),
               Key("atk", "int", "its ATK now"),
               Key("defense", "int|null", "its DEF now"))),
    EventSpec(EventKind.REDIRECTED,
              "A monster that is banished when it leaves the field goes there instead "
              "(R:banished_when_it_leaves).",
              "Right after its `left_field`.", _PC,
              (Key("to", "str", "`banished`"),)),
    EventSpec(EventKind.REPLAY,
              "A replay: the turn player chooses a new target or stops the attack "
              "(R:replay_choice).",
              "When the Battle Step's window reopens with a replay pending.", _PC),
    EventSpec(EventKind.REPLAY_CAUSED,
              "The defender's monsters changed during the Battle Step: a replay follows the chain "
              "(R:replay, R:replay_waits_for_chain).",
              "When a monster leaves or arrives on the defender's side.", _PC,
              (_opt("how", "str", "`arrived`; absent when a monster left"),)),
    EventSpec(EventKind.RESOLVE, "A chain link starts resolving (R:chain_resolution).",
              "As the chain resolves, once per link.", (*_PCE, "target?"),
              (_LINK,)),
    EventSpec(EventKind.RETURNED_TO_EXTRA_DECK,
              "A Fusion, Synchro, Xyz or Link Monster that would return to the hand or the "
              "Deck goes to its owner's Extra Deck instead (R:extra_deck_monsters).",
              "As a returning step or cost applies.", _PC,
              (_COST,)),
    EventSpec(EventKind.RETURNED_TO_HAND, "A card returns to the hand.",
              "As a returning step or cost applies.", _PC,
              (_COST,)),
    EventSpec(EventKind.ADDED_TO_HAND,
              "A card is added from the Deck or the GY to its owner's hand (R:adding_to_the_hand).",
              "As such a step applies.", _PC, ()),
    EventSpec(EventKind.NAME_LOCKED,
              "A player cannot activate cards, or their effects, with a card's name for the "
              "rest of the turn (R:name_locked).",
              "As the step that added that card applies.", _PC, ()),
    EventSpec(EventKind.SELECTED,
              "A player chooses at resolution: a card, or a position (`target`).",
              "On a `select` choice.", ("player", "card", "effect", "target")),
    EventSpec(EventKind.SENT_TO_GY,
              "A card goes to the GY; a card that answers it may trigger "
              "(R:sent_to_the_graveyard).",
              "When a card leaves the field or the hand for the GY, "
              "or a Spell/Trap goes after resolving.", _PC,
              (Key("why", "str", "`destroyed`, `destroyed_by_battle`, `tributed`, `sent`, "
                   "`sent_from_hand`, `resolved`, `negated`, `not_equipped`, `unequipped`"),
               _opt("cost", "bool", "true when sent as a cost (R:costs_at_activation); "
                    "absent for a Spell/Trap that goes after its chain link"))),
    EventSpec(EventKind.SET_FACE_DOWN,
              "A monster is changed to face-down Defense Position (R:negation_and_stats).",
              "As such a step applies.", _PC),
    EventSpec(EventKind.SPECIAL_SUMMONED, "A monster is Special Summoned.",
              "As a summoning step applies.", _PC,
              (Key("position", "str", "`attack` or `defense`"),
               _opt("source", "str", "`deck` or `graveyard`; "
                    "absent from the hand or for a Token"))),
    EventSpec(EventKind.SPELL_TRAP_SET,
              "A Spell or Trap Card is Set face-down from the hand (R:set_spell_trap), or by "
              "an effect (R:set_by_an_effect).",
              "As the turn player Sets it in their open game state of Main Phase 1, or as a "
              "`set_spell_trap` step applies.", _PC,
              (_opt("by", "str", "the card whose effect Sets it; absent for a Set of the "
                    "turn player's own in Main Phase 1"),)),
    EventSpec(EventKind.SUMMON_NEGATED,
              "The Summon of a monster is negated: it is not Summoned (R:summon_under_way).",
              "As a `negate_summon` step applies, before the monster is destroyed.", _PC),
    EventSpec(EventKind.TIE_ENDED, "A card is no longer tied to a monster (R:tied_cards).",
              "When the monster leaves the field or turns face-down.", _PC,
              (Key("monster", "str", "the monster"),
               Key("why", "str", "`left_field` or `face_down`"))),
    EventSpec(EventKind.TIED, "A monster becomes tied to a card (R:tied_cards).",
              "As a tying step applies.", _PC,
              (Key("to", "str", "the card"),)),
    EventSpec(EventKind.TO_OWNER,
              "A card that leaves the field of a player who does not own it goes to its "
              "owner's GY, hand or Deck, or is banished by its owner's side "
              "(R:owner_and_controller); `player` is the owner.",
              "Right after the event of where the card goes.", _PC,
              (Key("to", "str", "`graveyard`, `hand`, `deck` or `banished`"),)),
    EventSpec(EventKind.TOKEN_VANISHED, "A Token leaves the field and vanishes (R:tokens).",
              "Right after its `left_field`.", _PC,
              (_opt("why", "str", "`destroyed`; absent otherwise"),)),
    EventSpec(EventKind.UNAFFECTED,
              "A monster is unaffected by other Spell/Trap effects until the end of the turn "
              "(R:unaffected_by_spells_traps).",
              "As such a step applies.", _PC,
              (Key("by", "str", "the card whose effect does it"),)),
    EventSpec(EventKind.WINDOW_CLOSED,
              "Two passes with an empty chain: the timing has passed (R:two_passes).",
              "When a window closes.", (),
              (_STEP, Key("window", "str", "`open`, `event` or `damage`"))),
)

#: The spec of every kind.
SPEC: dict[EventKind, EventSpec] = {spec.kind: spec for spec in SPECS}


class EventProtocolError(ValueError):
    """An event the protocol does not declare: an unknown kind or payload key."""


def check(kind: str, subject: tuple[Any, ...], data: tuple[tuple[str, Any], ...]
          ) -> EventKind:
    """The kind of a new event, after checking it against the table: its kind is known, its
    subject fields and payload keys are declared, its required keys present, its values of
    the declared types."""
    try:
        known = EventKind(kind)
    except ValueError:
        raise EventProtocolError(f"unknown event kind {kind!r} (payload "
                                 f"{sorted(k for k, _ in data)}); add it to "
                                 "gamebook/rules/events.py") from None
    spec = SPEC[known]
    allowed = {name.rstrip("?") for name in spec.subject}
    for name, value in zip(SUBJECT, subject, strict=True):
        if value is not None and name not in allowed:
            raise EventProtocolError(f"event kind {kind!r} has no {name!r} (it carries "
                                     f"{', '.join(spec.subject) or 'no subject'})")
    given = dict(data)
    for name, value in data:
        key = spec.key(name)
        if key is None:
            raise EventProtocolError(
                f"event kind {kind!r} declares no payload key {name!r} (it declares "
                f"{', '.join(k.name for k in spec.payload) or 'none'})")
        if not TYPES[key.type][1](value):
            raise EventProtocolError(f"event kind {kind!r}: payload key {name!r} must be "
                                     f"{TYPES[key.type][0]}, not {value!r}")
    missing = [key.name for key in spec.payload if key.required and key.name not in given]
    if missing:
        raise EventProtocolError(f"event kind {kind!r} lacks payload key(s) {missing}")
    return known


def markdown(cite: Callable[[str], str] = str) -> str:
    """docs/events.md: every kind with its meaning, when it is emitted and what it carries.
    The texts cite rules by id (``R:replay``); ``cite`` shows each as its R-number (the
    rulebook's :meth:`~gamebook.book.rulebook.Rulebook.cite`), before the lines are wrapped."""
    lines = [
        "# Events",
        "",
        "<!-- Written by `python -m gamebook.book.rulebook` (with docs/rules*.md) from",
        "     gamebook/rules/events.py; a test fails when it is stale. -->",
        "",
        *_wrap(
            "Every edge of `graph.json` lists the events that happened on the way (`events`), "
            "forced passes and chain resolution included. Each event is a JSON object: `kind` "
            "(below), then the subject fields it carries among `player` (`\"A\"` or `\"B\"`), "
            "`card` (an instance id), `effect` (an effect id of that card) and `target` (an "
            "instance id, or `attack`/`defense` for a chosen position), then its payload keys. "
            "A subject field the event does not carry is left out; so is a payload key marked "
            "`?` where it does not apply. `card.effect` stands for an instance id and an "
            "effect id joined by a dot."),
        "",
        *_wrap(
            "The engine refuses to emit an event this list does not declare (an unknown kind, "
            "subject field or payload key, a missing key, a value of another type), so the "
            "list is complete. Kinds and keys may be added; those listed keep their meaning."),
        "",
        "| kind | subject | payload |",
        "| --- | --- | --- |",
    ]
    for spec in SPECS:
        subject = ", ".join(_marked(name) for name in spec.subject) or "none"
        payload = ", ".join(_marked(key.name + ("" if key.required else "?"))
                            for key in spec.payload) or "none"
        lines.append(f"| [`{spec.kind.value}`](#{spec.kind.value}) | {subject} | {payload} |")
    lines += ["", "`?`: may be absent.", ""]
    for spec in SPECS:
        lines += [f"## {spec.kind.value}", "", *_wrap(cite(spec.meaning)), "",
                  *_wrap(cite(f"Emitted: {spec.when[0].lower()}{spec.when[1:]}")), ""]
        if spec.subject:
            lines += [*_wrap("Subject: " + ", ".join(_marked(name) for name in spec.subject)
                             + "."), ""]
        if spec.payload:
            lines += ["| key | type | required | meaning |", "| --- | --- | --- | --- |"]
            lines += [f"| `{key.name}` | {TYPES[key.type][0]} | "
                      f"{'yes' if key.required else 'no'} | {cite(key.meaning)} |"
                      for key in spec.payload]
            lines.append("")
    return "\n".join(lines)


def _marked(name: str) -> str:
    """``target?`` as `` `target`? ``: a name in code, its ``?`` (may be absent) after it."""
    bare = name.rstrip("?")
    return f"`{bare}`" + name[len(bare):]


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, width=92, break_long_words=False, break_on_hyphens=False)

