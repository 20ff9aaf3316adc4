"""Who sits where: a name and who makes that seat's choices."""

from __future__ import annotations

import re
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
    def role(self) -> str:
        """Who plays the seat, as the table may be told: "hard bot" for a bot (its level was
        chosen in front of everyone), nothing for a person."""
        return f"{self.level} bot" if self.is_bot else ""

    @property
    def label(self) -> str:
        """The name, and a bot's level after it ("Bo (hard bot)"); the name alone is the
        player's identity, in saves and logs."""
        return f"{self.name} ({self.role})" if self.is_bot else self.name

    def with_pin(self, pin: str) -> Seat:
        return replace(self, pin_hash=hash_pin(pin) if pin else "")

    def pin_matches(self, pin: str) -> bool:
        import hmac  # here, as hashlib below

        if not self.pin_hash:
            return True
        if self.pin_hash.startswith(SCRYPT):
            _scrypt, cost, salt, _hash = self.pin_hash.split("$")
            return hmac.compare_digest(hash_pin(pin, bytes.fromhex(salt), int(cost)), self.pin_hash)
        return hmac.compare_digest(_old_hash(self.name, pin), self.pin_hash)

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
        if pin_hash and not PIN_HASHES.fullmatch(pin_hash):
            raise ValueError("a seat's PIN check is damaged")
        return Seat(name, controller, level, pin_hash)


# A PIN is kept as a salted scrypt hash, "scrypt$COST$SALT$HASH" (COST: log2 of scrypt's N):
# different for two players who chose the same PIN, and some 50 ms a try, so that trying every
# 4-digit PIN takes minutes, not a moment (a longer PIN, days; the save holds every secret of
# the game anyway: this guards a PIN its player may use elsewhere). Saves from before it kept
# a plain SHA-256 of the name and the PIN, which still opens them.
SCRYPT = "scrypt$"
PIN_COST = 14  # about 50 ms a PIN on a laptop (the tests lower it: see tests/conftest.py)
PIN_HASHES = re.compile(r"scrypt\$(1[0-6]|[4-9])\$[0-9a-f]{32}\$[0-9a-f]{64}|[0-9a-f]{64}")


def hash_pin(pin: str, salt: bytes | None = None, cost: int | None = None) -> str:
    import hashlib  # here: only a PIN needs it, and it costs the app's start a few ms
    import os

    salt = os.urandom(16) if salt is None else salt
    cost = PIN_COST if cost is None else cost
    # scrypt takes 128 * r * N bytes; OpenSSL refuses past 32 MB unless told it may
    memory = 128 * 8 * 2**cost + 2**20
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=2**cost, r=8, p=1, maxmem=memory, dklen=32)
    return f"{SCRYPT}{cost}${salt.hex()}${digest.hex()}"


def _old_hash(name: str, pin: str) -> str:
    import hashlib

    return hashlib.sha256(f"middleground:{name}:{pin}".encode()).hexdigest()
