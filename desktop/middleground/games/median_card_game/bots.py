"""Heuristic bots for the Median card game. They read their own seat's view only: their hand,
the cards revealed so far, the hand sizes and the cards they have not seen (`unseen`).

- easy: plays the middle of its own hand, calls at random, leads a random card.
- normal: as a follower aims at the median of the cards it has not seen; as the leader (the
  weak seat: the others place after it) spends the card farthest from that median, saving its
  middle cards for rounds where it follows; calls the side its hand is strongest on.
- hard: estimates each card's chance to win by dealing the unseen cards at random many times,
  the others playing as the normal bot would, and weighs the chance by the cards at stake.

In companion mode the app knows no hand, so every level plays a random possible card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from middleground.engine import Action, View

from .cards import rank_value
from .judging import judge

SAMPLES = 120  # deals the hard bot imagines per card it considers


def _quantile(values: Sequence[int], q: float) -> float:
    ordered = sorted(values)
    return ordered[round(q * (len(ordered) - 1))] if ordered else 6.0


def _target(players: int, call: str | None) -> float:
    """Where the winning card sits among all the cards, as a fraction from the lowest."""
    if players % 2:
        return 0.5
    k = players // 2
    from_top = (k - 0.5) / players
    return 1 - from_top if call == "high" else from_top


@dataclass(frozen=True)
class Aims:
    """Where a seat aims, worked out once from the cards it has not seen."""

    follow: float  # the rank where the winning card is likely to fall
    middle: float  # the middle rank of the unseen cards


def aims_for(unseen: Sequence[str], players: int, call: str | None) -> Aims:
    values = [rank_value(c) for c in unseen]
    return Aims(_quantile(values, _target(players, call)), _quantile(values, 0.5))


def follow_card(cards: Sequence[str], aims: Aims, players: int, call: str | None) -> str:
    """The card nearest where the winning card is likely to fall among the unseen cards."""
    if players == 2:  # the higher (or lower) card wins outright: play the extreme
        pick = max if call == "high" else min
        return pick(cards, key=rank_value)
    return min(cards, key=lambda c: (abs(rank_value(c) - aims.follow), rank_value(c)))


def lead_card(cards: Sequence[str], aims: Aims, players: int, call: str | None) -> str:
    """As the leader with an odd count, spend the card farthest from the middle."""
    if players % 2 == 0:
        return follow_card(cards, aims, players, call)
    return max(cards, key=lambda c: (abs(rank_value(c) - aims.middle), -rank_value(c)))


def strong_call(hand: Sequence[str], unseen: Sequence[str]) -> str:
    """High if the hand's best card beats more unseen cards than its worst card is beaten by."""
    values = [rank_value(c) for c in unseen]
    top, bottom = max(map(rank_value, hand)), min(map(rank_value, hand))
    above_bottom = sum(1 for v in values if v > bottom)
    below_top = sum(1 for v in values if v < top)
    return "high" if below_top >= above_bottom else "low"


class _HeuristicBot:
    level = ""

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        board = view.board
        if board["hand"] is None:
            return rng.choice(list(legal))
        if "call" in legal[0]:
            return _action(legal, "call", self.call(board, rng))
        cards = [a["card"] for a in legal]
        return _action(legal, "card", self.card(view, cards, rng))

    def call(self, board: Mapping[str, Any], rng: random.Random) -> str:
        return strong_call(board["hand"], board["unseen"])

    def card(self, view: View, cards: list[str], rng: random.Random) -> str:
        board, players = view.board, len(view.players)
        aims = aims_for(board["unseen"], players, board["call"])
        play = lead_card if view.seat == board["leader"] else follow_card
        return play(cards, aims, players, board["call"])


class EasyBot(_HeuristicBot):
    level = "easy"

    def call(self, board: Mapping[str, Any], rng: random.Random) -> str:
        return rng.choice(("high", "low"))

    def card(self, view: View, cards: list[str], rng: random.Random) -> str:
        if view.seat == view.board["leader"]:
            return rng.choice(cards)
        ordered = sorted(cards, key=rank_value)
        return ordered[len(ordered) // 2]


class NormalBot(_HeuristicBot):
    level = "normal"


class HardBot(_HeuristicBot):
    level = "hard"

    def call(self, board: Mapping[str, Any], rng: random.Random) -> str:
        hand = list(dict.fromkeys(board["hand"]))
        scores = {}
        for call in ("high", "low"):
            scores[call] = max(self._value(board, None, card, call, rng) for card in hand)
        return max(scores, key=lambda c: (scores[c], c == strong_call(hand, board["unseen"])))

    def card(self, view: View, cards: list[str], rng: random.Random) -> str:
        board = view.board
        values = {c: self._value(board, view.seat, c, board["call"], rng) for c in cards}
        middle = aims_for(board["unseen"], len(view.players), None).middle
        # Equal chances: spend the card least useful later, the one farthest from the middle.
        return max(cards, key=lambda c: (round(values[c], 3), abs(rank_value(c) - middle)))

    def _value(
        self,
        board: Mapping[str, Any],
        seat: int | None,
        card: str,
        call: str | None,
        rng: random.Random,
    ) -> float:
        """Expected cards won by playing `card`, the others' cards dealt from the unseen."""
        players = len(board["hand_sizes"])
        me = board["leader"] if seat is None else seat
        stake = players + board["pool"]
        unseen = list(board["unseen"])
        aims = aims_for(unseen, players, call)
        wins = 0
        for _ in range(SAMPLES):
            rng.shuffle(unseen)
            cards, start = [card] * players, 0
            for other in range(players):
                if other == me:
                    continue
                leading = other == board["leader"]
                placed = leading and board["table"][other]  # its card is off its hand
                size = max(1, board["hand_sizes"][other] + placed)
                hand = unseen[start : start + size] or [unseen[0]]
                start += size
                play = lead_card if leading else follow_card
                cards[other] = play(hand, aims, players, call)
            if judge(cards, call).winner == me:
                wins += 1
        return stake * wins / SAMPLES


def _action(legal: Sequence[Action], key: str, value: str) -> Action:
    return next(a for a in legal if a[key] == value)


BOTS: dict[str, Callable[[], _HeuristicBot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
}
