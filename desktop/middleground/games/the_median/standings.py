"""Rankings between rounds, the median player, and the final places with the seed's tie rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

PLAYERS = 9  # the seed's table: nine players, one character each after the draft


def median_total(totals: Sequence[int]) -> int:
    """The middle total (the 5th best of 9): everyone on it counts as the median player."""
    return sorted(totals)[len(totals) // 2]


def side(totals: Sequence[int], seat: int) -> int:
    """+1 above the current median, -1 below it, 0 for a median player (the sign of ± points)."""
    middle = median_total(totals)
    return (totals[seat] > middle) - (totals[seat] < middle)


def true_order(totals: Sequence[int]) -> list[int]:
    """Seats from the highest total down; equal totals keep table (seat) order."""
    return sorted(range(len(totals)), key=lambda s: (-totals[s], s))


def displayed_order(totals: Sequence[int], humble: int | None) -> list[int]:
    """The ranking as revealed: Humble's holder one place lower, unless already last."""
    order = true_order(totals)
    if humble is not None:
        at = order.index(humble)
        if at < len(order) - 1:
            order[at], order[at + 1] = order[at + 1], order[at]
    return order


def contested_places(players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(losing places, winning places): 1st and last lose, the middle place wins."""
    return (1, players), ((players + 1) // 2,)


def final_order(
    totals: Sequence[int], sums: Sequence[int], starts: Mapping[int, int] | Sequence[int]
) -> list[int]:
    """Seats in final place order (1st first).

    Equal totals form a group over consecutive places. Within a group the players are taken in
    order of their held tiebreak sum, lowest first, then their starting character's value [2].
    The group's losing places (1st, last) are filled first, then its winning place (the
    middle) [3]; any places left in the group follow in the same order.
    """
    losing, winning = contested_places(len(totals))
    order = true_order(totals)
    result: list[int] = []
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and totals[order[end + 1]] == totals[order[start]]:
            end += 1
        group = sorted(order[start : end + 1], key=lambda s: (sums[s], starts[s]))
        places = list(range(start + 1, end + 2))
        wanted = [p for p in losing if p in places] + [p for p in winning if p in places]
        rest = [p for p in places if p not in wanted]
        filled = dict(zip(wanted + rest, group, strict=True))
        result.extend(filled[p] for p in places)
        start = end + 1
    return result
