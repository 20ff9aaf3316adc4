"""The seed's two sample games and a game played from a table of picks, for the tests."""

from __future__ import annotations

import dataclasses

from middleground.engine import get_game

GAME = get_game("good-enough")
# The seed's samples: each round's picks in seat order.
SAMPLE_ONE = [[99, 0, 50, 49], [50, 50, 50, 1], [73, 22, 6, 25], [88, 70, 75, 97], [97, 78, 39, 27]]
SAMPLE_TWO = [[4, 22, 89], [87, 83, 59], [55, 55, 0], [23, 66, 50], [50, 50, 50]]


def play(players, rounds_of_picks, **options):
    """A game with `options` (seed 1), each round's picks applied in seat order."""
    state = GAME.new_state(players, options, seed=1)
    for picks in rounds_of_picks:
        for seat, number in enumerate(picks):
            state.apply(seat, {"number": number})
    return state


def played(options, rounds, revealing=False, players=("Ann", "Ben", "Cat")):
    """The public view after `rounds` of picks (None: each player's first choice), as the
    board shows it while the table reads the last reveal if `revealing`."""
    state = GAME.new_state(players, options, seed=1)
    for picks in rounds:
        for seat, pick in enumerate(picks):
            action = {"number": pick} if pick is not None else state.legal_actions(seat)[0]
            state.apply(seat, action)
    view = state.public_view()
    return dataclasses.replace(view, revealing=revealing) if revealing else view
