"""Start-up loads only what the first window needs: a game's rules load when it is played, its
bots and their numpy when a game asks for them, the table's screens and pyqtgraph when shown."""

from __future__ import annotations

import os
import subprocess
import sys

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
