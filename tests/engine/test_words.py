"""The engine's English: counts with their plurals, places, and lists of names."""

from __future__ import annotations

import pytest

from middleground.engine.words import counted, join_names, ordinal, written


@pytest.mark.parametrize(
    ("names", "most", "text"),
    [
        ([], 0, ""),
        (["Ann"], 0, "Ann"),
        (["Ann", "Bob"], 0, "Ann and Bob"),
        (["Ann", "Bob", "Cy"], 0, "Ann, Bob and Cy"),
        (["Ann", "Bob", "Cy"], 3, "Ann, Bob and Cy"),  # at the limit: every name
        (["Ann", "Bob", "Cy", "Dee"], 3, "Ann, Bob and 2 others"),
        (
            [f"Guest {n}" for n in range(1, 41)],
            8,
            "Guest 1, Guest 2, Guest 3, Guest 4, Guest 5, Guest 6, Guest 7 and 33 others",
        ),
    ],
)
def test_names_are_listed_as_a_sentence_lists_them(names, most, text):
    assert join_names(names, most) == text


def test_a_crowd_that_is_everyone_is_called_so():
    guests = [f"Guest {n}" for n in range(1, 13)]
    assert join_names(guests, 8, everyone=12) == "all 12 players"
    assert join_names(guests, 8, everyone=13).endswith("and 5 others")  # one was not in it
    assert join_names(guests[:3], 8, everyone=3) == "Guest 1, Guest 2 and Guest 3"  # names fit


def test_counts_take_their_plural_unless_exactly_one():
    assert counted(1, "point") == "1 point"
    assert counted(0, "point") == "0 points"
    assert counted(2, "token of life", "tokens of life") == "2 tokens of life"


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (101, "101st"),
        (111, "111th"),
    ],
)
def test_places_read_as_ordinals(n, text):
    assert ordinal(n) == text


def test_a_value_is_written_as_json_even_when_nested_past_what_python_can_show():
    assert written({"card": "QH", "call": None}) == '{"card": "QH", "call": null}'
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    assert written(deep) == "a value nested too deeply to show"
