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


FREE_ACTIONS_PER_ROUND = 3  # a bot's offers, answers and gifts in one round, so trading ends


class _BotSignals(QObject):
    chosen = Signal(int, object, int)  # seat, action, version
    chose_free = Signal(int, object, int)  # seat, free action or None, version
    failed = Signal(int, str)


class _BotJob(QRunnable):
    """One bot decision, computed from that seat's view only, off the UI thread."""

    def __init__(self, bot, seat, view, legal, seed, version, signals, free=False) -> None:
        super().__init__()
        self.bot, self.seat, self.view, self.legal = bot, seat, view, legal
        self.seed, self.version, self.signals, self.free = seed, version, signals, free

    def run(self) -> None:
        rng = random.Random(self.seed)
        try:
            if self.free:
                action = self.bot.free_action(self.view, self.legal, rng)
            else:
                action = self.bot.choose(self.view, self.legal, rng)
        except Exception as error:  # a bot must never take the table down
            self.signals.failed.emit(self.seat, str(error))
            return
        if self.free:
            with contextlib.suppress(RuntimeError):
                self.signals.chose_free.emit(self.seat, action, self.version)
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
        self.signals.chose_free.connect(self._bot_chose_free)
        self.running: set[tuple[int, int]] = set()
        self.asked_free: set[tuple[int, int]] = set()  # (seat, version) already asked
        self.free_taken: dict[tuple[int, int], int] = {}  # (seat, round) -> free actions
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
        self._schedule_free_actions()
        self.thinking.emit(self.thinking_seats())

    def _schedule_free_actions(self) -> None:
        """Ask each bot that trades whether it wants to offer, answer or give something."""
        session = self.session
        round_number = session.public_view().round
        for seat, info in enumerate(session.seats):
            key = (seat, session.version)
            if not info.is_bot or key in self.asked_free:
                continue
            if self.free_taken.get((seat, round_number), 0) >= FREE_ACTIONS_PER_ROUND:
                continue
            bot = make_bot(session.game, info.level)
            if not hasattr(bot, "free_action"):
                continue
            job = session.bot_free_job(seat)
            if job is None:
                continue
            self.asked_free.add(key)
            view, free, seed, version = job
            task = _BotJob(bot, seat, view, free, seed, version, self.signals, free=True)
            self.pool.start(task)

    def _bot_chose_free(self, seat: int, action, version: int) -> None:
        if action is None or version != self.session.version:
            return
        round_number = self.session.public_view().round
        try:
            changes = self.session.submit_bot_free(seat, action, version)
        except GameError as error:
            self.failed.emit(f"{self.session.seats[seat].name} (bot) made an illegal move: {error}")
            return
        if changes.game:
            key = (seat, round_number)
            self.free_taken[key] = self.free_taken.get(key, 0) + 1

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
