"""A game at the table: the state, the seats, the curtain, and one change channel.

The session is the only holder of the true state. Screens get views: the public view for the
board and the projector, one seat's view only while the curtain is lifted for that seat (or in
the facilitator's console, which sees everything by design). Every operation returns a
`Changes` record and passes it to the listeners; each screen decides what to redraw.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from middleground.engine import (
    Action,
    Event,
    Game,
    GameError,
    SaveError,
    State,
    View,
    from_json,
    to_json,
)
from middleground.engine.events import MY_CHOICE, ROUND_START
from middleground.engine.record import check_version
from middleground.engine.words import written

from .seats import BOT, HUMAN, Seat

TABLE, FACILITATOR, SOLO = "table", "facilitator", "solo"
MODES = (TABLE, FACILITATOR, SOLO)
SEEDS = 2**63  # a drawn seed is below this; see Session.start
# Wrong PINs: the first two are free; the third and each after it make the next try wait,
# twice as long each time, so no one can try PIN after PIN at a curtain that is not theirs.
FREE_TRIES, PIN_PAUSE, LONGEST_PIN_PAUSE = 3, 30, 600  # tries, seconds, seconds

# Curtain stages
PASS = "pass"  # the window shows only "Pass to NAME"
PRIVATE = "private"  # NAME's private panel is open
PUBLIC = "public"  # only the public board: a reveal to acknowledge, bots thinking, game over


def _seconds(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} second{'' if seconds == 1 else 's'}"
    return f"{math.ceil(seconds / 60)} minutes"


def _seen_alike(view: View, other: View) -> bool:
    """Whether a seat sees the same in two views, bar who is still to choose: another seat's
    sealed choice coming in tells it nothing of what was chosen."""
    aside = {"awaiting": (), "submitted": ()}
    return replace(view, **aside) == replace(other, **aside)


class TableError(GameError):
    """Something the table will not do right now (a wrong PIN, an undo after the reveal)."""


@dataclass(frozen=True)
class Curtain:
    """What the main window may show now."""

    stage: str
    seat: int | None = None  # PASS: who to pass to; PRIVATE: whose panel is open
    reason: str = ""  # "turn", "round start", "resume", "undo", "setup", "reveal", "bots", "over"


@dataclass(frozen=True)
class Changes:
    """What one operation changed; screens redraw from this, never by polling."""

    game: bool = False  # an action was accepted (or taken back)
    curtain: bool = False
    seats: bool = False
    events: tuple[Event, ...] = ()  # new public events
    round_over: bool = False  # a decision resolved: the board has something to reveal
    finished: bool = False
    pins: bool = False  # a wrong PIN was counted: the wait it earned is to be saved


def _read_wrong_pins(kept: Any, seats: int, session: Session) -> dict[int, tuple[int, float]]:
    """The wrong PINs a save kept, per seat: the waits go on from where they were."""

    def readable(row: Any) -> bool:
        return (
            isinstance(row, list)
            and len(row) == 3
            and type(row[0]) is int
            and 0 <= row[0] < seats
            and type(row[1]) is int
            and row[1] > 0
            and type(row[2]) in (int, float)
            and 0 <= row[2] <= LONGEST_PIN_PAUSE
        )

    if not isinstance(kept, list) or not all(readable(row) for row in kept):
        raise SaveError("The save is damaged: its count of wrong PINs cannot be read.")
    return {seat: (wrong, session.clock() + left) for seat, wrong, left in kept}


class SeatingError(TableError):
    """A seat the game, as it is set up, cannot give: a bot beside a real deck, a person at a
    facilitator's table who would hold a hand only their own screen shows."""


def _check_seats(game: Game, options: Mapping[str, Any], seats: Sequence[Seat], mode: str) -> None:
    """Solo practice is one person against bots (with the curtain off, a second person would
    see the first one's screen), and every bot plays a level the game has. The game may bar
    bots (Game.bots_barred), and a person from a facilitator's table where they would hold a
    hand the app shows only on their own screen (Game.secret_hands): they would never see it."""
    barred = game.bots_barred(options)
    if barred and mode == SOLO:
        raise SeatingError(
            f"{barred} Solo practice is played against bots: play at the table instead, with "
            "every seat human."
        )
    humans = sum(not seat.is_bot for seat in seats)
    if mode == SOLO and humans == 0:
        raise TableError("Solo practice needs one human player: make one seat human.")
    if mode == SOLO and humans > 1:
        raise TableError("Solo practice is one human player: make every other seat a bot.")
    if barred and any(seat.is_bot for seat in seats):
        raise SeatingError(f"{barred} Make every seat human.")
    if mode == FACILITATOR and not all(seat.is_bot for seat in seats):
        hands = game.secret_hands(options)
        if hands:
            raise SeatingError(hands)
    _check_levels(game, seats)


def _check_levels(game: Game, seats: Sequence[Seat]) -> None:
    """Every bot seat plays a level the game has (its bots are loaded only if one does)."""
    bots = [seat for seat in seats if seat.is_bot]
    if not bots:
        return
    from middleground.ai import bot_names

    levels = bot_names(game)
    for seat in bots:
        if seat.level not in levels:
            raise TableError(
                f"{seat.name} is a bot of an unknown level, {written(seat.level)}; "
                f"the levels are {', '.join(levels)}."
            )


class Session:
    """One game in progress at the table."""

    def __init__(
        self,
        state: State,
        seats: Sequence[Seat],
        mode: str = TABLE,
        curtain_enabled: bool = True,
    ) -> None:
        if mode not in MODES:
            raise TableError(f"Unknown mode {mode!r}; the modes are {', '.join(MODES)}.")
        if len(seats) != len(state.players):
            raise TableError("Every player needs a seat.")
        _check_seats(state.game, state.options, seats, mode)
        self.state = state
        self.seats = list(seats)
        self.mode = mode
        self.curtain_enabled = curtain_enabled or mode == TABLE
        self.version = 0  # bumps on every accepted change; stale bot answers are dropped
        # Every change after this version was a sealed choice coming in (nobody else sees more
        # of it than that it came): a bot asked since then needs no second look at its view.
        self._sealed_since = 0
        self.listeners: list[Callable[[Changes], None]] = []
        self.curtain = self._next_curtain("setup")
        self._revealed: View | None = None  # the public view as the last reveal showed it
        self._revealed_at = 0  # how many entries of the history that reveal shows
        self._revealed_events = 0  # how many of the game's events had happened at that reveal
        self._called_from: Curtain | None = None  # the reveal a player's call interrupted
        self._wrong_pins: dict[int, tuple[int, float]] = {}  # seat: (wrong tries, wait until)
        # Which entries of the game's history a bot made: undo takes back a person's entries
        # only, whoever plays the seat now (a seat can change hands mid-game).
        self.by_bots: set[int] = {
            i for i, (seat, _) in enumerate(state.history) if seats[seat].is_bot
        }
        self.clock: Callable[[], float] = time.monotonic

    @classmethod
    def start(
        cls,
        game: Game,
        seats: Sequence[Seat],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        mode: str = TABLE,
        curtain_enabled: bool = True,
    ) -> Session:
        """A new game; a seed is drawn when none is given, so every game can be replayed.

        The seed deals every hand: drawn from 2**63 values, so that no player can search
        them all for the one that deals the hand they hold (from 2**31, a laptop could)."""
        if seed is None:
            seed = random.SystemRandom().randrange(1, SEEDS)
        state = game.new_state([s.name for s in seats], options or {}, seed)
        return cls(state, seats, mode, curtain_enabled)

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def curtained(self) -> bool:
        """Whether a player's screen opens behind "Pass to NAME": the curtain is used, and the
        game's screens hold something the others may not see (not so beside a real deck,
        whose cards are entered face up: each seat's entry then opens in turn)."""
        return self.curtain_enabled and not self.game.entries_public(self.state.options)

    # ----- who acts ------------------------------------------------------------------

    def humans_owed(self) -> list[int]:
        """Human seats that owe a decision, in seat order (the order reveals nothing)."""
        return [s for s in self.state.awaiting() if not self.seats[s].is_bot]

    def bots_owed(self) -> list[int]:
        return [s for s in self.state.awaiting() if self.seats[s].is_bot]

    def bot_job(self, seat: int) -> tuple[View, list[Action], int, int]:
        """What a bot at `seat` may use: its own view, its legal actions, a seed, the version."""
        if not self.seats[seat].is_bot or seat not in self.state.awaiting():
            raise TableError(f"{self.seats[seat].name} is not a bot waiting to act.")
        seed = self._bot_seed(seat, "decide")
        view = self.state.seat_view(seat)
        return view, self.state.legal_actions(seat), seed, self.version

    def bot_answer_stands(
        self,
        seat: int,
        level: str,
        view: View,
        legal: Sequence[Action],
        asked: int | None = None,
    ) -> bool:
        """Whether a bot's answer worked out from (`view`, `legal`) still answers the decision
        in front of `seat`: the same bot still sits there and owes it, sees the same and has the
        same choices. Others sealing their choices meanwhile changes nothing it could know (it
        never sees what they chose), so nine bots deciding at once need not think nine times
        each; anything else it can see (a card placed, an undo, a trade) makes it think again.
        Given the version it was `asked` at, a bot that has seen only sealed choices come in
        since is answered without making its view again (the table asks this of every bot
        still thinking, at every change). (No bot sits beside a real deck, where another
        seat's entry could take its card away: see Game.bots_barred.)
        """
        info = self.seats[seat]
        if not info.is_bot or info.level != level or seat not in self.state.awaiting():
            return False
        if asked is not None and asked >= self._sealed_since:
            return True
        if not _seen_alike(self.state.seat_view(seat), view):
            return False
        return self.state.legal_actions(seat) == list(legal)

    def bot_free_job(self, seat: int) -> tuple[View, list[Action], int, int] | None:
        """The free actions (offers, answers, gifts) a bot may take now, or None if none."""
        if not self.seats[seat].is_bot or self.state.is_terminal():
            return None
        free = self.state.free_actions(seat)
        if not free:
            return None
        seed = self._bot_seed(seat, "free")
        return self.state.seat_view(seat), free, seed, self.version

    def _bot_seed(self, seat: int, kind: str) -> int:
        """The seed a bot decides with: the same for the same moment of the same game (a game
        replays as it went), but a one-way digest of the game's seed, so that the bot's worker
        cannot work back to the seed that dealt everyone's hands."""
        moment = f"{self.state.seed}/{len(self.state.history)}/{seat}/{kind}".encode()
        return int.from_bytes(hashlib.blake2b(moment, digest_size=8).digest(), "big") >> 1

    # ----- views ---------------------------------------------------------------------

    def public_view(self) -> View:
        return self.state.public_view()

    def board_view(self) -> View:
        """What the boards show (the table's and the projector's): the public view, except
        while the table reads a reveal. Bots may play on meanwhile (a bot may lead the next
        round), but the boards keep the reveal until Continue, or the next reveal."""
        if self.reading_reveal():
            return replace(self._revealed, revealing=True)
        return self.state.public_view()

    def reading_reveal(self) -> bool:
        """Whether the table is reading a reveal: the boards hold it until Continue."""
        curtain = self.curtain
        return curtain.stage == PUBLIC and curtain.reason == "reveal" and self._revealed is not None

    def private_view(self) -> View:
        """The view of the seat whose panel is open; only while the curtain is lifted."""
        if self.curtain.stage != PRIVATE or self.curtain.seat is None:
            raise TableError("No private panel is open.")
        return self.state.seat_view(self.curtain.seat)

    def console_view(self, seat: int) -> View:
        """The facilitator's console sees every seat."""
        if self.mode != FACILITATOR:
            raise TableError("Only the facilitator's console sees every seat.")
        return self.state.seat_view(seat)

    def to_tell(self, seat: int) -> list[str]:
        """What the facilitator must tell the player at `seat` in private, who has no screen
        of their own: their news since they last chose that the game says they must hear
        (Game.must_tell), oldest first, in the player's own words ("You now hold Reach"),
        for the facilitator to read aloud to them, not of them by name (Event.about). Only
        the facilitator's console, which sees every seat, is told it."""
        if self.mode != FACILITATOR:
            raise TableError("Only the facilitator's console is told a player's news.")
        game, news = self.game, []
        for event in reversed(self.state.events):
            if not event.visible_to(seat) or event.public:
                continue
            if event.kind == MY_CHOICE:
                break
            if game.must_tell(event):
                news.append(event.text)
        return news[::-1]

    def public_events(self) -> list[Event]:
        return self.state.events_for(None)

    def board_events(self) -> list[Event]:
        """The public events as the boards' log tells them: held at the reveal with the board
        (see board_view), so that the next round's opening and what bots did meanwhile (its
        call or lead) are told after Continue, when the board shows them, never beside the
        round before."""
        if not self.reading_reveal():
            return self.public_events()
        held = [e for e in self.state.events[: self._revealed_events] if e.public]
        while held and held[-1].kind == ROUND_START:  # the next round opens after Continue
            held.pop()
        return held

    def events_for_open_seat(self) -> list[Event]:
        if self.curtain.stage != PRIVATE or self.curtain.seat is None:
            return self.public_events()
        return self.state.events_for(self.curtain.seat)

    # ----- the curtain ---------------------------------------------------------------

    def _next_curtain(self, reason: str) -> Curtain:
        if self.state.is_terminal():
            return Curtain(PUBLIC, None, "over")
        owed = self.humans_owed()
        if self.mode == FACILITATOR or not owed:
            return Curtain(PUBLIC, None, "bots" if self.bots_owed() else reason)
        if self.curtained:
            return Curtain(PASS, owed[0], reason)
        return Curtain(PRIVATE, owed[0], reason)

    def lift(self, seat: int, pin: str = "") -> Changes:
        """The named player lifts the curtain (with their PIN if they set one)."""
        if self.curtain.stage != PASS or self.curtain.seat != seat:
            raise TableError("The curtain is not waiting for this player.")
        name = self.seats[seat].name
        wrong, until = self._wrong_pins.get(seat, (0, 0.0))
        wait = math.ceil(until - self.clock())
        if wait > 0:
            raise TableError(f"Too many wrong PINs for {name}: try again in {_seconds(wait)}.")
        if not self.seats[seat].pin_matches(pin):
            wrong += 1
            pause = PIN_PAUSE * 2 ** (wrong - FREE_TRIES) if wrong >= FREE_TRIES else 0
            pause = min(pause, LONGEST_PIN_PAUSE)
            self._wrong_pins[seat] = (wrong, self.clock() + pause)
            self._emit(Changes(pins=True))  # kept, so that quitting does not wipe the slate
            later = f" The next try waits {_seconds(pause)}." if pause else ""
            raise TableError(f"That PIN is not right.{later}")
        slips = self._wrong_pins.pop(seat, None)  # the right PIN wipes the slate
        self.curtain = Curtain(PRIVATE, seat, "call" if self.curtain.reason == "call" else "turn")
        return self._emit(Changes(curtain=True, pins=slips is not None))

    def drop(self) -> Changes:
        """Lower the curtain again (the player is done, stepped away, or was idle too long)."""
        if self.curtain.stage != PRIVATE:
            return Changes()
        seat = self.curtain.seat
        called_from, self._called_from = self._called_from, None
        if self.curtain.reason == "call" and called_from is not None:
            self.curtain = called_from  # back to the reveal the table was reading
        elif self.curtained and seat in self.state.awaiting():
            self.curtain = Curtain(PASS, seat, "turn")
        elif self.curtain.reason == "call" or self.curtained:
            self.curtain = self._next_curtain("turn")
        else:
            return Changes()
        return self._emit(Changes(curtain=True))

    def call(self, seat: int) -> Changes:
        """A player asks for their screen outside their turn: to trade, answer an offer, read."""
        if self.mode == FACILITATOR:
            raise TableError("The facilitator's console already shows every seat.")
        if self.seats[seat].is_bot or self.state.is_terminal():
            raise TableError(f"{self.seats[seat].name} has nothing to do at the table now.")
        if self.curtain.stage == PRIVATE and self.curtain.seat == seat:
            return Changes()
        stage = PASS if self.curtained else PRIVATE
        # A reveal the table is reading waits behind the call, until the player is done.
        self._called_from = self.curtain if self.reading_reveal() else None
        self.curtain = Curtain(stage, seat, "call")
        return self._emit(Changes(curtain=True))

    def acknowledge(self) -> Changes:
        """Everyone has seen the reveal: on to the next decision."""
        if self.curtain.stage != PUBLIC:
            return Changes()
        self.curtain = self._next_curtain("round start")
        return self._emit(Changes(curtain=True))

    # ----- actions -------------------------------------------------------------------

    def submit(self, seat: int, action: Mapping[str, Any]) -> Changes:
        """A human's choice: from their own open panel, or entered by the facilitator."""
        if self.seats[seat].is_bot:
            raise TableError(f"{self.seats[seat].name} is a bot and chooses for itself.")
        if self.mode != FACILITATOR and (
            self.curtain.stage != PRIVATE or self.curtain.seat != seat
        ):
            raise TableError(f"{self.seats[seat].name} must lift the curtain first.")
        return self._accept(seat, action, reason="turn", by_bot=False)

    def submit_bot(self, seat: int, action: Mapping[str, Any], version: int) -> Changes:
        """A bot's answer; dropped if the game moved on (undo, seat swap) while it thought."""
        if version != self.version or not self.seats[seat].is_bot:
            return Changes()
        if seat not in self.state.awaiting():
            return Changes()
        return self._accept(seat, action, reason="turn", by_bot=True)

    def submit_bot_free(self, seat: int, action: Mapping[str, Any], version: int) -> Changes:
        """A bot's free action; dropped if the game moved on while it thought."""
        if version != self.version or not self.seats[seat].is_bot:
            return Changes()
        if action not in self.state.free_actions(seat):
            return Changes()
        return self._accept(seat, action, reason="turn", by_bot=True)

    def _accept(self, seat: int, action: Mapping[str, Any], reason: str, by_bot: bool) -> Changes:
        round_before = (self.state.public_view().round, len(self.state.pending))
        first_new = len(self.state.events)
        self.state.apply(seat, action)  # IllegalAction propagates: nothing changed
        if by_bot:
            self.by_bots.add(len(self.state.history) - 1)
        view = self.state.public_view()
        was_round, was_pending = round_before
        self._changed(view.round == was_round and len(self.state.pending) == was_pending + 1)
        resolved = self._resolved(view)
        public = tuple(self.state.events_for(None, first_new))
        if resolved:
            self.curtain = Curtain(PUBLIC, None, "over" if view.finished else "reveal")
            self._revealed, self._revealed_at = view, len(self.state.history)
            self._revealed_events = len(self.state.events)
        elif self._curtain_stays(seat):
            pass
        else:
            self.curtain = self._next_curtain(reason)
        return self._emit(
            Changes(
                game=True,
                curtain=True,
                events=public,
                round_over=resolved,
                finished=view.finished,
            )
        )

    def _changed(self, sealed_only: bool = False) -> None:
        """A new version of the table; `sealed_only` when all it took was one more sealed
        choice (no other seat learns more than that it came)."""
        self.version += 1
        if not sealed_only:
            self._sealed_since = self.version

    def _curtain_stays(self, seat: int) -> bool:
        """A bot's choice must not disturb a reveal being read or another player's open panel;
        a player whose action left them still owing a choice (a gift or an offer made before
        their orders, the next of several choices owed in a row) keeps their own panel open,
        with no curtain and no PIN between: the screen passes on once they owe nothing."""
        curtain = self.curtain
        if curtain.stage == PUBLIC and curtain.reason == "reveal":
            return True
        if curtain.stage != PRIVATE:
            return False
        called = curtain.reason == "call"  # the player asked for their screen: they close it
        if curtain.seat == seat:
            return called or seat in self.state.awaiting()
        return called or curtain.seat in self.state.awaiting()

    def _resolved(self, view: View) -> bool:
        """Whether the last action settled a decision worth revealing: the game marked all it
        has applied as revealed (a whole round, not a turn within it nor a listing held back
        for the end), or it is over."""
        return view.finished or self.state.settled == len(self.state.history)

    def undo(self) -> Changes:
        """Take back the last choice a human made while nothing it led to has been revealed:
        a sealed choice still waiting for the others, or a turn of the round under way (the
        card game's lead or call, a trade in The Median, a number listed all at once). What
        bots did after it stays if they saw nothing of it (a sealed choice, a number on a
        private list); what they did knowing it goes with it, and they choose again."""
        if self.mode != FACILITATOR:
            raise TableError("Only the facilitator can take back an entered choice.")
        for index in range(len(self.state.history) - 1, self.state.settled - 1, -1):
            if index in self.by_bots:
                continue
            self.state = self._without(index)
            kept = len(self.state.history)  # the entry alone went, or everything from it
            self.by_bots = {i if i < index else i - 1 for i in self.by_bots if i != index}
            self.by_bots = {i for i in self.by_bots if i < kept}
            self._changed()
            self.curtain = self._next_curtain("undo")
            return self._emit(Changes(game=True, curtain=True))
        raise TableError("There is no entered choice to take back before the reveal.")

    def _without(self, index: int) -> State:
        """The game with action `index` taken back, alone if every later action was taken by
        a seat that saw the same then without it (bar who was still to choose: a sealed choice,
        a number on a private list), as bot_answer_stands judges; else with everything after."""
        kept = self._replayed(index)
        later = self.state.history[index + 1 :]
        if not later:
            return kept
        seen, without = kept.clone(), kept.clone()
        seen.apply(*self.state.history[index])  # as it was, the action in
        for seat, action in later:
            if not _seen_alike(seen.seat_view(seat), without.seat_view(seat)):
                return kept
            try:
                without.apply(seat, action)
            except GameError:  # it needed the action taken back
                return kept
            seen.apply(seat, action)
        return without

    def _replayed(self, count: int) -> State:
        """The game as it stood after its first `count` actions, replayed from its seed."""
        record = to_json(self.state)
        return from_json({**record, "actions": record["actions"][:count]})

    def swap(self, seat: int, controller: str, level: str = "normal") -> Changes:
        """Turn a seat from human to bot or back, mid-game."""
        if controller not in (HUMAN, BOT):
            raise TableError(f"A seat is played by a human or a bot, not {controller!r}.")
        seats = list(self.seats)
        seats[seat] = replace(seats[seat], controller=controller, level=level)
        _check_seats(self.game, self.state.options, seats, self.mode)  # before anything changes
        self.seats = seats
        self._changed()
        if self.curtain.seat == seat or (
            self.curtain.stage == PUBLIC and not self.reading_reveal()  # a reveal stays
        ):
            self.curtain = self._next_curtain("turn")
        return self._emit(Changes(seats=True, curtain=True))

    # ----- history for the results screen --------------------------------------------

    def score_history(self) -> list[tuple[int, ...]]:
        """Everyone's points at the start, then after each round played (row r: after round
        r), found by replaying the game from its seed. A phase before round 1 (The Median's
        draft) scores nothing and gets no row."""
        played = self.state
        state = self.game.new_state(played.players, played.options, played.seed, limits=False)
        state.quiet = True  # no log is kept: only the scores are read
        history = [state.scores()]
        kept = self.state.round_scores()  # all rounds revealed at once still get a row each
        if kept is not None:
            return [*history, *kept]
        for seat, action in self.state.history:
            last_round = state.round_number()
            state.apply(seat, action)
            ended = state.round_number() != last_round or state.is_terminal()
            if ended and last_round >= 1:
                history.append(state.scores())
        return history

    def extra_rounds(self) -> tuple[int, ...]:
        """Which rounds of `score_history` were extra rounds, played after the set rounds to
        break a tie (none in most games): the game says, from the public record."""
        return self.game.extra_rounds(self.public_view())

    # ----- the change channel --------------------------------------------------------

    def _emit(self, changes: Changes) -> Changes:
        for listener in list(self.listeners):
            listener(changes)
        return changes

    # ----- saving --------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "middleground-session",
            "version": 1,
            "mode": self.mode,
            "curtain_enabled": self.curtain_enabled,
            "seats": [s.to_json() for s in self.seats],
            "by_bots": sorted(self.by_bots),
            # Wrong PINs per seat: how many, and the seconds left of the wait they earned.
            "wrong_pins": [
                [seat, wrong, round(max(0.0, until - self.clock()), 1)]
                for seat, (wrong, until) in sorted(self._wrong_pins.items())
            ],
            # The reveal the table is reading, or that a player's call interrupted (how many
            # entries of the history it shows), so that an interrupted game reopens on it;
            # None when no reveal is being read.
            "reveal": (
                self._revealed_at
                if self.reading_reveal() or self._called_from is not None
                else None
            ),
            "game": to_json(self.state),
        }

    @classmethod
    def from_json(cls, data: Any) -> Session:
        """A saved session; it reopens on the curtain, or on the reveal the table was reading
        when it was saved (the table had not finished reading what the round did)."""
        if not isinstance(data, Mapping) or data.get("format") != "middleground-session":
            raise SaveError("This is not a Middle Ground save.")
        check_version(data, 1, "The save")
        try:
            seats = [Seat.from_json(s) for s in data["seats"]]
        except (KeyError, TypeError, ValueError):
            raise SaveError("The save is damaged: its seats cannot be read.") from None
        mode = data.get("mode")
        if mode not in MODES:
            raise SaveError("The save is damaged: it does not say how the table plays.")
        curtain_enabled = data.get("curtain_enabled", True)
        if not isinstance(curtain_enabled, bool):
            raise SaveError("The save is damaged: it does not say whether the curtain is used.")
        state = from_json(data.get("game"))
        if [s.name for s in seats] != list(state.players):
            raise SaveError("The save is damaged: its seats do not match its players.")
        try:
            session = cls(state, seats, mode, curtain_enabled)
        except SeatingError as error:  # as set up before the table refused it
            raise SaveError(f"This game cannot be played on: {error}") from None
        except TableError as error:
            raise SaveError(f"The save is damaged: {error}") from None
        by_bots = data.get("by_bots")  # saves before it: as the seats are played now
        if by_bots is not None:
            entries = range(len(state.history))
            if not isinstance(by_bots, list) or not all(
                type(i) is int and i in entries for i in by_bots
            ):
                raise SaveError("The save is damaged: it does not say which choices bots made.")
            session.by_bots = set(by_bots)
        session._wrong_pins = _read_wrong_pins(data.get("wrong_pins", []), len(seats), session)
        session.curtain = session._next_curtain("resume")
        reveal = data.get("reveal")  # saves before it, and those read at no reveal: None
        if reveal is not None:
            session._reopen_reveal(reveal)
        return session

    def _reopen_reveal(self, shown: Any) -> None:
        """Back to the reveal a saved table was reading, showing the first `shown` entries of
        the history: its public view is rebuilt by replaying the game up to there (bots may
        have played on since), and Continue goes on from the game as it is now. A game over
        shows its results instead."""
        damaged = SaveError(
            "The save is damaged: it does not say which reveal the table was reading."
        )
        if type(shown) is not int or not 0 < shown <= len(self.state.history):
            raise damaged
        then = self._replayed(shown)
        if then.settled != shown:  # it would show a round half played, not what came of it
            raise damaged
        if self.state.is_terminal():
            return
        self._revealed, self._revealed_at = then.public_view(), shown
        self._revealed_events = len(then.events)
        self.curtain = Curtain(PUBLIC, None, "reveal")
