"""How a seat of the Median card game can play, on ranks alone.

Suits never decide a round, so here a card is its rank (0 for a two up to 12 for an ace), a
hand is a list of ranks and the cards a seat has not seen are counts by rank. The bots play
these policies, and the hard bot models the other seats as playing them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

RANKS = 13


def rank_counts(ranks: Sequence[int]) -> list[int]:
    counts = [0] * RANKS
    for rank in ranks:
        counts[rank] += 1
    return counts


def target_share(players: int, call: str | None) -> float:
    """Where the winning card sits among all the cards, as a fraction from the lowest."""
    if players % 2:
        return 0.5
    k = players // 2
    from_top = (k - 0.5) / players
    return 1 - from_top if call == "high" else from_top


def target_index(players: int, call: str | None) -> int:
    """The winning card's index among the round's cards sorted from the lowest: the middle
    one, or with an even count the upper or lower of the two middle ones, as called."""
    if players % 2:
        return players // 2
    return players // 2 if call == "high" else players // 2 - 1


def quantile(counts: Sequence[int], q: float) -> float:
    """The q-quantile rank of the cards counted by rank (index round(q * (n - 1)) in order)."""
    total = sum(counts)
    if total <= 0:
        return 6.0
    index = round(q * (total - 1))
    seen = 0
    for rank, count in enumerate(counts):
        seen += count
        if seen > index:
            return float(rank)
    return float(RANKS - 1)


def lone_winner(cards: Sequence[int], index: int) -> int | None:
    """The seat that alone played the rank at `index` of the sorted cards, else None."""
    rank = sorted(cards)[index]
    found = None
    for seat, card in enumerate(cards):
        if card == rank:
            if found is not None:
                return None
            found = seat
    return found


def win_chance(rank: int, unseen: Sequence[int], players: int, call: str | None) -> float:
    """The chance `rank` wins alone when the others' cards are drawn at random from the
    cards counted in `unseen`: exactly `index` of them below it and the rest above."""
    total = sum(unseen)
    if total <= 0:
        return 0.0
    below = sum(unseen[:rank]) / total
    above = sum(unseen[rank + 1 :]) / total
    index = target_index(players, call)
    return math.comb(players - 1, index) * below**index * above ** (players - 1 - index)


def best_call(hand: Sequence[int], unseen: Sequence[int], players: int) -> str:
    """The call under which the hand's best card is likeliest to win (high on a tie)."""
    best = {
        call: max(win_chance(v, unseen, players, call) for v in set(hand))
        for call in ("high", "low")
    }
    return "high" if best["high"] >= best["low"] else "low"


def easy_follow(hand: Sequence[int], players: int, call: str | None) -> int:
    """The card of its own hand at the place the winning card takes among all the cards."""
    ordered = sorted(hand)
    if players == 2:
        return ordered[-1] if call == "high" else ordered[0]
    if players % 2:
        return ordered[len(ordered) // 2]
    spot = int(target_share(players, call) * len(ordered))
    return ordered[min(len(ordered) - 1, spot)]


def normal_follow(hand: Sequence[int], unseen: Sequence[int], players: int, call) -> int:
    """The card nearest where the winning card is likely to fall among the unseen cards; with
    two players, where the higher (or lower) card wins outright, the extreme."""
    if players == 2:
        return max(hand) if call == "high" else min(hand)
    aim = quantile(unseen, target_share(players, call))
    return min(hand, key=lambda v: (abs(v - aim), v))


def normal_lead(hand: Sequence[int], unseen: Sequence[int], players: int, call) -> int:
    """As the leader of an odd table (the others place after it), spend the card farthest
    from the middle and keep the middle cards for rounds it follows."""
    if players % 2 == 0:
        return normal_follow(hand, unseen, players, call)
    middle = quantile(unseen, 0.5)
    return max(hand, key=lambda v: (abs(v - middle), -v))
