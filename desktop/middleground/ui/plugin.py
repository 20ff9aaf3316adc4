"""How a game plugs into the shell: a public board (a scene) and a private panel (a widget).

The shell finds them as `board.py` and `panel.py` beside the game's rules, so it never names a
game. A game without its own panel gets the generic form built from its ActionForm.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from PySide6.QtCore import QRectF, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGraphicsScene, QGraphicsTextItem, QWidget

from middleground.engine import ActionForm, Event, Game, View

from .theme import Theme

# Boards draw in this logical space; the view scales it to any window (720p to 4K).
SCENE = QRectF(0, 0, 1600, 900)
# No text on a board smaller than 1/40 of its height.
MIN_TEXT = SCENE.height() / 40


def board_font(size: float, bold: bool = False) -> QFont:
    """A font sized in scene units (pixels of the 1600x900 board), at least MIN_TEXT."""
    font = QFont("Sans")
    font.setPixelSize(int(max(size, MIN_TEXT)))
    font.setBold(bold)
    return font


class Board(QGraphicsScene):
    """A game's public board. It receives public views only."""

    # Moves become fades when set; the shell sets it for every board from the settings.
    reduced_motion = False
    # A board that draws the standings itself (a ranking column) gets the projector's whole
    # width instead of a second, duplicate standings column beside it.
    draws_standings = False

    def __init__(self, theme: Theme) -> None:
        super().__init__(SCENE)
        self.theme = theme
        self._drawn: View | None = None

    def show_view(self, view: View) -> None:
        """Redraw from a public view (its seat is None: nothing private ever arrives)."""
        raise NotImplementedError

    def refresh(self, view: View) -> None:
        """Redraw if the public view differs from the one last drawn here: a trade or a
        private notice changes nothing the board shows, and a redraw is the table's costliest
        step."""
        if view != self._drawn:
            self.show_view(view)
            self._drawn = view

    def label(
        self,
        text: str,
        size: float,
        x: float,
        y: float,
        colour: str = "text",
        bold: bool = False,
        width: float | None = None,
    ) -> QGraphicsTextItem:
        """A text item in a theme colour, never smaller than MIN_TEXT scene units."""
        item = self.addText(text)
        item.setFont(board_font(size, bold))
        item.setDefaultTextColor(self.theme.color(colour))
        if width:
            item.setTextWidth(width)
        item.setPos(x, y)
        return item

    def set_theme(self, theme: Theme, view: View | None) -> None:
        self.theme = theme
        self._drawn = None
        if view is not None:
            self.refresh(view)


class Panel(QWidget):
    """A game's private panel: one seat's view, and the form for its choice."""

    submitted = Signal(object)  # the action, a dict

    def show_view(self, view: View, form: ActionForm, events: Sequence[Event]) -> None:
        raise NotImplementedError


def _module(game: Game, part: str):
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(f"{package}.{part}")
    except ModuleNotFoundError as error:
        if error.name == f"{package}.{part}":
            return None
        raise


def board_for(game: Game, theme: Theme) -> Board:
    module = _module(game, "board")
    if module is None:
        from .generic import GenericBoard

        return GenericBoard(theme)
    return module.GameBoard(theme)


def panel_for(game: Game) -> Panel:
    module = _module(game, "panel")
    if module is None:
        from .generic import GenericPanel

        return GenericPanel()
    return module.GamePanel()
