"""`middleground --self-test` as an installer runs it: a fresh interpreter, offscreen."""

from __future__ import annotations

import json
import os
import subprocess
import sys


def run(*argv: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "middleground", *argv],
        capture_output=True,
        text=True,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen", **env),
        timeout=180,
    )


def test_self_test_passes_from_source(tmp_path):
    done = run("--self-test", MIDDLEGROUND_HOME=str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "self-test ok" in done.stdout
    assert "FAILED" not in done.stdout
    for name in ("Middle Ground", "Python", "Qt", "PySide6", "pyqtgraph"):
        assert f"\n{name} " in f"\n{done.stdout}"
    # Every registered game got a board, a panel, the projector and a save round trip.
    for game in json.loads(run("games", "--json").stdout):
        assert f"ok game {game['id']}:" in done.stdout


def test_self_test_fails_with_the_reason_when_assets_are_missing(tmp_path):
    done = run(
        "--self-test",
        MIDDLEGROUND_HOME=str(tmp_path / "home"),
        MIDDLEGROUND_ASSETS=str(tmp_path / "no-assets"),
    )
    assert done.returncode == 1
    assert "FAILED assets: no assets found" in done.stdout
    assert "FAILED rules texts: rules missing" in done.stdout
    assert "self-test ok" not in done.stdout
