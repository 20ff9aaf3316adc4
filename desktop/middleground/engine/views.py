"""Views: what one audience may know, as immutable data. Bots and panels only ever see these."""

from __future__ import annotations

from dataclasses import dataclass

from .frozen import FrozenDict


@dataclass(frozen=True)
class View:
    """The game as seen by one seat, or by the public when `seat` is None."""

    game: str
    seat: int | None
    players: tuple[str, ...]
    phase: str
    round: int
    awaiting: tuple[int, ...]  # seats that still owe a decision now
    submitted: tuple[int, ...]  # seats whose sealed choice is in (never what it is)
    sealed: bool
    finished: bool
    board: FrozenDict  # the game's own data for this audience
    my_submission: FrozenDict | None = None  # this seat's sealed choice, before the reveal

    @property
    def is_public(self) -> bool:
        return self.seat is None
