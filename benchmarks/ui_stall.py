"""The longest UI-thread stall while bots think, measured through the real table.

A MainWindow plays a whole game offscreen with every seat a bot (levels mixed, `hard` among
them) and the projector open, exactly as the app does: bots think on the bridge's thread pool,
their actions are applied, autosaved and drawn on the UI thread. A 5 ms timer on the UI thread
records how late each of its ticks arrives; the stall is the longest gap between two ticks less
the timer's own interval. Gaps are kept apart by what was happening: while a bot was thinking
(the target's case), and overall (which adds applying actions, saving and redrawing).

Run by benchmarks/run.py, or alone: `python benchmarks/ui_stall.py [--game ID] [--seconds S]`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from typing import Any

TICK_MS = 5
READ_MS = 300  # how long the table looks at a reveal before moving on
PLAYERS = 9
LEVELS = ("hard", "normal", "easy", "hard", "random", "normal", "hard", "easy", "normal")


def _seats(game, players: int):
    from middleground.table import Seat
    from middleground.table.seats import BOT

    return [Seat(f"Bot {i + 1}", BOT, LEVELS[i % len(LEVELS)]) for i in range(players)]


def measure(game_id: str, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Play `game_id` through the UI for at most `seconds`; the gaps the UI thread saw."""
    from PySide6.QtCore import QElapsedTimer, QEventLoop, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from middleground.engine import get_game
    from middleground.table import Session
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    game = get_game(game_id)
    players = min(max(PLAYERS, game.min_players), game.max_players)
    window = MainWindow(Settings(idle_seconds=0))  # the app's own pace between bots
    window.resize(1280, 800)
    window.show()
    session = Session.start(game, _seats(game, players), {}, seed)
    window.start_session(session)
    window.open_projector()

    clock = QElapsedTimer()
    clock.start()
    last = clock.nsecsElapsed()
    thinking: list[float] = []
    other: list[float] = []
    decisions = {"count": 0}

    def tick() -> None:
        nonlocal last
        now = clock.nsecsElapsed()
        gap = (now - last) / 1e6 - TICK_MS
        last = now
        (thinking if window.bridge and window.bridge.running else other).append(max(0.0, gap))

    def acted(_changes) -> None:
        decisions["count"] += 1
        curtain = session.curtain
        if curtain.stage == "public" and curtain.reason == "reveal":
            QTimer.singleShot(READ_MS, session.acknowledge)  # the table has read the reveal

    window.bridge.changed.connect(acted)
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.timeout.connect(tick)
    timer.start(TICK_MS)
    loop = QEventLoop()
    deadline = time.monotonic() + seconds

    def check() -> None:
        if session.state.is_terminal() or time.monotonic() > deadline:
            loop.quit()

    watcher = QTimer()
    watcher.timeout.connect(check)
    watcher.start(50)
    loop.exec()
    timer.stop()
    watcher.stop()
    window.bridge.wait_for_bots(5000)
    finished = session.state.is_terminal()
    window.close()
    if window.projector is not None:
        window.projector.close()
    app.processEvents()

    def summary(gaps: list[float]) -> dict[str, Any]:
        if not gaps:
            return {"ticks": 0, "max_ms": None, "p99_ms": None}
        ordered = sorted(gaps)
        return {
            "ticks": len(gaps),
            "max_ms": round(ordered[-1], 1),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 1),
            "median_ms": round(statistics.median(ordered), 2),
        }

    return {
        "players": players,
        "levels": [s.level for s in session.seats],
        "finished": finished,
        "changes": decisions["count"],
        "while_bots_think": summary(thinking),
        "otherwise": summary(other),
    }


def run(games: list[str] | None, seconds: float) -> dict[str, Any]:
    """Every game (or those named), each played through the UI for at most `seconds`."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["MIDDLEGROUND_HOME"] = tempfile.mkdtemp(prefix="middleground-bench-")
    from middleground.engine import all_games

    return {g.id: measure(g.id, seconds) for g in all_games() if not games or g.id in games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--seconds", type=float, default=20.0, help="at most this long a game")
    args = parser.parse_args(argv)
    json.dump(run(args.game, args.seconds), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
