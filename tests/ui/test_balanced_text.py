"""A sentence too long for its line is read as two of about the same length, never as a full
line and a last word alone: the prompt at a player's screen ("List your number for round 3
of" / "5.") and the round's line under a board (BalancedLabel, balance_item)."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication
from tests.ui.audit import wrapped_lines

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.widgets.balanced import BalancedLabel

PROMPT = "List your number for round 3 of 5."


def shown_lines(label) -> list[str]:
    """The lines `label`'s text is drawn in, wrapped at word breaks to its text's width."""
    width = label.contentsRect().width() - 2 * label.margin()
    return [line.strip() for line in wrapped_lines(label.text(), label.font(), width)]


def test_a_prompt_a_word_too_long_for_its_line_shares_its_words_out(qtbot):
    """Where "of" just fits the first line, a plain label leaves "5." on the second alone."""
    label = BalancedLabel(PROMPT)
    qtbot.addWidget(label)
    metrics = QFontMetrics(label.font())
    label.resize(metrics.horizontalAdvance(PROMPT[:-3]) + 4, 100)
    label.show()
    QApplication.processEvents()
    lines = shown_lines(label)
    assert len(lines) == 2
    assert all(len(line.split()) >= 3 for line in lines), lines
    assert label.heightForWidth(label.width()) == 2 * metrics.lineSpacing()  # as tall as two


def test_a_listing_prompt_at_the_side_column_keeps_its_words_together(qtbot, window):
    """It's Good Enough all at once, at 1280 wide: the prompt moved on to "round 3 of 5."."""
    seats = [Seat(name) for name in ("Ann", "Ben", "Cat")]
    options = {"rounds": 5, "reveal": "all-at-once"}
    session = Session.start(get_game("good-enough"), seats, options, 5)
    window.start_session(session)
    session.lift(0)
    for number in (13, 27):
        session.submit(0, {"number": number})
    QApplication.processEvents()
    prompt = window.table.panel.form.prompt
    assert prompt.text() == PROMPT
    lines = shown_lines(prompt)
    assert all(len(line.split()) >= 2 for line in lines), lines


def test_a_balanced_prompt_is_never_narrower_than_its_longest_word(qtbot):
    """At a facilitator's console the prompt "Round 2: Wolfeschlegelsteinhausen's number." was
    balanced to below its longest word, which was cut at "Wolfeschlegelstei"."""
    prompt = "Round 2: Wolfeschlegelsteinhausen's number."
    label = BalancedLabel(prompt)
    qtbot.addWidget(label)
    metrics = QFontMetrics(label.font())
    label.resize(metrics.horizontalAdvance("Wolfeschlegelsteinhausen's") + 35, 100)
    label.show()
    QApplication.processEvents()
    assert label.text() == prompt  # the name fits the label: whole
    width = label.contentsRect().width() - 2 * label.margin()
    for line in shown_lines(label):
        assert metrics.horizontalAdvance(line) <= width, line


def test_a_word_too_long_for_a_prompt_ends_in_an_ellipsis_in_its_middle(qtbot):
    label = BalancedLabel("Round 1: " + "W" * 29 + "M's number.")
    qtbot.addWidget(label)
    label.resize(200, 100)
    label.show()
    QApplication.processEvents()
    metrics = QFontMetrics(label.font())
    for line in shown_lines(label):
        assert metrics.horizontalAdvance(line) <= label.width(), line
    (name,) = [word for word in label.text().split() if word.startswith("W")]
    assert "…" in name and name.endswith("M's")  # both ends stay
    assert label.toolTip() == label.words and "W" * 29 + "M's" in label.words
