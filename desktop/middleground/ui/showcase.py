"""Screenshots of every screen, for looking at what we build: `make screenshots`.

Drives the real windows through a scripted It's Good Enough game (or the game given with
--game) and saves each screen as a PNG. Run it under Xvfb for real window decorations, or
offscreen.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

SIZES = {"720p": (1280, 720), "1080p": (1920, 1080), "4k": (3840, 2160)}
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]
PICKS = [[37, 52, 48, 71, 48], [12, 44, 50, 49, 90], [60, 55, 61, 30, 58]]


def _settle(app, bridge=None, rounds: int = 30) -> None:
    for _ in range(rounds):
        app.processEvents()
        if bridge is not None:
            bridge.wait_for_bots(50)
        time.sleep(0.005)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="showcase")
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("MIDDLEGROUND_HOME", tempfile.mkdtemp(prefix="mg-showcase-"))

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setStyle("Fusion")
    from middleground.engine import get_game
    from middleground.table import Seat, Session
    from middleground.table.settings import Settings

    from .main_window import MainWindow

    window = MainWindow(Settings(idle_seconds=0, last_names=NAMES[:4]), autosave=False)
    window.resize(*SIZES["720p"])
    window.show()
    _settle(app)

    def shot(name: str, widget=None) -> None:
        _settle(app, window.bridge)
        (widget or window).grab().save(str(args.out / f"{name}.png"))

    shot("home")
    game = get_game("good-enough")
    window.show_setup(game)
    shot("setup")
    seats = [Seat(n) for n in NAMES]
    session = Session.start(game, seats, {"rounds": 3}, seed=11)
    window.start_session(session)
    shot("curtain")
    for round_picks in PICKS[:2]:
        for seat, number in enumerate(round_picks):
            if session.curtain.stage == "pass":
                session.lift(seat)
            if seat == 2 and round_picks is PICKS[1]:
                shot("panel")
            session.submit(seat, {"number": number})
        if round_picks is PICKS[0]:
            shot("reveal")
        session.acknowledge()
    window.open_projector()
    for label, size in SIZES.items():
        window.projector.resize(*size)
        shot(f"projector-{label}", window.projector)
    for seat, number in enumerate(PICKS[2]):
        session.lift(seat)
        session.submit(seat, {"number": number})
    window.table.continue_button.click()
    shot("results")
    _crowd(window, shot)
    window.apply_theme("dark")
    window.show_home()
    shot("home-dark")
    from .showcase_median_card import shots as median_card_shots

    median_card_shots(window, shot)
    from .showcase_the_median import shots as the_median_shots

    the_median_shots(window, shot, args.out)
    print(f"screenshots in {args.out}")
    window.close()
    return 0


def _crowd(window, shot) -> None:
    """An event's fifty players (the most the game takes) at a facilitator's console, after one
    reveal: the console, and the projector's dot plot beside standings in columns."""
    import random

    from middleground.engine import get_game
    from middleground.table import Seat, Session
    from middleground.table.session import FACILITATOR

    rng = random.Random(30)
    seats = [Seat(f"Guest {n}") for n in range(1, 51)]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 30, FACILITATOR)
    window.start_session(session)
    for seat in range(len(seats)):
        session.submit(seat, {"number": max(0, min(100, round(rng.gauss(40, 18))))})
    session.acknowledge()
    shot("crowd-console")
    window.open_projector()
    window.projector.resize(*SIZES["1080p"])
    shot("crowd-projector-1080p", window.projector)
    window.projector.close()


if __name__ == "__main__":
    sys.exit(main())
