"""The Median card game's screens for `make screenshots`: a hand, cards placed face down, a
shared median sending the cards to the pool, a capture of the pool (also on the projector at
720p and 4K), the leader's call at an even table, and the card picker beside a real deck.

Five seats at one table, driven through the session as players would: lift, choose, submit.
"""

from __future__ import annotations

import itertools

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]
SIZES = {"720p": (1280, 720), "4k": (3840, 2160)}


def _picks(state, pooled: bool) -> list[str]:
    """Cards from the dealt hands that tie the median (pooled) or give it to one player."""
    from middleground.games.median_card_game.judging import judge

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


def _still(window) -> None:
    """Cards at rest: a screenshot mid-flip would show them edge on."""
    for board in (window.table.board, getattr(window.projector, "public", None)):
        board = getattr(board, "board", board)
        if hasattr(board, "finish_animations"):
            board.finish_animations()


def shots(window, shot) -> None:
    from middleground.engine import get_game
    from middleground.table import Seat, Session

    window.apply_theme("light")
    game = get_game("median-card-game")
    session = Session.start(game, [Seat(n) for n in NAMES], {"dealer": "Alice"}, seed=1)
    window.start_session(session)
    session.lift(0)
    shot("median-card-panel")
    first = _picks(session.state, pooled=True)
    _place(session, first, stop_after=3)
    session.lift(session.curtain.seat)
    _still(window)
    shot("median-card-table")
    _place(session, first)
    _still(window)
    shot("median-card-pool")
    session.acknowledge()
    _place(session, _picks(session.state, pooled=False))
    _still(window)
    shot("median-card-reveal")
    window.open_projector()
    for label, size in SIZES.items():
        window.projector.resize(*size)
        _still(window)
        shot(f"median-card-projector-{label}", window.projector)
    window.projector.close()
    window.projector = None
    even = Session.start(game, [Seat(n) for n in NAMES[:4]], {"dealer": "Bob"}, seed=2)
    window.start_session(even)
    even.lift(1)
    shot("median-card-call")
    real = Session.start(game, [Seat(n) for n in NAMES[:3]], {"physical_deck": True}, seed=3)
    window.start_session(real)
    real.lift(0)
    window.table.panel.picker.set_rank("Q")
    window.table.panel.picker.set_suit("H")
    shot("median-card-companion")
