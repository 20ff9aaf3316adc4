"""Heuristic bots for The Median, aiming at 5th place from their own seat's view only.

- easy: half the time a random order. Otherwise it reads its place in the last displayed
  ranking (correcting for Humble when it holds it): below 5th it wants points, above 5th it
  sheds them. It assumes the others push 4 times.
- normal: estimates every character's total from the public record (the zone each round,
  Twin with X, Isolated outside) and picks the order that leaves its own total, which it knows,
  closest to 5th place among those estimates once the others have pushed as often as expected.
- hard: drafts by its wishes (One, low values, Lock first), and chooses its orders by playing
  each one out to the end of the game on the same imagined scenarios, keeping the order that
  most often leaves it exactly 5th under the final tie rules (planner.py). With no playouts
  (a budget of 0, which only code can ask for; the command line takes 1 or more) it weighs
  every count of the others' pushes instead, breaking near-ties by the ranking's wish and by
  keeping its characters near the zone's edge.

Every level answers offers by their worth to it and gives points away when it is ahead of 5th
(`free_action`, for a table that lets bots take free actions).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

from middleground.engine import Action, View

from . import conveyor as belt
from .characters import (
    ANCHOR,
    CHARITY,
    DUMMY,
    EXCHANGE,
    FORCE,
    GRAVITY,
    HUMBLE,
    ISOLATED,
    JUMP,
    LOCK,
    ONE,
    PICKPOCKET,
    REACH,
    SILENCE,
    TWIN,
    parse_character,
)
from .orders import read_order
from .planner import choose_order, shown_place
from .powers import FORCE_PENALTY, JUMP_PENALTY

PLAYOUTS = {"hard": 400}  # playouts per decision (spread over the distinct orders)
# Drafting: One pulls its holder toward the median every round, low tiebreak values win ties
# for 5th, Lock can refuse a round's points; Isolated, Jump and Twin swing too far.
DRAFT_WISHES = {
    "hard": (ONE, PICKPOCKET, LOCK, REACH, CHARITY, HUMBLE, SILENCE, EXCHANGE, GRAVITY, ANCHOR),
    "normal": (PICKPOCKET, REACH, LOCK, HUMBLE, SILENCE, EXCHANGE),  # picked among at random
    "easy": (PICKPOCKET, REACH, CHARITY, LOCK, HUMBLE, EXCHANGE, GRAVITY, ANCHOR, SILENCE),
}


def wish(view: View) -> float:
    """+1: I want points; -1: I want fewer; small at 5th, where the others keep scoring."""
    place = shown_place(view)
    return 1.0 if place > 5 else -1.0 if place < 5 else 0.3


def _side(view: View) -> int:
    place = shown_place(view)
    return (place < 5) - (place > 5)


def _plan(view: View, action: Mapping[str, Any]) -> tuple[belt.Conveyor, Any, int, float, bool]:
    """My own orders played out before the conveyor moves: (conveyor, anchored piece, my
    pushes, points and penalty points I certainly gain or lose, whether Lock froze me)."""
    r = view.round
    here: belt.Conveyor = tuple(view.board["conveyor"])
    mine = [c["id"] for c in view.board["me"]["characters"]]
    orders = {
        parse_character(k): read_order(parse_character(k), o) for k, o in action["orders"].items()
    }
    side = _side(view)
    fixed = 0.0
    if ISOLATED in mine and not belt.in_zone(here, ISOLATED, r):
        fixed -= r
    anchored = None
    locked = False
    for c, order in sorted(orders.items()):
        if c == CHARITY and order.power is not None:
            fixed -= 1
        elif c == LOCK and order.power:
            locked = True
        elif c == FORCE and order.push >= 2:
            fixed += FORCE_PENALTY * side
        elif c == JUMP and order.power:
            fixed += JUMP_PENALTY * side
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
    return here, anchored, own, fixed, locked


def _zone_points(here: belt.Conveyor, characters: Sequence[int], r: int) -> int:
    inside = [c for c in characters if belt.in_zone(here, c, r)]
    if TWIN in characters and TWIN not in inside and belt.in_zone(here, DUMMY, r):
        inside.append(TWIN)
    return r * len(inside)


def order_value(
    view: View, action: Mapping[str, Any], pushes: Sequence[tuple[int, float]]
) -> float:
    """The expected points this order brings me, times how much I want points."""
    here, anchored, own, fixed, locked = _plan(view, action)
    mine = [c["id"] for c in view.board["me"]["characters"]]
    expected = 0.0
    for others, weight in pushes:
        after = belt.push(here, own + others, anchored)
        expected += weight * (0 if locked else _zone_points(after, mine, view.round))
    return wish(view) * (fixed + expected)


def estimated_totals(view: View) -> dict[int, float]:
    """Each character's points as the public record shows them: the zone each round, Twin
    with X, Isolated outside. Gifts, thefts and penalty points are invisible and left out."""
    totals = dict.fromkeys(view.board["in_play"], 0.0)
    before = (*sorted(view.board["in_play"]), DUMMY)
    for report in view.board["rounds"]:
        r, after = report["round"], tuple(report["conveyor"])
        for c in totals:
            totals[c] += _zone_points(after, [c], r)
            if c == ISOLATED and not belt.in_zone(before, ISOLATED, r):
                totals[c] -= r
        before = after
    return totals


def my_total(view: View) -> float:
    me = view.board["me"]
    return me["points"] + me["penalty"] + me["unknown_gifts"]  # each gift was at least 1 point


def ranking_offset(view: View) -> float:
    """How much to shift the others' estimates so that my known total sits at my place in the
    last ranking (the ranking is true; the estimates miss what the record does not show)."""
    if view.seat not in (view.board.get("ranking") or ()):
        return 0.0
    mine = [c["id"] for c in view.board["me"]["characters"]]
    estimates = estimated_totals(view)
    rest = sorted((v for c, v in estimates.items() if c not in mine), reverse=True)
    rest += [0.0] * max(0, len(view.players) - 1 - len(rest))
    place, me = shown_place(view), my_total(view)
    above = rest[place - 2] if place >= 2 else None  # the lowest of those ranked above me
    below = rest[place - 1] if place - 1 < len(rest) else None  # the highest below me
    if above is not None and above < me:
        return me - above
    if below is not None and below > me:
        return me - below
    return 0.0


def median_distance(
    view: View,
    action: Mapping[str, Any],
    pushes: Sequence[tuple[int, float]],
    offset: float = 0.0,
    estimates: Mapping[int, float] | None = None,
) -> float:
    """How far from 5th place this order leaves me after the round, in points, on average:
    the others' totals are estimated from the public record, one character per player."""
    r = view.round
    here, anchored, own, fixed, locked = _plan(view, action)
    mine = [c["id"] for c in view.board["me"]["characters"]]
    estimates = estimated_totals(view) if estimates is None else estimates
    others = [c for c in estimates if c not in mine]
    missing = max(0, len(view.players) - 1 - len(others))
    now = my_total(view) + fixed
    distance = 0.0
    for count, weight in pushes:
        after = belt.push(here, own + count, anchored)
        me = now + (0 if locked else _zone_points(after, mine, r))
        rest = sorted(
            [estimates[c] + offset + _zone_points(after, [c], r) for c in others]
            + [offset] * missing,
            reverse=True,
        )
        upper, lower = rest[3], rest[4]  # between the others' 4th and 5th is 5th place
        distance += weight * max(0.0, lower - me, me - upper)
    return distance


def binomial(count: int) -> list[tuple[int, float]]:
    return [(k, comb(count, k) / 2**count) for k in range(count + 1)]


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

    def __init__(self, level: str, playouts: int | None = None):
        self.level = level
        default = PLAYOUTS.get(level, 0)  # only the hard bot plays out
        self.playouts = playouts if playouts is not None and default else default

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
        wishes = [c for c in DRAFT_WISHES[self.level] if c in picks]
        if not wishes:
            return picks[rng.choice(sorted(picks))]
        if self.level != "hard":
            return picks[rng.choice(wishes)]
        # hard: mostly its best free wish, sometimes the next ones (two hard bots at one table
        # would otherwise contest the same character pass after pass)
        roll = rng.random()
        index = 0 if roll < 0.7 or len(wishes) == 1 else 1 if roll < 0.9 or len(wishes) == 2 else 2
        return picks[wishes[index]]

    def _orders(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if self.playouts and len(legal) > 1:
            return choose_order(view, legal, rng, self.playouts)
        others = len(view.board["in_play"]) - len(view.board["me"]["characters"])
        if self.level == "easy":
            if rng.random() < 0.5:
                return rng.choice(legal)
            pushes = [(others // 2, 1.0)]

            def key(action: Action) -> float:
                return order_value(view, action, pushes)
        else:
            pushes = binomial(others)
            offset = ranking_offset(view) if self.level == "hard" else 0.0
            estimates = estimated_totals(view)

            def key(action: Action) -> float:
                value = -median_distance(view, action, pushes, offset, estimates)
                if self.level == "hard":
                    value += order_value(view, action, pushes) / 100
                return value

        best = max(key(a) for a in legal)
        return rng.choice([a for a in legal if key(a) >= best - 1e-9])

    def free_action(self, view: View, free: Sequence[Action], rng: random.Random) -> Action | None:
        """A free action worth taking now, or None: accept a helpful offer, decline the rest,
        give a point away when ahead of 5th."""
        answers = [a for a in free if "accept" in a]
        if answers:
            best = max(answers, key=lambda a: answer_value(view, a))
            if answer_value(view, best) > 0:
                return best
        declines = [a for a in free if "decline" in a]
        if declines:
            return declines[0]
        gifts = [a for a in free if "gift" in a]
        if gifts and wish(view) < 0:
            return rng.choice(gifts)
        return None

    def _free(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        chosen = self.free_action(view, legal, rng)
        return chosen if chosen is not None else rng.choice(legal)


BOTS = {
    level: (lambda level=level, budget=None: MedianBot(level, budget))
    for level in ("easy", "normal", "hard")
}  # `--budget` (1 or more) sets the playouts per decision, for the hard bot only
