"""What a player typed and chose in a panel's inputs, kept across the panel's rebuilds.

A panel is built afresh whenever what it shows changes (see Panel.memory); its inputs are new
and empty each time. keep() fills them from the panel's memory and writes every change back,
so a player half-way through a choice loses nothing when another seat moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import QButtonGroup, QComboBox, QSpinBox, QWidget

from .forms import NumberBox

# An input kept: a list, a number box or spin box, or a group of buttons ticked on and off
# (any number of them, each known by its id in the group).
Input = QWidget | QButtonGroup


def _entry(widget: Input) -> Any:
    """What the input holds: a choice's value, a number box's text as typed (a number out of
    range or not whole is kept too, for the game to explain), a spin box's number, the ids
    of a group's buttons ticked."""
    if isinstance(widget, QButtonGroup):
        return [widget.id(b) for b in widget.buttons() if b.isChecked()]
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, NumberBox):
        return widget.text()
    return widget.value()


def _show(widget: Input, entry: Any) -> None:
    if isinstance(widget, QButtonGroup):
        for button in widget.buttons():  # a button no longer offered is not there to tick
            button.setChecked(widget.id(button) in entry)
    elif isinstance(widget, QComboBox):
        found = [i for i in range(widget.count()) if widget.itemData(i) == entry]
        if found:  # a choice no longer offered is left as it is
            widget.setCurrentIndex(found[0])
    elif isinstance(widget, NumberBox):
        widget.lineEdit().setText(entry)
    elif isinstance(widget, QSpinBox):
        widget.setValue(entry)  # within the box's range, as it now stands


def keep(memory: dict[object, Any], key: object, inputs: Mapping[str, Input]) -> None:
    """Fill `inputs` (by name, in the order given: a list whose choices depend on another
    comes after it) from memory[key], then keep their entries there as they change. An
    unchosen list is not kept, so it never overwrites a choice made earlier."""
    entered = memory.get(key, {})
    for name, widget in inputs.items():
        if name in entered:
            _show(widget, entered[name])

    def remember() -> None:
        memory[key] = {
            name: _entry(widget)
            for name, widget in inputs.items()
            if not (isinstance(widget, QComboBox) and widget.currentIndex() < 0)
        }

    for widget in inputs.values():
        if isinstance(widget, QButtonGroup):
            widget.idToggled.connect(remember)
        elif isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(remember)
        elif isinstance(widget, NumberBox):
            widget.lineEdit().textChanged.connect(remember)
        elif isinstance(widget, QSpinBox):
            widget.valueChanged.connect(remember)
