"""It's Good Enough's tokens read from the back of a room: at every crowd size and in every
theme, each mark ("G12" included) sits inside its token, clear of its edge and ring, in ink that
stands out from the token's colour; and a scorer's ring shows even on a token of the accent's
own colour."""

from __future__ import annotations

import math
import random

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter, QPainterPathStroker
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsTextItem

from middleground.engine.registry import get_game
from middleground.games.good_enough.board import GameBoard
from middleground.games.good_enough.lanes import HALO
from middleground.widgets.theme import DARK, LIGHT, PROJECTION, contrast

pytestmark = pytest.mark.usefixtures("qapp")  # boards are drawn with fonts

GAME = get_game("good-enough")
THEMES = {"light": LIGHT, "dark": DARK, "projection": PROJECTION}


def played(names: list[str], picks: list[int], options=None):
    state = GAME.new_state(names, options or {}, seed=1)
    for seat, number in enumerate(picks):
        state.apply(seat, {"number": number})
    return state


def drawn(state, theme) -> GameBoard:
    board = GameBoard(theme)
    board.show_view(state.public_view())
    return board


def ink(item: QGraphicsTextItem) -> QRectF:
    """Where a text item's letters are drawn, in the scene (not the taller box of its line)."""
    line = item.document().firstBlock().layout().lineAt(0)
    margin = item.document().documentMargin()
    baseline = QPointF(margin + line.x(), margin + line.y() + line.ascent())
    letters = QFontMetricsF(item.font()).tightBoundingRect(item.toPlainText())
    return letters.translated(item.scenePos() + baseline)


def seen(fill: QColor, background: QColor) -> QColor:
    """The colour a see-through fill shows on the background."""
    a = fill.alphaF()
    return QColor.fromRgbF(
        *(
            f * a + b * (1 - a)
            for f, b in zip(fill.getRgbF()[:3], background.getRgbF()[:3], strict=True)
        )
    )


def tokens(board: GameBoard):
    """Each token on the board: its filled outline, the lines drawn about it (its edge, a
    scorer's ring and halo) and the mark centred on it."""
    paths = [i for i in board.items() if isinstance(i, QGraphicsPathItem)]
    texts = [i for i in board.items() if isinstance(i, QGraphicsTextItem)]

    def centre(item) -> QPointF:
        return item.sceneBoundingRect().center()

    found = []
    for fill in (p for p in paths if p.brush().style() != Qt.BrushStyle.NoBrush):
        middle = centre(fill)
        around = [p for p in paths if (centre(p) - middle).manhattanLength() < 0.5]
        mark = min(texts, key=lambda t: (ink(t).center() - middle).manhattanLength())
        assert (ink(mark).center() - middle).manhattanLength() < 1.5, mark.toPlainText()
        found.append((fill, around, mark))
    return found


def assert_marks_fit(board: GameBoard, theme) -> int:
    """Every mark lies on its token, clear of every line drawn about it, in ink that reads on
    the token's colour (4.5:1, WCAG's contrast for text); returns how many tokens there are."""
    found = tokens(board)
    for fill, around, mark in found:
        letters = ink(mark)
        where = f"{mark.toPlainText()!r} at {letters.center().toTuple()}"
        assert fill.mapToScene(fill.path()).contains(letters), f"{where} spills out of its token"
        for line in (p for p in around if p.pen().style() != Qt.PenStyle.NoPen):
            stroker = QPainterPathStroker()
            stroker.setWidth(line.pen().widthF())
            edge = line.mapToScene(stroker.createStroke(line.path()))
            assert not edge.intersects(letters), f"{where} runs onto its token's edge or ring"
        shown = seen(fill.brush().color(), theme.color("background"))
        assert contrast(mark.defaultTextColor(), shown) >= 4.5, where
    return len(found)


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES.keys())
@pytest.mark.parametrize("count", range(3, 51))
def test_every_mark_fits_its_token_and_reads_on_it_at_any_crowd_size(count, theme):
    """Guests past the ninth are marked with three characters ("G12"); a close crowd (every
    other size) gets the smallest tokens."""
    rng = random.Random(count)
    spread = 18 if count % 2 else 8
    picks = [max(0, min(100, round(rng.gauss(45, spread)))) for _ in range(count)]
    names = [f"Guest {n}" for n in range(1, count + 1)]
    board = drawn(played(names, picks), theme)
    assert assert_marks_fit(board, theme) >= len(set(picks))


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES.keys())
def test_marks_fit_rounds_revealed_together(theme):
    """Rounds listed up front show on strips: tokens in each, or for a close crowd a tick a
    number and the scorers' tokens above them."""
    names = [f"Guest {n}" for n in range(1, 21)]
    apart = [[(seat * 5 + r * 7) % 101 for seat in range(20)] for r in range(3)]
    close = [list(range(40, 60))] * 3
    for rounds in (apart, close):
        options = {"rounds": len(rounds), "reveal": "all-at-once"}
        state = GAME.new_state(names, options, seed=1)
        for picks in rounds:
            for seat, number in enumerate(picks):
                state.apply(seat, {"number": number})
        assert assert_marks_fit(drawn(state, theme), theme) >= 6


def test_contrast_is_measured_as_wcag_measures_it():
    """The ratio the marks' ink is chosen by, against WCAG's own examples."""
    assert contrast(QColor("#000000"), QColor("#FFFFFF")) == pytest.approx(21)
    assert contrast(QColor("#767676"), QColor("#FFFFFF")) == pytest.approx(4.54, abs=0.01)
    assert contrast(QColor("#0072B2"), QColor("#0072B2")) == 1


NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace"]


ZOOM = 4  # boards are looked at closely: drawn at four times the scene's scale


def rendered(board: GameBoard, box: QRectF) -> QImage:
    """`box` of the board, drawn at ZOOM times the scene's scale."""
    size = (round(box.width() * ZOOM), round(box.height() * ZOOM))
    image = QImage(*size, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    board.render(painter, QRectF(image.rect()), box)
    painter.end()
    return image


def ray(board: GameBoard, centre: QPointF, start: float, end: float) -> list[QColor]:
    """The colours on the way out of a token, from `start` to `end` units from its middle, up
    and to the left (clear of the median's line and the drop line, which run up and down)."""
    box = QRectF(centre.x() - end - 2, centre.y() - end - 2, end + 4, end + 4)
    image = rendered(board, box)
    colours = []
    for step in range(round(start * ZOOM), round(end * ZOOM)):
        out = step / ZOOM / math.sqrt(2)
        x, y = (centre.x() - out - box.x()) * ZOOM, (centre.y() - out - box.y()) * ZOOM
        colours.append(QColor(image.pixel(int(x), int(y))))
    return colours


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES.keys())
@pytest.mark.parametrize("seat", range(7))
def test_a_scorer_s_ring_stands_apart_from_any_seat_colour(theme, seat):
    """Bob's colour is the dark theme's accent, Erin's the light theme's and Dave's the
    projection's: their rings once melted into their tokens. Going out from a scorer's mark,
    the ring's accent begins at an edge that stands out from it (3:1), whatever the token's
    colour."""
    picks = [10, 20, 30, 70, 80, 90]
    picks.insert(seat, 50)  # the median: this seat alone scores
    state = played(NAMES, picks)
    assert list(state.public_view().board["rounds"][-1]["scorers"]) == [seat]
    board = drawn(state, theme)
    fill, _lines, mark = next(t for t in tokens(board) if len(t[1]) > 1)  # the ringed one
    radius = fill.path().boundingRect().height() / 2
    letters = ink(mark)
    start = math.hypot(letters.width(), letters.height()) / 2 + 1
    colours = ray(board, fill.sceneBoundingRect().center(), start, radius + HALO - 4)
    accent = theme.color("accent")
    ringed = [contrast(colour, accent) < 1.1 for colour in colours]
    assert any(ringed), "no ring in the accent colour"
    outer = max(i for i, is_ring in enumerate(ringed) if is_ring)
    inner = outer
    while inner > 0 and ringed[inner - 1]:
        inner -= 1
    assert inner > 0, "the ring runs on into a token of its own colour"
    edge = colours[max(0, inner - 3 * 4) : inner]  # up to 3 units inside the ring
    assert max(contrast(colour, accent) for colour in edge) >= 3


def pixels(board: GameBoard, box: QRectF) -> list[QColor]:
    """Every pixel of `box` on the board."""
    image = rendered(board, box)
    return [QColor(image.pixel(x, y)) for y in range(image.height()) for x in range(image.width())]


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES.keys())
@pytest.mark.parametrize("crowd", [False, True], ids=["initials", "crowd counts"])
def test_a_crossed_out_mark_reads_clear_of_its_cross(theme, crowd):
    """Carol's and Erin's shared 48 crossed their "C" and "E" through the middle of the letter;
    a crowd's "2" (two guests on one number) likewise. The cross now passes behind the mark:
    none of its colour falls on the mark's letters, and its arms still show on the token."""
    if crowd:
        names = [f"Guest {n}" for n in range(1, 41)]
        picks = [20 + n // 2 for n in range(40)]  # every number shared by two
    else:
        names, picks = NAMES[:5], [37, 52, 48, 71, 48]
    board = drawn(played(names, picks), theme)
    warning = theme.color("warning")
    crossed = [
        (fill, mark)
        for fill, _around, mark in tokens(board)
        if fill.brush().color().alpha() < 255  # faded: its number was shared
    ]
    assert len(crossed) == (20 if crowd else 2)

    def cross(colour: QColor) -> bool:  # the cross's own colour, not one as light
        pairs = zip(colour.getRgb()[:3], warning.getRgb()[:3], strict=True)
        return sum(abs(a - b) for a, b in pairs) < 48

    for fill, mark in crossed:
        assert not [c for c in pixels(board, ink(mark)) if cross(c)], mark.toPlainText()
        assert [c for c in pixels(board, fill.sceneBoundingRect()) if cross(c)], "no cross"
