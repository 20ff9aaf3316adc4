"""Every game with a sampler deals states a seat cannot tell from the real one."""

from __future__ import annotations

import random

import pytest
from tests.random_play import players_for

from middleground.engine import NoSampler, all_games, get_game

CASES = [
    pytest.param(game, options, id=f"{game.id}:{name}")
    for game in all_games()
    if game.has_sampler
    for name, options in game.presets
]


def _states(game, options, seed):
    """Every state of one random game, including mid-round ones with sealed choices in."""
    rng = random.Random(seed)
    count = rng.randint(game.min_players, min(game.max_players, game.min_players + 4))
    count = players_for(game, options, count)
    state = game.new_state([f"P{i}" for i in range(count)], options, seed)
    yield state
    while not state.is_terminal():
        seat = rng.choice(state.awaiting())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.mark.parametrize(("game", "options"), CASES)
def test_a_sampled_state_looks_the_same_to_the_seat(game, options):
    rng = random.Random(2)
    for seed in range(3):
        for state in _states(game, options, seed):
            for seat in range(len(state.players)):
                view = state.seat_view(seat)
                sampled = game.sample_state(view, rng)
                assert sampled.seat_view(seat) == view
                assert sampled.public_view() == state.public_view()


@pytest.mark.parametrize(("game", "options"), CASES)
def test_a_sampled_state_plays_on_to_the_end(game, options):
    rng = random.Random(4)
    for state in _states(game, options, 9):
        if state.is_terminal():
            continue
        seat = state.awaiting()[0]
        sampled = game.sample_state(state.seat_view(seat), rng, reopen_sealed=True)
        assert set(sampled.awaiting()) >= set(state.awaiting())
        while not sampled.is_terminal():
            other = sampled.awaiting()[0]
            sampled.apply(other, rng.choice(sampled.legal_actions(other)))
        assert sampled.result().winners


def test_sampling_deals_the_unseen_cards_differently():
    game = get_game("good-enough")
    state = game.new_state(["A", "B", "C", "D"], {"numbers": "cards", "deck": 60}, 3)
    view = state.seat_view(0)
    hands = {tuple(game.sample_state(view, random.Random(s)).hands[1]) for s in range(20)}
    assert len(hands) > 1
    assert all(set(h).isdisjoint(view.board["hand"]) for h in hands)


def test_a_game_without_a_sampler_says_so():
    game = get_game("good-enough")

    class Plain(type(game)):
        _sample_state = type(game).__mro__[1]._sample_state

    plain = Plain()
    assert not plain.has_sampler
    with pytest.raises(NoSampler, match="no sampler"):
        plain.sample_state(game.new_state(["A", "B", "C"]).seat_view(0), random.Random(0))


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_quiet_state_plays_exactly_like_a_loud_one(game):
    """Same rules, same outcome, same public view; only the log stays empty (a seat view built
    from its own events may lack its notices)."""
    for seed in range(3):
        loud = list(_states(game, {}, seed))[-1]  # the same state, played to the end
        quiet = game.new_state(loud.players, {}, seed)
        quiet.quiet = True
        opening = list(quiet.events)  # logged before it was made quiet
        for seat, action in loud.history:
            quiet.apply(seat, action)
            assert quiet.clone().quiet
        assert quiet.result() == loud.result()
        assert quiet.public_view() == loud.public_view()
        assert quiet.scores() == loud.scores() and quiet.awaiting() == loud.awaiting()
        assert quiet.events == opening and len(loud.events) > len(opening)


def _everything(state) -> dict:
    """Every field of a state (its rng's state for the rng), to compare two states whole."""
    fields = {k: v for k, v in vars(state).items() if k not in ("game", "rng", "events")}
    return fields | {"rng": state.rng.getstate(), "events": list(state.events)}


@pytest.mark.parametrize(("game", "options"), CASES)
def test_a_search_sampler_deals_what_sampling_afresh_deals(game, options):
    """A search reads its view once (`Game.sampler`) and deals thousands of samples from it:
    each equals the sample dealt from the view read afresh with the same random numbers, and
    playing one on changes nothing the next one starts from."""
    for seed in range(2):
        for index, state in enumerate(_states(game, options, seed)):
            if state.is_terminal() or index % 7:
                continue
            seat = state.awaiting()[0]
            view = state.seat_view(seat)
            sample = game.sampler(view, reopen_sealed=True)
            for s in range(3):
                fresh = game.sample_state(view, random.Random(s), reopen_sealed=True)
                kept = sample(random.Random(s))
                assert _everything(kept) == _everything(fresh)
                play = random.Random(s)
                while not kept.is_terminal():
                    other = kept.awaiting()[0]
                    kept.apply(other, play.choice(kept.legal_actions(other)))
