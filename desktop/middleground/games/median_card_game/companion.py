"""Companion mode beside a real deck: which revealed cards are possible, and why one is not.

The app never sees the hands, so it cannot know who holds what; it can only refuse a card that
cannot exist: a rank the deck in use lacks, or a card whose every copy is already on the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from middleground.engine import FrozenDict, IllegalAction
from middleground.engine.words import join_names

from .cards import DECK_SIZES, card_name, deck_ranks, rank_word


def copies_left(full_deck: Sequence[str], played: Sequence[str], others: Sequence[str]) -> Counter:
    """How many of each card may still turn up, given the cards already revealed or entered."""
    left = Counter(full_deck)
    left.subtract(played)
    left.subtract(others)
    return left


def check_revealed(
    card: str,
    deck: str,
    copies: int,
    rounds: Sequence[FrozenDict],
    others: Sequence[str],
) -> None:
    """Raise IllegalAction if `card` cannot be in the decks, given the rounds played so far and
    the cards `others` entered this round."""
    named = card_name(card, article=False)
    if card[0] not in deck_ranks(deck):
        low = rank_word(DECK_SIZES[deck])
        raise IllegalAction(
            "cards in the deck", f"The {deck}-card deck runs from {low} to ace: it has no {named}."
        )
    earlier = [r["round"] for r in rounds for c in r["cards"] if c == card]
    now = list(others).count(card)
    if len(earlier) + now < copies:
        return
    decks = "one deck holds only one" if copies == 1 else f"{copies} decks hold only {copies}"
    where = played_when(earlier, now)
    text = f"The {named} cannot turn up again: it was played {where}, and {decks}."
    same_rank = sum(1 for r in rounds for c in r["cards"] if c[0] == card[0])
    same_rank += sum(1 for c in others if c[0] == card[0])
    if same_rank >= 4 * copies:
        text += f" All {same_rank} {rank_word(card[0], plural=True)} are already on the table."
    raise IllegalAction("each card once", text)


def played_when(earlier: Sequence[int], now: int) -> str:
    """When the copies of a card turned up, each round named once: "in round 1", "twice this
    round", "in round 1 and this round", "in rounds 2 and 5", "twice in round 3". `earlier`
    lists the round of each copy played before, `now` counts those entered this round."""
    counts = Counter(earlier)
    once = [str(r) for r in counts if counts[r] == 1]
    parts = []
    if once:
        parts.append(f"in round {once[0]}" if len(once) == 1 else f"in rounds {join_names(once)}")
    parts += [f"{_times(n)}in round {r}" for r, n in counts.items() if n > 1]
    if now:
        parts.append(f"{_times(now)}this round")
    return join_names(parts)


def _times(count: int) -> str:
    """How often, before a phrase of when: nothing for once, "twice ", "3 times "."""
    return "" if count == 1 else ("twice " if count == 2 else f"{count} times ")
