"""Who may trade what, as one seat sees it: the rules the engine checks and the panel offers.

Everything here reads a `Sight`, the few facts of one seat's view that trading depends on, so
an answer never depends on another seat's secrets: whether someone else's Reach or One is
silenced is theirs to know, and the rules judge it as working. The engine builds a Sight from
the state (trading.sight_of), the panel from its seat's view (Sight.from_board); a property
test holds the two to the same answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import conveyor as belt
from .characters import ONE, REACH


def known_points(points_seen: int, unknown_gifts: int) -> int:
    """The points a seat knows it has, all it may give or trade away: the points it sees plus
    1 for each gift it received, whose size it never learns (a gift is at least 1 point)."""
    return points_seen + unknown_gifts


@dataclass(frozen=True)
class Sight:
    """What one seat knows that trading depends on: the belt, the characters in play, its own
    characters, which of them are silenced this round, and the points it knows it has."""

    conveyor: belt.Conveyor
    in_play: tuple[int, ...]
    mine: tuple[int, ...]
    silenced: frozenset[int]  # of mine only
    points: int

    @classmethod
    def from_board(cls, board: Mapping[str, Any]) -> Sight:
        """The Sight of the seat whose view's board this is (its "me" part)."""
        me = board["me"]
        return cls(
            conveyor=tuple(board["conveyor"]),
            in_play=tuple(board["in_play"]),
            mine=tuple(c["id"] for c in me["characters"]),
            silenced=frozenset(c["id"] for c in me["characters"] if c["silenced"]),
            points=known_points(me["points"], me["unknown_gifts"]),
        )

    def others(self) -> list[int]:
        """The characters in play that other players hold."""
        return [c for c in self.in_play if c not in self.mine]


def one_binds(sight: Sight) -> bool:
    """Whether One's ban holds me: I hold One and it is not silenced this round (Silence mutes
    the whole power, the ban on trading and on giving One away included)."""
    return ONE in sight.mine and ONE not in sight.silenced


def may_give(sight: Sight, points: int) -> bool:
    """Whether I may give `points` away: only the points I know I have."""
    return points <= sight.points


def reaches(sight: Sight, sender: int, receiver: int) -> bool:
    """Whether points may pass from `sender` to `receiver`: between neighbours, and from Reach
    to anyone. A silence on Reach counts only when Reach is mine: I was told of it; anyone
    else's Reach I judge as working (an offer asking for its points is settled on acceptance,
    see accept_blocked)."""
    if sender == REACH and REACH not in sight.silenced:
        return True
    return belt.adjacent(sight.conveyor, sender, receiver)


def receivers(sight: Sight, sender: int) -> list[int]:
    """Other players' characters my `sender` may give points to."""
    return [c for c in sight.others() if reaches(sight, sender, c)]


def senders_into(sight: Sight, receiver: int) -> list[int]:
    """Other players' characters I may ask to send points into my `receiver`."""
    return [c for c in sight.others() if reaches(sight, c, receiver)]


def giveable(sight: Sight) -> list[int]:
    """My characters I may hand over or offer: all but a One whose ban holds me."""
    return [c for c in sight.mine if c != ONE or not one_binds(sight)]


def askable(sight: Sight) -> list[int]:
    """The characters I may ask for in an offer: other players', never One (whether One is
    silenced is its holder's secret, and an answer that depended on it would tell)."""
    return [c for c in sight.others() if c != ONE]


def accept_blocked(sight: Sight, offer: Mapping[str, Any]) -> bool:
    """Whether a silence on my Reach keeps me from accepting `offer`: it asks for points from
    Reach into a character that is not Reach's neighbour (the belt stands still during a
    round, so nothing else can have come between an offer's sender and receiver). Whoever
    asked could not know of the silence (see reaches), so only I am refused; they see a
    decline or the offer lapsing."""
    get = offer["get"]
    return bool(get["points"]) and not reaches(sight, get["from"], get["into"])


@dataclass(frozen=True)
class TradeChoices:
    """Every trade one seat may make now, as its Trade tab and the bots' free actions list
    them: each choice one the rules accept, and every choice they accept that these lists can
    express (a property test holds both to the engine's checks)."""

    gift_to: dict[int, tuple[int, ...]]  # each of my characters: whom it may send points to
    ask_from: dict[int, tuple[int, ...]]  # each of my characters: who may send points into it
    hand_over: tuple[int, ...]  # my characters I may hand over, or give in an offer
    ask_for: tuple[int, ...]  # the characters I may ask for in an offer
    most_points: int  # the most points I may give, in a gift or an offer (0: none)
    offers: bool  # whether I may make offers and accept them
    accept: tuple[int, ...]  # the offers to me I may accept


def trade_choices(sight: Sight, offers_to_me: Sequence[Mapping[str, Any]]) -> TradeChoices:
    """The trades the seat of `sight` may make, answers to `offers_to_me` included."""
    trades = not one_binds(sight)
    return TradeChoices(
        gift_to={c: tuple(receivers(sight, c)) for c in sight.mine},
        ask_from={c: tuple(senders_into(sight, c)) for c in sight.mine},
        hand_over=tuple(giveable(sight)),
        ask_for=tuple(askable(sight)),
        most_points=max(0, sight.points),
        offers=trades,
        accept=tuple(o["id"] for o in offers_to_me if trades and not accept_blocked(sight, o)),
    )
