"""The hard bot's search: it deals what its seat has not seen many times over, plays each of
its cards (and, leading an even table, each call) to the end of the game in every deal, and
keeps the choice that wins most often. Determinized rollouts, as perfect-information Monte
Carlo, on ranks alone (suits never decide a round).

- Dealt from the seat's view only: the unseen cards are shuffled into the others' hands (the
  leader's face-down card with them), and the rest make the deck in an order of the deal's own.
- Every deal is played on in many copies at once (`Games`: one row a copy, every copy a round
  at the same time). Each copy gives every other seat a style for the game, drawn from how its
  revealed cards read (reading.py): a random seat picks at random, an easy or a normal one
  plays as that bot does (`styled_picks`); a leader calls at random. The seat itself plays on
  by the chance each of its cards wins alone, played for when the stake is worth a kept middle
  card, else the card least likely to win is spent.
- Every candidate meets the same deals and random picks (common random numbers), so the
  difference between two cards is what the cards do, not the luck of the draw.
- Near the end, with no draws left and few cards in hand, the rest of the game is solved
  exactly for each deal (the seat's best card and call at every round against the others'
  random picks), where that stays small.

The reward is the game's: the seat's share of the win (a win shared by k counts 1/k) under the
table's scoring, with the pool at the end going where the options send it.

benchmarks/median_card_ceiling.py runs this search told everything; test_card_ceiling.py holds
the simulator to the engine round by round and the exact end to the engine's expectimax.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from middleground.engine import View

from .cards import rank_values
from .policies import target_index, target_share
from .reading import EASY, NORMAL, RANDOM, style_weights

ROLLOUTS = 1000  # games played on per candidate and decision (`--budget`)
DEALS = 1000  # deals of the unseen cards a decision at most, the rollouts shared among them
EXACT = 3  # solve the rest exactly from this many cards in hand, no draws left ...
TAIL = 2  # ... and end a rollout exactly from this many
EXACT_ROWS = 300_000  # ... where the exact solution plays at most this many rounds at once
EXACT_DEALS = 20  # ... over at least this many deals
# A decision whose candidates times the rounds left pass this plays fewer games a candidate, in
# proportion, down to an eighth: the tables of the README stay under it, two players dealt 26
# cards each start at 52 candidates (calls and cards) and 26 rounds.
ROUNDS = 200
# What a middle card kept for later is worth to the seat as it plays on, in cards per player at
# the table: a round whose stake is worth less is played to lose. Tuned by tournaments of the
# bot that played by this rule alone (README, Bots): at two and four players every round is
# played to win; at an even table of six or more a round with no pool spends a card from the
# ends; at an odd table a round needs a pool of at least one round's cards.
KEPT_CARD_WORTH = {"small even": 0.8, "odd": 1.6, "even": 1.0}


@dataclass(frozen=True)
class Table:
    """What the simulator needs of the options: who leads, what scores, where the last pool
    goes."""

    players: int
    rounds_scored: bool = False
    pool_to_last_winner: bool = False
    two_player_lead: str = "alternate"

    @classmethod
    def of(cls, view: View) -> Table:
        options = view.options
        return cls(
            len(view.players),
            options["scoring"] == "rounds",
            options["final_pool"] == "last-winner",
            options["two_player_lead"],
        )

    @property
    def calls(self) -> tuple[bool | None, ...]:
        """The leader's calls, high first (an odd table has none)."""
        return (None,) if self.players % 2 else (True, False)

    def target(self, high: Any) -> Any:
        """The winning card's index among the round's ranks sorted from the lowest."""
        n = self.players
        if n % 2:
            return target_index(n, None)
        return np.where(high, target_index(n, "high"), target_index(n, "low"))

    def kept_card_worth(self) -> float:
        """What a middle card kept for later is worth, in cards, as `hard` weighs it."""
        n = self.players
        table = "odd" if n % 2 else "small even" if n <= 4 else "even"
        return KEPT_CARD_WORTH[table] * n


class Games:
    """Many games on ranks in lockstep: every row a game, every game a round at the same time,
    so all hold hands of one size. `deck[r]` is drawn from its end, one card a seat in seat
    order, as the engine draws."""

    def __init__(self, table, hands, deck, pool, taken, won, leader, last):
        self.table: Table = table
        self.hands: np.ndarray = hands  # (rows, players, hand size) ranks
        self.deck: np.ndarray = deck  # (rows, cards left)
        self.pool: np.ndarray = pool  # (rows,) cards in the pool
        self.taken: np.ndarray = taken  # (rows, players) cards taken
        self.won: np.ndarray = won  # (rows, players) rounds won
        self.leader: np.ndarray = leader  # (rows,)
        self.last: np.ndarray = last  # (rows,) the last round's winner with one, else -1
        self.rows, self.players = hands.shape[0], hands.shape[1]
        self._rows = np.arange(self.rows)
        self._seats = np.arange(self.players)

    @property
    def hand_size(self) -> int:
        return self.hands.shape[2]

    def draws_left(self) -> int:
        return self.deck.shape[1] // self.players

    def repeated(self, times: int) -> Games:
        """Each row `times` times over, in a row."""
        rep = functools.partial(np.repeat, repeats=times, axis=0)
        return Games(
            self.table,
            rep(self.hands),
            rep(self.deck),
            rep(self.pool),
            rep(self.taken),
            rep(self.won),
            rep(self.leader),
            rep(self.last),
        )

    def play(self, picks: np.ndarray, high: np.ndarray | None = None) -> np.ndarray:
        """One round: `picks[r, s]` is the index in seat s's hand of the card it plays in row
        r, `high[r]` the leader's call (even tables). Returns each row's winner, -1 for none."""
        n, rows, seats = self.players, self._rows, self._seats
        cards = self.hands[rows[:, None], seats[None, :], picks]
        index = self.table.target(high)
        target = np.sort(cards, axis=1)[rows, index]
        same = cards == target[:, None]
        lone = same.sum(axis=1) == 1
        winner = np.where(lone, same.argmax(axis=1), -1)
        self.pool += n
        hit, who = rows[lone], winner[lone]
        self.taken[hit, who] += self.pool[lone]
        self.won[hit, who] += 1
        self.pool[lone] = 0
        self.last = np.where(lone, winner, self.last)
        self.leader = self._next_leader(winner, lone)
        keep = np.ones(self.hands.shape, dtype=bool)
        keep[rows[:, None], seats[None, :], picks] = False
        size = self.hand_size
        self.hands = self.hands[keep].reshape(self.rows, n, size - 1)
        if self.deck.shape[1] >= n:
            drawn = self.deck[:, : -n - 1 : -1]  # seat 0 takes the top card, then seat 1 ...
            self.hands = np.concatenate([self.hands, drawn[:, :, None]], axis=2)
            self.deck = self.deck[:, :-n]
        return winner

    def _next_leader(self, winner: np.ndarray, lone: np.ndarray) -> np.ndarray:
        if self.players == 2:
            rule = self.table.two_player_lead
            if rule == "alternate":
                return 1 - self.leader
            if rule == "loser":
                return np.where(lone, 1 - winner, self.leader)
        return np.where(lone, winner, self.leader)

    def shares(self, seat: int) -> np.ndarray:
        """Each row's win share for `seat` once the hands are out: 1/k for a win shared by k."""
        if self.table.rounds_scored:
            scores = self.won
        else:
            scores = self.taken.copy()
            if self.table.pool_to_last_winner:
                hit = self._rows[self.last >= 0]
                scores[hit, self.last[hit]] += self.pool[hit]
        top = scores == scores.max(axis=1)[:, None]
        return top[:, seat] / top.sum(axis=1)


# ----- the seat's own play after its first card ---------------------------------------------


def lone_chances(
    games: Games, me: int, known: np.ndarray, picks: np.ndarray, index: Any
) -> np.ndarray:
    """For each row and each card in my hand, the chance that card is the lone winner: every
    other seat plays uniformly from its hand, except where `known[r, s]` says its card is
    already placed (`picks[r, s]`: the leader's face-down card)."""
    hands = games.hands
    mine = hands[:, me, :].astype(np.int16)
    rows = games._rows
    dp = np.zeros((*mine.shape, games.players))  # dp[..., k]: k of the others below my card
    dp[..., 0] = 1.0
    for seat in range(games.players):
        if seat == me:
            continue
        theirs = hands[:, seat, :].astype(np.int16)
        below = (theirs[:, None, :] < mine[:, :, None]).mean(axis=2)
        above = (theirs[:, None, :] > mine[:, :, None]).mean(axis=2)
        if known[:, seat].any():
            card = theirs[rows, picks[:, seat]][:, None]
            mask = known[:, seat][:, None]
            below = np.where(mask, card < mine, below)
            above = np.where(mask, card > mine, above)
        nxt = dp * above[..., None]
        nxt[..., 1:] += dp[..., :-1] * below[..., None]
        dp = nxt
    if np.ndim(index) == 0:
        return dp[..., index]
    return dp[rows, :, index]


def base_pick(
    games: Games, me: int, known: np.ndarray, picks: np.ndarray, high: np.ndarray | None
) -> np.ndarray:
    """My card (its index in my hand) in each row: the card likeliest to win alone when the
    stake is worth more than a kept card (always, when rounds are scored), else the one least
    likely to; among equals, the card farthest from the middle of the cards in play."""
    table = games.table
    chance = lone_chances(games, me, known, picks, table.target(high))
    if table.rounds_scored:
        margin = np.ones(games.rows)
    else:
        margin = (games.players + games.pool) - table.kept_card_worth()
    mine = games.hands[:, me, :].astype(np.float64)
    middle = np.median(games.hands.reshape(games.rows, -1), axis=1)
    score = chance * margin[:, None] + 1e-9 * np.abs(mine - middle[:, None])
    return score.argmax(axis=1)


def base_call(games: Games, me: int) -> np.ndarray:
    """The call under which my best card is likeliest to win alone (high on a tie)."""
    n = games.players
    known = np.zeros((games.rows, n), dtype=bool)
    picks = np.zeros((games.rows, n), dtype=np.int64)
    high = lone_chances(games, me, known, picks, target_index(n, "high")).max(axis=1)
    low = lone_chances(games, me, known, picks, target_index(n, "low")).max(axis=1)
    return high >= low


def styled_picks(games: Games, picks: np.ndarray, styles: np.ndarray, high) -> np.ndarray:
    """`picks` with every seat whose style (`styles[r, s]`) is easy or normal playing as that
    level does (policies.py); a random seat keeps its random pick, and so does an easy leader.
    A normal seat aims by all the cards still unplayed, its own among them."""
    rows, n, size = games.rows, games.players, games.hand_size
    if size == 1:
        return picks
    hands = games.hands.astype(np.int16)
    order = np.argsort(hands, axis=2, kind="stable")
    if n % 2:
        share: Any = target_share(n, None)
    else:
        share = np.where(high, target_share(n, "high"), target_share(n, "low"))
    if n == 2:
        spot = np.where(high, size - 1, 0)
    elif n % 2:
        spot = np.full(rows, size // 2)
    else:
        spot = np.minimum(size - 1, (share * size).astype(np.int64))
    spots = np.broadcast_to(spot[:, None, None], (rows, n, 1))
    easy = np.take_along_axis(order, spots, axis=2)[..., 0]
    unplayed = np.sort(np.concatenate([hands.reshape(rows, -1), games.deck], axis=1), axis=1)
    total = unplayed.shape[1]

    def at(q):
        return unplayed[games._rows, np.round(q * (total - 1)).astype(np.int64)][:, None, None]

    if n == 2:
        normal = np.where(high[:, None], hands.argmax(axis=2), hands.argmin(axis=2))
    else:
        normal = (np.abs(hands - at(share)) * 32 + hands).argmin(axis=2)
    leads = games._seats[None, :] == games.leader[:, None]
    if n % 2 and n > 2:  # an odd table's normal leader spends the card farthest from the middle
        far = (np.abs(hands - at(0.5)) * 32 - hands).argmax(axis=2)
        normal = np.where(leads, far, normal)
    out = np.where((styles == EASY) & ~leads, easy, picks)
    return np.where(styles == NORMAL, normal, out)


def play_on(
    games: Games,
    me: int,
    gen: np.random.Generator,
    copies: int,
    styles: np.ndarray | None = None,
) -> np.ndarray:
    """My win share in each row, the games played to the end from the start of a round: the
    others pick and call at random, or as their `styles` play; I play `base_pick` and
    `base_call`. The rows come in `copies` blocks that meet the same random picks (common random
    numbers)."""
    n = games.players
    block = games.rows // copies
    while games.hand_size:
        if games.draws_left() == 0 and games.hand_size <= TAIL and exact_rows(games) <= EXACT_ROWS:
            return exact_values(games, me)
        size = games.hand_size
        picks = np.tile(gen.integers(0, size, (block, n)), (copies, 1))
        leading = games.leader == me
        high = None
        if n % 2 == 0:
            coin = np.tile(gen.random(block), copies) < 0.5
            high = np.where(leading, base_call(games, me), coin)
        if styles is not None:
            picks = styled_picks(games, picks, styles, high)
        known = np.zeros((games.rows, n), dtype=bool)
        known[games._rows, games.leader] = ~leading
        known[:, me] = False
        picks[:, me] = base_pick(games, me, known, picks, high)
        games.play(picks, high)
    return games.shares(me)


# ----- the exact end ---------------------------------------------------------------------------


@functools.cache
def _joint_picks(size: int, players: int) -> np.ndarray:
    """Every joint pick of the table, one card index a seat (seat 0's the slowest to change)."""
    return np.array(list(itertools.product(range(size), repeat=players)), dtype=np.int64)


def exact_rows(games: Games) -> int:
    """How many rounds the exact solution from here plays at once, summed over its rounds."""
    calls = len(games.table.calls)
    total, rows = 0, games.rows
    for size in range(games.hand_size, 0, -1):
        rows *= calls * size**games.players
        total += rows
    return total


def exact_table(games: Games, me: int) -> np.ndarray:
    """With no draw left: for each row, each call (even tables) and each joint pick of the
    round, the value of the rest of the game to `me` played exactly. Shape (rows, calls, size,
    ..., size), one axis of picks a seat."""
    n, size, rows = games.players, games.hand_size, games.rows
    picks = _joint_picks(size, n)
    tables = []
    for high in games.table.calls:
        after = games.repeated(len(picks))
        joint = np.tile(picks, (rows, 1))
        after.play(joint, None if high is None else np.full(after.rows, high))
        tables.append(exact_values(after, me).reshape((rows,) + (size,) * n))
    return np.stack(tables, axis=1)


def exact_values(games: Games, me: int) -> np.ndarray:
    """The exact value of each row to `me` at the start of a round (before any call): I call
    and play my best, the others call and pick at random, and I see a random leader's call."""
    if games.hand_size == 0:
        return games.shares(me)
    table = exact_table(games, me)
    n = games.players
    out = np.empty(games.rows)
    for leader in range(n):
        rows = games.leader == leader
        if not rows.any():
            continue
        part = table[rows]
        if leader == me:
            others = tuple(2 + s for s in range(n) if s != me)
            out[rows] = part.mean(axis=others).max(axis=2).max(axis=1)
        else:
            others = tuple(2 + s for s in range(n) if s not in (me, leader))
            mine = 2 + (0 if me < leader else 1)
            out[rows] = part.mean(axis=others).max(axis=mine).mean(axis=2).mean(axis=1)
    return out


# ----- one decision ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Deals:
    """`count` deals of what one seat's view hides, as arrays: the hands (the leader's face-down
    card last in its hand when the seat follows), the decks, and the public rest."""

    games: Games
    me: int
    face_down: bool  # the leader has placed its card: it is the last in its hand

    @classmethod
    def of(cls, view: View, count: int, gen: np.random.Generator) -> Deals:
        board, me = view.board, view.seat
        assert me is not None
        table = Table.of(view)
        n = table.players
        sizes = list(board["hand_sizes"])
        face_down = view.phase == "follow" and board["leader"] != me
        if face_down:
            sizes[board["leader"]] += 1
        hand = rank_values(board["hand"])
        size = len(hand)
        unseen = np.array(rank_values(board["unseen"]), dtype=np.int8)
        order = np.argsort(gen.random((count, len(unseen))), axis=1)
        shuffled = unseen[order]
        hands = np.empty((count, n, size), dtype=np.int8)
        dealt = 0
        for seat in range(n):
            if seat == me:
                hands[:, seat, :] = hand
                continue
            assert sizes[seat] == size, "every hand holds as many cards at a decision"
            hands[:, seat, :] = shuffled[:, dealt : dealt + size]
            dealt += size
        last = -1
        for record in board["rounds"]:
            if record["winner"] is not None:
                last = record["winner"]

        def each(value, dtype=np.int64):
            return np.tile(np.array(value, dtype=dtype)[None], (count,) + (1,) * np.ndim(value))

        games = Games(
            table,
            hands,
            shuffled[:, dealt:],
            each(board["pool"]),
            each(board["won"]),
            each(board["rounds_won"]),
            each(board["leader"]),
            each(last),
        )
        return cls(games, me, face_down)


Dealer = Callable[[int, np.random.Generator], Deals]  # so many deals, from a generator


def values(
    view: View,
    calls: Sequence[str | None],
    rng: random.Random,
    rollouts: int = ROLLOUTS,
    deal: Dealer | None = None,
    read_styles: bool = True,
) -> dict[str | None, dict[int, float]]:
    """For each call (`None` where none is made now) and each rank in the seat's hand: its
    expected win share, played to the end over deals of what the seat has not seen (`deal`:
    `Deals.of` the view; an analysis may deal otherwise)."""
    gen = np.random.default_rng(rng.getrandbits(64))
    if deal is None:
        deal = functools.partial(Deals.of, view)
    one = deal(1, gen).games
    if one.draws_left() == 0 and one.hand_size <= EXACT:
        # The rest solved exactly in as many deals as that stays small in (at least a few).
        count = min(rollouts, EXACT_ROWS // exact_rows(one))
        if count >= min(EXACT_DEALS, rollouts):
            return exact_choices(deal(count, gen), calls)
    hand = list(one.hands[0, view.seat])
    candidates = [(call, rank) for call in calls for rank in sorted(set(hand))]
    # Long games of long hands (two players dealt 26 cards each) play fewer games a card.
    rounds = len(candidates) * (one.hand_size + one.draws_left())
    rollouts = max(1, round(rollouts * min(1.0, max(1 / 8, ROUNDS / rounds))))
    deals = deal(max(1, min(DEALS, rollouts)), gen)
    base, me = deals.games, deals.me
    high = {None: None, "high": True, "low": False}
    each = max(1, rollouts // base.rows)
    block = base.repeated(each)  # deal d's copies are rows d*each .. d*each+each-1
    games = _stacked(block, len(candidates))
    n, rows = games.players, block.rows
    picks = np.tile(gen.integers(0, base.hand_size, (rows, n)), (len(candidates), 1))
    if deals.face_down:
        picks[:, view.board["leader"]] = base.hand_size - 1
    chosen = np.empty(games.rows, dtype=bool) if n % 2 == 0 else None
    for k, (call, rank) in enumerate(candidates):
        picks[k * rows : (k + 1) * rows, me] = hand.index(rank)
        if chosen is not None:
            chosen[k * rows : (k + 1) * rows] = high[call or view.board["call"]]
    styles = None
    if read_styles:
        # Each copy gives every other seat one style for the game, drawn from how it has played.
        weights = np.cumsum(np.array(style_weights(view)), axis=1)
        drawn = np.minimum((gen.random((rows, n, 1)) > weights[None, :, :]).sum(axis=2), NORMAL)
        drawn[:, me] = RANDOM  # my own cards are the candidates and `base_pick`'s
        styles = np.tile(drawn, (len(candidates), 1))
        placed = picks[:, view.board["leader"]].copy()
        picks = styled_picks(games, picks, styles, chosen)
        if deals.face_down:
            picks[:, view.board["leader"]] = placed
    games.play(picks, chosen)
    shares = play_on(games, me, gen, len(candidates), styles)
    shares = shares.reshape(len(candidates), rows).mean(axis=1)
    out: dict[str | None, dict[int, float]] = {call: {} for call in calls}
    for (call, rank), share in zip(candidates, shares, strict=True):
        out[call][int(rank)] = float(share)
    return out


def _stacked(games: Games, copies: int) -> Games:
    """`copies` blocks of the same rows, one after the other."""

    def tile(a):
        return np.tile(a, (copies,) + (1,) * (a.ndim - 1))

    return Games(
        games.table,
        tile(games.hands),
        tile(games.deck),
        tile(games.pool),
        tile(games.taken),
        tile(games.won),
        tile(games.leader),
        tile(games.last),
    )


def exact_choices(deals: Deals, calls: Sequence[str | None]) -> dict[str | None, dict[int, float]]:
    """Each (call, rank)'s exact value, averaged over the deals."""
    games, me = deals.games, deals.me
    table = exact_table(games, me)  # (deals, calls, size, ..., size)
    n = games.players
    leader = int(games.leader[0])
    if deals.face_down:  # the leader's card is the last in its hand
        table = np.take(table, [games.hand_size - 1], axis=2 + leader)
    others = tuple(2 + s for s in range(n) if s != me)
    mine = table.mean(axis=others).mean(axis=0)  # (calls, size)
    hand = list(games.hands[0, me, :])
    ranks = sorted(set(hand))
    names = {True: "high", False: "low", None: None}
    out: dict[str | None, dict[int, float]] = {call: {} for call in calls}
    for k, high in enumerate(games.table.calls):
        if names[high] in out:
            for rank in ranks:
                out[names[high]][int(rank)] = float(mine[k, hand.index(rank)])
    return out


def choose_rank(view: View, rng: random.Random, rollouts: int = ROLLOUTS) -> int:
    """The rank the seat plays: the best by the search, the one farthest from the middle of
    the cards it has not seen among equals."""
    call = view.board["call"]
    worth = values(view, [call], rng, rollouts)[call]
    unseen = rank_values(view.board["unseen"])
    middle = float(np.median(unseen)) if unseen else 0.0
    return max(worth, key=lambda v: (round(worth[v], 9), abs(v - middle)))


def choose_call(view: View, rng: random.Random, rollouts: int = ROLLOUTS) -> str:
    """The call under which the seat's best card does best (high on a tie)."""
    worth = values(view, ["high", "low"], rng, rollouts)
    return max(("high", "low"), key=lambda c: (round(max(worth[c].values()), 9), c == "high"))
