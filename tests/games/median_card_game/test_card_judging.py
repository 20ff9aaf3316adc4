"""Judging one round of the Median card game: which card is the median, and whether it is alone."""

from __future__ import annotations

import pytest

from middleground.games.median_card_game.judging import explain_round, judge, target_name

# cards by seat, the leader's call, the winning rank, the seats holding it, the winner
VERDICTS = [
    ("three players: the middle card wins", ["5H", "8D", "JS"], None, "8", (1,), 1),
    (
        "suits do not rank: a shared middle rank wins nothing",
        ["5H", "5D", "JS"],
        None,
        "5",
        (0, 1),
        None,
    ),
    ("a shared high rank is the middle too", ["5H", "JD", "JS"], None, "J", (1, 2), None),
    ("aces are high", ["AS", "2C", "KD"], None, "K", (2,), 2),
    (
        "five players: pairs off the middle do not matter",
        ["2C", "2D", "7H", "9S", "9C"],
        None,
        "7",
        (2,),
        2,
    ),
    ("four players, high: the second-highest", ["3C", "8D", "TH", "KS"], "high", "T", (2,), 2),
    ("four players, low: the second-lowest", ["3C", "8D", "TH", "KS"], "low", "8", (1,), 1),
    ("four players, high, shared rank", ["3C", "TD", "TH", "KS"], "high", "T", (1, 2), None),
    (
        "six players, high: the third-highest",
        ["2C", "4C", "6C", "8C", "TC", "QC"],
        "high",
        "8",
        (3,),
        3,
    ),
    (
        "six players, low: the third-lowest",
        ["2C", "4C", "6C", "8C", "TC", "QC"],
        "low",
        "6",
        (2,),
        2,
    ),
    ("two players, high: the higher card", ["9C", "KD"], "high", "K", (1,), 1),
    ("two players, low: the lower card", ["9C", "KD"], "low", "9", (0,), 0),
    ("two players, same rank: nobody", ["3C", "3D"], "high", "3", (0, 1), None),
]


@pytest.mark.parametrize(
    ("cards", "call", "rank", "holders", "winner"),
    [pytest.param(*row[1:], id=row[0]) for row in VERDICTS],
)
def test_the_median_card_decides_the_round(cards, call, rank, holders, winner):
    verdict = judge(cards, call)
    assert (verdict.rank, verdict.holders, verdict.winner) == (rank, holders, winner)


def test_an_even_count_needs_a_call():
    with pytest.raises(ValueError, match="high or low"):
        judge(["3C", "8D", "TH", "KS"])


@pytest.mark.parametrize(
    ("players", "call", "words"),
    [
        (3, None, "the middle card"),
        (2, "high", "the higher card"),
        (2, "low", "the lower card"),
        (4, "high", "the second-highest card"),
        (6, "low", "the third-lowest card"),
        (20, "high", "the tenth-highest card"),
    ],
)
def test_the_winning_card_is_named_for_the_players(players, call, words):
    """Hyphened before the noun ("the second-highest card"), as the players say it."""
    assert target_name(players, call) == words


def test_the_winning_card_s_ordinal_stays_in_words_past_the_tenth():
    """Twenty players called "the 10th highest card", where eighteen said "the ninth": one
    scheme, words, up to the twentieth."""
    words = ["tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth"]
    words += ["sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth"]
    for k, word in enumerate(words, 10):
        assert target_name(2 * k, "high") == f"the {word}-highest card"
        assert target_name(2 * k, "low") == f"the {word}-lowest card"


def test_a_reveal_line_tells_what_happened_in_the_past_and_the_pool_as_it_stands():
    """A reveal read "Dan played the second highest card, the ten of hearts, and takes the 4
    cards": played, then takes. What happened is now told in the past, the pool's count as it
    stands now, and the ordinal is hyphened before its noun."""
    players = ["Ann", "Ben", "Cat", "Dan"]
    cards = ["3C", "8D", "KS", "TH"]
    won = explain_round(players, cards, "high", judge(cards, "high"), 6, 0)
    assert won == (
        "Dan played the second-highest card, the ten of hearts, and took the 4 cards and the "
        "pool of 6."
    )
    cards = ["3C", "TD", "TH", "KS"]
    pooled = explain_round(players, cards, "high", judge(cards, "high"), 0, 10)
    assert pooled == (  # after "Round 2: ", as the log and the board put it
        "the second-highest card was a ten, and Ben and Cat both played tens: the 4 cards went "
        "to the pool, which now holds 10."
    )
