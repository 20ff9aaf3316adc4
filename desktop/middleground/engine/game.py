"""A game's entry in the registry: what it is called, who can play, its options."""

from __future__ import annotations

import functools
import importlib
import json
import random
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from .errors import SetupError
from .events import Event
from .frozen import FrozenDict
from .options import Option, resolve_options
from .state import State
from .views import View
from .words import counted, written

# A name is written on the board, the projector and the curtain ("Pass to ..."): long enough
# for a first and last name, short enough to stay legible there.
LONGEST_NAME = 30
# Past any limit a table ever had: a name this long in a save is damage, not an old game (one
# of 100,000 letters took seconds to lay out on every board it reached).
LONGEST_SAVED_NAME = 200
# What a name may not hold, by Unicode category: each breaks the one line a name is shown on,
# hides in it, or (half a surrogate pair) cannot even be saved.
UNSHOWABLE = {
    "Cc": "a control character such as a line break or a tab",
    "Zl": "a line break",
    "Zp": "a line break",
    "Cf": "an invisible formatting character",
    "Cs": "a broken character (half of a surrogate pair)",
}
# Invisible, but part of how names are written: the zero-width non-joiner and joiner (Persian
# and Indic scripts, emoji sequences).
JOINERS = {"\u200c", "\u200d"}


def _joins_letters(name: str) -> bool:
    """Whether every joiner in `name` stands between two visible characters, as in a word."""
    for index, c in enumerate(name):
        if c in JOINERS:
            before, after = name[index - 1 : index], name[index + 1 : index + 2]
            if not (before.strip() and after.strip()) or {before, after} & JOINERS:
                return False
    return True


class NoSampler(NotImplementedError):
    """The game cannot yet deal a seat's unseen information, so search cannot sample it."""


class Game:
    """The rules of one game, stateless. Subclasses set the attributes and `_new_state`."""

    id: str = ""
    title: str = ""
    pitch: str = ""  # one line for the home screen
    min_players: int = 2
    max_players: int = 99
    options: tuple[Option, ...] = ()
    action_help: str = ""  # the referee's action objects, for `middleground games`
    rules_file: str = ""  # under assets/rules/
    # Named option sets offered at setup (each variant the rules give); the conformance test
    # plays every one of them.
    presets: tuple[tuple[str, dict[str, Any]], ...] = (("Standard", {}),)
    # The module beside the rules that deals what a seat has not seen, for bots that search:
    # `read(game, view)` works out once what the view says, `deal(read, rng)` deals one state
    # from it. A game without one may override `_sample_state` instead, or have no sampler.
    sampling: str = ""
    # The module beside the rules whose `BOTS` maps a level to a bot factory (ai.make_bot),
    # and the "module:Class" of the candidates and playouts a game lends the generic ISMCTS.
    # Both are imported when first asked for, so the app starts without them.
    bots_module: str = ""
    search_module: str = ""
    # Whether everyone may see everyone's points while the game runs. Where they are secret
    # (The Median shows only a ranking), only a facilitator may export them before the end.
    scores_public: bool = True

    def check_count(self, count: int) -> None:
        """Refuse a number of players the game is not for."""
        if not self.min_players <= count <= self.max_players:
            span = (
                f"exactly {self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise SetupError(f"{self.title} needs {span} players, not {written(count)}.")

    def check_players(self, players: Sequence[str]) -> tuple[str, ...]:
        """Validate the seat names: count in range, none blank, none repeated (however its
        accents were typed), each one line of text that can be shown and saved."""
        for name in players:
            if not isinstance(name, str):
                raise SetupError(f"A player's name is written in quotes, not {written(name)}.")
        names = tuple(p.strip() for p in players)
        self.check_count(len(names))
        if any(not n for n in names):
            raise SetupError("Every player needs a name.")
        for n in names:
            if len(n) > LONGEST_SAVED_NAME:
                raise SetupError(f"{n[:LONGEST_NAME]}… is far too long to be a player's name.")
        for n in names:
            kinds = (unicodedata.category(c) for c in n if c not in JOINERS)
            what = next((UNSHOWABLE[kind] for kind in kinds if kind in UNSHOWABLE), "")
            if not what and not _joins_letters(n):
                what = "a joiner except between two letters"
            if what:  # shown escaped, as JSON writes it: the name itself would break the line
                raise SetupError(f"A player's name cannot hold {what}, as {json.dumps(n)} does.")
        seen: set[str] = set()
        for n in names:
            # "é" typed either way is one name, and a joiner does not make a second Ann
            same = unicodedata.normalize("NFC", n.casefold())
            same = "".join(c for c in same if c not in JOINERS)
            if same in seen:
                raise SetupError(f"Two players are called {n}: give each player a different name.")
            seen.add(same)
        return names

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None, limits: bool = True
    ) -> FrozenDict:
        """Validate players and options together; return the full options with defaults.

        `limits` adds the house's limits for a new table (see _check_limits); a game saved
        before a limit was set is still opened without them."""
        names = self.check_players(players)
        resolved = resolve_options(self.options, options)
        self._check_setup(names, resolved)
        if limits:
            self._check_limits(names, resolved)
        return resolved

    def new_state(
        self,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        limits: bool = True,
    ) -> State:
        """A new game; every random draw comes from `seed`."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"The seed must be a whole number, not {written(seed)}.")
        resolved = self.setup(players, options, limits)
        return self._new_state(self.check_players(players), resolved, seed)

    # ----- who may sit at the table (the table asks; a game answers in its own words) ------

    def bots_barred(self, options: Mapping[str, Any]) -> str:
        """Why no bot may take a seat in a game with these options, in the game's words, or ""
        when bots may. A bot knows only what the app knows: beside a real deck the cards are
        in the players' hands, so a bot has none to play. The table refuses a bot seat with
        these words, at setup, on opening a save and when a seat would become a bot."""
        return ""

    def secret_hands(self, options: Mapping[str, Any]) -> str:
        """Why a person playing these options needs a screen of their own, in the game's words
        with what to do instead, or "" when nobody does: the app deals each player a hand that
        only that player's screen shows. At a facilitator's table the players have no screen
        of their own, so the table seats no person there then (a table of bots still runs)."""
        return ""

    def entries_public(self, options: Mapping[str, Any]) -> bool:
        """Whether everything a player's screen shows and takes is public at the table with
        these options (the cards of a real deck, entered once turned face up), so that nobody
        need look away: the table then opens each player's screen in turn, without "Pass to
        NAME". False by default: a screen holds a hand, or a choice sealed until the reveal."""
        return False

    def must_tell(self, event: Event) -> bool:
        """Whether a player's private `event` is news they must hear before they choose again,
        and cannot work out for themselves (a character the game dealt them at random). At a
        facilitator's table the players have no screens: the console shows the facilitator
        each such event of a seat since its last choice, to tell that player in private.
        False by default: the console's view of the seat holds all of it, to pass on when
        asked."""
        return False

    def round_report(self, view: View) -> list[dict[str, Any]]:
        """Each finished round's public outcome, with names, for the referee's JSON."""
        return []

    def extra_rounds(self, view: View) -> tuple[int, ...]:
        """The rounds played after the set rounds, numbered from 1 in the order played (as
        `round_report` and the table's score history count them), where the rules add rounds
        to break a tie: the results chart and the scores export mark them apart. None by
        default, where every round played is one of the set rounds."""
        return ()

    def standings(self, view: View) -> list[tuple[str, str]]:
        """(name, what the table may see of their standing) for the side of the board: a row
        per seat, in seat order (the shell puts each seat's bot level beside it).

        The default shows public points; a game whose scores are secret overrides this.
        """
        scores = view.board.get("scores")
        if scores is None:
            return [(name, "") for name in view.players]
        return [
            (name, counted(points, "point"))
            for name, points in zip(view.players, scores, strict=True)
        ]

    @property
    def has_sampler(self) -> bool:
        """Whether `sample_state` works for this game (it names its `sampling` module or
        implements `_sample_state`)."""
        return bool(self.sampling) or type(self)._sample_state is not Game._sample_state

    def sample_state(self, view: View, rng: random.Random, *, reopen_sealed: bool = False) -> State:
        """A full state that one seat could be in, given its view: a determinization for search.

        The game's `_sample_state` deals what the seat has not seen (other hands, the deck,
        others' listed numbers) at random from `rng`, with no sealed submissions made. Here the
        seat's own submission is put back and the others' that are in (`view.submitted`) are
        drawn at random from their legal actions; with `reopen_sealed` they are left unmade
        instead, which is the same thing to a searcher, since nobody has seen them. The sampled
        state's `seat_view(view.seat)` equals `view`, except that reopened seats still await.
        Raises NoSampler for a game that has none yet.
        """
        return self.sampler(view, reopen_sealed=reopen_sealed)(rng)

    def sampler(
        self, view: View, *, reopen_sealed: bool = False
    ) -> Callable[[random.Random], State]:
        """`sample_state` for one view again and again, as a search draws thousands of states
        from the view it was given: a game that can read the view once does (`_view_sampler`)."""
        if view.seat is None:
            raise ValueError("Only a seat's view can be sampled, not the public view.")
        deal, seat = self._view_sampler(view), view.seat

        def sample(rng: random.Random) -> State:
            state = deal(rng)
            if view.my_submission is not None:
                state.pending[seat] = view.my_submission
            if not reopen_sealed:
                for other in view.submitted:
                    if other != seat and other not in state.pending:  # a public entry is dealt
                        state.pending[other] = rng.choice(state.legal_actions(other))
            return state

        return sample

    def _view_sampler(self, view: View) -> Callable[[random.Random], State]:
        """Samples of `view`, as a function of the rng: with a `sampling` module the view is
        read once and every sample dealt from what was read; else `_sample_state` each time."""
        if self.sampling:
            return functools.partial(self._sampling.deal, self._sampling.read(self, view))
        return lambda rng: self._sample_state(view, rng)

    @functools.cached_property
    def _sampling(self) -> ModuleType:
        """The `sampling` module, imported (with the rules) when the game is first searched,
        never at start-up, and kept: an import statement per sample cost a tenth of one."""
        return self._beside(self.sampling)

    @property
    def bots(self) -> Mapping[str, Callable[..., Any]]:
        """Level -> bot factory, from the `bots_module` (none without one)."""
        return self._beside(self.bots_module).BOTS if self.bots_module else {}

    @property
    def search_policy(self) -> type | None:
        """The policy class named by `search_module`, or None: search then plays at random."""
        if not self.search_module:
            return None
        module, _, name = self.search_module.partition(":")
        return getattr(self._beside(module), name)

    def _beside(self, module: str) -> ModuleType:
        """One of the game's own modules, beside its rules."""
        package = type(self).__module__.rpartition(".")[0]
        return importlib.import_module(f"{package}.{module}")

    def _sample_state(self, view: View, rng: random.Random) -> State:
        """A state consistent with `view`, unseen information dealt from `rng`, nothing pending.

        Games override this; the state needs no history or events, only the fields its rules
        read, so that play from it goes on as from the real game.
        """
        raise NoSampler(f"{self.title} has no sampler yet: its bots cannot search.")

    def _check_setup(self, players: tuple[str, ...], options: FrozenDict) -> None:
        """Reject option combinations that cannot be played (override per game)."""

    def _check_limits(self, players: tuple[str, ...], options: FrozenDict) -> None:
        """Refuse a new table what the rules allow but would not play well: a name longer than
        the board can show (and, per game, options no game could reach; extend, calling this)."""
        for name in players:
            if len(name) > LONGEST_NAME:
                raise SetupError(
                    f"{name[:LONGEST_NAME]}… is too long a name: keep names to {LONGEST_NAME} "
                    "letters, so the board and the projector can show them."
                )

    def _new_state(self, players: tuple[str, ...], options: FrozenDict, seed: int) -> State:
        raise NotImplementedError
