"""Characters as picks: buttons two to a row that wrap their words rather than widen the
narrow side column, each outlined and bold when chosen (the panel's style sheet). The draft
picks one; an offer picks any number on each side."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QButtonGroup, QGridLayout, QWidget

from .characters import CHARACTERS, TIEBREAK_NOTE, label
from .wrapping import WrapButton


def character_picks(
    characters: Iterable[int], owner: QWidget, exclusive: bool
) -> tuple[QGridLayout, QButtonGroup]:
    """A grid of picks for `characters` and their group (owned by `owner`), each button's
    id its character's tiebreak value, its power in its tooltip; `exclusive`, one at most."""
    grid = QGridLayout()
    grid.setSpacing(3)
    group = QButtonGroup(owner)
    group.setExclusive(exclusive)
    for index, value in enumerate(characters):
        character = CHARACTERS[value]
        button = WrapButton(label(value))
        button.setCheckable(True)
        button.setProperty("pick", True)
        button.setProperty("character", value)
        button.setToolTip(f"{character.power}\n{TIEBREAK_NOTE}")
        button.setAccessibleName(label(value))
        group.addButton(button, value)
        grid.addWidget(button, index // 2, index % 2)
    return grid, group


def picked(group: QButtonGroup) -> list[int]:
    """The characters chosen in `group`, in the order they are shown."""
    return [group.id(button) for button in group.buttons() if button.isChecked()]
