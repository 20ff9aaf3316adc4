"""Dealing a full game from one seat's view, for bots that search (`Game.sample_state`).

Everything but the unseen cards is public: the rounds played say where every revealed card went
(a won pile or the pool). What one seat has not seen are the others' hands, the leader's
face-down card and the order of the deck; they are dealt at random from its `unseen` cards.
"""

from __future__ import annotations

import functools
import random
from typing import NamedTuple

from middleground.engine import FrozenDict, Game, View

from .cards import build_deck
from .rules import MedianCardState

# The same fixed list for every sample of one deck (states read it, never change it).
_deck = functools.cache(build_deck)


class Known(NamedTuple):
    """What one seat's view says, read once for a search's thousands of samples: everything
    but the deal of the unseen cards. Samples copy its lists, never change them."""

    game: Game
    view: View
    seat: int
    full_deck: list[str]
    rounds: list
    played: list[str]
    pool: list[str]
    won: list[list[str]]
    sizes: tuple[int, ...]
    unseen: tuple[str, ...]


def read(game: Game, view: View) -> Known:
    """The view's public record worked out once: where every revealed card went (a won pile
    or the pool)."""
    board, seat = view.board, view.seat
    assert seat is not None
    pool: list[str] = []
    won: list[list[str]] = [[] for _ in view.players]
    for record in board["rounds"]:
        if record["winner"] is None:
            pool.extend(record["cards"])
        else:
            won[record["winner"]].extend([*record["cards"], *pool])
            pool = []
    final = board["final_pool"]
    if final is not None and final["to"] is not None:
        won[final["to"]].extend(pool)
        pool = []
    return Known(
        game,
        view,
        seat,
        _deck(board["deck"], board["decks"]),
        list(board["rounds"]),
        [c for r in board["rounds"] for c in r["cards"]],
        pool,
        won,
        tuple(board["hand_sizes"]),
        tuple(board["unseen"]),
    )


def deal(known: Known, rng: random.Random) -> MedianCardState:
    """A state the seat cannot tell from the real one, the unseen cards dealt at random from
    `rng`; nothing is pending but a real deck's entries, which are face up at the table.

    Built field by field rather than dealt by the constructor (a shuffle, nine sorted hands and
    their events, all thrown away here): search samples one per iteration. The other seats'
    hands are left in the order dealt, since no view shows them.
    """
    view, seat = known.view, known.seat
    board = view.board
    state = object.__new__(MedianCardState)
    state.game, state.players, state.options = known.game, view.players, view.options
    state.seed, state.rng = 0, rng
    state.history, state.events, state.pending = [], [], {}
    state.companion = board["companion"]
    state.full_deck = known.full_deck
    state.dealer, state.leader, state.call = board["dealer"], board["leader"], board["call"]
    state.phase = view.phase
    state.over = view.finished
    state.rounds = list(known.rounds)
    state.played = list(known.played)
    state.rounds_won = list(board["rounds_won"])
    state.deck_left = board["deck_left"]
    state.final_pool = board["final_pool"]
    state.pool = list(known.pool)
    state.won = [list(pile) for pile in known.won]
    sizes = known.sizes
    state.face_down = None
    state.hands, state.deck = [[] for _ in view.players], []
    if state.companion:
        # A real deck's entries are face up at the table, so the sample keeps the others' own.
        state.hand_count = max(sizes) if sizes else 0
        for other, card in enumerate(board["entered"]):
            if card is not None and other != seat:
                state.pending[other] = FrozenDict(card=card)
        return state
    state.hand_count = view.options["hand_size"]
    draw = rng.random
    unseen = sorted(known.unseen, key=lambda _: draw())  # a shuffle, in C but for the keys
    hands, dealt = state.hands, 0
    for other, size in enumerate(sizes):
        if other == seat:
            hands[other] = list(board["hand"])
        else:
            hands[other] = unseen[dealt : dealt + size]
            dealt += size
    deck = unseen[dealt:]
    if state.phase == "follow":
        if seat == state.leader:
            state.face_down = board["my_card"]
        else:
            state.face_down = deck.pop()
    state.deck = deck
    return state
