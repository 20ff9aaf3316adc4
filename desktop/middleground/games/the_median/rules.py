"""The Median: nine players, a ten-tile conveyor, nine rounds; finish exactly 5th.

The draft and the rounds are sealed decisions of all nine seats (a seat with nothing to choose
confirms, so the hand-offs never show who holds what); gifts and trades are free actions.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from middleground.engine import ActionForm, Field, FrozenDict, IllegalAction, Result, State, freeze
from middleground.engine.events import ROUND_START
from middleground.engine.result import ranks_by_outcome
from middleground.engine.words import counted, join_names, ordinal, written

from . import conveyor as belt
from . import trading
from .characters import (
    ANCHOR,
    CHARACTERS,
    CHARITY,
    DUMMY,
    HUMBLE,
    LOCK,
    LOCK_CHARGES,
    SILENCE,
    label,
    name,
    names,
    parse_character,
)
from .draft import PASSES, fallback, resolve_pass
from .orders import (
    Order,
    check_orders,
    describe_orders,
    last_target,
    legal_orders,
    order_form,
    orders_by_character,
)
from .powers import RoundResolution
from .standings import PLAYERS, contested_places, displayed_order, final_order
from .trade_rules import known_points

_EVERY_SEAT = [tuple(range(n)) for n in range(PLAYERS + 1)]  # everyone decides, every time


class MedianState(State):
    """Draft, then nine rounds. `holder` (character -> seat) is secret; views show each seat
    only its own characters."""

    def __init__(self, game: Any, players: tuple[str, ...], options: FrozenDict, seed: int):
        super().__init__(game, players, options, seed)
        n = len(players)
        self.phase = "draft"
        self.draft_pass = 1
        self.free: tuple[int, ...] = tuple(sorted(CHARACTERS))  # a tuple: search keys on it
        self.last_pick: dict[int, int] = {}
        self.last_taken: tuple[int, ...] = ()  # the characters the last pass gave out
        self.start = [0] * n  # each seat's drafted character: the [2] tie-break
        self.holder: dict[int, int] = {}
        self.in_play: tuple[int, ...] = ()
        self.conveyor: belt.Conveyor = ()
        self.round = 0
        self.points = [0] * n
        self.penalty = [0] * n
        self.hidden_gifts = [0] * n  # points received in gifts whose size the seat never learnt
        self.gift_count = [0] * n
        self.lock_charges = LOCK_CHARGES
        self.charity_last: tuple[int, int] | None = None  # (round, target)
        self.silence_last: tuple[int, int] | None = None
        self.anchor_last: int | None = None  # the round Anchor last held
        self.silenced: int | None = None  # the character muted this round
        self.locked: set[int] = set()  # seats whose points Lock froze, during a resolution
        self.offers: list[FrozenDict] = []
        self.next_offer = 0
        self.rankings: list[tuple[int, ...]] = []  # the ranking as displayed after each round
        self.reports: list[FrozenDict] = []  # each round's public outcome
        # Each seat's orders as read when they were checked, with the action they came from,
        # so the resolution reads them once (a state loaded from a save simply reads again).
        self.checked: dict[int, tuple[Mapping[str, Any], dict[int, Order]]] = {}
        # (seat, character): orders a seat sent for a character that changed hands after, so
        # they no longer count this round, even if the character comes back to that seat.
        self.dropped_orders: frozenset[tuple[int, int]] = frozenset()
        self.log("draft", "Draft pass 1: everyone picks a character in secret.", free=self.free)

    # ----- helpers the rule modules use ----------------------------------------------

    def held(self, seat: int) -> list[int]:
        return sorted(c for c, s in self.holder.items() if s == seat)

    def totals(self) -> list[int]:
        return [p + q for p, q in zip(self.points, self.penalty, strict=True)]

    def known_points(self, seat: int) -> int:
        """The points a seat knows it has: its points less the gifts it received, whose sizes
        it never learns, plus 1 for each of them (a gift is at least 1 point). Never more than
        its points, and all a seat may give or trade away, so that no refusal tells it more."""
        return known_points(self.points[seat] - self.hidden_gifts[seat], self.gift_count[seat])

    def change_points(self, seat: int, delta: int) -> bool:
        """Add to a seat's points unless Lock froze them this round."""
        if seat in self.locked:
            return False
        self.points[seat] += delta
        return True

    def transfer(self, giver: int, receiver: int, points: int) -> bool:
        """Move points between seats; nothing moves if either is frozen or the giver is short."""
        if giver in self.locked or receiver in self.locked or self.points[giver] < points:
            return False
        self.points[giver] -= points
        self.points[receiver] += points
        return True

    def notify(self, seat: int, text: str, about: str = "", **data: Any) -> None:
        """Tell `seat` alone: `text` speaks to its player ("your points"), `about` tells the
        same of the seat by name ("Ann's points") for the facilitator's console; a notice
        that says no "you" needs none (Event.about)."""
        self.log("notice", text, audience=[seat], about=about, **data)

    def give_character(self, character: int, seat: int, by: int) -> None:
        """A character changes hands, as seat `by` did it: its new holder learns what travels
        with it and, if their orders are in, that it gets none from them this round; its last
        holder, if their orders named it, that those no longer count (orders belong to the
        holder at the deadline), so they stay dropped should it come back to them this round.
        Whichever of the two did not do it is to be told (see TheMedian.must_tell)."""
        before = self.holder[character]
        self.holder[character] = seat
        sent = self.pending.get(before, {}).get("orders", {}) if self.phase == "round" else {}
        dropped = any(parse_character(key) == character for key in sent)
        if dropped:
            self.dropped_orders |= {(before, character)}
        if self.quiet:  # a search's copies skip the notices' wording
            return
        travels = []  # what comes with the character, said alike to anyone
        if character == LOCK:
            travels.append(f"Lock has {counted(self.lock_charges, 'charge')} left")
        if self.silenced == character:
            travels.append("it is silenced this round")
        who = self.players[seat]
        facts = [f"You now hold {label(character)}", *travels]
        about = [f"{who} now holds {label(character)}", *travels]
        if self.phase == "round" and seat in self.pending:
            facts.append(
                "your orders are already in, so it neither pushes nor uses a power for you "
                "this round, but it scores for you and what it does without orders counts "
                "for you"
            )
            about.append(
                f"{who}'s orders are already in, so it neither pushes nor uses a power for "
                f"{who} this round, but it scores for {who} and what it does without orders "
                f"counts for {who}"
            )
        self.notify(
            seat,
            "; ".join(facts) + ".",
            "; ".join(about) + ".",
            received=character,
            tell=seat != by,
        )
        if dropped:
            former = self.players[before]
            gone = f"orders for {name(character)} no longer count: it is not"
            self.notify(
                before,
                f"Your {gone} yours now.",
                f"{former}'s {gone} {former}'s now.",
                tell=before != by,
            )

    # ----- decision points -----------------------------------------------------------

    def _decision_seats(self) -> tuple[int, ...]:
        return _EVERY_SEAT[len(self.players)]

    def _sealed(self) -> bool:
        return True

    def _terminal(self) -> bool:
        return self.phase == "over"

    def _phase(self) -> str:
        return self.phase

    def _round(self) -> int:
        return self.round

    def _placed(self, seat: int) -> bool:
        return self.start[seat] != 0

    def _legal_actions(self, seat: int) -> list[Mapping[str, Any]]:
        if self.phase == "draft":
            if self._placed(seat):
                return [{"wait": True}]
            return [{"pick": c} for c in self.free if c != self.last_pick.get(seat)]
        return legal_orders(self, seat)

    def _action_form(self, seat: int) -> ActionForm:
        if self.phase != "draft":
            return order_form(self, seat)
        if self._placed(seat):
            ready = Field("wait", "Ready", "choice", choices=((True, "Wait for the others"),))
            draft = f"Draft pass {self.draft_pass}"
            named = f"{draft}: {self.players[seat]} has a character. Confirm."
            return ActionForm(f"{draft}: you have a character. Confirm.", (ready,), named)
        choices = tuple((c, label(c)) for c in self.free if c != self.last_pick.get(seat))
        field = Field("pick", "Character", "choice", choices=choices)
        return ActionForm(f"Draft pass {self.draft_pass}: pick a character in secret.", (field,))

    def _describe(self, action: Mapping[str, Any]) -> str:
        if "orders" in action:
            return describe_orders(action["orders"])
        if "pick" in action:
            pick = parse_character(action["pick"])
            return label(pick) if pick else "no character"
        return "to wait for the others"

    def _check(self, seat: int, action: Mapping[str, Any]) -> None:
        if self.phase != "draft":
            self.checked[seat] = (action, check_orders(self, seat, action))
            return
        if self._placed(seat):
            if dict(action) != {"wait": True}:
                raise IllegalAction("draft", 'You have a character: confirm with {"wait": true}.')
            return
        if len(action) != 1 or "pick" not in action:
            raise IllegalAction("draft", 'A draft pick is {"pick": CHARACTER}.')
        pick = parse_character(action["pick"])
        if pick is None or pick not in self.free:
            free = [label(c) for c in self.free if c != self.last_pick.get(seat)]
            choices = ", ".join(free[:-1]) + f" or {free[-1]}" if len(free) > 1 else free[0]
            raise IllegalAction(
                "draft", f"{written(action['pick'])} is not a free character: pick {choices}."
            )
        if pick == self.last_pick.get(seat):
            raise IllegalAction("pick again", f"Pick a character other than {name(pick)} now.")

    def _is_free(self, action: Mapping[str, Any]) -> bool:
        return trading.is_free(action)

    def _free_actions(self, seat: int) -> list[Mapping[str, Any]]:
        return trading.free_actions(self, seat)

    def _check_free(self, seat: int, action: Mapping[str, Any]) -> None:
        trading.check_free(self, seat, action)

    def _apply_free(self, seat: int, action: Mapping[str, Any]) -> None:
        trading.apply_free(self, seat, action)

    # ----- the draft -----------------------------------------------------------------

    def _place(self, seat: int, character: int, how: str, dealt: bool = False) -> None:
        """`seat` gets `character`: the one it picked, or one `dealt` at random, which it is
        to be told (see TheMedian.must_tell)."""
        self.holder[character] = seat
        self.start[seat] = character
        at = self.free.index(character)
        self.free = self.free[:at] + self.free[at + 1 :]
        if not self.quiet:
            text = f"{how}: you are {label(character)}."
            about = f"{how}: {self.players[seat]} is {label(character)}."
            self.notify(seat, text, about, drafted=character, tell=dealt)

    def _resolve(self, submissions: dict[int, Mapping[str, Any]]) -> None:
        if self.phase == "draft":
            self._resolve_draft(submissions)
        else:
            self._resolve_round(submissions)

    def _resolve_draft(self, submissions: dict[int, Mapping[str, Any]]) -> None:
        # Every pick was checked (or came from the legal actions): a whole number is already a
        # free character's value, anything else is one of its other spellings.
        picks: dict[int, int] = {}
        for seat, action in submissions.items():
            pick = action.get("pick")
            if pick is not None:
                picks[seat] = pick if type(pick) is int else parse_character(pick)
        outcome = resolve_pass(picks)
        how = f"Pass {self.draft_pass}"
        self.last_taken = tuple(sorted(outcome.granted.values()))
        for seat, character in sorted(outcome.granted.items()):
            self._place(seat, character, how)
        for seat, character in sorted(outcome.contested.items()):
            self.last_pick[seat] = character
            if not self.quiet:
                self.notify(seat, f"Someone else picked {name(character)} too: nobody gets it.")
        unplaced = [s for s, drafted in enumerate(self.start) if not drafted]
        given: dict[int, int] = {}
        if unplaced and self.draft_pass >= PASSES:
            given = fallback(unplaced, self.free, self.last_pick, self.rng)
            for seat, character in sorted(given.items()):
                self._place(seat, character, "Given at random after the last pass", dealt=True)
            unplaced = []
        if not self.quiet:  # a search's copies skip the wording
            dealt = tuple(sorted(given.values()))
            told = after_label(pass_outcome(self.last_taken, len(unplaced), dealt))
            self.log("draft", f"Draft pass {self.draft_pass}: {told}")
        if not unplaced:
            self._begin()
            return
        self.draft_pass += 1
        if not self.quiet:  # the next pass opens in the boards' log after Continue
            again = "picks again" if len(unplaced) == 1 else "pick again"
            self.log(
                ROUND_START,
                f"Draft pass {self.draft_pass}: {counted(len(unplaced), 'player')} {again}. "
                f"Still free: {names(self.free)}.",
                free=self.free,
            )

    def _begin(self) -> None:
        self.phase = "round"
        self.in_play = tuple(sorted(self.holder))
        self.conveyor = belt.setup(self.in_play, DUMMY)
        self.round = 1
        if not self.quiet:
            self.log(
                "setup",
                f"The conveyor, left to right: {names(self.conveyor)}.",
                conveyor=self.conveyor,
            )
            self.log(ROUND_START, "Round 1 begins (worth 1 point).")

    # ----- a round -------------------------------------------------------------------

    def _resolve_round(self, submissions: dict[int, Mapping[str, Any]]) -> None:
        r = self.round
        orders = orders_by_character(self.holder, submissions, self.checked, self.dropped_orders)
        self.checked, self.dropped_orders = {}, frozenset()
        resolution = RoundResolution(self, orders)
        resolution.run()
        humble = self.holder[HUMBLE] if HUMBLE in self.in_play and self.silenced != HUMBLE else None
        ranking = tuple(displayed_order(self.totals(), humble))
        self.rankings.append(ranking)
        report = FrozenDict(
            round=r,
            zone=(belt.zone_start(r), belt.TILES),
            conveyor=self.conveyor,
            moves=tuple(resolution.moves),
            lines=tuple(resolution.lines),
            ranking=ranking,
        )
        self.reports.append(report)
        if not self.quiet:  # the stories are for people: search reads none of them
            shown = ", ".join(self.players[s] for s in ranking)
            told = after_label(" ".join(report["lines"]))
            self.log("round", f"Round {r}: {told} Ranking: {shown}.", **report)
        trading.lapse_offers(self)
        self.silenced = resolution.next_silence
        if r >= belt.ROUNDS:
            self.phase = "over"
            if not self.quiet:
                self.log("game over", self._result().summary)
            return
        self.round = r + 1
        if not self.quiet:
            self._announce_round()

    def _announce_round(self) -> None:
        """The next round's start, and the silenced character's holder told so."""
        if self.silenced is not None:
            self.notify(
                self.holder[self.silenced],
                f"{name(self.silenced)} is silenced this round: its power is ignored.",
                silenced=self.silenced,
                tell=True,
            )
        self.log(ROUND_START, f"Round {self.round} begins (worth {counted(self.round, 'point')}).")

    # ----- the end -------------------------------------------------------------------

    def _scores(self) -> list[int]:
        return self.totals()

    def final_order(self) -> list[int]:
        sums = [sum(self.held(s)) for s in range(len(self.players))]
        return final_order(self.totals(), sums, self.start)

    def _result(self) -> Result:
        order = self.final_order()
        n = len(self.players)
        placements = [0] * n
        for place, seat in enumerate(order, start=1):
            placements[seat] = place
        losing, winning = contested_places(n)
        winners = tuple(order[p - 1] for p in winning)
        losers = tuple(sorted(order[p - 1] for p in losing))
        tokens = {str(s): {"life": 2} for s in winners} | {str(s): {"death": 1} for s in losers}
        won = " and ".join(self.players[s] for s in winners)
        lost = " and ".join(f"{self.players[order[p - 1]]} ({ordinal(p)})" for p in losing)
        summary = (
            f"{won} finishes {ordinal(winning[0])} and wins 2 tokens of life; "
            f"{lost} both lose, a token of death each."
        )
        ties = self._contested_ties(order)
        return Result(
            scores=tuple(self.totals()),
            placements=tuple(placements),
            winners=winners,
            losers=losers,
            tokens=freeze(tokens),
            summary=summary,
            ranks=ranks_by_outcome(n, winners, losers),
            notes=tuple(
                "; ".join(filter(None, (self._held_note(s), ties.get(s)))) for s in range(n)
            ),
        )

    def _contested_ties(self, order: list[int]) -> dict[int, str]:
        """How each player in a tie that reaches a place that wins or loses [2][3] was placed,
        for their note: the sum of the tiebreak values they held at the end (lowest first),
        then, where another in the tie held the same sum, the character they started with."""
        totals = self.totals()
        losing, winning = contested_places(len(order))
        told: dict[int, str] = {}
        first = 0
        while first < len(order):
            group = [s for s in order[first:] if totals[s] == totals[order[first]]]
            places = set(range(first + 1, first + len(group) + 1))
            first += len(group)
            if len(group) < 2 or not places & {*losing, *winning}:
                continue
            sums = [sum(self.held(s)) for s in group]
            for seat, held in zip(group, sums, strict=True):
                told[seat] = f"tied on {counted(totals[seat], 'point')}, held sum {held}"
                if sums.count(held) > 1:
                    told[seat] += f", started as {label(self.start[seat])}"
        return told

    def _held_note(self, seat: int) -> str:
        """What a seat held at the end, secret until then: 'held Force (7); 4 penalty points'."""
        held = self.held(seat)
        note = "held " + join_names([label(c) for c in held]) if held else "held no character"
        if self.penalty[seat]:
            note += f"; {counted(self.penalty[seat], 'penalty point')}"
        return note

    # ----- views ---------------------------------------------------------------------

    def _public_board(self) -> dict[str, Any]:
        board: dict[str, Any] = {
            "rounds_total": belt.ROUNDS,
            "draft_pass": self.draft_pass,
            "draft_taken": self.last_taken,
            "draft_passes": PASSES,
            "free": self.free,
            "in_play": self.in_play,
            "conveyor": self.conveyor,
            "scoring_zone": (belt.zone_start(self.round), belt.TILES) if self.round else (),
            "ranking": self.rankings[-1] if self.rankings else (),
            "rounds": tuple(self.reports),
        }
        if self.phase == "over":
            board["final"] = FrozenDict(
                order=tuple(self.final_order()),
                scores=tuple(self.totals()),
                penalty=tuple(self.penalty),
                holders=tuple(tuple(self.held(s)) for s in range(len(self.players))),
                starts=tuple(self.start),
            )
        return board

    def _seat_board(self, seat: int) -> dict[str, Any]:
        board = self._public_board()
        r = self.round
        mine = []
        for c in self.held(seat):
            entry: dict[str, Any] = {
                "id": c,
                "tile": belt.tile(self.conveyor, c) if self.conveyor else 0,
                "silenced": self.silenced == c,
            }
            if c == LOCK:
                entry["lock_charges"] = self.lock_charges
            if c == CHARITY:
                entry["last_target"] = last_target(self.charity_last, r)
            if c == SILENCE:
                entry["last_target"] = last_target(self.silence_last, r)
            if c == ANCHOR:
                entry["rested"] = self.anchor_last == r - 1
            mine.append(entry)
        over = self.phase == "over"
        board["me"] = FrozenDict(
            characters=freeze(mine),
            drafted=self.start[seat],
            last_pick=self.last_pick.get(seat),
            points=self.points[seat] - (0 if over else self.hidden_gifts[seat]),
            unknown_gifts=0 if over else self.gift_count[seat],
            penalty=self.penalty[seat],
            offers_to_me=tuple(o for o in self.offers if o["to"] == seat),
            my_offers=tuple(o for o in self.offers if o["by"] == seat),
            notices=tuple(e.text for e in self.events if e.audience and seat in e.audience),
            # The characters whose orders this seat sent this round no longer count: it was
            # told so when each changed hands.
            dropped_orders=tuple(sorted(c for s, c in self.dropped_orders if s == seat)),
        )
        return board

    # ----- copies --------------------------------------------------------------------

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, MedianState)
        # Values that never change in place are shared; the containers are copied.
        other.phase, other.round, other.draft_pass = self.phase, self.round, self.draft_pass
        other.free, other.in_play, other.conveyor = self.free, self.in_play, self.conveyor
        other.lock_charges, other.silenced = self.lock_charges, self.silenced
        other.charity_last, other.silence_last = self.charity_last, self.silence_last
        other.anchor_last, other.next_offer = self.anchor_last, self.next_offer
        other.last_pick = dict(self.last_pick)
        other.last_taken = self.last_taken
        other.start = list(self.start)
        other.holder = dict(self.holder)
        other.points = list(self.points)
        other.penalty = list(self.penalty)
        other.hidden_gifts = list(self.hidden_gifts)
        other.gift_count = list(self.gift_count)
        other.locked = set(self.locked)
        other.offers = list(self.offers)
        other.checked = dict(self.checked)
        other.dropped_orders = self.dropped_orders
        other.rankings = list(self.rankings)
        other.reports = list(self.reports)

    def reseeded_copy(self, seed: int) -> MedianState:
        """A copy of the game's fields and events with no history, nothing pending and its own
        rng seeded from `seed`, as a new state's: the sampler deals each determinization into
        one, copied from the state it read off the view once."""
        other = object.__new__(type(self))
        State.__init__(other, self.game, self.players, self.options, seed)
        other.events = list(self.events)
        self._clone_into(other)
        return other

    def _redraw_secrets(self, seat: int, rng: random.Random) -> None:
        """A seat's score and its Lock's charges are its own secrets until the game ends."""
        if self.phase != "round":
            return
        self.points[seat] = rng.randint(-10, 45)
        self.penalty[seat] = rng.choice((-5, -2, 0, 3, 6))
        if self.holder.get(LOCK) == seat:
            self.lock_charges = rng.randint(0, LOCK_CHARGES)


def pass_outcome(taken: tuple[int, ...], without: int, dealt: tuple[int, ...] = ()) -> str:
    """What a draft pass that leaves `without` players with no character came to, as the
    table may know it (which characters were taken, never by whom): "Twin is taken; 2
    players still have no character." The last pass says that every player has one now, and
    names those `dealt` at random after it to the players still without one, as the conveyor
    will show them anyway."""
    if taken:
        are = "is" if len(taken) == 1 else "are"
        outcome = f"{names(taken)} {are} taken"
    else:
        outcome = "No character is taken (every pick was made by two or more players)"
    if dealt:
        go = "goes" if len(dealt) == 1 else "go"
        still = "the player" if len(dealt) == 1 else f"the {len(dealt)} players"
        return (
            f"{outcome}; {names(dealt)} {go} at random to {still} still without a character, "
            "so every player has one."
        )
    if not without:
        return f"{outcome}; every player has a character."
    have = "has" if without == 1 else "have"
    return f"{outcome}; {counted(without, 'player')} still {have} no character."


def after_label(text: str) -> str:
    """A sentence as it reads after a label and a colon ("Round 2: the scoring zone
    shrinks..."): lowercase, unless it begins with a name (a character's, or X)."""
    first = re.split(r"\W", text, maxsplit=1)[0]
    if first in _NAMES or not text:
        return text
    return text[0].lower() + text[1:]


_NAMES = frozenset(c.name for c in CHARACTERS.values()) | {DUMMY}
