"""``docs/vocabulary.md``: every word a card file may write, from the card model and the verbs.

Each value of the card model's vocabulary (card types, frames, effect kinds, locations,
events, conditions, operations, the cards a step names, target filters, lasting effects, …)
and each key of a card file is one entry: its meaning (the comment the model gives it in
:mod:`gamebook.cards.model`, or :data:`MEANINGS` below where the model's own word says it),
the rule it follows (the R-numbers its meaning cites, or :data:`RULES`), for an operation its
parameters and places from its :class:`~gamebook.rules.mechanics.Verb`, for an effect kind
what the engine honours (:mod:`gamebook.cards.honoured`), and one example: the first bundled
card, else test card, that uses it. ``python -m gamebook.book.rulebook`` writes the file with
the rules reference; a test fails when a word has no entry or the file is stale.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from gamebook.cards import model
from gamebook.cards.library import BUNDLED
from gamebook.cards.model import OpName
from gamebook.rules.mechanics import EVERY_STEP_PARAMETERS, verb_of

ROOT = Path(__file__).resolve().parents[2]
TEST_CARDS = ROOT / "tests" / "cards"
CITED = re.compile(r"\bR\d+\b")  # a rule a model comment cites

# The vocabulary, in the order of the page: (title, the key a file writes it under, its enum,
# the rule of its words when their meaning cites none).
VALUES: tuple[tuple[str, tuple[str, ...], type[StrEnum], str | None], ...] = (
    ("Card types", ("card_type",), model.CardType, None),
    ("Monster frames", ("frame",), model.MonsterFrame, "monster_categories"),
    ("Spell/Trap types", ("spell_trap_type",), model.SpellTrapType, "spell_cards"),
    ("Effect kinds", ("kind",), model.EffectKind, "spell_speeds"),
    ("Locations", ("location",), model.Location, None),
    ("Events", ("event",), model.EventName, "event_window"),
    ("Conditions", ("conditions",), model.Condition, "trigger_effects"),
    ("Operations (cost and resolution steps)", ("op",), model.OpName, "chain_resolution"),
    ("Cards a step names", ("who", "of"), model.Ref, "chain_resolution"),
    ("Target filters", ("filters",), model.TargetFilter, None),
    ("How a selection picks", ("pick",), model.Pick, "chain_resolution"),
    ("Zones of a selection", ("zone",), model.Zone, None),
    ("Portions of an ATK", ("portion",), model.Portion, None),
    ("Battle positions", ("position",), model.Position, "battle_positions"),
    ("Players", ("player",), model.PlayerRef, None),
    ("Whose cards a selection chooses", ("controller",), model.Controller, "chain_resolution"),
    ("Durations", ("duration",), model.Duration, None),
    ("Damage Step use", ("damage_step",), model.DamageStepUse, "damage_step_activations"),
    ("Continuous abilities of a card (grants)", ("grants",), model.StaticAbility,
     "continuous_effects"),
    ("Abilities of a player", ("ability", "grants_player", "grants_opponent", "restricts"),
     model.PlayerAbility, "player_protection"),
    ("Where a card goes instead", ("leaves_field",), model.Redirect, "banished_when_it_leaves"),
    ("What ties a card and its monster", ("destroy_monster_when",), model.TieTrigger,
     "tied_cards"),
    ("What a continuous change counts", ("per",), model.StatCount, "counted_stats"),
    ("Multiples of an original value", ("your_lp_lower", "your_lp_higher"), model.Multiple,
     "continuous_original_becomes"),
    ("What a destruction is by", ("by",), model.DestructionCause, "destruction_replacement"),
)
# The keys of a card file, by the part of it they belong to.
KEYS: tuple[tuple[str, type], ...] = (
    ("Keys of a card", model.Card), ("Keys of an effect", model.Effect),
    ("Keys of a cost or resolution step", model.Primitive),
    ("Keys of a target or selection", model.TargetSpec),
    ("Keys of a continuous ATK/DEF change (modifies)", model.StatModifier),
    ("Keys of a tie (tie)", model.Tie), ("Keys of a value by LP", model.ByLifePoints),
    ("Keys of a destruction's replacement (replaces_destruction)",
     model.DestructionReplacement),
    ("Keys of a mode (modes)", model.Mode),
)

# Meanings the model's comments leave to the word itself.
MEANINGS: dict[str, str] = {
    "CardType.monster": "a monster card", "CardType.spell": "a Spell Card",
    "CardType.trap": "a Trap Card",
    "MonsterFrame.normal": "a Normal Monster: no effects (its text is flavour text)",
    "MonsterFrame.effect": "an Effect Monster of the Main Deck",
    "MonsterFrame.link": "a Link Monster of the Extra Deck: no DEF, always face-up in Attack "
                         "Position",
    "MonsterFrame.fusion": "a Fusion Monster of the Extra Deck",
    "MonsterFrame.synchro": "a Synchro Monster of the Extra Deck",
    "MonsterFrame.xyz": "an Xyz Monster of the Extra Deck",
    "MonsterFrame.ritual": "a Ritual Monster of the Main Deck",
    "SpellTrapType.normal": "a Normal Spell or Trap: to the GY once it resolves",
    "SpellTrapType.quick_play": "a Quick-Play Spell: Spell Speed 2",
    "SpellTrapType.continuous": "a Continuous Spell or Trap: it stays face-up",
    "SpellTrapType.equip": "an Equip Spell: it stays, equipped to a monster",
    "SpellTrapType.field": "a Field Spell, in the Field Zone",
    "SpellTrapType.ritual": "a Ritual Spell",
    "SpellTrapType.counter": "a Counter Trap: Spell Speed 3",
    "DestructionCause.battle": "destroyed by battle, at damage calculation",
    "DestructionCause.effect": "destroyed by a card effect, as a step of a chain link applies",
    "EffectKind.trigger": "a Trigger Effect: activated when its event happens",
    "EffectKind.quick": "a Quick Effect: Spell Speed 2, in any window that allows it",
    "EffectKind.ignition": "an Ignition Effect: in its controller's Main Phase only",
    "EffectKind.flip": "a Flip Effect: when the monster is flipped face-up",
    "EffectKind.continuous": "a continuous effect: never activated, applies while it holds",
    "EffectKind.activate": "the activation of a Spell/Trap Card itself",
    "Location.field": "activated from the field (the default)",
    "Location.hand": "activated from the hand",
    "Location.graveyard": "activated from the GY",
    "EventName.attack_declared": "an attack was declared",
    "EventName.inflicts_battle_damage": "this card inflicted battle damage on the opponent",
    "EventName.destroyed_by_battle": "this card was destroyed by battle",
    "Condition.during_battle_phase": "during the Battle Phase",
    "Condition.opponent_activates_spell": "directly above the opponent's activation of a Spell "
                                          "Card",
    "Condition.opponent_activates_trap": "directly above the opponent's activation of a Trap "
                                         "Card",
    "Condition.opponent_activates_monster_effect": "directly above the activation of an "
                                                   "opponent's monster effect",
    "Condition.spell_card_activated": "directly above the activation of a Spell Card, of "
                                      "either player",
    "Condition.trap_card_activated": "directly above the activation of a Trap Card, of "
                                     "either player",
    "Condition.effect_activated_on_field": "directly above the activation of an effect of a "
                                           "monster on the field, or of a Spell/Trap already "
                                           "face-up there, of either player",
    "Condition.last_damage_was_effect": "the damage this card's controller last took was "
                                        "effect damage",
    "Ref.self": "this card itself",
    "TargetFilter.attack_position": "in Attack Position",
    "TargetFilter.face_up": "face-up",
    "Position.attack": "Attack Position", "Position.defense": "Defense Position",
    "PlayerRef.you": "the effect's controller", "PlayerRef.opponent": "their opponent",
    "Duration.end_of_turn": "until the end of the turn", "Duration.permanent": "for good",
    "StaticAbility.cannot_be_destroyed_by_battle": "the card cannot be destroyed by battle",
    "StaticAbility.cannot_be_destroyed_by_effects": "the card cannot be destroyed by card "
                                                    "effects",
    "Redirect.banish": "banished instead",
    "Controller.you": "the activating player's cards (off the field: their hand, GY or Deck)",
    "Controller.opponent": "the opponent's cards (off the field: their hand, GY or Deck)",
    "Controller.any": "either player's cards (the default)",
    "Multiple.double": "double it", "Multiple.half": "half of it, rounded half up",
    "controller": "whose cards: you, opponent or any (the default)",
    "Ref.battling_opponent": "in a battle: the opponent's monster that the activating "
                             "player's monster battles",
    "TargetFilter.face_down": "face-down",
    "Zone.field": "on the field (the default)", "Zone.hand": "in the hand of `controller`",
    "Zone.graveyard": "in the GY of `controller`",
    "portion": "how much of the ATK of `of` a step uses: all (the default), half, original, "
               "or the damage last taken",
    "per": "what a continuous change counts: its atk/defense is that much for each",
    "atk_becomes_original": "its ATK becomes a multiple of its original ATK, by how the LP "
                            "compare",
}
# The rule of a word whose meaning cites none (else its section's rule above).
RULES: dict[str, str] = {
    "CardType.spell": "spell_cards", "CardType.trap": "trap_cards",
    "CardType.monster": "monster_categories", "SpellTrapType.counter": "trap_cards",
    "EffectKind.trigger": "trigger_effects", "EffectKind.quick": "quick_effects",
    "EffectKind.ignition": "ignition_effects", "EffectKind.flip": "flip_effects",
    "EffectKind.continuous": "continuous_effects", "EffectKind.activate": "spell_cards",
    "Location.field": "trigger_effects", "Location.hand": "trigger_effects",
    "Location.graveyard": "trigger_effects",
    "MonsterFrame.link": "extra_monster_zone", "MonsterFrame.fusion": "extra_monster_zone",
    "MonsterFrame.synchro": "extra_monster_zone", "MonsterFrame.xyz": "extra_monster_zone",
    "MonsterFrame.token": "tokens",
    "TargetFilter.attack_position": "battle_positions", "TargetFilter.face_up": "battle_positions",
    "TargetFilter.face_down": "battle_positions", "TargetFilter.attacking": "attack_declaration",
    "TargetFilter.spell_trap": "chain_resolution", "TargetFilter.any_card": "chain_resolution",
    "TargetFilter.self": "chain_resolution", "Zone.field": "chain_resolution",
    "Zone.hand": "chain_resolution", "Zone.graveyard": "window_after_special_summon",
    "Zone.deck": "window_after_special_summon", "Portion.all": "halving_and_rounding",
    "Portion.half": "halving_and_rounding", "Portion.original": "current_and_original",
    "PlayerRef.you": "chain_resolution", "PlayerRef.opponent": "chain_resolution",
    "Duration.end_of_turn": "becomes_for_a_time", "Duration.end_of_battle":
    "becomes_for_a_time", "Duration.permanent": "continuous_or_once",
    "TargetFilter.atk_at_most_controller_lp": "could_not_apply",
    "portion": "halving_and_rounding", "per": "counted_stats",
    "atk_becomes_original": "continuous_original_becomes",
}


@dataclasses.dataclass(frozen=True)
class Entry:
    """One word: what it is written under, what it means, its rule, its example."""

    word: str
    meaning: str
    rule: str  # "R4" or "" (a key about the file, not a rule)
    example: str
    details: str = ""


@cache
def _comments() -> dict[str, str]:
    """``{"Class.NAME": comment}`` for every class attribute of the card model with one: its
    comment on the line, else the comment lines right above it."""
    source = Path(model.__file__).read_text(encoding="utf-8")
    lines = source.splitlines()
    found: dict[str, str] = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if isinstance(item, ast.Assign) and isinstance(item.targets[0], ast.Name):
                name = item.targets[0].id
            elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                name = item.target.id
            else:
                continue
            line = lines[item.lineno - 1]
            said = line.split("  # ", 1)[1].strip() if "  # " in line else ""
            if not said:
                above, index = [], item.lineno - 2
                while index >= 0 and lines[index].strip().startswith("#"):
                    above.insert(0, lines[index].strip().lstrip("#").strip())
                    index -= 1
                said = " ".join(above)
            if said:
                found[f"{node.name}.{name}"] = said
    return found


@cache
def _card_files() -> tuple[tuple[str, dict], ...]:
    """The bundled card files, then the test cards, as read (``(file name, data)``)."""
    import yaml

    files = [*sorted(BUNDLED.glob("*.yaml")), *sorted(TEST_CARDS.glob("*.yaml"))]
    return tuple((f"{path.parent.name}/{path.name}",
                  yaml.safe_load(path.read_text(encoding="utf-8"))) for path in files)


def _uses(data: Any, keys: tuple[str, ...], value: str | None) -> list[str]:
    """The effect ids (or ``""`` for the card itself) where ``data`` writes ``value`` under
    one of ``keys`` (any value, when ``value`` is ``None``)."""
    found: list[str] = []

    def walk(node: Any, effect: str) -> None:
        if isinstance(node, dict):
            effect = node["id"] if "kind" in node and "id" in node else effect
            for key, item in node.items():
                if key in keys and (value is None or item == value or (
                        isinstance(item, list) and value in item)):
                    found.append(effect)
                walk(item, effect)
        elif isinstance(node, list):
            for item in node:
                walk(item, effect)

    walk(data, "")
    return found


def example(keys: tuple[str, ...], value: str | None) -> str:
    """The first card that writes ``value`` under one of ``keys``, in words."""
    for name, data in _card_files():
        uses = _uses(data, keys, value)
        if uses:
            where = f", effect `{uses[0]}`" if uses[0] else ""
            return f"{data['names']['en']} (`{name}`{where})"
    return ""


def _rule_label(meaning: str, key: str, default: str | None, label: Any) -> str:
    cited = CITED.findall(meaning)
    if cited:
        return ", ".join(dict.fromkeys(cited))
    rule_id = RULES.get(key) or default
    return label(rule_id) if rule_id else ""


def value_entries(label: Any) -> list[tuple[str, tuple[str, ...], list[Entry]]]:
    """Every value of the vocabulary, by section."""
    comments = _comments()
    sections = []
    for title, keys, kind, default in VALUES:
        entries = []
        for member in kind:
            key = f"{kind.__name__}.{member.value}"
            meaning = MEANINGS.get(key) or comments.get(f"{kind.__name__}.{member.name}", "")
            details = _verb_details(member) if kind is OpName else ""
            entries.append(Entry(member.value, meaning, _rule_label(meaning, key, default, label),
                                 example(keys, member.value), details))
        sections.append((title, keys, entries))
    return sections


def _verb_details(op: OpName) -> str:
    verb = verb_of(op)
    names = [*verb.parameters, *sorted(EVERY_STEP_PARAMETERS - {"op"})]
    needs = {"cards": "`who` or `select`", "player": "`player` (or `both_players`)",
             "nothing": "no card nor player"}[verb.acts.value]
    at_activation = verb.activatable_if.value if verb.activatable_if else "anything"
    as_cost = ("; may be a cost, choosing its card at activation" if verb.chosen_for_cost
               else "; may be a cost, but not one that chooses its card at activation" if verb.cost
               and verb.acts.value == "cards" else "; may be a cost" if verb.cost else "")
    return (f"parameters: {', '.join(f'`{name}`' for name in names)}; needs {needs}; applies "
            f"if its card is {verb.applies_if.value} as the link resolves, activatable if "
            f"{at_activation} at activation{as_cost}")


def key_entries(label: Any) -> list[tuple[str, list[Entry]]]:
    """Every key of a card file, by the part it belongs to."""
    comments = _comments()
    sections = []
    for title, cls in KEYS:
        entries = []
        for item in dataclasses.fields(cls):
            key = f"{cls.__name__}.{item.name}"
            meaning = MEANINGS.get(item.name) or comments.get(key, "") or _KEY_MEANINGS.get(
                item.name, "")
            entries.append(Entry(item.name, meaning, _rule_label(meaning, item.name, None, label),
                                 example((item.name,), None)))
        sections.append((title, entries))
    return sections


# Keys whose meaning is their name (the model gives them no comment).
_KEY_MEANINGS = {
    "id": "the card's id (a file name's words), or the effect's id within its card",
    "names": "the card's name per language; an English name ('en') is required",
    "card_type": "monster, spell or trap", "frame": "a monster's frame",
    "spell_trap_type": "a Spell's or Trap's type", "attribute": "a monster's Attribute",
    "monster_type": "a monster's Type", "level": "a monster's Level, or exactly this Level",
    "link_rating": "a Link Monster's Link Rating", "atk": "ATK (null for a printed '?')",
    "defense": "DEF (null for a printed '?')", "effects": "the card's effects",
    "kind": "the effect's kind", "mandatory": "a mandatory effect (an optional one if false)",
    "event": "the event the effect answers", "conditions": "the effect's conditions",
    "cost": "the cost steps, paid at activation", "target": "what the effect targets",
    "once_per_turn": "once per turn", "resolution": "the steps of its resolution",
    "grants": "what a continuous effect makes true of its card", "op": "the step's operation",
    "who": "the card(s) the step acts on", "amount": "a number of LP, ATK or attacks",
    "position": "a battle position", "player": "the player the step acts on",
    "ability": "what grant_player gives its player", "select": "cards chosen at resolution",
    "duration": "how long a change lasts", "filters": "qualities the cards must have",
    "pick": "how a selection picks", "your_lp_lower": "when your LP are lower than your opponent's",
    "your_lp_higher": "when your LP are higher than your opponent's",
    "destroy_card_when_monster_destroyed": "when the monster is destroyed, this card is "
                                           "destroyed too",
    "destroy_monster_when": "what of this card destroys its monster",
}


def markdown(label: Any) -> str:
    """The text of ``docs/vocabulary.md``; ``label`` gives a rule id's R-number."""
    out = ["# The vocabulary of card files", "",
           "Every word a card file may write, generated from the card model "
           "(`gamebook/cards/model.py`) and the verbs of the mechanics "
           "(`gamebook/rules/mechanics/`) by `python -m gamebook.book.rulebook`; a test fails "
           "when a word has no entry or this page is stale. Each entry gives the word's "
           "meaning, the rule it follows ([rules.md](rules.md)) and one card that uses it "
           "(bundled, else a test card of `tests/cards/`). How to write a card from its "
           "printed text: [adding-a-card.md](adding-a-card.md).", "",
           "## What the engine honours", "",
           "A card file is refused at its line, with the reason and the rule, when it asks "
           "for something the engine would never act on (`gamebook/cards/honoured.py`):", "",
           "- a Spell/Trap Card is activated as the card itself (`kind: activate`): a Spell "
           "from the hand or from its Set position whatever `location` says, a Trap only "
           "from the field, or also from the hand where its text allows it (`from_hand_if`, "
           f"{label('trap_from_hand')}: only on a Trap's `kind: activate`, with conditions "
           "about its player); neither from the GY;",
           "- a Spell/Trap Card has no other activated effect on the field or in the hand "
           "(a Trigger or Quick Effect of a face-up Continuous Trap is not supported yet); "
           "in the GY it may have Quick and Trigger Effects (`location: graveyard`);",
           "- a Flip Effect is a monster's, on the field, and never a Link Monster's; a "
           "Fusion, Synchro, Xyz or Link Monster has no effect in the hand; a Normal Monster "
           "has no effects;",
           "- a continuous effect applies on the field and answers no event;",
           "- an event is answered where it can happen: `destroyed` from the GY, "
           "`after_damage_calculation` and `inflicts_battle_damage` on the field, "
           "`destroyed_by_battle` on the field or from the GY, `flip` on the field; the "
           "condition `not_sent_to_graveyard_this_turn` only on an effect activated in the GY "
           f"({label('trap_effect_in_graveyard')});",
           "- two activations of the card itself (`kind: activate`) that could be offered "
           "at the same moment (the same `location`, and the same event or none) are refused "
           "at the second one's line, since both would read \"Activate\" and the card's "
           "name: \"Activate 1 of these effects\" is written as `modes` of one effect, each "
           "mode named on the choice by its `text`; two modes may not read the same in any "
           "language, and only an `activate` or `quick` effect has modes "
           f"({label('modal_effects')}).", "",
           "Accepted but offered only when a situation starts in Main Phase 1 "
           "(`start: {moment: main_phase_1}`), never in the Battle Phase (a book of a Battle "
           "Phase shows them with a ✘ and the rule; `gamebook cards check` lists them): "
           "Ignition Effects and Spells of Spell Speed 1.", ""]
    for title, keys, entries in value_entries(label):
        written = " or ".join(f"`{key}:`" for key in keys)
        out += [f"## {title}", "", f"Written under {written}.", "",
                "| word | meaning | rule | example |", "| --- | --- | --- | --- |"]
        for entry in entries:
            meaning = entry.meaning + (f" ({entry.details})" if entry.details else "")
            out.append(f"| `{entry.word}` | {_cell(meaning)} | {entry.rule} | "
                       f"{_cell(entry.example) or '(none yet)'} |")
        out.append("")
    for title, entries in key_entries(label):
        out += [f"## {title}", "", "| key | meaning | rule | example |",
                "| --- | --- | --- | --- |"]
        out += [f"| `{entry.word}` | {_cell(entry.meaning)} | {entry.rule} | "
                f"{_cell(entry.example) or '(none yet)'} |" for entry in entries]
        out.append("")
    return "\n".join(out + expression_words(label))


def expression_words(label: Any) -> list[str]:
    """The words of the expression language (``condition``, ``amount``, ``where``)."""
    from gamebook.cards.expressions import WORDS

    out = ["## Words of expressions (condition, amount, where)", "",
           "An effect's `condition`, a step's `amount` and a selection's `where` are written "
           "in a small language (`gamebook/cards/expressions.py`), parsed without running "
           "code and refused at the card file's line with the column inside the text: "
           "`condition: count(monsters) >= 4`, `amount: 300 * count(monsters)`, "
           "`amount: -800 * count(monsters, opponent)`, `where: face_up and level in 1..4 "
           "and not self`, `condition: count(monsters, opponent) > count(monsters, you)`, "
           "`amount: difference(atk(attacker), atk(attack_target))`.", "",
           "| word | meaning | rule | example |", "| --- | --- | --- | --- |"]
    for word, (meaning, rule) in WORDS.items():
        out.append(f"| `{word}` | {_cell(meaning)} | {label(rule)} | "
                   f"{_cell(_expression_example(word)) or '(none yet)'} |")
    out.append("")
    return out


def _expression_example(word: str) -> str:
    """The first bundled card whose expressions use ``word``, as the other tables name it."""
    import re as _re

    pattern = _re.compile(rf"(?<![A-Za-z_]){_re.escape(word.split()[0])}(?![A-Za-z_])")
    for name, data in _card_files():
        for index, effect in enumerate(data.get("effects") or ()):
            texts = [effect.get("condition")]
            for part in ("cost", "resolution"):
                for step in effect.get(part) or ():
                    texts.append(step.get("amount") if isinstance(step.get("amount"), str)
                                 else None)
                    select = step.get("select") or {}
                    texts.append(select.get("where"))
            if any(isinstance(text, str) and pattern.search(text) for text in texts):
                card = data.get("names", {}).get("en", data.get("id"))
                return f"{card} (`{name}`, effect `{effect.get('id', index)}`)"
    return ""


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
