"""Cards and pieces kept as pictures (Qt's device cache) look exactly as when drawn directly:
at a laptop's and at a 4K projector's size, in every theme, and again after their look changes.
"""

from __future__ import annotations

import random

import numpy
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene
from tests.random_play import random_step

from middleground.engine import get_game
from middleground.games.median_card_game import card_art
from middleground.games.median_card_game.card_art import CardItem
from middleground.ui.board_view import BoardView
from middleground.widgets.plugin import board_for
from middleground.widgets.theme import LIGHT, PROJECTION

NO_CACHE = QGraphicsItem.CacheMode.NoCache
CACHED = QGraphicsItem.CacheMode.DeviceCoordinateCache
ROUNDING = 2  # of 255: a see-through picture blended once, not stroke by stroke
SIZES = [(1920, 1080), (3840, 2160)]


def a_round_revealed(game_id: str):
    """The public view just after a random game's second round is revealed."""
    game = get_game(game_id)
    players = min(max(5, game.min_players), game.max_players)
    state = game.new_state([f"Player {i + 1}" for i in range(players)], {}, 3)
    rng = random.Random(3)
    while True:
        state.apply(*random_step(state, rng))
        view = state.public_view()
        if len(view.board.get("rounds", ())) == 2:
            return game, view


def pixels(view: BoardView) -> numpy.ndarray:
    image = view.viewport().grab().toImage()
    return numpy.frombuffer(image.constBits(), numpy.uint8, image.sizeInBytes()).astype(int)


def differs_by(a: numpy.ndarray, b: numpy.ndarray) -> int:
    return int(numpy.abs(a - b).max())


@pytest.fixture
def on_screen(qtbot):
    def show(board, width: int, height: int) -> BoardView:
        view = BoardView(board)
        qtbot.addWidget(view)
        view.resize(width, height)
        view.show()
        return view

    return show


@pytest.mark.parametrize("game_id", ["median-card-game", "the-median"])
@pytest.mark.parametrize("theme", [LIGHT, PROJECTION], ids=["light", "projection"])
def test_a_cached_card_or_piece_draws_what_it_draws_directly(on_screen, game_id, theme):
    game, shown = a_round_revealed(game_id)
    board = board_for(game, theme)
    board.show_view(shown)
    board.finish_animations()
    kept = [item for item in board.items() if item.cacheMode() == CACHED]
    assert len(kept) >= 5, "the cards or pieces are kept as pictures"
    for width, height in SIZES:
        view = on_screen(board, width, height)
        pixels(view)  # the first drawing fills the pictures (and the fonts' glyph caches)
        cached = pixels(view)
        assert differs_by(pixels(view), cached) == 0  # drawn from the pictures this time
        for item in kept:
            item.setCacheMode(NO_CACHE)
        direct = pixels(view)
        for item in kept:
            item.setCacheMode(CACHED)
        assert differs_by(cached, direct) <= ROUNDING, f"at {width}x{height}"


def test_a_piece_kept_as_a_picture_is_drawn_again_when_its_look_changes(on_screen):
    game, shown = a_round_revealed("the-median")
    board = board_for(game, LIGHT)
    board.show_view(shown)
    board.finish_animations()
    view = on_screen(board, 1280, 720)
    pixels(view)  # the pieces' pictures are made in the light theme
    board.set_theme(PROJECTION, shown)  # the pieces drawn in the projection theme
    fresh = board_for(game, PROJECTION)
    fresh.show_view(shown)
    fresh.finish_animations()
    assert differs_by(pixels(view), pixels(on_screen(fresh, 1280, 720))) <= ROUNDING
    token = next(iter(board.tokens.values()))
    before = pixels(view)
    token.dimmed = True  # taken: struck through at once, not when the picture next expires
    assert differs_by(pixels(view), before) > 100


def test_a_card_turning_over_is_drawn_directly_and_kept_again_once_face_up(qapp):
    card = CardItem(QRectF(0, 0, 100, 140), "QH")
    assert card.cacheMode() == CACHED
    card.set_flip(0.4)
    assert card.cacheMode() == NO_CACHE
    card.set_flip(1.0)
    assert card.cacheMode() == CACHED


def turning(
    card: str, flip: float, scale: float, pictures: bool, ratio: float = 1.0
) -> numpy.ndarray:
    """A card mid-turn at `scale`: as the board draws it (`pictures`), or squeezed and
    drawn stroke by stroke, as a reference; on a screen of `ratio` device pixels a pixel (2
    at 200% scaling)."""
    image = QImage(
        round(300 * scale * ratio), round(400 * scale * ratio), QImage.Format.Format_ARGB32
    )
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("#202020"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(40, 40, 210, 294)
    if pictures:
        scene = QGraphicsScene(0, 0, 300, 400)
        item = CardItem(rect, card)
        scene.addItem(item)
        item.set_flip(flip)
        shown = QRectF(0, 0, image.width() / ratio, image.height() / ratio)  # ratio applied
        scene.render(painter, shown, scene.sceneRect())
    else:
        painter.scale(scale, scale)
        painter.translate(rect.center())
        painter.scale(abs(1 - 2 * flip), 1)
        painter.translate(-rect.width() / 2, -rect.height() / 2)
        shown = QRectF(0, 0, rect.width(), rect.height())
        card_art.paint_card(painter, shown, card if flip >= 0.5 else None)
    painter.end()
    return numpy.frombuffer(image.constBits(), numpy.uint8, image.sizeInBytes()).astype(int)


@pytest.mark.parametrize("flip", [0.2, 0.4, 0.6, 0.9])
@pytest.mark.parametrize("scale", [1.2, 2.4])
def test_a_card_turning_over_from_pictures_looks_like_one_drawn_stroke_by_stroke(qapp, flip, scale):
    drawn = turning("QH", flip, scale, pictures=True)
    reference = turning("QH", flip, scale, pictures=False)
    off = numpy.abs(drawn - reference)
    assert off.mean() < 1.0  # of 255: the same card, squeezed the same
    assert (off > 16).mean() < 0.01  # only edges, smoothed a little differently


def test_a_card_turning_over_at_200_percent_is_as_sharp_as_the_screen(qapp, monkeypatch):
    """At 200% scaling a screen shows two device pixels a pixel: a turning card is drawn from a
    picture with all of them (it once had half, and the card blurred as it turned), so it looks
    like the card drawn stroke by stroke."""
    pictures = []

    def kept(*args):
        pictures.append(card_picture(*args))
        return pictures[-1]

    card_picture = card_art.card_picture
    monkeypatch.setattr(card_art, "card_picture", kept)
    for ratio in (1, 2):
        turning("QH", 0.3, 1.2, pictures=True, ratio=ratio)
    single, double = pictures
    assert abs(double.width() - 2 * single.width()) <= 1
    assert abs(double.height() - 2 * single.height()) <= 1
    assert double.devicePixelRatio() == 2
    # not yet squeezed, at the start of its turn, it is the card itself, not a blur of it
    drawn = turning("QH", 0.0, 1.2, pictures=True, ratio=2)
    assert numpy.abs(drawn - turning("QH", 0.0, 1.2, pictures=False, ratio=2)).mean() < 0.5


def test_a_card_turning_over_shows_the_deck_colours_of_the_moment(qapp):
    try:
        card_art.set_four_colour(False)
        classic = turning("QH", 0.9, 1.2, pictures=True)
        card_art.set_four_colour(True)
        four = turning("QH", 0.9, 1.2, pictures=True)
        assert numpy.abs(four - classic).max() > 16  # hearts turned orange
        assert numpy.abs(four - turning("QH", 0.9, 1.2, pictures=False)).mean() < 1.0
    finally:
        card_art.set_four_colour(False)
