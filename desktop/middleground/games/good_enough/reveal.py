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
    """One sentence, to follow the round's label ("Round 1: "): who was out for sharing a
    number, where the target fell, who scored. It starts in lower case where it starts with
    the game's own words ("Round 1: the median is 63, so Cy (63) scores.").

    Without `name_out` (a board too small to name a crowd), those out are counted instead."""
    if len(set(picks)) == 1:
        return f"everyone picked {picks[0]}, so nobody scores."
    parts: list[str] = []
    shared: dict[int, list[str]] = {}
    for seat in scored.disqualified:
        shared.setdefault(picks[seat], []).append(players[seat])
    if shared and not name_out:
        out = len(scored.disqualified)
        numbers = "a number" if len(shared) == 1 else f"{len(shared)} numbers"
        parts.append(f"{out} players shared {numbers} and are out")
    for number, names in sorted(shared.items()) if name_out else ():
        both = "both" if len(names) == 2 else "all"
        parts.append(f"{join_names(names)} {both} picked {number} and are out")
    parts.append(_scored(players, picks, scored, method))
    return "; ".join(parts) + "."


def _scored(players: Sequence[str], picks: Sequence[int], scored: RoundScore, method: str) -> str:
    """Where the target fell and who scored, as the last clause of the round's sentence."""
    if not scored.remaining:
        return "no number is left, so nobody scores"
    scorers = [f"{players[s]} ({picks[s]})" for s in scored.scorers]
    closest = "is closest and scores" if len(scorers) == 1 else "are closest and score"
    target = format_number(scored.target) if scored.target is not None else ""
    if len(scored.remaining) == 1:
        return f"only {scorers[0]} is left and scores"
    if method in MEANS:
        of = " of every number" if method == "mean-all" else ""
        return f"the mean{of} is {target}, so {join_names(scorers)} {closest}"
    if len(scored.remaining) % 2:
        return f"the median is {target}, so {scorers[0]} scores"
    return f"the median falls at {target}, so {join_names(scorers)} are closest and score"
