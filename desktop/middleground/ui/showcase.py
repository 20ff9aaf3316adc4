"""Screenshots of every screen, for looking at what we build: `make screenshots`.

Drives the real windows and saves each screen as a PNG: the home and setup screens here, then
each game's own scenes, from the `showcase.py` beside its rules (found the way the shell finds
its board and panel, so this names no game). Run it under Xvfb for real window decorations, or
offscreen.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from middleground.engine import Game

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]


class Stage:
    """What a game's scenes are handed: the window at 1280x720, a way to seat a table of the
    game, and a camera. Scenes drive the session as players would (lift, submit, acknowledge)
    and name each shot; the stage keeps which game took which."""

    def __init__(self, app, window, out: Path) -> None:
        self.app = app
        self.window = window
        self.out = out
        self.taken: dict[str, str] = {}  # shot name -> the game that took it ("" for the shell)
        self.game: Game | None = None

    def settle(self, rounds: int = 30) -> None:
        """Let the window catch up: events, bots' answers, repaints."""
        for _ in range(rounds):
            self.app.processEvents()
            if self.window.bridge is not None:
                self.window.bridge.wait_for_bots(50)
            time.sleep(0.005)

    def start(self, names, options=None, seed: int = 1, facilitator: bool = False):
        """A new table of the game on stage, seated by `names`, in the window; its session.
        The table before it ends, its projector window with it."""
        from middleground.table import Seat, Session
        from middleground.table.session import FACILITATOR, TABLE

        mode = FACILITATOR if facilitator else TABLE
        session = Session.start(self.game, [Seat(n) for n in names], options or {}, seed, mode)
        self.window.start_session(session)
        return session

    def still(self) -> None:
        """Boards at rest: a shot mid-move would show cards edge on and pieces between tiles."""
        window = self.window
        for board in (window.table.board, getattr(window.projector, "public", None)):
            board = getattr(board, "board", board)
            if hasattr(board, "finish_animations"):
                board.finish_animations()

    def shot(self, name: str, widget=None) -> None:
        """Save the window (or `widget`, such as the projector) as `name`.png."""
        self.settle()
        (widget or self.window).grab().save(str(self._path(name)))

    def picture(self, name: str) -> None:
        """Export the round picture, as a facilitator would, as `name`.png."""
        self.settle()
        self.window.export_picture(str(self._path(name)))

    def _path(self, name: str) -> Path:
        if name in self.taken:
            raise ValueError(f"two shots are named {name!r}")
        self.taken[name] = self.game.id if self.game else ""
        return self.out / f"{name}.png"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="showcase")
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    run(args.out)
    print(f"screenshots in {args.out}")
    return 0


def run(out: Path) -> Stage:
    """Every screen of every game into `out`; the stage, with what each game took."""
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("MIDDLEGROUND_HOME", tempfile.mkdtemp(prefix="mg-showcase-"))

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setStyle("Fusion")
    from middleground.engine import all_games
    from middleground.table.settings import Settings
    from middleground.widgets.plugin import game_module

    from .main_window import MainWindow

    window = MainWindow(Settings(idle_seconds=0, last_names=NAMES[:4]), autosave=False)
    window.resize(1280, 720)
    window.show()
    stage = Stage(app, window, out)
    stage.settle()
    stage.shot("home")
    games = all_games()
    window.show_setup(games[0])
    stage.shot("setup")
    for game in games:
        scenes = game_module(game, "showcase")
        if scenes is None:
            continue
        window.apply_theme("light")
        stage.game = game
        scenes.scenes(stage)
        stage.game = None
    window.apply_theme("dark")
    window.show_home()
    stage.shot("home-dark")
    window.close()
    return stage


if __name__ == "__main__":
    sys.exit(main())
