"""A console row or a standing names its seat first. A standing's name is cut before the points
after it, but never to nothing; a console row's status is cut before the name."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics

from middleground.widgets.forms import name_then, name_then_status


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


def test_a_console_row_cuts_the_status_before_the_name(qapp):
    m = metrics()
    status = "chose Gravity: push once, pull One"
    width = m.horizontalAdvance("Bartholomew (hard bot): chose Gravity")
    text = name_then_status(m, "Bartholomew", " (hard bot)", status, width)
    assert text.startswith("Bartholomew (hard bot): chose") and text.endswith("…")
    assert m.horizontalAdvance(text) <= width


def test_a_console_row_too_narrow_for_the_name_cuts_it_but_keeps_the_level_and_a_word(qapp):
    m = metrics()
    width = m.horizontalAdvance("Bartholomew (hard bot): waiting") - 10
    text = name_then_status(m, "Bartholomew", " (hard bot)", "waiting", width)
    assert text.startswith("Bart") and text.endswith("… (hard bot): waiting"), text
    assert m.horizontalAdvance(text) <= width
    width = m.horizontalAdvance("Bartholomew: chose…") - 10
    text = name_then_status(m, "Bartholomew", "", "chose Gravity: push once", width)
    assert text.startswith("Bart") and text.endswith("…: chose…"), text
    assert m.horizontalAdvance(text) <= width
