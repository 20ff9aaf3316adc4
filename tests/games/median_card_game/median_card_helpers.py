"""Playing scripted rounds of the Median card game, with dealt hands or a real deck."""

from __future__ import annotations

from middleground.engine import get_game
from middleground.games.median_card_game.cards import by_rank, remove_cards

GAME = get_game("median-card-game")
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def dealt_game(plays: list[list[str]], **options):
    """A dealt game whose hands hold each seat's listed cards (the rest of each hand and the
    deck are the other cards, in a fixed order), so the rounds can be played as written."""
    players = NAMES[: len(plays)]
    state = GAME.new_state(players, options, seed=1)
    rest = remove_cards(state.full_deck, [c for cards in plays for c in cards])
    size = options.get("hand_size", 5)
    for seat, cards in enumerate(plays):
        filler, rest = rest[: size - len(cards)], rest[size - len(cards) :]
        state.hands[seat] = by_rank([*cards, *filler])
    state.deck = rest
    return state


def play_round(state, cards: list[str], call: str | None = None) -> None:
    """Play one round: the call if any, the leader's card, then everyone else's."""
    leader = state.public_view().board["leader"]
    if call is not None:
        state.apply(leader, {"call": call})
    order = [leader] + [s for s in range(len(cards)) if s != leader]
    for seat in order:
        state.apply(seat, {"card": cards[seat]})


def names(state, seats) -> list[str | None]:
    return [None if s is None else state.players[s] for s in seats]
