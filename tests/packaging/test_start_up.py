"""Start-up loads only what the first window needs: a game's rules load when it is played, its
bots and their numpy when a game asks for them, the table's screens and pyqtgraph when shown."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

START = """
import os, sys
os.environ["MIDDLEGROUND_HOME"] = sys.argv[1]
from PySide6.QtWidgets import QApplication
app = QApplication([])
from middleground.table.settings import Settings
from middleground.ui.main_window import MainWindow
window = MainWindow(Settings())
window.show()
app.processEvents()
late = [m for m in ("numpy", "pyqtgraph") if m in sys.modules]
late += sorted(
    m for m in sys.modules
    if m.startswith("middleground.") and m.rsplit(".", 1)[1] in ("bots", "rules", "table_screen")
)
print("loaded early:", ",".join(late))
from middleground.ai import make_bot
from middleground.engine import registry
for game in registry.all_games():
    make_bot(game, "hard")
print("numpy after bots:", "numpy" in sys.modules)
state = registry.get_game("the-median").new_state([f"P{i}" for i in range(9)], {}, 1)
print("rules once played:", "middleground.games.the_median.rules" in sys.modules)
"""


def test_the_first_window_opens_without_rules_bots_numpy_or_pyqtgraph(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", START, str(tmp_path)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    assert "loaded early: \n" in done.stdout, done.stdout
    # The check is not vacuous: a game's hard bot does bring numpy in.
    assert "numpy after bots: True" in done.stdout
    assert "rules once played: True" in done.stdout


def test_the_home_screen_opens_without_the_qt_namespace_or_the_style_class(tmp_path):
    """Building either for Python costs tens of milliseconds of every start (README: Installers);
    a stray `Qt.` on the way to the home screen would bring them back."""
    probe = (
        "from middleground.ui.app import run\n"
        "run([], quit_after_start=True)\n"
        "import PySide6.QtCore as core, PySide6.QtWidgets as widgets\n"
        "print('Qt' in vars(core), 'QStyle' in vars(widgets))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MIDDLEGROUND_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False"]


def _launcher():
    spec = importlib.util.spec_from_file_location("launcher", ROOT / "packaging" / "launcher.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_frozen_launcher_hands_only_multiprocessing_children_their_task():
    """The bundle's own worker start is checked by the frozen self-test (make dist-check)."""
    launcher = _launcher()
    assert not launcher.run_multiprocessing_child(["middleground"])
    assert not launcher.run_multiprocessing_child(["middleground", "--self-test"])
    assert not launcher.run_multiprocessing_child(["middleground", "-c", "print('not ours')"])
    helper = "from multiprocessing.util import get_logger; get_logger()"
    assert launcher.run_multiprocessing_child(["middleground", "-c", helper])
