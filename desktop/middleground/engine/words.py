"""Small pieces of player-facing English that every game needs."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from .frozen import thaw


def counted(count: int, noun: str, plural: str = "") -> str:
    """`count` and `noun`, plural unless the count is exactly one: "1 point", "3 points"; a noun
    whose plural is not its last word plus s names it: "2 tokens of life"."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {plural or noun + 's'}"


def join_names(names: Sequence[str], most: int = 0, everyone: int = 0) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Bob", "Ann, Bob and Cy"; past `most`
    names (a crowd's shared win), the first few and a count: "Ann, Bob and 38 others", or
    "all 40 players" where they are all `everyone` there is."""
    if most and len(names) > most and len(names) == everyone:
        return f"all {everyone} players"
    if most and len(names) > most:
        shown = list(names[: most - 1])
        return ", ".join(shown) + f" and {len(names) - len(shown)} others"
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def ordinal(n: int) -> str:
    """A place as players say it: 1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# The most characters of a bad value a message quotes: a name of 5,000 letters, or a list
# pasted where a name belongs, would bury the sentence about it.
LONGEST_SHOWN = 40


def elided(text: str, most: int = LONGEST_SHOWN) -> str:
    """`text` cut to `most` characters, the last of them "…" where something was left out; a
    quoted string keeps its closing quote: "AAAA…"."""
    if len(text) <= most:
        return text
    if len(text) > 1 and text[0] == text[-1] == '"':
        return text[: most - 2] + '…"'
    return text[: most - 1] + "…"


def written(value: Any) -> str:
    """A value as a script or a save writes it, for messages about bad input: JSON, so a
    string is in double quotes, true and null are spelled so, and an action reads {"card": 5},
    never as Python shows it; past LONGEST_SHOWN characters, elided."""
    try:
        return elided(json.dumps(thaw(value), ensure_ascii=False))
    except RecursionError:
        return "a value nested too deeply to show"
    except (TypeError, ValueError):  # not JSON at all (a programmer's error): say what it is
        return elided(repr(value))


# A token's name, one and many: "token of life" takes its plural in the middle.
TOKEN_WORDS = {
    "life": ("token of life", "tokens of life"),
    "death": ("token of death", "tokens of death"),
}


def token_text(tokens: Mapping[str, int]) -> str:
    """The tokens a player earned, in words: "2 tokens of life, 1 token of death"."""
    words = (counted(count, *TOKEN_WORDS.get(kind, (kind,))) for kind, count in tokens.items())
    return ", ".join(words)
