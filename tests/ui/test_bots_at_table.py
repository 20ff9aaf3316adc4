"""Bots at a table: each is asked once per decision, thinks in the workers, and its answer is
taken on the UI thread without losing a save."""

from __future__ import annotations

import concurrent.futures as futures
import threading

from middleground.engine import get_game
from middleground.table import Seat, Session, thinking
from middleground.table.saves import autosave_path, load_session, log_dir
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


def test_the_workers_are_up_before_the_first_bot_is_asked(qtbot, window, monkeypatch):
    thinking.shutdown(wait=True)  # as at the app's start: no workers yet
    warm_when_asked = []

    def counting(game_id, level, view, legal, seed, free=False):
        warm_when_asked.append(thinking.warm())
        return thinking.think.__wrapped__(game_id, level, view, legal, seed, free)

    counting.__wrapped__ = thinking.think
    monkeypatch.setattr(thinking, "think", counting)
    starting = threading.Event()  # the workers take their time to start
    launch = thinking._launch
    monkeypatch.setattr(thinking, "_launch", lambda ready: (starting.wait(30), launch(ready)))
    session = bots_table(window, 3)
    qtbot.wait(200)
    assert warm_when_asked == []  # the bots' questions wait for them, the window does not
    starting.set()
    qtbot.waitUntil(lambda: session.state.awaiting() == (0,), timeout=60_000)
    assert warm_when_asked and all(warm_when_asked)


def test_a_table_of_players_starts_no_workers_and_a_table_with_bots_starts_them_again(
    qtbot, window
):
    thinking.shutdown(wait=True)
    players = [Seat("Ann"), Seat("Ben"), Seat("Cy")]
    window.start_session(Session.start(get_game("good-enough"), players, {"rounds": 3}, 5))
    qtbot.wait(50)
    assert not thinking.warm()
    session = bots_table(window, 2)
    qtbot.waitUntil(lambda: session.state.awaiting() == (0,), timeout=60_000)
    assert thinking.warm()


def test_bots_weigh_their_trades_one_bot_a_pass_and_every_bot_is_asked(qtbot, window):
    from PySide6.QtCore import QTimer

    passes = {"count": 0}
    ticker = QTimer()
    ticker.setInterval(0)
    ticker.timeout.connect(lambda: passes.update(count=passes["count"] + 1))
    ticker.start()
    seats = [Seat(f"Bot {i}", BOT, "easy") for i in range(1, 10)]
    session = Session.start(get_game("the-median"), seats, {}, 5)
    weighed: list[tuple[int, int, int]] = []  # (pass, version, seat)
    job = session.bot_free_job

    def weighing(seat):
        weighed.append((passes["count"], session.version, seat))
        return job(seat)

    session.bot_free_job = weighing
    window.start_session(session)
    # Every bot is asked about its free actions once the game reaches a version they all see.
    qtbot.waitUntil(
        lambda: any(
            sorted(s for _p, v, s in weighed if v == version) == list(range(9))
            for version in {v for _p, v, _s in weighed}
        ),
        timeout=60_000,
    )
    ticker.stop()
    in_a_pass = [p for p, _v, _s in weighed]
    assert len(in_a_pass) == len(set(in_a_pass)), "the window gets a turn between two bots"


def test_a_game_of_bots_stops_when_the_table_is_left(qtbot, window):
    seats = [Seat(f"Bot {i}", BOT, "easy") for i in range(1, 6)]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 50}, 5)
    window.start_session(session)
    qtbot.waitUntil(lambda: len(session.state.history) >= 5, timeout=60_000)
    window.show_home()
    left_at = list(session.state.history)
    qtbot.wait(300)  # answers on their way arrive, and are dropped
    assert session.state.history == left_at
    assert load_session(autosave_path()).state.history == left_at


def test_a_bot_that_fails_chooses_at_random_and_the_table_is_not_told_why(
    qtbot, window, monkeypatch
):
    from middleground.table import Changes

    def failing(game_id, level, view, legal, seed, free=False):
        done = futures.Future()
        pick = 73
        try:
            raise RuntimeError(f"{view.players[view.seat]} meant to pick {pick}")
        except RuntimeError as error:
            done.set_exception(error)
        return done

    monkeypatch.setattr(thinking, "think", failing)
    session = bots_table(window, 2)
    # Neither bot's code could decide, yet the table does not wait for them.
    qtbot.waitUntil(lambda: session.state.awaiting() == (0,), timeout=10_000)
    status = window.table.status
    assert status.text() == "The bot at Bot 2's seat ran into a problem and chose at random."
    assert "73" not in status.text()  # an error may name a secret: it is never shown
    report = (log_dir() / "crash.log").read_text(encoding="utf-8")  # the developers' report
    assert "builtins.RuntimeError" in report and "failing" in report and "73" not in report
    window.table.refresh(Changes(curtain=True))  # a redraw that is no move keeps the message
    assert "ran into a problem" in status.text()
    session.lift(0)
    session.submit(0, {"number": 37})  # the game moves on: the problem is behind it
    assert "problem" not in status.text()
    assert session.public_view().round == 2


def quiet_bridge(qtbot, game_id="good-enough"):
    """A table of Ann and two bots whose own questions never reach the workers."""
    from middleground.ui.bridge import TableBridge

    seats = [Seat("Ann"), Seat("Ben", BOT, "easy"), Seat("Cat", BOT, "easy")]
    session = Session.start(get_game(game_id), seats, {"rounds": 3}, 5)
    bridge = TableBridge(session, save=False, bot_delay_ms=600_000)
    failures = []
    bridge.failed.connect(failures.append)
    qtbot.waitUntil(lambda: {1, 2} <= set(bridge.running))
    return session, bridge, failures


def test_a_refused_bot_answer_becomes_a_random_legal_one(qtbot):
    session, bridge, failures = quiet_bridge(qtbot)
    asked = bridge.running[1]
    bridge._bot_chose(1, {"number": 1000}, asked.version)  # out of range: the rules refuse it
    assert session.state.awaiting() == (0, 2)
    assert failures == ["The bot at Ben's seat ran into a problem and chose at random."]
    assert 1 not in bridge.running
    bridge.close()


def test_a_failed_trade_does_not_lose_the_bots_decision(qtbot):
    session, bridge, failures = quiet_bridge(qtbot)
    asked = bridge.running[1]
    bridge._bot_failed(1, asked.version, True)  # weighing an offer failed, not the decision
    assert failures == ["The bot at Ben's seat ran into a problem and let a trade go."]
    bridge._bot_chose(1, {"number": 40}, asked.version)  # the decision's answer still counts
    assert session.state.awaiting() == (0, 2)
    assert session.state.pending[1] == {"number": 40}
    bridge._bot_failed(2, asked.version - 1, False)  # a failure from an older question
    assert 2 in bridge.running and 2 in session.state.awaiting()
    bridge.close()


def test_solo_without_the_curtain_offers_no_hide_that_does_nothing(qtbot, window):
    """The screen is never hidden without the curtain: its panel has no Hide button; a player
    who asks for their screen between turns gets one that goes back to the board."""
    from tests.ui.audit import click

    from middleground.table.session import PRIVATE, PUBLIC, SOLO

    seats = [Seat("Ann")] + [Seat(f"Bot {i}", BOT, "random") for i in (1, 2)]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 5, SOLO, False)
    window.start_session(session)
    table = window.table
    assert session.curtain.stage == PRIVATE and table.panel is not None
    assert not table.hide_button.isVisible()
    session.submit(0, {"number": 37})
    qtbot.waitUntil(lambda: session.curtain.stage == PUBLIC, timeout=60_000)
    window.call(0)  # Ann looks at her screen while the bots think or the table reads
    assert session.curtain.stage == PRIVATE and session.curtain.reason == "call"
    assert table.hide_button.isVisible() and table.hide_button.text() == "Back to the board"
    click(qtbot, table.hide_button)
    assert session.curtain.stage == PUBLIC and table.panel is None


def test_a_bot_s_level_changes_mid_game_from_the_table_menu(qtbot, window):
    session = bots_table(window, 2)
    window._list_bots()  # the menu opening
    menus = {a.text(): a.menu() for a in window.levels_menu.actions()}
    assert list(menus) == ["Bot 1", "Bot 2"]
    levels = {a.text(): a for a in menus["Bot 1"].actions()}
    assert list(levels) == ["Random", "Easy", "Normal", "Hard"]
    assert [a.text() for a in levels.values() if a.isChecked()] == ["Normal"]
    levels["Hard"].trigger()
    assert [s.level if s.is_bot else "" for s in session.seats] == ["", "hard", "normal"]
    assert window.statusBar().currentMessage() == "Bot 1 now plays as a hard bot."
    window._list_bots()
    menus = {a.text(): a.menu() for a in window.levels_menu.actions()}
    assert [a.text() for a in menus["Bot 1"].actions() if a.isChecked()] == ["Hard"]
    window.bridge.flush_save()
    assert load_session(autosave_path()).seats[1].level == "hard"  # kept on resume


def test_a_facilitator_changes_levels_from_the_console_not_the_menu(qtbot, window):
    seats = [Seat("Ann"), Seat("Bot 1", BOT, "easy"), Seat("Bot 2", BOT, "easy")]
    window.start_session(Session.start(get_game("good-enough"), seats, {}, 5, "facilitator"))
    window._list_bots()
    assert window.levels_menu.actions() == []
