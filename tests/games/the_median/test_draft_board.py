"""The Median's board in the draft and at its reveals: what a taken character still says, what
a reveal tells (the pass or round shown, not the next), and whom the board waits for."""

from __future__ import annotations

from dataclasses import replace

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QRect
from PySide6.QtGui import QFontMetricsF, QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsTextItem
from tests.games.the_median.median_helpers import NAMES, at_round, game

from middleground.games.the_median.board import GameBoard, TokenItem
from middleground.games.the_median.characters import CHARACTERS
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR, PASS, PUBLIC
from middleground.widgets.theme import LIGHT, PROJECTION

# ----- a taken character stays readable ---------------------------------------------------


class _Painter:
    """A painter that notes where each word it draws lies and, given `words`, draws nothing
    after that many words: the piece as it stands once its words are down."""

    def __init__(self, painter: QPainter, words: int | None = None) -> None:
        self.painter, self.limit, self.boxes = painter, words, []

    def _done(self) -> bool:
        return self.limit is not None and len(self.boxes) >= self.limit

    def drawText(self, rect, flags, text) -> None:
        if self._done():
            return
        metrics = QFontMetricsF(self.painter.font(), self.painter.device())
        self.boxes.append(metrics.boundingRect(rect, flags, text).toAlignedRect())
        self.painter.drawText(rect, flags, text)

    def __getattr__(self, name: str):
        if name.startswith("draw") and self._done():
            return lambda *args, **kwargs: None
        return getattr(self.painter, name)


def _paint(token: TokenItem, words: int | None = None) -> tuple[QImage, list[QRect]]:
    bounds = token.boundingRect().toAlignedRect()
    image = QImage(bounds.size(), QImage.Format.Format_ARGB32)
    image.fill(token.board.theme.color("background"))
    painter = QPainter(image)
    painter.translate(-bounds.topLeft())
    recorder = _Painter(painter, words)
    token.paint(recorder, None)
    painter.end()
    return image, [box.translated(-bounds.topLeft()) for box in recorder.boxes]


@pytest.mark.parametrize("theme", [LIGHT, PROJECTION], ids=["light", "projection"])
def test_a_taken_characters_words_are_never_drawn_over(qtbot, theme):
    """A stroke through a taken piece crossed the end of its power's words: the table read
    "gifts fa", "1 to middl", "holds fas", the powers an opponent may now hold. Its letter,
    value, name and power stay whole; the piece is still marked taken, not by colour alone."""
    board = GameBoard(theme)
    for character in sorted(CHARACTERS):
        token = TokenItem(board, character)
        token.dimmed = True
        whole, boxes = _paint(token)
        assert len(boxes) == 4  # the letter, the value, the name and the power's words
        words_only, _ = _paint(token, len(boxes))
        for box in boxes:
            assert whole.copy(box) == words_only.copy(box), (CHARACTERS[character].name, box)
        assert whole != words_only  # a mark drawn over the piece, beside its words


# ----- the words under the pieces -------------------------------------------------------------

WORDS_UNDER = ("just taken", "taken", "free")


def _text_span(item: QGraphicsTextItem) -> tuple[float, float]:
    """Where a text item's words start and end across the board, its margins left out."""
    box = item.sceneBoundingRect()
    margin = item.document().documentMargin()
    return box.left() + margin, box.right() - margin


@pytest.mark.parametrize("size", [(1024, 768), (1280, 1024), (1920, 1080)])
def test_the_words_under_the_drafts_pieces_keep_clear_of_each_other_on_a_projector(
    qtbot, window, size
):
    """On a 1024x768 projector, where no type is under 1/40 of its height, "just taken"
    under seven pieces side by side came 9 pixels apart: the row read as one line. Each word
    keeps a type size from the next and stays on the board, in type no smaller than that."""
    from itertools import pairwise

    from middleground.widgets.plugin import SCENE

    session = Session.start(game(), [Seat(n) for n in NAMES], {}, 3, FACILITATOR)
    for seat, pick in enumerate((1, 2, 3, 4, 5, 6, 7, 8, 8)):  # the first row all taken
        session.submit(seat, {"pick": pick})
    window.start_session(session)
    window.open_projector()
    window.projector.resize(*size)
    QApplication.processEvents()
    public = window.projector.public
    scale = public.view.transform().m11()
    rows: dict[float, list[QGraphicsTextItem]] = {}
    for item in public.board.items():
        if isinstance(item, QGraphicsTextItem) and item.toPlainText() in WORDS_UNDER:
            rows.setdefault(item.y(), []).append(item)
    first, second = (sorted(row, key=lambda i: i.x()) for _y, row in sorted(rows.items()))
    assert [i.toPlainText() for i in first] == ["just taken"] * 7
    assert [i.toPlainText() for i in second] == ["free"] * 7
    for row in (first, second):
        for item in row:
            assert item.font().pixelSize() * scale >= size[1] / 40 * 0.97
            left, right = _text_span(item)
            assert left >= 0 and right <= SCENE.width()
        for one, next_one in pairwise(row):
            gap = _text_span(next_one)[0] - _text_span(one)[1]
            assert gap >= one.font().pixelSize(), (size, one.toPlainText(), gap)


# ----- a reveal tells what it shows --------------------------------------------------------


def _texts(board: GameBoard) -> list[str]:
    return [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]


def _draw(view, beside_buttons: bool = True) -> list[str]:
    board = GameBoard(LIGHT)
    board.beside_buttons = beside_buttons
    board.show_view(view)
    board.finish_animations()
    return _texts(board)


def _after_pass_one():
    """Ann, Bob and Cid all picked Force in pass 1; the others got Jump to Twin."""
    state = game().new_state(NAMES, {}, 1)
    for seat in range(9):
        state.apply(seat, {"pick": 7 if seat < 3 else seat + 5})
    return state


def test_a_passs_reveal_tells_that_pass_and_the_next_pass_comes_after_continue(qtbot):
    """While pass 1 was revealed the board read "pass 2 of 5 · Everyone picks in secret", and
    nothing said what pass 1 had come to."""
    state = _after_pass_one()
    shown = _draw(replace(state.public_view(), revealing=True))
    assert "pass 1 of 5: the reveal" in shown
    assert (
        "Jump, Humble, Exchange, Gravity, Anchor and Twin are taken; 3 players still have no "
        "character." in shown
    )
    assert shown.count("just taken") == 6
    assert not any(t.startswith("pass 2") or "picks in secret" in t for t in shown)
    after = _draw(state.public_view())  # Continue pressed
    assert "pass 2 of 5" in after
    assert "just taken" not in after and after.count("taken") == 6


def _picking(state) -> str:
    """The board's line under its heading while a pass is under way: who picks, and how."""
    (line,) = [t for t in _draw(state.public_view()) if "in secret" in t]
    return line


def test_a_clash_of_three_gives_nobody_the_character_as_the_board_said(qtbot):
    """The board said a character "picked by two players goes to nobody", and three players
    can clash as well: Ann, Bob and Cid all pick Force."""
    state = game().new_state(NAMES, {}, 1)
    assert _picking(state) == (
        "Everyone picks in secret. 14 of 14 characters are free; one picked by two or more "
        "players goes to nobody."
    )
    state = _after_pass_one()
    assert state.public_view().board["free"] == (1, 2, 3, 4, 5, 6, 7, 14)  # Force among them
    assert [state.start[seat] for seat in range(3)] == [0, 0, 0]


def test_a_later_pass_says_that_only_the_players_without_a_character_pick(qtbot):
    """Pass 2 read "Everyone picks in secret", when only the three who clashed on Force pick
    (the other six confirm). It says how many pick, never who: which players still have no
    character is as secret as who holds what."""
    state = _after_pass_one()
    assert _picking(state) == (
        "The 3 players without a character pick again in secret; the others confirm.\n"
        "8 of 14 characters are free; one picked by two or more of them goes to nobody."
    )
    # Pass 2: Ann takes Isolated, Bob and Cid clash on Pickpocket; 7 stay free.
    for seat in range(9):
        state.apply(seat, {"pick": 1 if seat == 0 else 2} if seat < 3 else {"wait": True})
    line = _picking(state)
    assert line == (
        "The 2 players without a character pick again in secret; the others confirm.\n"
        "7 of 14 characters are free; one picked by two or more of them goes to nobody."
    )
    assert not any(n in line for n in NAMES)


def test_a_pass_where_every_pick_clashed_says_none_is_taken(qtbot):
    state = _after_pass_one()
    for seat in range(9):  # Ann, Bob and Cid all try Isolated now
        state.apply(seat, {"pick": 1} if seat < 3 else {"wait": True})
    shown = _draw(replace(state.public_view(), revealing=True))
    assert "pass 2 of 5: the reveal" in shown
    assert (
        "No character is taken (every pick was made by two or more players); 3 players still "
        "have no character." in shown
    )


def _revealed(view) -> tuple[str, str]:
    """The reveal's status line on the table's board and on the projector's."""
    (here,) = [t for t in _draw(view, True) if t.startswith("Revealed")]
    (there,) = [t for t in _draw(view, False) if t.startswith("Revealed")]
    return here, there


def test_the_reveal_line_names_what_continue_brings_and_the_projector_names_no_button(qtbot):
    """The table's board read "press Continue when everyone has seen it" to a player alone
    with bots; the projector, which has no Continue, must not name it."""
    state = _after_pass_one()
    assert _revealed(replace(state.public_view(), revealing=True)) == (
        "Revealed: press Continue for the next pass.",
        "Revealed: the next pass starts when everyone has seen it.",
    )
    state = at_round(1)  # the draft's last pass: the belt as it starts
    assert _revealed(replace(state.public_view(), revealing=True)) == (
        "Revealed: press Continue for round 1.",
        "Revealed: round 1 starts when everyone has seen it.",
    )
    for seat in range(9):
        state.apply(seat, {"orders": {str(c): {} for c in state.held(seat)}})
    assert _revealed(replace(state.public_view(), revealing=True)) == (
        "Revealed: press Continue for the next round.",
        "Revealed: the next round starts when everyone has seen it.",
    )


def _through_reveal(session: Session, plan) -> None:
    """Each seat chooses by `plan(seat)` through the curtain until the table reads a reveal."""
    while not (session.curtain.stage == PUBLIC and session.curtain.reason == "reveal"):
        if session.curtain.stage == PASS:
            session.lift(session.curtain.seat)
        session.submit(session.curtain.seat, plan(session.curtain.seat))


def test_the_boards_log_tells_the_pass_revealed_and_opens_the_next_after_continue():
    """The log under pass 1's reveal read "Draft pass 2: 3 players pick again" and told
    nothing of pass 1; under the last pass's, "Every player has a character" and nothing of
    what that pass gave out."""
    session = Session.start(game(), [Seat(n) for n in NAMES], {}, 1)
    _through_reveal(session, lambda seat: {"pick": 7 if seat < 3 else seat + 5})
    told = [e.text for e in session.board_events()]
    assert told[-1] == (
        "Draft pass 1: Jump, Humble, Exchange, Gravity, Anchor and Twin are taken; 3 players "
        "still have no character."
    )
    session.acknowledge()
    assert session.board_events()[-1].text == (
        "Draft pass 2: 3 players pick again. Still free: Isolated, Pickpocket, Reach, Charity, "
        "Lock, One, Force and Silence."
    )
    _through_reveal(session, lambda seat: {"pick": seat + 1} if seat < 3 else {"wait": True})
    assert [e.text for e in session.board_events()[-2:]] == [
        "Draft pass 2: Isolated, Pickpocket and Reach are taken; every player has a character.",
        "The conveyor, left to right: Isolated, Pickpocket, Reach, Jump, Humble, Exchange, "
        "Gravity, Anchor, Twin and X.",
    ]
    session.acknowledge()
    assert session.board_events()[-1].text == "Round 1 begins (worth 1 point)."


# ----- whom the board waits for ------------------------------------------------------------


def test_the_board_says_whom_it_waits_for_in_a_sentence(qtbot):
    state = game().new_state(NAMES, {}, 1)
    for seat in range(7):
        state.apply(seat, {"pick": seat + 1})
    assert "7 of 9 have picked. Waiting for Hal and Ivy." in _draw(state.public_view())
    state = at_round(2)
    state.apply(0, {"orders": {str(c): {} for c in state.held(0)}})
    assert (
        "1 of 9 has sent orders. Waiting for Bob, Cid, Dee, Eve, Fay, Gus, Hal and Ivy."
        in _draw(state.public_view())
    )


@pytest.mark.parametrize("surname", ["ina Mott", "elina Montgomery"])
def test_whom_the_board_waits_for_stays_in_sight_whatever_the_names(qtbot, surname):
    """Eight long names waited for ran four lines down, off the board's foot and over the
    words above: the line takes two at most, and counts the players where names need more."""
    names = [f"{name}{surname}" for name in NAMES]
    state = game().new_state(names, {}, 1)
    for seat in range(9):
        state.apply(seat, {"pick": seat + 1})
    state.apply(0, {"orders": {"1": {}}})
    board = GameBoard(LIGHT)
    board.show_view(state.public_view())
    texts = [i for i in board.items() if isinstance(i, QGraphicsTextItem)]
    (line,) = [i for i in texts if i.toPlainText().startswith("1 of 9")]
    assert line.sceneBoundingRect().bottom() <= board.sceneRect().bottom()
    for other in texts:
        if other is not line:
            assert not line.sceneBoundingRect().intersects(other.sceneBoundingRect())
    said = line.toPlainText()
    if surname == "ina Mott":  # two lines: every name
        assert said.endswith(
            f"Waiting for {names[1]}, {names[2]}, " + ", ".join(names[3:8]) + f" and {names[8]}."
        )
    else:
        assert said == "1 of 9 has sent orders. Waiting for the other 8."
