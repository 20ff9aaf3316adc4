"""Events: the log of a game, each with its audience (everyone, or listed seats)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .frozen import FrozenDict

# The kind of event that opens a round ("Round 2 begins"). A game logs it in the action that
# ends the round before, so a board still showing that round's reveal tells it after Continue.
ROUND_START = "round start"
# The kind of event that tells a seat what it has just chosen in a sealed decision ("You chose
# 42."), logged for that seat alone as its choice comes in.
MY_CHOICE = "my choice"


@dataclass(frozen=True)
class Event:
    """Something that happened; `audience` None means every player and the projector.

    A private event speaks to its audience ("You chose 42."); `about` tells the same news of
    its seat by name ("Ann chose 42.") for a reader who is not that player: the facilitator,
    whose console shows a seat's events while entering its choices (Panel.console_for).
    Empty where the text reads alike to anyone ("Silence will mute Jump next round.")."""

    kind: str
    text: str
    audience: frozenset[int] | None = None
    data: FrozenDict = field(default_factory=FrozenDict)
    about: str = ""

    def told(self, at_console: bool) -> str:
        """The event's words for its own player, or `at_console` of its seat by name."""
        return (self.about or self.text) if at_console else self.text

    def visible_to(self, seat: int | None) -> bool:
        """Whether `seat` (None for the public) may see this event."""
        if self.audience is None:
            return True
        return seat is not None and seat in self.audience

    @property
    def public(self) -> bool:
        return self.audience is None


def detail(**values: Any) -> FrozenDict:
    """Event details as frozen data."""
    from .frozen import freeze

    return freeze(values)
