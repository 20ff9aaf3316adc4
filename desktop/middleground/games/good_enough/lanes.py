"""Where It's Good Enough's tokens go above the number line: a lane each, stacked into a dot
plot when neighbours would overlap, each labelled where its lane has room, and the sizes a
board tries, largest first, until a crowd fits."""

from __future__ import annotations

import math
from typing import NamedTuple

GAP = 10.0  # between neighbours in a lane
HALO = 11.0  # how far a scorer's halo reaches beyond its token, its pen included


class Look(NamedTuple):
    """The size of the tokens and their labels, and how many lanes stack above the line."""

    radius: float
    lane_gap: float
    lanes: int
    text: float
    initial: float


ROOMY = Look(radius=34.0, lane_gap=84.0, lanes=5, text=30.0, initial=30.0)
CROWDED = Look(radius=24.0, lane_gap=60.0, lanes=7, text=24.0, initial=24.0)
PACKED = Look(radius=18.0, lane_gap=47.0, lanes=9, text=22.5, initial=22.5)  # a close crowd
LOOKS = (ROOMY, CROWDED, PACKED)  # largest first


class Spot(NamedTuple):
    lane: int
    label: str  # "right", "left" or "" when its lane has no room for the label


class Layout(NamedTuple):
    spots: dict[int, Spot]
    crammed: bool  # some token found no free lane and shares one

    @property
    def labelled(self) -> int:
        return sum(1 for spot in self.spots.values() if spot.label)


def lay_out(
    tokens: list[tuple[int, float, float]],
    look: Look,
    first: set[int] = frozenset(),
    last: set[int] = frozenset(),
    label_all: bool = True,
    scorer_labels_first: bool = True,
    reaches: dict[int, float] | None = None,
    *,
    board_width: float,
) -> Layout | None:
    """Place tokens (seat, x, label width) in lanes above the number line, each in the lowest
    lane with room, left to right. A token reaches its look's radius either side of its number,
    or as far as `reaches` says (a pill, for a wide mark).

    With `label_all`, every token takes its label beside it (to the right if there is room,
    else to the left), and None means they do not all fit. Otherwise the seats in `first` (the
    scorers) are placed first, with their labels where any lane has room; then the rest, tokens
    only, a token with no free lane sharing the one it overlaps least; then the rest's labels,
    where their lane has room, those in `last` (the seats out) last. If a token found no free
    lane, the scorers' labels are placed after every token instead, where room is left.

    A seat in `first` wears a halo, wider than its token: it needs more room in its lane, and
    where lanes are closer than two halos, some in the lanes above and below."""
    radius = look.radius
    reaches = reaches or {}
    # What each lane holds: (left, right, weight); a scorer's token and label weigh most, so a
    # token with no free lane goes where it covers as little of them as it can.
    taken: list[list[tuple[float, float, int]]] = [[] for _ in range(look.lanes)]

    def free(lane: int, left: float, right: float) -> bool:
        return all(right + GAP <= a or b + GAP <= left for a, b, _ in taken[lane])

    def label_room(lane: int, x: float, width: float, reach: float) -> tuple[str, float] | None:
        for side, left in (("right", x + reach + GAP), ("left", x - reach - GAP - width)):
            inside = left >= 10 and left + width <= board_width - 10
            if inside and free(lane, left, left + width):
                return side, left
        return None

    # How far apart two haloed discs in neighbouring lanes must sit, side to side; as an
    # interval kept in those lanes (wider by a pill's straight middle), which others keep
    # clear of by their reach and a gap.
    apart = math.sqrt(max(0.0, (2 * (radius + HALO)) ** 2 - look.lane_gap**2))

    def place(x: float, width: float, labelled: bool, halo: bool, reach: float) -> Spot | None:
        half = reach + HALO if halo else reach
        beside = max(0.0, apart - radius - GAP + reach - radius)
        for lane in range(look.lanes):
            near = [i for i in (lane - 1, lane + 1) if halo and apart and 0 <= i < look.lanes]
            if not free(lane, x - half, x + half):
                continue
            if not all(free(i, x - beside, x + beside) for i in near):
                continue
            room = label_room(lane, x, width, reach) if labelled else ("", 0.0)
            if room is None:
                continue
            weight = 100 if halo else 1
            taken[lane].append((x - half, x + half, weight))
            for i in near:
                taken[i].append((x - beside, x + beside, weight))
            if labelled:
                taken[lane].append((room[1], room[1] + width, weight))
            return Spot(lane, room[0])
        return None

    def reach_of(seat: int) -> float:
        return reaches.get(seat, radius)

    in_order = sorted(tokens, key=lambda t: (t[1], t[0]))
    spots: dict[int, Spot] = {}
    crammed = False
    if label_all:
        for seat, x, width in in_order:
            spot = place(x, width, labelled=True, halo=seat in first, reach=reach_of(seat))
            if spot is None:
                return None
            spots[seat] = spot
        return Layout(spots, crammed)
    if scorer_labels_first:
        for seat, x, width in [t for t in in_order if t[0] in first]:
            reach = reach_of(seat)
            spot = place(x, width, True, True, reach) or place(x, width, False, True, reach)
            if spot is not None:
                spots[seat] = spot
    else:
        for seat, x, width in [t for t in in_order if t[0] in first]:
            spot = place(x, width, False, halo=True, reach=reach_of(seat))
            if spot is not None:
                spots[seat] = spot
    for seat, x, width in [t for t in in_order if t[0] not in spots]:
        reach = reach_of(seat)
        spot = place(x, width, labelled=False, halo=False, reach=reach)
        if spot is None:
            crammed = True
            lane = min(
                range(look.lanes),
                key=lambda i: sum(w for a, b, w in taken[i] if a < x + reach and x - reach < b),
            )
            taken[lane].append((x - reach, x + reach, 1))
            spot = Spot(lane, "")
        spots[seat] = spot
    for seat, x, width in sorted(in_order, key=lambda t: (t[0] not in first, t[0] in last)):
        spot = spots[seat]
        if spot.label:
            continue
        room = label_room(spot.lane, x, width, reach_of(seat))
        if room is not None:
            taken[spot.lane].append((room[1], room[1] + width, 1))
            spots[seat] = Spot(spot.lane, room[0])
    layout = Layout(spots, crammed)
    if crammed and scorer_labels_first:  # the scorers' labels took the room: place them last?
        later = lay_out(
            tokens, look, first, last, label_all, False, reaches, board_width=board_width
        )
        return layout if later is None or later.crammed else later
    return layout


def spread(xs: list[float], apart: float) -> list[float]:
    """Positions near `xs` (in order) at least `apart` from each other: a run of neighbours
    too close is spread evenly about its own centre."""
    runs: list[list[float]] = []  # each run: its wanted positions
    for x in xs:
        runs.append([x])
        while len(runs) > 1:
            last, before = runs[-1], runs[-2]
            if _centre(before) + (len(before) + len(last)) * apart / 2 <= _centre(last):
                break
            runs[-2:] = [before + last]
    return [
        _centre(run) + (index - (len(run) - 1) / 2) * apart
        for run in runs
        for index in range(len(run))
    ]


def _centre(run: list[float]) -> float:
    return sum(run) / len(run)
