"""Views: what one audience may know, as immutable data. Bots and panels only ever see these."""

from __future__ import annotations

from dataclasses import dataclass, field

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
    # The game's options are public: bots and the samplers that deal unseen information need
    # them (a deck's size, the tie-break), and the board need not repeat them.
    options: FrozenDict = field(default_factory=FrozenDict)
    # Set on the boards' view while a hot-seat table reads a reveal: the game has moved on to
    # what comes next, but the table waits for Continue, not for anyone's choice.
    revealing: bool = False
