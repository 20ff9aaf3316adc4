"""The results screen: the winners head the table, the tokens read as English, the chart's
rounds are the rounds played and its scale stays readable however high the scores go."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from PySide6.QtWidgets import QMessageBox, QTableWidget

from middleground.ai.bot import make_bot
from middleground.engine import get_game
from middleground.engine.words import token_text
from middleground.table import Seat, Session
from middleground.table.seats import BOT
from middleground.table.session import FACILITATOR, SOLO
from middleground.ui.screens.results import ResultsScreen
from middleground.ui.screens.score_chart import tick_step
from middleground.widgets.theme import LIGHT


@pytest.mark.parametrize(
    ("top", "step"),
    [(0, 1), (9, 1), (10, 1), (11, 2), (20, 2), (21, 5), (33, 5), (50, 5), (51, 10), (101, 20)],
)
def test_the_score_scale_labels_at_most_ten_steps(top, step):
    assert tick_step(top) == step


def test_tokens_are_counted_in_english():
    assert token_text({"life": 2}) == "2 tokens of life"
    assert token_text({"death": 1}) == "1 token of death"


def finished(game_id, players, seed, options=None, names="ABCDEFGHI"):
    """A game played to its end by random bots at a facilitator's table."""
    game = get_game(game_id)
    seats = [Seat(name, BOT, "random") for name in names[:players]]
    session = Session.start(game, seats, options or {}, seed, FACILITATOR)
    bot = make_bot(game, "random")
    while not session.state.is_terminal():
        for seat in session.bots_owed():
            view, legal, bot_seed, version = session.bot_job(seat)
            session.submit_bot(seat, bot.choose(view, legal, random.Random(bot_seed)), version)
    return session


def test_the_median_results_put_the_fifth_place_first_and_the_losers_last(qtbot):
    session = finished("the-median", 9, 5)
    result = session.state.result()
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    table = screen.findChild(QTableWidget)
    rows = [[table.item(r, c).text() for c in range(4)] for r in range(table.rowCount())]
    names = [seat.label for seat in session.seats]  # "A (random bot)"
    (winner,) = result.winners
    assert rows[0][:3] == ["5th", names[winner], str(result.scores[winner])]
    assert rows[0][3].startswith("★ winner\n2 tokens of life\nheld ")
    losers = {names[s] for s in result.losers}
    assert {row[1] for row in rows[-len(losers) :]} == losers
    assert all(row[3].startswith("loser\n1 token of death\nheld") for row in rows[-len(losers) :])
    assert all(row[3].startswith("held ") for row in rows[1 : -len(losers)])
    # Who held what is told at the end: every character held is named once, by its holder.
    final = session.public_view().board["final"]
    for seat, row in enumerate(rows):
        held = final["holders"][order_of(rows, names)[seat]]
        assert len(re.findall(r"\(\d+\)", row[3])) == len(held)  # "held Anchor (12)"
    ticks = screen.chart.getAxis("bottom")._tickLevels[0]
    assert [label for _, label in ticks] == [str(r) for r in range(10)]  # nine rounds, no draft
    top = max(result.scores)
    left = [value for value, _ in screen.chart.getAxis("left")._tickLevels[0]]
    assert left[-1] >= top and len(left) <= 11


def test_the_results_say_which_bot_played_at_which_level(qtbot):
    """A player practising against two hard bots and an easy one sees which was which; the
    names themselves stay as they were chosen."""
    game = get_game("good-enough")
    seats = [Seat("Ann"), Seat("Bo", BOT, "hard"), Seat("Cy", BOT, "easy"), Seat("Di", BOT, "hard")]
    session = Session.start(game, seats, {"rounds": 3}, 4, SOLO, curtain_enabled=False)
    for picks in ([10, 40, 55, 90], [20, 50, 52, 80], [30, 45, 60, 70]):
        for seat, number in enumerate(picks):
            session.state.apply(seat, {"number": number})
    assert session.state.is_terminal()
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    table = screen.findChild(QTableWidget)
    shown = {table.item(row, 1).text() for row in range(table.rowCount())}
    assert shown == {"Ann", "Bo (hard bot)", "Cy (easy bot)", "Di (hard bot)"}
    assert legend_names(screen) == ["Ann", "Bo (hard bot)", "Cy (easy bot)", "Di (hard bot)"]
    assert session.state.players == ("Ann", "Bo", "Cy", "Di")


def order_of(rows, names):
    """The seat shown on each row."""
    return [names.index(row[1]) for row in rows]


def test_a_shared_win_marks_every_winner(qtbot):
    for seed in range(40):
        session = finished("median-card-game", 4, seed)
        if session.state.result().shared:
            break
    else:
        pytest.fail("no shared win in 40 card games")
    result = session.state.result()
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    table = screen.findChild(QTableWidget)
    heads = [table.item(r, 3).text() for r in range(len(result.winners))]
    assert heads == ["★ shared win"] * len(result.winners)
    assert table.item(len(result.winners), 3).text() == ""
    assert all(table.item(r, 0).font().bold() for r in range(len(result.winners)))


def test_play_again_seats_the_same_table_for_a_new_deal_and_home_leaves_it(qtbot, window):
    from PySide6.QtWidgets import QPushButton

    from middleground.ui.screens.home import HomeScreen
    from middleground.ui.table_screen import TableScreen

    game = get_game("good-enough")
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat", BOT, "hard")]
    first = Session.start(game, seats, {"rounds": 3, "high": 20}, 8, FACILITATOR)
    window.start_session(first)
    for picks in ([3, 9, 14], [5, 6, 7], [18, 2, 11]):
        for seat, number in enumerate(picks[:2]):
            first.submit(seat, {"number": number})
        qtbot.waitUntil(lambda: 2 not in first.state.awaiting(), timeout=10_000)
    assert first.state.is_terminal()
    window.show_results()

    def button(text):
        screen = window.stack.currentWidget()
        return next(
            b for b in screen.findChildren(QPushButton) if b.text().replace("&", "") == text
        )

    button("Play again with the same seats").click()
    assert isinstance(window.stack.currentWidget(), TableScreen)
    again = window.bridge.session
    assert again is not first and again.seats == first.seats and again.mode == FACILITATOR
    assert again.state.options == first.state.options and again.state.history == []
    assert again.public_view().round == 1
    assert again.state.seed != first.state.seed  # a new deal, not a replay of the last game

    for _round in range(3):
        for seat in (0, 1):
            again.submit(seat, {"number": 4 + seat})
        qtbot.waitUntil(lambda: 2 not in again.state.awaiting(), timeout=10_000)
    window.show_results()
    button("Home").click()
    assert isinstance(window.stack.currentWidget(), HomeScreen) and window.bridge is None


def test_play_again_refused_for_an_old_save_s_setup_says_why_and_keeps_the_results(qtbot, window):
    """A game saved before "the loser leads" was refused to three players still opens and
    plays to its end; setting the same table again is refused in the status bar, not with a
    crash, and the results stay."""
    from PySide6.QtWidgets import QPushButton

    from middleground.ui.screens.results import ResultsScreen

    game = get_game("median-card-game")
    options = {"two_player_lead": "loser", "hand_size": 1}
    state = game.new_state(["Ann", "Ben", "Cat"], options, 2, limits=False)
    session = Session(state, [Seat("Ann"), Seat("Ben"), Seat("Cat")])
    rng = random.Random(2)
    while not state.is_terminal():
        seat = state.awaiting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    window.start_session(session)
    window.show_results()
    results = window.stack.currentWidget()
    again = next(b for b in results.findChildren(QPushButton) if "Play again" in b.text())
    again.click()
    assert window.stack.currentWidget() is results and isinstance(results, ResultsScreen)
    (box,) = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert box.text() == "The same table cannot play again."
    assert box.informativeText().startswith("The loser of a round leads the next only")


def crowd(game_id, players, seed, options=None):
    return finished(game_id, players, seed, options, [f"Guest {n + 1}" for n in range(players)])


def legend_names(screen) -> list[str]:
    legend = screen.chart.getPlotItem().legend
    return [] if legend is None else [label.text for _sample, label in legend.items]


def test_a_crowd_that_all_share_the_win_is_told_so_and_the_chart_names_nobody(qtbot):
    # forty random players of It's Good Enough: a few points each; often the middle total
    # is shared so widely that no peel breaks it and everyone shares the win
    session = next(
        s
        for s in (crowd("good-enough", 40, seed) for seed in range(20))
        if len(s.state.result().winners) > 8
    )
    result = session.state.result()
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    said = "Ignoring outer rounds left the tie unbroken: all 40 players share the win."
    assert result.summary == said  # not seven names and 33 others
    assert legend_names(screen) == []  # too many winners to name beside the lines
    assert screen.findChild(QTableWidget).rowCount() == 40  # the table still lists everyone


def test_a_crowd_s_chart_names_its_one_winner(qtbot):
    session = next(
        s
        for s in (crowd("median-card-game", 16, seed, {"decks": 2}) for seed in range(20))
        if len(s.state.result().winners) == 1
    )
    (winner,) = session.state.result().winners
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    assert legend_names(screen) == [session.seats[winner].label]  # "E (random bot)"


def test_a_small_table_s_chart_names_everyone(qtbot):
    session = finished("good-enough", 5, 3)
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    assert legend_names(screen) == [seat.label for seat in session.seats]


def test_a_chart_of_nothing_but_zeros_reads_score_plainly(qtbot):
    # three rounds in which everyone picks the same number: nobody ever scores
    seats = [Seat(name) for name in ("Ann", "Ben", "Cat")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 1, FACILITATOR)
    for _ in range(3):
        for seat in range(3):
            session.submit(seat, {"number": 50})
    assert session.state.is_terminal() and session.score_history()[-1] == (0, 0, 0)
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    screen.resize(1280, 720)
    screen.show()
    qtbot.waitExposed(screen)
    qtbot.wait(100)  # the axes take their range from the lines once laid out
    for side in ("left", "bottom"):
        label = screen.chart.getAxis(side).labelString()
        assert "x0" not in label and "(" not in label, label


def test_the_chart_labels_scores_below_zero(qtbot):
    """The Median's penalties take a score below 0, where the chart had no label to read it
    by."""
    session = next(
        s
        for s in (finished("the-median", 9, seed) for seed in range(5, 40))
        if min(min(row) for row in s.score_history()) < 0
    )
    lowest = min(min(row) for row in session.score_history())
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    ticks = [value for value, _label in screen.chart.getAxis("left")._tickLevels[0]]
    assert min(ticks) <= lowest < min(ticks) + (ticks[1] - ticks[0])  # one label at or below
    assert 0 in ticks
    assert screen.chart.getViewBox().viewRange()[1][0] <= min(ticks)  # and it is in sight


def test_the_highest_score_label_is_whole_in_sight(qtbot):
    """A top score just under a label (24 points beside a label of 25) once left that label
    cut in half at the chart's top edge: the chart reaches up to its highest label."""
    for seed in range(1, 60):  # a game whose top score falls between two labels
        session = finished("median-card-game", 4, seed)
        screen = ResultsScreen(session, LIGHT)
        qtbot.addWidget(screen)
        ticks = [value for value, _label in screen.chart.getAxis("left")._tickLevels[0]]
        top = max(max(row) for row in session.score_history())
        if top not in ticks:
            break
    assert top not in ticks and max(ticks) > top  # a label above the highest score
    low, high = screen.chart.getViewBox().viewRange()[1]
    assert high > max(ticks) and low < min(ticks)  # and every label in sight, with room


THEMES = ("light", "dark", "projection")


def theme_named(name):
    from middleground.widgets import theme as themes

    return getattr(themes, name.upper())


def looks_of(screen) -> list[tuple[str, object, str]]:
    """Each line the chart draws in colour: its colour, its pen's style and its marker."""
    items = screen.chart.getPlotItem().listDataItems()
    return [
        (item.opts["pen"].color().name(), item.opts["pen"].style(), item.opts["symbol"])
        for item in items
        if item.opts["symbol"] is not None
    ]


@pytest.mark.parametrize("theme", THEMES)
def test_each_of_nine_players_has_a_colour_of_their_own_on_the_chart_as_on_the_board(qtbot, theme):
    """Past seven players the colours came round again: Heidi's line (the eighth) was
    Alice's colour, dashed, and where their lines ran together only the markers told them
    apart. Every player of a full table of The Median now has a colour of their own, the
    one their seat has on the board."""
    theme = theme_named(theme)
    screen = ResultsScreen(finished("the-median", 9, 5), theme)
    qtbot.addWidget(screen)
    looks = looks_of(screen)
    colours = [colour for colour, _style, _marker in looks]
    assert len(set(colours)) == 9
    assert colours == [theme.seat_color(seat).name() for seat in range(9)]


@pytest.mark.parametrize("theme", THEMES)
def test_no_two_players_look_alike_on_the_chart_at_any_table_size(theme):
    """However many players a game takes, no two lines share colour, line and marker: up to
    twelve players everyone is drawn in colour; past that only the winners are, and when
    more than twelve share the win the colours come round again, dashed, with other
    markers."""
    from middleground.engine import all_games
    from middleground.ui.screens.score_chart import player_look

    theme = theme_named(theme)
    most = max(game.max_players for game in all_games())
    assert most >= 50  # It's Good Enough's crowd
    for count in range(2, most + 1):
        looks = [player_look(index, theme) for index in range(count)]
        assert len(set(looks)) == count, count
        if count <= len(theme.seats):
            assert len({colour for colour, _style, _marker in looks}) == count


def test_a_crowd_that_all_share_the_win_draws_no_two_winners_alike(qtbot):
    """Forty players of It's Good Enough who all share the win: every line in colour, the
    colours three times round, and still no two lines alike."""
    session = next(
        s
        for s in (crowd("good-enough", 40, seed) for seed in range(20))
        if len(s.state.result().winners) == 40
    )
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    looks = looks_of(screen)
    assert len(looks) == 40 and len(set(looks)) == 40


# WCAG 2.1 asks 3:1 of a shape that must be seen to be understood (1.4.11, non-text contrast):
# a player's line, marker and board token.
LEAST_CONTRAST = 3.0


@pytest.mark.parametrize("theme", THEMES)
def test_every_player_s_line_stands_out_from_the_chart_and_the_board_in_every_theme(qtbot, theme):
    """On the light theme Okabe-Ito's yellow line read 1.3:1 on the chart's white, its orange
    and sky blue 2.2 and 2.3:1."""
    from PySide6.QtGui import QColor

    from middleground.widgets.theme import contrast

    theme = theme_named(theme)
    session = finished("good-enough", 12, 3, names=[f"Guest {n + 1}" for n in range(12)])
    screen = ResultsScreen(session, theme)
    qtbot.addWidget(screen)
    chart = screen.chart.backgroundBrush().color()
    board = QColor(theme.background)
    colours = {colour for colour, _style, _marker in looks_of(screen)}
    assert len(colours) == 12
    for colour in colours | {theme.seat_color(seat).name() for seat in range(12)}:
        for ground in (chart, board):
            assert contrast(QColor(colour), ground) >= LEAST_CONTRAST, (colour, ground.name())


def shown(qtbot, screen, width, height):
    qtbot.addWidget(screen)
    screen.resize(width, height)
    screen.show()
    qtbot.waitExposed(screen)
    qtbot.wait(50)  # the chart lays out its legend once shown
    return screen


def longest_outcome(screen) -> int:
    """The widest line of any outcome, in the bold of a winner's row."""
    from PySide6.QtGui import QFontMetrics

    metrics = QFontMetrics(screen.bold)
    table = screen.table
    return max(
        metrics.horizontalAdvance(line)
        for row in range(table.rowCount())
        for line in table.item(row, 3).text().split("\n")
    )


def test_on_a_narrow_projector_the_standings_and_the_chart_take_turns(qtbot):
    """At 1024x768 in the projection theme the table beside the chart wrapped every outcome
    into a column of single words and showed three of nine rows: there the standings take
    the whole width, and the chart waits behind its own tab."""
    from middleground.widgets.theme import PROJECTION

    session = finished("the-median", 9, 5)
    screen = shown(qtbot, ResultsScreen(session, PROJECTION), 1000, 700)
    assert screen.side_by_side is False
    views = screen.views
    assert [views.tabText(i) for i in range(views.count())] == ["Standings", "Scores by round"]
    assert views.currentWidget() is screen.standings and screen.table.isVisible()
    assert not screen.chart.isVisible()
    views.setCurrentIndex(1)
    assert screen.chart.isVisible() and not screen.table.isVisible()
    # with the whole width, every outcome's lines stay whole
    assert screen.table.horizontalHeader().sectionSize(3) >= longest_outcome(screen)


def test_on_a_wide_screen_the_chart_sits_beside_a_table_whose_outcomes_stay_whole(qtbot):
    session = finished("the-median", 9, 5)
    screen = shown(qtbot, ResultsScreen(session, LIGHT), 1900, 1000)
    assert screen.side_by_side is True
    assert not screen.views.isVisible()
    assert screen.table.isVisible() and screen.chart.isVisible()
    assert screen.table.geometry().right() < screen.chart.geometry().left()
    assert screen.table.horizontalHeader().sectionSize(3) >= longest_outcome(screen)
    # narrowed, it turns to tabs; widened again, back side by side
    screen.resize(900, 700)
    qtbot.waitUntil(lambda: screen.side_by_side is False)
    assert screen.views.count() == 2
    screen.resize(1900, 1000)
    qtbot.waitUntil(lambda: screen.side_by_side is True)
    assert screen.views.count() == 0 and screen.chart.isVisible()


def test_the_legend_sits_beside_the_lines_and_covers_none_of_them(qtbot):
    session = finished("the-median", 9, 5)
    screen = shown(qtbot, ResultsScreen(session, LIGHT), 1900, 1000)
    plot = screen.chart.getPlotItem()
    legend = plot.legend.sceneBoundingRect()
    lines = plot.getViewBox().sceneBoundingRect()
    assert legend.width() > 0
    assert legend.left() >= lines.right() - 1  # (a half pixel's rounding)
    # its names stand one under another, not spread down the plot's height
    assert legend.height() < 0.8 * lines.height()


def tied_to_extra_rounds():
    """It's Good Enough's three set rounds leave a tie (totals 0, 2, 0); extra round 1 keeps
    it (everyone picks 40) and extra round 2 breaks it: Cat's 20 is the median."""
    seats = [Seat(name) for name in ("Ann", "Ben", "Cat")]
    options = {"rounds": 3, "tiebreak": "sudden-death"}
    session = Session.start(get_game("good-enough"), seats, options, 1, FACILITATOR)
    for picks in ([10, 20, 30], [10, 20, 30], [50, 50, 50], [40, 40, 40], [10, 30, 20]):
        for seat, number in enumerate(picks):
            session.state.apply(seat, {"number": number})
    assert session.state.is_terminal() and session.state.result().winners == (2,)
    return session


def bottom_ticks(screen) -> list[str]:
    return [label for _, label in screen.chart.getAxis("bottom")._tickLevels[0]]


def extra_marks(screen):
    """The shaded bands and the dividers on the chart."""
    import pyqtgraph as pg

    items = screen.chart.getPlotItem().items
    bands = [i for i in items if isinstance(i, pg.LinearRegionItem)]
    lines = [i for i in items if isinstance(i, pg.InfiniteLine)]
    return bands, lines


def test_the_chart_marks_the_extra_rounds_after_the_set_ones(qtbot):
    """A three-round game tied twice more read rounds 1 to 5 as if five had been set: the
    extra rounds now stand in a shaded band after a dashed line, named above it, and their
    scores over "E1" and "E2"."""
    session = tied_to_extra_rounds()
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    assert bottom_ticks(screen) == ["0", "1", "2", "3", "E1", "E2"]
    bands, lines = extra_marks(screen)
    (band,) = bands
    assert band.getRegion() == (3.5, 5.5)  # from between round 3 and E1 to the last round
    (divider,) = lines
    assert divider.value() == 3.5
    title = screen.chart.getPlotItem().titleLabel
    assert title.isVisible() and title.text == "Extra rounds"


@pytest.mark.parametrize("theme", THEMES)
def test_the_extra_rounds_shading_dims_no_player_s_line(qtbot, theme):
    """The band was a tint of the text's colour over the chart: on the dark themes it brought
    the slate line down to 2:1, on the light one the blue to 2.5:1. Every player's colour still
    reads at 3:1 on the band, as drawn over the chart, and the band stands apart from the chart."""
    from PySide6.QtGui import QColor

    from middleground.widgets.theme import contrast

    theme = theme_named(theme)
    screen = ResultsScreen(tied_to_extra_rounds(), theme)
    qtbot.addWidget(screen)
    (band,) = extra_marks(screen)[0]
    chart = screen.chart.backgroundBrush().color()
    tint = band.brush.color()
    alpha = tint.alphaF()
    shaded = QColor.fromRgbF(
        *(
            alpha * t + (1 - alpha) * c
            for t, c in zip(tint.getRgbF()[:3], chart.getRgbF()[:3], strict=True)
        )
    )
    assert contrast(shaded, chart) >= 1.08  # it shows
    for seat in range(12):
        assert contrast(theme.seat_color(seat), shaded) >= LEAST_CONTRAST, seat


def test_a_game_without_extra_rounds_keeps_its_chart_plain(qtbot):
    """With the extra-round tie-break chosen but no tie to break, every round is a set one."""
    seats = [Seat(name) for name in ("Ann", "Ben", "Cat")]
    options = {"rounds": 3, "tiebreak": "sudden-death"}
    session = Session.start(get_game("good-enough"), seats, options, 1, FACILITATOR)
    for picks in ([10, 20, 30], [10, 20, 30], [10, 30, 20]):  # Ben 2, Cat 1, Ann 0: Cat wins
        for seat, number in enumerate(picks):
            session.state.apply(seat, {"number": number})
    assert session.state.is_terminal()
    assert not any(played["extra"] for played in session.public_view().board["rounds"])
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    assert bottom_ticks(screen) == ["0", "1", "2", "3"]
    assert extra_marks(screen) == ([], [])
    assert not screen.chart.getPlotItem().titleLabel.isVisible()


def ends_under_its_last_row(table) -> bool:
    """Whether the table stops where its rows do: no empty box under them, nothing hidden."""
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    return abs(table.viewport().height() - rows) <= 1 and not table.verticalScrollBar().isVisible()


def test_a_short_table_on_a_narrow_projector_has_the_chart_under_it(qtbot):
    """At 1024x768 in the projection theme, four players' standings took their tab's whole
    height, most of it an empty box, while the chart waited behind the other tab: the table
    now ends under its last row and the chart takes the room under it."""
    from middleground.widgets.theme import PROJECTION

    session = finished("median-card-game", 4, 3)
    screen = shown(qtbot, ResultsScreen(session, PROJECTION), 1024, 768)
    assert not screen.views.isVisible()
    table, chart = screen.table, screen.chart
    assert table.isVisible() and chart.isVisible()
    assert ends_under_its_last_row(table)
    top = chart.mapTo(screen, chart.rect().topLeft()).y()
    assert table.mapTo(screen, table.rect().bottomLeft()).y() < top
    assert chart.height() >= 240 * PROJECTION.scale
    assert table.horizontalHeader().sectionSize(3) >= longest_outcome(screen)


def test_a_short_table_in_its_tab_ends_under_its_last_row(qtbot):
    """Too low a screen for the chart under the table: the two take turns, and the standings'
    table stops at its last row rather than fill its tab with an empty box."""
    from middleground.widgets.theme import PROJECTION

    session = finished("median-card-game", 4, 3)
    screen = shown(qtbot, ResultsScreen(session, PROJECTION), 1024, 560)
    assert screen.views.isVisible() and screen.views.currentIndex() == 0
    table = screen.table
    assert ends_under_its_last_row(table)
    assert table.height() < screen.views.currentWidget().height() - 50  # room left under it
    screen.resize(1024, 768)  # taller: the chart comes under the table
    qtbot.waitUntil(lambda: not screen.views.isVisible())
    assert screen.chart.isVisible() and ends_under_its_last_row(table)


def test_a_short_table_beside_the_chart_ends_under_its_last_row(qtbot):
    session = finished("median-card-game", 4, 3)
    screen = shown(qtbot, ResultsScreen(session, LIGHT), 1280, 720)
    assert screen.side_by_side
    assert ends_under_its_last_row(screen.table)
    assert screen.table.height() < screen.chart.height() / 2


def never_scoring_pair():
    """Three rounds of It's Good Enough in which Cat's number is always the middle one: Ann
    and Ben stay on 0 all game, their lines one on the other."""
    seats = [Seat(name) for name in ("Ann", "Ben", "Cat")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 1, FACILITATOR)
    for _round in range(3):
        for seat, number in enumerate((10, 30, 20)):
            session.state.apply(seat, {"number": number})
    assert session.score_history() == [(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 0, 3)]
    return session


def colour_count(image, colour, x_range, y_range) -> int:
    """The pixels of `image` within a small distance of `colour`, in the given box."""
    return sum(
        abs(pixel.red() - colour.red())
        + abs(pixel.green() - colour.green())
        + abs(pixel.blue() - colour.blue())
        < 40
        for x in x_range
        for y in y_range
        for pixel in [image.pixelColor(x, y)]
    )


@pytest.mark.parametrize("theme", ["light", "dark", "projection"])
def test_two_players_on_the_same_scores_all_game_both_show(qtbot, theme):
    """Ann and Ben on 0 all game: Ben's line, drawn last, hid Ann's on every round, so Ann
    could not find herself on the chart. Ann's line now edges Ben's, and her colour rings his
    marker, while both stay at 0."""
    from PySide6.QtCore import QPointF

    from middleground.widgets import theme as themes

    screen = shown(
        qtbot, ResultsScreen(never_scoring_pair(), getattr(themes, theme.upper())), 1280, 720
    )
    chart = screen.chart
    image = chart.grab().toImage()

    def at(played, score):
        scene = chart.getViewBox().mapViewToScene(QPointF(played, score))
        point = chart.mapFromScene(scene)
        return point.x(), point.y()

    ann, ben = (getattr(themes, theme.upper()).seat_color(seat) for seat in (0, 1))
    # across the middle of the stretch from round 1 to round 2, where both are on 0
    x, y = at(1.5, 0)
    across = (range(x - 1, x + 2), range(y - 12, y + 13))
    assert colour_count(image, ben, *across) >= 6  # Ben's line, on top
    assert colour_count(image, ann, *across) >= 6  # and Ann's, either side of it
    # Ben's marker where both stand at 0 after round 2, ringed in Ann's colour beyond her line
    x, y = at(2, 0)
    assert colour_count(image, ben, range(x - 4, x + 5), range(y - 4, y + 5)) >= 20
    for ring in (range(y - 9, y - 6), range(y + 7, y + 10)):  # above and below the lines
        assert colour_count(image, ann, range(x - 5, x + 6), ring) >= 10
    assert [list(item.getData()[1]) for item in chart.getPlotItem().listDataItems()] == [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 1, 2, 3],
    ]  # the scores themselves as they were


FULL_TABLE_NAMES = [
    *("Alexandra", "Benjamin", "Charlotte", "Dominic", "Eleanor", "Frederick", "Gabriella"),
    *("Harrison", "Isabella", "Jonathan", "Katherine", "Leonardo", "Margaret", "Nathaniel"),
    *("Olivia", "Patricia", "Quentin", "Rosalind", "Sebastian", "Theodora"),
]


def results_in_the_window(qtbot, session, theme: str, size=(1024, 768)) -> ResultsScreen:
    """The results of `session` as the app's window shows them, at `size` in `theme`."""
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    window = MainWindow(Settings(theme=theme, idle_seconds=0), bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    window.start_session(session)
    window.show_results()
    qtbot.waitExposed(window)
    qtbot.wait(50)  # the rows are fitted once the layout has given the table its room
    return window.results


def every_row_in_sight(table) -> bool:
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    return rows <= table.viewport().height() and not table.verticalScrollBar().isVisible()


def fills_its_width(table) -> bool:
    """Whether the columns reach across the table, the outcome taking what the others leave."""
    return table.horizontalHeader().length() >= table.viewport().width() - 1


def row_type(table) -> int:
    from PySide6.QtGui import QFontInfo

    return QFontInfo(table.font()).pixelSize()


# Each game at its most players where all of them can be in sight at 1024x768 in one column (the
# card game's twenty rows in the projection theme stand in two: see test_results_columns.py).
FULL_TABLES = [
    *(("the-median", 9, {}, theme) for theme in THEMES),
    *(("median-card-game", 20, {"decks": 2}, theme) for theme in ("light", "dark")),
]


@pytest.mark.parametrize(("game_id", "players", "options", "theme"), FULL_TABLES)
def test_every_row_of_a_full_table_s_results_is_in_sight_at_1024x768(
    qtbot, game_id, players, options, theme
):
    """The Median's results on a 1024x768 projector showed eight of the nine rows and of the
    ninth only 'loser', its place and name below the edge, and a room cannot scroll: taking
    turns with the chart, the rows' type gets smaller, no smaller than legible, until every
    row is in sight; a wider window gives it back its full size."""
    session = finished(game_id, players, 5, options, names=FULL_TABLE_NAMES)
    screen = results_in_the_window(qtbot, session, theme)
    table, scale = screen.table, theme_named(theme).scale
    assert screen.views.isVisible() and screen.views.currentWidget() is screen.standings
    assert every_row_in_sight(table) and fills_its_width(table)
    least = 768 / 40 if theme == "projection" else 14 * scale  # read across a room, or close up
    assert least <= row_type(table) <= 20 * scale
    screen.window().resize(1920, 1080)
    full = max(int(20 * scale), -(-1080 // 40)) if theme == "projection" else int(20 * scale)
    qtbot.waitUntil(lambda: row_type(table) == full)  # in projection, never under 1/40


def test_a_crowd_s_results_scroll_in_legible_type(qtbot):
    """Fifty players cannot all be in sight at 1024x768: the table scrolls, its type no smaller
    than a projector's room can read."""
    session = finished("good-enough", 50, 5, names=[f"Guest {n}" for n in range(1, 51)])
    screen = results_in_the_window(qtbot, session, "projection")
    table = screen.table
    assert table.verticalScrollBar().isVisible() and fills_its_width(table)
    assert row_type(table) >= 768 / 40


def test_a_long_game_marks_some_rounds_so_its_markers_stay_apart(qtbot):
    """A game of 100 rounds drew a marker at every one: they ran into a solid band that hid
    the lines. Past 25 rounds every so many are marked, the last always; a short game marks
    every round, and the legend shows each marker whole."""
    from middleground.ui.screens.score_chart import MARKS, SYMBOL_SIZE

    def marks(rounds):
        screen = ResultsScreen(finished("good-enough", 3, 4, {"rounds": rounds}), LIGHT)
        screen = shown(qtbot, screen, 1280, 720)
        lines = [i for i in screen.chart.getPlotItem().listDataItems() if i.opts["symbol"]]
        assert len(lines) == 3
        legend = screen.chart.getPlotItem().legend
        drawn = [sample.item.scatter.opts["size"] for sample, _label in legend.items]
        assert drawn == [SYMBOL_SIZE] * 3
        sizes = lines[0].opts["symbolSize"]
        return [played for played, size in enumerate(sizes) if size == SYMBOL_SIZE]

    assert marks(3) == [0, 1, 2, 3]
    long = marks(50)
    assert long[0] == 0 and long[-1] == 50 and len(long) <= MARKS + 1
    gaps = {b - a for a, b in itertools.pairwise(long)}
    assert max(gaps) == 2 and min(gaps) >= 1


def test_the_median_s_scores_export_names_each_player_s_tokens(tmp_path):
    """The tokens The Median's ending hands out (two of life for 5th place, one of death for
    1st and last) are what an event keeps count of; the export left them out."""
    import csv

    from middleground.ui.console import export_scores

    session = finished("the-median", 9, 3)
    result = session.state.result()
    path = tmp_path / "final.csv"
    export_scores(session, path)
    rows = list(csv.reader(path.open(encoding="utf-8-sig")))
    assert rows[0][-4:] == ["place", "outcome", "tokens", "note"]
    by_place = {row[-4]: row for row in rows[1:]}
    assert by_place["5th"][-2] == "2 tokens of life" and by_place["5th"][-3] == "winner"
    assert by_place["1st"][-2] == "1 token of death" and by_place["1st"][-3] == "loser"
    assert by_place["9th"][-2] == "1 token of death"
    assert sorted(row[-2] for row in rows[1:]).count("") == 6
    assert [row[-1] for row in rows[1:]] == list(result.notes)
