"""The layers below the UI never import Qt: a fresh interpreter proves it, module by module."""

from __future__ import annotations

import subprocess
import sys

# Every module of the package but the Qt shell (ui/), the widgets the games' views build on,
# and each game's Qt views: a game's board (The Median's also in piece_art and belt_shape), its
# panel (The Median's in four parts: the panel, its Trade tab, its character picks and its
# wrapping widgets), the card game's card faces and It's Good Enough's tokens. Anything new
# elsewhere is checked without a list to forget it from.
CHECK = """
import importlib, pkgutil, sys
import middleground
QT_VIEWS = ("board", "panel", "trade_tab", "picks", "wrapping",
            "card_art", "piece_art", "belt_shape", "token_art")
modules = [
    info.name
    for info in pkgutil.walk_packages(middleground.__path__, "middleground.")
    if not info.name.startswith(("middleground.ui", "middleground.widgets"))
    and not info.name.endswith("__main__")
    and not (info.name.startswith("middleground.games.") and info.name.split(".")[-1] in QT_VIEWS)
]
for name in modules:
    importlib.import_module(name)
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph"))
print(",".join(modules))
print("Qt:", ",".join(qt[:5]))
sys.exit(1 if qt else 0)
"""


def test_everything_below_the_ui_imports_without_qt():
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    checked = done.stdout.splitlines()[0].split(",")
    for name in (
        "middleground.games.good_enough.rules",
        "middleground.ai.ismcts",
        "middleground.games.the_median.search",
        "middleground.table.thinking",
        "middleground.cli",
        "middleground.terminal",
    ):
        assert name in checked
