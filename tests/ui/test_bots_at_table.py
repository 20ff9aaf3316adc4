"""Bots at a table: each is asked once per decision, thinks in the workers, and its answer is
taken on the UI thread without losing a save."""

from __future__ import annotations

from middleground.engine import get_game
from middleground.table import Seat, Session, thinking
from middleground.table.saves import autosave_path, load_session
from middleground.table.seats import BOT


def bots_table(window, bots: int):
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", BOT, "normal") for i in range(1, bots + 1)]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 5)
    window.start_session(session)
    return session


def test_bots_deciding_together_are_each_asked_once(qtbot, window, monkeypatch):
    asked = []

    def counting(game_id, level, view, legal, seed, free=False):
        asked.append(view.seat)
        return thinking.think.__wrapped__(game_id, level, view, legal, seed, free)

    counting.__wrapped__ = thinking.think
    monkeypatch.setattr(thinking, "think", counting)
    session = bots_table(window, 6)
    qtbot.waitUntil(lambda: session.state.awaiting() == (0,), timeout=60_000)
    # Each bot sealed its number once; the others sealing theirs did not make it think again.
    assert sorted(asked) == [1, 2, 3, 4, 5, 6]


def test_every_bot_answer_is_saved_by_the_time_the_table_is_left(qtbot, window):
    session = bots_table(window, 4)
    qtbot.waitUntil(lambda: session.state.awaiting() == (0,), timeout=60_000)
    history = list(session.state.history)
    window.close()  # the app quits straight after the bots' answers came in
    on_disk = load_session(autosave_path())  # what the next start finds, as it is now
    assert on_disk.state.history == history
