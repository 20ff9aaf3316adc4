"""A session at the table: seats, whose turn, the curtain, saves. Qt-free."""

from .seats import Seat
from .session import Changes, Curtain, Session

__all__ = ["Changes", "Curtain", "Seat", "Session"]
