"""Judging one round: which card is the median, whether one player alone holds its rank.

Pure functions of the revealed cards (and, with an even count of players, the leader's call),
as RLCard's judger: the state asks, the judge answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from middleground.engine.words import join_names

from .cards import by_rank, card_name, rank_word

# The k-th card of 2k players, in words: a table of twenty (the most) calls for its tenth-
# highest, and the words run on to the twentieth, so a larger table would never switch to
# digits ("the 11th-highest card") halfway.
ORDINALS = (
    "",
    "",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
)


class Verdict(NamedTuple):
    """The outcome of a round: the target rank, who played it, and the winner if only one did."""

    rank: str  # the rank at the median position ("Q")
    holders: tuple[int, ...]  # every seat that played that rank
    winner: int | None  # the one holder, or None when the rank was shared (cards to the pool)


def target_name(players: int, call: str | None) -> str:
    """Which card wins, in words: "the middle card", "the higher card", "the second-lowest
    card"."""
    if players % 2:
        return "the middle card"
    if players == 2:
        return "the higher card" if call == "high" else "the lower card"
    return f"the {ORDINALS[players // 2]}-{'highest' if call == 'high' else 'lowest'} card"


def judge(cards: Sequence[str], call: str | None = None) -> Verdict:
    """Judge a round; `cards[seat]` is the card that seat played.

    With an odd count the median is the middle card. With 2k players the leader's call picks
    the k-th highest ("high") or k-th lowest ("low") card; with two players that is simply the
    higher or the lower. Only ranks count: if anyone else played the target's rank, nobody wins.
    """
    players = len(cards)
    if players % 2 == 0 and call not in ("high", "low"):
        raise ValueError("an even count of players needs the leader's call, high or low")
    ordered = by_rank(cards)  # the suits' order among equal ranks never matters here
    if players % 2:
        target = ordered[players // 2]
    elif call == "high":
        target = ordered[players - players // 2]
    else:
        target = ordered[players // 2 - 1]
    rank = target[0]
    holders = tuple([seat for seat, card in enumerate(cards) if card[0] == rank])
    return Verdict(rank, holders, holders[0] if len(holders) == 1 else None)


def explain_round(
    players: Sequence[str],
    cards: Sequence[str],
    call: str | None,
    verdict: Verdict,
    pool_taken: int,
    pool_after: int,
) -> str:
    """Why the round went as it did, in the game's words, to follow the round's label ("Round
    1: "): what happened in the past tense, the pool as it now stands in the present. It starts
    in lower case where it starts with the game's own words ("Round 3: the second-lowest card
    was a five, …"), as It's Good Enough's line does."""
    target = target_name(len(players), call)
    played = len(cards)
    if verdict.winner is not None:
        who = players[verdict.winner]
        card = card_name(cards[verdict.winner])
        text = f"{who} played {target}, {card}, and took the {played} cards"
        if pool_taken:
            text += f" and the pool of {pool_taken}"
        return text + "."
    names = join_names([players[s] for s in verdict.holders])
    both = "both" if len(verdict.holders) == 2 else "all"
    word = rank_word(verdict.rank)
    article = "an" if word[0] in "ae" else "a"
    return (
        f"{target} was {article} {word}, and {names} {both} "
        f"played {rank_word(verdict.rank, plural=True)}: the {played} cards went to the pool, "
        f"which now holds {pool_after}."
    )
