"""The Median's screens for `make screenshots` (ui/showcase.py hands them a stage): the draft
board and panel, the board after a round (720p, 1080p and 4K on the projector), a seat's orders
and trading, the round picture, and a facilitator entering a player's orders.

Nine seats at one table, driven through the session as players would: lift, act, submit.
"""

from __future__ import annotations

import random

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan"]
SIZES = {"720p": (1280, 720), "1080p": (1920, 1080), "4k": (3840, 2160)}
SHOWN = 4  # Erin: the seat whose panel the screenshots open


def _open(session, seat: int) -> None:
    if session.curtain.stage == "pass" and session.curtain.seat == seat:
        session.lift(seat)


def scenes(stage) -> None:
    window, shot = stage.window, stage.shot
    session = stage.start(NAMES, {}, seed=7)
    # The draft: Alice and Bob both want Force, so nobody gets it this pass.
    for seat, pick in enumerate([7, 7, 3, 4, 5, 6, 8, 9, 11]):
        _open(session, seat)
        if seat == SHOWN:
            shot("the-median-draft-panel")
        session.submit(seat, {"pick": pick})
    session.acknowledge()
    _open(session, 0)
    shot("the-median-draft-pass-2")
    session.submit(0, {"pick": 12})
    _open(session, 1)
    session.submit(1, {"pick": 14})
    for seat in range(2, len(NAMES)):  # the placed players confirm, as everyone answers
        _open(session, seat)
        session.submit(seat, {"wait": True})
    session.acknowledge()
    rng = random.Random(5)
    state = session.state
    for _round in range(3):
        for seat in range(len(NAMES)):
            _open(session, seat)
            session.submit(seat, rng.choice(state.legal_actions(seat)))
        session.acknowledge()
    # Round 4: Dave hands Erin a character and Bob offers her a swap before she sends orders.
    for seat in range(SHOWN):
        _open(session, seat)
        if seat == 1:
            mine, hers = state.held(1)[0], state.held(SHOWN)[0]
            session.submit(
                1,
                {
                    "offer": {
                        "to": SHOWN,
                        "give": {"characters": [mine]},
                        "get": {"characters": [hers]},
                    }
                },
            )
        if seat == 3:
            session.submit(3, {"hand_over": {"character": state.held(3)[0], "to": SHOWN}})
        session.submit(seat, rng.choice(state.legal_actions(seat)))
    _open(session, SHOWN)
    stage.still()
    shot("the-median-panel")
    window.table.panel.tabs.setCurrentIndex(1)
    shot("the-median-trade")
    window.table.panel.tabs.setCurrentIndex(0)
    for seat in range(SHOWN, len(NAMES)):
        _open(session, seat)
        session.submit(seat, rng.choice(state.legal_actions(seat)))
    stage.still()
    shot("the-median-reveal")
    window.open_projector()
    for label, size in SIZES.items():
        window.projector.resize(*size)
        stage.still()
        shot(f"the-median-projector-{label}", window.projector)
    stage.picture("the-median-round-picture")
    # The facilitator enters a player's orders with the same panel.
    console = stage.start(NAMES, {}, seed=7, facilitator=True)
    for seat, pick in enumerate([7, 2, 3, 4, 5, 6, 8, 9, 11]):
        console.submit(seat, {"pick": pick})
    window.table.console.seats.setCurrentRow(0)
    shot("the-median-console")
