"""A game as versioned JSON: who played, which options and seed, and every accepted action.

Loading replays the actions through the rules, so a loaded game is exactly the saved one, and
a file that was edited into something the rules forbid is refused rather than half-loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import GameError, IllegalAction, SaveError
from .frozen import thaw
from .game import Game
from .registry import all_games
from .state import State
from .words import join_names, written

FORMAT = "middleground-game"
VERSION = 1


def to_json(state: State) -> dict[str, Any]:
    """The whole game as plain JSON data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.id,
        "players": list(state.players),
        "options": thaw(state.options),
        "seed": state.seed,
        "actions": [{"seat": seat, "action": thaw(action)} for seat, action in state.history],
    }


def check_version(data: Mapping[str, Any], newest: int, what: str) -> None:
    """Refuse a file whose format version is not a whole number from 1 up (`what`, "The
    save", is damaged) or is one this Middle Ground is too old to read."""
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(
            f"{what} is damaged: its format version should be a whole number from 1 up, "
            f"not {written(version)}."
        )
    if version > newest:
        raise SaveError(
            f"This game was saved by a newer Middle Ground (format {version}); "
            f"this version reads format {newest}."
        )


def _saved_game(game_id: Any) -> Game:
    """The game a record was saved from. One this version does not have (a newer version's,
    a file edited) is refused in a player's words, naming the games there are by title: the
    registry's own message, with the ids a script writes, is for the referee's users."""
    games = all_games()
    for game in games:
        if game.id == game_id:
            return game
    titles = join_names([game.title for game in games])
    raise SaveError(
        "This save is of a game this version of Middle Ground does not have "
        f"({written(game_id)}). It has {titles}."
    )


def from_json(data: Any) -> State:
    """Rebuild a game from `to_json` data; raise SaveError with a clear reason if it can't."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise SaveError("This is not a Middle Ground game record.")
    check_version(data, VERSION, "The game record")
    for key in ("game", "players", "options", "seed", "actions"):
        if key not in data:
            raise SaveError(f"The game record is incomplete: it has no {key!r}.")
    actions = data["actions"]
    if not isinstance(actions, list) or not isinstance(data["players"], list):
        raise SaveError("The game record is damaged: players and actions must be lists.")
    game = _saved_game(data["game"])
    try:
        # Without the limits a new table has: a game saved before a limit was set still opens.
        state = game.new_state(data["players"], data["options"], data["seed"], limits=False)
    except GameError as error:
        raise SaveError(f"The game record cannot be set up again: {error}") from None
    for index, entry in enumerate(actions, start=1):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("seat"), int):
            raise SaveError(f"The game record is damaged at action {index}.")
        try:
            state.apply(entry["seat"], entry.get("action"))
        except IllegalAction:
            # Not the rule's own words: they can tell the whole table a player's secret
            # ("Reach has none", "holds no two of clubs"), and a save opens in front of it.
            raise SaveError(
                f"Action {index} of the record cannot be replayed: it breaks the rules (the "
                "file was changed, or made by another version)."
            ) from None
        except GameError as error:
            raise SaveError(f"Action {index} of the record cannot be replayed: {error}") from None
        except (ValueError, TypeError, LookupError, AttributeError):
            # The rules refuse every bad action with a reason; should one slip past them, the
            # file is still damaged, and says so, rather than ending whatever opened it.
            raise SaveError(f"The game record is damaged at action {index}.") from None
    return state
