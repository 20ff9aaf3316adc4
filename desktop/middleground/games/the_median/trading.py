"""Free actions during a round: gifts of points, characters handed over, and two-sided offers.

Shapes (characters by tiebreak value or name, players by name or seat number):
  {"gift": {"from": C, "to": C2, "points": N}}           points between adjacent characters
  {"hand_over": {"character": C, "to": PLAYER}}           a character changes hands
  {"offer": {"to": PLAYER, "give": SIDE, "get": SIDE}}    SIDE: {"characters": [C, ...],
                                                           "points": N, "from": C, "into": C}
  {"accept": OFFER_ID}, {"decline": OFFER_ID}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from middleground.engine import FrozenDict, IllegalAction, freeze
from middleground.engine.words import counted, written

from . import conveyor as belt
from .characters import DUMMY, ONE, REACH, name, names, parse_character, parse_piece
from .trade_rules import (
    Sight,
    accept_blocked,
    askable,
    giveable,
    may_give,
    one_binds,
    reaches,
    trade_choices,
)

if TYPE_CHECKING:
    from .rules import MedianState

FREE_KINDS = frozenset({"gift", "hand_over", "offer", "accept", "decline"})


def is_free(action: Mapping[str, Any]) -> bool:
    return len(action) == 1 and not FREE_KINDS.isdisjoint(action)


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise IllegalAction("points", f"{what} is a whole number of points, at least 1.")
    return value


def _seat(state: MedianState, value: Any) -> int:
    for seat, player in enumerate(state.players):
        if (value == seat and not isinstance(value, bool)) or (
            isinstance(value, str) and value.casefold() == player.casefold()
        ):
            return seat
    raise IllegalAction("players", f"There is no player {written(value)} at this table.")


# Why X, the dummy piece, cannot play each part a character plays in a trade.
RECEIVES, SENDS, CHANGES_HANDS = "be given points", "give points", "change hands"


def _character(state: MedianState, value: Any, part: str = CHANGES_HANDS) -> int:
    """The character in play that `value` names, which is to `part` in a gift or trade."""
    character = parse_character(value)
    if character is None and parse_piece(value) == DUMMY:
        raise IllegalAction(
            "characters", f"X is the dummy piece that nobody holds, so it cannot {part}."
        )
    if character is None or character not in state.in_play:
        raise IllegalAction("characters", f"{written(value)} is not a character in this game.")
    return character


def sight_of(state: MedianState, seat: int) -> Sight:
    """What `seat` knows that its trades depend on (see trade_rules): its own characters and
    their silence, never another seat's, so the rules judge each seat from its own view."""
    mine = tuple(state.held(seat))
    return Sight(
        conveyor=state.conveyor,
        in_play=state.in_play,
        mine=mine,
        silenced=frozenset(c for c in mine if c == state.silenced),
        points=state.known_points(seat),
    )


def reach_refusal(sight: Sight, offer: Mapping[str, Any]) -> str | None:
    """Why the seat of `sight` may not accept `offer` because of a silence on its Reach, or
    None (see trade_rules.accept_blocked): those points reach only Reach's neighbours."""
    get = offer["get"]
    if accept_blocked(sight, offer):
        return (
            f"{name(get['from'])} is silenced this round, so its points reach only its "
            f"neighbours, and {name(get['into'])} is not one. Decline the offer or let it lapse"
        )
    return None


def _check_round(state: MedianState) -> None:
    if state.phase != "round":
        raise IllegalAction("trading", "Gifts and trades happen during the rounds.")


def _check_no_one(sight: Sight) -> None:
    if one_binds(sight):
        raise IllegalAction("one", "The holder of One may not trade.")


def _check_points(state: MedianState, seat: int, sight: Sight, points: int, rule: str) -> None:
    """A seat gives only the points it knows it has (see trade_rules.known_points): the answer
    depends on nothing it cannot see, so no refusal gives away the size of a gift it received.
    """
    if not may_give(sight, points):
        known = sight.points
        most = f"at most {known}" if known > 0 else "none"
        note = ", counting each gift of unknown size as 1" if state.gift_count[seat] else ""
        raise IllegalAction(rule, f"You do not have that many points to give: {most}{note}.")


# ----- gifts and hand-overs -------------------------------------------------------------


def check_gift(state: MedianState, seat: int, gift: Any) -> tuple[int, int, int]:
    _check_round(state)
    if not isinstance(gift, Mapping) or set(gift) != {"from", "to", "points"}:
        raise IllegalAction("gifts", 'A gift is {"gift": {"from": C, "to": C2, "points": N}}.')
    sender = _character(state, gift["from"], SENDS)
    receiver = _character(state, gift["to"], RECEIVES)
    points = _count(gift["points"], "A gift")
    sight = sight_of(state, seat)
    if sender not in sight.mine:
        raise IllegalAction("gifts", f"You do not hold {name(sender)}.")
    if receiver in sight.mine:
        raise IllegalAction("gifts", f"You hold {name(receiver)} yourself.")
    if not reaches(sight, sender, receiver):
        raise _not_neighbours(sight, sender, receiver)
    _check_points(state, seat, sight, points, "gifts")
    return sender, receiver, points


def _not_neighbours(sight: Sight, sender: int, receiver: int) -> IllegalAction:
    """The refusal of points between characters that are not neighbours, naming the silence
    where it is the reason: a silenced Reach gives only to its neighbours (the holder was
    told of the silence, so naming it tells nothing new)."""
    muted = sender == REACH and REACH in sight.silenced
    why = " (Reach is silenced this round)" if muted else ""
    return IllegalAction(
        "adjacent gifts", f"{name(sender)} and {name(receiver)} are not neighbours{why}."
    )


def apply_gift(state: MedianState, seat: int, gift: Any) -> None:
    sender, receiver, points = check_gift(state, seat, gift)
    to = state.holder[receiver]
    state.transfer(seat, to, points)
    state.hidden_gifts[to] += points
    state.gift_count[to] += 1
    gave = f"gave {counted(points, 'point')} from {name(sender)} to {name(receiver)}"
    state.notify(seat, f"You {gave}.", f"{state.players[seat]} {gave}.")
    state.notify(
        to,
        f"Your character {name(receiver)} received a gift of points.",
        f"{state.players[to]}'s character {name(receiver)} received a gift of points.",
        gift=True,
    )


def check_hand_over(state: MedianState, seat: int, hand: Any) -> tuple[int, int]:
    _check_round(state)
    if not isinstance(hand, Mapping) or set(hand) != {"character", "to"}:
        raise IllegalAction("trading", 'Hand over as {"hand_over": {"character": C, "to": NAME}}.')
    character, to = _character(state, hand["character"]), _seat(state, hand["to"])
    sight = sight_of(state, seat)
    if character not in sight.mine:
        raise IllegalAction("trading", f"You do not hold {name(character)}.")
    if character not in giveable(sight):  # One, its ban holding
        raise IllegalAction("one", "One cannot be given away unless it is silenced this round.")
    if to == seat:
        raise IllegalAction("trading", "You already hold it.")
    return character, to


def apply_hand_over(state: MedianState, seat: int, hand: Any) -> None:
    character, to = check_hand_over(state, seat, hand)
    state.give_character(character, to, by=seat)
    handed = f"handed {name(character)} to {state.players[to]}"
    state.notify(seat, f"You {handed}.", f"{state.players[seat]} {handed}.")


# ----- two-sided offers -----------------------------------------------------------------


def _side(state: MedianState, sight: Sight, value: Any, where: str) -> FrozenDict:
    if value is None:
        value = {}
    if not isinstance(value, Mapping) or not set(value) <= {"characters", "points", "from", "into"}:
        raise IllegalAction(
            "offers", f'The {where} side is {{"characters": [...], "points": N, "from", "into"}}.'
        )
    listed = value.get("characters", [])
    if not isinstance(listed, list | tuple):
        raise IllegalAction("offers", "An offer's characters are a list.")
    characters = tuple(_character(state, c) for c in listed)
    if len(set(characters)) != len(characters):
        raise IllegalAction("offers", "A character is listed twice.")
    points = value.get("points", 0)
    if points:
        points = _count(points, "An offer's points")
        if "from" not in value or "into" not in value:
            raise IllegalAction("offers", "Points in an offer name the sender and the receiver.")
        sender = _character(state, value["from"], SENDS)
        receiver = _character(state, value["into"], RECEIVES)
        if sender == receiver or not reaches(sight, sender, receiver):
            raise _not_neighbours(sight, sender, receiver)
        return freeze(
            {"characters": characters, "points": points, "from": sender, "into": receiver}
        )
    return freeze({"characters": characters, "points": 0, "from": None, "into": None})


def check_offer(state: MedianState, seat: int, offer: Any) -> FrozenDict:
    _check_round(state)
    sight = sight_of(state, seat)
    _check_no_one(sight)
    if not isinstance(offer, Mapping) or "to" not in offer or set(offer) - {"to", "give", "get"}:
        raise IllegalAction("offers", 'An offer is {"offer": {"to": NAME, "give": .., "get": ..}}.')
    to = _seat(state, offer["to"])
    if to == seat:
        raise IllegalAction("offers", "An offer goes to another player.")
    give = _side(state, sight, offer.get("give"), "give")
    get = _side(state, sight, offer.get("get"), "get")
    if not (give["characters"] or give["points"] or get["characters"] or get["points"]):
        raise IllegalAction("offers", "An offer must give or ask for something.")
    if ONE in get["characters"]:
        # Always, silenced or not: whether One is silenced is its holder's (and Silence's)
        # secret, and an answer that depended on it would tell the asker.
        raise IllegalAction("one", "An offer cannot ask for One.")
    # One on the give side is the proposer's, so it is silenced (_check_no_one above): all
    # I hold is giveable. A refusal names the characters, as a side may list several.
    mine = set(sight.mine)
    lacking = {c for c in give["characters"] if c not in giveable(sight)}
    if give["points"] and give["from"] not in mine:
        lacking.add(give["from"])
    if lacking:
        raise IllegalAction(
            "offers", f"You do not hold {names(sorted(lacking))}: you can only give your own."
        )
    if give["points"] and give["into"] in mine:
        raise IllegalAction("offers", f"You hold {name(give['into'])} yourself.")
    held = sorted(c for c in get["characters"] if c not in askable(sight))  # One refused above
    if held:
        raise IllegalAction("offers", f"You already hold {names(held)}, which you ask for.")
    if get["points"] and (get["into"] not in mine or get["from"] in mine):
        raise IllegalAction("offers", "Asked-for points come from their character into yours.")
    if give["points"]:
        _check_points(state, seat, sight, give["points"], "offers")
    return freeze({"by": seat, "to": to, "give": give, "get": get})


def apply_offer(state: MedianState, seat: int, offer: Any) -> None:
    terms = check_offer(state, seat, offer)
    to = terms["to"]
    replaced = [o for o in state.offers if o["by"] == seat and o["to"] == to]
    state.offers = [o for o in state.offers if o not in replaced]
    state.next_offer += 1
    entry = FrozenDict({"id": state.next_offer, **terms})
    state.offers.append(entry)

    def worded(reader: int, named: bool) -> str:
        return offer_terms(state.players, entry, reader, named=named)

    maker, taker, number = state.players[seat], state.players[to], entry["id"]
    made = f"Offer {number} to {taker}"
    note = " (it replaces your earlier offer)" if replaced else ""
    named = f" (it replaces {maker}'s earlier offer)" if replaced else ""
    state.notify(
        seat,
        f"{made}{note}: {worded(seat, False)}.",
        f"{made}{named}: {worded(seat, True)}.",
        offer=entry,
    )
    came = f"Offer {number} from {maker}"
    state.notify(
        to,
        f"{came}: {worded(to, False)}. Accept or decline.",
        f"{came}: {worded(to, True)}. {taker} may accept or decline.",
        offer=entry,
    )


def offer_terms(
    players: Sequence[str],
    offer: Mapping[str, Any],
    reader: int,
    done: bool = False,
    named: bool = False,
) -> str:
    """An offer's terms as one of its two players reads them, its notices and the Trade tab
    alike: "you give Force for Jump" to the player who made it, "you get Force for Jump" to
    the player it went to ("gave", "got" once it is done). Nobody else is ever told of it;
    `named`, the terms speak of that player by name ("Ann gives Force for Jump"), for the
    facilitator's console, which enters that player's choices."""

    def part(side: Mapping[str, Any]) -> str:
        bits = [names(list(side["characters"]))] if side["characters"] else []
        if side["points"]:
            bits.append(
                f"{counted(side['points'], 'point')} ({name(side['from'])} to {name(side['into'])})"
            )
        return " and ".join(bits) or "nothing"

    verbs = ("gave", "give") if reader == offer["by"] else ("got", "get")
    verb = verbs[0] if done else verbs[1] + ("s" if named else "")
    who = players[reader] if named else "you"
    return f"{who} {verb} {part(offer['give'])} for {part(offer['get'])}"


def _open_offer(state: MedianState, seat: int, value: Any) -> FrozenDict:
    _check_round(state)
    for offer in state.offers:
        if offer["id"] == value and not isinstance(value, bool) and offer["to"] == seat:
            return offer
    raise IllegalAction("offers", f"There is no open offer {written(value)} to you.")


def check_answer(state: MedianState, seat: int, kind: str, value: Any) -> FrozenDict:
    offer = _open_offer(state, seat, value)
    if kind == "accept":
        sight = sight_of(state, seat)
        _check_no_one(sight)
        refusal = reach_refusal(sight, offer)
        if refusal:
            raise IllegalAction("silence", refusal + ".")
    return offer


def _missing(
    state: MedianState,
    seat: int,
    side: Mapping[str, Any],
    other: Mapping[str, Any],
    reader: int | None,
) -> str | None:
    """Why `seat` cannot deliver `side` (and receive `other`'s points), or None: told to
    `reader`, as "you" when it is `seat` itself; with no reader (the facilitator's console),
    by name."""
    held = set(state.held(seat))
    lost = [c for c in side["characters"] if c not in held]
    if side["points"] and side["from"] not in held:
        lost.append(side["from"])
    if other["points"] and other["into"] not in held:
        lost.append(other["into"])
    who, does = ("you", "do") if reader == seat else (state.players[seat], "does")
    if lost:
        return f"{who} {does} not hold {names(sorted(set(lost)))} now"
    if side["points"] and side["points"] > state.known_points(seat):
        return f"{who} {does} not have {counted(side['points'], 'point')} to give"
    return None


def apply_answer(state: MedianState, seat: int, kind: str, value: Any) -> None:
    offer = check_answer(state, seat, kind, value)
    state.offers = [o for o in state.offers if o["id"] != offer["id"]]
    by, number = offer["by"], offer["id"]
    taker, proposer = state.players[seat], state.players[by]
    declined = (
        f"{taker} declined your offer {number}.",
        f"{taker} declined {proposer}'s offer {number}.",
    )
    if kind == "decline":
        state.notify(seat, f"You declined offer {number}.", f"{taker} declined offer {number}.")
        state.notify(by, *declined)
        return
    giver_fault = _missing(state, by, offer["give"], offer["get"], reader=seat)
    taker_fault = _missing(state, seat, offer["get"], offer["give"], reader=seat)
    if giver_fault or taker_fault:
        # The same fault, told of its seat by name for the facilitator's console.
        if giver_fault:
            named = _missing(state, by, offer["give"], offer["get"], reader=None)
        else:
            named = _missing(state, seat, offer["get"], offer["give"], reader=None)
        fails = f"Offer {number} from {proposer} fails"
        state.notify(
            seat,
            f"{fails}: {giver_fault or taker_fault}. Nothing changes hands.",
            f"{fails}: {named}. Nothing changes hands.",
            failed=number,
        )
        if giver_fault:  # the proposer's own doing: they may hear it
            own = _missing(state, by, offer["give"], offer["get"], reader=by)
            state.notify(
                by,
                f"Your offer {number} to {taker} fails: {own}. Nothing changes hands.",
                f"{proposer}'s offer {number} to {taker} fails: {named}. Nothing changes hands.",
                failed=number,
            )
        else:
            # What the other side lacks is theirs to know: to the proposer, their failure to
            # deliver reads exactly as a decline, or asking could probe who holds what (a bot
            # accepts whatever suits it) and how many points they have.
            state.notify(by, *declined)
        return
    for side, sender, receiver in ((offer["give"], by, seat), (offer["get"], seat, by)):
        for character in side["characters"]:
            state.give_character(character, receiver, by=seat)
        if side["points"]:
            state.transfer(sender, receiver, side["points"])

    def worded(reader: int, named: bool) -> str:
        return offer_terms(state.players, offer, reader, done=True, named=named)

    took = f"Offer {number} from {proposer} is done"
    state.notify(
        seat, f"{took}: {worded(seat, False)}.", f"{took}: {worded(seat, True)}.", done=number
    )
    accepted = f"{taker} accepted offer {number}"
    state.notify(
        by,
        f"{accepted}: {worded(by, False)}.",
        f"{accepted}: {worded(by, True)}.",
        done=number,
        tell=True,
    )


def lapse_offers(state: MedianState) -> None:
    """Open offers end with the round (the conveyor moves, so their terms may no longer hold)."""
    for offer in state.offers:
        number, by, to = offer["id"], offer["by"], offer["to"]
        lapsed = f"offer {number} to {state.players[to]} lapsed with the round."
        state.notify(by, f"Your {lapsed}", f"{state.players[by]}'s {lapsed}")
        state.notify(to, f"Offer {number} from {state.players[by]} lapsed with the round.")
    state.offers = []


# ----- the engine's hooks ---------------------------------------------------------------


def _handlers(kind: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """(check, apply) for one kind of free action; answers carry their kind along."""
    if kind in ("accept", "decline"):
        return (
            lambda state, seat, value: check_answer(state, seat, kind, value),
            lambda state, seat, value: apply_answer(state, seat, kind, value),
        )
    return {
        "gift": (check_gift, apply_gift),
        "hand_over": (check_hand_over, apply_hand_over),
        "offer": (check_offer, apply_offer),
    }[kind]


def check_free(state: MedianState, seat: int, action: Mapping[str, Any]) -> None:
    kind, value = next(iter(action.items()))
    _handlers(kind)[0](state, seat, value)


def apply_free(state: MedianState, seat: int, action: Mapping[str, Any]) -> None:
    kind, value = next(iter(action.items()))
    _handlers(kind)[1](state, seat, value)


def free_actions(state: MedianState, seat: int) -> list[dict[str, Any]]:
    """A bounded sample of free actions (the full space is in the action help): 1-point gifts to
    every reachable character, hand-overs to every player, one-for-one swaps with the
    neighbouring characters, and answers to the offers made to this seat."""
    if state.phase != "round":
        return []
    sight = sight_of(state, seat)
    offers_to_me = [o for o in state.offers if o["to"] == seat]
    choices = trade_choices(sight, offers_to_me)
    found: list[dict[str, Any]] = []
    others = [s for s in range(len(state.players)) if s != seat]
    for character in sight.mine:
        if choices.most_points >= 1:
            for receiver in choices.gift_to[character]:
                found.append({"gift": {"from": character, "to": receiver, "points": 1}})
        if character not in choices.hand_over:
            continue
        for other in others:
            found.append({"hand_over": {"character": character, "to": state.players[other]}})
        if not choices.offers:
            continue
        at = belt.tile(state.conveyor, character) - 1
        near = [state.conveyor[i] for i in (at - 1, at + 1) if 0 <= i < belt.TILES]
        for wanted in near:
            if wanted in choices.ask_for:
                give, get = {"characters": [character]}, {"characters": [wanted]}
                for other in others:
                    found.append({"offer": {"to": state.players[other], "give": give, "get": get}})
    for offer in offers_to_me:
        if offer["id"] in choices.accept:
            found.append({"accept": offer["id"]})
        found.append({"decline": offer["id"]})
    return found
