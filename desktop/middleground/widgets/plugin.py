"""How a game plugs into the shell: a public board (a scene) and a private panel (a widget).

The shell finds them as `board.py` and `panel.py` beside the game's rules, so it never names a
game. A game without its own panel gets the generic form built from its ActionForm.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import fields
from typing import Any

from PySide6.QtCore import QRectF, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsTextItem, QWidget

from middleground.engine import ActionForm, Event, Game, View

from .theme import Theme

# Boards draw in this logical space; the view scales it to any window (720p to 4K). The
# projector makes it taller where its window is squarer than 16:9 (Board.set_height).
SCENE = QRectF(0, 0, 1600, 900)
# No text on a board smaller than 1/40 of its height: of the window's, where the board fills
# its height; the projector raises a board's floor where it shows the board less high than
# itself (Board.least_text).
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
    # A board that shows every player's standing at its seat (the card game's tallies): in a
    # window squarer than 16:9, where the standings under it would take more than
    # STANDINGS_MOST of the height (a crowd in portrait) and the table has no bots (whose
    # levels only the standings show), the projector leaves them off.
    shows_standings = False
    # Whether the table's buttons (Continue) are beside the board. The projector's copy and an
    # exported picture have none: there a board says what comes next, not what to press.
    beside_buttons = True
    # The board's smallest text, in scene units. The projector shows the board beside its
    # standings, or under a window less wide than the board (4:3): a scene unit is then less
    # than 1/900 of the window's height, and it raises this floor (set_least_text) so that no
    # text there is smaller than 1/40 of the window's height. Text is drawn at it through
    # label() and text_font(), and measured with text_font().
    least_text = MIN_TEXT
    # A board that lays its rows out down the height it is given (height(), see set_height)
    # fills a projector squarer than its view so; any other keeps SCENE's shape there.
    fills_height = False

    def __init__(self, theme: Theme) -> None:
        super().__init__(SCENE)
        self.theme = theme
        self._drawn: View | None = None
        self._parts: dict[object, list[QGraphicsItem]] = {}

    def set_least_text(self, size: float) -> bool:
        """A new floor for the board's text (see least_text), in whole scene units; whether
        it changed, the board then drawn afresh at the next refresh."""
        size = max(float(math.ceil(size)), MIN_TEXT)
        if size == self.least_text:
            return False
        self.least_text = size
        self._drawn = None
        return True

    def set_height(self, height: float) -> bool:
        """The board made `height` scene units high, in whole units, never less than SCENE's:
        the projector fills a window squarer than 16:9 so (1000x1000: 1600x1600), the board
        as wide as ever, and a board lays its rows out down the height it has (height()).
        Whether it changed, the board then drawn afresh at the next refresh."""
        height = max(float(math.ceil(height)), SCENE.height())
        if height == self.height():
            return False
        self.setSceneRect(QRectF(0, 0, SCENE.width(), height))
        self._drawn = None
        return True

    def text_size(self, size: float) -> float:
        """The size text of `size` scene units is drawn at: never below least_text."""
        return max(size, self.least_text)

    def text_font(self, size: float, bold: bool = False) -> QFont:
        """The font of text of `size` scene units on this board (see text_size)."""
        return board_font(self.text_size(size), bold)

    def show_view(self, view: View) -> None:
        """Redraw from a public view (its seat is None: nothing private ever arrives)."""
        raise NotImplementedError

    def update_view(self, drawn: View, view: View) -> bool:
        """Bring the scene from `drawn` (the view last drawn) to `view` by changing only the
        items that differ, and say whether it could; False asks for a whole redraw. The scene
        must end exactly as show_view(view) would draw it. A board that can draw a sealed
        choice coming in without starting over overrides this."""
        return False

    def redraw_status(self, drawn: View, view: View, draw: Callable[[View], object]) -> bool:
        """update_view for a board whose only part a sealed choice changes is its "status"
        line: drawn again by `draw(view)` when nothing else changed, else False."""
        names, keys = changed_between(drawn, view)
        if keys or not names <= SUBMISSIONS or not self.has_part("status"):
            return False
        self.redraw_part("status", lambda: draw(view))
        return True

    def refresh(self, view: View) -> None:
        """Redraw if the public view differs from the one last drawn here: a trade or a
        private notice changes nothing the board shows, and a redraw is the table's costliest
        step; a change the board can make in place (one more sealed choice) is made so."""
        drawn = self._drawn
        if view == drawn:
            return
        if drawn is None or not self.update_view(drawn, view):
            self.show_view(view)
        self._drawn = view

    def clear(self) -> None:
        self._parts = {}
        super().clear()

    # ----- parts: groups of items that can be drawn again alone ----------------------

    def _in_stacking_order(self) -> list[QGraphicsItem]:
        """The top-level items, lowest first."""
        from PySide6.QtCore import Qt  # not at import: the home screen opens without it

        ascending = self.items(Qt.SortOrder.AscendingOrder)
        # Not parentItem(): asked of an item without a parent, PySide hands the item to its
        # Python wrapper, and the item is deleted from the scene with the wrapper.
        return [i for i in ascending if i.topLevelItem() is i]

    @contextmanager
    def part(self, key: object) -> Iterator[None]:
        """The items drawn inside belong to part `key`, which redraw_part can draw again."""
        before = set(self.items())
        yield
        self._parts[key] = [i for i in self._in_stacking_order() if i not in before]

    def has_part(self, key: object) -> bool:
        return key in self._parts

    def redraw_part(self, key: object, draw: Callable[[], object]) -> None:
        """Draw part `key` again with `draw`, at the same place in the stacking order as the
        items it replaces (so it covers and is covered by the same neighbours)."""
        old = self._parts.pop(key, [])
        above = self._stacked_above(old)
        for item in old:
            self.removeItem(item)
        with self.part(key):
            draw()
        for item in self._parts[key]:
            anchor = above.get(item.zValue())
            if anchor is not None:
                item.stackBefore(anchor)

    def _stacked_above(self, items: list[QGraphicsItem]) -> dict[float, QGraphicsItem]:
        """For each layer (Z value) of `items`, the first other item of that layer drawn over
        them all: items of one layer are stacked in the order they were added."""
        if not items:
            return {}
        mine = set(items)
        order = self._in_stacking_order()
        above = {}
        for z in {item.zValue() for item in items}:
            last = max(order.index(item) for item in items if item.zValue() == z)
            later = (i for i in order[last + 1 :] if i.zValue() == z and i not in mine)
            above[z] = next(later, None)
        return above

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
        """A text item in a theme colour, never smaller than the board's least_text; given a
        `width`, it wraps to it with its lines balanced (widgets/balanced.py). Its lines are
        the app's English, set left to right whatever letters begin them: Qt would set a line
        that begins with a right-to-left name from the right ("39 محمد ★" for "★ محمد 39")."""
        from PySide6.QtCore import Qt  # not at import, as above

        item = self.addText(text)
        document = item.document()
        option = document.defaultTextOption()
        option.setTextDirection(Qt.LayoutDirection.LeftToRight)
        document.setDefaultTextOption(option)
        item.setFont(self.text_font(size, bold))
        item.setDefaultTextColor(self.theme.color(colour))
        if width:  # wrapped, its lines balanced: never a last word alone
            from .balanced import balance_item  # not on the way to the home screen (Qt.)

            balance_item(item, width)
        item.setPos(x, y)
        return item

    def set_theme(self, theme: Theme, view: View | None) -> None:
        self.theme = theme
        self._drawn = None
        if view is not None:
            self.refresh(view)

    def move_in_steps(self, item: QGraphicsItem, x: float, y: float) -> None:
        """Move an item in motion to (x, y), rounded to a whole pixel of the view showing the
        board. An item kept as a picture (DeviceCoordinateCache) is drawn from it when it moves
        by whole pixels, but drawn afresh, every frame, when a scaled view puts it between
        pixels; its resting place is set exactly once the motion ends."""
        views = self.views()
        if len(views) == 1:
            scale = views[0].transform()
            sx, sy = scale.m11(), scale.m22()
            if sx > 0 and sy > 0:
                x, y = round(x * sx) / sx, round(y * sy) / sy
        item.setPos(x, y)


def changed_between(drawn: View, view: View) -> tuple[set[str], set[str]]:
    """The view's fields and the keys of its board that differ from `drawn` to `view`."""
    names = {f.name for f in fields(View) if getattr(drawn, f.name) != getattr(view, f.name)}
    keys = set()
    if "board" in names:
        names.discard("board")
        keys = {
            k
            for k in drawn.board.keys() | view.board.keys()
            if drawn.board.get(k) != view.board.get(k)
        }
    return names, keys


# What one more sealed choice changes in a public view: who is still awaited, who is in.
SUBMISSIONS = frozenset({"awaiting", "submitted"})


class Panel(QWidget):
    """A game's private panel: one seat's view, and the form for its choice.

    A panel lives only while its seat's screen is up, and is built afresh whenever what it
    shows changes (another seat's move, a gift): what the player chose on it but has not sent
    (a card picked out, a number typed, an offer's terms, the tab they were on) goes in
    `memory`, which the table keeps for that seat alone until the game is left, and a new
    panel shows it again. A panel keys what it keeps by the decision it was made for.

    A panel speaks to its seat's player ("Your score: 4"). The facilitator's console enters
    a seat's choices with the game's panel where it serves there (`console = True`), and
    there the facilitator reads it: `console_for` is then the seat's name, and the panel
    speaks of the seat by it ("Ann's score: 4"; see `you` and `your`), its notices too
    (Event.about). Only what the console gives the facilitator to read aloud to the player
    ("Tell Ann in private", Session.to_tell) keeps the player's own words.
    """

    submitted = Signal(object)  # the action, a dict

    def __init__(self) -> None:
        super().__init__()
        self.memory: dict[object, Any] = {}
        self.console_for: str | None = None  # the seat's name, at the facilitator's console

    def show_view(self, view: View, form: ActionForm, events: Sequence[Event]) -> None:
        raise NotImplementedError


def you(console_for: str | None) -> str:
    """The seat, as a panel speaks of it: "you" to its own player, its name at the
    facilitator's console (Panel.console_for)."""
    return "you" if console_for is None else console_for


def whom(console_for: str | None, fits: Callable[[str], bool] | None = None) -> str:
    """The seat in a box's title, which cannot wrap: "you" to its own player; at the
    facilitator's console its name, or "this player" where the title would not hold it (a cut
    title, and a box widened past its column that cuts the lines inside it too). `fits(words)`
    measures the title with `words` in it against the width the box has (seat_box.SeatBox);
    without it, the name."""
    if console_for is None:
        return "you"
    return console_for if fits is None or fits(console_for) else "this player"


def whose(console_for: str | None, fits: Callable[[str], bool] | None = None) -> str:
    """What is the seat's, to start a box's title: "Your", "Ann's", or "This player's" where
    "Ann's" would not fit (`fits`, as for whom)."""
    if console_for is None:
        return "Your"
    named = f"{console_for}'s"
    return named if fits is None or fits(named) else "This player's"


def your(console_for: str | None, start: bool = False) -> str:
    """What is the seat's, as a panel says it: "your" to its own player ("Your" to `start` a
    sentence), "Ann's" at the facilitator's console (Panel.console_for)."""
    if console_for is not None:
        return f"{console_for}'s"
    return "Your" if start else "your"


def game_module(game: Game, part: str):
    """The game's module `part` (board, panel, showcase) beside its rules, or None."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(f"{package}.{part}")
    except ModuleNotFoundError as error:
        if error.name == f"{package}.{part}":
            return None
        raise


def board_for(game: Game, theme: Theme) -> Board:
    module = game_module(game, "board")
    if module is None:
        from .generic import GenericBoard

        return GenericBoard(theme)
    return module.GameBoard(theme)


def panel_for(
    game: Game, memory: dict[object, Any] | None = None, console_for: str | None = None
) -> Panel:
    """The game's panel; `memory` is what the table keeps for the seat it is built for, and
    `console_for` that seat's name where the facilitator's console reads the panel."""
    module = game_module(game, "panel")
    if module is None:
        from .generic import GenericPanel

        panel: Panel = GenericPanel()
    else:
        panel = module.GamePanel()
    if memory is not None:
        panel.memory = memory
    panel.console_for = console_for
    return panel
