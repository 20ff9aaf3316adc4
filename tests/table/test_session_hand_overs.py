"""Hand-overs at a shared computer: the screen is passed ("Pass to NAME", the PIN again) only
when the next choice is someone else's. A player who owes several choices in a row, as It's
Good Enough's lists written all at once ask, keeps their own screen until they owe nothing."""

from __future__ import annotations

import json

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.seats import BOT
from middleground.table.session import FACILITATOR, PASS, PRIVATE, PUBLIC, SOLO, Curtain

GAME = get_game("good-enough")
NAMES = ("Alice", "Bob", "Carol")
PIN = "1357"
ALL_AT_ONCE = {"rounds": 5, "reveal": "all-at-once"}


def hot_seat(options, seed=4) -> Session:
    """Three people at one computer, each with a PIN."""
    return Session.start(GAME, [Seat(name).with_pin(PIN) for name in NAMES], options, seed)


def play_through(session: Session) -> tuple[list[str], list[tuple[str, str]]]:
    """Play the game to its end as the table would: whom the screen was passed to, in order,
    and each choice as its player saw it asked (name, prompt). Every private view checked on
    the way holds its own player's list only."""
    passes, asked = [], []
    while not session.state.is_terminal():
        curtain = session.curtain
        if curtain.stage == PASS:
            passes.append(NAMES[curtain.seat])
            session.lift(curtain.seat, PIN)
            continue
        if curtain.stage == PUBLIC:
            session.acknowledge()
            continue
        seat = curtain.seat
        view = session.private_view()
        assert view.seat == seat
        if view.phase == "plan":
            assert list(view.board["plan"]) == [
                a["number"] for s, a in session.state.history if s == seat
            ]
        asked.append((NAMES[seat], session.state.action_form(seat).prompt))
        session.submit(seat, {"number": 10 * seat + len(asked) % 7})
    return passes, asked


def test_lists_written_all_at_once_pass_the_screen_once_per_player():
    """3 players and 5 rounds: the screen goes to each player once, who lists round 1 to 5
    in one sitting (it went round 11 times, a number or two each)."""
    passes, asked = play_through(hot_seat(ALL_AT_ONCE))
    assert passes == ["Alice", "Bob", "Carol"]
    assert asked == [
        (name, f"List your number for round {k} of 5.") for name in NAMES for k in range(1, 6)
    ]


def test_between_numbers_the_lister_s_own_screen_stays_up():
    """No curtain and no PIN between a player's numbers; their list so far on their screen."""
    session = hot_seat(ALL_AT_ONCE)
    session.lift(0, PIN)
    for k, number in enumerate([11, 22, 33, 44], start=1):
        session.submit(0, {"number": number})
        assert session.curtain == Curtain(PRIVATE, 0, "turn")
        assert session.private_view().board["plan"] == (11, 22, 33, 44)[:k]
        assert session.state.action_form(0).prompt == f"List your number for round {k + 1} of 5."
    session.submit(0, {"number": 55})
    assert session.curtain == Curtain(PASS, 1, "turn")  # Alice owes nothing: on to Bob
    session.lift(1, PIN)
    assert "plan" not in session.private_view().board or not session.private_view().board["plan"]
    assert not any("11" in event.text for event in session.events_for_open_seat())


def test_a_game_played_round_by_round_still_passes_the_screen_after_every_number():
    passes, asked = play_through(hot_seat({"rounds": 5}))
    assert passes == list(NAMES) * 5
    assert asked == [(name, f"Round {k}: pick your number.") for k in range(1, 6) for name in NAMES]


def test_a_list_half_written_is_behind_the_curtain_once_its_player_steps_away():
    """Walking away mid-list, or the game reopened from its save, shows nobody Alice's list:
    the curtain is down and her PIN lifts it, on the number she is at."""
    session = hot_seat(ALL_AT_ONCE)
    session.lift(0, PIN)
    session.submit(0, {"number": 11})
    session.submit(0, {"number": 22})
    reopened = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert reopened.curtain == Curtain(PASS, 0, "resume")
    session.drop()
    assert session.curtain == Curtain(PASS, 0, "turn")
    for again in (session, reopened):
        again.lift(0, PIN)
        assert again.private_view().board["plan"] == (11, 22)
        assert again.state.action_form(0).prompt == "List your number for round 3 of 5."


def test_a_player_who_calls_for_their_screen_mid_list_hands_it_back_to_the_lister():
    """Bob calls while Alice is listing: he writes his own list and keeps his screen until
    he hides it; then the screen goes back to Alice, who owes the rest of hers."""
    session = hot_seat(ALL_AT_ONCE)
    session.lift(0, PIN)
    session.submit(0, {"number": 11})
    session.call(1)
    assert session.curtain == Curtain(PASS, 1, "call")
    session.lift(1, PIN)
    for number in (20, 21, 22, 23, 24):
        assert session.private_view().seat == 1
        session.submit(1, {"number": number})
        assert session.curtain == Curtain(PRIVATE, 1, "call")
    assert session.private_view().board["plan"] == (20, 21, 22, 23, 24)
    session.drop()
    assert session.curtain == Curtain(PASS, 0, "turn")


def test_solo_the_player_lists_straight_through_while_the_bots_think():
    """Practising alone, the player no longer waits for every bot between two numbers: their
    screen stays up through the whole list, and then the table waits for the bots."""
    seats = [Seat("Alice"), Seat("Bob", BOT), Seat("Carol", BOT)]
    session = Session.start(GAME, seats, ALL_AT_ONCE, seed=4, mode=SOLO, curtain_enabled=False)
    for k, number in enumerate((11, 22, 33, 44, 55), start=1):
        assert session.curtain.stage == PRIVATE and session.private_view().seat == 0
        assert session.state.action_form(0).prompt == f"List your number for round {k} of 5."
        session.submit(0, {"number": number})
        if k == 2:  # a bot listing meanwhile leaves her screen be
            session.submit_bot(1, session.bot_job(1)[1][0], session.version)
    assert session.curtain == Curtain(PUBLIC, None, "bots")
    while not session.state.is_terminal():
        bot = session.bots_owed()[0]
        session.submit_bot(bot, session.bot_job(bot)[1][0], session.version)
    assert session.curtain == Curtain(PUBLIC, None, "over")


def test_the_facilitator_enters_a_whole_list_for_one_seat_then_the_next():
    session = Session.start(GAME, [Seat(name) for name in NAMES], ALL_AT_ONCE, 4, FACILITATOR)
    for number in (11, 22, 33, 44, 55):
        session.submit(0, {"number": number})
    assert session.state.awaiting() == (1, 2)
    session.undo()  # Alice's last number, though her list was complete
    assert session.state.awaiting() == (0, 1, 2)
    assert session.console_view(0).board["plan"] == (11, 22, 33, 44)


def test_taking_back_a_listed_number_keeps_the_bots_numbers_listed_since():
    """A bot listing its numbers sees nothing of Alice's list, nor whether it is complete, so
    the facilitator's undo of her slip takes back her number alone."""
    seats = [Seat("Alice"), Seat("Bob", BOT), Seat("Carol", BOT)]
    session = Session.start(GAME, seats, ALL_AT_ONCE, 4, FACILITATOR)
    for number in (11, 22, 33, 44):
        session.submit(0, {"number": number})
    session.submit_bot(1, {"number": 50}, session.version)
    session.submit(0, {"number": 55})  # her list complete
    session.submit_bot(1, {"number": 60}, session.version)
    session.submit_bot(2, {"number": 70}, session.version)
    session.undo()  # the 55 was a slip
    assert session.console_view(0).board["plan"] == (11, 22, 33, 44)
    assert session.console_view(1).board["plan"] == (50, 60)
    assert session.console_view(2).board["plan"] == (70,)
    session.undo()  # and the 44
    assert session.console_view(0).board["plan"] == (11, 22, 33)
    assert session.console_view(1).board["plan"] == (50, 60)
