"""Where two rules presets read the same battle differently.

:func:`compare` walks the two decision graphs side by side from their first pages, along
the choices both offer (the same action, typed the same way), and reports every decision
point where the choices differ: what only one preset offers, where it leads there, and,
for an activation the other preset refuses, the reason and rule the other engine gives.
:func:`render_text` is ``gamebook diff``'s output.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from gamebook.book.narrate import Narrator
from gamebook.book.pages import narrator_for, number_pages
from gamebook.book.view import Action, ActionKind, PointView, Views
from gamebook.explore.explorer import Exploration


@dataclass(frozen=True)
class OnlyIn:
    preset: str
    choice: str
    page: int
    why_not: str  # the other preset's "cannot" line for it, or ""


@dataclass(frozen=True)
class Difference:
    route: tuple[str, ...]  # the choices from page 1 that lead here (first preset's words)
    who: tuple[str, str]  # "Player A decides" or "THE END", in the first and the second book
    pages: tuple[int, int]  # this point's page in the first and the second book
    only: tuple[OnlyIn, ...]


def compare(first: Exploration, second: Exploration, lang: str = "en"
            ) -> tuple[Difference, ...]:
    sides = (Views(first), Views(second))
    narrators = tuple(narrator_for(v, lang) for v in sides)
    numbers = (number_pages(first), number_pages(second))
    names = tuple(v.preset for v in sides)
    differences = []
    seen = {(first.root, second.root)}
    queue: deque[tuple[str, str, tuple[str, ...]]] = deque([(first.root, second.root, ())])
    while queue:
        node_a, node_b, route = queue.popleft()
        points = (sides[0].point(node_a), sides[1].point(node_b))
        choices = (_choices(points[0]), _choices(points[1]))
        only = []
        for side in (0, 1):
            other = 1 - side
            for key in sorted(set(choices[side]) - set(choices[other]),
                              key=lambda k: Action.parse(k).sort_key()):
                action, child = choices[side][key]
                label = narrators[side].choice(action, points[side].choice(action).declining)
                only.append(OnlyIn(names[side], label, numbers[side][child],
                                   _why_not(points[other], action, narrators[other])))
        if only:
            who = (_who(points[0], narrators[0]), _who(points[1], narrators[0]))
            differences.append(Difference(route, who,
                                          (numbers[0][node_a], numbers[1][node_b]),
                                          tuple(only)))
        for key_a, key_b in _corresponding(choices[0], choices[1]):
            pair = (choices[0][key_a][1], choices[1][key_b][1])
            if pair in seen:
                continue
            seen.add(pair)
            action = choices[0][key_a][0]
            label = narrators[0].choice(action, points[0].choice(action).declining)
            queue.append((*pair, (*route, label)))
    return tuple(sorted(differences, key=lambda d: d.pages))


def render_text(differences: tuple[Difference, ...], first: Exploration, second: Exploration,
                lang: str = "en") -> str:
    views = Views(first)
    narrator = narrator_for(views, lang)
    msg = narrator.msg
    presets = (views.preset, Views(second).preset)
    names = tuple(msg(f"rules_name.{preset}") for preset in presets)
    title = views.situation.title_in(lang)
    lines = [msg("diff.header", title=title, first=names[0], second=names[1]), ""]
    for preset, name in zip(presets, names, strict=True):
        lines.append(f"{name}: {msg(f'rules_description.{preset}')}")
    lines.append("")
    if not differences:
        lines.append(msg("diff.same"))
        return "\n".join(lines) + "\n"
    for difference in differences:
        route = (narrator.join(difference.route, separator="meta.item_sep")
                 if difference.route else msg("diff.start"))
        lines.append(msg("diff.point", first=names[0], second=names[1],
                         first_page=difference.pages[0], second_page=difference.pages[1],
                         first_who=difference.who[0], second_who=difference.who[1],
                         route=route))
        for only in difference.only:
            name = names[presets.index(only.preset)]
            lines.append("  " + msg("diff.only", preset=name, choice=only.choice,
                                    page=only.page))
            if only.why_not:
                other = names[1] if name == names[0] else names[0]
                lines.append("    " + msg("diff.why", preset=other, reason=only.why_not))
        lines.append("")
    lines.append(msg("diff.summary", count=len(differences)))
    return "\n".join(lines) + "\n"


def _corresponding(first: dict[str, tuple[Action, str]], second: dict[str, tuple[Action, str]]
                   ) -> list[tuple[str, str]]:
    """Choices to follow in both graphs: the same action, and a player's pass in one reading
    with their decline of the same triggers in the other (R23: the same decision, read
    differently)."""
    pairs = [(key, key) for key in first if key in second]
    for mine, theirs in ((first, second), (second, first)):
        passes = [k for k in mine if k not in theirs and mine[k][0].kind is ActionKind.PASS]
        for key in passes:
            player = mine[key][0].player
            declines = [k for k in theirs if k not in mine
                        and theirs[k][0].kind is ActionKind.DECLINE
                        and theirs[k][0].player is player]
            if len(declines) == 1:
                pairs.append((key, declines[0]) if mine is first else (declines[0], key))
    return sorted(set(pairs), key=lambda pair: Action.parse(pair[0]).sort_key())


def _choices(point: PointView) -> dict[str, tuple[Action, str]]:
    """The choices at ``point`` by their typed form, with the node each leads to."""
    return {str(choice.action): (choice.action, choice.child) for choice in point.choices}


def _who(point: PointView, narrator: Narrator) -> str:
    to_move = point.to_move
    if to_move is None:  # in words: the book's "THE END" mark may carry its own brackets
        return narrator.msg("diff.ending")
    return narrator.msg("meta.to_move", player=narrator.player(to_move))


def _why_not(point: PointView, action: Action, narrator: Narrator) -> str:
    if action.kind is not ActionKind.ACTIVATE:
        return ""
    for note in point.notes:
        if (note.player, note.card, note.effect) == (action.player, action.card, action.effect) \
                and not note.legal:
            return narrator.note(note)
    return ""
