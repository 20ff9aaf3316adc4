"""The Median card game's registry entry: options, presets, setup checks and the round report."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from middleground.engine import FrozenDict, Game, Option, SetupError, State, View
from middleground.engine.words import written

from .cards import build_deck


class MedianCardGame(Game):
    id = "median-card-game"
    title = "Median game"
    pitch = "Play a card face down; the lone middle card takes the round and the pool."
    min_players = 2
    max_players = 20
    rules_file = "median-card-game.md"
    sampling = "sampling"  # sampling.py: read a view once, deal each search sample
    action_help = (
        '{"card": "QH"}: the card a player places (rank 2-9, T, J, Q, K or A, then suit C, D, '
        'H or S). With an even number of players the leader first calls {"call": "high"} or '
        '{"call": "low"}, then places a card face down, then the others place theirs. With '
        "physical_deck true (companion mode for a real deck) the app deals nothing: after the "
        "call, each player's action is the card they revealed, in any order; cards already "
        "played or not in the deck are refused."
    )
    presets = (
        ("Standard", {}),
        ("Score rounds won", {"scoring": "rounds"}),
        ("Two decks", {"decks": 2}),
        ("Short deck (32 cards)", {"deck": "32"}),
        ("Long hands (8 cards)", {"hand_size": 8}),
        ("Two players: loser leads", {"two_player_lead": "loser"}),
        ("Final pool to the last winner", {"final_pool": "last-winner"}),
        ("Companion for a real deck", {"physical_deck": True}),
        ("Companion, two decks", {"physical_deck": True, "decks": 2}),
    )
    options = (
        Option("hand_size", "Cards in each hand", 5, "Cards dealt to each player.", 1, 26),
        Option(
            "deck",
            "Deck",
            "52",
            "A full deck, or a smaller one without the low ranks.",
            choices=(
                ("52", "52 cards (two to ace)"),
                ("36", "36 cards (six to ace)"),
                ("32", "32 cards (seven to ace)"),
                ("24", "24 cards (nine to ace)"),
            ),
        ),
        Option("decks", "Decks", 1, "How many decks are shuffled together.", 1, 2),
        Option(
            "dealer",
            "Dealer",
            "",
            "The player who leads the first round, or one drawn at random.",
            one_player="Drawn at random",
        ),
        Option(
            "scoring",
            "Score",
            "cards",
            "Count the cards each player took, or the rounds each player won.",
            choices=(("cards", "Cards taken"), ("rounds", "Rounds won")),
        ),
        Option(
            "two_player_lead",
            "Two players: who leads",
            "alternate",
            "With two players, leading is a big edge: take turns, let the loser of the last "
            "round lead, or keep the usual rule (the last winner leads).",
            choices=(
                ("alternate", "Take turns"),
                ("loser", "The last loser"),
                ("winner", "The last winner"),
            ),
            applies=("players", (2,)),
        ),
        Option(
            "final_pool",
            "Pool at the end",
            "unclaimed",
            "Cards still in the pool when the hands run out belong to nobody, or go to the "
            "player who won the last round that had a winner.",
            choices=(("unclaimed", "Nobody takes it"), ("last-winner", "The last winner")),
        ),
        Option(
            "physical_deck",
            "Real deck (companion mode)",
            False,
            "Play with a real deck: the app deals nothing; enter the cards as they are "
            "revealed and it judges each round and keeps the score.",
        ),
    )

    bots_module = "bots"
    search_module = "search:CardGamePolicy"

    def round_report(self, view: View) -> list[dict[str, Any]]:
        names = view.players
        return [
            {
                "round": r["round"],
                "leader": names[r["leader"]],
                "call": r["call"],
                "cards": dict(zip(names, r["cards"], strict=True)),
                "median": r["rank"],
                "winner": None if r["winner"] is None else names[r["winner"]],
                "taken": r["taken"],
                "pool": r["pool"],
                # A sentence of its own here, not the end of "Round N: ..." as the log has it.
                "text": r["text"][:1].upper() + r["text"][1:],
            }
            for r in view.board["rounds"]
        ]

    def standings(self, view: View) -> list[tuple[str, str]]:
        board = view.board
        rounds = board["scoring"] == "rounds"
        counts = board["rounds_won"] if rounds else board["won"]
        unit = "round{} won" if rounds else "card{} taken"
        return [
            (name, f"{count} {unit.format('' if count == 1 else 's')}")
            for name, count in zip(view.players, counts, strict=True)
        ]

    def bots_barred(self, options: Mapping[str, Any]) -> str:
        if not options.get("physical_deck"):
            return ""
        return (
            "With a real deck, bots cannot play: a bot holds no cards, so the card it entered "
            "could be one a player at the table really holds."
        )

    def secret_hands(self, options: Mapping[str, Any]) -> str:
        if options.get("physical_deck"):
            return ""  # everyone holds their own cards
        return (
            "The app deals each player a hand that only their own screen shows, and at a "
            "facilitator's table the players have no screen of their own. Play at the table or "
            'in solo practice, or with a real deck (the variant "Companion for a real deck"), '
            "where the players hold their own cards."
        )

    def entries_public(self, options: Mapping[str, Any]) -> bool:
        # Beside a real deck each card is entered once turned face up, and the call is made
        # aloud: nothing a player enters or sees at their screen is secret.
        return bool(options.get("physical_deck"))

    def _check_setup(self, players: tuple[str, ...], options: FrozenDict) -> None:
        dealer = options["dealer"]
        if dealer and dealer.casefold() not in (p.casefold() for p in players):
            raise SetupError(
                f"The dealer must be one of the players ({', '.join(players)}), "
                f"not {written(dealer)}."
            )
        cards = len(build_deck(options["deck"], options["decks"]))
        needed = len(players) * options["hand_size"]
        if needed > cards:
            most = next(o.maximum for o in self.options if o.key == "decks")
            fixes = [f"deal at most {cards // len(players)} each"] if cards >= len(players) else []
            if options["decks"] < most:
                fixes.append("add a deck")
            if options["deck"] != "52":
                fixes.append("use the full deck")
            if not fixes:
                fixes.append("seat fewer players")
            advice = fixes[0] if len(fixes) == 1 else f"{', '.join(fixes[:-1])} or {fixes[-1]}"
            raise SetupError(
                f"Dealing {options['hand_size']} cards to each of {len(players)} players takes "
                f"{needed} cards, but the deck holds {cards}: {advice}."
            )

    def _check_limits(self, players: tuple[str, ...], options: FrozenDict) -> None:
        """A new table is also refused "the loser leads" for more than two players: it is a
        two-player rule, and any other table would play the usual rule without a word. (The
        default, taking turns, cannot be told from an untouched setting, and "the last
        winner" is the usual rule anyway.) A game saved before this still opens: a save is
        set up again without the limits."""
        super()._check_limits(players, options)
        if options["two_player_lead"] == "loser" and len(players) != 2:
            raise SetupError(
                f"The loser of a round leads the next only in a game of two players; with "
                f"{len(players)}, the last winner leads, as usual. Play with two players, or "
                f"choose another variant."
            )

    def _new_state(self, players: tuple[str, ...], options: FrozenDict, seed: int) -> State:
        from .rules import MedianCardState

        return MedianCardState(self, players, options, seed)
