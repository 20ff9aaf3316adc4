"""A full state one seat could be in, given only its view: for bots that search.

What the seat cannot see is dealt at random: who holds the other characters (one each, to
players picked at random), the others' scores (estimates from the public record, ranked as
the last ranking shows), the sizes of gifts it received, and the others' Lock, Charity,
Silence and Anchor history.

A search samples thousands of states from one view, so what the view shows is read once
(`read`) and each sample copies that and deals only the unseen part (`deal`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from middleground.engine import Event, View

from .characters import ANCHOR, CHARACTERS, CHARITY, LOCK, LOCK_CHARGES, SILENCE
from .rules import MedianState

if TYPE_CHECKING:
    from .game import TheMedian


class Known(NamedTuple):
    """What one view shows, read once: a state with everything but the deal, and what to deal."""

    state: MedianState  # never handed out: each sample is a copy
    revealed: bool  # the game is over and its view shows everything: nothing to deal
    others: list[int]  # the seats other than the viewer's
    unseen: list[int]  # the characters the others hold, to deal among them
    starts: list[int]  # in a round: the characters the others drafted, to deal among them
    my_lock: bool  # the viewer holds Lock, so its charges are known


def _deal(rng: random.Random, seats: list[int], characters: list[int]) -> dict[int, int]:
    """Characters to distinct seats picked at random (a seat gets at most one)."""
    chosen = rng.sample(seats, min(len(seats), len(characters)))
    pieces = list(characters)
    rng.shuffle(pieces)
    dealt = dict(zip(pieces, chosen, strict=False))
    for extra in pieces[len(chosen) :]:  # more characters than seats: someone holds two
        dealt[extra] = rng.choice(seats)
    return dealt


def deal(known: Known, rng: random.Random) -> MedianState:
    """One sample of a view read once: a copy of what it showed, the unseen part dealt."""
    seed = rng.randrange(2**31)
    state = known.state.reseeded_copy(seed)
    if known.revealed:
        return state
    dealt = _deal(rng, known.others, known.unseen)
    if state.phase == "draft":
        for character, s in dealt.items():
            state.holder[character], state.start[s] = s, character
    else:
        state.holder.update(dealt)
        starts = list(known.starts)
        rng.shuffle(starts)
        for s, character in zip(known.others, starts, strict=False):
            state.start[s] = character
    charges = rng.randint(0, LOCK_CHARGES)
    if not known.my_lock:
        state.lock_charges = charges
    return state


def read(game: TheMedian, view: View) -> Known:
    """What `view` shows, for `deal` to copy into every sample."""
    from .bots import estimated_totals

    seat, board, me = view.seat, view.board, view.board["me"]
    assert seat is not None
    others = [s for s in range(len(view.players)) if s != seat]
    state = MedianState(game, view.players, view.options, 0)
    state.events = [Event("notice", text, frozenset({seat})) for text in me["notices"]]
    state.phase, state.round = view.phase, view.round
    state.draft_pass, state.free = board["draft_pass"], tuple(board["free"])
    state.last_taken = tuple(board["draft_taken"])
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
        return Known(state, True, others, [], [], False)
    mine = [c["id"] for c in me["characters"]]
    state.holder.update(dict.fromkeys(mine, seat))
    state.start[seat] = me["drafted"]
    if state.phase == "draft":
        unseen = [c for c in CHARACTERS if c not in state.free and c != me["drafted"]]
        starts = []
    else:
        unseen = [c for c in state.in_play if c not in mine]
        starts = [c for c in state.in_play if c != me["drafted"]]
        guesses = sorted(
            (v for c, v in estimated_totals(view).items() if c not in mine), reverse=True
        )
        ranked = [s for s in (state.rankings[-1] if state.rankings else others) if s != seat]
        for s, guess in zip(ranked, guesses + [0.0] * len(ranked), strict=False):
            state.points[s] = round(guess)
    state.hidden_gifts[seat] = state.gift_count[seat] = me["unknown_gifts"]
    state.points[seat] = me["points"] + me["unknown_gifts"]
    state.penalty[seat] = me["penalty"]
    _my_history(state, view)
    state.offers = [*me["offers_to_me"], *me["my_offers"]]
    state.next_offer = max((o["id"] for o in state.offers), default=0)
    return Known(state, False, others, unseen, starts, LOCK in mine)


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
