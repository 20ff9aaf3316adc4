"""The hard bot of the Median card game: it reads how each other seat plays from the cards it
has revealed, deals the cards it has not seen many times over, and weighs each of its cards by
its chance to win the round against what is at stake.

Every round each seat spends a card whatever happens, so a card that can win is worth keeping
for a round with a pool: when only the round's own cards are at stake the bot plays the card
least likely to win, saving its middle cards; when a pool makes the stake worth more than a
kept card, it plays the card likeliest to win. Everything here reads one seat's view.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from middleground.engine import Action, View

from .cards import build_deck, rank_value, rank_values
from .policies import (
    easy_follow,
    lone_winner,
    normal_follow,
    normal_lead,
    quantile,
    rank_counts,
    target_index,
    target_share,
)

DEALS = 160  # deals of the unseen cards per decision (p95 about 3 ms at nine players)
SLIP = 0.15  # how much of any style's play is taken for a slip (a random card)
# A middle card kept for later is worth this many cards per player at the table: a round whose
# stake is worth less is played to lose, one worth as much spends the card farthest from the
# middle. Tuned by tournaments at every table size (README, Bots): at two and four players
# every round is played to win; at an even table of six or more a round with no pool spends a
# card from the ends; at an odd table a round needs a pool of at least one round's cards to be
# worth a middle card.
KEPT_CARD_WORTH = {"small even": 0.8, "odd": 1.6, "even": 1.0}
RANDOM, EASY, NORMAL = 0, 1, 2  # the styles another seat may play


def _at_least(draws: int, p: float, k: int) -> float:
    """P(at least k of `draws` draws succeed), each with chance p."""
    return sum(math.comb(draws, j) * p**j * (1 - p) ** (draws - j) for j in range(k, draws + 1))


def style_chances(
    counts: Sequence[int], rank: int, hand: int, players: int, leading: bool, call: str | None
) -> tuple[float, float, float]:
    """The chance a seat holding `hand` cards drawn from `counts` plays `rank`, for each style
    (random, easy, normal)."""
    total = sum(counts)
    if total <= 0 or counts[rank] <= 0:
        return 1.0, 1.0, 1.0
    mass = [c / total for c in counts]
    p_rank = mass[rank]
    below = sum(mass[:rank])
    if leading:  # the easy leader plays any card
        easy = p_rank
    else:  # the easy follower plays the card at a fixed place in its sorted hand
        spot = easy_follow(list(range(hand)), players, call)
        easy = _at_least(hand, below + p_rank, spot + 1) - _at_least(hand, below, spot + 1)
    if leading and players % 2 and players > 2:
        # the normal leader plays its card farthest from the middle
        middle = quantile(counts, 0.5)
        closer = sum(
            m for v, m in enumerate(mass) if (abs(v - middle), -v) < (abs(rank - middle), -rank)
        )
        normal = (closer + p_rank) ** hand - closer**hand
    else:
        # the normal follower plays its card nearest the aim (the extreme with two players)
        if players == 2:
            key = (lambda v: -v) if call == "high" else (lambda v: v)
        else:
            aim = quantile(counts, target_share(players, call))
            key = lambda v: (abs(v - aim), v)  # noqa: E731
        before = sum(m for v, m in enumerate(mass) if key(v) < key(rank))
        normal = (1 - before) ** hand - (1 - before - p_rank) ** hand
    return p_rank, (1 - SLIP) * easy + SLIP * p_rank, (1 - SLIP) * normal + SLIP * p_rank


def style_weights(view: View) -> list[list[float]]:
    """For every seat, how likely it plays each style (random, easy, normal), by the cards it
    has revealed; even odds before it has played. The seat's own row is unused."""
    board, options = view.board, view.options
    n = len(view.players)
    logs = [[0.0, 0.0, 0.0] for _ in range(n)]
    counts = rank_counts(rank_values(build_deck(options["deck"], options["decks"])))
    hand = options["hand_size"]
    for record in board["rounds"]:
        cards = record["cards"]
        for seat in range(n):
            if seat == view.seat:
                continue
            leading = seat == record["leader"]
            chances = style_chances(
                counts, rank_value(cards[seat]), hand, n, leading, record["call"]
            )
            for style in range(3):
                logs[seat][style] += math.log(max(chances[style], 1e-9))
        for card in cards:
            counts[rank_value(card)] -= 1
        if not record["drew"]:
            hand -= 1
    weights = []
    for row in logs:
        top = max(row)
        raw = [math.exp(v - top) for v in row]
        weights.append([v / sum(raw) for v in raw])
    return weights


def _pick_style(weights: Sequence[float], rng: random.Random) -> int:
    roll = rng.random()
    for style, weight in enumerate(weights):
        roll -= weight
        if roll < 0:
            return style
    return NORMAL


def play_as(
    style: int,
    hand: Sequence[int],
    unseen: Sequence[int],
    players: int,
    leading: bool,
    call: str | None,
    rng: random.Random,
) -> int:
    """The card a seat of `style` plays from `hand`, `unseen` being what it has not seen."""
    if style == RANDOM or (style == EASY and leading):
        return hand[int(rng.random() * len(hand))]
    if style == EASY:
        return easy_follow(hand, players, call)
    play = normal_lead if leading else normal_follow
    return play(hand, unseen, players, call)


def win_chances(
    view: View, calls: Sequence[str | None], rng: random.Random, deals: int = DEALS
) -> dict[str | None, dict[int, float]]:
    """For each call and each rank in the seat's hand: the chance that rank wins the round
    alone, the others' hands dealt from the unseen cards and played in the styles read."""
    board, me = view.board, view.seat
    assert me is not None
    n = len(view.players)
    hand = rank_values(board["hand"])
    ranks = sorted(set(hand))
    unseen = rank_values(board["unseen"])
    # what no seat but its holder has seen: the unseen cards, my hand and my face-down card
    hidden = rank_counts(unseen)
    for v in hand + rank_values([board["my_card"]] if board["my_card"] else []):
        hidden[v] += 1
    weights = style_weights(view)
    sizes, leader = board["hand_sizes"], board["leader"]
    placed = view.phase == "follow" and leader != me  # the leader's card is still to deal
    wins = {call: dict.fromkeys(ranks, 0) for call in calls}
    for _ in range(deals):
        rng.shuffle(unseen)
        cards = [0] * n
        start = 0
        dealt: list[tuple[int, list[int], list[int], int]] = []
        for seat in range(n):
            if seat == me:
                continue
            size = sizes[seat] + (placed and seat == leader)
            others_hand = unseen[start : start + size]
            start += size
            theirs = list(hidden)  # what that seat has not seen: all but its own hand
            for v in others_hand:
                theirs[v] -= 1
            dealt.append((seat, others_hand, theirs, _pick_style(weights[seat], rng)))
        for call in calls:
            for seat, others_hand, theirs, style in dealt:
                cards[seat] = play_as(style, others_hand, theirs, n, seat == leader, call, rng)
            index = target_index(n, call)
            counts = wins[call]
            for v in ranks:
                cards[me] = v
                if lone_winner(cards, index) == me:
                    counts[v] += 1
    return {call: {v: w / deals for v, w in counts.items()} for call, counts in wins.items()}


def considered_choice(
    view: View, legal: Sequence[Action], rng: random.Random, deals: int = DEALS
) -> Action:
    """The call its best card is likeliest to win under; the card likeliest to win when the
    stake is worth more than a kept card, else the card least likely to win."""
    board = view.board
    n = len(view.players)
    if "call" in legal[0]:
        chances = win_chances(view, ["high", "low"], rng, deals)
        best = {c: max(chances[c].values()) for c in ("high", "low")}
        call = max(("high", "low"), key=lambda c: (best[c], c == "high"))
        return next(a for a in legal if a["call"] == call)
    chance = win_chances(view, [board["call"]], rng, deals)[board["call"]]
    stake = n + board["pool"]
    table = "odd" if n % 2 else "small even" if n <= 4 else "even"
    margin = stake - KEPT_CARD_WORTH[table] * n
    middle = quantile(rank_counts(rank_values(board["unseen"])), 0.5)
    # Equal worth: spend the card least useful later, the one farthest from the middle.
    ranks = sorted({rank_value(a["card"]) for a in legal})
    pick = max(ranks, key=lambda v: (round(chance[v] * margin, 6), abs(v - middle)))
    return next(a for a in legal if rank_value(a["card"]) == pick)
