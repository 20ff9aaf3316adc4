"""The hard bot searches on a rank-only simulator (games/median_card_game/rollouts.py), and
benchmarks/median_card_ceiling.py runs the same search told everything: these tests hold that
simulator to the engine, so what the bot and the ceiling measure is the real game.

Engine games are replayed through the simulator (the same deal, told to it as the ceiling is
told, the same cards round by round) under every option that changes the play, and must agree
on every round's winner, the pool, the piles, the leader, the hands and the deck, and on the
final winners. The exact end the search solves is checked against an expectimax over the
engine's own states.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from middleground.ai.bot import seat_names
from middleground.engine import get_game
from middleground.games.median_card_game.cards import rank_value, rank_values
from middleground.games.median_card_game.rollouts import exact_choices

GAME = get_game("median-card-game")


def _ceiling_module():
    name = "median_card_ceiling"
    if name not in sys.modules:
        path = Path(__file__).parents[3] / "benchmarks" / "median_card_ceiling.py"
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
    return sys.modules[name]


ceiling = _ceiling_module()


def _random_game(players: int, seed: int, options: dict):
    state = GAME.new_state(seat_names(players), options, seed)
    return state, random.Random(seed)


def _step(state, rng: random.Random) -> None:
    seat = state.awaiting()[0]
    state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (2, {"two_player_lead": "loser"}),
        (2, {"two_player_lead": "winner"}),
        (3, {}),
        (4, {}),
        (5, {}),
        (6, {}),
        (5, {"hand_size": 8}),
        (7, {"decks": 2}),
        (4, {"deck": "24", "hand_size": 3}),
        (5, {"scoring": "rounds"}),
        (4, {"final_pool": "last-winner"}),
        (3, {"final_pool": "last-winner", "deck": "24", "hand_size": 8}),
    ],
)
def test_the_simulator_plays_engine_games_round_by_round(players, options):
    for seed in range(12):
        state, rng = _random_game(players, seed, options)
        batch = ceiling.told(state, 0).games.repeated(3)
        seen = 0
        while not state.is_terminal():
            _step(state, rng)
            if len(state.rounds) == seen:
                continue
            record = state.rounds[seen]
            seen += 1
            ranks = rank_values(record["cards"])
            picks = np.array(
                [[list(batch.hands[r, s]).index(v) for s, v in enumerate(ranks)] for r in range(3)]
            )
            high = None if players % 2 else np.full(3, record["call"] == "high")
            winner = batch.play(picks, high)
            expected = -1 if record["winner"] is None else record["winner"]
            assert list(winner) == [expected] * 3, (seed, seen)
            # At the end the engine hands a pool left to the last winner, where the options say
            # so; the simulator counts it in only for the shares.
            pool, taken = len(state.pool), [len(w) for w in state.won]
            if state.is_terminal():
                pool = state.final_pool["cards"]
                if state.final_pool["to"] is not None:
                    taken[state.final_pool["to"]] -= pool
            for r in range(3):
                assert batch.pool[r] == pool
                assert list(batch.taken[r]) == taken
                assert list(batch.won[r]) == list(state.rounds_won)
                assert batch.leader[r] == state.leader
                for s in range(players):
                    assert sorted(batch.hands[r, s]) == sorted(rank_values(state.hands[s]))
                assert list(batch.deck[r]) == rank_values(state.deck)
        result = state.result()
        assert batch.hand_size == 0 and seen == len(state.rounds)
        for s in range(players):
            share = 1 / len(result.winners) if s in result.winners else 0.0
            assert batch.shares(s)[0] == pytest.approx(share), (seed, s)


def test_the_seat_is_told_the_leaders_face_down_card_and_every_hand():
    state, rng = _random_game(5, 3, {})
    leader = state.leader
    follower = (leader + 1) % 5
    _step(state, rng)  # the leader places its card
    deal = ceiling.told(state, follower)
    games = deal.games
    assert deal.face_down and games.hands[0, leader, -1] == rank_value(state.face_down)
    assert sorted(games.hands[0, leader]) == sorted(
        rank_values([*state.hands[leader], state.face_down])
    )
    assert list(games.hands[0, follower]) == rank_values(state.hands[follower])
    assert list(games.deck[0]) == rank_values(state.deck)


def _engine_value(state, me: int) -> float:
    """The value to `me` of the rest of the game by expectimax over the engine's states: the
    others pick uniformly, I pick my best knowing only what has been placed before me (the
    leader's card, never another follower's)."""
    if state.is_terminal():
        result = state.result()
        return 1 / len(result.winners) if me in result.winners else 0.0
    awaiting = state.awaiting()
    seat = me if me in awaiting else awaiting[0]
    values = []
    for action in state.legal_actions(seat):
        after = state.clone()
        after.apply(seat, action)
        values.append(_engine_value(after, me))
    return max(values) if seat == me else sum(values) / len(values)


def _engine_choices(state, me: int) -> dict:
    out = {}
    for action in state.legal_actions(me):
        after = state.clone()
        after.apply(me, action)
        key = action.get("call") or rank_value(action["card"])
        out[key] = max(out.get(key, 0.0), _engine_value(after, me))
    return out


@pytest.mark.parametrize(
    ("players", "cards", "seed", "phase"),
    [
        (3, 3, 20, "lead"),
        (3, 3, 13, "follow"),
        (4, 2, 12, "call"),
        (4, 2, 16, "follow"),
        (5, 2, 27, "lead"),
        (5, 2, 10, "follow"),
    ],
)
def test_the_exact_end_is_the_engines_expectimax(players, cards, seed, phase):
    # Play at random until the last rounds (no draws left), at one of my decisions; each seed
    # picked so that my choices are worth different amounts.
    state, rng = _random_game(players, seed, {})
    me = 1
    while not (
        len(state.hands[me]) <= cards and len(state.deck) < players and me in state.awaiting()
    ):
        _step(state, rng)
    assert state.phase == phase and len(state.hands[me]) == cards
    calls = ["high", "low"] if phase == "call" else [state.call]
    exact = exact_choices(ceiling.told(state, me), calls)
    engine = _engine_choices(state, me)
    if phase == "call":
        for call in ("high", "low"):
            assert max(exact[call].values()) == pytest.approx(engine[call])
        # then the lead, under the call made
        state.apply(me, {"call": "low"})
        exact = exact_choices(ceiling.told(state, me), ["low"])
        engine = _engine_choices(state, me)
        assert exact["low"] == pytest.approx(engine)
    else:
        assert exact[state.call] == pytest.approx(engine)


@pytest.mark.parametrize("players", [4, 5])
def test_the_ceiling_seat_plays_whole_engine_games(players):
    report = ceiling.measure(games=2, players=players, seed=3, rollouts=40)
    assert report["ceiling"]["games"] == report["hard_same_seat_and_seeds"]["games"] == 2
    assert 0 <= report["ceiling"]["win_share"] <= 1
