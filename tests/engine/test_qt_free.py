"""The layers below the UI never import Qt: a fresh interpreter proves it."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import importlib, pkgutil, sys
import middleground.games as games
modules = ["middleground.engine", "middleground.ai", "middleground.cli"]
for optional in ("middleground.table",):
    try:
        importlib.import_module(optional)
        modules.append(optional)
    except ModuleNotFoundError:
        pass
for info in pkgutil.iter_modules(games.__path__):
    for part in ("rules", "bots"):
        name = f"middleground.games.{info.name}.{part}"
        if importlib.util.find_spec(name):
            modules.append(name)
for name in modules:
    importlib.import_module(name)
for name in ("middleground.table.session", "middleground.table.saves"):
    if importlib.util.find_spec(name):
        importlib.import_module(name)
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph"))
print(",".join(modules))
sys.exit(1 if qt else 0)
"""


def test_engine_rules_bots_ai_table_and_cli_import_without_qt():
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "middleground.games.good_enough.rules" in done.stdout
