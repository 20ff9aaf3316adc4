"""`middleground --self-test`: prove an installed or frozen app can draw, play, read and save.

Run offscreen, so it works in CI and on a machine with no display. Every check runs even when
an earlier one fails, so one run names every problem; the exit code is 0 only when all pass.
It never touches the user's own files: settings and saves go to a temporary folder.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

SEED = 20240601
SAMPLE_ACTIONS = 6  # actions played into each sample game before it is drawn
MORE_BOT_ACTIONS = 60  # then bots play on (at most this many) until the human must choose
BOT_LEVEL = "easy"  # real bots in the bundle, at the cheapest level
# Assets are read by what they are; anything else must at least be a readable, non-empty file.
# Images are read through Qt's plugins, so an asset in a format the spec leaves out fails here.
IMAGES = {".png", ".ico", ".icns", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff"}


class SelfTestFailure(Exception):
    """A check found something wrong; the message says what."""


def main(argv: list[str] | None = None) -> int:
    """Run every check, print versions and `self-test ok`; return 0 only if all pass."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # A windowed Windows build has no console: then only the exit code speaks.
    out = sys.stdout or open(os.devnull, "w")  # noqa: SIM115
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="middleground-self-test-") as home, _private_home(home):
        from PySide6.QtWidgets import QApplication

        from middleground import __version__

        app = QApplication.instance() or QApplication([sys.argv[0]])
        _quiet_known_warnings()
        app.setApplicationName("Middle Ground")
        app.setApplicationVersion(__version__)
        failures = [name for name, check in checks(Path(home), out) if not _run(name, check, out)]
    out.write(f"{(len(failures) and 'self-test FAILED') or 'self-test ok'}")
    out.write(f" ({time.perf_counter() - started:.1f} s)\n")
    if failures:
        out.write(f"failed: {', '.join(failures)}\n")
    out.flush()
    return 1 if failures else 0


@contextmanager
def _private_home(home: str) -> Iterator[None]:
    """Point the app's settings and saves into `home` for the duration of the test."""
    saved = os.environ.get("MIDDLEGROUND_HOME")
    os.environ["MIDDLEGROUND_HOME"] = home
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("MIDDLEGROUND_HOME", None)
        else:
            os.environ["MIDDLEGROUND_HOME"] = saved


# Harmless Qt warnings that would bury a real one: the offscreen platform cannot resize
# windows to their hints, and Qt's ICNS reader stops at table-of-contents entries it does not
# know (macOS reads the whole file).
KNOWN_WARNINGS = ("does not support propagateSizeHints", "QICNSHandler::scanDevice")


def _quiet_known_warnings() -> None:
    from PySide6.QtCore import qInstallMessageHandler

    def handler(mode, context, message: str) -> None:
        if not any(known in message for known in KNOWN_WARNINGS):
            sys.stderr.write(message + "\n")

    qInstallMessageHandler(handler)


def _run(name: str, check: Callable[[], str], out: TextIO) -> bool:
    try:
        detail = check()
    except Exception as error:  # every failure is reported, whatever raised it
        reason = str(error) or type(error).__name__
        out.write(f"FAILED {name}: {reason}\n")
        if not isinstance(error, SelfTestFailure):
            traceback.print_exc(file=sys.stderr)
        return False
    out.write(f"ok {name}{': ' + detail if detail else ''}\n")
    return True


def versions() -> list[tuple[str, str]]:
    """The versions a bug report needs."""
    import pyqtgraph
    import PySide6
    from PySide6.QtCore import qVersion

    from middleground import __version__

    frozen = " (frozen)" if getattr(sys, "frozen", False) else ""
    return [
        ("Middle Ground", __version__ + frozen),
        ("Python", f"{platform.python_version()} ({platform.platform(terse=True)})"),
        ("Qt", qVersion()),
        ("PySide6", PySide6.__version__),
        ("pyqtgraph", pyqtgraph.__version__),
    ]


def print_versions(out: TextIO) -> str:
    for name, version in versions():
        out.write(f"{name} {version}\n")
    return ""


def checks(home: Path, out: TextIO) -> list[tuple[str, Callable[[], str]]]:
    """Every check, named: the versions, one per game, then the shell and the assets."""
    from middleground.engine import all_games

    games = all_games()
    named: list[tuple[str, Callable[[], str]]] = [
        ("versions", lambda: print_versions(out)),
        ("games registered", lambda: ", ".join(g.id for g in games) or _fail("no games found")),
    ]
    named += [(f"game {g.id}", lambda g=g: check_game(g, home)) for g in games]
    named += [
        ("main window", check_main_window),
        ("score chart", check_chart),
        ("bot workers", check_bot_workers),
        ("assets", check_assets),
        ("rules texts", lambda: check_rules(games)),
    ]
    return named


def _fail(reason: str):
    raise SelfTestFailure(reason)


# ----- one game: a sample session, its board, its panel, the projector, a save ------------


def sample_session(game, seed: int = SEED):
    """A game in progress: bots in every seat but the first (a human), a few actions played."""
    from middleground.ai import make_bot
    from middleground.table import Seat, Session
    from middleground.table.seats import BOT

    count = max(game.min_players, min(4, game.max_players))
    seats = [Seat("Player 1")]
    seats += [Seat(f"Player {i + 1}", BOT, BOT_LEVEL) for i in range(1, count)]
    session = Session.start(game, seats, dict(game.presets[0][1]), seed)
    bot = make_bot(game, BOT_LEVEL)
    rng = random.Random(seed)
    for played in range(SAMPLE_ACTIONS + MORE_BOT_ACTIONS):
        state = session.state
        owed = state.awaiting()
        if state.is_terminal() or (played >= SAMPLE_ACTIONS and 0 in owed):
            break
        seat = owed[0]
        if session.seats[seat].is_bot:
            action = bot.choose(state.seat_view(seat), state.legal_actions(seat), rng)
            session.submit_bot(seat, action, session.version)
        else:
            _human_plays(session, seat, rng.choice(state.legal_actions(seat)))
    if not session.state.history:
        raise SelfTestFailure("no action could be played")
    return session


def _human_plays(session, seat: int, action) -> None:
    """Go through the curtain as a player does: acknowledge a reveal, lift, choose."""
    from middleground.table.session import PASS, PUBLIC

    if session.curtain.stage == PUBLIC:
        session.acknowledge()
    if session.curtain.stage == PASS:
        session.lift(seat)
    session.submit(seat, action)


def check_game(game, home: Path) -> str:
    from PySide6.QtWidgets import QApplication

    from middleground.widgets.plugin import board_for, panel_for
    from middleground.widgets.theme import LIGHT

    from .bridge import TableBridge
    from .projector import ProjectorWindow

    session = sample_session(game)
    state = session.state
    board = board_for(game, LIGHT)
    board.show_view(session.public_view())
    _paint_scene(board, f"{game.id} board")

    human = 0
    panel = panel_for(game)
    panel.show_view(state.seat_view(human), state.action_form(human), state.events_for(human))
    panel.resize(480, 640)
    panel.show()
    QApplication.processEvents()
    _paint_widget(panel, f"{game.id} panel")
    panel.close()

    # The bots' first timer is set far beyond the test: this checks drawing, not bots thinking.
    bridge = TableBridge(session, save=False, bot_delay_ms=24 * 3600 * 1000)
    projector = ProjectorWindow(bridge.feed, game)
    projector.show()
    QApplication.processEvents()
    _paint_widget(projector, f"{game.id} projector")
    projector.close()

    check_save_and_reload(session, home / f"{game.id}.json")
    return (
        f"{len(state.history)} actions, {len(state.players)} seats, "
        f"board, panel, projector, save and reload"
    )


def check_save_and_reload(session, path: Path) -> None:
    """Save to `path`, load it back, and require the very same game."""
    from middleground.table.saves import load_session, save_session

    save_session(session, path)
    loaded = load_session(path)
    if loaded.to_json() != session.to_json():
        raise SelfTestFailure(f"{path.name} reloaded differently from what was saved")
    before, after = session.state, loaded.state
    if after.public_view() != before.public_view():
        raise SelfTestFailure(f"{path.name}: the reloaded public view differs")
    for seat in range(len(before.players)):
        if after.seat_view(seat) != before.seat_view(seat):
            raise SelfTestFailure(f"{path.name}: seat {seat}'s reloaded view differs")
        if after.legal_actions(seat) != before.legal_actions(seat):
            raise SelfTestFailure(f"{path.name}: seat {seat}'s reloaded choices differ")


def _paint_scene(scene, what: str) -> None:
    from PySide6.QtGui import QImage, QPainter

    image = QImage(800, 450, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter)
    painter.end()
    if not scene.items():
        raise SelfTestFailure(f"the {what} drew nothing")


def _paint_widget(widget, what: str) -> None:
    if widget.grab().isNull():
        raise SelfTestFailure(f"the {what} could not be drawn")


# ----- the shell -------------------------------------------------------------------------


def check_main_window() -> str:
    from PySide6.QtWidgets import QApplication

    from middleground.table.settings import Settings

    from .main_window import MainWindow

    window = MainWindow(Settings(), autosave=False)
    window.show()
    QApplication.processEvents()
    _paint_widget(window, "main window")
    window.close()
    return "home screen"


def check_chart() -> str:
    import pyqtgraph as pg
    from PySide6.QtWidgets import QApplication

    chart = pg.PlotWidget()
    chart.plot([0, 1, 2, 3], [0, 2, 1, 3], pen=pg.mkPen("#0072B2", width=3), symbol="o")
    chart.resize(400, 300)
    chart.show()
    QApplication.processEvents()
    _paint_widget(chart, "score chart")
    chart.close()
    return "pyqtgraph plot"


def check_bot_workers() -> str:
    """A bot decides in a worker process (a fresh copy of this app, frozen or not) exactly as
    it does in this one."""
    import random

    from middleground.ai import make_bot
    from middleground.engine import all_games
    from middleground.table import thinking

    game = all_games()[0]
    players = [f"P{i}" for i in range(max(3, game.min_players))]
    state = game.new_state(players, {}, SEED)
    seat = state.awaiting()[0]
    view, legal = state.seat_view(seat), state.legal_actions(seat)
    expected = make_bot(game, "normal").choose(view, legal, random.Random(SEED))
    answer = thinking.think(game.id, "normal", view, legal, SEED).result(timeout=120)
    if answer != expected:
        _fail(f"a worker chose {answer} where the bot in this process chose {expected}")
    kind = type(thinking.pool()).__name__
    thinking.shutdown(wait=True)
    return f"{game.id} normal bot in a {kind}"


# ----- assets ----------------------------------------------------------------------------


def check_assets() -> str:
    """Read every file under assets/ by its kind: Markdown rendered, SVG and images drawn."""
    from middleground.assets import assets_dir

    root = assets_dir()
    files = sorted(p for p in root.rglob("*") if p.is_file())
    if not files:
        raise SelfTestFailure(f"no assets found in {root}")
    kinds: dict[str, int] = {}
    for path in files:
        suffix = path.suffix.lower()
        if suffix == ".md":
            _render_markdown(path)
        elif suffix == ".svg":
            _render_svg(path)
        elif suffix in IMAGES:
            _load_image(path)
        elif not path.read_bytes():
            raise SelfTestFailure(f"{path.relative_to(root)} is empty")
        kinds[suffix or path.name] = kinds.get(suffix or path.name, 0) + 1
    counted = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items()))
    return f"{len(files)} files from {root} ({counted})"


def _render_markdown(path: Path) -> None:
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setMarkdown(path.read_text(encoding="utf-8"))
    if not document.toPlainText().strip():
        raise SelfTestFailure(f"{path.name} rendered as nothing")


def _render_svg(path: Path) -> None:
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(path))
    if not renderer.isValid():
        raise SelfTestFailure(f"{path.name} is not a valid SVG")
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    if all(image.pixel(x, y) == 0 for x in range(0, 64, 4) for y in range(0, 64, 4)):
        raise SelfTestFailure(f"{path.name} rendered blank")


def _load_image(path: Path) -> None:
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    if image.isNull():
        raise SelfTestFailure(f"{path.name} cannot be read as an image (missing image plugin?)")


def check_rules(games) -> str:
    """Every game's rules file is there: the rules screen would otherwise show a bare note."""
    from middleground.assets import assets_dir

    missing = [g.rules_file for g in games if not (assets_dir() / "rules" / g.rules_file).is_file()]
    if missing:
        raise SelfTestFailure(f"rules missing: {', '.join(missing)}")
    return f"{len(games)} games"
