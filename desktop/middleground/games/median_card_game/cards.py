"""Playing cards as short names ("QH", "TS"): ranks, suits, decks and how players say them.

Aces are high and suits never rank, so a card's strength is its rank alone. Two decks hold two
of every card; the names do not tell the copies apart, and nothing in the game needs to.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

RANKS = "23456789TJQKA"  # weakest to strongest: aces high
SUITS = "CDHS"  # clubs, diamonds, hearts, spades: equal in this game

RANK_NAMES = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

# The deck option: how many cards one deck holds, and its lowest rank.
DECK_SIZES = {"52": "2", "36": "6", "32": "7", "24": "9"}


def rank_value(card: str) -> int:
    """The card's strength: 0 for a two up to 12 for an ace."""
    return RANKS.index(card[0])


def rank_values(cards: Iterable[str]) -> list[int]:
    """The cards' ranks as numbers, 0 for a two up to 12 for an ace (suits never decide)."""
    return [rank_value(card) for card in cards]


def is_card_name(text: object) -> bool:
    """Whether `text` is a card's short name: a rank then a suit, such as "QH" or "TS"."""
    return isinstance(text, str) and len(text) == 2 and text[0] in RANKS and text[1] in SUITS


SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def card_label(card: str) -> str:
    """The card as printed on its corner: "Q\u2665", "10\u2660"."""
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]


def card_name(card: str, article: bool = True) -> str:
    """The card as players say it: "the queen of hearts" (or "queen of hearts")."""
    name = f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"
    return f"the {name}" if article else name


def rank_word(rank: str, plural: bool = False) -> str:
    """A rank in words: "queen", or "queens" ("sixes" for six)."""
    word = RANK_NAMES[rank]
    if not plural:
        return word
    return word + ("es" if word.endswith("x") else "s")


def deck_ranks(deck: str) -> str:
    """The ranks one deck of this size holds, weakest first."""
    return RANKS[RANKS.index(DECK_SIZES[deck]) :]


def build_deck(deck: str, copies: int) -> list[str]:
    """Every card of `copies` decks of the given size, in a fixed order (shuffle it to deal)."""
    return [rank + suit for _ in range(copies) for rank in deck_ranks(deck) for suit in SUITS]


# Every card's place in a sorted hand: rank first, then suit (looked up, not worked out, since
# search sorts hands on every deal).
_SORT_ORDER = {card: index for index, card in enumerate(r + s for r in RANKS for s in SUITS)}


def by_rank(cards: Iterable[str]) -> list[str]:
    """The cards weakest first (suits in a fixed order so a hand always reads the same)."""
    return sorted(cards, key=_SORT_ORDER.__getitem__)


def remove_cards(cards: Iterable[str], taken: Iterable[str]) -> list[str]:
    """The cards left after taking one copy of each card in `taken` out (copies count)."""
    left = Counter(cards)
    left.subtract(Counter(taken))
    return by_rank(left.elements())
