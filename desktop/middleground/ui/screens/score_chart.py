"""The results' chart: everyone's score after each round, a line per player told apart by
colour and marker, shared stretches edged in every colour on them, extra rounds shaded."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QSizePolicy

from middleground.table import Session
from middleground.widgets.names import shortened
from middleground.widgets.theme import Theme

# Each line differs by marker as well as colour, so colour never carries meaning alone.
MARKERS = ("o", "s", "t", "d", "+", "x", "star", "p", "h", "t1", "t2", "t3")

# A player's line (its width where a pixel is a pixel) and marker; a long game marks no more
# than MARKS of its rounds (see marked_rounds).
LINE_WIDTH, SYMBOL_SIZE, MARKS = 3, 12, 25
# Where players' lines coincide, each one drawn before another is drawn again beneath it,
# LINE_STEP wider for each player on top, so that its colour edges theirs; where markers
# coincide, it rings them in its colour (the first ring clears a square marker's corners). Where
# many coincide the steps narrow, so that the widest adds no more than LINE_MOST (RING_MOST).
LINE_STEP, LINE_MOST = 4, 16
RING_SIZE, RING_STEP, RING_MOST = 20, 5, 18

# The most a name in the legend takes, in pixels at the theme's scale.
LEGEND_NAME = 240


def tick_step(top: int, most: int = 10) -> int:
    """The gap between labelled scores on the chart: 1, 2 or 5 times a power of ten, the
    smallest that labels `top` points in at most `most` steps."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if top <= most * step * factor:
                return step * factor
        step *= 10


def marked_rounds(points: int) -> frozenset[int]:
    """The points of a line (the start, then after each round) that carry its marker: every
    one in a game of up to MARKS rounds; in a longer one every so many, the last always, so
    that markers stay apart (a hundred rounds drew them into a solid band)."""
    every = -(-(points - 1) // MARKS) if points > MARKS + 1 else 1
    return frozenset(range(0, points, every)) | {points - 1}


# Over the chart's extra rounds, whose scores stand over "E1", "E2" along its bottom.
EXTRA_ROUNDS = "Extra rounds"


def player_look(index: int, theme: Theme) -> tuple[str, Qt.PenStyle, str]:
    """The colour, line and marker of the `index`th player the chart draws in colour. While it
    draws everyone so (twelve players at most), index is seat: each player has a colour of
    their own, the one their seat has on the board. Past the theme's colours (more than
    twelve share a crowd's win) they come round again, the line dashed and the marker one
    further on, so that no two players ever look alike."""
    colours = len(theme.seats)
    lap = index // colours
    style = Qt.PenStyle.DashLine if lap % 2 else Qt.PenStyle.SolidLine
    return theme.seats[index % colours], style, MARKERS[(index + lap) % len(MARKERS)]


def round_tick(played: int, extra: tuple[int, ...]) -> str:
    """The chart's label for the score after round `played`: its number, or "E2" for the
    second extra round."""
    return f"E{extra.index(played) + 1}" if played in extra else str(played)


def beneath(keys: dict[int, object], seat: int) -> tuple[int, int]:
    """How many of the players drawn after `seat` share its key in `keys` (its score at a
    round, or from one round to the next), and how many share it in all."""
    shared = [s for s, key in keys.items() if key == keys[seat]]
    return sum(s > seat for s in shared), len(shared)


def layered(later: int, shared: int, first: float, step: float, most: float) -> float:
    """The width of a line (the size of a ring) drawn beneath `later` others of the `shared`
    players on it, 0 for none: `first` beneath one, a step more for each further one, the
    steps narrowed where so many share it that they would add up to more than `most`."""
    if not later:
        return 0
    return first + (later - 1) * min(step, most / max(shared - 2, 1))


def mark_extra_rounds(chart, extra: tuple[int, ...], theme: Theme) -> None:
    """Shade the extra rounds, after a dashed line where the set rounds end, and name them
    above the plot, over the shading (they are the last rounds, at its right)."""
    import pyqtgraph as pg

    # Shaded in the board's own background, a step away from the chart's surface: every
    # player's colour is chosen to read at 3:1 on it, so the band dims no line (a tint of
    # the text's colour brought some to 2:1).
    band = pg.LinearRegionItem(
        (min(extra) - 0.5, max(extra) + 0.5),
        movable=False,
        brush=pg.mkBrush(theme.background),
        pen=pg.mkPen(None),
    )
    band.setZValue(-10)  # under the lines
    divider = pg.InfiniteLine(
        min(extra) - 0.5, pen=pg.mkPen(theme.muted, width=2, style=Qt.PenStyle.DashLine)
    )
    plot = chart.getPlotItem()
    for item in (band, divider):
        plot.addItem(item, ignoreBounds=True)  # the band reaches the plot's edge
    plot.setTitle(
        EXTRA_ROUNDS, color=theme.text, size=f"{int(13 * theme.scale)}pt", justify="right"
    )


def score_chart(session: Session, theme: Theme):
    """Everyone's score after each round, a line per player told apart by its marker."""
    # Imported when the results are shown, not at start-up: pyqtgraph costs ~0.3 s to load.
    import pyqtgraph as pg

    chart = pg.PlotWidget()
    chart.setBackground(theme.surface)
    chart.setAccessibleName("Scores over the rounds")
    chart.viewport().setAccessibleName("Scores over the rounds")  # what takes focus
    font = QFont("Sans", int(12 * theme.scale))
    label_style = {"color": theme.text, "font-size": f"{int(13 * theme.scale)}pt"}
    for side, text in (("bottom", "After round"), ("left", "Score")):
        axis = chart.getAxis(side)
        axis.setLabel(text, **label_style)
        axis.enableAutoSIPrefix(False)  # scores and rounds are counts: never "(x0.001)"
        axis.setTickFont(font)
        axis.setTextPen(theme.text)
        axis.setPen(theme.muted)
    history = session.score_history()
    rounds = list(range(len(history)))
    extra = session.extra_rounds()
    every = tick_step(len(history) - 1, most=12)
    chart.getAxis("bottom").setTicks([[(r, round_tick(r, extra)) for r in rounds[::every]]])
    if extra:
        mark_extra_rounds(chart, extra, theme)
    top = max((max(row) for row in history), default=0)
    low = min((min(row) for row in history), default=0)  # The Median's penalties go below 0
    step = tick_step(top - min(low, 0))
    first = min(low, 0) // step * step  # the step's multiple at or below the lowest
    last = -(-top // step) * step  # and at or above the highest
    chart.getAxis("left").setTicks([[(p, str(p)) for p in range(first, last + 1, step)]])
    # Every label in sight, the lowest and the highest, not just the scores: a top of 24
    # once left the label 25 cut in half at the chart's edge.
    chart.setYRange(first, last, padding=0.04)
    players = [seat.label for seat in session.seats]  # a bot's level after its name
    # Past one marker a player, lines cannot be told apart: a crowd's chart draws everyone
    # thin and grey and picks out the winners (named in the legend while they are few).
    crowd = len(players) > len(MARKERS)
    winners = session.state.result().winners if crowd else ()
    named = len(winners) <= 8
    if named:
        # A name too long for the legend is shortened, still reading apart from the others
        # (widgets/names.py): a thirty-letter name took the chart's whole width from its lines.
        font = QFont()
        font.setPointSize(int(12 * theme.scale))
        legend_width = int(LEGEND_NAME * theme.scale)
        players = shortened(QFontMetrics(font), players, legend_width)
        # Beside the plot, not on it: inside, it hid the first rounds' lines.
        legend = pg.LegendItem(
            labelTextColor=theme.text,
            labelTextSize=f"{int(12 * theme.scale)}pt",
            brush=pg.mkBrush(theme.surface),
            pen=pg.mkPen(theme.muted),
        )
        plot = chart.getPlotItem()
        plot.layout.addItem(legend, 2, 3)  # the row of the plot, right of its right axis
        plot.layout.setAlignment(legend, Qt.AlignmentFlag.AlignTop)
        # Its own height, not the plot's: stretched, it spread its names apart.
        legend.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        plot.legend = legend  # each named line joins it as it is plotted
    # A cosmetic pen is drawn in device pixels: thicker on a high-DPI screen, as the
    # markers grow, so a line keeps its weight beside them.
    ratio = chart.devicePixelRatioF()
    marked = marked_rounds(len(history))
    coloured = [s for s in range(len(players)) if not crowd or s in winners]
    looks = {seat: player_look(index, theme) for index, seat in enumerate(coloured)}
    for seat, name in enumerate(players):
        line = [row[seat] for row in history]
        if seat not in looks:
            chart.plot(rounds, line, pen=pg.mkPen(theme.muted, width=1))
            continue
        colour, style, marker = looks[seat]
        pen = pg.mkPen(colour, width=LINE_WIDTH * ratio, style=style)
        symbol = {
            "symbol": marker,
            "symbolBrush": colour,
            "symbolPen": pg.mkPen(theme.text, width=1),
        }
        sizes = [SYMBOL_SIZE if r in marked else 0 for r in rounds]
        chart.plot(rounds, line, pen=pen, symbolSize=sizes, **symbol)
        if named:  # the legend's sample: the line and its marker, at full size (a point
            # of its own, off the chart: without one the legend drew the marker at 7)
            sample = pg.PlotDataItem([0], [0], pen=pen, symbolSize=SYMBOL_SIZE, **symbol)
            chart.getPlotItem().legend.addItem(sample, name)
    show_shared_stretches(chart, history, looks, theme, marked)
    return chart


def show_shared_stretches(
    chart, history, looks: dict, theme: Theme, marked: frozenset[int]
) -> None:
    """Where players' lines coincide (two players on 0 all game), only the last one drawn
    showed. There each line drawn earlier is drawn again beneath, wider, so that a shared
    stretch reads as one line edged in the other players' colours, and a shared point as
    a marker ringed in them. The scores stay exactly where they are. `looks` holds each
    coloured player's colour, line and marker, by seat; rings go round the `marked`
    rounds' markers only."""
    import pyqtgraph as pg

    ratio = chart.devicePixelRatioF()
    view = chart.getPlotItem().getViewBox()  # not the plot: these join no legend
    rounds = range(len(history))
    coloured = list(looks)
    for seat, (colour, _style, _marker) in looks.items():
        stretches: dict[float, list[int]] = {}  # the rounds they join, by the width drawn
        rings = []
        for played in rounds:
            points = {s: history[played][s] for s in coloured}
            size = layered(*beneath(points, seat), RING_SIZE, RING_STEP, RING_MOST)
            if size and played in marked:
                rings.append((played, history[played][seat], size))
            if played + 1 in rounds:
                lines = {s: (points[s], history[played + 1][s]) for s in coloured}
                width = layered(*beneath(lines, seat), LINE_WIDTH + LINE_STEP, LINE_STEP, LINE_MOST)
                if width:
                    stretches.setdefault(width, []).extend((played, played + 1))
        for width, ends in stretches.items():
            under = pg.PlotCurveItem(
                ends,
                [history[r][seat] for r in ends],
                pen=pg.mkPen(colour, width=width * ratio),
                connect="pairs",
            )
            under.setZValue(-1 - width / 1000)  # the wider, the deeper
            view.addItem(under, ignoreBounds=True)
        if rings:
            under = pg.ScatterPlotItem(
                [x for x, _y, _size in rings],
                [y for _x, y, _size in rings],
                size=[size for _x, _y, size in rings],
                brush=pg.mkBrush(colour),
                pen=pg.mkPen(theme.text, width=1),
            )
            under.setZValue(-1)  # under the lines, each ring under the smaller ones
            view.addItem(under, ignoreBounds=True)
