"""Bots think in worker processes: same answers as in turn, errors come back, nothing hangs."""

from __future__ import annotations

import concurrent.futures as futures
import os
import random

import pytest

from middleground.ai import make_bot
from middleground.engine import get_game
from middleground.table import thinking


@pytest.mark.parametrize("game_id", ["good-enough", "median-card-game", "the-median"])
def test_a_worker_decides_exactly_as_the_bot_does_in_turn(game_id):
    game = get_game(game_id)
    players = [f"P{i}" for i in range(min(max(5, game.min_players), game.max_players))]
    state = game.new_state(players, {}, 7)
    seat = state.awaiting()[0]
    view, legal = state.seat_view(seat), state.legal_actions(seat)
    expected = make_bot(game, "hard").choose(view, legal, random.Random(99))
    answer = thinking.think(game_id, "hard", view, legal, 99).result(timeout=120)
    assert answer == expected and answer in legal


def test_a_bots_error_comes_back_with_the_answer():
    game = get_game("good-enough")
    state = game.new_state(["A", "B", "C"], {}, 1)
    done = thinking.think("good-enough", "no-such-level", state.seat_view(0), [], 1)
    with pytest.raises(ValueError, match="Unknown bot level"):
        done.result(timeout=120)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="POSIX niceness")
def test_bots_think_below_the_windows_priority():
    # With every core busy with bots, the window must still be served first (no stalls).
    pool = thinking.pool()
    if not isinstance(pool, futures.ProcessPoolExecutor):
        pytest.skip("no worker processes on this machine")
    worker = pool.submit(os.nice, 0).result(timeout=120)
    assert worker >= os.nice(0) + min(thinking.NICENESS, 19 - os.nice(0))
