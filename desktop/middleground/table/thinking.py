"""Where bots think: worker processes beside the app, so a bot's search never holds the
interpreter the window runs in.

Python threads share one interpreter lock: a bot searching on a thread still takes turns with
the UI thread, and a table of hard bots made the window stutter. A bot here gets only what it
may use (its game's id, its level, its seat's view, its choices and a seed), all plain data, and
sends back its action. The pool starts when a table with bots opens (warm_up, on a helper
thread, so the window never waits for processes to start) or else on first use (worker
processes import the games, not Qt), and lives as long as the app; if processes cannot be
started, threads do the work instead.
"""

from __future__ import annotations

import atexit
import concurrent.futures as futures
import contextlib
import os
import random
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

from middleground.engine import Action, View

WORKERS = 2  # bots thinking at once; they run below the window's priority (see _warm)
NICENESS = 10  # how far below: a busy machine serves the window first

_lock = threading.Lock()
_pool: futures.Executor | None = None
_warming: futures.Future | None = None  # done once the workers are launched
_bots: dict[tuple[str, str], Any] = {}  # per worker: bots keep nothing between decisions


def decide(game_id: str, level: str, view: View, legal: Sequence[Action], seed: int, free: bool):
    """One decision, as the bot at `level` makes it from `view` alone (run in a worker).

    For a free action (`free`), the bot's offer, answer or gift, or None when it takes none or
    the bot takes no free actions at all.
    """
    from middleground.ai import make_bot
    from middleground.engine import get_game

    bot = _bots.get((game_id, level))
    if bot is None:
        bot = _bots[game_id, level] = make_bot(get_game(game_id), level)
    rng = random.Random(seed)
    if free:
        chooser = getattr(bot, "free_action", None)
        return chooser(view, list(legal), rng) if chooser is not None else None
    return bot.choose(view, list(legal), rng)


def _warm() -> None:
    """Each worker on starting: lower its priority, so that when the bots keep every core busy
    the window still gets one the moment it has work (a stall otherwise); load the games."""
    with contextlib.suppress(OSError, AttributeError):
        if sys.platform == "win32":
            import ctypes

            below_normal = 0x4000
            kernel = ctypes.windll.kernel32
            kernel.SetPriorityClass(kernel.GetCurrentProcess(), below_normal)
        else:
            os.nice(NICENESS)
    if sys.platform != "win32":  # there a worker's pipe breaks when the app goes
        threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True).start()
    import middleground.engine  # noqa: F401  the games register on first lookup


ORPHAN_CHECK = 1.0  # seconds between a worker's looks at whether the app still runs


def _end_with(app: int) -> None:
    """In a worker: end once the app that started it is gone (killed, crashed), rather than
    hold its memory for good; a worker whose app ended is handed to another parent."""
    while os.getppid() == app:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


def pool() -> futures.Executor:
    """The app's bot workers, started on first use."""
    global _pool
    with _lock:
        if _pool is None:
            try:
                import multiprocessing  # here, not at start-up: the app may never need it

                context = multiprocessing.get_context("spawn")
                _pool = futures.ProcessPoolExecutor(WORKERS, context, _warm)
            except (OSError, NotImplementedError, ImportError):  # no processes here: threads
                _pool = futures.ThreadPoolExecutor(WORKERS, "bot")
            atexit.register(shutdown, wait=True)
        return _pool


def warm_up() -> futures.Future:
    """Launch the workers on a helper thread, so that nobody waits for them to start; the future
    is done once they are launched (done already when they were)."""
    global _warming
    with _lock:
        if _warming is not None and (_pool is not None or not _warming.done()):
            return _warming
        ready = _warming = futures.Future()
    threading.Thread(target=_launch, args=(ready,), name="bot-workers-start").start()
    return ready


def warm() -> bool:
    """Whether the workers are launched: a decision handed to them now starts no process."""
    ready = _warming
    return ready is not None and ready.done() and _pool is not None


def _started() -> None:
    """A worker's first task: it exists."""


def _launch(ready: futures.Future) -> None:
    """On the helper thread: the pool, and one first task per worker, so each is started now
    (a pool starts a worker only when it is handed a task and none is idle)."""
    try:
        executor = pool()
        for _ in range(WORKERS):
            executor.submit(_started)
    except (futures.BrokenExecutor, OSError, RuntimeError):
        pass  # shut down meanwhile, or no processes here: think() starts afresh when asked
    finally:
        ready.set_result(None)


def think(
    game_id: str, level: str, view: View, legal: Sequence[Action], seed: int, free: bool = False
) -> futures.Future:
    """Start one decision in the workers; the future holds the action (or the bot's error)."""
    global _pool
    task = (decide, game_id, level, view, tuple(legal), seed, free)
    try:
        return pool().submit(*task)
    except futures.BrokenExecutor:  # a worker died (killed, out of memory): start afresh
        with _lock:
            _pool = None
        return pool().submit(*task)
    except (OSError, RuntimeError):  # processes cannot start from here: think on threads
        with _lock:
            broken, _pool = _pool, futures.ThreadPoolExecutor(WORKERS, "bot")
        if broken is not None:
            broken.shutdown(wait=False, cancel_futures=True)
        return _pool.submit(*task)


def shutdown(wait: bool = False) -> None:
    """Stop the workers (when the window closes, and at exit); a later decision starts them
    again."""
    global _pool, _warming
    with _lock:
        current, _pool = _pool, None
        if _warming is not None and _warming.done():
            _warming = None  # the next table launches them again
    if current is not None:
        atexit.unregister(shutdown)
        current.shutdown(wait=wait, cancel_futures=True)
