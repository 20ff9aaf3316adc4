"""The one adapter between the table and Qt: re-emits each Changes record as a signal, saves
after every accepted action, and lets bots think on worker threads."""

from __future__ import annotations

import contextlib
import random

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from middleground.ai import make_bot
from middleground.engine import Event, GameError, View
from middleground.table import Changes, Session
from middleground.table.saves import autosave


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
        return self._session.public_view()

    def events(self) -> list[Event]:
        return self._session.public_events()

    def standings(self) -> list[tuple[str, str]]:
        return self._session.game.standings(self.view())

    @property
    def title(self) -> str:
        return self._session.game.title


class _BotSignals(QObject):
    chosen = Signal(int, object, int)  # seat, action, version
    failed = Signal(int, str)


class _BotJob(QRunnable):
    """One bot decision, computed from that seat's view only, off the UI thread."""

    def __init__(self, bot, seat, view, legal, seed, version, signals) -> None:
        super().__init__()
        self.bot, self.seat, self.view, self.legal = bot, seat, view, legal
        self.seed, self.version, self.signals = seed, version, signals

    def run(self) -> None:
        try:
            action = self.bot.choose(self.view, self.legal, random.Random(self.seed))
        except Exception as error:  # a bot must never take the table down
            self.signals.failed.emit(self.seat, str(error))
            return
        # The table may have closed while this bot thought: then nobody is waiting for it.
        with contextlib.suppress(RuntimeError):
            self.signals.chosen.emit(self.seat, action, self.version)


class TableBridge(QObject):
    """Owns the session for the UI; screens listen to `changed`."""

    changed = Signal(object)  # Changes
    thinking = Signal(object)  # the seats whose bots are thinking
    failed = Signal(str)

    def __init__(self, session: Session, save: bool = True, bot_delay_ms: int = 350) -> None:
        super().__init__()
        self.session = session
        self.save = save
        self.bot_delay_ms = bot_delay_ms
        self.feed = PublicFeed(session)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(2)
        self.signals = _BotSignals()
        self.signals.chosen.connect(self._bot_chose)
        self.signals.failed.connect(self._bot_failed)
        self.running: set[tuple[int, int]] = set()
        session.listeners.append(self._on_change)
        if save:
            autosave(session)
        QTimer.singleShot(0, self.schedule_bots)

    def _on_change(self, changes: Changes) -> None:
        if self.save and (changes.game or changes.seats):
            try:
                autosave(self.session)
            except GameError as error:
                self.failed.emit(str(error))
        self.changed.emit(changes)
        self.feed.changed.emit()
        if changes.game or changes.seats:
            self.schedule_bots()

    def schedule_bots(self) -> None:
        for seat in self.session.bots_owed():
            key = (seat, self.session.version)
            if key in self.running:
                continue
            self.running.add(key)
            view, legal, seed, version = self.session.bot_job(seat)
            bot = make_bot(self.session.game, self.session.seats[seat].level)
            job = _BotJob(bot, seat, view, legal, seed, version, self.signals)
            QTimer.singleShot(self.bot_delay_ms, lambda job=job: self.pool.start(job))
        self.thinking.emit(self.thinking_seats())

    def thinking_seats(self) -> list[int]:
        return [s for s, v in self.running if v == self.session.version]

    def _bot_chose(self, seat: int, action, version: int) -> None:
        self.running.discard((seat, version))
        if version != self.session.version:
            self.schedule_bots()  # the game moved on while it thought: ask again
            return
        try:
            self.session.submit_bot(seat, action, version)
        except GameError as error:
            self.failed.emit(f"{self.session.seats[seat].name} (bot) made an illegal move: {error}")
        self.thinking.emit(self.thinking_seats())

    def _bot_failed(self, seat: int, message: str) -> None:
        self.running = {(s, v) for s, v in self.running if s != seat}
        self.failed.emit(f"The bot at {self.session.seats[seat].name}'s seat failed: {message}")

    def wait_for_bots(self, timeout_ms: int = 5000) -> bool:
        """For tests and shutdown: let running bot jobs finish."""
        return self.pool.waitForDone(timeout_ms)
