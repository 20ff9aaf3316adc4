"""A monkey at the table: hundreds of random clicks, keys and entries on the real table screen
of every game, at a hot-seat table, at a facilitator's console and in solo practice; and on
the setup screen.

Whatever it presses, nothing may raise (pytest-qt fails a test on an exception inside Qt's
event loop), every move the session accepted must be legal and replay from the save, and the
projector must never show a secret; at a hot-seat table neither may the main window while no
player's curtain is lifted, and in solo practice it never shows a bot's. Everything a keyboard
can reach has a name a screen reader reads.
"""

from __future__ import annotations

import json
import random

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QScrollBar,
    QStackedWidget,
    QTabBar,
    QWidget,
)
from tests.games.median_card_game.test_views import secrets_hidden_from as card_secrets
from tests.games.the_median.test_views import secrets_hidden_from as notice_secrets
from tests.ui.audit import leaks
from tests.ui.test_hot_seat import secrets_hidden_from as number_secrets

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.seats import BOT
from middleground.table.session import FACILITATOR, PASS, PRIVATE, PUBLIC, SOLO, TABLE

STEPS = 600
# Distinctive numbers for It's Good Enough's picks, each used once: the audit finds a secret
# as a whole word on screen, so a pick must not also be an axis tick, a count or a past pick.
PICKS = [37, 63, 71, 29, 58, 83, 47, 66, 19, 92, 54, 38, 87, 23, 76, 41, 68, 13, 96, 34]


def _distinctive(secrets):
    """Only the secret picks the monkey made: a bot (or a seat the console turned into one)
    picks ordinary numbers, which may stand on the board for other reasons."""

    def made_by_the_monkey(session, viewer):
        humans = {seat.name for seat in session.seats if not seat.is_bot}
        shown = {n for done in session.state.rounds for n in done["picks"]}  # revealed before
        return {
            label: value
            for label, value in secrets(session, viewer).items()
            if int(value) in PICKS
            and int(value) not in shown
            and label.removesuffix("'s choice") in humans
        }

    return made_by_the_monkey


# Per game: the seats (True for a human), setup options kept short, and what each viewer
# must not see (None: the public).
TABLES = {
    "good-enough": ([True, True, True, True], {"rounds": 3}, _distinctive(number_secrets)),
    "median-card-game": ([True, True, False], {"deck": "24", "hand_size": 3}, card_secrets),
    "the-median": (
        [True, True, True] + [False] * 6,
        {},
        lambda session, viewer: notice_secrets(session.state, viewer),
    ),
}
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]
KEYS = [Qt.Key.Key_Return, Qt.Key.Key_Escape, Qt.Key.Key_Space, Qt.Key.Key_Tab, Qt.Key.Key_Up]
ARROWS = [Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Return, Qt.Key.Key_Space]
# How often the monkey reaches for each kind of thing (buttons most, as players do).
KINDS = [
    (QAbstractButton, 45),
    (QComboBox, 15),
    (QTabBar, 5),
    (QAbstractSpinBox, 15),
    (QLineEdit, 5),
]
ELSEWHERE = 15  # anything else: a hand of cards, a list, the board


def _reachable(root: QWidget) -> list[QWidget]:
    """What a player can press or type into under `root` right now. Buttons that open a file
    dialog are left out (a modal dialog would wait for a person), and so are bare containers."""
    found = []
    for widget in root.findChildren(QWidget):
        if not (widget.isVisible() and widget.isEnabled()):
            continue
        if type(widget) in (QWidget, QStackedWidget, QLabel, QScrollBar):
            continue
        if isinstance(widget, QAbstractButton) and widget.text().startswith("Export"):
            continue
        if isinstance(widget, QLineEdit) and isinstance(widget.parent(), QAbstractSpinBox):
            continue  # typed into through its spin box
        found.append(widget)
    return found


def _pick(widgets: list[QWidget], rng: random.Random) -> QWidget | None:
    groups = [[w for w in widgets if isinstance(w, kind)] for kind, _ in KINDS]
    groups.append([w for w in widgets if not any(isinstance(w, k) for k, _ in KINDS)])
    weights = [
        weight if group else 0
        for group, weight in zip(groups, [*(w for _, w in KINDS), ELSEWHERE], strict=True)
    ]
    if not any(weights):
        return None
    return rng.choice(rng.choices(groups, weights)[0])


def _poke(qtbot, widget: QWidget, rng: random.Random, picks: list[int]) -> None:
    """One thing a player might do to `widget`."""
    if isinstance(widget, QComboBox | QTabBar) and widget.count():
        widget.setCurrentIndex(rng.randrange(widget.count()))
    elif isinstance(widget, QAbstractSpinBox):
        if rng.random() < 0.3 or not picks:
            text = rng.choice(["", "-3", "1e3", "x", "100000"])
        elif widget.maximum() >= 100:  # a number to pick: a fresh distinctive one
            text = str(picks.pop())
        else:
            text = str(rng.randint(widget.minimum(), widget.maximum()))
        widget.setFocus()
        widget.lineEdit().selectAll()
        qtbot.keyClicks(widget, text)
        qtbot.keyClick(widget, rng.choice(KEYS))
    elif isinstance(widget, QLineEdit):
        # Letters only: a typed digit could match a secret number by chance and fool the audit.
        qtbot.keyClicks(widget, "".join(rng.choice("abcXYZ -") for _ in range(rng.randrange(6))))
        qtbot.keyClick(widget, rng.choice(KEYS))
    elif isinstance(widget, QAbstractButton):
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    elif widget.focusPolicy() != Qt.FocusPolicy.NoFocus and rng.random() < 0.3:
        widget.setFocus()  # a hand of cards, say, played from the keyboard
        qtbot.keyClick(widget, rng.choice(ARROWS))
    else:
        size = widget.size()
        spot = QPoint(rng.randrange(max(1, size.width())), rng.randrange(max(1, size.height())))
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=spot)


def _unnamed(root: QWidget) -> list[str]:
    """Widgets a keyboard can reach that a screen reader would announce without a name."""
    return [
        f"{type(widget).__name__} in {type(widget.parent()).__name__}"
        for widget in root.findChildren(QWidget)
        if widget.isVisible()
        and widget.focusPolicy() != Qt.FocusPolicy.NoFocus
        and not (isinstance(widget, QLineEdit) and isinstance(widget.parent(), QAbstractSpinBox))
        and not QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Name).strip()
    ]


def _audit(session, window, secrets) -> None:
    assert leaks(window.projector, secrets(session, None)) == []
    if session.mode == SOLO:  # the one player sees their own secrets, never the bots'
        assert leaks(window, secrets(session, 0)) == []
    elif session.mode == TABLE and session.curtain.stage != PRIVATE:
        assert leaks(window, secrets(session, None)) == []


def _monkey_plays(qtbot, window, game_id, mode, humans, options, secrets) -> None:
    rng = random.Random(f"{game_id} {mode} {sorted(options.items())}")
    game = get_game(game_id)
    if mode == SOLO:  # one player against bots, without the curtain
        humans = [True] + [False] * (len(humans) - 1)
    if mode == FACILITATOR and game.secret_hands(game.setup(NAMES[: len(humans)], options)):
        humans = [False] * len(humans)  # a hand only its player's screen shows: bots only
    seats = [
        Seat(name) if human else Seat(name, BOT, "easy")
        for name, human in zip(NAMES, humans, strict=False)
    ]
    session = Session.start(game, seats, options, seed=3, mode=mode, curtain_enabled=mode != SOLO)
    window.start_session(session)
    window.open_projector()
    stages = set()
    people_only = mode == FACILITATOR and game.bots_barred(session.state.options)
    picks = list(PICKS)
    rng.shuffle(picks)
    for _ in range(STEPS):
        if session.state.is_terminal():
            break
        curtain = session.curtain
        stages.add(curtain.stage)
        if curtain.stage == PUBLIC and curtain.reason == "bots":
            qtbot.waitUntil(lambda seen=curtain: session.curtain != seen, timeout=60_000)
            continue
        if curtain.stage == PASS and rng.random() < 0.5:  # lift it: the game must go on
            qtbot.mouseClick(window.table.curtain.button, Qt.MouseButton.LeftButton)
            qtbot.keyClick(window.table.curtain, Qt.Key.Key_Return)
        elif people_only and session.humans_owed() and rng.random() < 0.1:
            # Now and then the facilitator enters what a player says: no bot moves this game
            # on (a real deck seats none), and the monkey's own entries are mostly undone.
            seat = rng.choice(session.humans_owed())
            session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        else:
            widget = _pick(_reachable(window.table), rng)
            if widget is not None:
                _poke(qtbot, widget, rng, picks)
        qtbot.wait(1)
        _audit(session, window, secrets)
        assert _unnamed(window) == [] and _unnamed(window.projector) == []
    if session.state.is_terminal():  # on to the results, which a screen reader reads too
        qtbot.mouseClick(window.table.continue_button, Qt.MouseButton.LeftButton)
        assert window.results.isVisible() and _unnamed(window) == []
    moves = len(session.state.history)
    assert moves >= len(seats), f"the monkey got {moves} moves into the game, short of a round"
    if mode == TABLE and session.curtained:
        assert {PASS, PRIVATE} <= stages
    elif mode == TABLE:  # beside a real deck the cards are entered face up: no curtain
        assert PRIVATE in stages and PASS not in stages
    again = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert again.state.history == session.state.history
    assert again.state.public_view() == session.state.public_view()


@pytest.mark.parametrize("mode", [TABLE, FACILITATOR, SOLO])
@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_random_presses_never_break_the_table_or_show_a_secret(qtbot, window, game_id, mode):
    humans, options, secrets = TABLES[game_id]
    _monkey_plays(qtbot, window, game_id, mode, humans, options, secrets)


# Variants whose screens differ: numbered cards and lists written in advance, an even table
# whose leader calls high or low, and the companion for a real deck, where cards are entered.
VARIANTS = [
    ("good-enough", {"rounds": 3, "numbers": "cards", "deck": 60}),
    ("good-enough", {"rounds": 3, "reveal": "all-at-once"}),
    ("median-card-game", {"deck": "24", "hand_size": 3, "physical_deck": True}),
]


@pytest.mark.parametrize("mode", [TABLE, FACILITATOR])
@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_random_presses_on_the_variants_screens(qtbot, window, game_id, options, mode):
    humans, _, secrets = TABLES[game_id]
    if game_id == "median-card-game":  # four seats, the leader calls high or low; beside a
        humans = [True, True, True, True]  # real deck every seat is a person
    _monkey_plays(qtbot, window, game_id, mode, humans, options, secrets)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_random_setup_starts_the_game_it_shows_or_says_what_is_wrong(qtbot, window, game_id):
    """Random entries on the setup screen, then Start: either a game starts with exactly the
    names, seats and mode the screen shows, or the screen says in a sentence what is wrong and
    nothing starts."""
    assert _unnamed(window) == []  # the home screen
    game = get_game(game_id)
    rng = random.Random(game_id)
    outcomes = {"started": 0, "refused": 0}
    for _ in range(25):
        window.show_setup(game)
        setup = window.setup
        started = []
        setup.start.disconnect()
        setup.start.connect(started.append)
        for _ in range(rng.randrange(1, 16)):
            reachable = [
                w
                for w in _reachable(setup)
                if not (isinstance(w, QAbstractButton) and w.text() in ("&Start", "&Back"))
            ]
            widget = _pick(reachable, rng)
            if widget is not None:
                _poke(qtbot, widget, rng, [])
        assert _unnamed(setup) == []
        started.clear()  # Enter in a name the monkey typed in starts too: judge the click
        qtbot.mouseClick(
            next(b for b in setup.findChildren(QAbstractButton) if b.text() == "&Start"),
            Qt.MouseButton.LeftButton,
        )
        message = setup.error.text()
        if started:
            outcomes["started"] += 1
            session = started[0]
            rows = setup.rows
            assert list(session.state.players) == [row.name.text().strip() for row in rows]
            assert [s.is_bot for s in session.seats] == [
                row.controller.currentData() == BOT for row in rows
            ]
            assert session.mode == setup.mode.currentData()
            assert message == ""
        else:
            outcomes["refused"] += 1
            assert message[:1].isupper() and message.endswith("."), message
            assert "FrozenDict" not in message and "Traceback" not in message, message
        assert window.bridge is None
    assert outcomes["started"] >= 5, outcomes
