"""The search's cut-off rollouts: a policy's horizon ends them early and its evaluation is backed
up as the reward, on a toy game where the better move is plain but the end is far off."""

from __future__ import annotations

import random

from middleground.ai.ismcts import RandomPolicy, Search
from middleground.engine import FrozenDict, Game, IllegalAction, Result, State

ROUNDS = 40  # far more than a horizon: a whole-game rollout would drown the first round
MOVES = tuple(FrozenDict(n=n) for n in (0, 1, 2))


class RaceState(State):
    """Every round both seats say 0, 1 or 2 at once and score what they said."""

    def __init__(self, game, players, options, seed):
        super().__init__(game, players, options, seed)
        self.turn = 1
        self.points = [0] * len(players)

    def _decision_seats(self):
        return tuple(range(len(self.players)))

    def _sealed(self):
        return True

    def _terminal(self):
        return self.turn > ROUNDS

    def _phase(self):
        return "over" if self._terminal() else "play"

    def _round(self):
        return self.turn

    def _legal_actions(self, seat):
        return list(MOVES)

    def _check(self, seat, action):
        if action not in MOVES:
            raise IllegalAction("moves", "Say 0, 1 or 2.")

    def _resolve(self, submissions):
        for seat, action in submissions.items():
            self.points[seat] += action["n"]
        self.turn += 1

    def _public_board(self):
        return {"points": tuple(self.points), "turn": self.turn}

    def _seat_board(self, seat):
        return self._public_board()

    def _scores(self):
        return self.points

    def _result(self):
        best = max(self.points)
        placements = tuple(1 + sum(o > p for o in self.points) for p in self.points)
        winners = tuple(s for s, p in enumerate(self.points) if p == best)
        return Result(tuple(self.points), placements, winners)

    def _clone_into(self, other):
        other.turn, other.points = self.turn, list(self.points)


class Race(Game):
    id = "race"
    min_players = max_players = 2

    def _new_state(self, players, options, seed):
        return RaceState(self, players, options, seed)

    def _sample_state(self, view, rng):
        state = RaceState(self, view.players, view.options, 0)
        state.points, state.turn = list(view.board["points"]), view.board["turn"]
        return state


class CountingPolicy(RandomPolicy):
    """Random rollouts cut `horizon` rounds past the new node and valued by points."""

    def __init__(self, horizon, answers=True):
        self.horizon = horizon
        self.answers = answers
        self.rollout_moves = 0
        self.evaluated = 0

    def rollout(self, state, seat, rng):
        self.rollout_moves += 1
        return super().rollout(state, seat, rng)

    def evaluate(self, state):
        if not self.answers:
            return None
        self.evaluated += 1
        total = sum(state.points) or 1
        return [p / total for p in state.points]


def _search(policy, budget=60):
    game = Race()
    state = game.new_state(["A", "B"], {}, 1)
    search = Search(game, policy)
    action = search.run(state.seat_view(0), state.legal_actions(0), budget, random.Random(3))
    return action


def test_a_cut_off_search_plays_the_move_its_evaluation_favours():
    policy = CountingPolicy(horizon=1)
    assert _search(policy) == FrozenDict(n=2)
    assert policy.evaluated == 60
    # One round past the new node for each of two seats: never the whole game.
    assert policy.rollout_moves <= 60 * 2


def test_an_evaluation_that_declines_plays_on_to_the_end():
    policy = CountingPolicy(horizon=1, answers=False)
    _search(policy, budget=5)
    assert policy.evaluated == 0
    assert policy.rollout_moves >= 5 * 2 * (ROUNDS - 2)


def test_without_a_horizon_every_rollout_reaches_the_end():
    policy = CountingPolicy(horizon=None)
    _search(policy, budget=5)
    assert policy.evaluated == 0
    assert policy.rollout_moves >= 5 * 2 * (ROUNDS - 2)
