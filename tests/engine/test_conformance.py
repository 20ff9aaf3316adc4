"""Every registered game, every preset: random legal play to the end, determinism, JSON round
trips at every step, secrets kept from everyone else, and illegal actions changing nothing."""

from __future__ import annotations

import json
import random

import pytest
from tests.random_play import play_on, players_for, random_step

from middleground.engine import IllegalAction, all_games, from_json, to_json

CASES = [
    pytest.param(game, options, id=f"{game.id}:{name}")
    for game in all_games()
    for name, options in game.presets
]


def _players(game, options, rng):
    count = rng.randint(game.min_players, min(game.max_players, game.min_players + 4))
    return [f"P{i}" for i in range(players_for(game, options, count))]


def _play(game, options, seed, check=None):
    """A whole random game, mostly owed decisions, now and then a free action."""
    rng = random.Random(seed)
    state = game.new_state(_players(game, options, rng), options, seed)
    return play_on(state, rng, free_share=0.2, check=check)


def _all_views(state):
    return [state.public_view()] + [state.seat_view(s) for s in range(len(state.players))]


@pytest.mark.parametrize(("game", "options"), CASES)
def test_random_games_finish_with_a_result(game, options):
    for seed in range(12):
        state = _play(game, options, seed)
        result = state.result()
        n = len(state.players)
        assert len(result.scores) == len(result.placements) == n
        assert set(result.winners) <= set(range(n)) and result.winners
        assert not set(result.winners) & set(result.losers)
        assert min(result.placements) == 1
        assert state.public_view().finished and not state.awaiting()


@pytest.mark.parametrize(("game", "options"), CASES)
def test_same_seed_and_actions_give_the_same_game(game, options):
    first = _play(game, options, seed=7)
    again = from_json(json.loads(json.dumps(to_json(first))))
    assert to_json(again) == to_json(first)
    assert _all_views(again) == _all_views(first)
    replayed = game.new_state(first.players, options, 7)
    for seat, action in first.history:
        replayed.apply(seat, action)
    assert [e.text for e in replayed.events] == [e.text for e in first.events]


@pytest.mark.parametrize(("game", "options"), CASES)
def test_json_round_trip_at_every_step(game, options):
    def check(state, rng):
        data = json.loads(json.dumps(to_json(state)))
        loaded = from_json(data)
        assert to_json(loaded) == data
        assert _all_views(loaded) == _all_views(state)
        assert loaded.awaiting() == state.awaiting()

    _play(game, options, seed=3, check=check)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_views_keep_each_seats_secrets(game, options):
    def check(state, rng):
        for seat in range(len(state.players)):
            other = state.with_secrets_redrawn(seat, rng)
            assert other.public_view() == state.public_view()
            for watcher in range(len(state.players)):
                if watcher != seat:
                    assert other.seat_view(watcher) == state.seat_view(watcher)

    for seed in range(3):
        _play(game, options, seed, check=check)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_clone_is_independent(game, options):
    rng = random.Random(5)
    state = game.new_state(_players(game, options, rng), options, 5)
    copy = state.clone()
    before = _all_views(state)
    play_on(copy, rng, free_share=0.2)
    assert _all_views(state) == before


@pytest.mark.parametrize(("game", "options"), CASES)
def test_known_legal_actions_change_the_game_exactly_as_checked_ones(game, options):
    """Search's unchecked path: the same decisions, applied without checks, give the same
    game at every step (free actions, which search never takes, go through `apply`)."""
    for seed in range(3):
        rng = random.Random(seed)
        checked = game.new_state(_players(game, options, rng), options, seed)
        unchecked = checked.clone()
        while not checked.is_terminal():
            seat, action = random_step(checked, rng, free_share=0.2)
            checked.apply(seat, action)
            if action in unchecked.free_actions(seat):
                unchecked.apply(seat, action)
            else:
                unchecked.apply_known_legal(seat, action)
            assert to_json(unchecked) == to_json(checked)
            assert _all_views(unchecked) == _all_views(checked)
        assert unchecked.result() == checked.result()


@pytest.mark.parametrize(("game", "options"), CASES)
def test_a_whole_round_applied_at_once_changes_the_game_as_one_by_one(game, options):
    """Search's batch: every awaiting seat's choice in one call gives the same game as each in
    turn, whether it completes a sealed decision, a turn, or part of one."""
    for seed in range(3):
        rng = random.Random(seed)
        one_by_one = game.new_state(_players(game, options, rng), options, seed)
        one_by_one.quiet = True
        at_once = one_by_one.clone()
        while not one_by_one.is_terminal():
            seats = list(one_by_one.awaiting())
            if rng.random() < 0.2:  # now and then only some of them, as a searcher's own
                seats = seats[: rng.randint(1, len(seats))]
            joint = [(s, rng.choice(one_by_one.legal_actions(s))) for s in seats]
            for seat, action in joint:
                one_by_one.apply_known_legal(seat, action)
            at_once.apply_all_known_legal(joint)
            assert to_json(at_once) == to_json(one_by_one)
            assert at_once.public_view() == one_by_one.public_view()
            assert at_once.awaiting() == one_by_one.awaiting()
        assert at_once.result() == one_by_one.result()


ODD_ACTIONS = [
    {},
    {"nonsense": 1},
    {"number": "seven"},
    {"number": 10**9},
    {"card": "ZZ"},
    {"pick": "²"},  # a digit to str.isdigit(), not to int(): once a ValueError escaped
    {"number": "①"},
]
ODD_SEATS = [True, "0", 1.0, None]  # True once played as seat 1; 1.0 made a save unreadable


@pytest.mark.parametrize(("game", "options"), CASES)
def test_illegal_actions_change_nothing(game, options):
    def check(state, rng):
        if state.is_terminal():
            return
        before = (_all_views(state), to_json(state), len(state.events))
        for seat in range(len(state.players)):
            for action in ODD_ACTIONS:
                if action in state.legal_actions(seat) or action in state.free_actions(seat):
                    continue
                with pytest.raises(IllegalAction) as raised:
                    state.apply(seat, action)
                assert raised.value.rule and str(raised.value)
        owed = state.awaiting()
        for seat in ODD_SEATS:
            action = state.legal_actions(owed[0])[0] if owed else {}
            with pytest.raises(IllegalAction, match="There is no seat"):
                state.apply(seat, action)
        assert (_all_views(state), to_json(state), len(state.events)) == before

    _play(game, options, seed=11, check=check)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_registry_entry_is_complete(game):
    assert game.title and game.pitch and game.action_help
    assert 1 <= game.min_players <= game.max_players
    for option in game.options:
        assert option.validate(option.default) == option.default
