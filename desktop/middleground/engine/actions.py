"""How a seat's possible actions are described to a form, a script reader or a log."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    """One input of an action form: a whole number in a range, or a pick from listed choices."""

    key: str
    label: str
    kind: str  # "int" or "choice"
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[object, str], ...] = ()  # (value, label)


@dataclass(frozen=True)
class ActionForm:
    """What a seat is asked for now: a prompt and its fields (empty when nothing is owed)."""

    prompt: str
    fields: tuple[Field, ...] = ()
