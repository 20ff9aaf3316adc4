"""The registry of games: each folder under `middleground.games` registers itself."""

from __future__ import annotations

import importlib
import pkgutil

from .errors import SetupError
from .game import Game
from .words import written

_games: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Add a game (called by each game package when it is imported)."""
    if not game.id:
        raise ValueError("a game needs an id")
    _games[game.id] = game
    return game


def _load() -> None:
    global _loaded
    if _loaded:
        return
    import middleground.games as package

    for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if module.ispkg:
            importlib.import_module(f"{package.__name__}.{module.name}")
    _loaded = True


def all_games() -> list[Game]:
    """Every registered game, in a stable order."""
    _load()
    return sorted(_games.values(), key=lambda g: g.id)


def get_game(game_id: str) -> Game:
    """The game with this id, or a SetupError that lists the known ids."""
    _load()
    try:
        return _games[game_id]
    except (KeyError, TypeError):  # TypeError: not even a name (a list, say)
        known = ", ".join(sorted(_games))
        raise SetupError(f"There is no game {written(game_id)}; the games are: {known}.") from None
