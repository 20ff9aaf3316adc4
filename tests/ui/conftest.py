"""Helpers for clicking through the real screens."""

from __future__ import annotations

import concurrent.futures as futures

import pytest

from middleground.table import thinking


class HeldBots:
    """Bots that answer only when the test says so: each question waits, unanswered."""

    def __init__(self, monkeypatch) -> None:
        self.asked: dict[int, tuple[futures.Future, tuple]] = {}  # seat: (answer, legal)
        ready = futures.Future()
        ready.set_result(None)
        monkeypatch.setattr(thinking, "warm_up", lambda: ready)  # no worker processes
        monkeypatch.setattr(thinking, "think", self.think)

    def think(self, game_id, level, view, legal, seed, free=False) -> futures.Future:
        done = futures.Future()
        self.asked[view.seat] = (done, tuple(legal))
        return done

    def answer(self, qtbot, session, seat: int) -> None:
        """The bot at `seat` gives its first choice, and the table takes it."""
        qtbot.waitUntil(lambda: seat in self.asked)
        done, legal = self.asked.pop(seat)
        before = len(session.state.history)
        done.set_result(legal[0])
        qtbot.waitUntil(lambda: len(session.state.history) > before)

    def let_go(self) -> None:
        for done, _legal in self.asked.values():
            done.cancel()


@pytest.fixture
def held(window, monkeypatch):
    bots = HeldBots(monkeypatch)
    yield bots
    bots.let_go()  # before the window waits for its bots
