"""The table as a state machine: hypothesis drives a session of every game through any order
of lifts, drops, calls, choices (legal or not), free actions (gifts, offers, answers), bot
answers (fresh or stale), reveals, undos and seat swaps, and after every step checks the rules
of the road:

- the boards only ever get the public view, and a private view (and a private line of the
  log) exists only for the one human whose curtain is lifted;
- a curtain names a human, who owes a choice or asked for their screen;
- a refused step changes nothing;
- the game never stalls: someone can always move it on;
- saved and reopened at any point, the session holds the same record and plays on.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from middleground.engine import GameError, all_games
from middleground.table import Seat, Session
from middleground.table.seats import BOT, HUMAN
from middleground.table.session import FACILITATOR, PASS, PRIVATE, PUBLIC, SOLO, TABLE, TableError

GAMES = {game.id: game for game in all_games()}
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]
PIN = "2468"


class Table(RuleBasedStateMachine):
    session: Session

    @initialize(
        game_id=st.sampled_from(sorted(GAMES)),
        mode=st.sampled_from([TABLE, FACILITATOR, SOLO]),
        bots=st.lists(st.booleans(), min_size=9, max_size=9),
        seed=st.integers(0, 10_000),
        curtain=st.booleans(),
        real_deck=st.booleans(),
        all_at_once=st.booleans(),
    )
    def start(self, game_id, mode, bots, seed, curtain, real_deck, all_at_once):
        game = GAMES[game_id]
        count = max(3, game.min_players)
        if mode == SOLO:
            bots = [False] + [True] * (count - 1)
        options = {}
        # A facilitator's table deals no hands to people (they could never see them): a person
        # there plays the card game beside a real deck, where every seat is a person.
        people = real_deck or (mode == FACILITATOR and not all(bots[:count]))
        if game_id == "median-card-game" and mode != SOLO and people:
            options, bots = {"physical_deck": True}, [False] * count
        if game_id == "good-enough" and all_at_once:  # a player owes several choices in a row
            options = {"rounds": 3, "reveal": "all-at-once"}
        seats = [
            Seat(name, BOT, "random") if bot else Seat(name).with_pin(PIN)
            for name, bot in zip(NAMES[:count], bots, strict=False)
        ]
        self.session = Session.start(game, seats, options, seed, mode, curtain or mode != SOLO)
        self.rng = random.Random(seed)

    def _refused(self, step) -> None:
        """`step` must raise a table or game error and change nothing."""
        session = self.session
        before = (list(session.state.history), session.curtain, session.version)
        with pytest.raises(GameError):
            step()
        assert (list(session.state.history), session.curtain, session.version) == before

    # ----- the curtain ---------------------------------------------------------------

    @rule()
    def lift(self):
        if self.session.curtain.stage != PASS:  # nothing to lift: whoever tries, nothing shows
            self._refused(lambda: self.session.lift(0, PIN))
            return
        seat = self.session.curtain.seat
        self._refused(lambda: self.session.lift(seat, "0000"))  # a wrong PIN
        others = [s for s in range(len(self.session.seats)) if s != seat]
        self._refused(lambda: self.session.lift(self.rng.choice(others), PIN))  # someone else
        self.session.lift(seat, PIN)
        assert self.session.curtain.stage == PRIVATE and self.session.curtain.seat == seat

    @rule()
    def drop(self):
        self.session.drop()

    @rule(data=st.data())
    def call(self, data):
        seat = data.draw(st.integers(0, len(self.session.seats) - 1))
        session = self.session
        if session.mode == FACILITATOR or session.seats[seat].is_bot or session.state.is_terminal():
            self._refused(lambda: self.session.call(seat))
        else:
            self.session.call(seat)

    @rule()
    def acknowledge(self):
        self.session.acknowledge()

    # ----- choices -------------------------------------------------------------------

    def _chooser(self) -> int | None:
        """The human who may choose now: the open panel's, or any the facilitator enters."""
        session = self.session
        if session.mode == FACILITATOR:
            owed = session.humans_owed()
            return self.rng.choice(owed) if owed else None
        curtain = session.curtain
        if curtain.stage == PRIVATE and curtain.seat in session.state.awaiting():
            return curtain.seat
        return None

    @rule()
    def choose(self):
        seat = self._chooser()
        if seat is None:
            return
        legal = self.session.state.legal_actions(seat)
        self.session.submit(seat, self.rng.choice(legal))

    @rule()
    def free_action(self):
        """A gift, an offer or an answer to one (The Median), by whoever's panel is open or any
        human at the console."""
        session = self.session
        if session.mode == FACILITATOR:
            humans = [s for s, seat in enumerate(session.seats) if not seat.is_bot]
            seat = self.rng.choice(humans) if humans else None
        else:
            curtain = session.curtain
            seat = curtain.seat if curtain.stage == PRIVATE else None
        free = session.state.free_actions(seat) if seat is not None else []
        if free:
            session.submit(seat, self.rng.choice(free))

    @rule()
    def choose_nonsense(self):
        seat = self._chooser()
        if seat is not None:
            self._refused(lambda: self.session.submit(seat, {"nonsense": 1}))

    @rule()
    def choose_behind_the_curtain(self):
        """A human whose panel is not open cannot choose (the console enters for anyone)."""
        session = self.session
        if session.mode == FACILITATOR:
            return
        hidden = [
            s
            for s in session.humans_owed()
            if not (session.curtain.stage == PRIVATE and session.curtain.seat == s)
        ]
        if hidden:
            seat = hidden[0]
            self._refused(lambda: session.submit(seat, session.state.legal_actions(seat)[0]))

    @rule(stale=st.booleans())
    def bot_answers(self, stale):
        session = self.session
        owed = session.bots_owed()
        if not owed:
            return
        seat = self.rng.choice(owed)
        view, legal, _seed, version = session.bot_job(seat)
        assert view.seat == seat  # a bot sees its own seat's view, nothing more
        if stale:
            version -= 1  # the table moved on while it thought: its answer is dropped
            before = list(session.state.history)
            session.submit_bot(seat, self.rng.choice(legal), version)
            assert list(session.state.history) == before
        else:
            session.submit_bot(seat, self.rng.choice(legal), version)

    @rule(steps=st.integers(1, 50))
    def play_on(self, steps):
        """What the table usually does next, a few times: lift, choose, read the reveal,
        let a bot answer, enter a choice at the console."""
        session = self.session
        for _ in range(steps):
            curtain = session.curtain
            if session.state.is_terminal():
                return
            if curtain.stage == PASS:
                session.lift(curtain.seat, PIN)
            elif curtain.stage == PRIVATE and curtain.seat in session.state.awaiting():
                self.choose()
            elif curtain.stage == PRIVATE:
                session.drop()
            elif curtain.reason == "reveal":
                session.acknowledge()
            elif session.bots_owed():
                self.bot_answers(stale=False)
            else:
                self.choose()  # the facilitator enters a choice

    @rule()
    def save_and_reopen(self):
        """The game is saved and opened again (a crash, a new day): it plays on from there."""
        session = self.session
        again = Session.from_json(json.loads(json.dumps(session.to_json())))
        assert again.state.history == session.state.history
        assert again.state.public_view() == session.state.public_view()
        assert [s.label for s in again.seats] == [s.label for s in session.seats]
        if again.curtained:
            assert again.curtain.stage != PRIVATE  # it reopens on no one's screen
        self.session = again

    @rule()
    def bot_free_action(self):
        """A bot's own gift, offer or answer, worked out from its own view."""
        session = self.session
        bots = [s for s, seat in enumerate(session.seats) if seat.is_bot]
        job = session.bot_free_job(self.rng.choice(bots)) if bots else None
        if job is not None:
            view, free, _seed, version = job
            session.submit_bot_free(view.seat, self.rng.choice(free), version)

    # ----- the facilitator -----------------------------------------------------------

    @rule()
    def undo(self):
        session = self.session
        if session.mode != FACILITATOR:  # only the facilitator takes an entry back
            self._refused(session.undo)
            return
        before, by_bots = list(session.state.history), set(session.by_bots)
        try:
            session.undo()
        except TableError:
            return
        # The last entry a person made goes, whoever plays the seat now; of what came after
        # it, only bots' actions may go too (they choose again); everything before it stays.
        last = max(i for i in range(len(before)) if i not in by_bots)
        after = session.state.history
        assert after[:last] == before[:last]
        assert all(entry in before[last + 1 :] for entry in after[last:])

    @rule(data=st.data())
    def swap(self, data):
        session = self.session
        if session.mode != FACILITATOR:  # the console swaps seats
            return
        seat = data.draw(st.integers(0, len(session.seats) - 1))
        to_bot = not session.seats[seat].is_bot
        options, game = session.state.options, session.game
        if game.bots_barred(options) if to_bot else game.secret_hands(options):
            # no bot beside a real deck; no person at the console holding a dealt hand
            self._refused(lambda: session.swap(seat, BOT if to_bot else HUMAN, "random"))
            return
        session.swap(seat, BOT if to_bot else HUMAN, "random")
        self._refused(lambda: session.swap(seat, BOT, "godlike"))

    # ----- the rules of the road -----------------------------------------------------

    @invariant()
    def bots_entries_are_entries_of_the_game(self):
        session = self.session
        assert session.by_bots <= set(range(len(session.state.history)))
        assert Session.from_json(session.to_json()).by_bots == session.by_bots

    @invariant()
    def boards_get_the_public_view_only(self):
        assert self.session.board_view().seat is None

    @invariant()
    def a_private_view_only_behind_a_lifted_curtain(self):
        session = self.session
        curtain = session.curtain
        if curtain.stage == PRIVATE:
            assert not session.seats[curtain.seat].is_bot
            assert session.private_view().seat == curtain.seat
        else:
            with pytest.raises(TableError):
                session.private_view()
        if curtain.stage == PASS:
            seat = curtain.seat
            assert not session.seats[seat].is_bot
            assert seat in session.state.awaiting() or curtain.reason == "call"

    @invariant()
    def the_log_tells_each_screen_only_its_own(self):
        session = self.session
        curtain = session.curtain
        viewer = curtain.seat if curtain.stage == PRIVATE else None
        assert all(event.visible_to(viewer) for event in session.events_for_open_seat())
        assert all(event.public for event in session.public_events())

    @invariant()
    def the_boards_log_tells_no_more_than_the_board(self):
        """The log the boards show is the public log, held at a reveal while the boards hold
        it (bots playing on are told after Continue), and all of it otherwise."""
        session = self.session
        told, public = session.board_events(), session.public_events()
        assert told == public[: len(told)]
        curtain = session.curtain
        if not (curtain.stage == PUBLIC and curtain.reason == "reveal"):
            assert told == public

    @invariant()
    def the_game_never_stalls(self):
        session = self.session
        if session.state.is_terminal():
            assert session.curtain.stage == PUBLIC
            return
        curtain = session.curtain
        movers = [
            curtain.stage == PASS,  # its player can lift it
            curtain.stage == PRIVATE,  # its player can choose, or drop it
            curtain.stage == PUBLIC and curtain.reason == "reveal",  # Continue
            bool(session.bots_owed()),  # a bot will answer
            session.mode == FACILITATOR and bool(session.humans_owed()),  # the console
        ]
        assert any(movers), (curtain, session.state.awaiting())


Table.TestCase.settings = settings(
    max_examples=80,
    stateful_step_count=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_the_table_keeps_its_rules_whatever_happens = Table.TestCase
