"""Settings kept between runs: theme, curtain options, the last names used."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

from middleground.engine import SaveError

from .saves import config_dir, read_json, write_atomically

THEMES = ("system", "light", "dark", "projection")


@dataclass
class Settings:
    theme: str = "system"
    idle_seconds: int = 60  # the curtain falls after this long without input (0: never)
    hold_to_lift: bool = False  # lift the curtain by holding a key instead of a button + key
    reduced_motion: bool = False
    last_names: list[str] = field(default_factory=list)

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
        known = {f.name for f in fields(cls)}
        settings = cls()
        for key, value in data.items():
            if key in known and isinstance(value, type(getattr(settings, key))):
                setattr(settings, key, value)
        if settings.theme not in THEMES:
            settings.theme = "system"
        return settings

    def save(self) -> None:
        write_atomically(config_dir() / "settings.json", asdict(self))
