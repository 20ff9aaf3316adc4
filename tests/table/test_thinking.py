"""Bots think in worker processes: same answers as in turn, errors come back, nothing hangs."""

from __future__ import annotations

import concurrent.futures as futures
import os
import random
import subprocess
import sys
import time

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


APP_KILLED = """
import os, sys
from middleground.table import thinking
if __name__ == "__main__":
    pool = thinking.pool()
    print(pool.submit(os.getpid).result(timeout=120), flush=True)
    os.kill(os.getpid(), 9)  # the app dies at once: no atexit, no shutdown of the pool
"""


@pytest.mark.skipif(sys.platform != "linux", reason="read from /proc")
def test_bot_workers_end_when_the_app_is_killed(tmp_path):
    """Workers once outlived a killed app, some 80 MB each, for good."""
    script = tmp_path / "app.py"
    script.write_text(APP_KILLED)
    said = tmp_path / "said.txt"
    with said.open("w") as out:  # a file, not a pipe: workers still holding it cannot stall us
        subprocess.run([sys.executable, str(script)], stdout=out, timeout=300, check=False)
    worker = int(said.read_text().split()[0])
    for _ in range(600):  # a second's check, and a slow machine: give it up to a minute
        if not _running(worker):
            break
        time.sleep(0.1)
    assert not _running(worker)


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False
    except OSError:
        return True
