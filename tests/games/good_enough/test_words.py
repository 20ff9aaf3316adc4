"""It's Good Enough in its own words: one verb for the act (a number is picked, a card played,
either listed when all rounds come out together), a reveal line that reads as one sentence,
and a tie and a win told in the rules' words (the middle total), true whatever the totals."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QGraphicsTextItem
from tests.games.good_enough.good_enough_helpers import SAMPLE_ONE, SAMPLE_TWO, play

from middleground.assets import rules_text
from middleground.engine import SetupError, get_game
from middleground.games.good_enough.board import GameBoard
from middleground.widgets.plugin import panel_for
from middleground.widgets.theme import LIGHT

pytestmark = pytest.mark.usefixtures("qapp")  # boards and panels are drawn with fonts

GAME = get_game("good-enough")
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
# The seed's own verb ("present"), and the others the screens once used for the same act.
OTHER_VERBS = re.compile(r"\b(present\w*|chose|chosen|choose|calling)\b", re.IGNORECASE)


def board_texts(view) -> list[str]:
    board = GameBoard(LIGHT)
    board.show_view(view)
    return [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]


# ----- one verb ------------------------------------------------------------------------


def everything_said(options: dict, qtbot) -> list[str]:
    """Every text of a game of three played to the end: the log (every seat's notices too),
    each prompt and field, the panel of every seat before and after it picks, the board."""
    state = GAME.new_state(NAMES[:3], options, seed=4)
    panel = panel_for(GAME)
    qtbot.addWidget(panel)
    rng = random.Random(4)
    said: list[str] = []

    def look(seat: int) -> None:
        panel.show_view(state.seat_view(seat), state.action_form(seat), [])
        said.extend([panel.heading.text(), panel.secret.text(), panel.form.button.words])

    while not state.is_terminal():
        said.extend(board_texts(state.public_view()))
        for seat in state.awaiting():
            form = state.action_form(seat)
            said.extend([form.prompt, *(f.label for f in form.fields)])
            look(seat)
            action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            said.append(state.choice_done(action))  # the facilitator's list of seats
            if not state.is_terminal():
                look(seat)
    said.extend(board_texts(state.public_view()))
    return said + [event.text for event in state.events]


@pytest.mark.parametrize(
    "options",
    [
        {"rounds": 3},
        {"rounds": 3, "numbers": "cards", "deck": 20},
        {"rounds": 3, "reveal": "all-at-once"},
        {"rounds": 3, "tiebreak": "sudden-death", "scoring": "mean-all"},
    ],
)
def test_the_act_has_one_name_wherever_it_is_told(options, qtbot):
    """It was "pick your number", "Present this number", "2 of 4 have chosen", "Ann: chose
    68" and "every number presented": now a number is picked, a card played, and either is
    listed where every round is listed up front."""
    said = everything_said(options, qtbot)
    assert [text for text in said if OTHER_VERBS.search(text)] == []
    verb, done = ("played", "played") if "numbers" in options else ("picked", "picked")
    if "reveal" in options:  # each number listed for its round; the board counts whole lists
        verb, done = "listed", "listed every round"
    assert any(re.fullmatch(rf"You {verb} (card )?\d+( for round \d)?\.", t) for t in said)
    assert any(re.match(rf"\d of 3 (has|have) {done}\. Waiting for ", text) for text in said)


def test_the_help_the_command_line_and_the_rules_text_say_pick():
    helps = [GAME.action_help, GAME.pitch] + [option.help for option in GAME.options]
    rules = rules_text(GAME.rules_file)
    assert [text for text in [*helps, rules] if OTHER_VERBS.search(text)] == []
    assert "plays a card instead of picking a number" in rules


def test_the_rules_text_says_who_plays_and_how_many_rounds_as_the_setup_allows():
    rules = " ".join(rules_text(GAME.rules_file).split())  # as read, not as wrapped
    rounds = next(option for option in GAME.options if option.key == "rounds")
    assert GAME.min_players == 3 and "It takes three players or more." in rules
    assert "agree how many rounds the game lasts: three at least" in rules
    assert GAME.max_players == 50 and "The app stops at fifty" in rules  # a table ruling
    assert (rounds.minimum, rounds.maximum) == (3, 50) and "goes from 3 to 50" in rules


def test_the_panel_s_button_says_pick(qtbot):
    state = GAME.new_state(NAMES[:3], {"rounds": 3}, 1)
    panel = panel_for(GAME)
    qtbot.addWidget(panel)
    panel.show_view(state.seat_view(0), state.action_form(0), [])
    assert panel.form.button.words == "Pick this number"
    assert panel.heading.text() == "Ann, your turn to pick"
    listing = GAME.new_state(NAMES[:3], {"rounds": 3, "reveal": "all-at-once"}, 1)
    panel.show_view(listing.seat_view(0), listing.action_form(0), [])
    assert panel.heading.text() == "Ann, your turn to list"  # as its prompt and button say


# ----- the reveal line -------------------------------------------------------------------


# picks by seat (Ann, Bo, Cy, ...), scoring -> the line the log and the board show
REVEALS = [
    ([10, 90, 63], "median", "Round 1: the median is 63, so Cy (63) scores."),
    (
        [10, 40, 20, 30],
        "median",
        "Round 1: the median falls at 25, so Cy (20) and Di (30) are closest and score.",
    ),
    (
        [5, 5, 63, 90, 10],
        "median",
        "Round 1: Ann and Bo both picked 5 and are out; the median is 63, so Cy (63) scores.",
    ),
    (
        [5, 5, 7, 7, 7],
        "median",
        "Round 1: Ann and Bo both picked 5 and are out; Cy, Di and Ed all picked 7 and are "
        "out; no number is left, so nobody scores.",
    ),
    (
        [5, 5, 5, 5, 9],
        "median",
        "Round 1: Ann, Bo, Cy and Di all picked 5 and are out; only Ed (9) is left and scores.",
    ),
    ([7, 7, 7], "median", "Round 1: everyone picked 7, so nobody scores."),
    # 10, 20 and 90: the mean is 40, and 20 is nearest
    ([10, 20, 90], "mean", "Round 1: the mean is 40, so Bo (20) is closest and scores."),
    # 10 and 30 left in; the mean of all four is 20, as far from 10 as from 30
    (
        [20, 20, 10, 30],
        "mean-all",
        "Round 1: Ann and Bo both picked 20 and are out; the mean of every number is 20, so "
        "Cy (10) and Di (30) are closest and score.",
    ),
]


@pytest.mark.parametrize(("picks", "scoring", "line"), REVEALS)
def test_a_round_is_told_in_one_sentence(picks, scoring, line):
    """It read "Round 1: The median is 63: Cy (63) scores.": a capital after a colon, and a
    second colon."""
    state = play(NAMES[: len(picks)], [picks], rounds=3, scoring=scoring)
    (reveal,) = [event.text for event in state.events if event.kind == "reveal"]
    assert reveal == line
    assert line in board_texts(state.public_view())


def test_a_round_of_numbered_cards_is_told_in_one_sentence():
    state = GAME.new_state(NAMES[:3], {"numbers": "cards", "deck": 12, "rounds": 3}, 2)
    cards = [state.seat_view(seat).board["hand"][0] for seat in range(3)]
    for seat, card in enumerate(cards):
        state.apply(seat, {"number": card})
    middle = sorted(cards)[1]
    scorer = NAMES[cards.index(middle)]
    (reveal,) = [event.text for event in state.events if event.kind == "reveal"]
    assert reveal == f"Round 1: the median is {middle}, so {scorer} ({middle}) scores."


@settings(max_examples=80, deadline=None)
@given(
    st.integers(3, 8).flatmap(lambda n: st.lists(st.integers(0, 6), min_size=n, max_size=n)),
    st.sampled_from(["median", "mean", "mean-all"]),
)
def test_every_reveal_is_one_sentence_after_its_label(picks, scoring):
    names = [f"P{seat}" for seat in range(len(picks))]
    state = play(names, [picks], rounds=3, scoring=scoring, high=6)
    (reveal,) = [event.text for event in state.events if event.kind == "reveal"]
    label, _, told = reveal.partition(": ")
    assert label == "Round 1" and ": " not in told and ". " not in told
    assert told.endswith(".") and (told[0].islower() or told.startswith("P"))  # or a name


# ----- a tie and a win -----------------------------------------------------------------


def test_two_middle_totals_are_no_middle_total_and_extra_rounds_may_break_the_tie():
    """The seed's second sample: totals 0, 2 and 2, the list {0, 2}, which has no middle
    total ("Tie."). It said "The median score is shared", of a median nobody holds."""
    state = play(["Xander", "Yvonne", "Zachary"], SAMPLE_TWO, tiebreak="sudden-death")
    assert state.scores() == (0, 2, 2)
    assert state.events[-1].text == (
        "There is no single middle total (0 points and 2 points are the two middle ones): "
        "extra round 1 of at most 5 may break the tie."
    )


def test_a_middle_total_held_by_two_is_shared_and_extra_rounds_may_break_the_tie():
    # Each round the median (3) scores: Ann, Bo, Cy, Cy. Totals 1, 1, 2, 0, 0: the list
    # {0, 1, 2} has the middle total 1, which Ann and Bo share.
    rounds = [[3, 1, 2, 4, 5], [1, 3, 2, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]]
    state = play(NAMES, rounds, rounds=4, tiebreak="sudden-death", extra_rounds=3)
    assert state.scores() == (1, 1, 2, 0, 0)
    assert state.events[-1].text == (
        "Ann and Bo share the middle total, 1 point: extra round 1 of at most 3 may break the tie."
    )


def test_the_winner_holds_the_middle_total():
    """The seed's first sample: totals 1, 2, 3 and 3 make the list {1, 2, 3}; Bob's 2 is the
    middle total. It said "wins with the median score", where the rules say middle total."""
    state = play(["Alice", "Bob", "Carol", "Dave"], SAMPLE_ONE)
    assert state.events[-1].text == "Bob wins with the middle total, 2 points."
    assert state.public_view().board["outcome"] == "Bob wins with the middle total, 2 points."


def test_a_tie_broken_by_an_extra_round_says_so():
    # After the sample: 10, 20, 30 scores Yvonne: 0, 3 and 2, the list {0, 2, 3}: Zachary.
    state = play(
        ["Xander", "Yvonne", "Zachary"], [*SAMPLE_TWO, [10, 20, 30]], tiebreak="sudden-death"
    )
    assert state.scores() == (0, 3, 2)
    assert state.events[-1].text == (
        "Zachary wins with the middle total, 2 points, after an extra round."
    )


# ----- refusals that say what to do ----------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message", "scripted"),
    [
        (
            {"numbers": "cards", "end": "points"},
            "Numbered cards are dealt for a set number of rounds: set Game ends to After the "
            "set rounds, or Numbers to Any number.",
            'Numbered cards are dealt for a set number of rounds: set "end": "rounds", or '
            '"numbers": "free".',
        ),
        (
            {"reveal": "all-at-once", "end": "points"},
            "Listing every round's number up front needs a set number of rounds: set Game "
            "ends to After the set rounds, or Reveal to Round by round.",
            "Listing every round's number up front needs a set number of rounds: set "
            '"end": "rounds", or "reveal": "each-round".',
        ),
    ],
)
def test_a_setup_that_needs_set_rounds_says_which_option_to_set(options, message, scripted):
    """The setup screen names the options as it shows them; a script's reader (referee,
    simulate) as a script writes them, where "Game ends" and "After the set rounds" were
    not to be found."""
    with pytest.raises(SetupError) as refused:
        GAME.new_state(NAMES[:3], options, 1)
    assert refused.value.said == message
    assert str(refused.value) == scripted
