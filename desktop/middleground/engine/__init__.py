"""The engine contract every game follows. Qt-free: it must never import PySide6 or pyqtgraph."""

from .actions import ActionForm, Field
from .errors import GameError, IllegalAction, SaveError, SetupError
from .events import Event
from .frozen import FrozenDict, freeze, parse_json, thaw
from .game import Game, NoSampler
from .options import Option
from .record import from_json, to_json
from .registry import all_games, get_game, register
from .result import Result
from .state import Action, State
from .views import View

__all__ = [
    "Action",
    "ActionForm",
    "Event",
    "Field",
    "FrozenDict",
    "Game",
    "GameError",
    "IllegalAction",
    "NoSampler",
    "Option",
    "Result",
    "SaveError",
    "SetupError",
    "State",
    "View",
    "all_games",
    "freeze",
    "from_json",
    "get_game",
    "parse_json",
    "register",
    "thaw",
    "to_json",
]
