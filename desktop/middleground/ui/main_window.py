"""The main window: the screens in turn, the menus with their standard keys, saves."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QMainWindow, QMessageBox, QStackedWidget

from middleground.engine import Game, GameError
from middleground.engine.words import join_names
from middleground.table import Session, saves
from middleground.table.seats import BOT
from middleground.table.session import FACILITATOR
from middleground.table.settings import THEMES, Settings
from middleground.widgets.plugin import Board
from middleground.widgets.theme import desktop_scheme_changed, set_app_palette, theme_named

from .collector import collect_on_ui_thread
from .fit import fit_to_screen
from .screens.home import HomeScreen

if TYPE_CHECKING:  # the screens past the home screen load when first shown (start-up)
    from .bridge import TableBridge
    from .projector import ProjectorWindow
    from .table_screen import TableScreen

TITLE = "Middle Ground"
SAVE_FILTER = "Middle Ground games (*.mgsave *.json)"


def key_sequences(*keys: str | QKeySequence.StandardKey) -> list[QKeySequence]:
    """Each key as written ("F11") or as the platform binds a standard key, once each.

    Built without QKeySequence(str), whose overloads are told apart by enums of the Qt namespace:
    building that namespace costs about 35 ms, a tenth of the start-up.
    """
    sequences: list[QKeySequence] = []
    for key in keys:
        found = (
            [QKeySequence.fromString(key)]
            if isinstance(key, str)
            else QKeySequence.keyBindings(key)
        )
        sequences += [sequence for sequence in found if sequence not in sequences]
    return sequences


class MainWindow(QMainWindow):
    def __init__(
        self, settings: Settings | None = None, autosave: bool = True, bot_delay_ms: int = 350
    ) -> None:
        super().__init__()
        collect_on_ui_thread()  # Qt objects must never be freed on the saves or bots' threads
        self.setWindowTitle(TITLE)
        fit_to_screen(self, 1280, 800)
        self.settings = settings or Settings.load()
        self.autosave = autosave
        if autosave:
            with contextlib.suppress(OSError):  # tidying only: a save still in reach stays
                saves.clear_leftovers()
        self.bot_delay_ms = bot_delay_ms
        self.theme = theme_named(self.settings.theme)
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.bridge: TableBridge | None = None
        self.table: TableScreen | None = None
        self.projector: ProjectorWindow | None = None
        self.current_game: Game | None = None
        self._build_menus()
        self.apply_theme(self.settings.theme)
        Board.reduced_motion = self.settings.reduced_motion
        hints = QApplication.styleHints()
        hints.colorSchemeChanged.connect(self._system_scheme_changed)
        self.show_home()

    # ----- menus ---------------------------------------------------------------------

    def _action(self, menu, text, slot, *keys) -> QAction:
        action = QAction(text, self)
        if keys:
            action.setShortcuts(key_sequences(*keys))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        self._action(game, "&New game…", self.show_home, QKeySequence.StandardKey.New)
        self._action(game, "&Open…", lambda: self.open_file(), QKeySequence.StandardKey.Open)
        self.save_action = self._action(
            game, "&Save…", lambda: self.save_file(), QKeySequence.StandardKey.Save
        )
        game.addSeparator()
        self._action(game, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        table = bar.addMenu("&Table")
        self.undo_action = self._action(
            table, "&Undo last entry", self.undo, QKeySequence.StandardKey.Undo
        )
        self.projector_action = self._action(
            table, "&Projector window", self.open_projector, "Ctrl+P"
        )
        self.call_menu = table.addMenu("&Call a player to their screen")
        self.call_menu.aboutToShow.connect(self._list_players)
        self.levels_menu = table.addMenu("Bot &levels")
        self.levels_menu.aboutToShow.connect(self._list_bots)
        self.screens_menu = table.addMenu("Projector on &screen")
        self.screens_menu.aboutToShow.connect(self._list_screens)
        self.picture_action = self._action(
            table, "Export round &picture…", lambda: self.export_picture()
        )
        self.csv_action = self._action(table, "Export &scores…", lambda: self.export_csv())
        view = bar.addMenu("&View")
        self._action(
            view, "&Full screen", self.toggle_fullscreen, "F11", QKeySequence.StandardKey.FullScreen
        )
        leave = QAction("Leave full screen", self)
        leave.setShortcuts(key_sequences(QKeySequence.StandardKey.Cancel))
        leave.triggered.connect(self.leave_fullscreen)
        self.addAction(leave)
        motion = QAction("&Reduced motion", self, checkable=True)
        motion.setChecked(self.settings.reduced_motion)
        motion.toggled.connect(self.set_reduced_motion)
        view.addAction(motion)
        themes = view.addMenu("&Theme")
        group = QActionGroup(self)
        for name in THEMES:
            action = QAction(name.capitalize(), self, checkable=True)
            action.setChecked(name == self.settings.theme)
            action.triggered.connect(lambda _=False, name=name: self.apply_theme(name, save=True))
            group.addAction(action)
            themes.addAction(action)
        view.addSeparator()
        self._toggle(
            view,
            "Lift the curtain by holding the space bar",
            "hold_to_lift",
            lambda table, value: table.set_hold_to_lift(value),
        )
        self._toggle(
            view,
            "Lower the curtain after a minute without input",
            "idle_seconds",
            lambda table, value: table.set_idle_seconds(value),
            on_value=60,
        )
        help_menu = bar.addMenu("&Help")
        self._action(
            help_menu,
            "&Rules of this game",
            self.show_rules,
            "F1",
            QKeySequence.StandardKey.HelpContents,
        )
        self._update_actions()

    def _toggle(
        self,
        menu,
        text: str,
        setting: str,
        apply: Callable[[TableScreen, Any], None],
        on_value=True,
    ) -> QAction:
        """A checkable menu entry bound to one setting, kept for the next start; `apply(table,
        value)` puts it into effect at the table in play, if any, at once, so the table does
        what the menu shows."""
        action = QAction(text, self, checkable=True)
        action.setChecked(bool(getattr(self.settings, setting)))

        def changed(checked: bool) -> None:
            off_value = 0 if isinstance(on_value, int) and not isinstance(on_value, bool) else False
            value = on_value if checked else off_value
            setattr(self.settings, setting, value)
            if self.table is not None:
                apply(self.table, value)
            self._keep_settings()

        action.toggled.connect(changed)
        menu.addAction(action)
        return action

    def _update_actions(self) -> None:
        """Each entry enabled where it can act: a submenu that would open empty (no game, no
        bot to change, no player of one's own to call at a facilitator's table) is greyed, and
        so are calling a player and changing a bot once the game is over."""
        playing = self.bridge is not None and not self.bridge.session.state.is_terminal()
        in_table = self.bridge is not None
        facilitated = in_table and self.bridge.session.mode == FACILITATOR
        seats = self.bridge.session.seats if playing and not facilitated else []
        self.save_action.setEnabled(playing and self._saves_allowed())
        self.undo_action.setEnabled(playing and facilitated)
        for action in (self.projector_action, self.picture_action):
            action.setEnabled(in_table)
        self.screens_menu.menuAction().setEnabled(in_table)
        self.call_menu.menuAction().setEnabled(any(not seat.is_bot for seat in seats))
        self.levels_menu.menuAction().setEnabled(any(seat.is_bot for seat in seats))
        self.csv_action.setEnabled(in_table and self._scores_shown())

    def _saves_allowed(self) -> bool:
        """Whether this table may write a save file: only a facilitator's, who enters every
        choice anyway. Players at one computer could open the file and read each other's
        hands and choices; their game is autosaved, and kept when another one starts."""
        return self.bridge is not None and self.bridge.session.mode == FACILITATOR

    def _scores_shown(self) -> bool:
        """Whether the scores may be exported now: secret points (The Median's) only by a
        facilitator, who enters everyone's choices anyway, or once the game is over."""
        session = self.bridge.session
        return (
            session.game.scores_public or session.mode == FACILITATOR or session.state.is_terminal()
        )

    # ----- theme ---------------------------------------------------------------------

    def apply_theme(self, name: str, save: bool = False) -> None:
        self.theme = theme_named(name)
        app = QApplication.instance()
        if app is not None:
            set_app_palette(app, self.theme)
            app.setStyleSheet(
                f"#formError {{ color: {self.theme.error_color()}; font-weight: bold; }}"
                # The buttons that move between screens: big enough to find from a step back.
                "#screenButton { font-size: 16px; min-height: 38px; min-width: 110px;"
                " padding: 0 16px; }"
            )
        if self.table is not None:
            self.table.apply_theme(self.theme)
        if save:
            self.settings.theme = name
            self._keep_settings()

    def set_reduced_motion(self, reduced: bool) -> None:
        """Boards turn their moves into fades (VISUAL.md: motion explains, unless asked not to)."""
        Board.reduced_motion = reduced
        if self.settings.reduced_motion != reduced:
            self.settings.reduced_motion = reduced
            self._keep_settings()

    def _system_scheme_changed(self, scheme) -> None:
        desktop_scheme_changed(scheme)
        if self.settings.theme == "system":
            self.apply_theme("system")

    # ----- screens -------------------------------------------------------------------

    def _show(self, widget) -> None:
        old = self.stack.currentWidget()
        self.stack.addWidget(widget)
        self.stack.setCurrentWidget(widget)
        if old is not None and old is not widget:
            self.stack.removeWidget(old)
            old.deleteLater()

    def show_home(self) -> None:
        self._end_table()
        home = HomeScreen()
        home.new_game.connect(self.show_setup)
        home.show_rules.connect(self.show_rules)
        home.resume.connect(self.resume)
        home.open_file.connect(lambda: self.open_file())
        home.set_resumable(*self._resumable())
        self.home = home
        self._show(home)

    def _resumable(self) -> tuple[str, str]:
        """What the home screen's resume button says, and the line beside it: which game
        waits, for whom, how far it got ('' where nothing waits)."""
        if not saves.has_interrupted_game():
            return "", ""
        try:
            session = saves.interrupted_game()
        except GameError as error:  # no button that could only repeat this; what to do instead
            return "", (
                f"The interrupted game cannot be resumed. {error.said} Starting a new game sets "
                'it aside as an "Unfinished game" file, which Open saved game finds.'
            )
        title = session.game.title
        who = join_names(session.state.players, most=4, everyone=len(session.state.players))
        if session.state.is_terminal():
            return f"See how {title} ended", f"{title} with {who} ended before the results."
        round_number = session.public_view().round
        when = f", in round {round_number}," if round_number >= 1 else ""
        return f"Resume {title}", f"{title} with {who}{when} was not finished."

    def show_setup(self, game: Game) -> None:
        from .screens.setup import SetupScreen

        self.current_game = game
        last = self.settings
        setup = SetupScreen(game, last.last_names, last.last_levels, last.last_mode)
        setup.start.connect(self.start_session)
        setup.back.connect(self.show_home)
        self.setup = setup
        self._show(setup)

    def start_session(self, session: Session, resumed: bool = False) -> None:
        from .bridge import TableBridge
        from .table_screen import TableScreen

        self._end_table()
        kept = None
        if self.autosave and not resumed:  # the autosave is about to hold this game instead
            try:
                kept = saves.keep_interrupted()
            except OSError as error:  # in a box that stays: a game is at stake
                reason = error.strerror or type(error).__name__
                self._tell(
                    "The unfinished game could not be kept.",
                    f"{reason}. It stays on the home screen until a choice is made in this one.",
                )
        self.settings.last_names = [s.name for s in session.seats]
        self.settings.last_levels = [s.level if s.is_bot else "" for s in session.seats]
        self.settings.last_mode = session.mode
        self._keep_settings()
        self.current_game = session.game
        self.bridge = TableBridge(session, save=self.autosave, bot_delay_ms=self.bot_delay_ms)
        self.table = TableScreen(
            self.bridge, self.theme, self.settings.idle_seconds, self.settings.hold_to_lift
        )
        self.table.finished.connect(self.show_results)
        if self.table.console is not None:
            self.table.console.export_picture.connect(lambda: self.export_picture())
            self.table.console.export_scores.connect(lambda: self.export_csv())
        self.bridge.changed.connect(lambda _changes: self._update_actions())
        self._show(self.table)
        if self.projector is not None:
            self.open_projector()
        self._update_actions()
        if kept is not None:
            self.statusBar().showMessage(
                f"The earlier game was kept: Open saved game finds it as {kept.name}.", 15000
            )

    def show_results(self) -> None:
        from .screens.results import ResultsScreen

        if self.bridge is None:
            return
        session = self.bridge.session
        results = ResultsScreen(session, self.theme)
        results.play_again.connect(lambda: self.play_again(session))
        results.home.connect(self.show_home)
        self.results = results
        self._show(results)
        self.table = None

    def play_again(self, session: Session) -> None:
        """The same table again, newly dealt; a game opened from an old save may be set up
        in a way a new table is refused (a name too long, a two-player rule for three): the
        results stay, and a box says why."""
        state = session.state
        try:
            again = Session.start(
                session.game,
                session.seats,
                state.options,
                None,
                session.mode,
                session.curtain_enabled,
            )
        except GameError as error:
            self._tell("The same table cannot play again.", error.said)
            return
        self.start_session(again)

    def _end_table(self) -> None:
        self._close_bridge()
        self.bridge = None
        self.table = None
        if self.projector is not None:
            self.projector.close()
            self.projector = None
        self._update_actions()

    # ----- saves ---------------------------------------------------------------------

    def _keep_settings(self) -> None:
        """Save the settings; where that cannot be done, the change holds until the app
        closes, and the window says so rather than failing."""
        try:
            self.settings.save()
        except OSError as error:
            reason = error.strerror or type(error).__name__
            self.statusBar().showMessage(
                f"Settings could not be kept for next time: {reason}.", 10000
            )

    def _tell(self, what: str, why: str) -> None:
        """A save or an export that could not be opened or written: a box saying `what`
        failed and `why`, whole, that stays until it is dismissed (in the status bar the reason
        was cut off on a narrow screen, and gone after a few seconds)."""
        box = QMessageBox(
            QMessageBox.Icon.Warning, TITLE, what, QMessageBox.StandardButton.Ok, self
        )
        box.setInformativeText(why)
        box.finished.connect(box.deleteLater)
        box.open()

    def resume(self) -> None:
        try:
            session = saves.interrupted_game()
        except GameError as error:
            self._tell("The interrupted game cannot be resumed.", error.said)
            return
        if session is None:
            self.statusBar().showMessage("There is no interrupted game to resume.", 8000)
            return
        self.start_session(session, resumed=True)

    def open_file(self, path: str | None = None) -> None:
        if path is None:
            folder = saves.unfinished_dir()  # where unfinished games are kept, if any
            start = str(folder) if folder.is_dir() else ""
            path, _ = QFileDialog.getOpenFileName(self, "Open a saved game", start, SAVE_FILTER)
            if not path:
                return
        try:
            session = saves.load_session(Path(path))
        except GameError as error:
            self._tell(f"{Path(path).name} could not be opened.", error.said)
            return
        self.start_session(session)
        if self.autosave:
            saves.take_back(session, Path(path))

    def save_file(self, path: str | None = None) -> None:
        if self.bridge is None:
            return
        if not self._saves_allowed():
            self.statusBar().showMessage(
                "A saved file holds every player's secrets, so only a facilitator saves one. "
                "This game saves itself after every choice and comes back on the next start.",
                10000,
            )
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(
                self, "Save this game", "game.mgsave", SAVE_FILTER
            )
            if not path:
                return
        try:
            saves.save_session(self.bridge.session, Path(path))
        except GameError as error:
            self._tell("The game was not saved.", error.said)
            return
        self.statusBar().showMessage(f"Saved to {path}.", 5000)

    # ----- table tools ---------------------------------------------------------------

    def undo(self) -> None:
        if self.table is not None and self.table.console is not None:
            self.table.console.undo()

    def open_projector(self) -> None:
        from .projector import ProjectorWindow

        if self.bridge is None:
            return
        if self.projector is not None:
            self.projector.close()
        self.projector = ProjectorWindow(self.bridge.feed, self.bridge.session.game)
        self.projector.show()

    def _list_players(self) -> None:
        """Humans who may want their screen outside their turn (to trade or read a notice)."""
        self.call_menu.clear()
        if self.bridge is None or self.bridge.session.mode == "facilitator":
            return
        session = self.bridge.session
        for seat, info in enumerate(session.seats):
            if not info.is_bot:
                self._action(self.call_menu, info.name, lambda _=False, s=seat: self.call(s))

    def _list_bots(self) -> None:
        """Each bot's level, to change mid-game (a practice game too hard, or too easy); a
        facilitator's console has its own."""
        self.levels_menu.clear()
        if self.bridge is None or self.bridge.session.mode == FACILITATOR:
            return
        from middleground.ai.bot import LEVELS

        session = self.bridge.session
        for seat, info in enumerate(session.seats):
            if not info.is_bot:
                continue
            menu = self.levels_menu.addMenu(info.name)
            group = QActionGroup(menu)
            for level in LEVELS:  # as setup offers them
                action = QAction(level.capitalize(), menu, checkable=True)
                action.setChecked(level == info.level)
                action.triggered.connect(lambda _=False, s=seat, v=level: self.set_level(s, v))
                group.addAction(action)
                menu.addAction(action)

    def set_level(self, seat: int, level: str) -> None:
        """A bot plays on at another level, from its next decision."""
        session = self.bridge.session
        if session.seats[seat].level == level:
            return
        try:
            session.swap(seat, BOT, level)
        except GameError as error:
            self.statusBar().showMessage(error.said, 6000)
            return
        name = session.seats[seat].name
        self.statusBar().showMessage(f"{name} now plays as a {level} bot.", 6000)

    def call(self, seat: int) -> None:
        try:
            self.bridge.session.call(seat)
        except GameError as error:
            self.statusBar().showMessage(error.said, 6000)

    def _list_screens(self) -> None:
        self.screens_menu.clear()
        for index, screen in enumerate(QApplication.screens(), start=1):
            size = screen.size()
            text = f"Screen {index}: {screen.name()} ({size.width()}x{size.height()})"
            self._action(self.screens_menu, text, lambda _=False, s=screen: self.project_on(s))

    def project_on(self, screen) -> None:
        """Open the projector window full screen on `screen` (a second monitor, a beamer)."""
        if self.projector is None:
            self.open_projector()
        if self.projector is None:
            return
        self.projector.setScreen(screen)
        self.projector.setGeometry(screen.geometry())
        self.projector.showFullScreen()

    def _export_name(self) -> str:
        """A file name that says what was exported: the game and where it stands
        ("good-enough-round-3", "the-median-final")."""
        view = self.bridge.session.public_view()
        where = "final" if view.finished else f"round-{view.round}"
        return f"{self.bridge.session.game.id}-{where}"

    def export_picture(self, path: str | None = None) -> None:
        from .public_board import PublicBoard

        if self.bridge is None:
            return
        if path is None:
            name = f"{self._export_name()}.png"
            path, _ = QFileDialog.getSaveFileName(
                self, "Export the round picture", name, "PNG images (*.png)"
            )
            if not path:
                return
        board = PublicBoard(self.bridge.feed, self.bridge.session.game, theme_named("light"))
        ok = board.picture().save(path, "PNG")
        board.deleteLater()
        if not ok:
            self._tell(
                "The picture could not be saved.",
                f"Nothing could be written to {path}: check that its folder exists and that "
                "it may be written to.",
            )
            return
        self.statusBar().showMessage(f"Picture saved to {path}.", 6000)

    def export_csv(self, path: str | None = None) -> None:
        from .console import export_scores

        if self.bridge is None:
            return
        if not self._scores_shown():
            self.statusBar().showMessage(
                "The points are secret until the game ends; Table > Export scores works then.", 8000
            )
            return
        if path is None:
            name = f"{self._export_name()}-scores.csv"
            path, _ = QFileDialog.getSaveFileName(
                self, "Export the scores", name, "CSV files (*.csv)"
            )
            if not path:
                return
        try:
            export_scores(self.bridge.session, Path(path))
        except OSError as error:
            reason = error.strerror or type(error).__name__
            self._tell("The scores could not be saved.", f"{path}: {reason}.")
            return
        self.statusBar().showMessage(f"Scores saved to {path}.", 6000)

    # ----- window --------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def leave_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()

    def show_rules(self, game: Game | None = None) -> None:
        from .screens.rules import RulesDialog

        game = game or self.current_game or (self.home.chosen() if hasattr(self, "home") else None)
        if game is not None:
            RulesDialog(game, self).exec()

    def _close_bridge(self) -> None:
        """Stop the bots and save what they did; a game whose results were seen leaves the
        autosave (until then, an app ended at the last choice offers it again)."""
        if self.bridge is None:
            return
        self.bridge.close()
        self.bridge.wait_for_bots(2000)
        self.bridge.flush_save()
        results = getattr(self, "results", None)
        if self.autosave and results is not None and self.stack.currentWidget() is results:
            saves.forget_autosave()
            saves.flush_autosave(saves.EXIT_WAIT)

    def closeEvent(self, event) -> None:
        if self.projector is not None:
            self.projector.close()
        self._close_bridge()
        super().closeEvent(event)
