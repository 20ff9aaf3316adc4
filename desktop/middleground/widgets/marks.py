"""The mark on a player's token or disc: one letter where it tells them apart, two where not.

Seat colours repeat after seven seats and first letters repeat at any size (Bob and Bea), so a
mark alone must say who is who: a name whose first letter no one else's shares keeps it; the
others get that letter and a second character chosen to be different (Bob "Bo", Bea "Be"; Bot
Ann "BA"), or the number that ends the name where names differ only in their numbers (Guest 12
"G12", P3 "P3"). A mark always starts with a letter, so it never reads as a number on the board,
and a number in a mark is never one that ends another player's name.
"""

from __future__ import annotations

import re
from collections import Counter

ENDING = re.compile(r"(?<!\d)(\d{1,2})\W*$")  # a number of one or two digits ending a name


def seat_marks(names: list[str] | tuple[str, ...]) -> list[str]:
    """A mark of one to three characters a player, different for every player, in seat
    order."""
    firsts = [_first(name) for name in names]
    counts = Counter(firsts)
    taken = {first for first in firsts if counts[first] == 1}
    # A number ending a name is that player's: no one else's mark borrows it (P0 is never "P2"
    # beside a P2).
    endings = [_ending(name) for name in names]
    claimed = {first + end for first, end in zip(firsts, endings, strict=True) if end}
    marks: dict[int, str] = {}
    # A name that is a mark already (P2, Bo, A) gets itself before anyone's longer mark can.
    order = sorted(
        range(len(names)), key=lambda seat: not _is_a_mark(names[seat], firsts[seat], endings[seat])
    )
    for seat in order:
        name, first = names[seat], firsts[seat]
        if counts[first] == 1:
            marks[seat] = first
            continue
        own = first + endings[seat] if endings[seat] else None
        mark = next(
            m
            for m in _seconds(name, first, endings[seat])
            if m not in taken and (m == own or m not in claimed)
        )
        taken.add(mark)
        marks[seat] = mark
    return [marks[seat] for seat in range(len(names))]


def _is_a_mark(name: str, first: str, ending: str) -> bool:
    return name.strip().casefold() == next(_seconds(name, first, ending)).casefold()


def _first(name: str) -> str:
    """The name's first letter; a name with none ("42") is marked "#", never by a digit."""
    return next((_capital(c) for c in name if c.isalpha()), "#")


def _capital(c: str) -> str:
    return c.upper() if len(c.upper()) == 1 else c  # "ß" stays one letter


def _ending(name: str) -> str:
    """The number of one or two digits that ends `name` ("Guest 12", "P3"), or ""."""
    found = ENDING.search(name)
    return found.group(1) if found else ""


def _seconds(name: str, first: str, ending: str):
    """Longer marks for `name`, the likeliest to read as it first: the first letter with the
    number the name ends with, or with its second word's initial, or with each later letter of
    it, then with a number (as many as it takes: one is sure to be free)."""
    words = name.split()
    if name.strip().casefold() == first.casefold():
        yield first  # a player called "B" beside Bob
    if ending:
        yield first + ending
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
