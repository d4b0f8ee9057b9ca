"""Sentences from structured engine data, in the reader's language.

Words come from the message catalogs in ``catalogs/<lang>.po`` (English is the fallback
for any key a catalog lacks); card and effect names come from the card files.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamebook.book.rulebook import cite
from gamebook.cards.model import Card, CardType, EffectKind, cost_choice
from gamebook.rules.actions import Action, ActionKind, Event, Note
from gamebook.rules.events import EventKind
from gamebook.rules.main_phase import TRIBUTES_JOINED
from gamebook.rules.mechanics.joint_targets import targets_of
from gamebook.rules.mechanics.moving import BANISHED_FACE_DOWN
from gamebook.rules.mechanics.summon import answered_name
from gamebook.rules.resolution import NOTHING
from gamebook.rules.state import Player

if TYPE_CHECKING:
    from gamebook.book.view import ChainLinkView, FieldView, MonsterView, PointView, Reordered

CATALOGS = Path(__file__).parent / "catalogs"


def load_catalog(lang: str) -> dict[str, Any]:
    """The messages of ``lang`` as nested mappings, English for any it lacks
    (:mod:`gamebook.book.catalog`: gettext ``catalogs/<lang>.po``, compiled to ``.mo``)."""
    from gamebook.book.catalog import nested

    return nested(lang)


# Japanese templates say "only when E" as 「{event}時にしか」, and an event that is a moment
# after something ends in 後 (「…ダメージ計算後」): 「ダメージ計算後にしか」, never 「…後時」.
_MENDED: dict[str, tuple[tuple[str, str], ...]] = {"ja": (("後時", "後"),)}


class Narrator:
    """Phrases for one book: a language plus the situation's card instances."""

    def __init__(self, lang: str, instances: dict[str, Card],
                 owners: dict[str, Player] | None = None) -> None:
        self.lang = lang
        self.catalog = load_catalog(lang)
        self.instances = instances
        self.owners = owners or {}
        self._templates: dict[str, str] = {}
        # A big book tells the same things on thousands of pages: each distinct run of
        # events, event, field, chain, note and choice is put into words once. Events are
        # interned (one object per value), so a run is keyed by its events' ids; the cache
        # keeps the events, so no id can be reused while it lives.
        self._told: dict[bytes, tuple[tuple[Event, ...], tuple[str, ...]]] = {}
        # Distinct runs, fields and chains tell mostly the same lines (distinct_traps 3+3:
        # 29,168 lines of 5,091 runs, 406 different): each line is kept once (:meth:`once`).
        self._lines: dict[str, str] = {}
        self._said: dict[int, tuple[Event, str | None]] = {}
        self._fields: dict[int, tuple[FieldView, tuple[str, ...]]] = {}
        self._chains: dict[int, tuple[tuple[ChainLinkView, ...], tuple[str, ...]]] = {}
        self._notes: dict[Note, str] = {}
        self._choices: dict[tuple[Action, tuple[str, ...]], str] = {}
        # (written, mended): joins of a template and its words that the language writes
        # otherwise, mended as each sentence is made (see _requote and _MENDED)
        self._requoted: tuple[tuple[str, str], ...] = _MENDED.get(lang, ())
        self._labels = self._distinct_labels()

    # -- words ---------------------------------------------------------------------------
    def msg(self, key: str, **args: Any) -> str:
        template = self._templates.get(key)
        if template is None:
            node: Any = self.catalog
            for part in key.split("."):
                node = node[part]
            template = self._templates[key] = str(node)
        said = template.format(**args)
        for quoted, requoted in self._requoted:  # 「プレイヤーAのX」 → プレイヤーAの「X」
            if quoted in said:
                said = said.replace(quoted, requoted)
        return said

    def player(self, player: Player | str) -> str:
        value = player.value if isinstance(player, Player) else player
        return self.msg("meta.player", player=value)

    def card(self, instance: str | None) -> str:
        """A card's name; "Player B's X" when both players have a card of that name."""
        if instance is None:
            return "?"
        return self._labels.get(instance) or self.instances[instance].name(self.lang)

    def _distinct_labels(self) -> dict[str, str]:
        """Names that tell cards of the same name apart: "Player B's X", "X 2" (sorted ids)."""
        by_name: dict[str, list[str]] = {}
        for instance in sorted(self.instances):
            by_name.setdefault(self.instances[instance].name(self.lang), []).append(instance)
        labels: dict[str, str] = {}
        for name, group in by_name.items():
            if len(group) < 2:
                continue
            owners = {self.owners.get(i) for i in group}
            for instance in group:
                label = name
                same_owner = [i for i in group if self.owners.get(i) == self.owners.get(instance)]
                if len(same_owner) > 1:
                    label = self.msg("card_numbered", card=name,
                                     number=same_owner.index(instance) + 1)
                if len(owners) > 1 and instance in self.owners:
                    owner = self.player(self.owners[instance])
                    named = label
                    label = self.msg("card_of_player", player=owner, card=named)
                    self._requote(label, self.msg("card_of_player", player=owner, card=""),
                                  named)
                labels[instance] = label
        return labels

    def _requote(self, label: str, owner: str, named: str) -> None:
        """Chinese and Japanese quote a card's name, not its owner: the templates put
        「」 round a card, so a label "Player A's X" would read 「プレイヤーAのX」; each
        sentence is mended to プレイヤーAの「X」 as it is made (:meth:`msg`)."""
        if self.lang == "en" or not owner or label != owner + named:
            return  # English quotes no card; a language whose owner follows the name
        self._requoted += ((f"「{label}」", f"{owner}「{named}」"),)

    def effect(self, instance: str, effect_id: str) -> str:
        effect = self.instances[instance].effect(effect_id)
        label = effect.text.get(self.lang) or effect.text.get("en") or effect.id
        if effect.kind is EffectKind.ACTIVATE and effect.mode_of is not None:  # R:modal_effects
            return self.msg("mode_activation", card=self.card(instance), mode=label)
        if effect.kind is EffectKind.ACTIVATE:
            return self.msg("card_activation", card=self.card(instance))
        return self.msg("effect_ref", card=self.card(instance), effect=label)

    def effect_key(self, key: str) -> str:
        instance, _, effect_id = key.partition(".")
        return self.effect(instance, effect_id)

    def effects(self, keys: tuple[str, ...]) -> str:
        return self.join(self.effect_key(key) for key in keys)

    def join(self, items: Any, *, separator: str = "meta.list_sep") -> str:
        """Join words with the language's separator (", " in English, "、" in Chinese)."""
        return self.msg(separator).join(items)

    def labelled(self, label_key: str, text: str) -> str:
        """"Label: text" with the language's colon and spacing."""
        return (self.msg("meta.label", label=self.msg(label_key)) + self.msg("meta.sentence_sep")
                + text)

    # -- actions, notes, chain -----------------------------------------------------------
    def choice(self, action: Action, declining: tuple[str, ...] = ()) -> str:
        """The words of a choice; ``declining``: the triggers a pass or decline gives up."""
        key = (action, declining)
        said = self._choices.get(key)
        if said is None:
            said = self._choices[key] = self._choice(action, declining)
        return said

    def _choice(self, action: Action, declining: tuple[str, ...]) -> str:
        kind = action.kind
        if kind is ActionKind.ACTIVATE:
            effect = self.effect(action.card, action.effect)
            definition = self.instances[action.card].effect(action.effect)
            paid = cost_choice(definition)
            if action.cost and paid is not None:  # the card chosen for the cost (R16, R113)
                if action.target:
                    return self.msg(f"choice.activate_{paid.op.value}_target", effect=effect,
                                    card=self.card(action.cost),
                                    target=self.targets(action.target))
                return self.msg(f"choice.activate_{paid.op.value}", effect=effect,
                                card=self.card(action.cost))
            if action.target:
                return self.msg("choice.activate_target", effect=effect,
                                target=self.targets(action.target))
            return self.msg("choice.activate", effect=effect)
        if kind is ActionKind.PASS:
            if declining:
                return self.msg("choice.pass_declining", effects=self.effects(declining))
            return self.msg("choice.pass")
        if kind is ActionKind.DECLINE:
            return self.msg("choice.decline", effects=self.effects(declining))
        if kind is ActionKind.END_PLACEMENT:
            return self.msg("choice.end_placement")
        if kind in (ActionKind.NORMAL_SUMMON, ActionKind.SET_MONSTER):  # R130
            if action.cost:  # a Tribute Summon or Set, its Tributes named
                return self.msg(f"choice.{kind.value}_tributing", card=self.card(action.card),
                                tributes=self.tributes(action.cost.split(TRIBUTES_JOINED)))
            return self.msg(f"choice.{kind.value}", card=self.card(action.card))
        if kind in _MAIN_PHASE_CHOICES:  # R138, R139, R141
            return self.msg(f"choice.{kind.value}", card=self.card(action.card),
                            position=self.option(action.target))
        if kind is ActionKind.DECLARE_ATTACK:
            if action.target is None:
                return self.msg("choice.declare_direct", card=self.card(action.card))
            return self.msg("choice.declare_attack", card=self.card(action.card),
                            target=self.card(action.target))
        if kind is ActionKind.REPLAY_ATTACK:
            if action.target is None:
                return self.msg("choice.replay_direct")
            return self.msg("choice.replay_attack", target=self.card(action.target))
        if kind is ActionKind.SELECT:
            if self._replaces(action.card, action.effect):  # R183
                if action.target == NOTHING:
                    return self.msg("choice.replacement_declined", card=self.card(action.card))
                return self.msg("choice.replace_destruction", card=self.card(action.card),
                                choice=self.option(action.target))
            return self.msg("choice.select", choice=self.option(action.target),
                            effect=self.effect(action.card, action.effect))
        return self.msg("choice.stop_attack")

    def _replaces(self, instance: str | None, effect_id: str | None) -> bool:
        """Is this the effect of ``instance`` that replaces its destruction (R183)?"""
        if instance is None or effect_id is None or instance not in self.instances:
            return False
        return self.instances[instance].effect(effect_id).replaces_destruction is not None

    def tributes(self, instances: Any, *, quoted: bool = True) -> str:
        """The Tributes of a Tribute Summon or Set by name: in the language's quotation marks,
        as a card is named in a sentence (「…」), unless not ``quoted`` (a diagram's label)."""
        names = (self.card(instance) for instance in instances)
        return self.join(self.msg("card_activation", card=name) if quoted else name
                         for name in names)

    def targets(self, target: str | None, *, quoted: bool = True) -> str:
        """An activation's target by name: one card, or the cards chosen together
        (R:joint_targets) joined so that the message's own quotation marks close and open
        around each name (「A」、「B」), or as a plain list where the message has none."""
        cards = targets_of(target)
        if len(cards) < 2:
            return self.card(target)
        names = [self.card(instance) for instance in cards]
        return self.msg("meta.targets_sep").join(names) if quoted else self.join(names)

    def banished(self, held: Any) -> str:
        """A banished card by name, and "face-down" when it was banished so (R174)."""
        if getattr(held, "reason", None) == BANISHED_FACE_DOWN:
            return self.msg("meta.banished_face_down", card=self.card(held.id))
        return self.card(held.id)

    def option(self, value: str | None, *, quoted: bool = True) -> str:
        """A choice made at resolution: a card, the cards chosen together (R174), or a
        battle position."""
        if value in ("attack", "defense"):
            return self.msg(f"position.{value}")
        if value == NOTHING:  # "you can", and nothing chosen (R164)
            return self.msg("option.nothing")
        return self.targets(value, quoted=quoted)

    def short_choice(self, action: Action) -> str:
        """A few words for a diagram's edge label."""
        kind = action.kind
        if kind is ActionKind.ACTIVATE:
            effect = self.instances[action.card].effect(action.effect)
            label = (self.card(action.card) if effect.kind is EffectKind.ACTIVATE
                     and effect.mode_of is None
                     else effect.text.get(self.lang) or effect.text.get("en") or effect.id)
            if action.cost and action.target:  # the cost's card, then the target (R113)
                return self.msg("short.cost_target", effect=label, card=self.card(action.cost),
                                target=self.targets(action.target, quoted=False))
            if action.target or action.cost:
                return self.msg("short.target", effect=label,
                                target=self.targets(action.target or action.cost,
                                                    quoted=False))
            return label
        if kind is ActionKind.SELECT:
            if self._replaces(action.card, action.effect):  # R183
                if action.target == NOTHING:
                    return self.msg("short.replacement_declined")
                return self.msg("short.replace_destruction",
                                choice=self.option(action.target, quoted=False))
            return self.msg("short.select", choice=self.option(action.target, quoted=False))
        if kind in (ActionKind.NORMAL_SUMMON, ActionKind.SET_MONSTER):  # R130
            if action.cost:
                return self.msg(f"short.{kind.value}_tributing", card=self.card(action.card),
                                tributes=self.tributes(action.cost.split(TRIBUTES_JOINED),
                                                       quoted=False))
            return self.msg(f"short.{kind.value}", card=self.card(action.card))
        if kind in _MAIN_PHASE_CHOICES:  # R138, R139, R141
            return self.msg(f"short.{kind.value}", card=self.card(action.card),
                            position=self.option(action.target))
        if kind in (ActionKind.DECLARE_ATTACK, ActionKind.REPLAY_ATTACK):
            prefix = "declare" if kind is ActionKind.DECLARE_ATTACK else "replay"
            if action.target is None:
                return self.msg(f"short.{prefix}_direct")
            return self.msg(f"short.{prefix}_attack", target=self.card(action.target))
        return self.msg(f"short.{kind.value}")

    def note(self, note: Note) -> str:
        try:
            said = self._notes.get(note)
        except TypeError:  # an unhashable detail: told every time
            return self._note(note)
        if said is None:
            said = self._notes[note] = self._note(note)
        return said

    def _note(self, note: Note) -> str:
        effect = self.effect(note.card, note.effect)
        if note.legal and note.reason == "same_as":  # not offered: an equal card's is
            return self.msg("meta.can_same", player=self.player(note.player), effect=effect,
                            card=self.card(dict(note.args)["card"]))
        if note.reason == "attack_forbidden":  # "that monster cannot attack" (R166)
            return self.msg("meta.cannot_attack_forbidden", by=self.card(note.card),
                            card=self.card(dict(note.args)["monster"]))
        if note.reason == "attacks_locked":  # a face-up card forbids attacks (R111)
            return self.msg("meta.cannot_attack_locked", player=self.player(note.player),
                            card=self.card(note.card))
        if note.legal and note.reason in ("graveyard_locked", "trap_effects_negated",
                                          "trap_effects_negated_this_turn",
                                          "spell_effects_negated"):
            # it may be activated, and does nothing (R112, R123, R150, R157)
            return self.msg(f"meta.can_{note.reason}", player=self.player(note.player),
                            effect=effect, by=self.card(dict(note.args)["by"]))
        if note.legal and note.reason in ("effects_negated", "effects_negated_lasting",
                                          "escapes_negation"):
            # it may be activated, and does nothing unless its cost takes it off the field
            return self.msg(f"meta.can_{note.reason}", player=self.player(note.player),
                            effect=effect, card=self.card(note.card),
                            by=self.card(dict(note.args)["by"]))
        if note.legal:
            return self.msg("meta.can", player=self.player(note.player), effect=effect)
        return self.msg("meta.cannot", player=self.player(note.player), effect=effect,
                        reason=self.reason(note))

    def reason(self, note: Note) -> str:
        args = dict(note.args)
        words: dict[str, Any] = {"player": self.player(note.player)}
        if "event" in args:
            words["event"] = self.msg(f"event_name.{args['event']}")
        if "holder" in args:
            words["holder"] = self.player(args["holder"])
        if "owner" in args:
            words["owner"] = self.player(args["owner"])
        if "by" in args:  # the face-up card whose lock refuses it (R123)
            words["by"] = self.card(args["by"])
        if "locked" in args:  # the player who cannot Special Summon (R126)
            words["locked"] = self.player(args["locked"])
        if "card" in args and "effect" in args:
            words["effect"] = self.effect(args["card"], args["effect"])
        for key in ("speed", "top_speed", "count", "amount"):
            if key in args:
                words[key] = args[key]
        if "wanted" in args:
            words["wanted"] = self.msg(f"response.{args['wanted']}")
        if "condition" in args:  # the card text's own words for its unmet condition
            words["condition"] = self.msg(f"cardtext.condition.{args['condition']}")
        if note.rule is not None:  # a reason whose rule depends on the effect's kind
            words["rule"] = cite(f"R:{note.rule}")
        return self.msg(f"reason.{note.reason}", **words)

    def chain(self, chain: tuple[ChainLinkView, ...]) -> list[str]:
        """One line per chain link, Chain Link 1 first."""
        found = self._chains.get(id(chain))
        if found is None:  # the views intern a chain: one object per distinct chain
            found = self._chains[id(chain)] = (chain, tuple(map(self.once, self._chain(chain))))
        return list(found[1])

    def _chain(self, chain: tuple[ChainLinkView, ...]) -> list[str]:
        return [self.msg("chain_link", link=number, effect=self.effect(link.card, link.effect),
                         player=self.player(link.player))
                for number, link in enumerate(chain, start=1)]

    def reordered(self, note: Reordered) -> str:
        """Why a choice's chain is shown in another order on its page (R137)."""
        cards = self.join(self.msg("card_activation", card=self.card(card))
                          for card in note.moved)
        because = self.msg("order.because_sep").join(
            self.msg(f"order.because_{kind}") for kind in note.because)
        return self.msg("order.reordered", cards=cards, because=because)

    def free_order(self, made: Action, before: Action) -> str:
        """Why a free action made after another reaches the page of the other order (R152)."""
        return self.msg("order.free_order", first=self.short_choice(made),
                        second=self.short_choice(before))

    def moment(self, point: PointView) -> str:
        """Where in the Battle Phase a page is: the attack it belongs to, or the step."""
        attack = point.attack
        if attack is None:
            return self.msg(f"moment.{point.step}"
                            if point.step in ("main_phase_1", "start_step", "end_step")
                            else "moment.no_attack")
        number = point.attacks_this_turn
        if attack.target is None:
            return self.msg("moment.attack_direct", number=number, card=self.card(attack.attacker))
        return self.msg("moment.attack", number=number, card=self.card(attack.attacker),
                        target=self.card(attack.target))

    # -- field -----------------------------------------------------------------------------
    def field(self, field: FieldView) -> list[str]:
        """The field: each player's LP and cards, the GY, the banished cards."""
        found = self._fields.get(id(field))
        if found is None:  # the views intern a field: one object per distinct field
            found = self._fields[id(field)] = (field, tuple(map(self.once, self._field(field))))
        return list(found[1])

    def _field(self, field: FieldView) -> list[str]:
        lines = []
        for player in (Player.A, Player.B):
            cards = [self._monster(m) for m in field.monsters if m.controller is player]
            for card in field.spell_traps:
                equipped, tied, turns = card.equipped_to, card.tied_to, card.turns_left
                if card.controller is player and equipped is not None:  # R105
                    cards.append(self.msg("field.equipped_card", card=self.card(card.id),
                                          target=self.card(equipped)))
                elif card.controller is player and tied is not None:  # R108
                    cards.append(self.msg("field.tied_card", card=self.card(card.id),
                                          target=self.card(tied)))
                elif card.controller is player and card.face_up and turns:
                    cards.append(self.msg("field.face_up_card_turns", card=self.card(card.id),
                                          turns=turns, player=self.player(player.opponent)))
                elif card.controller is player:
                    key = "field.face_up_card" if card.face_up else "field.set_card"
                    cards.append(self.msg(key, card=self.card(card.id)))
            held = [self.card(h.id) for h in field.hand if h.owner is player]
            if held:
                cards.append(self.msg("field.hand", cards=self.join(held)))
            lines.append(self.msg("field.player_line", player=self.player(player),
                                  lp=field.life(player),
                                  cards=self.join(cards, separator="meta.item_sep")
                                  or self.msg("field.nothing")))
        grave = [self.msg("field.grave_card", card=self.card(g.id),
                          reason=self.msg(f"grave_reason.{g.reason}")) for g in field.graveyard]
        lines.append(self.labelled("meta.graveyard",
                                   self.join(grave) or self.msg("meta.gy_empty")))
        if field.banished:
            lines.append(self.labelled("meta.banished",
                                       self.join(self.banished(b) for b in field.banished)))
        return lines

    def _monster(self, monster: MonsterView) -> str:
        position = self.msg(f"position.{monster.position}")
        if not monster.face_up:
            return self.msg("field.face_down_monster", position=position)
        if monster.def_ is None:
            return self.msg("field.monster_link", card=self.card(monster.id), atk=monster.atk)
        stats = self.msg("field.stats", atk=monster.atk, defense=monster.def_)
        return self.msg("field.monster", card=self.card(monster.id), stats=stats,
                        position=position)

    # -- events ----------------------------------------------------------------------------
    def events(self, events: tuple[Event, ...]) -> list[str]:
        """One line per beat: an event starts a line, its consequences follow on it.

        A Damage Step in which nobody could act at any timing is told in two lines: that,
        and the damage calculation with its results. The same events are told once: a big
        book's edges repeat the same forced runs thousands of times.
        """
        events = tuple(events)
        # the ids as 8 bytes each: a tuple would hold an int object for each, 5 times that
        key = array("Q", map(id, events)).tobytes()
        found = self._told.get(key)
        if found is None:
            found = self._told[key] = (events, tuple(map(self.once, self._events(events))))
        return list(found[1])

    def once(self, line: str) -> str:
        """The one copy of ``line`` this narrator keeps: a line that recurs on thousands of
        pages is held once, not once a page."""
        return self._lines.setdefault(line, line)

    def _events(self, events: tuple[Event, ...]) -> list[str]:
        lines: list[str] = []
        index = 0
        head = ""  # the kind of event that began the last line ("": none may join it)
        said: set[int] = set()  # forced passes a quiet timing's line has told
        tail: list[tuple[Event, str]] = []  # the passes that end the last line, in order
        while index < len(events):
            item = events[index]
            quiet_end = _quiet_damage_step_end(events, index)
            if quiet_end is not None:  # told with all that happened in it, to its end
                told = [self.msg("event.damage_step_quiet")]
                told += [self._said_at(events, at, _QUIET_SILENT)
                         for at in range(index + 1, quiet_end + 1)
                         if events[at].kind not in _DAMAGE_STEP_FRAME]
                line = self.msg("meta.sentence_sep").join(line for line in told if line)
                if tail:  # the two passes that began it
                    after = [self.msg("event.damage_step_quiet_after"), *told[1:]]
                    self._join_after_passes(lines, tail, self.msg("meta.sentence_sep").join(
                        line for line in after if line), line)
                else:
                    lines.append(line)
                index, head, tail = quiet_end + 1, "", []
                continue
            if index in said:
                index += 1
                continue
            if item.kind is K.DAMAGE_TIMING and _nobody_acts(events[index + 1:]):
                # "nobody can activate anything here" tells both players' passes
                line = self.msg("event.damage_timing_quiet",
                                step=self.msg(f"step.{item.get('step')}"))
                said.update(_forced_passes(events, index + 1))
            else:
                line = self._said_at(events, index)
            if line:
                if tail and item.kind in _BOTH_PASSED:
                    self._join_after_passes(lines, tail, self._after_passes(item), line)
                elif head and _continues(item, head):
                    lines[-1] += self.msg("meta.sentence_sep") + line
                else:
                    lines.append(line)
                    head = item.kind
                    tail = []
                if item.kind is K.PASS and _pass_form(item) is not None:
                    tail.append((item, line))
                else:
                    tail = []
                if item.kind in _TWO_PASSES_DONE:  # the next pass begins a line of its own
                    head = _TOLD_TWO_PASSES
            index += 1
        self._join_last_passes(lines, tail)
        return lines

    def _join_last_passes(self, lines: list[str], tail: list[tuple[Event, str]]) -> None:
        """Two players with nothing to activate whose passes end the story (the End Step, a
        page's last words): "Neither player has anything to activate; both pass", once."""
        if len(tail) < 2 or [_pass_form(ev) for ev, _ in tail[-2:]] != ["nothing", "nothing"]:
            return
        separator = self.msg("meta.sentence_sep")
        told = separator.join(text for _, text in tail[-2:])
        if lines and lines[-1].endswith(told):
            lines[-1] = (lines[-1][:len(lines[-1]) - len(told)]
                         + self.msg("event.passes_neither_pass"))

    def _said_at(self, events: tuple[Event, ...], index: int,
                 silent: frozenset[EventKind] | None = None) -> str | None:
        """The sentence of the event at ``index`` among ``events``: None where the event
        before it has said it too (_told_before), one sentence for two events that are one
        act, a shorter one where the event before it names what it would name again
        (``silent``: the kinds not told here, _SILENT unless a quiet Damage Step's frame)."""
        silent = _SILENT if silent is None else silent
        item = events[index]
        if _told_before(events, index, silent):
            return None
        if item.kind is K.DESTROYED_BY_BATTLE and _told_before(
                events, _next_said(events, index, silent), silent):  # and sent to the GY
            return self.msg("event.destroyed_by_battle_to_gy", card=self.card(item.card))
        before = _previous_said(events, index) if item.kind is K.PASS else None
        if before is not None and before.kind is K.ACTIVATE and item.get("no_response") \
                == f"{before.card}.{before.effect}":  # the activation just told: "cannot respond"
            return self.msg("event.pass_no_response_to_it", player=self.player(item.player))
        return self.event(item)

    def _join_after_passes(self, lines: list[str], tail: list[tuple[Event, str]],
                           after: str, whole: str) -> None:
        """Say what two passes in a row bring about (``after``: the chain resolves, the
        Damage Step begins …) on the line of the passes it follows, as one act: "Neither
        player has anything to activate: the chain resolves, last link first". Every pass
        keeps its player's name (or "neither player"); the last one says the other passed
        before it ("Player B passes too"), so "two passes in a row" is not said again. A
        last pass with more to say (what it declines) keeps its sentence, and ``whole`` (the
        sentence that says both passed) follows it."""
        separator = self.msg("meta.sentence_sep")
        told = separator.join(text for _, text in tail)
        forms = [_pass_form(ev) for ev, _ in tail]
        if not tail or not lines[-1].endswith(told) or forms[-1] == "other":
            lines[-1] += separator + whole
            return
        head = lines[-1][:len(lines[-1]) - len(told)]  # what came before the passes
        passes = [text for _, text in tail]
        last = tail[-1][0]
        if len(forms) > 1 and forms[-2] == forms[-1] == "nothing":
            passes[-2:] = [self.msg("event.passes_neither")]
        else:
            passes[-1] = self.msg(f"event.pass_{forms[-1]}_too", player=self.player(last.player))
        said = "".join(text + separator for text in passes[:-1])
        lines[-1] = head + said + self.msg("event.passes_then", passes=passes[-1], then=after)

    def _after_passes(self, ev: Event) -> str:
        """What two passes in a row bring about, said after the passes that make them."""
        key = "window_closed_event" if ev.kind is K.WINDOW_CLOSED else ev.kind
        return self.msg(f"event.{key}_after", player=self.player(ev.player) if ev.player
                        else "", card=self.card(ev.card) if ev.card else "",
                        link=ev.get("link"))

    def event(self, ev: Event) -> str | None:
        """The sentence of one event (each distinct event is told once)."""
        found = self._said.get(id(ev))
        if found is None:
            found = self._said[id(ev)] = (ev, self._event(ev))
        return found[1]

    def _event(self, ev: Event) -> str | None:
        teller = _TELLERS.get(ev.kind)
        if teller is None:  # a kind told by another event (_SILENT)
            return None
        return teller(self, ev, self.player(ev.player) if ev.player else "")

    # One method per kind of event (the table _TELLERS below), each given the event and its
    # player's name ("" for none); None: nothing to tell.
    def _attack_declared(self, ev: Event, player: str) -> str | None:
        if ev.target is None:
            return self.msg("event.attack_declared_direct", card=self.card(ev.card))
        return self.msg("event.attack_declared", card=self.card(ev.card),
                        target=self.card(ev.target))

    def _activate(self, ev: Event, player: str) -> str | None:
        effect = self.effect(ev.card, ev.effect)
        if ev.target and ev.get("cost_first"):
            text = self.msg("event.activate_cost_target", player=player, effect=effect,
                            target=self.targets(ev.target), link=ev.get("link"))
        elif ev.target:
            text = self.msg("event.activate_target", player=player, effect=effect,
                            target=self.targets(ev.target), link=ev.get("link"))
        else:
            text = self.msg("event.activate", player=player, effect=effect, link=ev.get("link"))
        if ev.get("from_hand") and self.instances[ev.card].card_type is CardType.TRAP:
            text += self.msg("meta.sentence_sep") + self.msg(  # R159
                "event.trap_from_hand", card=self.card(ev.card))
        return text

    def _sent_to_gy(self, ev: Event, player: str) -> str | None:
        why = ev.get("why")
        if why == "destroyed":
            return None  # told by the "destroyed" event
        if why == "tributed" and not ev.get("cost"):
            why = "tributed_by_effect"
        key = {"tributed": "event.tributed", "tributed_by_effect": "event.tributed_by_effect",
               "resolved": "event.sent_to_gy_resolved",
               "unequipped": "event.sent_to_gy_unequipped",
               "not_equipped": "event.sent_to_gy_not_equipped",
               "negated": "event.sent_to_gy_negated"}.get(why, "event.sent_to_gy_destroyed")
        return self.msg(key, card=self.card(ev.card))

    def _destroyed(self, ev: Event, player: str) -> str | None:
        where = ev.get("to")  # the GY, banished (R100), vanished (R64)
        return self.msg(f"event.destroyed_{where}" if where else "event.destroyed",
                        card=self.card(ev.card), effect=self.effect_key(ev.get("by")))

    def _to_owner(self, ev: Event, player: str) -> str | None:  # R151
        return self.msg(f"event.to_owner_{ev.get('to')}", card=self.card(ev.card),
                        player=player)

    def _recounted(self, ev: Event, player: str) -> str | None:  # counting the hand (R114)
        return self.msg("event.recounted", card=self.card(ev.card), count=ev.get("count"),
                        atk=ev.get("atk"), defense=ev.get("defense"))

    def _gone(self, ev: Event, player: str) -> str | None:
        """Banished, or a Token vanished: unless destroyed, which "destroyed" tells."""
        if ev.get("why") == "destroyed":
            return None
        if ev.get("why") == BANISHED_FACE_DOWN:  # Evenly Matched (R174)
            return self.msg("event.banished_face_down", card=self.card(ev.card))
        return self._simple(ev, player)

    def _negated(self, ev: Event, player: str) -> str | None:
        what = ev.get("what")
        if what == "activation" and self.instances[ev.card].card_type is CardType.MONSTER:
            what = "monster_activation"  # a monster's effect, wherever activated (R158)
        return self.msg(f"event.negated_{what}", link=ev.get("link"),
                        effect=self.effect(ev.card, ev.effect))

    def _no_effect(self, ev: Event, player: str) -> str | None:
        why = ev.get("why")
        if why == "condition_lost":
            return self.msg("event.no_effect_condition_lost", link=ev.get("link"),
                            effect=self.effect(ev.card, ev.effect))
        if why == "card_left_field":  # R107
            return self.msg("event.no_effect_card_left_field", link=ev.get("link"),
                            card=self.card(ev.card))
        if why in ("graveyard_locked", "trap_effects_negated",
                   "trap_effects_negated_this_turn", "spell_effects_negated"):
            # R112, R123, R150, R157
            return self.msg(f"event.no_effect_{why}", link=ev.get("link"),
                            card=self.card(ev.get("by")))
        if why == "monster_effects_negated":
            return self.msg("event.no_effect_monster_negated", link=ev.get("link"),
                            card=self.card(ev.card))
        if why:
            return self.msg("event.no_effect_negated", link=ev.get("link"))
        return self._simple(ev, player)

    def _destroyed_by_battle(self, ev: Event, player: str) -> str | None:
        if ev.get("negated"):
            return self.msg("event.destroyed_by_battle_negated", card=self.card(ev.card))
        return self._simple(ev, player)

    def _effects_negated(self, ev: Event, player: str) -> str | None:
        return self.msg("event.effects_negated", card=self.card(ev.card))

    def _continuous_applies(self, ev: Event, player: str) -> str | None:
        return self.msg("event.continuous_applies", link=ev.get("link"),
                        card=self.card(ev.card))

    def _equipped(self, ev: Event, player: str) -> str | None:  # R105
        return self.msg("event.equipped", card=self.card(ev.card),
                        target=self.card(ev.get("to")))

    def _tied(self, ev: Event, player: str) -> str | None:  # R108
        card = self.instances.get(ev.get("to"))
        if card is not None and any(effect.forbids_attacks_of is not None
                                    for effect in card.effects):  # Fiendish Chain (R166)
            return self.msg("event.tied_held", card=self.card(ev.get("to")),
                            target=self.card(ev.card))
        return self.msg("event.tied", card=self.card(ev.get("to")), target=self.card(ev.card))

    def _tie_ended(self, ev: Event, player: str) -> str | None:
        return self.msg("event.tie_ended", card=self.card(ev.card),
                        target=self.card(ev.get("monster")))

    def _no_battle_damage(self, ev: Event, player: str) -> str | None:
        if ev.get("by"):
            return self.msg("event.no_battle_damage_by", player=player,
                            amount=ev.get("amount"), card=self.card(ev.get("by")))
        return self._lp(ev, player)

    def _lp(self, ev: Event, player: str) -> str | None:
        """An LP change, or none: damage, LP gained or paid, no battle damage, battle damage
        (the opponent's, given to this player instead: R168)."""
        kind = f"{ev.kind}_reflected" if ev.get("reflected") else ev.kind
        return self.msg(f"event.{kind}", player=player, amount=ev.get("amount"),
                        lp=ev.get("lp"))

    def _player_ability(self, ev: Event, player: str) -> str | None:
        ability = ev.get("ability")
        if ability == "no_battle_damage" and ev.get("duration") == "battle":  # "from that battle"
            return self.msg("event.player_ability_no_battle_damage_battle", player=player)
        return self.msg(f"event.player_ability_{ability}", player=player)

    def _special_summoned(self, ev: Event, player: str) -> str | None:
        return self.msg("event.special_summoned", card=self.card(ev.card),
                        position=self.msg(f"position.{ev.get('position')}"))

    def _summoned_from_hand(self, ev: Event, player: str) -> str | None:
        """A Normal Summon or Set (R130), a Tribute Summon or Set with its Tributes named."""
        tributes = ev.get("tributes")
        if tributes:
            return self.msg(f"event.{ev.kind}_tributing", player=player, card=self.card(ev.card),
                            tributes=self.tributes(tributes))
        return self._simple(ev, player)

    def _spell_trap_set(self, ev: Event, player: str) -> str | None:
        """A Set in Main Phase 1 (R141), or by an effect (Dust Tornado, R165)."""
        if ev.get("by"):
            return self.msg("event.spell_trap_set_by_effect", player=player,
                            card=self.card(ev.card), by=self.card(ev.get("by")))
        return self._simple(ev, player)

    def _selected(self, ev: Event, player: str) -> str | None:
        if self._replaces(ev.card, ev.effect):  # R183: the replacement tells it, or this
            if ev.target != NOTHING:
                return None
            return self.msg("event.replacement_declined", player=player,
                            card=self.card(ev.card))
        return self.msg("event.selected", player=player, choice=self.option(ev.target))

    def _destruction_replaced(self, ev: Event, player: str) -> str | None:
        """A monster not destroyed: its controller banished a GY card instead (R183)."""
        key = ("event.destruction_replaced_battle" if ev.get("by") == "battle"
               else "event.destruction_replaced_effect")
        return self.msg(key, player=player, card=self.card(ev.card),
                        banished=self.card(ev.target))

    def _not_destroyed(self, ev: Event, player: str) -> str | None:
        return self.msg(f"event.not_destroyed_{ev.get('why')}", card=self.card(ev.card),
                        player=player)

    def _pass(self, ev: Event, player: str) -> str | None:
        if ev.get("enters_battle_phase"):  # R129
            return self.msg("event.pass_enters_battle_phase", player=player)
        if ev.get("no_response"):
            return self.msg("event.pass_no_response", player=player,
                            effect=self.effect_key(ev.get("no_response")))
        if ev.get("declined"):
            return self.msg("event.pass_declining", player=player,
                            effects=self.effects(ev.get("declined")))
        if ev.get("timing_passed"):
            effects = ev.get("timing_passed")
            effect = self.instances[effects[0].partition(".")[0]].effect(
                effects[0].partition(".")[2])
            return self.msg("event.pass_timing_passed", player=player,
                            effects=self.effects(effects),
                            event=self.msg(f"event_name.{answered_name(effect)}"))
        if ev.get("forced") and ev.get("cannot"):  # the ✘ lines a page would have shown
            return self.msg("meta.sentence_sep").join(
                [self.msg("event.pass_nothing", player=player),
                 *("✘ " + self.note(note) for note in ev.get("cannot"))])
        if ev.get("forced"):
            return self.msg("event.pass_nothing", player=player)
        return self.msg("event.pass", player=player)

    def _missed_timing(self, ev: Event, player: str) -> str | None:
        return self.msg("event.missed_timing", effects=self.effects(ev.get("effects", ())))

    def _declined(self, ev: Event, player: str) -> str | None:
        """Decline, or end the placement of triggers: the triggers given up."""
        return self.msg(f"event.{ev.kind}", player=player,
                        effects=self.effects(ev.get("declined", ())))

    def _resolve(self, ev: Event, player: str) -> str | None:
        return self.msg("event.resolve", link=ev.get("link"),
                        effect=self.effect(ev.card, ev.effect))

    def _not_applied(self, ev: Event, player: str) -> str | None:
        why = ev.get("why")
        if why == "left_field":
            return self.msg("event.not_applied_left_field", target=self.card(ev.target))
        if why in ("no_longer_attacking", "left_graveyard"):
            return self.msg(f"event.not_applied_{why}", target=self.card(ev.target))
        if why == "link_always_attack":
            return self.msg("event.not_applied_link", target=self.card(ev.target))
        if why == "no_longer_face_up":
            return self.msg("event.not_applied_face_down", target=self.card(ev.target))
        # R104, R125, R170
        if why in ("unaffected", "unaffected_by_opponent", "cannot_be_tributed"):
            return self.msg(f"event.not_applied_{why}", target=self.card(ev.target))
        if why == "card_left_field":
            return self.msg("event.not_applied_card_left_field", card=self.card(ev.card))
        if why == "then_not_offered":  # R164
            return self.msg("event.not_applied_then_not_offered")
        if why == "left_hand":  # R118
            return self.msg("event.not_applied_left_hand", card=self.card(ev.card))
        if why in ("none_selected", "no_attack", "no_free_zone", "cannot_summon",
                   "cannot_special_summon", "draw_not_modelled", "cannot_set",
                   "cannot_add_from_deck"):
            return self.msg(f"event.not_applied_{why}")
        return self.msg("event.not_applied_previous")

    def _position_changed(self, ev: Event, player: str) -> str | None:
        key = "event.position_changed_by_hand" if ev.get("by_hand") else "event.position_changed"
        return self.msg(key, player=player, card=self.card(ev.card),
                        position=self.msg(f"position.{ev.get('position')}"))

    def _atk(self, ev: Event, player: str) -> str | None:
        """ATK changed by a resolving effect or by the continuous ones (R7), with the cards
        equipped to it (R106)."""
        key = f"event.{ev.kind}_equipped" if ev.get("equipped") else f"event.{ev.kind}"
        return self.msg(key, card=self.card(ev.card), before=ev.get("before"),
                        after=ev.get("after"))

    def _damage_calculation(self, ev: Event, player: str) -> str | None:
        if ev.get("direct"):
            return self.msg("event.damage_calculation_direct", card=self.card(ev.card),
                            atk=ev.get("attacker_atk"))
        position = ev.get("target_position")
        if self.instances[ev.target].is_link:  # always in Attack Position, no DEF (R59)
            return self.msg("event.damage_calculation_link", card=self.card(ev.card),
                            atk=ev.get("attacker_atk"), target=self.card(ev.target),
                            value=ev.get("target_value"))
        return self.msg("event.damage_calculation", card=self.card(ev.card),
                        atk=ev.get("attacker_atk"), target=self.card(ev.target),
                        value=ev.get("target_value"),
                        stat=self.msg("stat.atk" if position == "attack" else "stat.def"),
                        position=self.msg(f"position.{position}"))

    def _damage_timing(self, ev: Event, player: str) -> str | None:
        return self.msg("event.damage_timing", step=self.msg(f"step.{ev.get('step')}"))

    def _window_closed(self, ev: Event, player: str) -> str | None:
        if ev.get("window") == "event" and ev.get("step") == "battle_step":
            return self.msg("event.window_closed_event")
        return None

    def _attack_ended(self, ev: Event, player: str) -> str | None:
        if ev.get("why") == "negated":
            return self.msg("event.attack_ended_negated")
        return self._simple(ev, player)

    def _replay_caused(self, ev: Event, player: str) -> str | None:
        if ev.get("how") == "arrived":
            return self.msg("event.replay_caused_arrived", player=player)
        return self._simple(ev, player)

    def _replay(self, ev: Event, player: str) -> str | None:
        return self.msg("event.replay", player=player, card=self.card(ev.card))

    def _attack_retargeted(self, ev: Event, player: str) -> str | None:
        if ev.target is None:
            return self.msg("event.attack_retargeted_direct", player=player)
        return self.msg("event.attack_retargeted", player=player, target=self.card(ev.target))

    def _simple(self, ev: Event, player: str) -> str | None:
        """The kind's one message, with its player, card and chain link."""
        return self.msg(f"event.{ev.kind}", player=player, card=self.card(ev.card)
                        if ev.card else "", link=ev.get("link"))


# The turn player's choices in Main Phase 1 told by the card and, for a change of battle
# position, the new one (R138, R139, R141).
_MAIN_PHASE_CHOICES = (ActionKind.FLIP_SUMMON, ActionKind.CHANGE_POSITION,
                       ActionKind.SET_SPELL_TRAP)

K = EventKind  # short, for the tables below
#: How each kind of event is told: one method of the Narrator per kind.
_TELLERS: dict[EventKind, Callable[[Narrator, Event, str], str | None]] = {
    K.ACTIVATE: Narrator._activate,
    K.ATK_CHANGED: Narrator._atk,
    K.ATTACK_DECLARED: Narrator._attack_declared,
    K.ATTACK_ENDED: Narrator._attack_ended,
    K.ATTACK_NEGATED: Narrator._simple,
    K.ATTACK_RETARGETED: Narrator._attack_retargeted,
    K.ATTACK_STOPPED: Narrator._simple,
    K.ATTACKS_FORBIDDEN: Narrator._simple,
    K.BANISHED: Narrator._gone,
    K.BATTLE_DAMAGE: Narrator._lp,
    K.BATTLE_ENDS_WITHOUT_DAMAGE: Narrator._simple,
    K.BATTLE_INDESTRUCTIBLE: Narrator._simple,
    K.BATTLE_OVER: Narrator._simple,
    K.BATTLE_PHASE_ENDED_BY_EFFECT: Narrator._simple,
    K.BATTLE_PHASE_ENDS: Narrator._simple,
    K.BATTLE_PHASE_WILL_END: Narrator._simple,
    K.BATTLE_STEP_BEGINS: Narrator._simple,
    K.CHAIN_RESOLVES: Narrator._simple,
    K.CONTINUOUS_APPLIES: Narrator._continuous_applies,
    K.CONTINUOUS_ATK: Narrator._atk,
    K.CONTROL_CHANGED: Narrator._simple,
    K.DAMAGE_CALCULATION: Narrator._damage_calculation,
    K.DAMAGE_STEP_BEGINS: Narrator._simple,
    K.DAMAGE_TIMING: Narrator._damage_timing,
    K.DECLINE: Narrator._declined,
    K.DESTROYED: Narrator._destroyed,
    K.DESTROYED_BY_BATTLE: Narrator._destroyed_by_battle,
    K.DISCARDED: Narrator._simple,
    K.DUEL_DRAWN: Narrator._simple,
    K.DUEL_LOST: Narrator._simple,
    K.EFFECT_DAMAGE: Narrator._lp,
    K.EFFECTS_NEGATED: Narrator._effects_negated,
    K.TRAP_EFFECTS_NEGATED_FOR_TURN: Narrator._simple,
    K.END_PLACEMENT: Narrator._declined,
    K.END_STEP_BEGINS: Narrator._simple,
    K.EQUIPPED: Narrator._equipped,
    K.EXTRA_ATTACK_GRANTED: Narrator._simple,
    K.FLIPPED: Narrator._simple,
    K.FLIPPED_FACE_UP: Narrator._simple,
    K.FLIP_SUMMONED: Narrator._simple,
    K.LP_GAINED: Narrator._lp,
    K.LP_PAID: Narrator._lp,
    K.MAIN_PHASE_ENDS: Narrator._simple,
    K.MISSED_TIMING: Narrator._missed_timing,
    K.MONSTER_SET: Narrator._summoned_from_hand,
    K.NEGATED: Narrator._negated,
    K.NO_BATTLE_DAMAGE: Narrator._no_battle_damage,
    K.NO_EFFECT: Narrator._no_effect,
    K.NOT_APPLIED: Narrator._not_applied,
    K.NOT_DESTROYED: Narrator._not_destroyed,
    K.NORMAL_SUMMONED: Narrator._summoned_from_hand,
    K.PASS: Narrator._pass,
    K.PLACED_ON_DECK: Narrator._simple,
    K.SHUFFLED_INTO_DECK: Narrator._simple,
    K.PLAYER_ABILITY: Narrator._player_ability,
    K.POSITION_CHANGED: Narrator._position_changed,
    K.RECOUNTED: Narrator._recounted,
    K.REPLAY: Narrator._replay,
    K.REPLAY_CAUSED: Narrator._replay_caused,
    K.RESOLVE: Narrator._resolve,
    K.RETURNED_TO_EXTRA_DECK: Narrator._simple,
    K.RETURNED_TO_HAND: Narrator._simple,
    K.ADDED_TO_HAND: Narrator._simple,
    K.NAME_LOCKED: Narrator._simple,
    K.SELECTED: Narrator._selected,
    K.DESTRUCTION_REPLACED: Narrator._destruction_replaced,
    K.SPELL_TRAP_SET: Narrator._spell_trap_set,
    K.SENT_TO_GY: Narrator._sent_to_gy,
    K.SET_FACE_DOWN: Narrator._simple,
    K.SPECIAL_SUMMONED: Narrator._special_summoned,
    K.SUMMON_NEGATED: Narrator._simple,
    K.TIE_ENDED: Narrator._tie_ended,
    K.TIED: Narrator._tied,
    K.TO_OWNER: Narrator._to_owner,
    K.TOKEN_VANISHED: Narrator._gone,
    K.UNAFFECTED: Narrator._simple,
    K.WINDOW_CLOSED: Narrator._window_closed,
}
#: Kinds never told on their own: the event of where the card goes tells them.
_SILENT = frozenset({K.LEFT_FIELD, K.REDIRECTED})

# Events told on the line of the event before them: what an activation's cost, a link's
# resolution or a run of passes brought about.
_CONSEQUENCES = frozenset({K.SENT_TO_GY, K.REPLAY_CAUSED, K.POSITION_CHANGED,
                           K.RECOUNTED,
                           K.EXTRA_ATTACK_GRANTED, K.ATK_CHANGED, K.NOT_APPLIED,
                           K.ATTACKS_FORBIDDEN, K.CHAIN_RESOLVES, K.WINDOW_CLOSED,
                           K.BATTLE_DAMAGE, K.DESTROYED_BY_BATTLE, K.NOT_DESTROYED,
                           K.DESTRUCTION_REPLACED,
                           K.LEFT_FIELD, K.DESTROYED, K.BANISHED, K.RETURNED_TO_HAND,
                           K.ADDED_TO_HAND, K.NAME_LOCKED,
                           K.RETURNED_TO_EXTRA_DECK, K.PLACED_ON_DECK,
                           K.SHUFFLED_INTO_DECK,
                           K.DISCARDED, K.TOKEN_VANISHED, K.SPECIAL_SUMMONED, K.NEGATED,
                           K.ATTACK_NEGATED, K.BATTLE_PHASE_WILL_END, K.EFFECT_DAMAGE,
                           K.LP_GAINED, K.PLAYER_ABILITY, K.NO_BATTLE_DAMAGE, K.SET_FACE_DOWN,
                           K.FLIPPED_FACE_UP, K.LP_PAID, K.MISSED_TIMING, K.UNAFFECTED,
                           K.EQUIPPED, K.TIED, K.TIE_ENDED, K.CONTINUOUS_ATK,
                           K.EFFECTS_NEGATED, K.CONTINUOUS_APPLIES, K.TO_OWNER,
                           K.TRAP_EFFECTS_NEGATED_FOR_TURN,
                           K.NO_EFFECT, K.SUMMON_NEGATED})  # a link's resolution: one line
# Events whose sentence says both players passed in a row (R14): the plain passes before
# them are not said again.
_BOTH_PASSED = frozenset({K.CHAIN_RESOLVES, K.WINDOW_CLOSED, K.DAMAGE_STEP_BEGINS,
                          K.BATTLE_PHASE_ENDS, K.BATTLE_STEP_BEGINS, K.MAIN_PHASE_ENDS})
_DAMAGE_STEP_OVER = frozenset({K.BATTLE_OVER, K.BATTLE_ENDS_WITHOUT_DAMAGE, K.DUEL_LOST,
                               K.DUEL_DRAWN})
# What a player chooses to do: a Damage Step with one of these is told timing by timing.
_CHOSEN = frozenset({K.ACTIVATE, K.DECLINE, K.END_PLACEMENT, K.SELECTED, K.REPLAY,
                     K.ATTACK_RETARGETED, K.ATTACK_STOPPED})
# The frame of a quiet Damage Step, which its one sentence tells: its timings, their passes.
_DAMAGE_STEP_FRAME = frozenset({K.DAMAGE_TIMING, K.WINDOW_CLOSED, K.PASS})
_QUIET_SILENT = _SILENT | _DAMAGE_STEP_FRAME  # what a quiet Damage Step's line leaves untold
# Two passes with an empty chain move the game on: told on the line of the passes.
_AFTER_TWO_PASSES = frozenset({K.DAMAGE_STEP_BEGINS, K.BATTLE_PHASE_ENDS,
                               K.BATTLE_STEP_BEGINS, K.MAIN_PHASE_ENDS})
# "Two passes …": each ends the line of the two passes it follows, so that every such
# sentence comes right after the passes of both players, by name.
_TWO_PASSES_DONE = _AFTER_TWO_PASSES | {K.WINDOW_CLOSED, K.CHAIN_RESOLVES}
_TOLD_TWO_PASSES = "told_two_passes"  # a line's head after it: only consequences join it


def _told_before(events: tuple[Event, ...], index: int,
                 silent: frozenset[EventKind] = frozenset()) -> bool:
    """Is the event at ``index`` said by the one before it? A link that did nothing after
    the parts that did not apply were told ("c1 resolves with no effect" after "X is no
    longer on the field, so that part does nothing"); a card sent to the GY right after it
    was destroyed by battle ("destroyed by battle and sent to the GY")."""
    before = _previous_said(events, index, silent)
    if before is None or index >= len(events):
        return False
    item = events[index]
    if item.kind is K.NO_EFFECT and not item.get("why"):
        return before.kind is K.NOT_APPLIED
    return (item.kind is K.SENT_TO_GY and before.kind is K.DESTROYED_BY_BATTLE
            and item.card == before.card and not before.get("negated")
            and item.get("why") not in ("destroyed", "tributed"))


def _previous_said(events: tuple[Event, ...], index: int,
                   silent: frozenset[EventKind] = frozenset()) -> Event | None:
    """The last event before ``index`` that is told (not _SILENT nor ``silent``), or None."""
    index -= 1
    while index >= 0 and (events[index].kind in _SILENT or events[index].kind in silent):
        index -= 1
    return events[index] if index >= 0 else None


def _next_said(events: tuple[Event, ...], index: int,
               silent: frozenset[EventKind] = frozenset()) -> int:
    """The index of the first event after ``index`` that is told (not _SILENT nor
    ``silent``)."""
    index += 1
    while index < len(events) and (events[index].kind in _SILENT or events[index].kind in silent):
        index += 1
    return index


def _pass_form(ev: Event) -> str | None:
    """How a pass that may end a run of passes is said: "plain" (it passes), "nothing" (it has
    nothing to activate), "other" (it says more: what it declines, what it cannot answer),
    None (it enters the Battle Phase, or its ✘ lines are told with it: said as it is)."""
    if ev.kind is not K.PASS or ev.get("enters_battle_phase") or (
            ev.get("forced") and ev.get("cannot")):
        return None
    if ev.get("no_response") or ev.get("declined") or ev.get("timing_passed"):
        return "other"
    return "nothing" if ev.get("forced") else "plain"


def _continues(item: Event, head: str) -> bool:
    """Does ``item`` belong on the line begun by an event of kind ``head``?

    Consequences do; so do passes after passes, what two passes with an empty chain move
    the game on to, and the forced passes that answer an activation (nobody could add a
    link).
    """
    if item.kind in _CONSEQUENCES:
        return True
    if item.kind in _AFTER_TWO_PASSES:
        return head == K.PASS
    return item.kind == K.PASS and (head == K.PASS or (head == K.ACTIVATE
                                                       and bool(item.get("forced"))))


def _quiet_damage_step_end(events: tuple[Event, ...], index: int) -> int | None:
    """If a Damage Step starts at ``index`` and nobody could act in it, where it ends: such
    a step is told one way, whatever happens in it (a flip, a card leaving with its
    monster), so that every page that leads through it says the same."""
    if events[index].kind != K.DAMAGE_STEP_BEGINS:
        return None
    for end in range(index + 1, len(events)):
        item = events[end]
        if item.kind in _DAMAGE_STEP_OVER:
            return end
        if item.kind in _CHOSEN or (item.kind == K.PASS and not item.get("forced")):
            return None
    return None  # the Damage Step goes on past these events: tell it timing by timing


def _forced_passes(events: tuple[Event, ...], start: int) -> list[int]:
    """The indices of the forced passes of the timing whose events begin at ``start``."""
    found = []
    for index in range(start, len(events)):
        item = events[index]
        if item.kind == K.PASS and item.get("forced"):
            found.append(index)
        elif item.kind not in (K.LEFT_FIELD, K.SENT_TO_GY):
            break
    return found


def _nobody_acts(following: tuple[Event, ...]) -> bool:
    """A Damage Step timing at which both players could only pass (forced passes only)."""
    passes = 0
    for item in following:
        if item.kind == K.PASS and item.get("forced"):
            passes += 1
            continue
        if item.kind in (K.LEFT_FIELD, K.SENT_TO_GY):  # leaving as the Damage Step ends
            continue
        break
    return passes >= 2
