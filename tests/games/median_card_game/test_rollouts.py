"""The hard bot's search (rollouts.py): the deals it makes from a seat's view hold exactly what
that seat has not seen, its simulator neither makes nor loses a card, and it keeps to its
budget's worth of games. test_card_ceiling.py holds the simulator to the engine round by round.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.median_card_game.median_card_helpers import GAME, NAMES

from middleground.ai import make_bot
from middleground.games.median_card_game import rollouts
from middleground.games.median_card_game.cards import rank_values
from middleground.games.median_card_game.policies import (
    easy_follow,
    normal_follow,
    normal_lead,
    rank_counts,
)
from middleground.games.median_card_game.reading import EASY, NORMAL, RANDOM, style_weights
from middleground.games.median_card_game.rollouts import Deals, Games, Table, styled_picks


def _states(players: int, seed: int, options: dict):
    """Every decision of a random game, with the seat deciding."""
    state = GAME.new_state(NAMES[:players] + [f"P{i}" for i in range(players - 6)], options, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.awaiting()[0]
        yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_each_deal_holds_the_seats_own_hand_and_shares_out_what_it_has_not_seen():
    gen = np.random.default_rng(3)
    for players, options in ((3, {}), (4, {"hand_size": 8}), (6, {"decks": 2}), (2, {})):
        phases = Counter()
        for state, seat in _states(players, 5, options):
            view = state.seat_view(seat)
            deal = Deals.of(view, 4, gen)
            games, board = deal.games, view.board
            phases[view.phase] += 1
            leader = board["leader"]
            assert deal.face_down == (view.phase == "follow" and leader != seat)
            unseen = Counter(rank_values(board["unseen"]))
            for row in range(4):
                assert list(games.hands[row, seat]) == rank_values(board["hand"])
                dealt = Counter(int(v) for v in games.deck[row])
                for other in range(players):
                    if other != seat:
                        dealt.update(int(v) for v in games.hands[row, other])
                assert dealt == unseen
                assert games.deck.shape[1] == board["deck_left"]
                assert games.pool[row] == board["pool"]
                assert list(games.taken[row]) == list(board["won"])
                assert games.leader[row] == leader
        assert phases["follow"] and phases["lead"] and (players % 2 or phases["call"])


def test_deals_differ_only_in_what_the_seat_has_not_seen():
    state, seat = next((s, seat) for s, seat in _states(5, 9, {}) if len(s.rounds) == 2)
    games = Deals.of(state.seat_view(seat), 50, np.random.default_rng(1)).games
    others = [s for s in range(5) if s != seat]
    assert len({tuple(games.hands[r, others].ravel()) for r in range(50)}) > 40
    assert len({tuple(games.hands[r, seat]) for r in range(50)}) == 1


def _fresh(table: Table, ranks: np.ndarray, size: int, gen) -> Games:
    """Games at their first round: each row's ranks dealt `size` to a seat, the rest the deck."""
    rows, players = ranks.shape[0], table.players
    return Games(
        table,
        ranks[:, : players * size].reshape(rows, players, size),
        ranks[:, players * size :],
        np.zeros(rows, dtype=np.int64),
        np.zeros((rows, players), dtype=np.int64),
        np.zeros((rows, players), dtype=np.int64),
        gen.integers(0, players, rows),
        np.full(rows, -1),
    )


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 9),
    size=st.integers(1, 5),
    draws=st.integers(0, 3),
    rounds_scored=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_simulator_neither_makes_nor_loses_a_card(players, size, draws, rounds_scored, seed):
    gen = np.random.default_rng(seed)
    rows = 7
    cards = players * (size + draws)
    ranks = gen.integers(0, 13, (rows, cards)).astype(np.int8)
    table = Table(players, rounds_scored, pool_to_last_winner=bool(seed % 2))
    games = _fresh(table, ranks, size, gen)
    played = 0
    while games.hand_size:
        picks = gen.integers(0, games.hand_size, (rows, players))
        high = gen.random(rows) < 0.5 if players % 2 == 0 else None
        winner = games.play(picks, high)
        played += 1
        held = games.hands.shape[1] * games.hands.shape[2] + games.deck.shape[1]
        assert (games.taken.sum(axis=1) + games.pool + held == cards).all()
        assert (games.won.sum(axis=1) <= played).all()
        assert ((winner == -1) | (games.leader >= 0)).all()
    assert played == size + draws
    for row in range(rows):
        shares = [games.shares(s)[row] for s in range(players)]
        assert sum(shares) == 1.0 or abs(sum(shares) - 1.0) < 1e-9
        assert sorted(set(shares)) in ([0.0, max(shares)], [max(shares)])


def test_the_search_plays_its_budget_of_games_per_card(monkeypatch):
    """`--budget` is the games played on per candidate: the rollouts the search plays grow with
    it, spread over as many deals as there are rollouts, up to a thousand."""
    state, seat = next((s, seat) for s, seat in _states(5, 4, {}) if s.phase == "follow")
    view = state.seat_view(seat)
    rows = []
    real_play_on = rollouts.play_on

    def counting(games, me, gen, copies, styles=None):
        rows.append((games.rows, copies))
        return real_play_on(games, me, gen, copies, styles)

    monkeypatch.setattr(rollouts, "play_on", counting)
    for budget in (10, 200):
        rows.clear()
        worth = rollouts.values(view, [None], random.Random(1), budget)
        ranks = set(rank_values(view.board["hand"]))
        assert set(worth[None]) == ranks
        assert rows == [(budget * len(ranks), len(ranks))]
    # Two players dealt 26 cards each: the leader's first choice weighs 26 calls and cards over
    # 26 rounds, so each plays fewer games, down to an eighth of the budget.
    state = GAME.new_state(NAMES[:2], {"hand_size": 26, "dealer": "Ann"}, 1)
    rows.clear()
    worth = rollouts.values(state.seat_view(0), ["high", "low"], random.Random(1), 800)
    candidates = sum(map(len, worth.values()))
    assert candidates == 2 * len(set(rank_values(state.hands[0]))) > 20
    (played, copies), *_ = rows
    assert copies == candidates and 100 <= played // candidates < 800


@settings(max_examples=80, deadline=None)
@given(
    players=st.integers(2, 9),
    size=st.integers(2, 6),
    deck=st.integers(0, 12),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_others_styles_play_as_the_easy_and_normal_bots_do(players, size, deck, seed):
    """In the search's games an easy or normal seat plays the card the real bot of that level
    would, aiming by every card still unplayed; a random seat and an easy leader keep the
    random pick."""
    gen = np.random.default_rng(seed)
    rows = 6
    ranks = gen.integers(0, 13, (rows, players * size + deck)).astype(np.int8)
    games = _fresh(Table(players), ranks, size, gen)
    styles = gen.integers(RANDOM, NORMAL + 1, (rows, players))
    picks = gen.integers(0, size, (rows, players))
    high = gen.random(rows) < 0.5 if players % 2 == 0 else None
    out = styled_picks(games, picks, styles, high)
    for r in range(rows):
        call = None if high is None else ("high" if high[r] else "low")
        unplayed = rank_counts([int(v) for v in ranks[r]])
        for s in range(players):
            hand = [int(v) for v in games.hands[r, s]]
            played = hand[out[r, s]]
            leads = s == games.leader[r]
            if styles[r, s] == RANDOM or (styles[r, s] == EASY and leads):
                assert out[r, s] == picks[r, s]
            elif styles[r, s] == EASY:
                assert played == easy_follow(hand, players, call)
            else:
                policy = normal_lead if leads else normal_follow
                assert played == policy(hand, unplayed, players, call)


@pytest.mark.parametrize("seed", range(6))
def test_the_hard_bot_reads_each_seats_style_from_the_cards_it_played(seed):
    """Ten rounds into a game of long hands, the seats that aim for the middle are told from the
    one that plays at random. (Easy and normal often play the same card, so which of the two a
    seat is may stay open.)"""
    levels = ["random", "easy", "normal", "random"]
    bots = [make_bot(GAME, level) for level in levels]
    state = GAME.new_state(NAMES[:4], {"hand_size": 8}, seed)
    rng = random.Random(seed)
    while len(state.rounds) < 10:
        seat = state.awaiting()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, bots[seat].choose(state.seat_view(seat), legal, rng))
    weights = style_weights(state.seat_view(0))
    assert max(range(3), key=weights[3].__getitem__) == RANDOM, weights[3]
    assert weights[1][RANDOM] < 0.2 and weights[2][RANDOM] < 0.2, weights
