"""The line under each revealed round that says, in the game's words, why it scored as it did;
and what the extra rounds are called."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from middleground.engine.words import join_names

from .scoring import MEANS, RoundScore, format_number


def most_extra_rounds(options: Mapping[str, Any]) -> int:
    """How many extra rounds a tie can get: the option's cap, but one with numbered cards,
    where each player is dealt a single card more than there are rounds."""
    return 1 if options["numbers"] == "cards" else options["extra_rounds"]


def extra_round(number: int, most: int | None = None) -> str:
    """The `number`-th sudden-death round, as players are told of it: "Extra round 2", and
    "of at most 5" where it is announced ("The only extra round" where one is all there is)."""
    if most == 1:
        return "The only extra round"
    return f"Extra round {number}" + (f" of at most {most}" if most else "")


def explain_round(
    players: Sequence[str],
    picks: Sequence[int],
    scored: RoundScore,
    method: str,
    name_out: bool = True,
) -> str:
    """One or two sentences: who was out for sharing a number, where the target fell, who scored.

    Without `name_out` (a board too small to name a crowd), those out are counted instead."""
    parts: list[str] = []
    if len(set(picks)) == 1:
        return f"Everyone picked {picks[0]}: nobody scores."
    shared: dict[int, list[str]] = {}
    for seat in scored.disqualified:
        shared.setdefault(picks[seat], []).append(players[seat])
    if shared and not name_out:
        out = len(scored.disqualified)
        numbers = "a number" if len(shared) == 1 else f"{len(shared)} numbers"
        parts.append(f"{out} players shared {numbers} and are out.")
    for number, names in sorted(shared.items()) if name_out else ():
        both = "both" if len(names) == 2 else "all"
        parts.append(f"{join_names(names)} {both} picked {number} and are out.")
    if not scored.remaining:
        parts.append("No number was left: nobody scores.")
        return " ".join(parts)
    scorers = [f"{players[s]} ({picks[s]})" for s in scored.scorers]
    closest = "is closest and scores" if len(scorers) == 1 else "are closest and score"
    target = format_number(scored.target) if scored.target is not None else ""
    if len(scored.remaining) == 1:
        parts.append(f"Only {scorers[0]} is left and scores.")
    elif method in MEANS:
        of = " of every number" if method == "mean-all" else ""
        parts.append(f"The mean{of} is {target}: {join_names(scorers)} {closest}.")
    elif len(scored.remaining) % 2:
        parts.append(f"The median is {target}: {scorers[0]} scores.")
    else:
        parts.append(f"The median falls at {target}: {join_names(scorers)} are closest and score.")
    return " ".join(parts)
