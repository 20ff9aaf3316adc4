"""The table's rules of the road: who sees what when, undo, seat swaps, stale bot answers."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

import pytest

from middleground.ai.bot import make_bot
from middleground.engine import IllegalAction, SaveError, get_game
from middleground.table import Changes, Seat, Session
from middleground.table.seats import BOT
from middleground.table.session import (
    FACILITATOR,
    PASS,
    PRIVATE,
    PUBLIC,
    SOLO,
    TABLE,
    Curtain,
    TableError,
)

GAME = get_game("good-enough")


def table(*controllers, mode="table", curtain=True):
    seats = [
        Seat(name, controller)
        for name, controller in zip(["Alice", "Bob", "Carol", "Dave"], controllers, strict=False)
    ]
    return Session.start(GAME, seats, {"rounds": 3}, seed=4, mode=mode, curtain_enabled=curtain)


def test_hot_seat_passes_the_window_from_human_to_human():
    session = table("human", "human", "human")
    assert session.curtain.stage == PASS and session.curtain.seat == 0
    with pytest.raises(TableError):
        session.private_view()  # nothing private before the curtain is lifted
    with pytest.raises(TableError):
        session.submit(0, {"number": 10})
    session.lift(0)
    assert session.private_view().seat == 0
    session.submit(0, {"number": 10})
    assert session.curtain.stage == PASS and session.curtain.seat == 1
    session.lift(1)
    session.submit(1, {"number": 20})
    session.lift(2)
    session.submit(2, {"number": 30})
    assert session.curtain.stage == PUBLIC and session.curtain.reason == "reveal"
    session.acknowledge()
    assert session.curtain.stage == PASS and session.curtain.seat == 0


def test_only_the_named_player_lifts_and_a_pin_guards_it():
    seats = [Seat("Alice").with_pin("1234"), Seat("Bob"), Seat("Carol")]
    session = Session.start(GAME, seats, {}, seed=1)
    with pytest.raises(TableError):
        session.lift(1)
    with pytest.raises(TableError, match="PIN"):
        session.lift(0, "0000")
    session.lift(0, "1234")
    assert session.curtain.stage == PRIVATE
    session.drop()
    assert session.curtain == session.curtain.__class__(PASS, 0, "turn")


def test_wrong_pins_make_the_next_try_wait_longer_each_time():
    seats = [Seat("Alice").with_pin("2580"), Seat("Bob"), Seat("Carol")]
    session = Session.start(GAME, seats, {}, seed=1)
    now = [1000.0]
    session.clock = lambda: now[0]
    for _ in range(2):  # two slips of the finger cost nothing
        with pytest.raises(TableError, match=r"^That PIN is not right\.$"):
            session.lift(0, "0000")
    with pytest.raises(TableError, match="The next try waits 30 seconds"):
        session.lift(0, "1111")
    now[0] += 29
    with pytest.raises(TableError, match="Too many wrong PINs for Alice: try again in 1 second"):
        session.lift(0, "2580")  # even the right PIN waits its turn
    assert session.curtain.stage == PASS
    now[0] += 1
    with pytest.raises(TableError, match="The next try waits 60 seconds"):
        session.lift(0, "2222")
    now[0] += 60 * 2**4  # long enough for any wait, which stops growing at 10 minutes
    for wait in ("2 minutes", "4 minutes", "8 minutes", "10 minutes", "10 minutes"):
        with pytest.raises(TableError, match=f"waits {wait}"):
            session.lift(0, "3333")
        now[0] += 600
    session.lift(0, "2580")
    assert session.curtain.stage == PRIVATE
    session.drop()
    with pytest.raises(TableError, match=r"^That PIN is not right\.$"):
        session.lift(0, "0000")  # the right PIN wiped the slate


def test_a_wait_earned_by_wrong_pins_outlasts_quitting_the_app():
    """Quitting and resuming once wiped the slate: PIN after PIN could be tried that way."""
    seats = [Seat("Alice").with_pin("2580"), Seat("Bob").with_pin("1111"), Seat("Carol")]
    session = Session.start(GAME, seats, {}, seed=1)
    heard = []
    session.listeners.append(heard.append)
    for slip in ("0000", "0001", "0002"):
        with pytest.raises(TableError):
            session.lift(0, slip)
    assert [c.pins for c in heard] == [True, True, True]  # each is saved as it is counted
    resumed = Session.from_json(json.loads(json.dumps(session.to_json())))
    with pytest.raises(TableError, match="Too many wrong PINs for Alice: try again in 30 sec"):
        resumed.lift(0, "2580")
    resumed.clock = lambda: time.monotonic() + 30
    with pytest.raises(TableError, match="The next try waits 60 seconds"):
        resumed.lift(0, "0003")  # the fourth slip, counted from where the first app left off
    resumed.clock = lambda: time.monotonic() + 100
    resumed.lift(0, "2580")
    assert Session.from_json(resumed.to_json())._wrong_pins == {}  # the right PIN wiped it


@pytest.mark.parametrize(
    "kept", [None, "3", [[0, 3]], [[5, 3, 10]], [[0, 0, 10]], [[0, 3, -1]], [[0, 3, 9999]]]
)
def test_a_damaged_count_of_wrong_pins_is_refused(kept):
    data = table("human", "human", "human").to_json()
    data["wrong_pins"] = kept
    with pytest.raises(SaveError, match="its count of wrong PINs cannot be read"):
        Session.from_json(data)


def test_bots_answer_for_their_own_seats_and_stale_answers_are_dropped():
    session = table("human", BOT, BOT, mode=FACILITATOR)
    view, legal, _seed, version = session.bot_job(1)
    assert view.seat == 1 and legal
    session.submit(0, {"number": 50})  # the game moves on while the bot thinks
    assert session.submit_bot(1, legal[0], version) == Changes()  # nothing happened
    assert 1 in session.state.awaiting()  # the stale answer was not applied
    view, legal, _seed, version = session.bot_job(1)
    session.submit_bot(1, legal[0], version)
    assert 1 not in session.state.awaiting()


def test_facilitator_takes_back_the_last_entered_choice_before_the_reveal():
    session = table("human", "human", "human", mode=FACILITATOR)
    session.submit(0, {"number": 10})
    session.submit(1, {"number": 20})
    session.undo()
    assert session.state.awaiting() == (1, 2)
    assert session.state.seat_view(0).my_submission == {"number": 10}
    session.submit(1, {"number": 25})
    session.submit(2, {"number": 30})
    with pytest.raises(TableError, match="before the reveal"):
        session.undo()  # the round is revealed: it stands


def _bot_chooses(session: Session, seat: int, rng: random.Random) -> None:
    _view, legal, _seed, version = session.bot_job(seat)
    session.submit_bot(seat, rng.choice(legal), version)


def test_the_facilitator_takes_back_a_misentered_turn_and_bots_choose_again():
    """A turn (an offer in The Median) takes effect at once, but nobody has seen what it led
    to until the round is revealed, so it can be taken back: the orders bots gave knowing of
    it go with it, and they choose again. A bot's sealed choice made beside a person's stays
    when the person's is taken back."""
    seats = [Seat(f"P{i}", "human" if i == 0 else BOT, "random") for i in range(9)]
    session = Session.start(get_game("the-median"), seats, {}, seed=3, mode=FACILITATOR)
    rng = random.Random(1)
    while session.state.public_view().phase != "round":  # the draft
        seat = session.state.awaiting()[0]
        if session.seats[seat].is_bot:
            _bot_chooses(session, seat, rng)
        else:
            session.submit(seat, rng.choice(session.state.legal_actions(seat)))
    before = list(session.state.history)
    session.submit(0, next(a for a in session.state.free_actions(0) if "offer" in a))
    _bot_chooses(session, 1, rng)
    _bot_chooses(session, 2, rng)
    assert len(session.state.history) == len(before) + 3
    session.undo()  # the offer was a slip: it goes, and the orders given since
    assert session.state.history == before
    assert {1, 2} <= set(session.bots_owed())  # they choose again
    session.submit(0, session.state.legal_actions(0)[0])
    _bot_chooses(session, 3, rng)
    session.undo()  # P0's orders go; P3's stay, given without seeing them
    assert sorted(session.state.pending) == [3]


def test_the_facilitator_takes_back_a_misentered_call_beside_a_real_deck():
    """The card game's call is a turn: heard at once, taken back until the reveal, after the
    cards entered since (the seats beside a real deck are all people)."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat"), Seat("Dee")]
    options = {"physical_deck": True, "dealer": "Ann"}
    session = Session.start(get_game("median-card-game"), seats, options, 2, FACILITATOR)
    assert session.state.awaiting() == (0,)  # Ann leads and calls
    session.submit(0, {"call": "high"})
    session.submit(1, {"card": "9D"})
    session.undo()  # Ben's card
    assert session.state.history == [(0, {"call": "high"})]
    session.undo()  # and the call
    assert session.state.history == [] and session.state.awaiting() == (0,)
    with pytest.raises(TableError, match="before the reveal"):
        session.undo()


def test_all_at_once_listings_can_be_taken_back_until_the_one_reveal():
    """Listed for every round before anything is shown: a whole round's list completing
    reveals nothing, so its numbers can still be taken back, last first, until the reveal."""
    seats = [Seat("Alice"), Seat("Bob"), Seat("Carol")]
    options = {"rounds": 3, "reveal": "all-at-once"}
    session = Session.start(GAME, seats, options, seed=4, mode=FACILITATOR)
    for seat, number in enumerate([10, 20, 30]):
        session.submit(seat, {"number": number})
    session.submit(0, {"number": 40})
    session.undo()
    session.undo()  # Carol's first listing, though Alice had gone on to her second
    assert session.state.history == [(0, {"number": 10}), (1, {"number": 20})]
    assert session.state.awaiting() == (0, 1, 2)  # each has numbers still to list
    for seat, number in [(2, 33), (0, 40), (1, 50), (2, 60), (0, 70), (1, 80), (2, 90)]:
        session.submit(seat, {"number": number})
    assert session.public_view().finished
    with pytest.raises(TableError, match="before the reveal"):
        session.undo()
    # Bob's number is the median each round: a row a round for the chart and the export,
    # though all three were revealed at once (they read 0, 0, then 3)
    assert session.score_history() == [(0, 0, 0), (0, 1, 0), (0, 2, 0), (0, 3, 0)]


def test_all_at_once_at_the_table_stops_for_the_one_reveal_only():
    """A listed number reveals nothing, so the table never stops on "press Continue" before
    the last list is complete (it once did after every listing pass, with nothing to show)."""
    seats = [Seat("Alice"), Seat("Bob"), Seat("Carol")]
    options = {"rounds": 3, "reveal": "all-at-once"}
    session = Session.start(GAME, seats, options, seed=4)
    stops = []
    for number in range(10, 100, 10):
        if session.curtain.stage == PASS:
            session.lift(session.curtain.seat)
        session.submit(session.curtain.seat, {"number": number})
        stops.append(session.curtain.stage)
    # each player keeps the screen through their list, then passes it; nobody reads a reveal
    assert stops == [PRIVATE, PRIVATE, PASS, PRIVATE, PRIVATE, PASS, PRIVATE, PRIVATE, PUBLIC]
    assert session.curtain.reason == "over"


@pytest.mark.parametrize("seed", range(6))
def test_score_history_kept_round_by_round_agrees_with_a_replay(seed):
    """It's Good Enough keeps its points a round at a time; played round by round, its rows
    are what replaying the game and reading the scores after each round gives."""
    rng = random.Random(seed)
    seats = [Seat(name) for name in ("Alice", "Bob", "Carol", "Dave")[: 3 + seed % 2]]
    options = {"rounds": 4} if seed % 3 else {"end": "points", "points_target": 6}
    session = Session.start(GAME, seats, options, seed=seed, mode=FACILITATOR)
    while not session.state.is_terminal():
        seat = session.state.awaiting()[0]
        session.submit(seat, {"number": rng.choice([20, 40, 50, 60, rng.randrange(101)])})
    state = GAME.new_state([s.name for s in seats], options, seed)
    replayed = [state.scores()]
    for seat, action in session.state.history:
        before = state.round_number()
        state.apply(seat, action)
        if state.round_number() != before or state.is_terminal():
            replayed.append(state.scores())
    assert session.score_history() == replayed


def test_undo_knows_who_entered_a_choice_though_the_seat_changed_hands():
    """A player's entry can be taken back after their seat went to a bot, and a bot's entry
    stays after its seat went to a person; the save keeps who entered what."""
    session = table("human", "bot", "human", "human", mode=FACILITATOR)
    session.submit(0, {"number": 10})  # Alice, entered by the facilitator
    _view, legal, _seed, version = session.bot_job(1)
    session.submit_bot(1, legal[0], version)  # Bob, a bot
    session.swap(0, BOT, "easy")  # Alice leaves: a bot plays her seat from now on
    session.swap(1, "human")  # and someone takes over Bob's
    session.submit(2, {"number": 30})
    resumed = Session.from_json(session.to_json())
    for s in (session, resumed):
        s.undo()  # Carol's 30
        s.undo()  # Alice's 10, entered by a person: Bob's, a bot's, stays
        assert sorted(s.state.pending) == [1]
        with pytest.raises(TableError, match="no entered choice"):
            s.undo()


def test_a_save_naming_bot_entries_the_game_does_not_have_is_refused():
    session = table("human", "bot", "human", mode=FACILITATOR)
    session.submit(0, {"number": 10})
    for damaged in ([5], "0", [True], [0.0]):
        with pytest.raises(SaveError, match="which choices bots made"):
            Session.from_json({**session.to_json(), "by_bots": damaged})


def _resumed(session):
    """The session as the next start finds it: saved as a file and read back."""
    return Session.from_json(json.loads(json.dumps(session.to_json())))


def test_a_game_interrupted_at_a_reveal_reopens_on_it():
    """It reopened on "Pass to Alice" for the next round: the table never saw who scored."""
    session = table("human", "human", "human")
    for seat, number in enumerate((10, 20, 30)):
        session.lift(seat)
        session.submit(seat, {"number": number})
    assert session.curtain.reason == "reveal"
    resumed = _resumed(session)
    assert resumed.curtain == Curtain(PUBLIC, None, "reveal")
    shown = resumed.board_view()
    assert shown == session.board_view() and shown.revealing
    last = shown.board["rounds"][-1]
    assert last["picks"] == (10, 20, 30) and last["scorers"] == (1,)  # Bob's 20 scored
    assert _resumed(resumed).curtain.reason == "reveal"  # and again after a second crash
    resumed.acknowledge()
    assert resumed.curtain == Curtain(PASS, 0, "round start")
    assert resumed.board_view() == resumed.public_view() and not resumed.board_view().revealing


@pytest.mark.parametrize(
    ("game_id", "players", "human"),
    [("good-enough", 3, 0), ("median-card-game", 4, 3), ("the-median", 9, 0)],
)
def test_a_reveal_reopens_as_shown_though_bots_played_on_after_it(game_id, players, human):
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"][:players]
    seats = [Seat(n) if i == human else Seat(n, BOT, "random") for i, n in enumerate(names)]
    session = Session.start(get_game(game_id), seats, {}, seed=3)
    rng = random.Random(3)
    while session.curtain != Curtain(PUBLIC, None, "reveal"):
        _play_one(session, rng)
    revealed_at = len(session.state.history)
    while session.bots_owed() and len(session.state.history) < revealed_at + 3:
        _play_one(session, rng)  # the bots go on while the table reads the reveal
    assert session.curtain.reason == "reveal" and len(session.state.history) > revealed_at
    resumed = _resumed(session)
    assert resumed.state.history == session.state.history
    assert resumed.curtain == Curtain(PUBLIC, None, "reveal")
    assert resumed.board_view() == session.board_view()  # the reveal, not the game since
    assert resumed.board_view() != resumed.public_view()
    held = [e.text for e in session.board_events()]
    assert [e.text for e in resumed.board_events()] == held  # the log waits with the board
    assert len(held) < len(session.public_events())
    session.acknowledge()
    resumed.acknowledge()
    assert resumed.curtain == session.curtain and resumed.curtain.seat == human
    assert resumed.board_view() == session.board_view() == session.public_view()


def _play_one(session, rng):
    """One step of a table: a curtain lifted, a human's random choice, or a bot's."""
    curtain = session.curtain
    if curtain.stage == PASS:
        session.lift(curtain.seat)
    elif curtain.stage == PRIVATE:
        session.submit(curtain.seat, rng.choice(session.state.legal_actions(curtain.seat)))
    else:
        seat = session.bots_owed()[0]
        _view, legal, _seed, version = session.bot_job(seat)
        session.submit_bot(seat, rng.choice(legal), version)


def test_a_save_from_before_reveals_were_kept_reopens_on_the_curtain():
    session = table("human", "human", "human")
    for seat, number in enumerate((10, 20, 30)):
        session.lift(seat)
        session.submit(seat, {"number": number})
    older = {k: v for k, v in session.to_json().items() if k != "reveal"}
    resumed = Session.from_json(older)
    assert resumed.curtain == Curtain(PASS, 0, "resume")
    assert resumed.state.history == session.state.history


def test_a_save_naming_a_reveal_the_game_does_not_have_is_refused():
    session = table("human", "human", "human")
    for seat, number in enumerate((10, 20, 30)):
        session.lift(seat)
        session.submit(seat, {"number": number})
    session.acknowledge()
    session.lift(0)
    session.submit(0, {"number": 40})
    # 1: after Alice's first pick alone, no reveal; 4: the same in round 2; 5: not played yet
    for damaged in (1, 4, 5, 0, -3, "3", 3.0, True, [3], {"at": 3}):
        with pytest.raises(SaveError) as refused:
            Session.from_json({**session.to_json(), "reveal": damaged})
        assert str(refused.value) == (
            "The save is damaged: it does not say which reveal the table was reading."
        )


def test_undo_is_for_the_facilitator_only():
    session = table("human", "human", "human")
    with pytest.raises(TableError):
        session.undo()


def test_a_seat_swapped_to_a_bot_mid_game_is_asked_as_a_bot():
    session = table("human", "human", "human", mode=FACILITATOR)
    session.submit(0, {"number": 10})
    session.swap(1, BOT, "easy")
    assert session.bots_owed() == [1] and session.humans_owed() == [2]
    with pytest.raises(TableError, match="is a bot"):
        session.submit(1, {"number": 3})


def test_solo_without_the_curtain_opens_the_one_humans_panel_directly():
    session = table("human", BOT, BOT, mode=SOLO, curtain=False)
    assert session.curtain.stage == PRIVATE and session.curtain.seat == 0


@pytest.mark.parametrize(
    ("controllers", "said"),
    [
        (
            ("human", "human", BOT),
            "Solo practice is one human player: make every other seat a bot.",
        ),
        ((BOT, BOT, BOT), "Solo practice needs one human player: make one seat human."),
    ],
)
def test_solo_practice_is_one_person_against_bots(controllers, said):
    with pytest.raises(TableError) as refused:
        table(*controllers, mode=SOLO, curtain=False)
    assert refused.value.said == said  # all bots: the advice is not to make more of them


def test_a_solo_save_with_more_people_is_refused_not_opened_on_a_screen():
    """With the curtain off, the second person would see the first one's screen."""
    data = table("human", BOT, BOT, mode=SOLO, curtain=False).to_json()
    data["seats"][1] = Seat("Bob").to_json()
    with pytest.raises(SaveError, match="damaged: Solo practice is one human player"):
        Session.from_json(json.loads(json.dumps(data)))


def test_a_solo_bot_is_not_turned_into_a_second_person():
    session = table("human", BOT, BOT, mode=SOLO, curtain=False)
    with pytest.raises(TableError, match="Solo practice"):
        session.swap(1, "human")
    assert session.seats[1].is_bot and session.curtain.seat == 0


CARDS = get_game("median-card-game")
REAL_DECK = {"physical_deck": True, "dealer": "Ann"}


def _card_table(*controllers, options=REAL_DECK, mode=TABLE):
    seats = [
        Seat(name, controller, "random")
        for name, controller in zip(["Ann", "Ben", "Cat", "Dee"], controllers, strict=False)
    ]
    return Session.start(CARDS, seats, options, seed=4, mode=mode)


@pytest.mark.parametrize("mode", [TABLE, FACILITATOR])
def test_a_real_deck_seats_no_bot_for_a_bot_holds_no_cards(mode):
    """A bot beside a real deck would enter a card nobody holds, maybe one a player holds:
    that player's own card would then be refused as already played."""
    with pytest.raises(TableError, match="With a real deck, bots cannot play") as refused:
        _card_table("human", "human", BOT, mode=mode)
    assert str(refused.value).endswith("Make every seat human.")


def test_solo_practice_is_refused_a_real_deck():
    with pytest.raises(TableError, match=r"bots cannot play.*Solo practice is played against"):
        _card_table("human", BOT, BOT, mode=SOLO)


def test_no_seat_becomes_a_bot_beside_a_real_deck():
    session = _card_table("human", "human", "human", mode=FACILITATOR)
    with pytest.raises(TableError, match="With a real deck, bots cannot play"):
        session.swap(2, BOT, "easy")
    assert not session.seats[2].is_bot and session.humans_owed() == [0, 1, 2]


def test_a_save_with_a_bot_beside_a_real_deck_is_refused_in_plain_words():
    data = _card_table("human", "human", "human").to_json()
    data["seats"][2] = Seat("Cat", BOT, "easy").to_json()  # saved before the table refused it
    with pytest.raises(SaveError) as refused:
        Session.from_json(json.loads(json.dumps(data)))
    assert str(refused.value).startswith("This game cannot be played on: With a real deck")


@pytest.mark.parametrize(
    ("game_id", "options", "advice"),
    [
        ("median-card-game", {}, 'or with a real deck (the variant "Companion for a real deck")'),
        ("good-enough", {"numbers": "cards", "deck": 60}, "Play numbered cards at the table"),
    ],
)
def test_a_facilitators_table_deals_no_person_a_hand_they_could_never_see(game_id, options, advice):
    """The console enters every choice and the projector shows no hand: a person at a
    facilitator's table would hold cards only their own screen shows, and have no screen."""
    game = get_game(game_id)
    people = [Seat("Ann"), Seat("Ben"), Seat("Cat", BOT, "random")]
    with pytest.raises(TableError, match="only their own screen shows") as refused:
        Session.start(game, people, options, seed=4, mode=FACILITATOR)
    assert advice in str(refused.value)
    bots = [Seat(name, BOT, "random") for name in ("Ann", "Ben", "Cat")]
    session = Session.start(game, bots, options, seed=4, mode=FACILITATOR)  # bots may
    with pytest.raises(TableError, match="only their own screen shows"):
        session.swap(0, "human")
    assert session.seats[0].is_bot
    Session.start(game, people, options, seed=4, mode=TABLE)  # at the table they see them


def test_beside_a_real_deck_each_entry_opens_in_turn_without_the_curtain():
    """The cards entered are face up on the table and the call is made aloud: nothing to
    hide, so no "Pass to NAME" before each of them."""
    session = _card_table("human", "human", "human", "human")
    seen = []
    while not session.state.is_terminal():
        curtain = session.curtain
        assert curtain.stage != PASS
        if curtain.stage == PUBLIC:
            session.acknowledge()
            continue
        seen.append(curtain.seat)
        session.submit(curtain.seat, session.state.legal_actions(curtain.seat)[0])
    assert seen[:5] == [0, 0, 1, 2, 3]  # Ann calls, then each card in seat order
    dealt = _card_table("human", "human", "human", "human", options={"dealer": "Ann"})
    assert dealt.curtain.stage == PASS  # a dealt hand is still hidden behind the curtain


def test_an_illegal_choice_changes_nothing_at_the_table():
    session = table("human", "human", "human", mode=FACILITATOR)
    version = session.version
    with pytest.raises(IllegalAction):
        session.submit(0, {"number": 500})
    assert session.version == version and session.state.awaiting() == (0, 1, 2)


def test_listeners_hear_each_change_once():
    session = table("human", "human", "human", mode=FACILITATOR)
    heard = []
    session.listeners.append(heard.append)
    for seat, number in enumerate([10, 20, 30]):
        session.submit(seat, {"number": number})
    assert len(heard) == 3 and heard[-1].round_over and not heard[0].round_over
    assert any(e.kind == "reveal" for e in heard[-1].events)


def test_score_history_has_a_row_per_round():
    session = table("human", "human", "human", mode=FACILITATOR)
    for picks in ([10, 20, 30], [1, 1, 5], [7, 8, 9]):
        for seat, number in enumerate(picks):
            session.submit(seat, {"number": number})
    assert session.score_history() == [(0, 0, 0), (0, 1, 0), (0, 1, 1), (0, 2, 1)]


@pytest.mark.parametrize(
    ("game_id", "players", "rows"),
    [
        ("good-enough", 5, 6),  # five rounds by default
        ("median-card-game", 5, 11),  # 5 cards, then 5 draws of 5 (2 of 52 stay in the deck)
        ("median-card-game", 4, 14),  # 5 cards, then 8 draws of 4 (32 of the 52 cards)
        ("the-median", 9, 10),  # nine rounds; the draft before round 1 scores nothing
    ],
)
def test_score_history_rows_are_the_rounds_played(game_id, players, rows):
    game = get_game(game_id)
    seats = [Seat(f"P{i}", BOT, "random") for i in range(players)]
    session = Session.start(game, seats, {}, seed=3, mode=FACILITATOR)
    bot = make_bot(game, "random")
    while not session.state.is_terminal():
        for seat in session.bots_owed():
            view, legal, seed, version = session.bot_job(seat)
            session.submit_bot(seat, bot.choose(view, legal, random.Random(seed)), version)
    history = session.score_history()
    assert len(history) == rows == session.public_view().round + 1
    assert history[0] == (0,) * players and history[-1] == session.state.scores()
    assert session.extra_rounds() == ()  # no tie-break played: every round was a set one


def test_the_extra_rounds_are_named_as_rows_of_the_score_history():
    """Three rounds listed at once leave a tie (totals 0, 2, 0); two extra rounds, played one
    by one, break it: they are rounds 4 and 5, the score history's last two rows."""
    game = get_game("good-enough")
    options = {"rounds": 3, "tiebreak": "sudden-death", "reveal": "all-at-once"}
    session = Session.start(game, [Seat(n) for n in "ABC"], options, 1, FACILITATOR)
    for picks in ([10, 20, 30], [10, 20, 30], [50, 50, 50]):
        for seat, number in enumerate(picks):
            session.state.apply(seat, {"number": number})
    assert session.extra_rounds() == () and not session.state.is_terminal()
    for picks in ([40, 40, 40], [10, 30, 20]):
        for seat, number in enumerate(picks):
            session.state.apply(seat, {"number": number})
    assert session.state.is_terminal()
    assert session.extra_rounds() == (4, 5)
    assert session.score_history()[4:] == [(0, 2, 0), (0, 2, 1)]


def test_bots_choosing_early_never_cut_a_reveal_short():
    session = table("human", BOT, BOT)
    session.lift(0)
    for seat in (1, 2):
        _view, legal, _seed, version = session.bot_job(seat)
        session.submit_bot(seat, legal[seat], version)
    session.submit(0, {"number": 50})
    assert session.curtain.reason == "reveal"
    for seat in (1, 2):  # the bots are quick to choose for the next round
        _view, legal, _seed, version = session.bot_job(seat)
        session.submit_bot(seat, legal[seat], version)
    assert session.curtain.stage == PUBLIC and session.curtain.reason == "reveal"
    session.acknowledge()
    assert session.curtain.stage == PASS and session.curtain.seat == 0


@pytest.mark.parametrize(
    ("game_id", "opening"),
    [("good-enough", "Round 2 of 3"), ("the-median", "Round 2 begins (worth 2 points).")],
)
def test_the_next_round_opens_in_the_log_after_continue(game_id, opening):
    """It once opened beside the reveal of the round before ("Round 2 begins" under "Round 1:
    the reveal")."""
    game = get_game(game_id)
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]
    players = 9 if game_id == "the-median" else 3
    seats = [Seat(n) for n in names[:players]]
    session = Session.start(game, seats, {"rounds": 3} if players == 3 else {}, seed=2)
    rng = random.Random(2)
    while session.curtain != Curtain(PUBLIC, None, "reveal") or session.state.round_number() < 2:
        if session.curtain.stage == PUBLIC:
            session.acknowledge()
        else:
            _play_one(session, rng)
    told = [e.text for e in session.board_events()]
    assert not any(text.startswith(opening) for text in told)
    session.acknowledge()
    assert session.board_events()[-1].text.startswith(opening)


def test_the_boards_log_stops_at_the_reveal_while_bots_play_on():
    """Bo wins round 1 of the card game and leads round 2 while the table reads the reveal:
    the boards' log stops where the reveal was made, as the board does, and tells the lead
    after Continue (it once told it beside round 1's cards)."""
    seats = [Seat("Ann"), Seat("Bo", BOT, "easy"), Seat("Cy", BOT, "easy")]
    game = get_game("median-card-game")
    session = Session.start(game, seats, {"dealer": "Bo"}, 1, SOLO, curtain_enabled=False)
    while session.curtain.reason != "reveal":
        seat = session.state.awaiting()[0]
        action = session.state.legal_actions(seat)[0]
        if session.seats[seat].is_bot:
            session.submit_bot(seat, action, session.version)
        else:
            session.submit(seat, action)
    told = session.board_events()
    opening = session.public_events()[len(told) :]  # the next round opens after Continue
    assert [e.text for e in opening] == ["Round 2: Bo leads."]
    assert told[-1].text == "Everyone drew one card from the deck."
    session.submit_bot(1, session.state.legal_actions(1)[0], session.version)
    assert session.public_events()[-1].text == "Bo placed a card face down."
    assert session.curtain.reason == "reveal" and session.board_events() == told
    session.acknowledge()
    assert session.board_events() == session.public_events()
    assert session.board_events()[-1].text == "Bo placed a card face down."


def test_a_bot_choosing_leaves_an_open_panel_open():
    session = table("human", "human", BOT)
    session.lift(0)
    _view, legal, _seed, version = session.bot_job(2)
    session.submit_bot(2, legal[0], version)
    assert session.curtain.stage == PRIVATE and session.curtain.seat == 0


def test_a_bot_is_asked_for_free_actions_and_its_answer_to_an_offer_is_applied():
    import random

    game = get_game("the-median")
    seats = [Seat(f"P{i}", "human" if i == 0 else BOT) for i in range(9)]
    session = Session.start(game, seats, {}, seed=3, mode=FACILITATOR)
    rng = random.Random(1)
    while session.state.public_view().phase != "round":
        seat = session.state.awaiting()[0]
        session.state.apply(seat, rng.choice(session.state.legal_actions(seat)))
    assert session.bot_free_job(0) is None  # a human is never asked
    offer = next(a for a in session.state.free_actions(0) if "offer" in a)
    session.state.apply(0, offer)
    target = session.state.players.index(offer["offer"]["to"])
    view, free, _seed, version = session.bot_free_job(target)
    assert view.seat == target
    answers = [a for a in free if "accept" in a or "decline" in a]
    assert answers
    stale = session.submit_bot_free(target, answers[0], version - 1)
    assert stale == Changes()
    applied = session.submit_bot_free(target, answers[0], version)
    assert applied.game and not [a for a in session.state.free_actions(target) if a in answers]


def test_a_player_who_has_chosen_can_call_for_their_screen_and_hand_it_back():
    session = table("human", "human", "human")
    session.lift(0)
    session.submit(0, {"number": 10})
    assert session.curtain == session.curtain.__class__(PASS, 1, "turn")
    session.call(0)  # Alice wants to look at her screen again (a trade, a notice)
    assert session.curtain.stage == PASS and session.curtain.seat == 0
    session.lift(0)
    assert session.curtain.stage == PRIVATE and session.private_view().seat == 0
    session.drop()  # she is done: the table goes back to whoever owes a choice
    assert session.curtain.stage == PASS and session.curtain.seat == 1


def test_a_call_during_a_reveal_goes_back_to_the_reveal():
    """Hiding a screen asked for mid-reveal once skipped the reveal for the whole table."""
    session = table("human", "human", "human")
    for seat, number in enumerate((10, 20, 30)):
        session.lift(seat)
        session.submit(seat, {"number": number})
    assert session.curtain == Curtain(PUBLIC, None, "reveal")
    revealed = session.board_view()
    session.call(2)  # Carol reads her notice while the others read the board
    session.lift(2)
    reopened = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert reopened.curtain == Curtain(PUBLIC, None, "reveal")  # the power went meanwhile
    session.drop()
    assert session.curtain == Curtain(PUBLIC, None, "reveal")
    assert session.board_view() == revealed
    session.acknowledge()
    assert session.curtain == Curtain(PASS, 0, "round start")
    session.lift(0)
    session.submit(0, {"number": 40})
    session.call(0)  # a call outside a reveal ends on whoever owes a choice, as before
    session.lift(0)
    session.drop()
    assert session.curtain == Curtain(PASS, 1, "turn")


def test_a_bot_s_level_changed_during_a_reveal_leaves_the_reveal():
    session = table("human", "human", BOT)
    for seat, number in enumerate((10, 20)):
        session.lift(seat)
        session.submit(seat, {"number": number})
    _view, legal, _seed, version = session.bot_job(2)
    session.submit_bot(2, legal[5], version)
    assert session.curtain == Curtain(PUBLIC, None, "reveal")
    session.swap(2, BOT, "hard")
    assert session.curtain == Curtain(PUBLIC, None, "reveal") and session.seats[2].level == "hard"


def test_calling_is_for_humans_at_the_table():
    session = table("human", BOT, BOT)
    with pytest.raises(TableError):
        session.call(1)
    facilitated = table("human", "human", "human", mode=FACILITATOR)
    with pytest.raises(TableError):
        facilitated.call(0)


def test_a_called_player_keeps_their_screen_through_a_trade():
    import random

    seats = [Seat(f"P{i}") for i in range(9)]
    session = Session.start(get_game("the-median"), seats, {}, seed=5)
    rng = random.Random(2)
    while session.state.public_view().phase != "round":
        seat = session.state.awaiting()[0]
        session.state.apply(seat, rng.choice(session.state.legal_actions(seat)))
    session.state.apply(0, session.state.legal_actions(0)[0])  # P0 has sent their orders
    session.curtain = session._next_curtain("turn")
    session.call(0)
    session.lift(0)
    gift = next(a for a in session.state.free_actions(0) if "gift" in a or "offer" in a)
    session.submit(0, gift)
    assert session.curtain.stage == PRIVATE and session.curtain.seat == 0
    session.drop()
    assert session.curtain.stage == PASS and session.curtain.seat == 1


def test_a_bots_answer_stands_while_others_only_seal_their_choices():
    session = table(BOT, BOT, BOT, "human")
    view, legal, _seed, _version = session.bot_job(1)
    session.submit_bot(0, session.bot_job(0)[1][0], session.version)  # Alice's bot seals hers
    assert session.bot_answer_stands(1, "normal", view, legal)  # Bob has learnt nothing new
    assert not session.bot_answer_stands(1, "hard", view, legal)  # another bot sits there now
    assert not session.bot_answer_stands(3, "normal", view, legal)  # Dave is no bot


def test_a_bots_answer_falls_once_the_round_it_was_for_is_over():
    session = table(BOT, BOT, BOT, "human")
    view, legal, _seed, _version = session.bot_job(0)
    for seat in (0, 1, 2):
        session.submit_bot(seat, session.bot_job(seat)[1][0], session.version)
    session.lift(3)
    session.submit(3, {"number": 40})  # the round resolves: a new decision, a new view
    assert 0 in session.state.awaiting()
    assert not session.bot_answer_stands(0, "normal", view, legal)


def _sealed_choice_shows_only_that_it_came(state, seat) -> bool:
    """Whether the other waiting seats would see and be offered the same whichever of its
    choices `seat` sealed (they may see that it chose, never what)."""
    others = [s for s in state.awaiting() if s != seat]
    seen = set()
    for action in state.legal_actions(seat)[:4]:
        world = state.clone()
        world.apply(seat, action)
        seen.add(tuple((world.seat_view(o), tuple(world.legal_actions(o))) for o in others))
    return len(seen) == 1


@pytest.mark.parametrize("game_id", ["good-enough", "median-card-game", "the-median"])
def test_a_bot_that_saw_only_sealed_choices_come_in_keeps_its_answer(game_id):
    """The quick answer (every change since the bot was asked was another seat's sealed
    choice) never refuses an answer the full look (the bot's view and choices made afresh)
    keeps; where it keeps one the full look would not, the view changed only in who has
    chosen, which whatever they chose would have changed alike. All through random games of
    bots, free actions (gifts, offers) included."""
    import random

    from middleground.ai import LEVELS

    game = get_game(game_id)
    quick_answers = 0
    for seed in range(3):
        rng = random.Random(seed)
        count = max(game.min_players, min(game.max_players, 5 + seed))
        seats = [Seat(f"P{i}", BOT, LEVELS[i % len(LEVELS)]) for i in range(count)]
        session = Session.start(game, seats, {}, seed=seed)
        asked: dict[int, tuple] = {}  # seat -> (seat, level, view, legal, version) when asked
        sealed_only: set[int] = set()  # the asked seats that since saw only sealed choices
        while not session.state.is_terminal():
            for seat, (*args, version) in list(asked.items()):
                full = session.bot_answer_stands(*args)
                quick = session.bot_answer_stands(*args, asked=version)
                assert quick == full or (quick and seat in sealed_only)
                if quick and version < session.version:
                    quick_answers += 1
                elif not quick:
                    del asked[seat]
            for seat in session.bots_owed():
                if seat not in asked:
                    view, legal, _seed, version = session.bot_job(seat)
                    asked[seat] = (seat, seats[seat].level, view, legal, version)
                    sealed_only.add(seat)
            seat = rng.choice(range(count))
            free = session.state.free_actions(seat)
            version = session.version
            if free and rng.random() < 0.3:
                session.submit_bot_free(seat, rng.choice(free), session.version)
            elif seat in session.state.awaiting():
                sealed = session.state.pending or len(session.state.awaiting()) > 1
                if sealed:
                    assert _sealed_choice_shows_only_that_it_came(session.state, seat)
                action = rng.choice(session.state.legal_actions(seat))
                session.submit_bot(seat, action, session.version)
                asked.pop(seat, None)
                if sealed and session.state.pending:
                    continue  # one more sealed choice in, the decision still open
            if session.version != version:
                sealed_only.clear()
    assert quick_answers > 0  # some bots were asked, and others sealed choices meanwhile


def test_a_drawn_seed_is_too_wide_to_search_for_the_deal():
    # From 2**31 seeds, a player could try them all for the one that deals the hand they hold.
    seats = [Seat(name) for name in ("Ann", "Ben", "Cat")]
    seeds = [Session.start(GAME, seats).state.seed for _ in range(8)]
    assert all(0 < seed < 2**63 for seed in seeds)
    assert max(seeds) > 2**40  # all eight at or below it: about one chance in 2**184
    assert len(set(seeds)) == 8


def test_a_bot_s_seed_is_the_same_in_every_run_and_not_the_game_s():
    """A bot decides the same at the same moment of a replayed game (in another process, with
    Python's string hashing salted differently), from a digest of the game's seed, never the
    seed itself or Python's hash of it, which its worker could search back from."""
    script = (
        "from middleground.engine import get_game\n"
        "from middleground.table import Seat, Session\n"
        "s = Session.start(get_game('good-enough'), [Seat('A'), Seat('B', 'bot'), Seat('C')], "
        "{}, 123456789, 'facilitator')\n"
        "print(s.bot_job(1)[2], s.bot_free_job(1))\n"
        "s.submit(0, {'number': 40})\n"
        "print(s.bot_job(1)[2])\n"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": salt},
            check=True,
        ).stdout
        for salt in ("1", "2")
    }
    assert len(runs) == 1
    first, _free, later = runs.pop().split()
    assert first != later  # a new moment, a new seed
    assert int(first) != hash((123456789, 0, 1)) & 0x7FFFFFFF
