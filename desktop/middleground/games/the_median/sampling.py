"""A full state one seat could be in, given only its view: for bots that search.

What the seat cannot see is dealt at random: who holds the other characters (one each, to
players picked at random), the others' scores (estimates from the public record, ranked as
the last ranking shows), the sizes of gifts it received, and the others' Lock, Charity,
Silence and Anchor history.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from middleground.engine import Event, View

from .characters import ANCHOR, CHARACTERS, CHARITY, LOCK, LOCK_CHARGES, SILENCE
from .rules import MedianState

if TYPE_CHECKING:
    from .game import TheMedian


def _deal(rng: random.Random, seats: list[int], characters: list[int]) -> dict[int, int]:
    """Characters to distinct seats picked at random (a seat gets at most one)."""
    chosen = rng.sample(seats, min(len(seats), len(characters)))
    pieces = list(characters)
    rng.shuffle(pieces)
    dealt = dict(zip(pieces, chosen, strict=False))
    for extra in pieces[len(chosen) :]:  # more characters than seats: someone holds two
        dealt[extra] = rng.choice(seats)
    return dealt


def sample_state(game: TheMedian, view: View, rng: random.Random) -> MedianState:
    assert view.seat is not None
    from .bots import estimated_totals

    seat, board, me = view.seat, view.board, view.board["me"]
    others = [s for s in range(len(view.players)) if s != seat]
    state = MedianState(game, view.players, view.options, rng.randrange(2**31))
    state.events = [Event("notice", text, frozenset({seat})) for text in me["notices"]]
    state.phase, state.round = view.phase, view.round
    state.draft_pass, state.free = board["draft_pass"], list(board["free"])
    state.in_play, state.conveyor = tuple(board["in_play"]), tuple(board["conveyor"])
    state.reports = list(board["rounds"])
    state.rankings = [tuple(r["ranking"]) for r in state.reports]
    if me["last_pick"] is not None:
        state.last_pick[seat] = me["last_pick"]
    final = board.get("final")
    if final is not None:  # the end reveals everything
        for s, held in enumerate(final["holders"]):
            state.holder.update(dict.fromkeys(held, s))
        state.penalty = list(final["penalty"])
        state.points = [t - p for t, p in zip(final["scores"], state.penalty, strict=True)]
        state.start = list(final["starts"])
        _my_history(state, view)
        return state
    mine = [c["id"] for c in me["characters"]]
    state.holder.update(dict.fromkeys(mine, seat))
    state.start[seat] = me["drafted"]
    if state.phase == "draft":
        taken = [c for c in CHARACTERS if c not in state.free and c != me["drafted"]]
        for character, s in _deal(rng, others, taken).items():
            state.holder[character], state.start[s] = s, character
    else:
        state.holder.update(_deal(rng, others, [c for c in state.in_play if c not in mine]))
        starts = [c for c in state.in_play if c != me["drafted"]]
        rng.shuffle(starts)
        for s, character in zip(others, starts, strict=False):
            state.start[s] = character
        guesses = sorted(
            (v for c, v in estimated_totals(view).items() if c not in mine), reverse=True
        )
        ranked = [s for s in (state.rankings[-1] if state.rankings else others) if s != seat]
        for s, guess in zip(ranked, guesses + [0.0] * len(ranked), strict=False):
            state.points[s] = round(guess)
    state.hidden_gifts[seat] = state.gift_count[seat] = me["unknown_gifts"]
    state.points[seat] = me["points"] + me["unknown_gifts"]
    state.penalty[seat] = me["penalty"]
    state.lock_charges = rng.randint(0, LOCK_CHARGES)
    _my_history(state, view)
    state.offers = [*me["offers_to_me"], *me["my_offers"]]
    state.next_offer = max((o["id"] for o in state.offers), default=0)
    return state


def _my_history(state: MedianState, view: View) -> None:
    """What travels with my characters: Lock's charges, last targets, Anchor's rest, silence."""
    r = view.round
    for entry in view.board["me"]["characters"]:
        c = entry["id"]
        if c == LOCK:
            state.lock_charges = entry["lock_charges"]
        if c == CHARITY and entry["last_target"] is not None:
            state.charity_last = (r - 1, entry["last_target"])
        if c == SILENCE and entry["last_target"] is not None:
            state.silence_last = (r - 1, entry["last_target"])
        if c == ANCHOR and entry["rested"]:
            state.anchor_last = r - 1
        if entry["silenced"]:
            state.silenced = c
