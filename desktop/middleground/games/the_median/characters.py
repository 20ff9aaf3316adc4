"""The fourteen characters of The Median: tiebreak values, names, power glyphs and summaries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DUMMY = "X"  # the dummy piece on the conveyor; nobody holds it


@dataclass(frozen=True)
class Character:
    """One character: its tiebreak value doubles as its id and its place in the power order."""

    value: int
    name: str
    glyph: str  # one letter for a token on the board
    power: str  # a sentence or two, in our words


CHARACTERS: dict[int, Character] = {
    c.value: c
    for c in (
        Character(
            1,
            "Isolated",
            "I",
            "Its holder loses the round's points when it starts the round outside the zone.",
        ),
        Character(
            2,
            "Pickpocket",
            "P",
            "Moved by another character's power, it takes 2 points from that character's holder.",
        ),
        Character(3, "Reach", "R", "Its gifts may go to any character, near or far."),
        Character(4, "Charity", "C", "May hand 1 point to another character each round."),
        Character(
            5,
            "Lock",
            "L",
            "3 charges: each keeps its holder's points as they are from Lock's turn on.",
        ),
        Character(
            6,
            "One",
            "O",
            "Pulls its holder 1 point toward the median; traded only while silenced.",
        ),
        Character(
            7,
            "Force",
            "F",
            "May push the conveyor 2 or 3 times. Pushing more than once gives its holder +2 "
            "penalty points if above the median player, -2 if below.",
        ),
        Character(
            8,
            "Jump",
            "J",
            "May leap to the far left tile. Leaping gives its holder +3 penalty points if "
            "above the median player, -3 if below.",
        ),
        Character(9, "Humble", "H", "Its holder is shown one place lower in the ranking."),
        Character(10, "Exchange", "E", "From outside the zone, may swap two pieces inside it."),
        Character(11, "Gravity", "G", "May pull a piece within 3 tiles to its side."),
        Character(12, "Anchor", "A", "May stay put while the conveyor moves (not twice running)."),
        Character(13, "Twin", "T", "Also scores when X is in the scoring zone."),
        Character(14, "Silence", "S", "May mute another character's power for the next round."),
    )
}

ISOLATED, PICKPOCKET, REACH, CHARITY, LOCK, ONE, FORCE = 1, 2, 3, 4, 5, 6, 7
JUMP, HUMBLE, EXCHANGE, GRAVITY, ANCHOR, TWIN, SILENCE = 8, 9, 10, 11, 12, 13, 14

LOCK_CHARGES = 3
GRAVITY_REACH = 3

# The key a character's power takes inside its order (see orders.py); Force's power is its push.
POWER_KEYS = {
    CHARITY: "gift",
    LOCK: "lock",
    JUMP: "jump",
    EXCHANGE: "swap",
    GRAVITY: "pull",
    ANCHOR: "anchor",
    SILENCE: "silence",
}

_BY_NAME = {c.name.casefold(): c.value for c in CHARACTERS.values()}

Piece = int | str  # a character's tiebreak value, or DUMMY

# The spellings orders arrive in (keys of frozen actions are strings): a lookup, not a parse.
_EXACT: dict[str, Piece] = {str(v): v for v in CHARACTERS} | {DUMMY: DUMMY}
_EXACT |= {c.name: c.value for c in CHARACTERS.values()}


def name(piece: Piece) -> str:
    """The piece as players call it: 'Force' or 'X'."""
    return DUMMY if piece == DUMMY else CHARACTERS[int(piece)].name


def label(piece: Piece) -> str:
    """The piece with its tiebreak value in brackets, the number printed on its piece:
    'Force (7)' or 'X'. Every panel, notice and result writes it so (see TIEBREAK_NOTE)."""
    return DUMMY if piece == DUMMY else f"{CHARACTERS[int(piece)].name} ({piece})"


# What the number in brackets means, told where a player first meets it (the draft panel,
# tooltips) in the words of the rules text's "Tiebreak values" paragraph.
TIEBREAK_NOTE = (
    "The number after a name, as in Anchor (12), is the character's tiebreak value, also "
    "printed on its piece: powers act from the lowest value up, and at the end the values "
    "of the characters you hold settle a tie on score."
)


def parse_piece(value: Any) -> Piece | None:
    """A piece from its tiebreak value, its name or 'X'; None when it names nothing."""
    kind = type(value)
    if kind is str:
        exact = _EXACT.get(value)
        if exact is not None:
            return exact
    elif kind is int:
        return value if value in CHARACTERS else None
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value in CHARACTERS else None
    if isinstance(value, str):
        text = value.strip()
        if text.upper() == DUMMY:
            return DUMMY
        if text.isascii() and text.isdigit():  # not "²": int() cannot read it
            return parse_piece(int(text))
        return _BY_NAME.get(text.casefold())
    return None


def parse_character(value: Any) -> int | None:
    """A character (never X) from its tiebreak value or name."""
    piece = parse_piece(value)
    return None if piece is None or piece == DUMMY else int(piece)


def names(pieces: list[Piece] | tuple[Piece, ...]) -> str:
    """'Force', 'Force and Jump', 'Force, Jump and X'."""
    words = [name(p) for p in pieces]
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
