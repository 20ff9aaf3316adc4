"""The card game's search policy: its evaluation ranks seats as the game would (its actions'
legality is tested for every game in tests/ai/test_search_policies.py)."""

from __future__ import annotations

import random

from tests.games.median_card_game.median_card_helpers import GAME

from middleground.games.median_card_game.search import CardGamePolicy


def _new_state(seed: int, players: int, options: dict):
    return GAME.new_state([f"P{i}" for i in range(players)], options, seed)


def _even_hands(state):
    """Every hand the same ranks, so that only what the test sets apart differs."""
    for seat, suit in zip(range(len(state.players)), "CDHSCDHS", strict=False):
        state.hands[seat] = [rank + suit for rank in "26TQA"]
    return state


def test_the_seat_with_more_cards_taken_is_valued_higher():
    state = _even_hands(_new_state(3, 5, {}))
    policy = CardGamePolicy(state.seat_view(0), random.Random(0))
    state.won[2] = ["2C"] * 12
    state.won[4] = ["2D"] * 3
    values = policy.evaluate(state)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[2] > values[4] > values[0]


def test_a_hand_of_middle_cards_is_worth_more_than_one_of_extremes():
    state = _even_hands(_new_state(3, 5, {}))
    policy = CardGamePolicy(state.seat_view(0), random.Random(0))
    state.hands[1] = ["7C", "8C", "8D", "9C", "9D"]
    state.hands[3] = ["2C", "2D", "3C", "AC", "AD"]
    values = policy.evaluate(state)
    assert values[1] > values[0] > values[3]


def test_the_seat_ahead_is_surer_of_the_win_the_fewer_rounds_are_left():
    early = _even_hands(_new_state(5, 5, {}))
    late = _new_state(5, 5, {"hand_size": 1})
    policy = CardGamePolicy(early.seat_view(0), random.Random(0))
    for state in (early, late):
        state.won[1] = ["2C"] * 10
        state.deck_left = 0
    assert policy.evaluate(late)[1] > policy.evaluate(early)[1]


def test_candidates_are_the_legal_cards_in_order_with_one_deck_or_two():
    """With one deck a hand's cards are taken as they stand (no card twice); with two the
    copies are merged: either way the candidates are exactly the legal actions, in order."""
    for decks in (1, 2):
        for seed in range(20):
            rng = random.Random(seed)
            state = _new_state(seed, 5, {"decks": decks, "hand_size": 8})
            policy = CardGamePolicy(state.seat_view(0), rng)
            while not state.is_terminal():
                for seat in state.awaiting():
                    legal = state.legal_actions(seat)
                    names = policy.candidates(state, seat, rng)
                    assert [policy.action(name) for name in names] == legal
                seat = state.awaiting()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))


class _ByAction:
    """The same policy offering the actions themselves rather than the cards' names."""

    def __init__(self, policy):
        self.policy = policy
        self.horizon = policy.horizon
        self.evaluate, self.rollout, self.key = policy.evaluate, policy.rollout, policy.key

    def candidates(self, state, seat, rng):
        return [self.policy.action(name) for name in self.policy.candidates(state, seat, rng)]


def test_searching_over_card_names_chooses_as_searching_over_actions():
    """Names stand in for actions only to be quicker to look up: a search over either makes
    the same choices (drawing the same random numbers), and answers with a legal action."""
    from middleground.ai.ismcts import Search

    for seed, players in ((1, 4), (2, 5), (3, 9)):
        state = _new_state(seed, players, {})
        seat = state.awaiting()[0]
        view, legal = state.seat_view(seat), state.legal_actions(seat)
        chosen, draws = [], []
        for wrap in (lambda policy: policy, _ByAction):
            search, rng = (
                Search(GAME, wrap(CardGamePolicy(view, random.Random(seed)))),
                random.Random(seed),
            )
            chosen.append(search.run(view, legal, 300, rng))
            draws.append(rng.random())  # the same path through the tree draws the same numbers
        assert chosen[0] == chosen[1] and chosen[0] in legal
        assert draws[0] == draws[1]
