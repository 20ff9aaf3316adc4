"""The table's names cut to their room, each still telling its player apart from the others.

A name too long for its room ends in an ellipsis. Two names that begin alike ("Alexandra
Papadopoulou", "Alexandra Papadakis") keep the letters past the point where they part
("Alexandra Papado…", "Alexandra Papada…"); two that part only near their ends ("Bartholomew
Fitzgerald-Ashby", "Bartholomew Fitzgerald-Ashton") keep their beginnings and their last words
("Bartholomew…Ashby", "Bartholomew…Ashton"). Every screen that lists the table's names side
by side (the projector's standings, the card game's seats, the facilitator's seat list) cuts
them here, so two players never read as one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

ELLIPSIS = "…"
LTR_MARK = "\u200e"
RTL_MARK = "\u200f"
JOINERS = "\u200d\u2060"  # the joiners Qt and fit_words put beside an ellipsis
KNOWN = 3  # a cut name keeps at least its first three letters: what a player looks for
WORD_START = " -‐‑"  # after one of these, a name's next word begins ("Fitzgerald-Ashby")


def shortened(metrics, names: Sequence[str], width: float | Sequence[float]) -> list[str]:
    """Each of the table's `names` in `width` pixels of `metrics`' font (one width for all, or
    one a name): see short_name."""
    widths = [width] * len(names) if isinstance(width, int | float) else list(width)
    pairs = zip(names, widths, strict=True)
    return [short_name(metrics, name, names, room) for name, room in pairs]


def short_name(metrics, name: str, others: Sequence[str], width: float) -> str:
    """`name` in `width` pixels: whole where it fits; else the most of it that fits and still
    tells it from every other name in `others` (the table's, its own among them or not): its
    beginning ("Alexandra Papado…"), else its beginning and its end ("Bartholomew…Ashby"),
    keeping at least its first KNOWN letters. Where no such cut fits, fewer of its first
    letters with its end ("W…WM"), else its beginning as far as it fits (its first letter at
    least): tells_apart says whether a cut tells it apart."""
    advance = metrics.horizontalAdvance
    if advance(name) <= width:
        return name
    rivals = [other for other in others if other != name]
    plain = cut_in_place(_head(metrics, name, width) + ELLIPSIS)
    if tells_apart(plain, name, rivals):
        return plain
    tails = _tails(name, rivals)
    first = name[: next((i for i, c in enumerate(name) if c in WORD_START), len(name))]
    # Its last word with as much of its beginning as fits; else its first word whole with
    # as much of its end as fits; else as much of both as fit.
    tries = [(None, tail) for tail in tails[:1]] + [(first, tail) for tail in tails]
    tries += [(None, tail) for tail in tails[1:]]
    for head, tail in tries:
        if head is None:
            room = width - advance(tail)
            head = _head(metrics, name[: len(name) - len(tail)], room)
        elif len(head) + len(tail) >= len(name):
            continue
        shown = head + ELLIPSIS + tail
        if len(head) >= KNOWN and advance(shown) <= width and tells_apart(shown, name, rivals):
            return shown
    for tail in tails:  # the last resort: fewer first letters, still no one else's name
        head = _head(metrics, name[: len(name) - len(tail)], width - advance(tail))
        shown = head + ELLIPSIS + tail
        if advance(shown) <= width and not any(_matches(r, head, tail) for r in rivals):
            return shown
    return plain


def cut_in_place(shown: str) -> str:
    """`shown`, a name cut by an ellipsis, with the ellipsis where the cut is in the name's own
    reading order. One that ends a right-to-left name is held to its letters by a
    right-to-left mark, so that it stands at their left, where the name's reader comes to
    its end ("…محمد عبد ال" as drawn): in a line of English it stood at their right, where
    the name begins. An ellipsis between two parts of a name stands between them already."""
    end = shown.rstrip(JOINERS)
    if not end.endswith(ELLIPSIS):
        return shown
    for letter in reversed(end[:-1]):
        direction = unicodedata.bidirectional(letter)
        if direction in ("R", "AL"):
            return shown + RTL_MARK
        if direction == "L":
            break
    return shown


def closed(name: str) -> str:
    """`name`, closed by a left-to-right mark where it holds right-to-left letters, so that
    what follows it stays after it: after Arabic letters a number is drawn to their left
    ("4th 18 محمد" for "4th محمد  18"). The mark is invisible and, unlike an isolate mark,
    leaves the line's height alone."""
    if any(unicodedata.bidirectional(letter) in ("R", "AL") for letter in name):
        return name + LTR_MARK
    return name


def closed_names(text: str, names: Sequence[str], shown: Mapping[str, str] | None = None) -> str:
    """`text` (a sentence the engine wrote: "the median is 39, so محمد (39) scores") with each
    of the table's `names` in it as `shown` has it (a name cut to its room; whole where it has
    none), each right-to-left one closed (see closed) so that the number or bracket after it
    stays after it. A name inside a longer one is left to the longer one; one closed already
    is closed once."""
    shown = shown or {}
    named = sorted({name for name in names if name}, key=len, reverse=True)
    if not named:
        return text
    pattern = "|".join(re.escape(name) for name in named)
    found = re.compile(rf"(?<!\w)({pattern})(?!\w){LTR_MARK}?")
    return found.sub(lambda match: closed(shown.get(match[1], match[1])), text)


def left_to_right(text: str) -> str:
    """`text`, a line of the app's English, led by a left-to-right mark where its first
    letters are right-to-left (a name that begins it): Qt lays out such a line from the
    right ("wins with 3 points محمد." for "محمد wins with 3 points.", right-aligned)."""
    for letter in text:
        direction = unicodedata.bidirectional(letter)
        if direction in ("R", "AL"):
            return LTR_MARK + text
        if direction == "L":
            return text
    return text


def tells_apart(shown: str, name: str, others: Sequence[str]) -> bool:
    """Whether `shown` (a name, or a cut of it by short_name) is read as `name` and as none of
    `others`: whole, or cut keeping at least its first KNOWN letters where no other name
    begins and ends as it does."""
    rivals = [other for other in others if other != name]
    shown = shown.replace(RTL_MARK, "")  # (see cut_in_place)
    if shown == name:
        return True
    head, cut, tail = shown.partition(ELLIPSIS)
    if not cut or len(head) < min(KNOWN, len(name)):
        return False
    return not any(_matches(other, head, tail) for other in rivals)


def _matches(other: str, head: str, tail: str) -> bool:
    """Whether `other` reads as head…tail: it begins with `head`, ends with `tail`, and has
    letters between them for the ellipsis to stand for."""
    return other.startswith(head) and other.endswith(tail) and len(other) > len(head) + len(tail)


def _cuts(text: str) -> list[int]:
    """Where `text` may be cut: never before a combining mark ("e" + "\u0308" stays "ë")."""
    return [i for i in range(1, len(text)) if not unicodedata.combining(text[i])]


def _head(metrics, text: str, width: float) -> str:
    """The longest beginning of `text` that fits `width` with an ellipsis after it, without
    the spaces it ends in; its first letter at least."""
    cuts = _cuts(text)
    low, high = 0, len(cuts)  # cuts[:low] fit; cuts[high:] do not
    while low < high:
        middle = (low + high + 1) // 2
        if metrics.horizontalAdvance(text[: cuts[middle - 1]].rstrip() + ELLIPSIS) <= width:
            low = middle
        else:
            high = middle - 1
    end = cuts[low - 1] if low else (cuts[0] if cuts else len(text))
    return text[:end].rstrip() or text[:end]


def _tails(name: str, rivals: Sequence[str]) -> list[str]:
    """The ends of `name` a cut may keep, the longest first: from the start of the word where
    it parts from every name that ends as it does, down to the fewest letters that do."""
    fewest = next(
        (k for k in range(1, len(name)) if not any(r.endswith(name[-k:]) for r in rivals)), 0
    )
    if not fewest:
        return []
    start = len(name) - fewest
    word = max((i + 1 for i in range(start) if name[i] in WORD_START), default=0)
    longest = len(name) - word if word > KNOWN else fewest
    return [name[-k:] for k in range(longest, fewest - 1, -1) if k == len(name) or _is_cut(name, k)]


def _is_cut(name: str, k: int) -> bool:
    return not unicodedata.combining(name[len(name) - k])
