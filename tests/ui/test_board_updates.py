"""A board brought up to date in place (one more sealed choice) looks exactly like one drawn
again from scratch: the same items, in the same stacking order, and the same picture."""

from __future__ import annotations

import itertools
import random

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsTextItem
from tests.random_play import random_step

from middleground.engine import all_games, get_game
from middleground.widgets.plugin import SCENE, board_for
from middleground.widgets.theme import LIGHT, PROJECTION

# Each game with its default options; the card game beside a real deck, too, whose entries
# are drawn face up in place.
CASES = [pytest.param(g.id, {}, id=g.id) for g in all_games()]
CASES.append(pytest.param("median-card-game", {"physical_deck": True}, id="real-deck"))


def signature(board) -> list[tuple]:
    """What a player sees of each item, lowest first: kind, text, place, size, layer, look."""
    from PySide6.QtCore import Qt

    rows = []
    for item in board.items(Qt.SortOrder.AscendingOrder):
        text = item.toPlainText() if isinstance(item, QGraphicsTextItem) else ""
        box = item.sceneBoundingRect()
        rows.append(
            (
                type(item).__name__,
                text,
                round(box.x(), 2),
                round(box.y(), 2),
                round(box.width(), 2),
                round(box.height(), 2),
                item.zValue(),
                round(item.opacity(), 3),
                item.isVisible(),
            )
        )
    return rows


def picture(board) -> QImage:
    image = QImage(800, 450, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    board.render(painter, QRectF(0, 0, 800, 450), SCENE)
    painter.end()
    return image


def settle(board) -> None:
    finish = getattr(board, "finish_animations", None)
    if finish is not None:
        finish()


def played_views(game_id: str, seed: int, steps: int, options=None):
    """The public views of a random game, the first and one after each action."""
    game = get_game(game_id)
    players = min(max(7, game.min_players), game.max_players)
    state = game.new_state([f"Player {i + 1}" for i in range(players)], options or {}, seed)
    rng = random.Random(seed)
    views = [state.public_view()]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(*random_step(state, rng))
        views.append(state.public_view())
    return views


@pytest.mark.parametrize(("game_id", "options"), CASES)
@pytest.mark.parametrize("theme", [LIGHT, PROJECTION], ids=["light", "projection"])
def test_a_board_kept_up_to_date_draws_what_a_fresh_redraw_draws(qtbot, game_id, options, theme):
    views = played_views(game_id, seed=5, steps=40, options=options)
    kept = board_for(get_game(game_id), theme)  # refreshed: in place where it can be
    fresh = board_for(get_game(game_id), theme)  # drawn again from scratch every time
    redraws = []
    whole = kept.show_view
    kept.show_view = lambda view: (redraws.append(view), whole(view))
    for number, view in enumerate(views):
        kept.refresh(view)
        fresh.show_view(view)
        assert signature(kept) == signature(fresh), f"after action {number}"
        if number % 5 == 4:  # mid-motion the two may differ in a frame; at rest, never
            settle(kept)
            settle(fresh)
            assert picture(kept) == picture(fresh), f"after action {number}"
    settle(kept)
    settle(fresh)
    assert picture(kept) == picture(fresh)
    changes = sum(1 for a, b in itertools.pairwise(views) if a != b)
    assert len(redraws) < changes / 2, "most sealed choices are drawn in place"
