"""The one adapter between the table and Qt: re-emits each Changes record as a signal, saves
after every accepted action (the file is written on the saves thread, table/saves.py), and hands
bots' decisions to the worker processes (table/thinking.py)."""

from __future__ import annotations

import concurrent.futures as futures
import contextlib
import random
from collections import deque
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from middleground.engine import Event, GameError, View
from middleground.table import Changes, Session, thinking
from middleground.table.saves import EXIT_WAIT, autosave, flush_autosave

from .collector import collect_on_ui_thread
from .crash_report import report_quietly


class PublicFeed(QObject):
    """Everything the projector may have: the public view and public events. Nothing else.

    The projector window is built from a feed, never from the session, so no code path can
    hand it a seat's view or the state.
    """

    changed = Signal()

    def __init__(self, session: Session) -> None:
        super().__init__()
        self._session = session

    def view(self) -> View:
        """The public view as the boards show it (a reveal is held while the table reads it)."""
        return self._session.board_view()

    def events(self) -> list[Event]:
        """The public events as the boards tell them (held at a reveal with the view)."""
        return self._session.board_events()

    def standings(self) -> list[tuple[str, str, str]]:
        """A row a player: the name, who plays it ("hard bot", nothing for a person) and the
        standing the game shows. Bots' levels are public: the table chose them."""
        rows = self._session.game.standings(self.view())
        return [
            (name, seat.role, shown)
            for seat, (name, shown) in zip(self._session.seats, rows, strict=True)
        ]

    @property
    def title(self) -> str:
        return self._session.game.title


# A worker's answer always arrives through the event loop, even when it was ready before its
# callback was attached (then the callback runs on the UI thread, inside the code that asked).
QUEUED = Qt.ConnectionType.QueuedConnection

FREE_ACTIONS_PER_ROUND = 3  # a bot's offers, answers and gifts in one round, so trading ends


class _BotSignals(QObject):
    chosen = Signal(int, object, int)  # seat, action, version
    chose_free = Signal(int, object, int)  # seat, free action or None, version
    failed = Signal(int, int, bool)  # seat, version, free: what failed, never why (see below)
    workers_ready = Signal()


@dataclass(frozen=True)
class _Asked:
    """What a bot at one seat was asked: its answer is taken only while this still stands."""

    version: int
    level: str
    view: View
    legal: tuple


def _deliver(signals: _BotSignals, seat: int, version: int, free: bool, done: futures.Future):
    """A worker's answer, back to the UI thread as a queued signal (a bot's error included)."""
    # The table may have closed while this bot thought: then nobody is waiting for it.
    with contextlib.suppress(RuntimeError):
        if done.cancelled():
            return
        if done.exception() is not None:  # a bot must never take the table down
            report_quietly(done.exception())
            signals.failed.emit(seat, version, free)
        elif free:
            signals.chose_free.emit(seat, done.result(), version)
        else:
            signals.chosen.emit(seat, done.result(), version)


def next_pass(parent: QObject, slot) -> QTimer:
    """A timer that, started (once or many times), runs `slot` once on the next pass of the
    event loop."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(0)
    timer.timeout.connect(slot)
    return timer


def _emit(signal) -> None:
    """From a helper thread: the table may have closed meanwhile, and nobody is listening."""
    with contextlib.suppress(RuntimeError):
        signal.emit()


class TableBridge(QObject):
    """Owns the session for the UI; screens listen to `changed`."""

    changed = Signal(object)  # Changes
    thinking = Signal(object)  # the seats whose bots are thinking
    failed = Signal(str)

    def __init__(self, session: Session, save: bool = True, bot_delay_ms: int = 350) -> None:
        super().__init__()
        collect_on_ui_thread()  # it starts the saves thread and the bots' pool
        self.session = session
        self.save = save
        self.bot_delay_ms = bot_delay_ms
        self.feed = PublicFeed(session)
        self.outstanding: set[futures.Future] = set()  # decisions the workers still owe
        self.signals = _BotSignals()
        self.signals.chosen.connect(self._bot_answered, QUEUED)
        # Bots deciding together answer together: their answers are taken one per pass of the
        # event loop, so the window repaints and takes clicks between them.
        self._answers: deque[tuple[int, object, int]] = deque()
        self.signals.failed.connect(self._bot_failed, QUEUED)
        self.signals.chose_free.connect(self._bot_chose_free, QUEUED)
        # The bots' worker processes start on a helper thread as the table opens: starting them
        # on the UI thread, at the first bot's question, was the longest stall of a game.
        # Questions asked before they are up wait here, in order, and go when they are.
        self._held: list[tuple] = []
        self.signals.workers_ready.connect(self._workers_ready, QUEUED)
        if any(info.is_bot for info in session.seats):
            thinking.warm_up()
        self._bot_answering = False  # a bot's answer is being taken (its save can wait a pass)
        self.closed = False  # the table was left: nobody is asked anything more
        self._save_pending = False
        self.running: dict[int, _Asked] = {}  # seat -> the decision its bot is working on
        self._standing: dict[tuple[int, int, int], bool] = {}  # (seat, asked at, now) -> stands
        self.asked_free: set[tuple[int, int]] = set()  # (seat, version) already asked
        self.free_taken: dict[tuple[int, int], int] = {}  # (seat, round) -> free actions
        # Bots are asked about free actions (offers, answers, gifts) after the redraw of the
        # change that led to it, one bot a pass of the event loop: working out one bot's free
        # actions takes milliseconds, and all nine in one pass made one of the longest stalls.
        self._free_due = next_pass(self, self._schedule_free_actions)
        self._free_seats: deque[int] = deque()  # bots still to ask at _free_version
        self._free_version = -1
        self._free_next = next_pass(self, self._ask_next_free)
        session.listeners.append(self._on_change)
        if save:
            self._save_now()
        QTimer.singleShot(0, self.schedule_bots)

    def _on_change(self, changes: Changes) -> None:
        if self.save and (changes.game or changes.seats or changes.pins):
            if self._bot_answering:
                self._save_soon()
            else:
                self._save_now()
        self.changed.emit(changes)
        self.feed.changed.emit()
        if changes.game or changes.seats:
            self.schedule_bots()

    def schedule_bots(self) -> None:
        if self.closed:
            return
        session = self.session
        for seat in session.bots_owed():
            if seat in self.running and self._stands(seat, self.running[seat]):
                continue  # already thinking about this very decision
            view, legal, seed, version = session.bot_job(seat)
            level = session.seats[seat].level
            self.running[seat] = _Asked(version, level, view, tuple(legal))
            job = (seat, level, view, legal, seed, version, False)
            QTimer.singleShot(self.bot_delay_ms, lambda job=job: self._think(*job))
        self._free_due.start()
        self.thinking.emit(self.thinking_seats())

    def _schedule_free_actions(self) -> None:
        """Ask each bot that trades whether it wants to offer, answer or give something."""
        session = self.session
        self._free_version = session.version
        self._free_seats = deque(s for s, info in enumerate(session.seats) if info.is_bot)
        self._ask_next_free()

    def _ask_next_free(self) -> None:
        """The next bot with free actions to weigh is asked; the one after it, next pass."""
        session = self.session
        if self.closed or session.version != self._free_version:
            return  # the table was left, or the game changed: asking starts again
        round_number = session.public_view().round
        while self._free_seats:
            seat = self._free_seats.popleft()
            key = (seat, session.version)
            if key in self.asked_free:
                continue
            if self.free_taken.get((seat, round_number), 0) >= FREE_ACTIONS_PER_ROUND:
                continue
            job = session.bot_free_job(seat)
            if job is not None:
                self.asked_free.add(key)
                view, free, seed, version = job
                self._think(seat, session.seats[seat].level, view, free, seed, version, True)
            break  # one bot's free actions worked out a pass
        if self._free_seats:
            self._free_next.start()

    def _think(self, seat, level, view, legal, seed, version, free) -> None:
        """Hand one decision to the workers; the answer comes back as a signal."""
        if self.closed:
            return
        ready = thinking.warm_up()
        if not ready.done():
            self._held.append((seat, level, view, legal, seed, version, free))
            if len(self._held) == 1:
                signals = self.signals
                ready.add_done_callback(lambda _ready: _emit(signals.workers_ready))
            return
        done = thinking.think(self.session.game.id, level, view, legal, seed, free)
        self.outstanding.add(done)
        signals = self.signals

        def answered(done: futures.Future) -> None:
            self.outstanding.discard(done)
            _deliver(signals, seat, version, free, done)

        done.add_done_callback(answered)

    def _workers_ready(self) -> None:
        held, self._held = self._held, []
        for job in held:
            self._think(*job)

    def _bot_chose_free(self, seat: int, action, version: int) -> None:
        if self.closed or action is None or version != self.session.version:
            return
        round_number = self.session.public_view().round
        try:
            changes = self.session.submit_bot_free(seat, action, version)
        except GameError:
            self._bot_failed(seat, version, True)
            return
        if changes.game:
            key = (seat, round_number)
            self.free_taken[key] = self.free_taken.get(key, 0) + 1

    def thinking_seats(self) -> list[int]:
        return sorted(s for s, asked in self.running.items() if self._stands(s, asked))

    def _stands(self, seat: int, asked: _Asked) -> bool:
        version = self.session.version
        if asked.version == version:
            return True
        key = (seat, asked.version, version)
        if key not in self._standing:
            if len(self._standing) > 256:
                self._standing.clear()
            self._standing[key] = self.session.bot_answer_stands(
                seat, asked.level, asked.view, asked.legal, asked.version
            )
        return self._standing[key]

    def _save_now(self) -> None:
        self._save_pending = False
        autosave(self.session, self._save_failed)

    def _save_failed(self, error: GameError) -> None:
        """On the saves thread: the message reaches the window through the event loop."""
        self.failed.emit(error.said)

    def _save_soon(self) -> None:
        """A bot's answer is saved on the next pass of the event loop, once for a burst of
        answers: it can be worked out again from the seed, where a player's cannot, so what a
        player enters is saved at once."""
        if not self._save_pending:
            self._save_pending = True
            QTimer.singleShot(0, lambda: self.flush_save(wait=False))

    def flush_save(self, wait: bool = True) -> None:
        """Save now if a bot's answer is waiting to be saved, and (with `wait`, at shutdown)
        wait until every save asked for is on disk."""
        if self._save_pending:
            self._save_now()
        if wait and self.save:
            flush_autosave(EXIT_WAIT)  # a stuck disk must not freeze the window for good

    def _bot_answered(self, seat: int, action, version: int) -> None:
        self._answers.append((seat, action, version))
        if len(self._answers) == 1:
            QTimer.singleShot(0, self._take_answer)

    def _take_answer(self) -> None:
        if self.closed or not self._answers:
            return
        self._bot_chose(*self._answers.popleft())
        if self._answers:
            QTimer.singleShot(0, self._take_answer)

    def _bot_chose(self, seat: int, action, version: int) -> None:
        asked = self.running.get(seat)
        if asked is None or asked.version != version:
            return  # a later question to this bot is on its way
        del self.running[seat]
        if not self._stands(seat, asked):
            self.schedule_bots()  # the game moved on in a way it could see: ask again
            return
        self._bot_answering = True
        try:
            self.session.submit_bot(seat, action, self.session.version)
        except GameError:
            refused = True
        else:
            refused = False
        finally:
            self._bot_answering = False
        if refused:
            self._choose_at_random(seat)
            return
        self.thinking.emit(self.thinking_seats())

    # A bot that fails (its code raised, or it answered with a move the rules refuse) must not
    # stall the table, and what went wrong stays untold: the error may name its hand or its
    # character, and the status line is public. A failed decision is made at random instead;
    # a failed offer, answer or gift is simply not made.

    def _bot_failed(self, seat: int, version: int, free: bool) -> None:
        if self.closed:
            return
        name = self.session.seats[seat].name
        if free:
            self.failed.emit(f"The bot at {name}'s seat ran into a problem and let a trade go.")
            return
        asked = self.running.get(seat)
        if asked is None or asked.version != version:
            return  # a later question to this bot is on its way
        del self.running[seat]
        self._choose_at_random(seat)

    def _choose_at_random(self, seat: int) -> None:
        from middleground.ai.bot import RandomBot

        session = self.session
        if seat not in session.bots_owed():
            return  # the game moved on, or a player took the seat back
        name = session.seats[seat].name
        view, legal, seed, version = session.bot_job(seat)
        action = RandomBot().choose(view, legal, random.Random(seed))
        self._bot_answering = True
        try:
            session.submit_bot(seat, action, version)
        except GameError:
            self.failed.emit(
                f"The bot at {name}'s seat cannot make its choice: the game waits for it."
            )
            return
        finally:
            self._bot_answering = False
        self.failed.emit(f"The bot at {name}'s seat ran into a problem and chose at random.")
        self.thinking.emit(self.thinking_seats())

    def close(self) -> None:
        """The table is left: no bot is asked anything more, and answers still on their way are
        dropped, so a game of bots does not play on (and save) behind the next screen."""
        self.closed = True
        self._free_due.stop()
        self._free_next.stop()
        self._answers.clear()
        self._held.clear()
        self.running.clear()

    def wait_for_bots(self, timeout_ms: int = 5000) -> bool:
        """For tests and shutdown: let the decisions already handed to the workers finish."""
        _done, pending = futures.wait(list(self.outstanding), timeout=timeout_ms / 1000)
        return not pending
