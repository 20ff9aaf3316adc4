"""The Median's entry in the registry: names, the action objects, presets and the referee's
round report."""

from __future__ import annotations

from typing import Any

from middleground.engine import Event, FrozenDict, Game, State, View
from middleground.engine.words import ordinal

from .characters import name
from .standings import PLAYERS


class TheMedian(Game):
    id = "the-median"
    title = "The Median"
    pitch = "Nine players, hidden characters, a conveyor belt: finish exactly 5th."
    min_players = PLAYERS
    max_players = PLAYERS
    rules_file = "the-median.md"
    sampling = "sampling"  # sampling.py: read a view once, deal each search sample
    presets = (("Standard", {}),)

    bots_module = "bots"
    search_module = "search:MedianPolicy"
    scores_public = False  # a ranking is shown after each round, never the points

    action_help = (
        'Draft: {"pick": C} (a free character by tiebreak value or name, not your last '
        'contested pick); a player who already has one confirms {"wait": true}. Rounds: every '
        'player sends {"orders": {C: {"push": N, "power": {...}}}} with one order per character '
        "they hold ({} when none): push 0 or 1 (Force 0-3); power Charity "
        '{"gift": C}, Lock {"lock": true}, Jump {"jump": true}, Exchange {"swap": [A, B]}, '
        'Gravity {"pull": A}, Anchor {"anchor": true}, Silence {"silence": C} (A, B may be "X"). '
        'Free actions in a round: {"gift": {"from": C, "to": C2, "points": N}}, '
        '{"hand_over": {"character": C, "to": PLAYER}}, {"offer": {"to": PLAYER, "give": SIDE, '
        '"get": SIDE}} with SIDE {"characters": [...], "points": N, "from": C, "into": C2}, '
        '{"accept": ID}, {"decline": ID}. Bots and random players are offered a sample of the '
        "power targets and trades; every action in this description is accepted."
    )

    def must_tell(self, event: Event) -> bool:
        """The news that changes what a player holds or may do and that they cannot see
        coming, as the rules mark it ("tell"): a character dealt at random after the draft,
        one received, an offer of theirs accepted, orders of theirs that no longer count, a
        silence on a character they hold (the rules' Table rulings: At a facilitator's
        table)."""
        return bool(event.data.get("tell"))

    def round_report(self, view: View) -> list[dict[str, Any]]:
        names = view.players
        return [
            {
                "round": r["round"],
                "zone": list(r["zone"]),
                "conveyor": [name(p) for p in r["conveyor"]],
                "ranking": [names[s] for s in r["ranking"]],
                "moves": [m["kind"] for m in r["moves"]],
                "text": " ".join(r["lines"]),
            }
            for r in view.board["rounds"]
        ]

    def standings(self, view: View) -> list[tuple[str, str]]:
        """Only the displayed ranking is public: places, never scores."""
        ranking = view.board.get("ranking") or ()
        final = view.board.get("final")
        if isinstance(final, FrozenDict):
            ranking = final["order"]
        place = {seat: index + 1 for index, seat in enumerate(ranking)}
        return [(n, ordinal(place[s]) if s in place else "") for s, n in enumerate(view.players)]

    def _new_state(self, players: tuple[str, ...], options: FrozenDict, seed: int) -> State:
        from .rules import MedianState

        return MedianState(self, players, options, seed)
