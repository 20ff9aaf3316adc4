"""The setup screen greys out an option that would change nothing with the others as they are,
and a greyed-out option's value can never stop a game from starting."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from middleground.engine import SetupError, get_game
from middleground.ui.screens.setup import SetupScreen


def screen(qtbot, game_id, names=()):
    setup = SetupScreen(get_game(game_id), list(names))
    qtbot.addWidget(setup)
    return setup


def used(setup):
    return {key for key, widget in setup.inputs.items() if widget.isEnabled()}


def choose(setup, key, value):
    box = setup.inputs[key]
    box.setCurrentIndex(box.findData(value))


def test_good_enough_options_follow_the_way_the_game_ends_and_what_is_picked(qtbot):
    setup = screen(qtbot, "good-enough")
    unused = {"points_target", "extra_rounds", "deck"}
    assert used(setup) == set(setup.inputs) - unused
    label = setup.options_form.labelForField(setup.inputs["points_target"])
    assert not label.isEnabled()  # the label greys with its box
    choose(setup, "end", "points")
    assert {"points_target"} <= used(setup) and "rounds" not in used(setup)
    assert label.isEnabled()
    choose(setup, "tiebreak", "sudden-death")
    assert "extra_rounds" in used(setup)
    choose(setup, "end", "rounds")
    choose(setup, "numbers", "cards")
    assert "deck" in used(setup) and not {"low", "high"} & used(setup)


def test_most_extra_rounds_is_greyed_out_with_numbered_cards_too(qtbot):
    """Each player is dealt one spare card, so numbered cards allow one extra round whatever
    the option says: it waits on the tie-break and on the numbers both."""
    setup = screen(qtbot, "good-enough")
    choose(setup, "tiebreak", "sudden-death")
    assert "extra_rounds" in used(setup)
    choose(setup, "numbers", "cards")
    assert "extra_rounds" not in used(setup)
    label = setup.options_form.labelForField(setup.inputs["extra_rounds"])
    assert not label.isEnabled()
    setup.preset.setCurrentText("Extra rounds break ties")  # any number again
    assert "extra_rounds" in used(setup)


def test_a_variant_from_the_list_greys_out_what_it_makes_unused(qtbot):
    setup = screen(qtbot, "good-enough")
    setup.preset.setCurrentText("Numbered cards")
    assert "deck" in used(setup) and not {"low", "high"} & used(setup)
    setup.preset.setCurrentText("Play to 8 points")
    assert "points_target" in used(setup) and "rounds" not in used(setup)


def test_a_range_left_upside_down_does_not_stop_a_game_of_numbered_cards(qtbot):
    setup = screen(qtbot, "good-enough", ["Ann", "Ben", "Cat"])
    setup.inputs["low"].setValue(60)
    setup.inputs["high"].setValue(40)
    with pytest.raises(SetupError, match="lowest number must be below"):
        setup.build_session()
    choose(setup, "numbers", "cards")
    session = setup.build_session()  # the range is not used: the deck sets the numbers
    assert session.state.options["numbers"] == "cards"


def test_who_leads_two_players_is_asked_only_of_two_players(qtbot):
    setup = screen(qtbot, "median-card-game")
    assert len(setup.rows) == 4 and "two_player_lead" not in used(setup)
    setup._remove_row()
    setup._remove_row()
    assert len(setup.rows) == 2 and "two_player_lead" in used(setup)
    setup._add_row("Cat", False)
    assert "two_player_lead" not in used(setup)


def press_start(qtbot, setup) -> list:
    """Click Start; the tables it started (none when it was refused, its error in sight)."""
    started = []
    setup.start.connect(started.append)
    start = next(b for b in setup.findChildren(QPushButton) if b.text() == "&Start")
    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
    return started


def test_two_players_loser_leads_is_refused_for_four_players(qtbot):
    """Chosen at the four seats setup starts with, it once started a standard game."""
    setup = screen(qtbot, "median-card-game", ["Ann", "Ben", "Cat", "Dee"])
    setup.preset.setCurrentText("Two players: loser leads")
    assert not press_start(qtbot, setup)
    assert setup.error.text() == (
        "The loser of a round leads the next only in a game of two players; with 4, the last "
        "winner leads, as usual. Play with two players, or choose another variant."
    )
    setup._remove_row()
    setup._remove_row()
    (session,) = press_start(qtbot, setup)
    assert session.state.options["two_player_lead"] == "loser"


def test_a_real_deck_is_refused_the_bots_setup_seats_by_default(qtbot):
    """The companion beside a real deck, with setup's two bots left in: a bot would enter a
    card nobody holds, maybe the one a player is holding."""
    setup = screen(qtbot, "median-card-game")
    assert [row.seat().is_bot for row in setup.rows] == [False, False, True, True]
    setup.preset.setCurrentText("Companion for a real deck")
    assert not press_start(qtbot, setup)
    assert setup.error.text().startswith("With a real deck, bots cannot play: a bot holds no")
    assert setup.error.text().endswith("Make every seat human.")
    setup.mode.setCurrentIndex(setup.mode.findData("solo"))
    assert not press_start(qtbot, setup)
    assert "Solo practice is played against bots: play at the table instead" in (setup.error.text())
    setup.mode.setCurrentIndex(setup.mode.findData("table"))
    for row in setup.rows:
        row.controller.setCurrentIndex(row.controller.findData("human"))
    (session,) = press_start(qtbot, setup)
    assert session.state.options["physical_deck"] and setup.error.text() == ""


@pytest.mark.parametrize(
    ("game_id", "variant", "instead"),
    [
        ("median-card-game", "Standard", "Companion for a real deck"),
        ("good-enough", "Numbered cards", "Play numbered cards at the table or in solo practice"),
    ],
)
def test_a_facilitator_is_refused_people_who_would_hold_a_dealt_hand(
    qtbot, game_id, variant, instead
):
    """The console enters their choices and the projector shows no hand: they would never
    see theirs. Setup says what to play instead; a table of bots may still be shown."""
    setup = screen(qtbot, game_id, ["Ann", "Ben", "Cat", "Dee"])
    setup.preset.setCurrentText(variant)
    setup.mode.setCurrentIndex(setup.mode.findData("facilitator"))
    assert not press_start(qtbot, setup)
    assert "only their own screen shows" in setup.error.text()
    assert instead in setup.error.text()
    for row in setup.rows:
        row.controller.setCurrentIndex(row.controller.findData("bot"))
    (session,) = press_start(qtbot, setup)
    assert session.mode == "facilitator"


def test_the_referee_lists_when_an_option_applies():
    options = {o.key: o for o in get_game("good-enough").options}
    assert options["points_target"].describe().endswith('; only with end "points"')
    assert (
        options["extra_rounds"]
        .describe()
        .endswith('; only with tiebreak "sudden-death" and numbers "free"')
    )
    lead = {o.key: o for o in get_game("median-card-game").options}["two_player_lead"]
    assert lead.describe().endswith("; only with 2 players")
    assert options["scoring"].describe() == (
        'scoring: one of "median" | "mean" | "mean-all" (default "median")'
    )


def test_the_curtain_can_be_left_out_only_in_solo_practice(qtbot):
    setup = screen(qtbot, "good-enough")
    assert not setup.curtain.isEnabled()  # a shared table always hides its hands
    setup.mode.setCurrentIndex(setup.mode.findData("solo"))
    assert setup.curtain.isEnabled()
    setup.mode.setCurrentIndex(setup.mode.findData("facilitator"))
    assert not setup.curtain.isEnabled()


def test_solo_practice_is_one_person_against_bots_with_no_curtain_to_lift(qtbot):
    setup = screen(qtbot, "median-card-game", ["Me", "Ann", "Ben", "Cy"])
    assert [row.seat().is_bot for row in setup.rows] == [False] * 4  # four people last time
    setup.mode.setCurrentIndex(setup.mode.findData("solo"))
    assert [row.seat().is_bot for row in setup.rows] == [False, True, True, True]
    session = setup.build_session()
    assert session.mode == "solo" and not session.curtain_enabled


def test_the_last_table_comes_back_with_its_bots_their_levels_and_its_mode(qtbot, window):
    """Setup once remembered only the names: after a solo game against two hard bots, the
    next game offered four people at the table."""
    window.show_setup(get_game("good-enough"))
    setup = window.setup
    setup.mode.setCurrentIndex(setup.mode.findData("solo"))
    setup.rows[1].level.setCurrentText("hard")
    setup.rows[2].level.setCurrentText("easy")
    setup.rows[3].controller.setCurrentIndex(setup.rows[3].controller.findData("human"))
    setup.rows[3].controller.setCurrentIndex(setup.rows[3].controller.findData("bot"))
    setup.rows[3].level.setCurrentText("random")
    setup.rows[0].name.setText("Me")
    qtbot.mouseClick(
        next(b for b in setup.findChildren(QPushButton) if b.text() == "&Start"),
        Qt.MouseButton.LeftButton,
    )
    assert window.bridge is not None
    window.show_setup(get_game("median-card-game"))  # another game, the same table
    again = window.setup
    assert again.mode.currentData() == "solo"
    seats = [row.seat() for row in again.rows]
    assert [(s.name, s.is_bot, s.level if s.is_bot else "") for s in seats] == [
        ("Me", False, ""),
        ("Player 2", True, "hard"),
        ("Player 3", True, "easy"),
        ("Player 4", True, "random"),
    ]


@pytest.mark.parametrize("name", ["light", "dark", "projection"])
def test_what_cannot_be_used_looks_it_in_every_theme(name):
    from PySide6.QtGui import QPalette

    from middleground.widgets.theme import contrast, palette_for, theme_named

    palette = palette_for(theme_named(name))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText):
        active = palette.color(QPalette.ColorGroup.Active, role)
        disabled = palette.color(QPalette.ColorGroup.Disabled, role)
        background = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Window)
        # halfway between the text and the background, plainly neither
        assert abs(disabled.lightness() - active.lightness()) > 80
        assert abs(disabled.lightness() - background.lightness()) > 80
    # an empty field's hint reads as a hint, not as typed text, and a field stands out
    active = QPalette.ColorGroup.Active
    text = palette.color(active, QPalette.ColorRole.Text).lightness()
    hint = palette.color(active, QPalette.ColorRole.PlaceholderText).lightness()
    field = palette.color(active, QPalette.ColorRole.Base).lightness()
    window = palette.color(active, QPalette.ColorRole.Window).lightness()
    assert abs(hint - text) > 80 and abs(hint - field) > 80
    hint_on_field = contrast(
        palette.color(active, QPalette.ColorRole.PlaceholderText),
        palette.color(active, QPalette.ColorRole.Base),
    )
    assert hint_on_field >= 4.5  # a hint is words to read (it was 3.3:1 in the light theme)
    assert abs(field - window) >= 8


def test_a_new_player_is_ready_to_name_even_at_the_bottom_of_a_long_list(qtbot):
    setup = screen(qtbot, "good-enough")
    setup.resize(1280, 720)
    setup.show()
    qtbot.waitExposed(setup)
    add = next(b for b in setup.findChildren(QPushButton) if b.text() == "Add player")
    for _ in range(26):
        qtbot.mouseClick(add, Qt.MouseButton.LeftButton)
    newest = setup.rows[-1].name
    assert len(setup.rows) == 30 and newest.text() == "Player 30"
    qtbot.waitUntil(lambda: newest.visibleRegion().boundingRect().height() == newest.height())
    assert setup.focusWidget() is newest and newest.selectedText() == "Player 30"
    qtbot.keyClicks(newest, "Zoe")  # typing replaces the placeholder name
    assert setup.rows[-1].seat().name == "Zoe"


def test_a_name_stops_at_the_length_the_board_can_show(qtbot):
    setup = screen(qtbot, "good-enough")
    name = setup.rows[0].name
    name.clear()
    qtbot.keyClicks(name, "Bartholomew-Maximilian Featherstonehaugh")
    assert name.text() == "Bartholomew-Maximilian Feather"  # 30 letters


def test_the_variant_names_what_the_options_now_say(qtbot):
    setup = screen(qtbot, "median-card-game")
    setup.preset.setCurrentIndex(setup.preset.findText("Companion, two decks"))
    assert setup.inputs["physical_deck"].isChecked() and setup.inputs["decks"].value() == 2
    setup.inputs["physical_deck"].setChecked(False)  # no longer the companion...
    assert setup.preset.currentText() == "Two decks"  # ...but exactly another variant
    setup.inputs["hand_size"].setValue(6)
    assert setup.preset.currentIndex() == -1 and setup.preset.placeholderText() == "Custom"
    assert setup.inputs["decks"].value() == 2  # "Custom" leaves the options as set
    setup.inputs["hand_size"].setValue(5)
    setup.inputs["decks"].setValue(1)
    assert setup.preset.currentText() == "Standard"


def test_a_complaint_goes_once_the_table_changes(qtbot):
    setup = screen(qtbot, "good-enough")
    remove = next(b for b in setup.findChildren(QPushButton) if b.text() == "Remove last player")
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)  # 3 players left: the least allowed
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    assert "needs at least 3 players" in setup.error.text()
    add = next(b for b in setup.findChildren(QPushButton) if b.text() == "Add player")
    qtbot.mouseClick(add, Qt.MouseButton.LeftButton)
    assert setup.error.text() == ""


@pytest.mark.parametrize("game_id", ["good-enough", "median-card-game", "the-median"])
@pytest.mark.parametrize("width", [984, 1280, 1920])
def test_every_option_is_whole_in_sight_on_a_1024_wide_screen(qtbot, game_id, width):
    """At 1024x768 the options column ran off the right of the screen behind a sideways
    scroll bar, its lists cut in half: where players and options do not fit side by side, the
    options go under the players, and the screen scrolls down only. (The Median's options,
    a line saying it has none, fit beside the players even there.)"""
    side_by_side = width >= 1280 or game_id == "the-median"
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication

    setup = screen(qtbot, game_id, ["Alice", "Bob", "Carol"])
    setup.resize(width, 700)
    setup.show()
    QApplication.processEvents()
    viewport = setup.scroll.viewport()
    assert not setup.scroll.horizontalScrollBar().isVisible()
    options = {"variant": setup.preset, **setup.inputs} if setup.inputs else {}
    for key, widget in {**options, "help": setup.option_help}.items():
        left = widget.mapTo(viewport, QPoint(0, 0)).x()
        assert left >= 0 and left + widget.width() <= viewport.width(), key
    players = setup.rows[0].name.mapTo(viewport, QPoint(0, 0))
    first = setup.option_help.mapTo(viewport, QPoint(0, 0))  # in the options' column
    assert (first.x() > players.x() + setup.rows[0].name.width()) == side_by_side


def shown(qtbot, setup, width=1600, height=900):
    """The screen shown, once the keyboard has landed on the first name."""
    setup.resize(width, height)
    setup.show()
    setup.activateWindow()
    qtbot.waitActive(setup)
    qtbot.waitUntil(setup.rows[0].name.hasFocus)
    return setup


def test_what_an_option_changes_is_in_sight_for_the_option_the_keyboard_is_on(qtbot):
    """The options' explanations were tooltips only, which the keyboard and a touch screen
    never show: 'Tie-break: Ignore outer rounds' told a new table nothing."""
    from middleground.ui.screens.setup import HELP_PROMPT

    setup = shown(qtbot, screen(qtbot, "good-enough"))
    assert setup.option_help.text() == HELP_PROMPT
    setup.inputs["tiebreak"].setFocus()
    qtbot.waitUntil(lambda: setup.option_help.text() != HELP_PROMPT)
    assert setup.option_help.text() == (
        "Tie-break: Break a tie by ignoring rounds from both ends, or by extra rounds."
    )
    assert setup.option_help.isVisible()
    setup.inputs["rounds"].setFocus()  # a spin box: the keyboard is in its text
    qtbot.waitUntil(lambda: setup.option_help.text().startswith("Rounds: "))
    setup.rows[0].name.setFocus()  # out of the options: nothing to explain
    qtbot.waitUntil(lambda: setup.option_help.text() == HELP_PROMPT)


def test_a_game_without_options_says_so_instead_of_offering_one_variant(qtbot):
    """The Median has no options: its setup showed a lone "Variant: Standard", which changes
    nothing, over "Point at an option, or move to it with Tab", with no option to point at."""
    setup = shown(qtbot, screen(qtbot, "the-median"))
    assert setup.inputs == {} and not setup.preset.isVisible()
    said = "The Median has no options to set: it is played as its rules say (F1 shows them)."
    assert setup.option_help.text() == said and setup.option_help.isVisible()
    setup.seed.setFocus()  # the keyboard moving about leaves it said
    qtbot.waitUntil(setup.seed.hasFocus)
    setup.rows[1].name.setFocus()
    qtbot.waitUntil(setup.rows[1].name.hasFocus)
    assert setup.option_help.text() == said
    assert setup.build_session().state.options == {}


def test_pointing_at_a_greyed_out_option_says_what_it_waits_on(qtbot):
    from PySide6.QtTest import QTest

    setup = shown(qtbot, screen(qtbot, "good-enough"))
    target = setup.inputs["points_target"]
    assert not target.isEnabled()  # the game ends after its rounds
    QTest.mouseMove(target, target.rect().center())
    qtbot.waitUntil(lambda: setup.option_help.text().startswith("Points to hand out: "))
    assert setup.option_help.text().endswith(
        "It counts only while Game ends is At a points total, so it is greyed out."
    )
    choose(setup, "end", "points")  # now it counts: its help no longer says it is greyed out
    label = setup.options_form.labelForField(setup.inputs["tiebreak"])
    QTest.mouseMove(label, label.rect().center())  # an option's label explains it too
    qtbot.waitUntil(lambda: setup.option_help.text().startswith("Tie-break: "))
    QTest.mouseMove(target, target.rect().center())
    qtbot.waitUntil(lambda: setup.option_help.text().startswith("Points to hand out: "))
    assert "greyed out" not in setup.option_help.text()


@pytest.mark.parametrize(
    ("settings", "waits"),
    [
        ({"numbers": "cards", "tiebreak": "sudden-death"}, "while Numbers is Any number"),
        ({"numbers": "free", "tiebreak": "peel"}, "while Tie-break is Extra rounds"),
        (
            {"numbers": "cards", "tiebreak": "peel"},
            "while Tie-break is Extra rounds and Numbers is Any number",
        ),
    ],
)
def test_an_option_waiting_on_two_settings_names_the_one_not_set(qtbot, settings, waits):
    from PySide6.QtTest import QTest

    setup = shown(qtbot, screen(qtbot, "good-enough"))
    for key, value in settings.items():
        choose(setup, key, value)
    extra = setup.inputs["extra_rounds"]
    assert not extra.isEnabled()
    rounds = setup.inputs["rounds"]  # first elsewhere: the pointer may be where it was left
    QTest.mouseMove(rounds, rounds.rect().center())
    qtbot.waitUntil(lambda: setup.option_help.text().startswith("Rounds: "))
    QTest.mouseMove(extra, extra.rect().center())
    qtbot.waitUntil(lambda: setup.option_help.text().startswith("Most extra rounds: "))
    assert setup.option_help.text().endswith(f"It counts only {waits}, so it is greyed out.")


def test_the_help_in_sight_follows_a_setting_changed_beneath_the_pointer(qtbot):
    """The pointer rests on Most extra rounds while the keyboard changes the tie-break: the
    help under the options said it was greyed out after it no longer was."""
    from PySide6.QtTest import QTest

    setup = shown(qtbot, screen(qtbot, "good-enough"))
    choose(setup, "tiebreak", "peel")
    extra = setup.inputs["extra_rounds"]
    QTest.mouseMove(extra, extra.rect().center())
    qtbot.waitUntil(lambda: setup.option_help.text().startswith("Most extra rounds: "))
    assert setup.option_help.text().endswith("so it is greyed out.")
    choose(setup, "tiebreak", "sudden-death")  # the pointer has not moved
    assert extra.isEnabled()
    assert setup.option_help.text().startswith("Most extra rounds: ")
    assert "greyed out" not in setup.option_help.text()
    choose(setup, "numbers", "cards")  # and greyed out again, for the other reason
    assert setup.option_help.text().endswith(
        "It counts only while Numbers is Any number, so it is greyed out."
    )


def test_numbered_cards_played_to_a_points_total_are_refused_with_what_to_set(qtbot):
    setup = screen(qtbot, "good-enough", ["Ann", "Ben", "Cat"])
    choose(setup, "numbers", "cards")
    choose(setup, "end", "points")
    assert not press_start(qtbot, setup)
    assert setup.error.text().endswith(
        "set Game ends to After the set rounds, or Numbers to Any number."
    )
    choose(setup, "end", "rounds")  # as the message says
    (session,) = press_start(qtbot, setup)
    assert session.state.options["numbers"] == "cards"


def test_a_two_player_option_says_it_waits_on_two_players(qtbot):
    from PySide6.QtTest import QTest

    setup = shown(qtbot, screen(qtbot, "median-card-game"))
    (waiting,) = [o for o in setup.game.options if not setup.inputs[o.key].isEnabled()]
    widget = setup.inputs[waiting.key]
    QTest.mouseMove(widget, widget.rect().center())
    qtbot.waitUntil(lambda: "counts only with 2 players" in setup.option_help.text())


def test_the_dealer_is_chosen_from_the_seats_names_as_they_are_typed(qtbot):
    """The card game's dealer was a box to type a name in exactly; it lists the seats now,
    follows a seat renamed, and goes back to a random draw when its seat is removed."""
    setup = screen(qtbot, "median-card-game", ["Ann", "Ben", "Cat", "Dan"])
    dealer = setup.inputs["dealer"]
    listed = [dealer.itemText(i) for i in range(dealer.count())]
    assert listed == ["Drawn at random", "Ann", "Ben", "Cat", "Dan"]
    assert setup.options()["dealer"] == ""
    choose(setup, "dealer", "Cat")
    setup.rows[2].name.setText("Cathy")  # renamed: still the dealer
    assert dealer.currentText() == "Cathy" and setup.options()["dealer"] == "Cathy"
    session = setup.build_session()
    assert session.state.players[session.state.leader] == "Cathy"
    setup._add_row("Eve", False)
    assert dealer.itemText(dealer.count() - 1) == "Eve"
    choose(setup, "dealer", "Eve")
    setup._remove_row()  # Eve's seat goes: so does she as the dealer
    assert dealer.currentText() == "Drawn at random" and setup.options()["dealer"] == ""
