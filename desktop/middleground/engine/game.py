"""A game's entry in the registry: what it is called, who can play, its options."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import SetupError
from .frozen import FrozenDict
from .options import Option, resolve_options
from .state import State
from .views import View


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

    def check_players(self, players: Sequence[str]) -> tuple[str, ...]:
        """Validate the seat names: count in range, none blank, none repeated."""
        names = tuple(str(p).strip() for p in players)
        if not self.min_players <= len(names) <= self.max_players:
            span = (
                f"exactly {self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise SetupError(f"{self.title} needs {span} players, not {len(names)}.")
        if any(not n for n in names):
            raise SetupError("Every player needs a name.")
        seen: set[str] = set()
        for n in names:
            if n.casefold() in seen:
                raise SetupError(f"Two players are called {n}: give each player a different name.")
            seen.add(n.casefold())
        return names

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None) -> FrozenDict:
        """Validate players and options together; return the full options with defaults."""
        names = self.check_players(players)
        resolved = resolve_options(self.options, options)
        self._check_setup(names, resolved)
        return resolved

    def new_state(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> State:
        """A new game; every random draw comes from `seed`."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"The seed must be a whole number, not {seed!r}.")
        resolved = self.setup(players, options)
        return self._new_state(self.check_players(players), resolved, seed)

    def round_report(self, view: View) -> list[dict[str, Any]]:
        """Each finished round's public outcome, with names, for the referee's JSON."""
        return []

    def _check_setup(self, players: tuple[str, ...], options: FrozenDict) -> None:
        """Reject option combinations that cannot be played (override per game)."""

    def _new_state(self, players: tuple[str, ...], options: FrozenDict, seed: int) -> State:
        raise NotImplementedError
