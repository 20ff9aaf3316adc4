"""The table's names cut to their room still tell the players apart: two names that begin
alike keep the letters where they part, or their ends."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontMetrics

from middleground.widgets.forms import name_then_status
from middleground.widgets.names import shortened, tells_apart

ASHBY, ASHTON = "Bartholomew Fitzgerald-Ashby", "Bartholomew Fitzgerald-Ashton"
ALEXANDRAS = ["Alexandra Papadopoulou", "Alexandra Papadakis"]


def metrics() -> QFontMetrics:
    font = QFont("Sans")
    font.setPixelSize(20)
    return QFontMetrics(font)


@pytest.mark.parametrize(
    "names", [[ASHBY, ASHTON, "Ann"], [*ALEXANDRAS, "Wolfeschlegelsteinhausen"]]
)
def test_names_that_begin_alike_are_cut_to_texts_that_tell_them_apart(qapp, names):
    m = metrics()
    for width in range(110, m.horizontalAdvance(max(names, key=len)) + 1, 15):
        shown = shortened(m, names, width)
        assert len(set(shown)) == len(names), (width, shown)  # never two alike
        for cut, name in zip(shown, names, strict=True):
            assert m.horizontalAdvance(cut) <= width, (width, cut)
            assert cut == name or "…" in cut  # nothing cut without an ellipsis
            assert tells_apart(cut, name, names), (width, cut)


def test_a_cut_keeps_the_beginning_where_it_tells_apart_else_the_last_word(qapp):
    m = metrics()
    width = m.horizontalAdvance("Alexandra Papado…")
    assert shortened(m, ALEXANDRAS, width) == ["Alexandra Papado…", "Alexandra Papada…"]
    width = m.horizontalAdvance("Bartholomew…Ashton")
    ashby, ashton = shortened(m, [ASHBY, ASHTON], width)
    assert ashby.endswith("…Ashby") and ashton.endswith("…Ashton")
    assert ashby.startswith("Bartholomew") and ashton.startswith("Bartholomew")


def test_a_name_that_fits_or_stands_apart_is_cut_as_before(qapp):
    m = metrics()
    assert shortened(m, ["Ann", "Bo"], 200) == ["Ann", "Bo"]
    width = m.horizontalAdvance("Wolfesch…")
    assert shortened(m, ["Wolfeschlegelsteinhausen", "Ann"], width)[0] == "Wolfesch…"


def test_the_console_tells_two_seats_apart_whose_names_differ_at_the_end(qapp):
    """The facilitator's seat list read "Bartholomew Fitzgerald-…: waiting" twice."""
    m = metrics()
    width = m.horizontalAdvance("Bartholomew Fitzgerald-: waiting")
    rows = [
        name_then_status(m, name, "", "waiting", width, [ASHBY, ASHTON]) for name in (ASHBY, ASHTON)
    ]
    assert rows[0] != rows[1]
    assert all(row.endswith(": waiting") and m.horizontalAdvance(row) <= width for row in rows)
    assert rows[0].startswith("Bartholomew") and "…Ashb" in rows[0]


def test_a_number_after_a_right_to_left_name_is_drawn_after_it(qtbot):
    """The Median's Final places read "4th 18 محمد…": Arabic letters draw a number that
    follows them on their left. The name is closed by an invisible mark; the row keeps its
    order on screen, and a left-to-right name is left as it was."""
    from PySide6.QtGui import QFont, QFontMetrics, QTextLayout

    from middleground.widgets.forms import name_then

    metrics = QFontMetrics(QFont())
    row = "4th " + name_then(metrics, "محمد بن عبد", "  18  E", 2000)

    layout = QTextLayout(row, QFont())
    layout.beginLayout()
    line = layout.createLine()
    layout.endLayout()
    name_left = line.cursorToX(row.index("م"))[0]
    number_x = line.cursorToX(row.index("18"))[0]
    assert number_x > name_left  # the score is drawn right of the name, as in "4th Bob  18"
    assert name_then(metrics, "Bob", "  18", 2000) == "Bob  18"


def test_a_sentence_closes_a_right_to_left_name_after_its_last_letter_once():
    """The board closes the names in the engine's sentences: a name that holds another table
    name ("محمد" in "محمد بن عبد") is closed after its own end, where its number follows,
    and a sentence closed already is left as it is."""
    from middleground.widgets.names import LTR_MARK, closed_names

    names = ["محمد", "محمد بن عبد", "Ann"]
    text = "the median is 4, so محمد بن عبد (4) scores; محمد (3) and Ann (5) are out."
    shown = closed_names(text, names)
    assert shown == text.replace(" (4)", f"{LTR_MARK} (4)").replace(" (3)", f"{LTR_MARK} (3)")
    assert closed_names(shown, names) == shown
    assert closed_names("Ann (5) scores.", names) == "Ann (5) scores."


ARABIC = "محمد عبد الرحمن الهاشمي"


def ellipsis_beside_arabic(text: str) -> str:
    """Where the "…" in `text` is drawn in a line of English (laid out left to right) beside
    the Arabic letters: "left" of them all, "right" of them all, or "between"."""
    from PySide6.QtGui import QTextLayout

    layout = QTextLayout(text, metrics_font())
    layout.beginLayout()
    line = layout.createLine()
    layout.endLayout()

    def sides(index: int) -> tuple[float, float]:  # the letter's left and right, drawn
        edges = [line.cursorToX(index)[0], line.cursorToX(index + 1)[0]]
        return min(edges), max(edges)

    # (where a run of Arabic meets English, its first letter's edge is the run's far one:
    # compared by the right side to its left and by the left side to its right)
    arabic = [sides(i) for i, c in enumerate(text) if "\u0600" <= c <= "\u06ff"]
    left, right = sides(text.index("…"))
    if right <= min(r for _l, r in arabic):
        return "left"
    return "right" if left >= max(lo for lo, _r in arabic) else "between"


def metrics_font() -> QFont:
    font = QFont("Sans")
    font.setPixelSize(20)
    return font


def test_a_right_to_left_name_cut_at_its_end_shows_the_cut_at_its_left(qapp):
    """An Arabic name is read from the right: cut at its end, its "…" stands at its left, where
    the reader comes to the cut. In a line of English it stood at the name's right, at its
    first letter, as though its beginning were cut off."""
    from middleground.widgets.forms import name_then
    from middleground.widgets.names import closed, short_name

    m = metrics()
    room = m.horizontalAdvance(ARABIC) * 2 // 3
    cut = short_name(m, ARABIC, [ARABIC, "Ann"], room)
    assert cut.replace("\u200f", "").startswith("محمد") and "…" in cut
    assert tells_apart(cut, ARABIC, [ARABIC, "Ann"])
    assert ellipsis_beside_arabic(f"Waiting for {closed(cut)} and Ann") == "left"
    assert ellipsis_beside_arabic(cut) == "left"
    row = name_then(m, ARABIC, "  3 points", room)  # Qt's own cut, at the console
    assert ellipsis_beside_arabic(row) == "left" and row.endswith("  3 points")


def test_a_right_to_left_name_cut_in_its_middle_shows_the_cut_between_its_ends(qapp):
    """A one-word Arabic name too long for a label is cut in its middle: the "…" stands
    between its two ends, whichever way the line runs."""
    from middleground.widgets.wrapped import fit_words

    word = "عبدالرحمنالهاشميمحمدعبدالرحمن"
    m = metrics()
    shown = fit_words(m, f"{word} chose 7", m.horizontalAdvance(word) // 2)
    assert "…" in shown and shown.endswith(" chose 7")
    assert ellipsis_beside_arabic(shown) == "between"
