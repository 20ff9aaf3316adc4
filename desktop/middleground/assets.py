"""Finding the app's assets (rules texts, icons, card art) from source and from a frozen bundle."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def assets_dir() -> Path:
    """The assets folder: MIDDLEGROUND_ASSETS, the frozen bundle's copy, or the source tree's."""
    override = os.environ.get("MIDDLEGROUND_ASSETS")
    if override:
        return Path(override)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def rules_text(rules_file: str) -> str:
    """A game's rules in Markdown, or a plain note if the file is missing."""
    path = assets_dir() / "rules" / rules_file
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return "The rules for this game could not be found."
