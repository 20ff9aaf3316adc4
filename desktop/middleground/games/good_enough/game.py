"""It's Good Enough's entry in the registry: names, options, setup checks and sampling. The
rules themselves (rules.py) load when a game starts, so the home screen lists this one without
them."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from middleground.engine import FrozenDict, Game, Option, SetupError, State, View
from middleground.engine.words import counted, written

if TYPE_CHECKING:
    from .rules import GoodEnoughState


class GoodEnough(Game):
    id = "good-enough"
    title = "It's Good Enough"
    pitch = "Everyone secretly picks a number. Be the median, not the crowd."
    min_players = 3
    max_players = 50
    rules_file = "good-enough.md"
    action_help = (
        '{"number": N}: the number this player picks this round (a card\'s number in the '
        "numbered-card variant). In the all-at-once variant each player sends one such action per "
        "round, in round order, before any is revealed; one player may list them all before the "
        "next begins."
    )

    bots_module = "bots"
    search_module = "playout:GoodEnoughPolicy"

    presets = (
        ("Standard", {}),
        ("Closest to the mean", {"scoring": "mean"}),
        ("Play to 8 points", {"end": "points", "points_target": 8}),
        ("Extra rounds break ties", {"tiebreak": "sudden-death"}),
        ("Numbered cards", {"numbers": "cards", "deck": 60}),
        ("All rounds at once", {"reveal": "all-at-once"}),
        ("Small range 1-10", {"low": 1, "high": 10}),
    )
    options = (
        Option(
            "rounds",
            "Rounds",
            5,
            "How many rounds are played (at least 3).",
            3,
            50,
            applies=("end", ("rounds",)),
        ),
        Option(
            "low",
            "Lowest number",
            0,
            "The smallest number a player may pick.",
            -1000,
            1000,
            applies=("numbers", ("free",)),
        ),
        Option(
            "high",
            "Highest number",
            100,
            "The largest number a player may pick.",
            -1000,
            1000,
            applies=("numbers", ("free",)),
        ),
        Option(
            "scoring",
            "Scoring",
            "median",
            "Score the number at the median, or the one closest to the mean: the mean of the "
            "numbers left in once shared ones are out, or of every number picked.",
            choices=(
                ("median", "Median"),
                ("mean", "Closest to the mean of the numbers left in"),
                ("mean-all", "Closest to the mean of every number"),
            ),
        ),
        Option(
            "end",
            "Game ends",
            "rounds",
            "After the set rounds, or once enough points have been handed out.",
            choices=(("rounds", "After the set rounds"), ("points", "At a points total")),
        ),
        Option(
            "points_target",
            "Points to hand out",
            10,
            "With the points ending: the game ends after the round that brings the points "
            "handed out to everyone together to this total (and after three rounds at least).",
            1,
            500,
            applies=("end", ("points",)),
        ),
        Option(
            "tiebreak",
            "Tie-break",
            "peel",
            "Break a tie by ignoring rounds from both ends, or by extra rounds.",
            choices=(("peel", "Ignore outer rounds"), ("sudden-death", "Extra rounds")),
        ),
        Option(
            "extra_rounds",
            "Most extra rounds",
            5,
            "With the extra-rounds tie-break: how many extra rounds at most. With numbered "
            "cards there is one at most, as each player has one spare card.",
            1,
            20,
            applies=(("tiebreak", ("sudden-death",)), ("numbers", ("free",))),
        ),
        Option(
            "numbers",
            "Numbers",
            "free",
            "Pick any number in the range, or play numbered cards from a dealt hand.",
            choices=(("free", "Any number"), ("cards", "Numbered cards")),
        ),
        Option(
            "deck",
            "Cards in the deck",
            100,
            "With numbered cards: the deck holds cards 1 to this.",
            3,
            1000,
            applies=("numbers", ("cards",)),
        ),
        Option(
            "reveal",
            "Reveal",
            "each-round",
            "Reveal every round as it is played, or list all rounds' numbers up front.",
            choices=(("each-round", "Round by round"), ("all-at-once", "All at once")),
        ),
    )

    def round_report(self, view: View) -> list[dict[str, Any]]:
        names = view.players
        return [
            {
                "round": r["round"],
                "extra": r["extra"],
                "picks": dict(zip(names, r["picks"], strict=True)),
                "disqualified": [names[s] for s in r["disqualified"]],
                "target": r["target"],
                "scorers": [names[s] for s in r["scorers"]],
                # A sentence of its own here, not the end of "Round N: ..." as the log has it.
                "text": r["text"][:1].upper() + r["text"][1:],
            }
            for r in view.board["rounds"]
        ]

    def extra_rounds(self, view: View) -> tuple[int, ...]:
        """The tie-break's extra rounds, played once the set rounds left the winners tied."""
        return tuple(r["round"] for r in view.board["rounds"] if r["extra"])

    def secret_hands(self, options: Mapping[str, Any]) -> str:
        if options.get("numbers") != "cards":
            return ""  # a number in the head is told to the facilitator
        return (
            "With numbered cards the app deals each player a hand that only their own screen "
            "shows, and at a facilitator's table the players have no screen of their own. Play "
            "numbered cards at the table or in solo practice, or let the players pick any "
            "number."
        )

    def _check_setup(self, players: tuple[str, ...], options: FrozenDict) -> None:
        if options["numbers"] == "free" and options["low"] >= options["high"]:
            raise SetupError("The lowest number must be below the highest number.")
        set_rounds = options["end"] == "rounds"
        if options["numbers"] == "cards":
            if not set_rounds:
                raise self._either(
                    "Numbered cards are dealt for a set number of rounds",
                    ("end", "rounds"),
                    ("numbers", "free"),
                )
            needed = len(players) * (options["rounds"] + 1)
            if options["deck"] < needed:
                raise SetupError(
                    f"A deck of {options['deck']} cards is too small to deal "
                    f"{options['rounds'] + 1} cards to each of {len(players)} players "
                    f"({needed} needed)."
                )
        if options["reveal"] == "all-at-once" and not set_rounds:
            raise self._either(
                "Listing every round's number up front needs a set number of rounds",
                ("end", "rounds"),
                ("reveal", "each-round"),
            )

    def _either(self, why: str, *settings: tuple[str, str]) -> SetupError:
        """A fault that either of `settings` (key, value) puts right: on the setup screen each
        named as it shows them ("set Game ends to After the set rounds"), for a script as it
        is written ("set "end": "rounds"")."""
        options = {o.key: o for o in self.options}
        shown = [f"{options[key].label} to {options[key].shown(value)}" for key, value in settings]
        scripted = [f"{written(key)}: {written(value)}" for key, value in settings]
        return SetupError(
            f"{why}: set {', or '.join(shown)}.", scripted=f"{why}: set {', or '.join(scripted)}."
        )

    def _check_limits(self, players: tuple[str, ...], options: FrozenDict) -> None:
        super()._check_limits(players, options)
        if options["end"] == "points":
            from .rules import ROUND_LIMIT
            from .scoring import most_points_a_round

            per_round = most_points_a_round(len(players))
            most = per_round * ROUND_LIMIT
            if options["points_target"] > most:
                raise SetupError(
                    f"{len(players)} players can be handed at most {most} points: a round hands "
                    f"out at most {counted(per_round, 'point')}, and a game stops after "
                    f"{ROUND_LIMIT} rounds. Choose a smaller points total."
                )

    @functools.cached_property
    def _state_type(self) -> type[GoodEnoughState]:
        """The rules' state, imported when a game is first played (start-up loads no rules) and
        kept: search builds one every iteration."""
        from .rules import GoodEnoughState

        return GoodEnoughState

    def _new_state(self, players: tuple[str, ...], options: FrozenDict, seed: int) -> State:
        return self._state_type(self, players, options, seed)

    def _sample_state(self, view: View, rng: random.Random) -> State:
        """Rebuild the game from one seat's view; deal what it has not seen at random.

        Hidden from the seat: the others' cards and the undealt ones (numbered cards), and the
        numbers the others have listed so far (all at once: a list the seat knows only to be
        complete or not, drawn whole or left to be listed). Everything else is on the board.
        """
        board, seat, n = view.board, view.seat, len(view.players)
        assert seat is not None
        state = self._state_type(self, view.players, view.options, rng.getrandbits(32))
        state.rounds = list(board["rounds"])
        state.round_points = [
            tuple(1 if s in r["scorers"] else 0 for s in range(n)) for r in board["rounds"]
        ]
        state.points = list(board["scores"])
        state.over = view.finished
        state.extra = sum(1 for r in board["rounds"] if r["extra"]) + bool(board["extra_round"])
        state.in_extra = state.extra > 0
        state.planning = view.phase == "plan"
        rounds = view.options["rounds"]
        own_plan = list(board.get("plan", ()))
        # All at once, a list still being written is drawn as not begun: search lists all of it.
        listed = [0 if s in view.awaiting else rounds for s in range(n)]
        if state.cards:
            own_hand = list(board["hand"]) + own_plan
            seen = set(own_hand) | set(board["discards"])
            unseen = [c for c in range(1, view.options["deck"] + 1) if c not in seen]
            rng.shuffle(unseen)
            for other in range(n):
                if other == seat:
                    state.hands[other] = sorted(own_hand)
                    continue
                size = board["hand_sizes"][other]
                dealt, unseen = unseen[:size], unseen[size:]
                state.hands[other] = sorted(dealt)
                if state.planning:
                    state.plans[other] = dealt[: listed[other]]  # a random choice of its cards
            state.undealt = unseen
            state.discards = list(board["discards"])
        elif state.planning:
            low, high = view.options["low"], view.options["high"]
            for other in range(n):
                state.plans[other] = [rng.randint(low, high) for _ in range(listed[other])]
        if state.planning:
            state.plans[seat] = own_plan
        return state
