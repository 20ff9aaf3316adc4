"""A ceiling for the Median card game's bots against `random` seats: what a seat told
everything a fair bot is not told can win.

Issue #5 asks the card game's `hard` bot for twice the fair share of wins against `random`
seats. This measures the most any bot can hope for there. The measured seat is an analysis
that reads the live state: every other hand, the deck's order (so every draw to come) and the
leader's face-down card when it follows. The other seats are the real `random` bots, so all it
does not know is which card each of them will pick, uniformly from its hand. Any fair bot's
policy is also a policy of this seat, so the best this seat can do bounds what any fair bot can
do from above; the strong search below gives a figure at or under that bound, the best we can
measure.

Its decisions, on ranks alone (suits never decide a round):

- With no draws left and at most `--exact` cards in hand, an exact expectimax over every joint
  pick of the random seats to the end of the game: the last rounds are played perfectly.
- Otherwise rollouts to the end of the game for each rank in its hand (and each call it may
  make), `--rollouts` of them each with common random numbers: the random seats pick uniformly,
  draws come from the known deck, and the seat itself plays a base policy: the exact chance each
  of its cards is the lone median given the others' hands (and the leader's card, once placed),
  played for when the stake is worth a kept card as `hard` judges it, else the card least likely
  to win. Rollouts finish with the exact value once no draw is left and at most `--tail` cards
  are in hand.

Its reward is the game's win share (a shared win counts 1/k) under the default scoring (cards
taken; the pool at the end goes to nobody). The rollouts run in a small rank-only simulator,
many games in lockstep (`Batch`); tests/games/median_card_game/test_card_ceiling.py replays
engine games through it and checks that they agree round by round. The measured games are
played by the real engine, seats rotating as in `middleground tournament`; `hard` plays the
same seat on the same seeds for comparison.

Run: `python benchmarks/median_card_ceiling.py [--games N] [--players 5] [--seed S]
[--rollouts R] [--exact H] [--tail H] [--minutes M] [--no-hard] [--fair K]`; with `--fair K`
the seat is made fair (`Sampled`): it is told nothing, and deals K states from its own view a
decision instead. Prints JSON: the games, the
win share, its 95% Wilson interval, times the fair share, mean rounds won and mean cards taken,
for the analysis seat and for `hard` in its seat. README's figures: `--games 2000 --players 5
--seed 7 --rollouts 1000` (0.446, 2.23x the fair share, 0.425-0.468; `hard` 0.293) and
`--games 189 --players 4` (0.729, 2.92x, 0.662-0.788).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from middleground.ai.bot import make_bot, seat_names
from middleground.ai.tournament import wilson
from middleground.engine import FrozenDict, State
from middleground.engine.registry import get_game
from middleground.games.median_card_game.cards import rank_value, rank_values

PLAYERS, SEED = 5, 7  # the README's table for hard against random seats
ROLLOUTS = 1000  # rollouts per candidate and decision
EXACT = 3  # solve the last rounds exactly from this many cards in hand (no draws left)
TAIL = 2  # rollouts end in the exact value from this many cards in hand (no draws left)
# The worth of a kept middle card, in cards per player, as `hard` weighs it (reading.py).
KEPT_CARD_WORTH = {"small even": 0.8, "odd": 1.6, "even": 1.0}


def target_index(players: int, high: bool) -> int:
    """The winning card's index among the round's ranks sorted from the lowest."""
    if players % 2:
        return players // 2
    return players // 2 if high else players // 2 - 1


def kept_card_worth(players: int) -> float:
    table = "odd" if players % 2 else "small even" if players <= 4 else "even"
    return KEPT_CARD_WORTH[table]


# ----- the position the seat is told --------------------------------------------------------


@dataclass
class Position:
    """A game on ranks at one of the analysis seat's decisions, or at the start of a round.

    `hands[s]` holds seat s's ranks, the leader's face-down card included (it is `face_down`,
    still to be played); `deck` is drawn from its end, one card a seat in seat order."""

    hands: list[list[int]]
    deck: list[int]
    pool: int
    taken: list[int]
    won: list[int]
    leader: int
    call: str | None = None  # the leader's call this round, once made
    face_down: int | None = None  # the leader's card, once placed

    @classmethod
    def told(cls, state: State) -> Position:
        """Everything the analysis seat is told, read from the live engine state."""
        hands = [rank_values(h) for h in state.hands]
        face_down = None
        if state.phase == "follow":
            face_down = rank_value(state.face_down)
            hands[state.leader].append(face_down)
        return cls(
            hands=hands,
            deck=rank_values(state.deck),
            pool=len(state.pool),
            taken=[len(w) for w in state.won],
            won=list(state.rounds_won),
            leader=state.leader,
            call=state.call,
            face_down=face_down,
        )


# ----- the rank-only simulator -----------------------------------------------------------------


class Batch:
    """`rows` copies of one game on ranks, played in lockstep: every copy plays a round at the
    same time, so all hold hands of the same size and draw the same cards (the deck's order is
    known); they differ by the cards played, and so by the pool, the piles and the leader."""

    def __init__(self, hands, deck, pool, taken, won, leader):
        self.hands: np.ndarray = hands  # (rows, players, hand size) ranks
        self.deck: list[int] = list(deck)
        self.pool: np.ndarray = pool  # (rows,)
        self.taken: np.ndarray = taken  # (rows, players) cards taken
        self.won: np.ndarray = won  # (rows, players) rounds won
        self.leader: np.ndarray = leader  # (rows,)
        self.rows, self.players = hands.shape[0], hands.shape[1]
        self._rows = np.arange(self.rows)
        self._seats = np.arange(self.players)

    @classmethod
    def copies(cls, position: Position, rows: int) -> Batch:
        def tile(values, dtype):
            return np.tile(np.array(values, dtype=dtype)[None], (rows,) + (1,) * np.ndim(values))

        return cls(
            tile(position.hands, np.int8),
            position.deck,
            tile(position.pool, np.int64),
            tile(position.taken, np.int64),
            tile(position.won, np.int64),
            tile(position.leader, np.int64),
        )

    def repeated(self, times: int) -> Batch:
        """Each copy `times` times over, in a row (no deck: for the exact end)."""
        assert len(self.deck) < self.players
        rep = functools.partial(np.repeat, repeats=times, axis=0)
        return Batch(
            rep(self.hands), [], rep(self.pool), rep(self.taken), rep(self.won), rep(self.leader)
        )

    @property
    def hand_size(self) -> int:
        return self.hands.shape[2]

    def draws_left(self) -> int:
        return len(self.deck) // self.players

    def play(self, picks: np.ndarray, high: np.ndarray | None = None) -> np.ndarray:
        """One round: `picks[r, s]` is the index in seat s's hand of the card it plays in copy
        r, `high[r]` the leader's call (even tables). Returns each copy's winner, -1 for none."""
        n, rows, seats = self.players, self._rows, self._seats
        cards = self.hands[rows[:, None], seats[None, :], picks]
        if n % 2:
            index: Any = n // 2
        else:
            assert high is not None
            index = np.where(high, n // 2, n // 2 - 1)
        target = np.sort(cards, axis=1)[rows, index]
        same = cards == target[:, None]
        lone = same.sum(axis=1) == 1
        winner = np.where(lone, same.argmax(axis=1), -1)
        self.pool += n
        hit = rows[lone]
        self.taken[hit, winner[lone]] += self.pool[lone]
        self.won[hit, winner[lone]] += 1
        self.pool[lone] = 0
        self.leader = np.where(lone, winner, self.leader)
        keep = np.ones(self.hands.shape, dtype=bool)
        keep[rows[:, None], seats[None, :], picks] = False
        size = self.hand_size
        self.hands = self.hands[keep].reshape(self.rows, n, size - 1)
        if len(self.deck) >= n:
            drawn = np.array([self.deck.pop() for _ in range(n)], dtype=np.int8)
            fresh = np.broadcast_to(drawn[None, :, None], (self.rows, n, 1))
            self.hands = np.concatenate([self.hands, fresh], axis=2)
        return winner

    def shares(self, seat: int) -> np.ndarray:
        """Each copy's win share for `seat` at the end: 1/k for a win shared by k."""
        best = self.taken.max(axis=1)
        top = self.taken == best[:, None]
        return top[:, seat] / top.sum(axis=1)


def lone_chances(
    batch: Batch, me: int, known: np.ndarray, picks: np.ndarray, index: Any
) -> np.ndarray:
    """For each copy and each card in my hand, the exact chance that card is the lone median:
    every other seat plays uniformly from its hand, except where `known[r, s]` says its card
    is already placed (`picks[r, s]`, the leader's face-down card)."""
    hands = batch.hands
    mine = hands[:, me, :].astype(np.int16)
    rows = batch._rows
    n = batch.players
    dp = np.zeros((*mine.shape, n))
    dp[..., 0] = 1.0
    for seat in range(n):
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
    batch: Batch, me: int, known: np.ndarray, picks: np.ndarray, high: np.ndarray | None
) -> np.ndarray:
    """The base policy's card (its index in my hand) in each copy: the card likeliest to win
    alone when the stake is worth more than a kept card, else the one least likely to; among
    equals, the card farthest from the middle of the cards in play."""
    n = batch.players
    index = n // 2 if n % 2 else np.where(high, n // 2, n // 2 - 1)
    chance = lone_chances(batch, me, known, picks, index)
    margin = (n + batch.pool) - kept_card_worth(n) * n
    mine = batch.hands[:, me, :].astype(np.float64)
    middle = np.median(batch.hands.reshape(batch.rows, -1), axis=1)
    score = chance * margin[:, None] + 1e-9 * np.abs(mine - middle[:, None])
    return score.argmax(axis=1)


def base_call(batch: Batch, me: int) -> np.ndarray:
    """The call under which my best card is likeliest to win alone (high on a tie)."""
    n = batch.players
    known = np.zeros((batch.rows, n), dtype=bool)
    picks = np.zeros((batch.rows, n), dtype=np.int64)
    high = lone_chances(batch, me, known, picks, n // 2).max(axis=1)
    low = lone_chances(batch, me, known, picks, n // 2 - 1).max(axis=1)
    return high >= low


def roll_out(
    position: Position,
    me: int,
    rank: int,
    call: str | None,
    rows: int,
    seed: int,
    tail: int = 0,
) -> np.ndarray:
    """The win shares of `rows` games played on from `position` with my card `rank` (and, when
    I lead an even table before the call, my `call`): the random seats pick uniformly, I play
    the base policy after this round. The same `seed` gives every candidate the same picks of
    the random seats round by round (common random numbers)."""
    gen = np.random.default_rng(seed)
    batch = Batch.copies(position, rows)
    n = batch.players
    size = batch.hand_size
    picks = gen.integers(0, size, (rows, n))
    picks[:, me] = position.hands[me].index(rank)
    if position.face_down is not None:
        leader_hand = position.hands[position.leader]
        picks[:, position.leader] = (
            len(leader_hand) - 1 - leader_hand[::-1].index(position.face_down)
        )
    high = None
    if n % 2 == 0:
        chosen = call if call is not None else position.call
        high = np.full(rows, chosen == "high")
    batch.play(picks, high)
    while batch.hand_size:
        if batch.draws_left() == 0 and batch.hand_size <= tail:
            return exact_values(batch, me)
        size = batch.hand_size
        coin = gen.random(rows)
        picks = gen.integers(0, size, (rows, n))
        leading = batch.leader == me
        high = None
        if n % 2 == 0:
            high = np.where(leading, base_call(batch, me), coin < 0.5)
        known = np.zeros((rows, n), dtype=bool)
        known[batch._rows, batch.leader] = ~leading
        known[:, me] = False
        picks[:, me] = base_pick(batch, me, known, picks, high)
        batch.play(picks, high)
    return batch.shares(me)


# ----- the exact end ---------------------------------------------------------------------------


@functools.cache
def _picks(size: int, players: int) -> np.ndarray:
    """Every joint pick of the table, one card index a seat (seat 0's the slowest to change)."""
    return np.array(list(itertools.product(range(size), repeat=players)), dtype=np.int64)


def exact_table(batch: Batch, me: int) -> np.ndarray:
    """With no draw left: for each copy, each call (even tables) and each joint pick of the
    round, the value of the rest of the game to `me` played exactly (my best card and call at
    every later round against the random seats' uniform picks). Shape (rows, calls, size, ...,
    size), one axis of picks a seat. Every round is played by `Batch.play`."""
    n, size, rows = batch.players, batch.hand_size, batch.rows
    picks = _picks(size, n)
    calls = [None] if n % 2 else [True, False]
    tables = []
    for high in calls:
        after = batch.repeated(len(picks))
        joint = np.tile(picks, (rows, 1))
        after.play(joint, None if high is None else np.full(after.rows, high))
        tables.append(exact_values(after, me).reshape((rows,) + (size,) * n))
    return np.stack(tables, axis=1)


def exact_values(batch: Batch, me: int) -> np.ndarray:
    """The exact value of each copy to `me` at the start of a round (before any call)."""
    if batch.hand_size == 0:
        return batch.shares(me)
    table = exact_table(batch, me)
    n = batch.players
    out = np.empty(batch.rows)
    for leader in range(n):
        rows = batch.leader == leader
        if not rows.any():
            continue
        part = table[rows]
        if leader == me:
            # I call and lead: my best call and card against the others' uniform picks
            others = tuple(2 + s for s in range(n) if s != me)
            out[rows] = part.mean(axis=others).max(axis=2).max(axis=1)
        else:
            # the random leader calls and places; I see its card, then play my best
            others = tuple(2 + s for s in range(n) if s not in (me, leader))
            mine = 2 + (0 if me < leader else 1)
            out[rows] = part.mean(axis=others).max(axis=mine).mean(axis=2).mean(axis=1)
    return out


def exact_choices(position: Position, me: int) -> dict[tuple[str | None, int], float]:
    """The exact value of each of my (call, rank) choices at one of my decisions."""
    batch = Batch.copies(position, 1)
    table = exact_table(batch, me)[0]  # (calls, size, ..., size)
    n = batch.players
    calls: list[str | None] = [None] if n % 2 else ["high", "low"]
    leader = position.leader
    if position.face_down is not None:  # I follow: the leader's card is known
        hand = position.hands[leader]
        placed = len(hand) - 1 - hand[::-1].index(position.face_down)
        table = np.take(table, [placed], axis=1 + leader)
    others = tuple(1 + s for s in range(n) if s != me)
    mine = table.mean(axis=others)  # (calls, size)
    out = {}
    for k, call in enumerate(calls):
        if n % 2 == 0 and position.call is not None and call != position.call:
            continue
        for j, rank in enumerate(position.hands[me]):
            out[(call if n % 2 == 0 else position.call, rank)] = float(mine[k, j])
    return out


# ----- the analysis seat -------------------------------------------------------------------------


@dataclass
class Ceiling:
    """The analysis seat: told every hand, the deck's order and the leader's placed card."""

    players: int
    rollouts: int = ROLLOUTS
    exact: int = EXACT
    tail: int = TAIL
    seed: int = 0
    decisions: int = 0

    def choose(self, state: State, seat: int) -> dict[str, str]:
        legal = state.legal_actions(seat)
        values = self.worth(state, seat)
        if "call" in legal[0]:
            call = max(("high", "low"), key=lambda c: (max(values[c].values()), c == "high"))
            return FrozenDict(call=call)
        mine = values[state.call]
        rank = max(mine, key=lambda v: (mine[v], -v))
        return next(a for a in legal if rank_value(a["card"]) == rank)

    def worth(self, state: State, seat: int) -> dict[str | None, dict[int, float]]:
        """Each rank's value to the seat (by call, where it calls), from what it is told."""
        return self.values(Position.told(state), seat)

    def values(
        self, position: Position, me: int, rollouts: int | None = None
    ) -> dict[str | None, dict[int, float]]:
        """The value of each rank in my hand (by call, where I call before leading), from
        `rollouts` a candidate (the seat's own number unless told)."""
        self.decisions += 1
        n = self.players
        size = len(position.hands[me])
        calls: tuple[str | None, ...] = (position.call,)
        if n % 2 == 0 and position.call is None:
            calls = ("high", "low")
        ranks = sorted(set(position.hands[me]))
        out: dict[str | None, dict[int, float]] = {c: {} for c in calls}
        if len(position.deck) < n and size <= self.exact:
            for (call, rank), value in exact_choices(position, me).items():
                out[call][rank] = value
            return out
        if len(ranks) == 1 and len(calls) == 1:
            return {calls[0]: {ranks[0]: 0.0}}
        seed = self.seed * 1_000_003 + self.decisions
        for call in calls:
            for rank in ranks:
                shares = roll_out(
                    position, me, rank, call, rollouts or self.rollouts, seed, self.tail
                )
                out[call][rank] = float(shares.mean())
        return out


@dataclass
class Sampled(Ceiling):
    """The same search made fair: at each decision it deals `samples` states consistent with its
    own seat's view (`Game.sample_state`: the others' hands, the deck's order and the leader's
    face-down card drawn from the cards it has not seen) and averages each card's value over
    them, `rollouts` split between them (determinized rollouts, as perfect-information Monte
    Carlo). What it knows is what `hard` knows; only the search differs."""

    samples: int = 20

    def worth(self, state: State, seat: int) -> dict[str | None, dict[int, float]]:
        view = state.seat_view(seat)
        rng = random.Random(self.seed * 1_000_003 + self.decisions)
        sample = state.game.sampler(view, reopen_sealed=True)
        totals: dict[str | None, dict[int, float]] = {}
        each = max(1, self.rollouts // self.samples)
        for _ in range(self.samples):
            for call, ranks in self.values(Position.told(sample(rng)), seat, each).items():
                mine = totals.setdefault(call, {})
                for rank, value in ranks.items():
                    mine[rank] = mine.get(rank, 0.0) + value
        return totals


def play_measured(game, seat_bot, me: int, players: int, seed: int, options) -> State:
    """One game as `middleground tournament` plays it, the seat `me` played by `seat_bot`
    (reading the live state when it is the analysis seat) and the rest by `random`."""
    state = game.new_state(seat_names(players), options, seed)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(players)]
    rand = make_bot(game, "random")
    while not state.is_terminal():
        seat = state.awaiting()[0]
        legal = state.legal_actions(seat)
        if seat != me:
            action = rand.choose(state.seat_view(seat), legal, rngs[seat])
        elif isinstance(seat_bot, Ceiling):
            action = seat_bot.choose(state, seat)
        else:
            action = seat_bot.choose(state.seat_view(seat), legal, rngs[seat])
        state.apply(seat, action)
    return state


@dataclass
class Record:
    games: int = 0
    wins: float = 0.0
    rounds: int = 0
    cards: int = 0

    def add(self, state: State, seat: int) -> None:
        result = state.result()
        self.games += 1
        if seat in result.winners:
            self.wins += 1 / len(result.winners)
        self.rounds += state.rounds_won[seat]
        self.cards += result.scores[seat]

    def as_json(self, players: int) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        share = self.wins / self.games if self.games else 0.0
        return {
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_share": round(share, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "times_fair_share": round(share * players, 3),
            "mean_rounds_won": round(self.rounds / max(1, self.games), 3),
            "mean_cards_taken": round(self.cards / max(1, self.games), 3),
        }


def measure(
    games: int,
    players: int = PLAYERS,
    seed: int = SEED,
    rollouts: int = ROLLOUTS,
    exact: int = EXACT,
    hard: bool = True,
    progress: bool = False,
    tail: int = TAIL,
    minutes: float | None = None,
    samples: int = 0,
) -> dict[str, Any]:
    game = get_game("median-card-game")
    options: dict[str, Any] = {}
    if samples:
        analysis: Ceiling = Sampled(players, rollouts, exact, tail, seed, samples=samples)
    else:
        analysis = Ceiling(players, rollouts, exact, tail, seed)
    hard_bot = make_bot(game, "hard")
    ceiling, compared = Record(), Record()
    started = time.monotonic()
    for index in range(games):
        if minutes is not None and time.monotonic() - started > 60 * minutes:
            break
        me = (-index) % players  # tournament seating: the bot named first starts at seat 0
        game_seed = seed * 1_000_003 + index
        ceiling.add(play_measured(game, analysis, me, players, game_seed, options), me)
        if hard:
            compared.add(play_measured(game, hard_bot, me, players, game_seed, options), me)
        if progress:
            line = ceiling.as_json(players)
            print(
                f"{index + 1}/{games} {time.monotonic() - started:.0f}s "
                f"ceiling {line['win_share']} {line['ci95']}"
                + (f" hard {compared.as_json(players)['win_share']}" if hard else ""),
                file=sys.stderr,
                flush=True,
            )
    report = {
        "players": players,
        "seed": seed,
        "rollouts": rollouts,
        "exact_from": exact,
        "rollout_tail_from": tail,
        "samples": samples or "told",
        "fair_share": round(1 / players, 4),
        "seconds": round(time.monotonic() - started, 1),
        "ceiling": ceiling.as_json(players),
    }
    if hard:
        report["hard_same_seat_and_seeds"] = compared.as_json(players)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS, help="per candidate")
    parser.add_argument("--exact", type=int, default=EXACT, help="cards in hand solved exactly")
    parser.add_argument("--tail", type=int, default=TAIL, help="rollouts end exactly from")
    parser.add_argument("--minutes", type=float, help="stop starting games after this long")
    parser.add_argument("--no-hard", action="store_true", help="skip hard on the same seeds")
    parser.add_argument("--progress", action="store_true", help="a line per game on stderr")
    parser.add_argument(
        "--fair", type=int, default=0, metavar="K", help="fair: K dealt states a decision"
    )
    args = parser.parse_args(argv)
    if args.players < 3:
        parser.error("the ceiling is measured at three players or more")
    result = measure(
        args.games,
        args.players,
        args.seed,
        args.rollouts,
        args.exact,
        not args.no_hard,
        args.progress,
        args.tail,
        args.minutes,
        args.fair,
    )
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
