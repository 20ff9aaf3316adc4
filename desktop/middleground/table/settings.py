"""Settings kept between runs: theme, curtain options, the last table set up (names, who
played each seat, the mode)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

from middleground.engine import SaveError

from .saves import config_dir, read_json, write_atomically

THEMES = ("system", "light", "dark", "projection")
MAX_IDLE = 24 * 3600  # seconds: longer is as good as never, and a Qt timer cannot hold more


@dataclass
class Settings:
    theme: str = "system"
    idle_seconds: int = 60  # the curtain falls after this long without input (0: never)
    hold_to_lift: bool = False  # lift the curtain by holding a key instead of a button + key
    reduced_motion: bool = False
    last_names: list[str] = field(default_factory=list)
    last_levels: list[str] = field(default_factory=list)  # a seat's bot level, "" for a person
    last_mode: str = ""

    @classmethod
    def load(cls) -> Settings:
        path = config_dir() / "settings.json"
        if not path.exists():
            return cls()
        try:
            data = read_json(path)
        except SaveError:
            return cls()
        if not isinstance(data, dict):
            return cls()
        settings = cls()
        for key in (f.name for f in fields(cls)):
            value = data.get(key)
            if _fits(key, value):
                setattr(settings, key, value)
        return settings

    def save(self) -> None:
        write_atomically(config_dir() / "settings.json", asdict(self))


def _fits(key: str, value: object) -> bool:
    """Whether a value read from the settings file can stand for `key` (else the default)."""
    if key == "theme":
        return value in THEMES
    if key == "idle_seconds":
        return type(value) is int and 0 <= value <= MAX_IDLE
    if key in ("last_names", "last_levels"):
        return isinstance(value, list) and all(isinstance(name, str) for name in value)
    if key == "last_mode":
        return isinstance(value, str)
    return type(value) is bool  # hold_to_lift, reduced_motion
