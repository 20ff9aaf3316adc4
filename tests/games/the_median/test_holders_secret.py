"""Who holds which character is The Median's great secret, and the engine's own secrecy check
never redraws it (a seat's redrawn secrets are its score and its Lock's charges). Here two
other seats trade every secret of their holdings outright, mid-game: no other seat's view,
choices, the public board, nor any bot's decision may change."""

from __future__ import annotations

import random

from middleground.ai import make_bot
from middleground.engine import get_game

GAME = get_game("the-median")
NAMES = [f"P{n}" for n in range(9)]


def _swap_keys(table: dict, a: int, b: int) -> None:
    first, second = table.pop(a, None), table.pop(b, None)
    for seat, value in ((b, first), (a, second)):
        if value is not None:
            table[seat] = value


def holdings_swapped(state, a: int, b: int):
    """The game with seats a and b holding each other's characters: what they drafted, hold
    now, picked last and have ordered this round."""
    other = state.clone()
    other.holder = {c: {a: b, b: a}.get(s, s) for c, s in other.holder.items()}
    other.start[a], other.start[b] = other.start[b], other.start[a]
    other.last_pick = dict(other.last_pick)
    for table in (other.last_pick, other.pending, other.checked):
        _swap_keys(table, a, b)
    return other


def test_no_seat_learns_who_holds_another_seat_s_characters():
    bots = [make_bot(GAME, level) for level in ("easy", "normal", "hard")]
    probed = asked = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = GAME.new_state(NAMES, {}, seed)
        while not state.is_terminal():
            if state.phase == "round" and rng.random() < 0.15:  # trades move characters too
                seat = rng.randrange(9)
                if state.free_actions(seat):
                    state.apply(seat, rng.choice(state.free_actions(seat)))
                    continue
            owed = state.awaiting()
            viewer = rng.choice(owed)
            others = [s for s in range(9) if s != viewer]
            a = rng.choice(others)
            alike = [s for s in others if s != a and (s in state.pending) == (a in state.pending)]
            if alike and rng.random() < 0.3:
                twin = holdings_swapped(state, a, rng.choice(alike))
                assert twin.held(a) != state.held(a) or not state.held(a)
                probed += 1
                assert twin.public_view() == state.public_view()
                assert twin.seat_view(viewer) == state.seat_view(viewer)
                assert twin.legal_actions(viewer) == state.legal_actions(viewer)
                assert twin.free_actions(viewer) == state.free_actions(viewer)
                if probed % 4 == 0:
                    bot = bots[asked % 3]
                    asked += 1
                    mine = bot.choose(
                        state.seat_view(viewer), state.legal_actions(viewer), random.Random(5)
                    )
                    theirs = bot.choose(
                        twin.seat_view(viewer), twin.legal_actions(viewer), random.Random(5)
                    )
                    assert mine == theirs
            seat = rng.choice(owed)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert probed > 100 and asked > 25
