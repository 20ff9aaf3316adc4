"""It's Good Enough: everyone secretly picks a number; the median scores; the median total wins."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from middleground.engine import (
    ActionForm,
    Field,
    FrozenDict,
    Game,
    IllegalAction,
    Result,
    State,
)
from middleground.engine.events import MY_CHOICE, ROUND_START
from middleground.engine.words import counted, join_names, written

from .reveal import explain_round, extra_round, most_extra_rounds
from .scoring import (
    Decision,
    RoundScore,
    Verdict,
    decide_by_peeling,
    decide_plainly,
    format_number,
    score_round,
    standing,
)

ROUND_LIMIT = 100  # a game played to a points target stops here even if nobody scores
MIN_ROUNDS = 3  # every game lasts at least three rounds, a points target reached or not


class GoodEnoughState(State):
    """Rounds of sealed picks; `rounds` holds each revealed round's public outcome."""

    def __init__(self, game: Game, players: tuple[str, ...], options: FrozenDict, seed: int):
        super().__init__(game, players, options, seed)
        n = len(players)
        self.seats = tuple(range(n))  # everyone picks, every round
        self.cards = options["numbers"] == "cards"  # numbered cards dealt, not free numbers
        self.rounds: list[FrozenDict] = []  # public outcome of each revealed round
        self.round_points: list[tuple[int, ...]] = []  # points each seat scored, per round
        self.points = [0] * n
        self.over = False
        self.extra = 0  # sudden-death rounds begun
        self.in_extra = False
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.undealt: list[int] = []
        self.discards: list[int] = []
        self.plans: list[list[int]] = [[] for _ in range(n)]  # all-at-once: numbers listed so far
        self.planning = options["reveal"] == "all-at-once"
        if self.cards:
            deck = list(range(1, options["deck"] + 1))
            self.rng.shuffle(deck)
            size = options["rounds"] + 1
            for seat in range(n):
                self.hands[seat] = sorted(deck[seat * size : (seat + 1) * size])
            self.undealt = deck[n * size :]
            self.log("deal", f"Each player was dealt {size} numbered cards.")
            for seat in range(n):
                hand = ", ".join(map(str, self.hands[seat]))
                self.log("hand", f"Your cards: {hand}.", audience=[seat], cards=self.hands[seat])
        self.log(ROUND_START, self._round_start_text())

    # ----- decision points -----------------------------------------------------------

    def _decision_seats(self) -> tuple[int, ...]:
        if self.planning:  # all at once: everyone whose list is not complete yet
            total = self.options["rounds"]
            return tuple(s for s in self.seats if len(self.plans[s]) < total)
        return self.seats

    def _sealed(self) -> bool:
        """A round's numbers are sealed until all are in. All at once, each listed number
        goes straight onto its player's own list instead, which nobody else sees until every
        list is complete: a player writes the whole list in one go, as on paper, and at a
        shared computer the screen stays with them until it is done."""
        return not self.planning

    def _terminal(self) -> bool:
        return self.over

    def _holds_back(self) -> bool:
        return self.planning  # all at once: the listed numbers are revealed together

    def _round_scores(self) -> list[tuple[int, ...]]:
        totals, rows = [0] * len(self.players), []
        for points in self.round_points:
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            rows.append(tuple(totals))
        return rows

    def _phase(self) -> str:
        if self.over:
            return "over"
        return "plan" if self.planning else "pick"

    def _round(self) -> int:
        return len(self.rounds) + (0 if self.over else 1)

    def _legal_actions(self, seat: int) -> list[Mapping[str, Any]]:
        if self.cards:
            used = set(self.plans[seat])
            return [{"number": c} for c in self.hands[seat] if c not in used]
        return [{"number": n} for n in range(self.options["low"], self.options["high"] + 1)]

    def _action_form(self, seat: int) -> ActionForm:
        name = self.players[seat]  # of whom the facilitator's console asks (ActionForm.about)
        if self.cards:
            cards = [a["number"] for a in self._legal_actions(seat)]
            choices = tuple((c, str(c)) for c in cards)
            field = Field("number", "Card", "choice", choices=choices, about=f"{name}'s card")
        else:
            low, high = self.options["low"], self.options["high"]
            field = Field(
                "number", "Your number", "int", minimum=low, maximum=high, about=f"{name}'s number"
            )
        return ActionForm(self._prompt(seat), (field,), self._prompt(seat, name))

    def _prompt(self, seat: int, named: str | None = None) -> str:
        """What `seat` does now, in the words of the table: a card where cards are played;
        `named`, asked of the seat by that name ("Round 2: Ann's number.")."""
        if self.planning:
            which = f"round {len(self.plans[seat]) + 1} of {self.options['rounds']}"
            if named is not None:
                return f"{named}'s {self._pick} for {which}."
            return f"List your {self._pick} for {which}."
        if named is not None:
            act = f"{named}'s {self._pick}"
        else:
            act = "play a card" if self.cards else "pick your number"
        if self.extra_round_due():
            return f"{self._extra_label(self.extra)}: {act}."
        return f"Round {len(self.rounds) + 1}: {act}."

    @property
    def _pick(self) -> str:
        """What a player picks: a card, or a number."""
        return "card" if self.cards else "number"

    def _describe(self, action: Mapping[str, Any]) -> str:
        return f"card {action['number']}" if self.cards else f"{action['number']}"

    def _choice_done(self, action: Mapping[str, Any]) -> str:
        """A number is picked, a card played, and either listed when all rounds are revealed
        at once: the verbs of the prompts and the buttons."""
        verb = "listed" if self.planning else ("played" if self.cards else "picked")
        return f"{verb} {self._describe(action)}"

    def _choices_done(self, actions: Sequence[Mapping[str, Any]]) -> str:
        """All at once, a seat's list as it stands: how many it holds, not its last number."""
        if self.planning:
            return f"listed {counted(len(actions), self._pick)}"
        return self._choice_done(actions[-1])

    def _check(self, seat: int, action: Mapping[str, Any]) -> None:
        if len(action) != 1 or "number" not in action:
            raise IllegalAction("one number", 'A choice is one number, written {"number": N}.')
        number = action["number"]
        if isinstance(number, bool) or not isinstance(number, int):
            raise IllegalAction(
                "whole numbers", f"Numbers are whole numbers, not {written(number)}."
            )
        if self.cards:
            if number not in self.hands[seat] or number in self.plans[seat]:
                raise IllegalAction(
                    "play from your hand", f"{self.players[seat]} holds no card {written(number)}."
                )
            return
        low, high = self.options["low"], self.options["high"]
        if not low <= number <= high:
            raise IllegalAction(
                "number range", f"Numbers go from {low} to {high}, not {written(number)}."
            )

    # ----- resolution ----------------------------------------------------------------

    def _resolve(self, submissions: dict[int, Mapping[str, Any]]) -> None:
        self._score([submissions[s]["number"] for s in range(len(self.players))])
        self._after_round()

    def _apply_turn(self, seat: int, action: Mapping[str, Any]) -> None:
        """All at once: the number goes onto the player's own list; the last list completed
        reveals every round, scored in order."""
        total = self.options["rounds"]
        self.plans[seat].append(action["number"])
        if not self.quiet:
            listed = len(self.plans[seat])
            chose = f"You listed {self._describe(action)} for round {listed}."
            self.log(MY_CHOICE, chose, audience=[seat])
            if listed == total:
                done = f"{self.players[seat]} has listed a {self._pick} for every round."
                self.log("submitted", done, seat=seat)
        if any(len(plan) < total for plan in self.plans):
            return
        self.planning = False
        self.log("plan", f"Everyone has listed all their {self._pick}s: the reveal.")
        for index in range(total):
            self._score([plan[index] for plan in self.plans])
        self.plans = [[] for _ in self.players]
        self._after_round()

    def _score(self, picks: list[int]) -> None:
        scored = score_round(picks, self.options["scoring"])
        points = tuple(1 if s in scored.scorers else 0 for s in range(len(self.players)))
        for seat in scored.scorers:
            self.points[seat] += 1
        if self.cards:
            for seat, card in enumerate(picks):
                self.hands[seat].remove(card)
            self.discards.extend(picks)
        number = len(self.rounds) + 1
        extra = self.extra_round_due()
        # What it was played to (the target) and the text are left out of a quiet round
        # (search's copies) and told only if a view is made of it: the same view as told now.
        played = FrozenDict(
            round=number,
            extra=extra,
            picks=tuple(picks),
            disqualified=scored.disqualified,
            target=None,
            scorers=scored.scorers,
            text=None,
        )
        self.round_points.append(points)
        if self.quiet:
            self.rounds.append(played)
            return
        outcome = self._told(played, scored)
        self.rounds.append(outcome)
        label = self._extra_label(self.extra) if extra else f"Round {number}"
        self.log("reveal", f"{label}: {outcome['text']}", **outcome)

    def _extra_label(self, extra: int) -> str:
        return extra_round(extra, most_extra_rounds(self.options))

    def _told(self, played: FrozenDict, scored: RoundScore | None = None) -> FrozenDict:
        """A played round's public outcome, with its target and, in words, why it scored as it
        did (as it stands if already told)."""
        if played["text"] is not None:
            return played
        method = self.options["scoring"]
        if scored is None:
            scored = score_round(played["picks"], method)
        target = scored.target
        return FrozenDict(
            played,
            target=None if target is None else format_number(target),
            text=explain_round(self.players, played["picks"], scored, method),
        )

    def extra_round_due(self) -> bool:
        """Whether the next round to play is a sudden-death round."""
        return self.in_extra and not self.over

    def _set_rounds_done(self) -> bool:
        if self.in_extra:
            return True
        if self.options["end"] == "points":
            target = self.options["points_target"]
            played = len(self.rounds)
            return played >= ROUND_LIMIT or (played >= MIN_ROUNDS and sum(self.points) >= target)
        return len(self.rounds) >= self.options["rounds"]

    def _after_round(self) -> None:
        if not self._set_rounds_done():
            if not self.quiet:
                self.log(ROUND_START, self._round_start_text())
            return
        verdict = self._decision().verdict
        tied = self.options["tiebreak"] == "sudden-death" and not verdict.unique
        if tied and self.extra < most_extra_rounds(self.options):
            self.in_extra = True
            self.extra += 1
            extra = self._extra_label(self.extra).lower()
            if self.cards:  # why only one: each player has a single card left
                extra += ", with everyone's last card,"
            tie = f"{self._tie_text(verdict)}: {extra} may break the tie."
            self.log(ROUND_START, " ".join(filter(None, (self._stopped_text(), tie))))
            return
        self.over = True
        self._announce_end()

    def _tie_text(self, verdict: Verdict) -> str:
        """Why the totals name no winner, in the rules' words: an even count of distinct
        totals has no middle total, or several players share the middle one."""
        if len(set(verdict.totals)) % 2 == 0:
            low, high = sorted({verdict.totals[s] for s in verdict.candidates})
            return (
                f"There is no single middle total ({counted(low, 'point')} and "
                f"{counted(high, 'point')} are the two middle ones)"
            )
        total = counted(verdict.twice_median // 2, "point")
        return f"{_names(self.players, verdict.candidates)} share the middle total, {total}"

    def _round_start_text(self) -> str:
        if self.planning:
            return f"List a {self._pick} for every round; nothing is shown until all are in."
        if self.options["end"] == "points":
            if sum(self.points) >= self.options["points_target"]:  # met before the third round
                return (
                    f"Round {len(self.rounds) + 1} begins: enough points are handed out, but "
                    f"every game lasts at least {MIN_ROUNDS} rounds."
                )
            return f"Round {len(self.rounds) + 1} begins."
        return f"Round {len(self.rounds) + 1} of {self.options['rounds']} begins."

    # ----- the end -------------------------------------------------------------------

    def _decision(self) -> Decision:
        if self.options["tiebreak"] == "peel":
            return decide_by_peeling(self.round_points, len(self.players))
        return decide_plainly(self.round_points, len(self.players))

    def _announce_end(self) -> None:
        decision = self._decision()
        self.log("game over", self._end_text(decision), winners=decision.winners)

    def _stopped_text(self) -> str:
        """Why a game played to a points total ended short of it: "The game stopped after 100
        rounds with 1 of the 100 points handed out." Empty unless the round limit ended it."""
        if self.options["end"] != "points" or len(self.rounds) < ROUND_LIMIT:
            return ""
        target = self.options["points_target"]
        handed = sum(map(sum, self.round_points[:ROUND_LIMIT]))  # extra rounds come after
        if handed >= target:
            return ""
        return (
            f"The game stopped after {ROUND_LIMIT} rounds with {handed or 'none'} of the "
            f"{counted(target, 'point')} handed out."
        )

    def _end_text(self, decision: Decision) -> str:
        """Who won and how, as the log, the board and the projector say it at the end; first,
        where the round limit ended a game short of its points total, why it stopped."""
        return " ".join(filter(None, (self._stopped_text(), self._winner_text(decision))))

    def _winner_text(self, decision: Decision) -> str:
        """Who won and how: the middle total, a tie-break, or a tie left unbroken."""
        names = _names(self.players, decision.winners)
        if decision.shared and self.extra and self.extra >= most_extra_rounds(self.options):
            if self.cards:
                return f"The cards ran out with the tie unbroken: {names} share the win."
            if self.extra == 1:
                return f"The extra round left the tie unbroken: {names} share the win."
            return f"The extra rounds ran out with the tie unbroken: {names} share the win."
        if decision.shared:  # the outer rounds ran out first
            return f"Ignoring outer rounds left the tie unbroken: {names} share the win."
        total = counted(decision.deciding.twice_median // 2, "point")
        if decision.peeled:  # the totals that decided are those of the rounds left
            return (
                f"{names} wins on the tie-break: {rounds_counted(*decision.counted)} "
                f"({rounds_ignored(decision.peeled)} ignored), the middle total is {total}."
            )
        if not self.extra:
            return f"{names} wins with the middle total, {total}."
        after = "an extra round" if self.extra == 1 else f"{self.extra} extra rounds"
        return f"{names} wins with the middle total, {total}, after {after}."

    def _scores(self) -> list[int]:
        return list(self.points)

    def _result(self) -> Result:
        decision = self._decision()
        # Places and notes follow the totals that decided: after a tie-break that ignored
        # outer rounds, those over the rounds left, which each note names.
        placements = standing(decision.deciding, decision.winners)
        counted_over = rounds_counted(*decision.counted, short=True) if decision.peeled else ""
        # Why the winner won, as the board said it: a player with the most points, placed
        # under the winner, reads that the middle total wins, not the highest; a shared win
        # reads that the tie-break left the tie.
        return Result(
            scores=tuple(self.points),
            placements=placements,
            winners=decision.winners,
            losers=(),
            shared=decision.shared,
            summary=self._end_text(decision),
            notes=place_notes(decision.deciding, counted_over),
        )

    # ----- views ---------------------------------------------------------------------

    def _public_board(self) -> dict[str, Any]:
        options = self.options
        board: dict[str, Any] = {
            "range": (options["low"], options["high"]),
            "scoring": options["scoring"],
            "end": options["end"],
            "rounds_total": options["rounds"] if options["end"] == "rounds" else None,
            "points_target": options["points_target"] if options["end"] == "points" else None,
            "awarded": sum(self.points),
            "rounds": tuple(map(self._told, self.rounds)),
            "scores": tuple(self.points),
            "extra_round": self.extra_round_due() and not self.over,
            "cards": self.cards,
        }
        if self.cards:
            board["discards"] = tuple(sorted(self.discards))
            # The cards each player holds, those listed included until the reveal: how far
            # another player's list has come is not shown, so a bot that is thinking need
            # not think again each time one more card is listed.
            board["hand_sizes"] = tuple(len(h) for h in self.hands)
        if self.over:
            board["outcome"] = self._end_text(self._decision())
        return board

    def _seat_board(self, seat: int) -> dict[str, Any]:
        board = self._public_board()
        if self.cards:
            board["hand"] = tuple(c for c in sorted(self.hands[seat]) if c not in self.plans[seat])
        if self.planning:
            board["plan"] = tuple(self.plans[seat])
        return board

    # ----- copies --------------------------------------------------------------------

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, GoodEnoughState)
        other.seats, other.cards = self.seats, self.cards
        other.rounds = list(self.rounds)
        other.round_points = list(self.round_points)
        other.points = list(self.points)
        other.over = self.over
        other.extra = self.extra
        other.in_extra = self.in_extra
        other.hands = [list(h) for h in self.hands]
        other.undealt = list(self.undealt)
        other.discards = list(self.discards)
        other.plans = [list(p) for p in self.plans]
        other.planning = self.planning

    def _redraw_secrets(self, seat: int, rng: random.Random) -> None:
        if self.cards:
            hidden = self.hands[seat] + self.undealt
            rng.shuffle(hidden)
            size = len(self.hands[seat])
            self.hands[seat], self.undealt = sorted(hidden[:size]), hidden[size:]
            planned = len(self.plans[seat])
            self.plans[seat] = self.hands[seat][:planned]
            if seat in self.pending:
                free = [c for c in self.hands[seat] if c not in self.plans[seat]]
                self.pending[seat] = FrozenDict(number=rng.choice(free))
        elif self.planning:
            low, high = self.options["low"], self.options["high"]
            self.plans[seat] = [rng.randint(low, high) for _ in self.plans[seat]]


def place_notes(verdict: Verdict, counted_over: str = "") -> tuple[str, ...]:
    """Each seat's total beside the middle total, which its place follows (see `standing`):
    "on the middle total", "2 points above the middle total". With two middle totals (an even
    count of distinct totals), a total is on one of them or past the nearer one. After a
    tie-break that ignored outer rounds, `counted_over` names the rounds that decided, and each
    note leads with them and the seat's total over them: "over rounds 2-4: 2 points, 1 point
    above the middle total", since the score shown beside it is the whole game's."""
    middle = {verdict.totals[s] for s in verdict.candidates}
    low, high = min(middle), max(middle)
    which = "the middle total" if low == high else "the middle totals"
    notes = []
    for total in verdict.totals:
        if total in middle:
            note = "on the middle total" if low == high else "on a middle total"
        elif total > high:
            note = f"{counted(total - high, 'point')} above {which}"
        else:
            note = f"{counted(low - total, 'point')} below {which}"
        if counted_over:
            note = f"{counted_over}: {counted(total, 'point')}, {note}"
        notes.append(note)
    return tuple(notes)


SMALL_COUNTS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def rounds_counted(first: int, last: int, short: bool = False) -> str:
    """The rounds a tie-break counted, as a phrase: "over rounds 2 to 4" ("over rounds 2-4"
    where `short`, a note in a row), "over rounds 3 and 4". Never one round alone: its totals
    are 0 and 1, which name no single middle total."""
    if last == first + 1:
        return f"over rounds {first} and {last}"
    return f"over rounds {first}-{last}" if short else f"over rounds {first} to {last}"


def rounds_ignored(peeled: int) -> str:
    """The outer rounds a tie-break ignored: "the first and last rounds", "the first two and
    last two rounds"."""
    if peeled == 1:
        return "the first and last rounds"
    count = SMALL_COUNTS[peeled - 1] if peeled <= len(SMALL_COUNTS) else str(peeled)
    return f"the first {count} and last {count} rounds"


def _names(players: tuple[str, ...], seats: tuple[int, ...]) -> str:
    return join_names([players[s] for s in seats], 8, len(players)) or "Nobody"
