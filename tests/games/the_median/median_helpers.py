"""Setting up The Median at a chosen moment: who holds what, where it stands, who has what."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from middleground.engine import get_game

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
STANDARD = (1, 2, 3, 4, 5, 6, 7, 8, 9)


def game():
    return get_game("the-median")


def drafted(characters: Sequence[int] = STANDARD, seed: int = 1):
    """A game whose draft gave seat i the character `characters[i]` in one pass."""
    state = game().new_state(NAMES, {}, seed)
    for seat, character in enumerate(characters):
        state.apply(seat, {"pick": character})
    assert state.phase == "round" and state.round == 1
    return state


def at_round(
    round_number: int = 1,
    characters: Sequence[int] = STANDARD,
    conveyor: Sequence[Any] | None = None,
    points: Mapping[int, int] | None = None,
    holders: Mapping[int, int] | None = None,
):
    """A drafted game moved to the start of a round, with tiles, points and holders set."""
    state = drafted(characters)
    state.round = round_number
    if conveyor is not None:
        assert sorted(map(str, conveyor)) == sorted(map(str, state.conveyor))
        state.conveyor = tuple(conveyor)
    for seat, value in (points or {}).items():
        state.points[seat] = value
    for character, seat in (holders or {}).items():
        state.holder[character] = seat
    return state


def orders_for(state, seat: int, chosen: Mapping[int, Mapping[str, Any]]) -> dict[str, Any]:
    """The seat's orders: `chosen` per character, the others' "do nothing"."""
    return {"orders": {str(c): dict(chosen.get(c, {})) for c in state.held(seat)}}


def play_round(state, chosen: Mapping[int, Mapping[str, Any]] | None = None):
    """Every seat submits; `chosen` maps a character to its order (default: no push)."""
    chosen = chosen or {}
    for seat in range(len(state.players)):
        state.apply(seat, orders_for(state, seat, chosen))
    return state


def notices(state, seat: int) -> list[str]:
    return [e.text for e in state.events if e.audience and seat in e.audience]
