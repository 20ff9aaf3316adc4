"""The conveyor as a tuple of ten pieces, tile 1 first: pure moves that return a new tuple.

Every move is a rearrangement: the ten pieces stay the same ten (the hypothesis tests hold
every function here to that).
"""

from __future__ import annotations

from collections.abc import Sequence

from .characters import GRAVITY_REACH, Piece

TILES = 10
ROUNDS = 9

Conveyor = tuple[Piece, ...]


def setup(drafted: Sequence[int], dummy: Piece) -> Conveyor:
    """The drafted characters on tiles 1-9 by increasing tiebreak value, the dummy on tile 10."""
    return (*sorted(drafted), dummy)


def tile(conveyor: Conveyor, piece: Piece) -> int:
    """The tile (1-10) a piece stands on."""
    return conveyor.index(piece) + 1


def zone_start(round_number: int) -> int:
    """The leftmost tile of round `round_number`'s scoring zone (it always ends at tile 10)."""
    return round_number + 1


def in_zone(conveyor: Conveyor, piece: Piece, round_number: int) -> bool:
    return tile(conveyor, piece) >= zone_start(round_number)


def adjacent(conveyor: Conveyor, a: Piece, b: Piece) -> bool:
    """Neighbouring tiles; tiles 1 and 10 are not neighbours (adjacency never wraps)."""
    return abs(tile(conveyor, a) - tile(conveyor, b)) == 1


def push(conveyor: Conveyor, steps: int, anchored: Piece | None = None) -> Conveyor:
    """Move the belt `steps` tiles left; each step the leftmost moving piece wraps to the right.

    An anchored piece keeps its tile and the others jump over it.
    """
    places = [i for i, p in enumerate(conveyor) if p != anchored]
    moving = [conveyor[i] for i in places]
    shift = steps % len(moving)
    moving = moving[shift:] + moving[:shift]
    result = list(conveyor)
    for index, piece in zip(places, moving, strict=True):
        result[index] = piece
    return tuple(result)


def jump(conveyor: Conveyor, piece: Piece) -> tuple[Conveyor, tuple[Piece, ...]]:
    """Move `piece` to tile 1; those it passes shift one tile right. Returns (conveyor, shifted)."""
    index = conveyor.index(piece)
    shifted = conveyor[:index]
    return (piece, *shifted, *conveyor[index + 1 :]), shifted


def pull(
    conveyor: Conveyor, puller: Piece, target: Piece, reach: int = GRAVITY_REACH
) -> tuple[Conveyor, tuple[Piece, ...]]:
    """Pull `target` (within `reach` tiles, no wrapping) beside `puller`, on the side it came
    from; the pieces in between shift one tile away from the puller. Returns (conveyor, moved);
    out of reach or already beside it, nothing moves."""
    here, there = conveyor.index(puller), conveyor.index(target)
    distance = abs(here - there)
    if distance > reach or distance <= 1:
        return conveyor, ()
    if there < here:
        between = conveyor[there + 1 : here]
        result = (*conveyor[:there], *between, target, *conveyor[here:])
    else:
        between = conveyor[here + 1 : there]
        result = (*conveyor[: here + 1], target, *between, *conveyor[there + 1 :])
    return result, (target, *between)


def in_reach(conveyor: Conveyor, puller: Piece, target: Piece, reach: int = GRAVITY_REACH) -> bool:
    """Whether a pull would move `target` (within reach and not already beside the puller)."""
    return 1 < abs(conveyor.index(puller) - conveyor.index(target)) <= reach


def swap(conveyor: Conveyor, a: Piece, b: Piece) -> Conveyor:
    """Exchange the tiles of two pieces."""
    result = list(conveyor)
    i, j = result.index(a), result.index(b)
    result[i], result[j] = b, a
    return tuple(result)
