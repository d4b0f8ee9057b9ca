"""The expression language of card files (gamebook.cards.expressions): its syntax, its
refusals with the column and what was expected, and that no text runs as code."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamebook.book.vocabulary import expression_words
from gamebook.cards.expressions import (
    CARD_NUMBERS,
    CARD_VALUES,
    CARD_WORDS,
    CONTROLLERS,
    FLAGS,
    KINDS,
    NUMBER_FUNCTIONS,
    WORDS,
    ZONES,
    ExpressionError,
    parse_amount,
    parse_condition,
    parse_filter,
    render,
)


@pytest.mark.parametrize("text", [
    "count(monsters) >= 4",
    "count(monsters, opponent) > count(monsters, you)",
    "count(monsters, opponent, face_up and not defense_position) == 0",
    "count(cards, you, hand) >= 2 or lp(you) < lp(opponent)",
    "difference(lp(you), lp(opponent)) >= 2000",
    "not count(spells_traps, opponent, face_down) >= 1",
    "atk(attacker) > atk(attack_target) and atk(self) <= 1500",
    "count(monsters, graveyard, type == warrior and level in 1..4) >= 3",
])
def test_conditions_parse_and_read_back(text: str) -> None:
    node = parse_condition(text)
    assert parse_condition(render(node)) == node  # the text form is stable


@pytest.mark.parametrize(("text", "board"), [
    ("300 * count(monsters)", True),
    ("-800 * count(monsters, opponent)", True),
    ("difference(atk(attacker), atk(attack_target)) + 300", True),
    ("max(atk(self), def(self)) / 2", True),
    ("100 × count(cards, you, hand)", True),
    (1200, False),
])
def test_amounts_parse(text, board) -> None:  # noqa: ANN001
    node = parse_amount(text)
    assert (node.op != "num") is board


def test_the_long_form_of_count_is_the_short_form() -> None:
    assert parse_condition("count(monsters, controller: opponent, zone: hand) >= 1") == \
        parse_condition("count(monsters, opponent, hand) >= 1")


@pytest.mark.parametrize("text", [
    "face_up and (type == winged_beast or attribute == DARK) and level in 1..4 and not self",
    "atk >= 1500 and def <= 1000",
    "effect_monster or normal_monster",
    "extra_deck_monster and link_rating >= 2",
    "name == kuriboh or archetype == gravekeepers",
    "attribute != light",
    "attack_position and not attacking",
])
def test_filters_parse(text: str) -> None:
    node = parse_filter(text)
    assert parse_filter(render(node)) == node


@pytest.mark.parametrize(("parse", "text", "column", "says"), [
    (parse_condition, "count(monstrs) >= 4", 7, "did you mean 'monsters'"),
    (parse_condition, "count(monsters)", 1, "expected a condition, found a number"),
    (parse_amount, "count(monsters) >= 1", 1, "expected a number, found a condition"),
    (parse_condition, "count(monsters) + face_up", 19, "speaks of one card"),
    (parse_condition, "count(spells_traps, level >= 3) > 0", 21, "applies to monsters"),
    (parse_condition, "count(monsters, hand, attack_position) > 0", 23,
     "applies to cards on the field"),
    (parse_condition, "count(monsters, spell) > 0", 17, "never holds for a monster"),
    (parse_condition, "count(monsters, you, opponent) > 0", 22, "controller: given twice"),
    (parse_condition, "count(monsters, controler: you) > 1", 17, "did you mean 'controller'"),
    (parse_condition, "lp(me) > 3", 4, "expected a player (you, opponent)"),
    (parse_condition, "atk(atacker) > 3", 5, "did you mean 'attacker'"),
    (parse_condition, "atk(self) > ", 13, "found the end"),
    (parse_condition, "2 = 3", 3, "'=' is not a comparison"),
    (parse_condition, "a $ b", 3, "unexpected character '$'"),
    (parse_condition, "count(monsters) >= 1 2", 22, "after a complete expression"),
    (parse_condition, "difference(1) > 0", 1, "takes 2 values"),
    (parse_condition, "count(monsters) >= 1 and 2", 26, "expected a condition for 'and'"),
    (parse_condition, "", 1, "empty"),
    (parse_filter, "type == wariror", 9, "did you mean 'warrior'"),
    (parse_filter, "attribute >= DARK", 11, "expected '==' or '!='"),
    (parse_filter, "level in 1 4", 12, "expected '..'"),
    (parse_filter, "face_upp", 1, "did you mean 'face_up'"),
    (parse_filter, "atk + 100", 1, "(compare it: atk >= 1000)"),
])
def test_a_bad_expression_is_refused_with_its_column_and_what_was_expected(
        parse, text, column, says) -> None:  # noqa: ANN001
    with pytest.raises(ExpressionError) as caught:
        parse(text)
    assert caught.value.column == column, caught.value
    assert says in caught.value.message, caught.value


@pytest.mark.parametrize("text", [
    "__import__('os').system('true')",
    "lp(you).__class__",
    "eval(1)",
    "count(monsters)[0]",
    "lambda: 1",
    "(" * 40 + "1" + ")" * 40,
    "1 + " * 200 + "1",
])
def test_no_text_runs_as_code_and_nothing_is_unbounded(text: str) -> None:
    """A hand-written parser: only the language's words, a nesting and a length limit."""
    with pytest.raises(ExpressionError):
        parse_amount(text)


def test_every_word_of_the_language_has_a_meaning_and_a_rule_in_the_vocabulary() -> None:
    words = {*KINDS, *CONTROLLERS, *ZONES, *FLAGS, *CARD_NUMBERS, *CARD_WORDS, *CARD_VALUES,
             *NUMBER_FUNCTIONS, "count", "lp", "controller", "zone", "and", "or", "not", "in"}
    assert words <= set(WORDS)
    text = "\n".join(expression_words(lambda rule: f"R:{rule}"))
    for word in WORDS:
        assert f"| `{word}` |" in text


PIECES = ["count(", "monsters", "cards", ",", " ", "opponent", "you", "hand", ")", "(",
          ">=", "==", "<", "and", "or", "not", "1", "300", "*", "/", "-", "..", "in",
          "level", "face_up", "type", "==", "warrior", "atk(", "attacker", "lp(", ":",
          "controller", "difference(", "×", "$", "'", "\n"]


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=25) | st.text(max_size=60))
def test_any_text_is_parsed_or_refused_with_a_column_never_a_crash(pieces) -> None:  # noqa: ANN001
    text = "".join(pieces) if isinstance(pieces, list) else pieces
    for parse in (parse_condition, parse_amount, parse_filter):
        try:
            node = parse(text)
        except ExpressionError as error:
            assert 1 <= error.column <= len(text) + 1 or error.column == 401
        else:
            assert parse(render(node)) == node
