"""The mark on a player's token or disc: one letter where it tells them apart, two where not.

Seat colours repeat after seven seats and first letters repeat at any size (Bob and Bea), so a
mark alone must say who is who: a name whose first letter no one else's shares keeps it; the
others get that letter and a second character chosen to be different (Bob "Bo", Bea "Be"; Bot
Ann "BA"), or the number that ends the name where names differ only in their numbers (Guest 12
"G12"). A mark always starts with a letter, so it never reads as a number on the board.
"""

from __future__ import annotations

from collections import Counter


def seat_marks(names: list[str] | tuple[str, ...]) -> list[str]:
    """A mark of one to three characters a player, different for every player, in seat
    order."""
    firsts = [_first(name) for name in names]
    counts = Counter(firsts)
    taken = {first for first in firsts if counts[first] == 1}
    marks = []
    for seat, name in enumerate(names):
        first = firsts[seat]
        if counts[first] == 1:
            marks.append(first)
            continue
        mark = next(m for m in _seconds(name, first) if m not in taken)
        taken.add(mark)
        marks.append(mark)
    return marks


def _first(name: str) -> str:
    """The name's first letter; a name with none ("42") is marked "#", never by a digit."""
    return next((_capital(c) for c in name if c.isalpha()), "#")


def _capital(c: str) -> str:
    return c.upper() if len(c.upper()) == 1 else c  # "ß" stays one letter


def _seconds(name: str, first: str):
    """Longer marks for `name`, the likeliest to read as it first: the first letter with a
    number the name ends with, or with its second word's initial, or with each later letter of
    it, then with a number (as many as it takes: one is sure to be free)."""
    words = name.split()
    if len(words) > 1 and words[-1].isdigit() and len(words[-1]) <= 2:
        yield first + words[-1]
    if len(words) > 1 and words[1][0].isalpha():
        yield first + _capital(words[1][0])
    start = next((i + 1 for i, c in enumerate(name) if c.isalpha()), len(name))
    for c in name[start:]:
        if c.isalpha() and len(c.lower()) == 1:
            yield first + c.lower()
    number = 2
    while True:
        yield f"{first}{number}"
        number += 1
