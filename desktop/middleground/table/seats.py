"""Who sits where: a name and who makes that seat's choices."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

HUMAN = "human"  # a player at the table, behind the curtain
BOT = "bot"
CONTROLLERS = (HUMAN, BOT)


@dataclass(frozen=True)
class Seat:
    """One seat: the player's name, human or bot (with its level), and an optional PIN."""

    name: str
    controller: str = HUMAN
    level: str = "normal"
    pin_hash: str = ""  # a hash, never the PIN itself

    @property
    def is_bot(self) -> bool:
        return self.controller == BOT

    @property
    def label(self) -> str:
        return f"{self.name} (bot, {self.level})" if self.is_bot else self.name

    def with_pin(self, pin: str) -> Seat:
        return replace(self, pin_hash=hash_pin(self.name, pin) if pin else "")

    def pin_matches(self, pin: str) -> bool:
        return not self.pin_hash or hash_pin(self.name, pin) == self.pin_hash

    def to_json(self) -> dict[str, str]:
        return {
            "name": self.name,
            "controller": self.controller,
            "level": self.level,
            "pin_hash": self.pin_hash,
        }

    @staticmethod
    def from_json(data: Any) -> Seat:
        """A saved seat; ValueError if any part of it is not what `to_json` writes."""
        if not isinstance(data, Mapping):
            raise ValueError("a seat is not a set of fields")
        controller = data.get("controller", HUMAN)
        if controller not in CONTROLLERS:
            raise ValueError(f"unknown controller {controller!r}")
        name, level, pin_hash = data["name"], data.get("level", "normal"), data.get("pin_hash", "")
        if not all(isinstance(text, str) for text in (name, level, pin_hash)):
            raise ValueError("a seat's name, level and PIN are text")
        return Seat(name, controller, level, pin_hash)


def hash_pin(name: str, pin: str) -> str:
    import hashlib  # here: only a PIN needs it, and it costs the app's start a few ms

    return hashlib.sha256(f"middleground:{name}:{pin}".encode()).hexdigest()
