"""Heuristic bots for The Median, aiming at 5th place from their own seat's view only.

Each bot reads its place in the last displayed ranking (correcting for Humble when it holds
it): below 5th it wants points, above 5th it wants to shed them, at 5th it keeps pace. It
scores every offered order by the points its characters would gain or lose this round (zone,
Isolated, Charity, Lock, penalty points, Twin with X), after its own moves and the pushes of
the other characters.

- easy: half the time a random order; otherwise assumes the others push 4 times.
- normal: weighs every count of the others' pushes, each pushing half the time.
- hard: as normal, and breaks near-ties by keeping its characters near the zone's edge,
  where the next rounds can still be steered; answers offers and gives points with purpose.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from math import comb
from typing import Any

from middleground.engine import Action, View

from . import conveyor as belt
from .characters import (
    CHARITY,
    DUMMY,
    EXCHANGE,
    FORCE,
    GRAVITY,
    HUMBLE,
    ISOLATED,
    JUMP,
    LOCK,
    TWIN,
    parse_character,
)
from .orders import read_order
from .powers import FORCE_PENALTY, JUMP_PENALTY

DRAFT_WISHES = (11, 12, 10, 8, 13, 7, 6, 14, 4, 3, 5, 9, 2, 1)  # control first


def my_place(view: View) -> int:
    """My true place (1-9) as far as I can tell; 5 before any ranking is shown."""
    ranking = list(view.board.get("ranking") or ())
    if view.seat not in ranking:
        return 5
    shown = ranking.index(view.seat) + 1
    mine = [c["id"] for c in view.board["me"]["characters"]]
    humble = HUMBLE in mine and not any(c["silenced"] for c in view.board["me"]["characters"])
    return shown - 1 if humble and 1 < shown < len(ranking) else shown


def wish(view: View) -> float:
    """+1: I want points; -1: I want fewer; small at 5th, where the others keep scoring."""
    place = my_place(view)
    return 1.0 if place > 5 else -1.0 if place < 5 else 0.3


def _side(view: View) -> int:
    place = my_place(view)
    return (place < 5) - (place > 5)


def order_value(
    view: View, action: Mapping[str, Any], pushes: Sequence[tuple[int, float]]
) -> float:
    """The expected points this order brings me, times how much I want points."""
    r = view.round
    here: belt.Conveyor = tuple(view.board["conveyor"])
    mine = [c["id"] for c in view.board["me"]["characters"]]
    orders = {
        parse_character(k): read_order(parse_character(k), o) for k, o in action["orders"].items()
    }
    want, side = wish(view), _side(view)
    value = 0.0
    if ISOLATED in mine and not belt.in_zone(here, ISOLATED, r):
        value -= r
    anchored = None
    locked = False
    for c, order in sorted(orders.items()):
        if c == CHARITY and order.power is not None:
            value -= 1
        elif c == LOCK and order.power:
            locked = True
        elif c == FORCE and order.push >= 2:
            value += FORCE_PENALTY * side
        elif c == JUMP and order.power:
            value += JUMP_PENALTY * side
            here = belt.jump(here, JUMP)[0]
        elif c == EXCHANGE and order.power is not None and not belt.in_zone(here, EXCHANGE, r):
            a, b = order.power
            if belt.in_zone(here, a, r) and belt.in_zone(here, b, r):
                here = belt.swap(here, a, b)
        elif c == GRAVITY and order.power is not None:
            here = belt.pull(here, GRAVITY, order.power)[0]
        elif order.power is True and c not in (LOCK, JUMP):
            anchored = c
    own = sum(o.push for o in orders.values())
    expected = 0.0
    for others, weight in pushes:
        after = belt.push(here, own + others, anchored)
        inside = [c for c in mine if belt.in_zone(after, c, r)]
        if TWIN in mine and TWIN not in inside and belt.in_zone(after, DUMMY, r):
            inside.append(TWIN)
        expected += weight * (0 if locked else r * len(inside))
    return want * (value + expected)


def binomial(count: int) -> list[tuple[int, float]]:
    return [(k, comb(count, k) / 2**count) for k in range(count + 1)]


def _edge(view: View, action: Mapping[str, Any]) -> float:
    """How close my characters stand to the zone's left edge now (hard's tie-breaker)."""
    here = view.board["conveyor"]
    start = belt.zone_start(view.round)
    mine = [c["id"] for c in view.board["me"]["characters"]]
    return -sum(abs(belt.tile(here, c) - start) for c in mine) / 100


def answer_value(view: View, action: Mapping[str, Any]) -> float:
    """What accepting an offer is worth to me: points and characters, as I want them."""
    number = action.get("accept")
    for offer in view.board["me"]["offers_to_me"]:
        if offer["id"] == number:
            gained = offer["give"]["points"] - offer["get"]["points"]
            characters = len(offer["give"]["characters"]) - len(offer["get"]["characters"])
            return wish(view) * (gained + 2 * characters)
    return -1.0


class MedianBot:
    """A heuristic bot; `level` picks how carefully it weighs the others' pushes."""

    def __init__(self, level: str):
        self.level = level

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal)
        first = legal[0]
        if "wait" in first or "pick" in first:
            return self._draft(legal, rng)
        if "orders" in first:
            return self._orders(view, legal, rng)
        return self._free(view, legal, rng)

    def _draft(self, legal: list[Action], rng: random.Random) -> Action:
        picks = {a["pick"]: a for a in legal if "pick" in a}
        if not picks:
            return legal[0]
        if self.level == "easy":
            return picks[rng.choice(sorted(picks))]
        wishes = [c for c in DRAFT_WISHES if c in picks][:4]
        return picks[rng.choice(wishes)]  # a spread of wishes keeps bots from all colliding

    def _orders(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if self.level == "easy" and rng.random() < 0.5:
            return rng.choice(legal)
        others = len(view.board["in_play"]) - len(view.board["me"]["characters"])
        pushes = [(others // 2, 1.0)] if self.level == "easy" else binomial(others)
        key: Callable[[Action], float] = lambda a: order_value(view, a, pushes)  # noqa: E731
        if self.level == "hard":
            key = lambda a: order_value(view, a, pushes) + _edge(view, a)  # noqa: E731
        best = max(key(a) for a in legal)
        return rng.choice([a for a in legal if key(a) >= best - 1e-9])

    def _free(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        answers = [a for a in legal if "accept" in a]
        if answers:
            best = max(answers, key=lambda a: answer_value(view, a))
            if answer_value(view, best) > 0:
                return best
        declines = [a for a in legal if "decline" in a]
        if declines:
            return declines[0]
        gifts = [a for a in legal if "gift" in a]
        if gifts and wish(view) < 0:
            return rng.choice(gifts)
        return rng.choice(legal)


BOTS = {level: (lambda level=level: MedianBot(level)) for level in ("easy", "normal", "hard")}
