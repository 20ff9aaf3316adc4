"""How a seat's possible actions are described to a form, a script reader or a log."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Field:
    """One input of an action form: a whole number in a range, or a pick from listed choices.
    `about` is the label of the seat by name ("Ann's number" for "Your number"), as
    ActionForm.about is the prompt's."""

    key: str
    label: str
    kind: str  # "int" or "choice"
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[object, str], ...] = ()  # (value, label)
    about: str = ""


@dataclass(frozen=True)
class ActionForm:
    """What a seat is asked for now: a prompt and its fields (empty when nothing is owed).

    The prompt speaks to the seat's player ("Round 2: pick your number."); `about` asks the
    same of the seat by name ("Round 2: Ann's number.") for a reader who is not that player:
    the facilitator, who enters the seat's choice at the console (as Event.about tells a
    seat's news). Empty where the prompt reads alike to anyone ("Enter the card Ann
    revealed.")."""

    prompt: str
    fields: tuple[Field, ...] = ()
    about: str = ""

    def told(self, at_console: bool) -> ActionForm:
        """The form in its own player's words, or `at_console` of its seat by name: the
        prompt and each label as `about` says them, where it does (Event.told)."""
        if not at_console:
            return self
        fields = tuple(replace(f, label=f.about or f.label) for f in self.fields)
        return replace(self, prompt=self.about or self.prompt, fields=fields)
