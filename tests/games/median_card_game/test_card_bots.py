"""The Median card game's bots: legal to the end at every level, and sensible where it shows."""

from __future__ import annotations

import random

import pytest
from tests.games.median_card_game.median_card_helpers import GAME, NAMES, dealt_game, play_round

from middleground.ai import make_bot


def _play(state, levels, rng):
    bots = [make_bot(GAME, level) for level in levels]
    while not state.is_terminal():
        seat = state.awaiting()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.seat_view(seat), legal, rng)
        assert action in legal
        state.apply(seat, action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"physical_deck": True}], ids=["dealt", "real deck"])
def test_every_level_plays_legal_cards_to_the_end(players, options):
    levels = ["easy", "normal", "hard", "hard"][:players]
    options = {**options, "deck": "24", "hand_size": 3}
    state = _play(GAME.new_state(NAMES[:players], options, 3), levels, random.Random(3))
    assert state.result().winners


def test_a_follower_aims_for_the_middle():
    state = dealt_game([["5C"], ["2C", "8D", "AS"], ["6C"]], hand_size=3, dealer="Ann")
    state.apply(0, {"card": "5C"})
    choice = make_bot(GAME, "normal").choose(
        state.seat_view(1), state.legal_actions(1), random.Random(1)
    )
    assert choice == {"card": "8D"}


def test_the_hard_bot_keeps_its_middle_card_while_only_the_round_is_at_stake():
    # Three cards at stake, two rounds still to come: the 8 is worth more kept for a pool.
    state = dealt_game([["5C"], ["2C", "8D", "AS"], ["6C"]], hand_size=3, dealer="Ann")
    state.apply(0, {"card": "5C"})
    choice = make_bot(GAME, "hard").choose(
        state.seat_view(1), state.legal_actions(1), random.Random(1)
    )
    assert choice["card"] in ("2C", "AS")  # the cards that cannot win, not the 8


def test_the_hard_bot_spends_its_middle_card_on_a_pool():
    state = dealt_game(
        [["5C", "6H", "KC"], ["5D", "2C", "8D", "AS"], ["9C", "7H", "3D"]],
        hand_size=4,
        dealer="Ann",
    )
    play_round(state, ["5C", "5D", "9C"])  # the two fives tie: three cards go to the pool
    assert state.public_view().board["pool"] == 3
    state.apply(0, {"card": "6H"})
    choice = make_bot(GAME, "hard").choose(
        state.seat_view(1), state.legal_actions(1), random.Random(1)
    )
    assert choice == {"card": "8D"}


def test_the_leader_spends_a_card_far_from_the_middle():
    state = dealt_game([["2C", "8D", "KS"], ["3C"], ["4C"]], hand_size=3, dealer="Ann")
    choice = make_bot(GAME, "normal").choose(
        state.seat_view(0), state.legal_actions(0), random.Random(1)
    )
    assert choice == {"card": "2C"}


def test_two_players_leading_with_an_ace_call_high_and_play_it():
    # The normal bot's rule. The hard bot plays for the game, which it wins in about 99 of 100
    # deals whatever it does here, so its choice is not asserted.
    state = dealt_game([["3C", "7D", "AS"], ["5C"]], hand_size=3, dealer="Ann")
    bot, rng = make_bot(GAME, "normal"), random.Random(1)
    assert bot.choose(state.seat_view(0), state.legal_actions(0), rng) == {"call": "high"}
    state.apply(0, {"call": "high"})
    assert bot.choose(state.seat_view(0), state.legal_actions(0), rng) == {"card": "AS"}


@pytest.mark.parametrize(
    ("hand", "call"),
    [
        (["QC", "KD", "AS", "JH", "3C"], "high"),  # four above the middle of the unseen cards
        (["2C", "3D", "4S", "5H", "KC"], "low"),  # four below it
        (["2C", "3D", "8S", "QH", "KC"], "high"),  # two and two, the eight at the middle: high
    ],
)
def test_the_easy_bot_calls_the_side_its_hand_leans_to(hand, call):
    """A beginner's glance at the hand: whichever side of the middle holds more of its cards,
    whatever the random numbers."""
    state = dealt_game([hand, [], [], []], dealer="Ann")
    for seed in range(5):
        action = make_bot(GAME, "easy").choose(
            state.seat_view(0), state.legal_actions(0), random.Random(seed)
        )
        assert action == {"call": call}


def test_the_normal_bot_beats_random_play_with_two_players():
    for seed in range(8):
        state = GAME.new_state(NAMES[:2], {"dealer": NAMES[seed % 2]}, seed)
        _play(state, ["normal", "random"], random.Random(seed))
        assert state.result().winners == (0,), seed


# Six players, the leader calls high (the third-highest card wins) and places the 6H. Ben
# follows holding 2C, 9D and AS among his cards: the nine may win, the two and the ace cannot.
SIX_HANDS = [["5C", "4H", "6H", "QC"], ["7D", "8S", "2C", "9D", "AS"], ["7C", "8H"]]
SIX_HANDS += [["8C", "9C"], ["TC", "JC"], ["3C", "2D"]]
TIED_ROUNDS = (  # two rounds called high whose third-highest rank is shared: 12 to the pool
    ["5C", "7D", "7C", "8C", "TC", "3C"],
    ["4H", "8S", "8H", "9C", "JC", "2D"],
)
BEN_AT_ONCE = ["2C", "3D", "9D", "KH", "AS"]  # Ben's hand when the first round is the one


def _six_seat_choice(pool_first: bool):
    """Ben's card at a table of six, with or without a pool of twelve cards at stake."""
    if pool_first:
        state = dealt_game(SIX_HANDS, hand_size=5, dealer="Ann")
        for cards in TIED_ROUNDS:
            play_round(state, cards, call="high")
        assert state.public_view().board["pool"] == 12
    else:
        state = dealt_game([SIX_HANDS[0], BEN_AT_ONCE, *SIX_HANDS[2:]], hand_size=5, dealer="Ann")
    state.apply(0, {"call": "high"})
    state.apply(0, {"card": "6H"})
    assert {"2C", "9D", "AS"} <= set(state.hands[1])
    return make_bot(GAME, "hard").choose(
        state.seat_view(1), state.legal_actions(1), random.Random(1)
    )


def test_at_a_table_of_six_the_hard_bot_saves_its_middle_card_when_no_pool_is_at_stake():
    # Six cards at stake and four rounds to come: the nine is worth more kept (its search finds
    # about 0.20 of a win for each card that cannot win, 0.16 for the nine).
    assert _six_seat_choice(pool_first=False)["card"] != "9D"


def test_at_a_table_of_six_the_hard_bot_plays_for_a_pool():
    # Eighteen cards at stake: the nine is worth spending (about 0.26 of a win against 0.12 for
    # the two or the ace).
    assert _six_seat_choice(pool_first=True) == {"card": "9D"}
