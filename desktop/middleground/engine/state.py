"""The state of one game in progress, and the rules every game's state follows.

Public methods check and record; games override the underscore hooks (as OpenSpiel does).
A decision is either a turn, applied at once (one seat's, or several seats' each at their own
pace), or a sealed decision: several seats submit in secret and nothing is applied until all
of them have (`_resolve`). Free actions (gifts, trade offers) may come at any time a game
allows them and are applied at once.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .actions import ActionForm
from .errors import IllegalAction
from .events import MY_CHOICE, Event
from .frozen import FrozenDict, freeze
from .result import Result
from .views import View
from .words import written

if TYPE_CHECKING:
    from .game import Game

Action = FrozenDict


class State:
    """Base of every game's state. Subclasses keep their own fields and implement the hooks."""

    game: Game
    players: tuple[str, ...]
    options: FrozenDict
    seed: int
    # Search sets this on its own copies: nothing is logged. Events cost up to half of each
    # decision and search never reads them. Rules, results and public views are unchanged; a
    # seat view built from the seat's own events (notices) lacks them, so never show a quiet
    # state to a player.
    quiet: bool = False
    # How many of `history`'s actions are the revealed past: the rest were taken since the
    # last sealed decision resolved or round began (where a game holds rounds back to reveal
    # them together, since it last revealed), and nobody has seen what came of them. Kept by
    # `apply`, the table's way in; search's unchecked applies leave it be.
    settled: int = 0

    def __init__(self, game: Game, players: Iterable[str], options: FrozenDict, seed: int):
        self.game = game
        self.players = tuple(players)
        self.options = options
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[tuple[int, Action]] = []  # every accepted action, in order
        self.events: list[Event] = []
        self.pending: dict[int, Action] = {}  # sealed submissions not yet resolved

    # ----- decision points -------------------------------------------------------------

    def awaiting(self) -> tuple[int, ...]:
        """Seats that owe a decision now (sealed: those who have not submitted yet)."""
        if self._terminal():
            return ()
        seats = self._decision_seats()
        pending = self.pending
        if not pending:
            return tuple(seats)
        return tuple([s for s in seats if s not in pending])

    def is_sealed(self) -> bool:
        """Whether the current decision is sealed (submissions stay secret until all are in)."""
        return not self.is_terminal() and self._sealed()

    def is_terminal(self) -> bool:
        return self._terminal()

    def round_scores(self) -> list[tuple[int, ...]] | None:
        """Everyone's points after each round revealed so far, where the game keeps its points
        round by round (rounds revealed together still each get their row); None where the
        table works them out by replaying the game."""
        return self._round_scores()

    def is_free(self, action: Mapping[str, Any]) -> bool:
        """Whether `action` is a free action (gift, offer, acceptance), not a decision."""
        return self._is_free(freeze(action))

    def round_number(self) -> int:
        """The round in play, as views show it (search counts its rollouts' horizon in it)."""
        return self._round()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every decision action `seat` may submit now (empty unless it owes one)."""
        if seat not in self.awaiting():
            return []
        return [freeze(a) for a in self._legal_actions(seat)]

    def free_actions(self, seat: int) -> list[Action]:
        """Every free action (gift, offer, acceptance) `seat` may take now."""
        if self.is_terminal():
            return []
        return [freeze(a) for a in self._free_actions(seat)]

    def action_form(self, seat: int) -> ActionForm:
        """A description of what `seat` is asked for now, for a form or a help text."""
        if seat not in self.awaiting():
            return ActionForm(prompt="Nothing to do right now.")
        return self._action_form(seat)

    def describe(self, action: Mapping[str, Any]) -> str:
        """The action in the game's words (for the player who made it)."""
        return self._describe(freeze(action))

    def choice_done(self, action: Mapping[str, Any]) -> str:
        """The action as done, in the game's verb: "chose Gravity" ("picked 68" where players
        pick), for its player's notice ("You chose ...") and, of the seat by name, the
        facilitator's list of seats and console ("Ann: chose ..."), so it reads alike after
        either: it says nobody's "your"."""
        return self._choice_done(freeze(action))

    def choices_done(self, actions: Sequence[Mapping[str, Any]]) -> str:
        """What a seat has done since the last reveal, for the facilitator's list of seats: its
        choice, or the game's account of several (a whole list of numbers written at once)."""
        return self._choices_done([freeze(a) for a in actions])

    # ----- applying actions ----------------------------------------------------------

    def apply(self, seat: int, action: Mapping[str, Any]) -> list[Event]:
        """Check and apply one action; return the events it produced.

        Raises IllegalAction (naming the rule) and changes nothing if the action is not allowed.
        """
        if type(action) is not FrozenDict:
            if not isinstance(action, Mapping):
                message = f"An action must be an object, not {written(action)}."
                raise IllegalAction("action shape", message)
            action = freeze(action)
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise IllegalAction("seats", f"There is no seat {written(seat)} in this game.")
        if self._terminal():
            raise IllegalAction("game over", "The game is over: no more actions are taken.")
        before = len(self.events)
        round_ = self._round()
        free = self._is_free(action)
        if free:
            self._check_free(seat, action)
            self._apply_free(seat, action)
            sealed = False
        else:
            self._check_decision(seat, action)
            sealed = self._sealed()
            if sealed:
                self._submit_sealed(seat, action)
            else:
                self._apply_turn(seat, action)
        self.history.append((seat, action))
        moved_on = (sealed and not self.pending) or self._round() != round_ or self._terminal()
        if moved_on and not self._holds_back():
            self.settled = len(self.history)
        return self.events[before:]

    def apply_known_legal(self, seat: int, action: Action) -> None:
        """Apply a decision action already known to be legal for `seat` now (taken from
        `legal_actions`, or from a search policy whose actions are tested to be): no checks.
        Search's hot path, where the checks cost a third of each decision; the state changes
        exactly as `apply` would change it. Never for anything a person or a script entered."""
        if self._sealed():
            self._submit_sealed(seat, action)
        else:
            self._apply_turn(seat, action)
        self.history.append((seat, action))

    def apply_all_known_legal(self, joint: Sequence[tuple[int, Action]]) -> None:
        """`apply_known_legal` for each (seat, action) of `joint` in turn: what search does with
        the choices of every seat that awaits. In a quiet state, a sealed decision that all of
        them complete is resolved at once, without passing through pending one by one."""
        everyone = self.quiet and not self.pending and self._sealed()
        if everyone and len(joint) == len(self._decision_seats()):
            self.history.extend(joint)
            self._resolve(dict(sorted(joint)))
            return
        for seat, action in joint:
            self.apply_known_legal(seat, action)

    def _check_decision(self, seat: int, action: Action) -> None:
        name = self.players[seat]
        if seat in self.pending:
            raise IllegalAction("one choice", f"{name} has already submitted this round.")
        if seat not in self._decision_seats():
            raise IllegalAction("turn order", f"It is not {name}'s turn to choose.")
        self._check(seat, action)

    def _submit_sealed(self, seat: int, action: Action) -> None:
        self.pending[seat] = action
        if not self.quiet:
            name = self.players[seat]
            self.log("submitted", f"{name} has submitted.", seat=seat)
            done = self._choice_done(action)
            self.log(MY_CHOICE, f"You {done}.", audience=[seat], about=f"{name} {done}.")
        # Every submission comes from a seat that owes one (checked), so a full count is all in.
        if len(self.pending) >= len(self._decision_seats()):
            submissions = dict(sorted(self.pending.items()))
            self.pending = {}
            self._resolve(submissions)

    # ----- events --------------------------------------------------------------------

    def log(
        self,
        kind: str,
        text: str,
        /,
        audience: Iterable[int] | None = None,
        about: str = "",
        **data: Any,
    ) -> None:
        """Record an event for everyone, or only for the listed seats (nothing when quiet);
        `about` tells a seat's own news of it by name (Event.about)."""
        if self.quiet:
            return
        who = None if audience is None else frozenset(audience)
        self.events.append(Event(kind, text, who, freeze(data), about))

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """The events `seat` (None: the public) may see, from index `start` of the log."""
        return [e for e in self.events[start:] if e.visible_to(seat)]

    # ----- views ---------------------------------------------------------------------

    def public_view(self) -> View:
        """What everyone (and the projector) may know."""
        return self._view(None, self._public_board())

    def seat_view(self, seat: int) -> View:
        """What the player at `seat` knows."""
        return self._view(seat, self._seat_board(seat))

    def _view(self, seat: int | None, board: Mapping[str, Any]) -> View:
        sealed = self.is_sealed()
        mine = self.pending.get(seat) if seat is not None else None
        return View(
            game=self.game.id,
            seat=seat,
            players=self.players,
            phase=self._phase(),
            round=self._round(),
            awaiting=self.awaiting(),
            submitted=tuple(sorted(self.pending)) if sealed else (),
            sealed=sealed,
            finished=self.is_terminal(),
            board=freeze(board),
            my_submission=mine,
            options=self.options,
        )

    def result(self) -> Result:
        """The final outcome; only for a finished game."""
        if not self.is_terminal():
            raise IllegalAction("game over", "The game is not over yet.")
        return self._result()

    def scores(self) -> tuple[int, ...]:
        """Points so far, by seat, as the game counts them (for standings and scripts)."""
        return tuple(self._scores())

    # ----- copies --------------------------------------------------------------------

    def clone(self) -> State:
        """An independent copy, cheap enough for search (no deepcopy)."""
        other = object.__new__(type(self))
        other.game = self.game
        other.players = self.players
        other.options = self.options
        other.seed = self.seed
        # Random.__new__ skips seeding from the OS (the slow part); setstate sets it all.
        other.rng = random.Random.__new__(random.Random)
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        other.events = list(self.events)
        other.pending = dict(self.pending)
        other.quiet = self.quiet
        other.settled = self.settled
        self._clone_into(other)
        return other

    def with_secrets_redrawn(self, seat: int, rng: random.Random) -> State:
        """A copy in which only `seat`'s secrets differ: its sealed choice, its hidden items.
        A choice is no secret where the game's entries are public (a real deck's card, entered
        once it is face up at the table): it stays as it is.

        Used to prove views keep secrets: every other seat, and the public, must see no change.
        """
        other = self.clone()
        if seat in other.pending and not self.game.entries_public(self.options):
            choices = [a for a in other._legal_actions(seat) if freeze(a) != other.pending[seat]]
            if choices:
                other.pending[seat] = freeze(rng.choice(choices))
        other._redraw_secrets(seat, rng)
        return other

    # ----- hooks for games -----------------------------------------------------------

    def _decision_seats(self) -> tuple[int, ...]:
        raise NotImplementedError

    def _sealed(self) -> bool:
        raise NotImplementedError

    def _terminal(self) -> bool:
        raise NotImplementedError

    def _phase(self) -> str:
        raise NotImplementedError

    def _round(self) -> int:
        raise NotImplementedError

    def _legal_actions(self, seat: int) -> list[Mapping[str, Any]]:
        raise NotImplementedError

    def _action_form(self, seat: int) -> ActionForm:
        raise NotImplementedError

    def _describe(self, action: Action) -> str:
        return ", ".join(f"{k} {v}" for k, v in action.items())

    def _choice_done(self, action: Action) -> str:
        return f"chose {self._describe(action)}"

    def _choices_done(self, actions: Sequence[Action]) -> str:
        return self._choice_done(actions[-1])

    def _check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction if `seat` may not take this decision action now."""
        raise NotImplementedError

    def _apply_turn(self, seat: int, action: Action) -> None:
        raise NotImplementedError(f"{self.game.id} has no turn decisions")

    def _resolve(self, submissions: dict[int, Action]) -> None:
        raise NotImplementedError(f"{self.game.id} has no sealed decisions")

    def _holds_back(self) -> bool:
        """Whether the decisions resolved so far are held back from the table: a game that
        takes every round's choices first and reveals them all at the end."""
        return False

    def _round_scores(self) -> list[tuple[int, ...]] | None:
        return None

    def _is_free(self, action: Action) -> bool:
        return False

    def _free_actions(self, seat: int) -> list[Mapping[str, Any]]:
        return []

    def _check_free(self, seat: int, action: Action) -> None:
        raise IllegalAction("free actions", "This game has no free actions.")

    def _apply_free(self, seat: int, action: Action) -> None:
        raise NotImplementedError

    def _public_board(self) -> Mapping[str, Any]:
        raise NotImplementedError

    def _seat_board(self, seat: int) -> Mapping[str, Any]:
        raise NotImplementedError

    def _scores(self) -> Iterable[int]:
        raise NotImplementedError

    def _result(self) -> Result:
        raise NotImplementedError

    def _clone_into(self, other: State) -> None:
        """Copy the game's own mutable fields into `other` (shallow where items are immutable)."""
        raise NotImplementedError

    def _redraw_secrets(self, seat: int, rng: random.Random) -> None:
        """Re-deal whatever only `seat` knows (a hand, a hidden item); nothing else may change."""
