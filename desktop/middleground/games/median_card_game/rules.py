"""The Median card game in play: the leader's call, the face-down lead, the others' sealed cards.

A round is up to three decisions. With an even count of players the leader first calls high or
low (a turn). The leader then places a card face down (a turn: the card leaves the hand, and only
the leader's own view shows it). The others place theirs as one sealed decision; when the last
is in, everything is revealed and judged together.

In companion mode (`physical_deck`) the cards are dealt from a real deck: the app knows no hand
and records each round's revealed cards as one sealed decision of every player, the leader
included. Those cards are face up at the table, so the public board shows each one as it is
entered (`entered`). It counts hands and the deck as the real table does, so the game ends
when it would.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

from middleground.engine import (
    Action,
    ActionForm,
    Field,
    FrozenDict,
    Game,
    IllegalAction,
    Result,
    State,
)
from middleground.engine.events import ROUND_START
from middleground.engine.words import join_names, written

from .cards import (
    build_deck,
    by_rank,
    card_label,
    card_name,
    is_card_name,
    remove_cards,
)
from .companion import check_revealed, copies_left
from .judging import Verdict, explain_round, judge, target_name


@functools.cache
def _followers(players: int) -> tuple[tuple[int, ...], ...]:
    """By leader, every other seat in seat order; asked at every decision, so kept."""
    return tuple(tuple(s for s in range(players) if s != leader) for leader in range(players))


@functools.cache
def _every_seat(players: int) -> tuple[int, ...]:
    return tuple(range(players))


class MedianCardState(State):
    """One game: hands and deck (unless companion), the table, the pool and each won pile."""

    def __init__(self, game: Game, players: tuple[str, ...], options: FrozenDict, seed: int):
        super().__init__(game, players, options, seed)
        n = len(players)
        self.companion: bool = options["physical_deck"]
        self.full_deck = build_deck(options["deck"], options["decks"])
        named = [s for s, p in enumerate(players) if p.casefold() == options["dealer"].casefold()]
        self.dealer = named[0] if named else self.rng.randrange(n)
        self.leader = self.dealer
        self.call: str | None = None
        self.face_down: str | None = None  # the leader's card, placed and not yet revealed
        self.pool: list[str] = []
        self.won: list[list[str]] = [[] for _ in range(n)]
        self.rounds_won = [0] * n
        self.rounds: list[FrozenDict] = []  # each revealed round's public record
        self.played: list[str] = []  # every revealed card, in order
        self.final_pool: FrozenDict | None = None
        self.over = False
        size = options["hand_size"]
        # Companion mode only counts: the cards themselves stay in the players' hands.
        self.hand_count = size
        self.deck_left = len(self.full_deck) - n * size
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[str] = []
        if self.companion:
            self.log("deal", f"Deal {size} cards to each player from the real deck.")
        else:
            deck = list(self.full_deck)
            self.rng.shuffle(deck)
            for seat in range(n):
                self.hands[seat] = by_rank(deck[seat * size : (seat + 1) * size])
            self.deck = deck[n * size :]
            self.log("deal", f"Each player was dealt {size} cards.")
            for seat in range(n):
                shown = " ".join(card_label(c) for c in self.hands[seat])
                self.log("hand", f"Your hand: {shown}.", audience=[seat], cards=self.hands[seat])
        self.phase = ""
        self._start_round()

    # ----- decision points -----------------------------------------------------------

    def _start_round(self) -> None:
        self.call = None
        calls = len(self.players) % 2 == 0
        if calls:
            self.phase = "call"
        else:
            self.phase = "reveal" if self.companion else "lead"
        if not self.quiet:
            leader = self.players[self.leader]
            text = f"Round {len(self.rounds) + 1}: {leader} leads"
            text += " and calls high or low." if calls else "."
            self.log(ROUND_START, text, leader=self.leader)

    def _after_call(self) -> None:
        self.phase = "reveal" if self.companion else "lead"

    def _decision_seats(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "follow":
            return _followers(len(self.players))[self.leader]
        if phase == "call" or phase == "lead":
            return (self.leader,)
        if phase == "reveal":
            return _every_seat(len(self.players))
        return ()

    def _sealed(self) -> bool:
        return self.phase in ("follow", "reveal")

    def _terminal(self) -> bool:
        return self.over

    def _phase(self) -> str:
        return "over" if self.over else self.phase

    def _round(self) -> int:
        return len(self.rounds) + (0 if self.over else 1)

    def _legal_actions(self, seat: int) -> list[Mapping[str, Any]]:
        if self.phase == "call":
            return [{"call": "high"}, {"call": "low"}]
        if self.companion:
            left = copies_left(self.full_deck, self.played, self._others_entered(seat))
            return [{"card": c} for c in by_rank(left) if left[c] > 0]
        return [{"card": c} for c in dict.fromkeys(self.hands[seat])]

    def _others_entered(self, seat: int) -> list[str]:
        """Companion mode: the cards the other players entered this round (shown face up)."""
        return [a["card"] for s, a in self.pending.items() if s != seat]

    def _action_form(self, seat: int) -> ActionForm:
        """The seat's call or card, asked of its player ("You lead: ...") and, for the
        facilitator's console, of the seat by name ("Ann leads: ...", ActionForm.about)."""
        n, name = len(self.players), self.players[seat]
        if self.phase == "call":
            choices = tuple((c, f"{c.title()}: {target_name(n, c)} wins") for c in ("high", "low"))
            field = Field("call", "Your call", "choice", choices=choices, about=f"{name}'s call")
            return ActionForm(
                "You lead this round: call high or low first.",
                (field,),
                f"{name} leads this round: call high or low first.",
            )
        cards = tuple((a["card"], card_name(a["card"])) for a in self._legal_actions(seat))
        field = Field("card", "Card", "choice", choices=cards, about=f"{name}'s card")
        if self.companion:
            return ActionForm(f"Enter the card {name} revealed.", (field,))
        if self.phase == "lead":
            return ActionForm(
                "You lead: place a card face down.",
                (field,),
                f"{name} leads: place a card face down.",
            )
        led = f"{self.players[self.leader]} has led: place"
        return ActionForm(
            f"{led} your card face down.", (field,), f"{led} {name}'s card face down."
        )

    def _describe(self, action: Mapping[str, Any]) -> str:
        if "call" in action:
            return f"{action['call']} ({target_name(len(self.players), action['call'])} wins)"
        return card_name(action["card"])

    def _check(self, seat: int, action: Mapping[str, Any]) -> None:
        if self.phase == "call":
            if len(action) != 1 or action.get("call") not in ("high", "low"):
                raise IllegalAction(
                    "call high or low",
                    f"With {len(self.players)} players the leader first calls the round high or "
                    'low, written {"call": "high"} or {"call": "low"}.',
                )
            return
        if is_card_name(action.get("card")) and len(action) > 1:
            extra = ", ".join(written(key) for key in action if key != "card")
            raise IllegalAction(
                "card names",
                f'A card is placed with {{"card": "QH"}} and nothing else, not with {extra} too.',
            )
        if len(action) != 1 or not is_card_name(action.get("card")):
            shown = action.get("card", action)
            raise IllegalAction(
                "card names",
                'A card is written {"card": "QH"}: a rank (2-9, T, J, Q, K or A) then a suit '
                f"(C, D, H or S), not {written(shown)}.",
            )
        card = action["card"]
        if not self.companion:
            if card not in self.hands[seat]:
                raise IllegalAction(
                    "play from your hand",
                    f"{self.players[seat]} holds no {card_name(card, article=False)}.",
                )
            return
        deck, copies = self.options["deck"], self.options["decks"]
        check_revealed(card, deck, copies, self.rounds, self._others_entered(seat))

    # ----- applying decisions --------------------------------------------------------

    def _apply_turn(self, seat: int, action: Mapping[str, Any]) -> None:
        name = self.players[seat]
        if self.phase == "call":
            self.call = action["call"]
            target = target_name(len(self.players), self.call)
            self.log("call", f"{name} called {self.call}: {target} wins.", call=self.call)
            self._after_call()
            return
        card = action["card"]
        self.hands[seat].remove(card)
        self.face_down = card
        self.phase = "follow"
        if not self.quiet:
            self.log("lead", f"{name} placed a card face down.", seat=seat)
            self.log("my card", f"You placed {card_name(card)} face down.", audience=[seat])

    def _resolve(self, submissions: dict[int, Action]) -> None:
        n = len(self.players)
        cards = [""] * n
        companion, hands = self.companion, self.hands
        for seat, action in submissions.items():
            card = cards[seat] = action["card"]
            if not companion:
                hands[seat].remove(card)
        if not companion:
            assert self.face_down is not None
            cards[self.leader] = self.face_down
            self.face_down = None
        else:
            self.hand_count -= 1
        self.played.extend(cards)
        verdict = judge(cards, self.call)
        pool_taken = 0
        if verdict.winner is not None:
            pool_taken = len(self.pool)
            self.won[verdict.winner].extend(cards + self.pool)
            self.pool = []
            self.rounds_won[verdict.winner] += 1
        else:
            self.pool.extend(cards)
        drew = self.deck_left >= n
        # Frozen from a dict display: twice as fast as from keywords, and search makes one a round.
        record = FrozenDict(
            {
                "round": len(self.rounds) + 1,
                "leader": self.leader,
                "call": self.call,
                "cards": tuple(cards),
                "rank": verdict.rank,
                "holders": verdict.holders,
                "winner": verdict.winner,
                "taken": len(cards) + pool_taken if verdict.winner is not None else 0,
                "pool": len(self.pool),
                "drew": drew,
                "text": None,
            }
        )
        if not self.quiet:
            record = self._told(record)
            self.log("reveal", f"Round {record['round']}: {record['text']}", **record)
        self.rounds.append(record)
        self._draw(drew)
        self.leader = self._next_leader(verdict.winner)
        if self._hand_size() == 0:
            self._end()
        else:
            self._start_round()

    def _told(self, record: FrozenDict) -> FrozenDict:
        """The round's record with the text that explains it. A quiet state (search's) leaves
        the text out as it plays, and its views put it in, the same as a loud state's."""
        if record["text"] is not None:
            return record
        verdict = Verdict(record["rank"], record["holders"], record["winner"])
        cards, pool = record["cards"], record["pool"]
        taken = record["taken"] - len(cards) if verdict.winner is not None else 0
        text = explain_round(self.players, cards, record["call"], verdict, taken, pool)
        return FrozenDict(record, text=text)

    def _draw(self, drew: bool) -> None:
        n = len(self.players)
        if drew:
            self.deck_left -= n
            if not self.quiet:
                self.log("draw", self._draw_text())
            if self.companion:
                self.hand_count += 1
                return
            for seat in range(n):
                card = self.deck.pop()
                self.hands[seat] = by_rank([*self.hands[seat], card])
                if not self.quiet:
                    self.log("drawn", f"You drew {card_name(card)}.", audience=[seat], card=card)
        elif self.deck_left and self._hand_size() and not self.quiet:
            # After the last round the game is over: there is no draw to skip.
            self.log("draw", self._draw_text(short=True))

    def _draw_text(self, short: bool = False) -> str:
        """The draw after a round, or (`short`) why there is none. Dealt, the app says what it
        did; beside a real deck it tells the table what to do."""
        held = _cards(self.deck_left)
        if self.companion:
            if short:
                return f"The deck holds {held}, too few for everyone: nobody draws."
            return "Everyone draws one card."
        if short:
            return f"The deck held {held}, too few for everyone: nobody drew."
        return "Everyone drew one card from the deck."

    def _next_leader(self, winner: int | None) -> int:
        if len(self.players) == 2:
            rule = self.options["two_player_lead"]
            if rule == "alternate":
                return 1 - self.leader
            if winner is not None:
                return 1 - winner if rule == "loser" else winner
            return self.leader
        return self.leader if winner is None else winner

    # ----- the end -------------------------------------------------------------------

    def _end(self) -> None:
        self.over = True
        self.phase = "over"
        left = len(self.pool)
        winners = [r["winner"] for r in self.rounds if r["winner"] is not None]
        taker = None
        if left and self.options["final_pool"] == "last-winner" and winners:
            taker = winners[-1]
            self.won[taker].extend(self.pool)
            self.pool = []
        self.final_pool = FrozenDict(cards=left, to=taker)
        if left and taker is not None:
            name = self.players[taker]
            self.log("final pool", f"{name} won most recently and took the {left} pool cards.")
        elif left:
            self.log("final pool", f"The {left} cards left in the pool belong to nobody.")
        result = self._result()
        self.log("game over", result.summary, winners=result.winners)

    def _scores(self) -> list[int]:
        if self.options["scoring"] == "rounds":
            return list(self.rounds_won)
        return list(map(len, self.won))

    def _result(self) -> Result:
        scores = tuple(self._scores())
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        placements = tuple(1 + sum(1 for o in scores if o > v) for v in scores)
        unit = "rounds won" if self.options["scoring"] == "rounds" else "cards taken"
        names = join_names([self.players[s] for s in winners], 8, len(self.players))
        if len(winners) > 1:
            summary = f"Shared win: {names}, with {best} {unit} each."
        else:
            summary = f"{names} wins with {best} {unit}."
        return Result(scores, placements, winners, shared=len(winners) > 1, summary=summary)

    # ----- views ---------------------------------------------------------------------

    def _hand_size(self) -> int:
        return self.hand_count if self.companion else len(self.hands[0])

    def hand_sizes(self) -> tuple[int, ...]:
        """Cards in each hand. The leader's face-down card has left it; a follower's sealed card
        is still counted until the reveal (the board's `table` shows who has placed)."""
        if not self.companion:
            return tuple(len(h) for h in self.hands)
        placed = self.leader if self.phase == "follow" else None
        return tuple(self.hand_count - (s == placed) for s in range(len(self.players)))

    def _public_board(self) -> dict[str, Any]:
        n = len(self.players)
        placed = set(self.pending)
        if self.phase == "follow":
            placed.add(self.leader)
        return {
            "companion": self.companion,
            "deck": self.options["deck"],
            "decks": self.options["decks"],
            "deck_left": self.deck_left,
            "hand_sizes": self.hand_sizes(),
            "dealer": self.dealer,
            "leader": self.leader,
            "needs_call": n % 2 == 0,
            "call": self.call,
            "target": target_name(n, self.call) if n % 2 or self.call else None,
            "table": tuple(s in placed for s in range(n)),
            "entered": self._entered(),
            "pool": len(self.pool),
            "won": tuple(len(p) for p in self.won),
            "rounds_won": tuple(self.rounds_won),
            "scoring": self.options["scoring"],
            "scores": tuple(self._scores()),
            "rounds": tuple(map(self._told, self.rounds)),
            "played": tuple(by_rank(self.played)),
            "final_pool": self.final_pool,
        }

    def _entered(self) -> tuple[str | None, ...]:
        """Each seat's card entered this round, or None. Only beside a real deck, where a card
        is entered once turned face up at the table; a dealt card placed stays face down (the
        board knows only that it is down, from `table`) until the reveal."""
        if not self.companion:
            return (None,) * len(self.players)
        pending = self.pending
        return tuple(pending[s]["card"] if s in pending else None for s in range(len(self.players)))

    def _seat_board(self, seat: int) -> dict[str, Any]:
        board = self._public_board()
        mine = self.face_down if seat == self.leader else None
        board["my_card"] = mine
        if self.companion:
            board["hand"] = None
            board["unseen"] = tuple(remove_cards(self.full_deck, self.played))
            return board
        board["hand"] = tuple(self.hands[seat])
        known = [*self.played, *self.hands[seat], *([mine] if mine else [])]
        board["unseen"] = tuple(remove_cards(self.full_deck, known))
        return board

    # ----- copies --------------------------------------------------------------------

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, MedianCardState)
        for name in ("companion", "full_deck", "dealer", "leader", "call", "face_down", "phase"):
            setattr(other, name, getattr(self, name))
        for name in ("final_pool", "over", "hand_count", "deck_left"):
            setattr(other, name, getattr(self, name))
        other.pool = list(self.pool)
        other.won = [list(p) for p in self.won]
        other.rounds_won = list(self.rounds_won)
        other.rounds = list(self.rounds)
        other.played = list(self.played)
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)

    def _redraw_secrets(self, seat: int, rng: random.Random) -> None:
        if self.companion:
            return  # the app knows no hand, and an entry is face up at the table
        mine = [self.face_down] if seat == self.leader and self.face_down else []
        hidden = self.hands[seat] + mine + self.deck
        rng.shuffle(hidden)
        size = len(self.hands[seat])
        self.hands[seat] = by_rank(hidden[:size])
        rest = hidden[size:]
        if mine:
            self.face_down = rest.pop()
        self.deck = rest
        submitted = self.pending.get(seat)
        if submitted is not None and submitted["card"] not in self.hands[seat]:
            self.pending[seat] = FrozenDict(card=rng.choice(self.hands[seat]))


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"
