"""Median game's screens for `make screenshots` (ui/showcase.py hands them a stage): a hand,
cards placed face down, a shared median sending the cards to the pool, a capture of the pool
(also on the projector at 720p and 4K), the leader's call at an even table, and the card picker
beside a real deck.

Five seats at one table, driven through the session as players would: lift, choose, submit.
"""

from __future__ import annotations

import itertools

from .judging import judge

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]
SIZES = {"720p": (1280, 720), "4k": (3840, 2160)}


def _picks(state, pooled: bool) -> list[str]:
    """Cards from the dealt hands that tie the median (pooled) or give it to one player."""
    for combo in itertools.product(*(sorted(set(h)) for h in state.hands)):
        verdict = judge(list(combo))
        if (verdict.winner is None) == pooled and (pooled or verdict.winner != 0):
            return list(combo)
    return [hand[0] for hand in state.hands]


def _place(session, cards: list[str], stop_after: int | None = None) -> None:
    """Each seat places its card, the leader first; stop after `stop_after` of them."""
    state = session.state
    order = [s for s in range(len(cards)) if s not in state.pending and s in state.awaiting()]
    if state.phase == "lead":
        order = [state.leader] + [s for s in range(len(cards)) if s != state.leader]
    for count, seat in enumerate(order, 1):
        if session.curtain.stage == "pass":
            session.lift(seat)
        session.submit(seat, {"card": cards[seat]})
        if count == stop_after:
            return


def scenes(stage) -> None:
    window = stage.window
    session = stage.start(NAMES, {"dealer": "Alice"}, seed=1)
    session.lift(0)
    stage.shot("median-card-panel")
    first = _picks(session.state, pooled=True)
    _place(session, first, stop_after=3)
    session.lift(session.curtain.seat)
    stage.still()
    stage.shot("median-card-table")
    _place(session, first)
    stage.still()
    stage.shot("median-card-pool")
    session.acknowledge()
    _place(session, _picks(session.state, pooled=False))
    stage.still()
    stage.shot("median-card-reveal")
    window.open_projector()
    for label, size in SIZES.items():
        window.projector.resize(*size)
        stage.still()
        stage.shot(f"median-card-projector-{label}", window.projector)
    even = stage.start(NAMES[:4], {"dealer": "Bob"}, seed=2)
    even.lift(1)
    stage.shot("median-card-call")
    stage.start(NAMES[:3], {"physical_deck": True}, seed=3)  # no curtain: cards are face up
    window.table.panel.picker.set_rank("Q")
    window.table.panel.picker.set_suit("H")
    stage.shot("median-card-companion")
