"""One round's resolution, in the rules' order: the zone shrinks, powers in increasing tiebreak
order, the conveyor moves once per push, the zone scores. Public lines never name a holder."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from middleground.engine import FrozenDict
from middleground.engine.words import counted

from . import conveyor as belt
from .characters import (
    ANCHOR,
    CHARITY,
    DUMMY,
    EXCHANGE,
    FORCE,
    GRAVITY,
    ISOLATED,
    JUMP,
    LOCK,
    ONE,
    PICKPOCKET,
    SILENCE,
    TWIN,
    Piece,
    name,
    names,
)
from .orders import Order
from .standings import side

if TYPE_CHECKING:
    from .rules import MedianState

STEAL = 2
FORCE_PENALTY = 2
JUMP_PENALTY = 3
NO_ORDER = Order()  # a character whose holder sent nothing for it: no push, no power


def signed(n: int, noun: str = "point") -> str:
    """A change of points with its sign, its noun plural unless it is one: "+1 point",
    "-3 points", "+4 penalty points"."""
    return f"{n:+d} {noun if abs(n) == 1 else noun + 's'}"


class RoundResolution:
    """Resolves one round on `state`; collects the public lines and the moves for the board."""

    def __init__(self, state: MedianState, orders: dict[int, Order]):
        self.state = state
        self.round = state.round
        self.orders = orders
        self.lines: list[str] = []
        self.moves: list[FrozenDict] = []
        self.stolen_from: set[int] = set()  # characters Pickpocket has taken from this round
        self.anchored: Piece | None = None
        self.next_silence: int | None = None

    def active(self, character: int) -> bool:
        return character in self.state.in_play and self.state.silenced != character

    def run(self) -> None:
        state = self.state
        state.locked = set()
        start = belt.zone_start(self.round)
        tiles = f"tiles {start}–{belt.TILES}" if start < belt.TILES else f"tile {belt.TILES}"
        self.lines.append(f"The scoring zone shrinks to {tiles}.")
        for character in state.in_play:  # all in play; a silenced one's power is ignored
            if character != state.silenced:
                self.power(character, self.orders.get(character, NO_ORDER))
        self.move_conveyor()
        self.score()
        state.locked = set()

    # ----- the powers, in tiebreak order ----------------------------------------------

    def power(self, character: int, order: Order) -> None:
        state, r = self.state, self.round
        holder = state.holder[character]
        who = state.players[holder]  # the holder, as the facilitator's console names them
        if character == ISOLATED and not belt.in_zone(state.conveyor, ISOLATED, r):
            state.change_points(holder, -r)  # first in the order: no Lock can be on yet
            lost = counted(r, "point")
            state.notify(
                holder,
                f"Isolated stood outside the scoring zone: you lose {lost}.",
                f"Isolated stood outside the scoring zone: {who} loses {lost}.",
            )
        elif character == CHARITY and order.power is not None:
            self.charity(holder, order.power)
        elif character == LOCK and order.power:
            state.lock_charges -= 1
            state.locked.add(holder)
            spent = f"Lock spends a charge ({state.lock_charges} left)"
            state.notify(
                holder,
                f"{spent}: your points stay as they are for the rest of this round.",
                f"{spent}: {who}'s points stay as they are for the rest of this round.",
                power="lock",
                charges=state.lock_charges,
            )
        elif character == ONE:
            delta = -side(state.totals(), holder)
            changed = bool(delta) and state.change_points(holder, delta)
            if state.quiet:  # every round: a search's copies skip the notice's wording
                return
            if not delta:
                state.notify(
                    holder,
                    "One: you are a median player, so nothing changes.",
                    f"One: {who} is a median player, so nothing changes.",
                )
            elif changed:
                state.notify(
                    holder,
                    f"One pulls you toward the median: {signed(delta)}.",
                    f"One pulls {who} toward the median: {signed(delta)}.",
                )
            else:
                state.notify(
                    holder,
                    "One would have moved your points, but they are frozen.",
                    f"One would have moved {who}'s points, but they are frozen.",
                )
        elif character == FORCE and order.push >= 2:
            self.penalty(holder, FORCE, FORCE_PENALTY)
        elif character == JUMP and order.power:
            self.penalty(holder, JUMP, JUMP_PENALTY)
            before = state.conveyor
            state.conveyor, shifted = belt.jump(before, JUMP)
            self.record_move("jump", before, by=JUMP)
            self.lines.append("Jump leaps to the far left tile.")
            self.pickpocket(JUMP, shifted)
        elif character == EXCHANGE and order.power is not None:
            self.exchange(holder, order.power)
        elif character == GRAVITY and order.power is not None:
            self.gravity(holder, order.power)
        elif character == ANCHOR and order.power:
            self.anchored = ANCHOR  # told with the conveyor's move, if the belt shows one
            state.anchor_last = r
        elif character == SILENCE and order.power is not None:
            self.next_silence = order.power
            state.silence_last = (r, order.power)
            state.notify(holder, f"Silence will mute {name(order.power)} next round.")

    def penalty(self, holder: int, character: int, size: int) -> None:
        state = self.state
        points = size * side(state.totals(), holder)
        state.penalty[holder] += points
        who, given = state.players[holder], signed(points, "penalty point")
        if points:
            text = f"{name(character)} gives you {given}."
            about = f"{name(character)} gives {who} {given}."
        else:
            text = f"{name(character)}: you are a median player, so no penalty points."
            about = f"{name(character)}: {who} is a median player, so no penalty points."
        state.notify(holder, text, about, penalty=points)

    def charity(self, giver: int, target: int) -> None:
        state = self.state
        state.charity_last = (self.round, target)
        receiver = state.holder[target]
        giving, receiving = state.players[giver], state.players[receiver]
        if receiver == giver:
            state.notify(
                giver,
                f"Charity's point stays with you: you hold {name(target)}.",
                f"Charity's point stays with {giving}: {giving} holds {name(target)}.",
            )
        elif not state.transfer(giver, receiver, 1):
            state.notify(
                giver,
                "Charity had no point of yours to give.",
                f"Charity had no point of {giving}'s to give.",
            )
        else:
            state.notify(
                giver,
                f"Charity gives 1 of your points to {name(target)}.",
                f"Charity gives 1 of {giving}'s points to {name(target)}.",
            )
            state.notify(
                receiver,
                f"Charity gives your character {name(target)} 1 point.",
                f"Charity gives {receiving}'s character {name(target)} 1 point.",
            )

    def exchange(self, holder: int, pair: tuple[Piece, Piece]) -> None:
        state, r = self.state, self.round
        here = state.conveyor
        a, b = pair
        if belt.in_zone(here, EXCHANGE, r):
            state.notify(holder, "Exchange stood inside the scoring zone, so it swapped nothing.")
            return
        if not (belt.in_zone(here, a, r) and belt.in_zone(here, b, r)):
            state.notify(holder, f"Exchange could not swap {names([a, b])}: not both in the zone.")
            return
        state.conveyor = belt.swap(here, a, b)
        self.record_move("swap", here, by=EXCHANGE, pieces=(a, b))
        self.lines.append(f"Exchange swaps {names([a, b])}.")
        self.pickpocket(EXCHANGE, (a, b))

    def gravity(self, holder: int, target: Piece) -> None:
        state = self.state
        before = state.conveyor
        state.conveyor, moved = belt.pull(before, GRAVITY, target)
        if not moved:
            state.notify(
                holder, f"Gravity could not pull {name(target)}: out of reach or beside it."
            )
            return
        self.record_move("pull", before, by=GRAVITY, piece=target)
        self.lines.append(f"Gravity pulls {name(target)} beside it.")
        self.pickpocket(GRAVITY, moved)

    def pickpocket(self, mover: int, moved: tuple[Piece, ...]) -> None:
        """Pickpocket moved by another character's power takes 2 points from that character's
        holder, once per mover a round; a victim short of 2 points, or whose points Lock
        froze, loses nothing. A thief whose own points are frozen still takes them, and they
        are lost: what the victim sees never tells that the thief's holder spent a Lock."""
        state = self.state
        if PICKPOCKET not in moved or not self.active(PICKPOCKET) or mover in self.stolen_from:
            return
        thief, victim = state.holder[PICKPOCKET], state.holder[mover]
        if thief == victim:
            return
        self.stolen_from.add(mover)
        robbed, robber = state.players[victim], state.players[thief]
        if state.points[victim] < STEAL or victim in state.locked:
            short = state.points[victim] < STEAL
            few = f"had fewer than {counted(STEAL, 'point')}"
            why = f"you {few}" if short else "your points were frozen by Lock"
            about = f"{robbed} {few}" if short else f"{robbed}'s points were frozen by Lock"
            tried = f"Pickpocket tried to rob {name(mover)} but took nothing"
            state.notify(victim, f"{tried} ({why}).", f"{tried} ({about}).", power="pickpocket")
            state.notify(thief, f"Pickpocket could take nothing from {name(mover)}.")
            return
        stolen = counted(STEAL, "point")
        state.change_points(victim, -STEAL)
        state.notify(
            victim,
            f"Pickpocket stole {stolen} from you when {name(mover)} moved it.",
            f"Pickpocket stole {stolen} from {robbed} when {name(mover)} moved it.",
        )
        took = f"Pickpocket stole {stolen} from {name(mover)}'s holder"
        if state.change_points(thief, STEAL):
            state.notify(thief, f"{took}.")
        else:
            state.notify(
                thief,
                f"{took}, but Lock froze your points: the {stolen} are lost.",
                f"{took}, but Lock froze {robber}'s points: the {stolen} are lost.",
            )

    def record_move(self, kind: str, before: belt.Conveyor, **details: Any) -> None:
        """A move for the board to animate: the conveyor before and after, and what made it."""
        # Frozen as made (its values are pieces and conveyors, already immutable).
        after = self.state.conveyor
        self.moves.append(FrozenDict(kind=kind, before=before, after=after, **details))

    # ----- the conveyor and the zone --------------------------------------------------

    def move_conveyor(self) -> None:
        """The pushes move the conveyor, and the table is told as much as the belt shows: the
        steps short of a full turn of the pieces that move (ten, or nine round an anchored
        Anchor), and Anchor's hold only when the others moved past it. A full turn looks like
        no push, and telling more would tell that Force pushed more than once or that Anchor
        was used (so it cannot hold next round)."""
        state = self.state
        pushes = sum(order.push for c, order in self.orders.items() if c in state.in_play)
        before = state.conveyor
        state.conveyor = belt.push(before, pushes, self.anchored)
        steps = pushes % (belt.TILES - (self.anchored is not None))
        if not steps:
            self.lines.append("The conveyor is left where it was.")
            return
        self.record_move("push", before, steps=steps, anchored=self.anchored)
        moves = f"moves {counted(steps, 'step')} left"
        if self.anchored is not None:
            self.lines.append(f"Anchor holds its tile while the conveyor {moves}.")
        else:
            self.lines.append(f"The conveyor {moves}.")

    def score(self) -> None:
        state, r = self.state, self.round
        zone = state.conveyor[belt.zone_start(r) - 1 :]
        twin = DUMMY in zone and self.active(TWIN)  # with X in, Twin scores (once, never twice)
        scored: dict[int, list[int]] = {}
        for character in state.in_play:
            if character in zone or (twin and character == TWIN):
                scored.setdefault(state.holder[character], []).append(character)
        in_zone = [p for p in zone if p != DUMMY]
        self.lines.append(f"In the zone: {names(in_zone) if in_zone else 'nobody'}.")
        for seat, characters in sorted(scored.items()):
            gained = r * len(characters)
            changed = state.change_points(seat, gained)
            if state.quiet:  # nobody reads a search copy's notices
                continue
            if changed:
                state.notify(seat, f"{names(characters)} scored: {signed(gained)}.", gained=gained)
            else:
                would = f"{names(characters)} would score, but"
                state.notify(
                    seat,
                    f"{would} your points are frozen.",
                    f"{would} {state.players[seat]}'s points are frozen.",
                )
