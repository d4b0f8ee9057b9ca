"""Cards chosen together as an effect resolves, by the player the effect names (R174):
Evenly Matched's "your opponent banishes cards from their field face-down so they control
the same number of cards as you do".

A resolution step's ``select`` with ``pick: set`` chooses as many distinct cards as its
``size`` says, all at once: one choice per set, never one per order (as targets chosen
together are, R:joint_targets), and of interchangeable cards (R69) one set of each kind. The
size is an expression of the language worked out as the step comes, with ``you`` the
resolving player (R154): "count(cards, opponent) - count(cards, you)". A size of 0 or less
chooses nothing, and the step does nothing (R18); a size at least the number of cards that
match takes them all, with nothing to choose. With ``different_names: true`` the cards of a
set have different names (R178): as many as the size says, or as many names as there are.

The choice is the ``chooser``'s: the resolving player by default, or the opponent ("your
opponent banishes …"): the ``SELECT`` window is then the opponent's, who answers it as the
resolving player answers any other (``Resolving.chooser``). A ``banish`` step with
``face_down: true`` banishes its cards face-down: the banishment keeps each so ("banished
face-down"), and the book says it.
"""

from __future__ import annotations

from gamebook.cards.model import Effect, Pick, PlayerRef, Primitive
from gamebook.rules.context import Rules
from gamebook.rules.expressions import amount_now
from gamebook.rules.mechanics.joint_targets import TARGETS_JOINED, different_names, target_sets
from gamebook.rules.mechanics.verb import Mechanic
from gamebook.rules.state import ChainLink, GameState, Player


def chosen_together(step: Primitive) -> bool:
    """Does the step's selection choose several cards together (``pick: set``)?"""
    return step.select is not None and step.select.pick is Pick.SET


def set_size(rules: Rules, state: GameState, link: ChainLink, step: Primitive) -> int:
    """How many cards the step chooses together now (its ``size``, at least 0)."""
    refs = {ref.value: instance for ref, instance in link.refs}
    return max(0, amount_now(rules, state, link.player, link.card, step.select.size or 0,
                             refs))


def chooser(link: ChainLink, step: Primitive) -> Player:
    """The player who chooses the step's cards: the resolving player, or the opponent."""
    if step.select is not None and step.select.chooser is PlayerRef.OPPONENT:
        return link.player.opponent
    return link.player


def set_options(rules: Rules, state: GameState, link: ChainLink, step: Primitive,
                found: tuple[str, ...], every: tuple[str, ...]) -> tuple[str, ...]:
    """The sets the chooser may choose among ``every`` matching card (``found`` being those
    that differ, R69): each a choice, or one set when nothing is left to choose, or none."""
    size = set_size(rules, state, link, step)
    if size <= 0 or not every:
        return ()
    if step.select.different_names:  # "… with different names" (R178)
        name_of = different_names(rules, state)
        size = min(size, len({name_of(i) for i in every}))  # as many names as there are
        return target_sets(state, every, range(size, size + 1), name_of=name_of)
    if size >= len(every):
        return (TARGETS_JOINED.join(every),)  # all of them: nothing to choose
    return target_sets(state, every, range(size, size + 1))




def cards_of(chosen: str) -> tuple[str, ...]:
    """The cards of a chosen set."""
    return tuple(chosen.split(TARGETS_JOINED))


def _uses(effect: Effect) -> bool:
    return any(chosen_together(step) for step in effect.resolution)


MECHANIC = Mechanic("chosen_together", present=_uses)
