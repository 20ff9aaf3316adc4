"""Dealt games: private hands, the face-down lead, drawing while the deck lasts, and every card
always in exactly one place."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.median_card_game.median_card_helpers import GAME, NAMES, dealt_game

from middleground.engine import IllegalAction


def test_each_player_sees_only_their_own_hand():
    state = GAME.new_state(NAMES[:3], {"dealer": "Ann"}, 5)
    hands = [state.seat_view(s).board["hand"] for s in range(3)]
    assert all(len(h) == 5 for h in hands)
    assert sum(map(Counter, hands), Counter()) == Counter(set().union(*hands))  # no repeats
    public = state.public_view().board
    assert "hand" not in public and public["hand_sizes"] == (5, 5, 5)
    assert public["deck_left"] == 37 and public["pool"] == 0 and public["won"] == (0, 0, 0)


def test_the_leader_places_face_down_first_then_the_others_together():
    state = GAME.new_state(NAMES[:3], {"dealer": "Ben"}, 5)
    assert state.awaiting() == (1,) and not state.is_sealed()
    card = state.seat_view(1).board["hand"][0]
    state.apply(1, {"card": card})
    public = state.public_view().board
    assert public["table"] == (False, True, False) and public["hand_sizes"] == (5, 4, 5)
    assert card not in repr(state.public_view())
    assert state.seat_view(1).board["my_card"] == card
    assert state.seat_view(0).board["my_card"] is None
    assert card in state.seat_view(0).board["unseen"]
    assert card not in state.seat_view(1).board["unseen"]
    assert state.awaiting() == (0, 2) and state.is_sealed()


def test_a_card_must_come_from_your_hand():
    state = dealt_game([["2C"], ["3C"], ["4C"]], dealer="Ann")
    with pytest.raises(IllegalAction) as raised:
        state.apply(0, {"card": "3C"})
    assert raised.value.rule == "play from your hand"
    assert "Ann holds no three of clubs" in str(raised.value)


def test_when_the_deck_runs_short_nobody_draws():
    # 3 players, 5 cards each from 32: 17 left. Five draws leave 2, too few for three players,
    # so the last five rounds shrink the hands: 10 rounds in all.
    state = GAME.new_state(NAMES[:3], {"deck": "32"}, 8)
    rng = random.Random(8)
    sizes = []
    while not state.is_terminal():
        seat = state.awaiting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        board = state.public_view().board
        if len(sizes) < len(board["rounds"]):
            sizes.append(board["hand_sizes"])
    rounds = state.public_view().board["rounds"]
    assert [r["drew"] for r in rounds] == [True] * 5 + [False] * 5
    assert [s[0] for s in sizes] == [5, 5, 5, 5, 5, 4, 3, 2, 1, 0]
    assert state.public_view().board["deck_left"] == 2
    short = [e.text for e in state.events if e.kind == "draw" and "nobody drew" in e.text]
    # Said after rounds 6 to 9; after round 10 the hands are empty and the game is over.
    assert short == ["The deck held 2 cards, too few for everyone: nobody drew."] * 4


def test_each_player_is_told_the_card_they_draw_and_nobody_else_is():
    state = dealt_game([["2C"], ["3C"], ["4C"]], dealer="Ann")
    coming = state.deck[-3:]  # drawn from the top: Ann first
    for seat, card in enumerate(["2C", "3C", "4C"]):
        state.apply(seat, {"card": card})
    drawn = [e for e in state.events if e.kind == "drawn"]
    assert [(set(e.audience), e.data["card"]) for e in drawn] == [
        ({0}, coming[2]),
        ({1}, coming[1]),
        ({2}, coming[0]),
    ]
    assert not any(e.kind == "drawn" for e in state.events_for(None))


def _places(state) -> Counter:
    """Where every card is: deck, hands, the face-down lead, the pool and the won piles."""
    places = Counter(state.deck)
    for hand in state.hands:
        places.update(hand)
    if state.face_down:
        places[state.face_down] += 1
    places.update(state.pool)
    for pile in state.won:
        places.update(pile)
    return places


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 6),
    st.sampled_from(["52", "36", "32", "24"]),
    st.integers(1, 2),
    st.integers(1, 8),
    st.sampled_from(["unclaimed", "last-winner"]),
    st.randoms(use_true_random=False),
)
def test_every_card_is_always_in_exactly_one_place(players, deck, decks, hand, final, rng):
    size = int(deck) * decks
    hand = min(hand, size // players)
    options = {"deck": deck, "decks": decks, "hand_size": hand, "final_pool": final}
    state = GAME.new_state(NAMES[:players], options, rng.randrange(1000))
    everything = Counter(state.full_deck)
    assert len(state.full_deck) == size
    while not state.is_terminal():
        seat = rng.choice(state.awaiting())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert _places(state) == everything
        board = state.public_view().board
        shown = sum(board["hand_sizes"]) + board["deck_left"] + sum(board["table"])
        shown += board["pool"] + sum(board["won"])
        assert shown == size + len(state.pending)  # a sealed card is still in its hand
    assert not any(state.hands) and state.result().winners
