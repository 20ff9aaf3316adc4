"""Monte Carlo planning for The Median's bots, from one seat's view only.

The others' totals are estimated from the public record (zone by zone, Twin with X, Isolated
outside, One's pull, Jump's penalty) and shifted so that my known total sits at my place in the
last ranking. Each candidate order is then played out to the end of the game many times: the
others push at random (half the time each), I follow a quick rule in later rounds (points when
below 5th, none when above), and the estimates carry a little noise. The order kept is the one
that most often leaves me exactly 5th, tie rules included. The same scenarios (the others'
pushes, the noise) serve every candidate, so their comparison is fair with few playouts.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

from middleground.engine import View

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
    TWIN,
    parse_character,
)
from .orders import read_order
from .powers import FORCE_PENALTY, JUMP_PENALTY, STEAL

ROUNDS = belt.ROUNDS
TILES = belt.TILES


def shown_place(view: View) -> int:
    """My true place (1-9) from the last ranking, correcting for Humble; 5 before any."""
    ranking = list(view.board.get("ranking") or ())
    if view.seat not in ranking:
        return 5
    shown = ranking.index(view.seat) + 1
    mine = view.board["me"]["characters"]
    humble = any(c["id"] == HUMBLE and not c["silenced"] for c in mine)
    return shown - 1 if humble and 1 < shown < len(ranking) else shown


def my_total(view: View) -> int:
    me = view.board["me"]
    return me["points"] + me["penalty"] + me["unknown_gifts"]


def _median(values: Sequence[float]) -> float:
    return sorted(values)[len(values) // 2]


def public_totals(view: View) -> dict[int, float]:
    """Each other character's total as the public record shows it: zone points each round,
    Twin with X, Isolated outside, One pulled toward the median, Jump's penalty when it leapt.
    My own characters are left out: I know my total."""
    mine = {c["id"] for c in view.board["me"]["characters"]}
    in_play = list(view.board["in_play"])
    totals = dict.fromkeys(in_play, 0.0)
    before: belt.Conveyor = (*sorted(in_play), DUMMY)
    n = len(view.players)
    for report in view.board["rounds"]:
        r, after = report["round"], tuple(report["conveyor"])
        seats = list(totals.values()) + [0.0] * max(0, n - len(totals))
        middle = _median(seats)
        if ISOLATED in totals and before.index(ISOLATED) + 1 <= r:
            totals[ISOLATED] -= r
        if ONE in totals:
            totals[ONE] -= (totals[ONE] > middle) - (totals[ONE] < middle)
        if JUMP in totals and any(m["kind"] == "jump" for m in report["moves"]):
            totals[JUMP] += JUMP_PENALTY * ((totals[JUMP] > middle) - (totals[JUMP] < middle))
        zone = after[r:]
        for c in zone:
            if c != DUMMY:
                totals[c] += r
        if TWIN in totals and DUMMY in zone and TWIN not in zone:
            totals[TWIN] += r
        before = after
    return {c: v for c, v in totals.items() if c not in mine}


def others_estimates(view: View) -> list[tuple[int, int]]:
    """(character, estimated total) for every other seat's character, shifted so that my
    total sits at my place in the last ranking; a seat holding nothing counts as (0, shift)."""
    estimates = public_totals(view)
    n_others = len(view.players) - 1
    values = sorted(estimates.items(), key=lambda kv: -kv[1])
    missing = max(0, n_others - len(values))
    shift = 0.0
    if view.seat in (view.board.get("ranking") or ()):
        rest = [v for _, v in values] + [0.0] * missing
        rest.sort(reverse=True)
        place, me = shown_place(view), my_total(view)
        above = rest[place - 2] if 2 <= place <= len(rest) + 1 else None
        below = rest[place - 1] if place - 1 < len(rest) else None
        if above is not None and above < me:
            shift = me - above + 0.5
        elif below is not None and below > me:
            shift = me - below - 0.5
    result = [(c, round(v + shift)) for c, v in values]
    result += [(0, round(shift))] * missing
    return result


# P(a piece on tile t is in round r's zone after its holder's own pushes plus k others'),
# k ~ Binomial(n, 1/2): the quick rule's table.
_IN_ZONE: dict[tuple[int, int], list[list[float]]] = {}


def _in_zone_table(n: int, r: int) -> list[list[float]]:
    key = (n, r)
    table = _IN_ZONE.get(key)
    if table is None:
        weights = [comb(n, k) / 2**n for k in range(n + 1)]
        table = []
        for t in range(1, TILES + 1):
            row = []
            for own in (0, 1, 2, 3):
                p = 0.0
                for k, w in enumerate(weights):
                    after = (t - 1 - own - k) % TILES + 1
                    if after >= r + 1:
                        p += w
                row.append(p)
            table.append(row)
        _IN_ZONE[key] = table
    return table


def place_of(me: int, my_sum: int, my_start: int, others: Sequence[tuple[int, int, int]]) -> int:
    """My final place among (total, tiebreak sum, start) of the others, with the tie rules."""
    n = len(others) + 1
    above = 0
    group = [(my_sum, my_start, -1)]
    for i, (total, s, start) in enumerate(others):
        if total > me:
            above += 1
        elif total == me:
            group.append((s, start, i))
    if len(group) == 1:
        return above + 1
    group.sort()
    places = list(range(above + 1, above + len(group) + 1))
    middle = (n + 1) // 2
    wanted = [p for p in (1, n) if p in places] + ([middle] if middle in places else [])
    order = wanted + [p for p in places if p not in wanted]
    for place, entry in zip(order, group, strict=True):
        if entry[2] == -1:
            return place
    return above + 1


class Plan:
    """What one of my orders does before the conveyor moves, in my model of the round."""

    __slots__ = ("action", "anchored", "charity", "conveyor", "fixed", "key", "locked", "own")

    def __init__(self, view: View, action: Mapping[str, Any], side: int, points: int):
        r = view.round
        here: belt.Conveyor = tuple(view.board["conveyor"])
        orders = {
            parse_character(k): read_order(parse_character(k), o)
            for k, o in action["orders"].items()
        }
        self.action = action
        self.fixed = 0  # points I certainly gain or lose (penalties, Charity, Pickpocket)
        self.charity: int | None = None
        self.locked = False
        self.anchored = None
        silenced = {c["id"] for c in view.board["me"]["characters"] if c["silenced"]}
        mine = set(orders)
        stolen = 0
        for c, order in sorted(orders.items()):
            if c in silenced:
                continue
            moved: tuple = ()
            if c == CHARITY and order.power is not None:
                if points >= 1:
                    self.fixed -= 1
                    self.charity = order.power
            elif c == LOCK and order.power:
                self.locked = True
            elif c == FORCE and order.push >= 2:
                self.fixed += FORCE_PENALTY * side
            elif c == JUMP and order.power:
                self.fixed += JUMP_PENALTY * side
                here, moved = belt.jump(here, JUMP)
            elif c == EXCHANGE and order.power is not None:
                a, b = order.power
                if not belt.in_zone(here, EXCHANGE, r) and all(
                    belt.in_zone(here, p, r) for p in (a, b)
                ):
                    here = belt.swap(here, a, b)
                    moved = (a, b)
            elif c == GRAVITY and order.power is not None:
                here, moved = belt.pull(here, GRAVITY, order.power)
            elif c == ANCHOR and order.power:
                self.anchored = ANCHOR
            if PICKPOCKET in moved and PICKPOCKET not in mine and points >= STEAL:
                stolen += STEAL
        if not self.locked:
            self.fixed -= stolen
        self.own = sum(o.push for o in orders.values())
        self.conveyor = here
        self.key = (here, self.anchored, self.own, self.fixed, self.locked, self.charity)


def _side(me: int, others: Sequence[tuple[int, int]]) -> int:
    middle = _median([me] + [v for _, v in others])
    return (me > middle) - (me < middle)


def choose_order(
    view: View,
    legal: Sequence[Mapping[str, Any]],
    rng: random.Random,
    playouts: int,
) -> Mapping[str, Any]:
    """The order that most often leaves me 5th at the end, over `playouts` scenarios."""
    r = view.round
    me_info = view.board["me"]
    mine = [c["id"] for c in me_info["characters"]]
    my_set = set(mine)
    others = others_estimates(view)
    me_now = my_total(view)
    side = _side(me_now, others)
    plans: dict[Any, Plan] = {}
    by_key: dict[Any, list[Mapping[str, Any]]] = {}
    for action in legal:
        plan = Plan(view, action, side, me_info["points"])
        by_key.setdefault(plan.key, []).append(action)
        plans.setdefault(plan.key, plan)
    if len(plans) == 1:
        return rng.choice(list(legal))
    my_sum = sum(mine)
    my_start = me_info["drafted"] or 99
    chars = [c for c, _ in others]
    n_push = len([c for c in view.board["in_play"] if c not in my_set])
    force_other = FORCE in view.board["in_play"] and FORCE not in my_set
    start_conveyor = tuple(view.board["conveyor"])
    # Estimates drift further from the truth as the game goes on.
    spread = 0.6 + 0.25 * r
    scores = dict.fromkeys(plans, 0.0)
    keys = list(plans)
    for _ in range(max(1, playouts // len(plans))):
        seed = rng.getrandbits(32)
        noise = [round(rng.gauss(0.0, spread)) for _ in others]
        for key in keys:
            sim = random.Random(seed)
            place = _playout(
                plans[key],
                r,
                start_conveyor,
                my_set,
                me_now,
                chars,
                [v + e for (_, v), e in zip(others, noise, strict=True)],
                n_push,
                force_other,
                sim,
            )
            # my place at the end, with the tie rules
            total, values = place
            ranked = [
                (v, c if c else 99, c if c else 99) for c, v in zip(chars, values, strict=True)
            ]
            if place_of(total, my_sum, my_start, ranked) == 5:
                scores[key] += 1.0
            else:  # far from 5th is worse than near it: a gentle slope where wins are rare
                line = sorted(values, reverse=True)
                scores[key] -= 0.01 * max(0, line[4] - total, total - line[3])
    best = max(scores.values())
    top = [k for k in keys if scores[k] >= best - 1e-9]
    key = top[0] if len(top) == 1 else rng.choice(top)
    return rng.choice(by_key[key])


def _playout(
    plan: Plan,
    r: int,
    start_conveyor: belt.Conveyor,
    mine: set[int],
    me: int,
    chars: list[int],
    values: list[int],
    n_push: int,
    force_other: bool,
    rng: random.Random,
) -> tuple[int, list[int]]:
    """My total and the others' totals (in `chars` order) after one playout to the end."""
    index = {c: i for i, c in enumerate(chars) if c}
    values = list(values)
    n = len(chars) + 1
    me += plan.fixed
    if plan.charity is not None and plan.charity in index:
        values[index[plan.charity]] += 1
    conveyor = plan.conveyor
    locked = plan.locked
    own = plan.own
    anchored = plan.anchored
    for rnd in range(r, ROUNDS + 1):
        before = start_conveyor if rnd == r else conveyor
        if rnd > r:
            locked = False
            anchored = None
        # Isolated loses the round's worth when it starts the round outside the zone.
        if (ISOLATED in index or ISOLATED in mine) and before.index(ISOLATED) < rnd:
            if ISOLATED in mine:
                me -= rnd  # before Lock in the power order: it cannot be frozen
            else:
                values[index[ISOLATED]] -= rnd
        if ONE in index or ONE in mine:
            seats = sorted([me, *values])
            middle = seats[n // 2]
            if ONE in mine:
                if not locked:
                    me -= (me > middle) - (me < middle)
            else:
                v = values[index[ONE]]
                values[index[ONE]] = v - ((v > middle) - (v < middle))
        k = rng.getrandbits(n_push).bit_count() if n_push else 0
        if force_other and rng.random() < 0.25:
            k += rng.choice((1, 2))
        if rnd > r:
            own = _quick_push(conveyor, mine, me, values, rnd, n_push)
        steps = own + k
        if anchored is None:
            s = steps % TILES
            conveyor = conveyor[s:] + conveyor[:s]
        else:
            conveyor = belt.push(conveyor, steps, anchored)
        zone = conveyor[rnd:]
        twin = TWIN in zone
        for c in zone:
            if c == DUMMY:
                continue
            if c in mine:
                if not locked:
                    me += rnd
            else:
                i = index.get(c)
                if i is not None:
                    values[i] += rnd
        if not twin and DUMMY in zone:
            if TWIN in mine:
                if not locked:
                    me += rnd
            elif TWIN in index:
                values[index[TWIN]] += rnd
    return me, values


def _quick_push(
    conveyor: belt.Conveyor, mine: set[int], me: int, values: list[int], r: int, n_push: int
) -> int:
    """My pushes in a later round of a playout: toward points when below 5th, away from them
    when above, and toward the middle of the 4th and 5th others when 5th."""
    table = _in_zone_table(n_push, r)
    ranked = sorted(values, reverse=True)
    above = sum(1 for v in values if v > me)
    tiles = [conveyor.index(c) for c in mine if c in conveyor]
    if not tiles:
        return 0
    p0 = sum(table[t][0] for t in tiles)
    p1 = sum(table[t][1] for t in tiles)
    if above >= 5:
        return 1 if p1 > p0 else 0
    if above <= 3:
        return 1 if p1 < p0 else 0
    share = (TILES - r) / TILES
    upper = ranked[3] if len(ranked) > 3 else me
    lower = ranked[4] if len(ranked) > 4 else me
    target = (upper + lower) / 2 + r * share
    return 1 if abs(me + r * p1 - target) < abs(me + r * p0 - target) else 0
