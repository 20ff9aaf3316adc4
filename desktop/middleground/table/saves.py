"""Saving sessions and settings to disk: atomic writes, clear messages for bad files.

A save is written to a temporary file in the same folder, flushed to disk and renamed over the
target, so a crash mid-write leaves the previous file intact and never half a file.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from middleground.engine import SaveError

from .session import Session

APP = "middleground"
AUTOSAVE = "autosave.json"


def _home_override() -> Path | None:
    home = os.environ.get("MIDDLEGROUND_HOME")
    return Path(home) if home else None


def data_dir() -> Path:
    """Where saves live (the platform's user data folder)."""
    home = _home_override()
    if home:
        return home / "data"
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    """Where settings live (the platform's user config folder)."""
    home = _home_override()
    if home:
        return home / "config"
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP, appauthor=False))


def write_atomically(path: Path, data: Any) -> None:
    """Write JSON to `path` so that it is either wholly the new content or untouched."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, ensure_ascii=False)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def read_json(path: Path) -> Any:
    """Read a JSON file, turning every way it can be unreadable into a SaveError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"There is no file {path}.") from None
    except UnicodeDecodeError:
        raise SaveError("This file is not a Middle Ground save (it is not text).") from None
    except OSError as error:
        raise SaveError(f"The file cannot be read: {error.strerror}.") from None
    if not text.strip():
        raise SaveError("The save file is empty.")
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise SaveError("The save file is damaged or cut short: it cannot be read.") from None


def save_session(session: Session, path: Path) -> None:
    try:
        write_atomically(path, session.to_json())
    except OSError as error:
        raise SaveError(f"The game could not be saved there: {error.strerror}.") from None


def load_session(path: Path) -> Session:
    return Session.from_json(read_json(path))


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def autosave(session: Session) -> None:
    """Keep the interrupted-game file current; removed when the game ends."""
    if session.state.is_terminal():
        clear_autosave()
        return
    save_session(session, autosave_path())


def clear_autosave() -> None:
    with contextlib.suppress(FileNotFoundError):
        autosave_path().unlink()


def interrupted_game() -> Session | None:
    """The game that was interrupted (a crash, a kill), if there is one that can be read."""
    path = autosave_path()
    if not path.exists():
        return None
    try:
        return load_session(path)
    except SaveError:
        return None
