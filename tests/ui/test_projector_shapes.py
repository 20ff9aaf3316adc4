"""The projector on any screen the facilitator has: 16:9, 16:10, 4:3, 5:4, square, portrait.
Each game's board, from its first choices to its end, keeps every word clear of every other
and inside the window (a piece's inside the piece), in type no smaller than 1/40 of its
height."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication, QGraphicsTextItem
from tests.random_play import random_step
from tests.ui.audit import text_clashes

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR

NINE = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan")
TWENTY = tuple(f"Player {seat}" for seat in range(1, 21))  # names that part only at their ends
CARDS = {"dealer": "Alice", "physical_deck": True}
GAMES = {
    "good-enough": (NINE[:5], {"rounds": 3}),
    "median-card-game": (NINE[:5], CARDS),
    "median-card-game-9": (NINE, CARDS),
    # The most the card game seats, in hands of three from two decks: a third round to play.
    "median-card-game-20": (TWENTY, {**CARDS, "dealer": TWENTY[0], "hand_size": 3, "decks": 2}),
    "the-median": (NINE, {}),
}
SIZES = [(1000, 1000), (1280, 1024), (1024, 768), (1920, 1080), (1080, 1920)]


def moments(session: Session, rng: random.Random) -> Iterator[str]:
    """The game played at random, stopping where the room reads it: half the first choices
    in (The Median's draft), the first reveal, half a later round's, its reveal, the end."""
    players = len(session.seats)

    def choose(times: int = 1) -> None:
        for _ in range(times):
            session.submit(*random_step(session.state, rng))

    choose(max(1, len(session.state.awaiting()) // 2))
    yield "the first choices"
    while not session.reading_reveal():
        choose()
    yield "the first reveal"
    while session.reading_reveal() or session.public_view().round < 2:
        session.acknowledge() if session.reading_reveal() else choose()
    while len(session.state.awaiting()) < players // 2:  # a card game's round: its lead
        choose()
    choose(max(1, len(session.state.awaiting()) // 2))
    yield "a round under way"
    while not session.reading_reveal():
        choose()
    yield "its reveal"
    while not session.state.is_terminal() or session.reading_reveal():
        session.acknowledge() if session.reading_reveal() else choose()
    yield "the end"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_word_on_the_projector_is_clear_whatever_its_shape(qtbot, window, game_id, size):
    """In a projector squarer than 6:5 (1000x1000), The Median's draft ran its tiebreak line
    into the status line, the words under its pieces into each other and its ranking's rows
    into each other: the board is now as tall as the window, its rows flowing down it. The
    words painted inside its pieces ran past them there ("ickpocke" for Pickpocket), ten
    pieces across being too narrow for the type: the belt now stands in two rows of five, as
    it does on a portrait screen, its ranking under its story there. It's Good Enough's board
    and the card game's grow as tall as a window squarer than 16:9 leaves them over their
    standings, which take only the lines they need: in portrait their status lines and
    headings ran past their edges, the card game's pool into its seats. Twenty card players
    in portrait had their names, cards and tallies piled on each other, under standings of
    twenty lines: the seats' tallies stand for the standings there, left off."""
    names, options = GAMES[game_id]
    game = get_game(game_id.rstrip("-0123456789"))
    session = Session.start(game, [Seat(n) for n in names], options, 7, FACILITATOR)
    window.start_session(session)
    window.open_projector()
    projector = window.projector
    projector.resize(*size)
    for moment in moments(session, random.Random(3)):
        QApplication.processEvents()
        public = projector.public
        public.refresh()
        board = public.board
        getattr(board, "finish_animations", lambda: None)()
        assert text_clashes(board) == [], moment
        scale = public.view.transform().m11()
        for item in board.items():
            if isinstance(item, QGraphicsTextItem):
                shown = item.font().pixelSize() * scale
                assert shown >= size[1] / 40 * 0.97, (moment, item.toPlainText())
