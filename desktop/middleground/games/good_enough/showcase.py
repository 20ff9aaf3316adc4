"""It's Good Enough's screens for `make screenshots` (ui/showcase.py hands them a stage): the
curtain, a private panel, a reveal with a shared number, the projector at 720p, 1080p and 4K,
the results, and an event's fifty players at a facilitator's console and on the projector.

Five seats at one table, driven through the session as players would: lift, choose, submit.
"""

from __future__ import annotations

import random

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]
PICKS = [[37, 52, 48, 71, 48], [12, 44, 50, 49, 90], [60, 55, 61, 30, 58]]
SIZES = {"720p": (1280, 720), "1080p": (1920, 1080), "4k": (3840, 2160)}


def scenes(stage) -> None:
    window = stage.window
    session = stage.start(NAMES, {"rounds": 3}, seed=11)
    stage.shot("curtain")
    for number, picks in enumerate(PICKS[:2]):
        for seat, pick in enumerate(picks):
            if session.curtain.stage == "pass":
                session.lift(seat)
            if number == 1 and seat == 2:
                stage.shot("panel")
            session.submit(seat, {"number": pick})
        if number == 0:
            stage.shot("reveal")  # Carol and Erin share 48 and are out
        session.acknowledge()
    window.open_projector()
    for label, size in SIZES.items():
        window.projector.resize(*size)
        stage.shot(f"projector-{label}", window.projector)
    for seat, pick in enumerate(PICKS[2]):
        session.lift(seat)
        session.submit(seat, {"number": pick})
    window.table.continue_button.click()
    stage.shot("results")
    _crowd(stage)


def _crowd(stage) -> None:
    """An event's fifty players (the most the game takes) at a facilitator's console, after one
    reveal: the console, and the projector's dot plot beside standings in columns."""
    rng = random.Random(30)
    names = [f"Guest {n}" for n in range(1, 51)]
    session = stage.start(names, {"rounds": 3}, seed=30, facilitator=True)
    for seat in range(len(names)):
        session.submit(seat, {"number": max(0, min(100, round(rng.gauss(40, 18))))})
    session.acknowledge()
    stage.shot("crowd-console")
    window = stage.window
    window.open_projector()
    window.projector.resize(*SIZES["1080p"])
    stage.shot("crowd-projector-1080p", window.projector)
