"""Errors a player, a script or a save file can cause: each says what went wrong in plain words."""

from __future__ import annotations


class GameError(Exception):
    """Base of every expected error; its message is meant for the player."""

    @property
    def said(self) -> str:
        """The message as a screen shows it: the words alone, without the rule's tag that a
        script's reader gets from str()."""
        return str(self.args[0]) if self.args else ""


class IllegalAction(GameError):
    """An action the rules do not allow; `rule` names the rule it breaks. Nothing was changed."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.args[0]} (rule: {self.rule})"


class SetupError(GameError):
    """A game that cannot start: wrong player count, a bad option or a bad combination.
    `scripted` (str()) is the same fault as a script's reader needs it, where the message
    names options as the setup screen shows them ("set Game ends to After the set rounds")
    and a script writes them otherwise ("end": "rounds")."""

    def __init__(self, message: str, scripted: str = "") -> None:
        super().__init__(message)
        self.scripted = scripted or message

    def __str__(self) -> str:
        """For a script's reader, as IllegalAction's rule tag; a screen shows `said`."""
        return self.scripted


class SaveError(GameError):
    """A save file that is corrupt, truncated, from another program or from a newer version."""
