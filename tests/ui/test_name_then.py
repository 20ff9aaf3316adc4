"""A console row or a standing names its seat first: where the row is too narrow, the name is
cut before what follows it, but never to nothing."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics

from middleground.widgets.forms import name_then


def metrics() -> QFontMetrics:
    font = QFont("Sans")
    font.setPixelSize(17)
    return QFontMetrics(font)


def test_a_row_that_fits_is_left_whole(qapp):
    m = metrics()
    row = "Dee: chose Gravity"
    assert name_then(m, "Dee", ": chose Gravity", m.horizontalAdvance(row) + 1) == row


def test_a_long_name_gives_way_before_the_choice(qapp):
    m = metrics()
    after = ": waiting"
    width = m.horizontalAdvance("Bartholomew" + after) - 20
    text = name_then(m, "Bartholomew", after, width)
    assert text.endswith("…" + after) and text.startswith("Bart")
    assert m.horizontalAdvance(text) <= width


def test_a_row_whose_choice_fills_it_still_says_whose_it_is(qapp):
    """At 1280 wide the console's list left 294 px, and "Dee: chose Gravity: no push, pull
    One" left the name 6 px: the row read ': chose Gravity: no push, pull One'."""
    m = metrics()
    after = ": chose Gravity: no push, pull One"
    for spare in (0, 6, 12, 20):
        width = m.horizontalAdvance(after) + spare
        text = name_then(m, "Dee", after, width)
        assert text.startswith("D"), text
        assert m.horizontalAdvance(text) <= width, (spare, text)
