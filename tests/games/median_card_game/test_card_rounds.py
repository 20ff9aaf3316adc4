"""Rounds of the Median card game computed by hand, played with dealt hands and with a real deck.

Each row: players, options, the rounds as (call, cards by seat), and after each round the
winner (None: the cards went to the pool), the pool's size and who leads next.
"""

from __future__ import annotations

import random

import pytest
from tests.games.median_card_game.median_card_helpers import (
    GAME,
    NAMES,
    dealt_game,
    names,
    play_round,
)

from middleground.games.median_card_game.cards import card_name

A, B, C, D = NAMES[:4]

SCENARIOS = [
    (
        "a unique median takes the round",
        3,
        {},
        [(None, ["5H", "8D", "JS"])],
        [(B, 0, B)],
    ),
    (
        "a shared median rank sends the cards to the pool",
        3,
        {},
        [(None, ["5H", "5D", "JS"])],
        [(None, 3, A)],
    ),
    (
        "two ties grow the pool, then a unique median captures it",
        3,
        {},
        [(None, ["5H", "5D", "JS"]), (None, ["9C", "KD", "KS"]), (None, ["2C", "7D", "QH"])],
        [(None, 3, A), (None, 6, A), (B, 0, B)],
    ),
    (
        "five players: pairs away from the middle do not matter",
        5,
        {},
        [(None, ["2C", "2D", "7H", "9S", "9C"])],
        [(C, 0, C)],
    ),
    (
        "four players, high: the second-highest card wins",
        4,
        {},
        [("high", ["3C", "8D", "TH", "KS"])],
        [(C, 0, C)],
    ),
    (
        "four players, low: the second-lowest card wins",
        4,
        {},
        [("low", ["3C", "8D", "TH", "KS"])],
        [(B, 0, B)],
    ),
    (
        "four players, high, the second-highest rank shared: to the pool",
        4,
        {},
        [("high", ["3C", "TD", "TH", "KS"]), ("low", ["4C", "6D", "AH", "2S"])],
        [(None, 4, A), (A, 0, A)],
    ),
    (
        "two players taking turns to lead",
        2,
        {"two_player_lead": "alternate"},
        [("high", ["9C", "KD"]), ("low", ["2S", "4H"]), ("high", ["3C", "3D"])],
        [(B, 0, B), (A, 0, A), (None, 2, B)],
    ),
    (
        "two players, the loser leads (nobody lost a tie: same leader)",
        2,
        {"two_player_lead": "loser"},
        [("high", ["9C", "KD"]), ("low", ["3C", "3D"]), ("high", ["AS", "2C"])],
        [(B, 0, A), (None, 2, A), (A, 0, B)],
    ),
    (
        "two players, the usual rule: the winner leads",
        2,
        {"two_player_lead": "winner"},
        [("high", ["9C", "KD"]), ("high", ["AS", "QD"])],
        [(B, 0, B), (A, 0, A)],
    ),
]

CASES = [
    pytest.param(*row[1:], mode, id=f"{row[0]} ({mode})")
    for row in SCENARIOS
    for mode in ("dealt", "real deck")
]


@pytest.mark.parametrize(("players", "options", "rounds", "expected", "mode"), CASES)
def test_rounds_go_as_worked_out_by_hand(players, options, rounds, expected, mode):
    options = {**options, "dealer": A}
    if mode == "dealt":
        plays = [[cards[seat] for _, cards in rounds] for seat in range(players)]
        state = dealt_game(plays, **options)
    else:
        state = GAME.new_state(NAMES[:players], {**options, "physical_deck": True}, 1)
    got = []
    for call, cards in rounds:
        play_round(state, cards, call)
        board = state.public_view().board
        last = board["rounds"][-1]
        got.append(
            (names(state, [last["winner"]])[0], last["pool"], state.players[board["leader"]])
        )
    assert got == expected


def test_the_captured_pool_lands_in_the_winners_pile():
    state = GAME.new_state(NAMES[:3], {"physical_deck": True, "dealer": A}, 1)
    for cards in (["5H", "5D", "JS"], ["9C", "KD", "KS"], ["2C", "7D", "QH"]):
        play_round(state, cards)
    board = state.public_view().board
    assert board["won"] == (0, 9, 0) and board["pool"] == 0
    assert board["rounds"][-1]["taken"] == 9
    assert "took the 3 cards and the pool of 6" in board["rounds"][-1]["text"]
    assert state.scores() == (0, 9, 0)
    assert GAME.standings(state.public_view()) == [
        (A, "0 cards taken"),
        (B, "9 cards taken"),
        (C, "0 cards taken"),
    ]


def test_a_call_names_the_winning_card_for_everyone():
    state = GAME.new_state(NAMES[:4], {"physical_deck": True, "dealer": C}, 1)
    assert state.awaiting() == (2,) and state.public_view().board["needs_call"]
    state.apply(2, {"call": "low"})
    board = state.public_view().board
    assert board["call"] == "low" and board["target"] == "the second-lowest card"
    assert state.awaiting() == (0, 1, 2, 3)


def test_a_quiet_game_shows_every_round_as_a_loud_one_does():
    """Search's quiet states leave each round's text out as they play: their views put it in,
    so every view reads the same as the loud game's, round texts included."""
    for players, options in ((5, {}), (4, {"scoring": "rounds"}), (3, {"physical_deck": True})):
        for seed in range(6):
            names = NAMES[:players]
            loud, quiet = GAME.new_state(names, options, seed), GAME.new_state(names, options, seed)
            quiet.quiet = True
            rng = random.Random(seed)
            while not loud.is_terminal():
                seat = loud.awaiting()[0]
                action = rng.choice(loud.legal_actions(seat))
                loud.apply(seat, action)
                quiet.apply(seat, action)
                assert quiet.public_view() == loud.public_view()
                assert quiet.seat_view(seat).board == loud.seat_view(seat).board
            texts = [r["text"] for r in quiet.public_view().board["rounds"]]
            assert texts and all(texts)


def test_the_log_tells_a_round_in_the_past_as_it_happened():
    """What was done is told done (placed, drew, called), as the reveal is told (played, took);
    only the round's opening says what comes next."""
    state = dealt_game([["2C"], ["9H"], ["5D"], ["KS"]], dealer=A)
    start = len(state.events_for(0))
    play_round(state, ["2C", "9H", "5D", "KS"], call="high")
    told = [e.text for e in state.events_for(0)[start:] if e.kind != "drawn"]
    assert told == [
        f"{A} called high: the second-highest card wins.",
        f"{A} placed a card face down.",
        "You placed the two of clubs face down.",
        f"{B} has submitted.",
        f"{C} has submitted.",
        f"{D} has submitted.",
        f"Round 1: {B} played the second-highest card, the nine of hearts, and took the 4 cards.",
        "Everyone drew one card from the deck.",
        f"Round 2: {B} leads and calls high or low.",
    ]
    (drew,) = [e for e in state.events_for(0)[start:] if e.kind == "drawn"]
    assert drew.data["card"] in state.seat_view(0).board["hand"]
    assert drew.text == f"You drew {card_name(drew.data['card'])}."


def test_after_round_n_the_reveal_reads_on_in_lower_case_and_the_referee_s_text_is_a_sentence():
    """The log and the board put "Round N: " before a reveal's line, which went on in capitals
    where it did not start with a name ("Round 3: The second-lowest card was a five"), beside
    "Round 1: Ann played…". The referee's `text` is a sentence of its own, capitalised."""
    state = dealt_game([["5H", "9S"], ["5D", "2C"], ["KS", "3D"], ["2S", "JH"]], dealer=A)
    play_round(state, ["5H", "5D", "KS", "2S"], call="low")  # two fives: the pool
    play_round(state, ["9S", "2C", "3D", "JH"], call="low")  # Cat's three, second-lowest
    told = [e.text for e in state.events_for(None) if e.kind == "reveal"]
    assert told == [
        "Round 1: the second-lowest card was a five, and Ann and Ben both played fives: the 4 "
        "cards went to the pool, which now holds 4.",
        f"Round 2: {C} played the second-lowest card, the three of diamonds, and took the 4 "
        "cards and the pool of 4.",
    ]
    report = GAME.round_report(state.public_view())
    assert [r["text"] for r in report] == [
        "The second-lowest card was a five, and Ann and Ben both played fives: the 4 cards went "
        "to the pool, which now holds 4.",
        f"{C} played the second-lowest card, the three of diamonds, and took the 4 cards and the "
        "pool of 4.",
    ]
    assert set(report[0]) == {
        "round", "leader", "call", "cards", "median", "winner", "taken", "pool", "text"
    }  # fmt: skip


def test_the_lead_and_the_follow_are_asked_of_the_player_and_by_name_at_a_console():
    """The player's own screen says "you lead" and "your card"; told at a facilitator's
    console (ActionForm.told), the same forms ask of the seat by name."""
    state = dealt_game([["5H"], ["8D"], ["JS"]])
    lead = state.action_form(0)
    assert lead.prompt == "You lead: place a card face down."
    assert lead.told(True).prompt == "Ann leads: place a card face down."
    assert [f.label for f in lead.told(True).fields] == ["Ann's card"]
    state.apply(0, {"card": "5H"})
    follow = state.action_form(1)
    assert follow.prompt == "Ann has led: place your card face down."
    assert follow.told(True).prompt == "Ann has led: place Ben's card face down."
    assert follow.told(False) == follow and [f.label for f in follow.fields] == ["Card"]
