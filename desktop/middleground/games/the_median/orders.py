"""A seat's orders for one round: one sealed action carrying every held character's choices.

Shape: {"orders": {"7": {"push": 2}, "11": {"push": 1, "power": {"pull": 3}}}}. Keys are the
held characters (tiebreak value or name); "push" is 0 or 1 (Force 0-3, default 0); "power",
when present, uses the character's power with its one key (POWER_KEYS). A seat that holds no
character sends {"orders": {}}.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from middleground.engine import ActionForm, Field, FrozenDict, IllegalAction, freeze
from middleground.engine.words import counted, written

from . import conveyor as belt
from .characters import (
    ANCHOR,
    CHARACTERS,
    CHARITY,
    DUMMY,
    EXCHANGE,
    FORCE,
    GRAVITY,
    JUMP,
    LOCK,
    POWER_KEYS,
    SILENCE,
    Piece,
    label,
    name,
    parse_character,
    parse_piece,
)

if TYPE_CHECKING:
    from .rules import MedianState

ORDER_KEYS = frozenset({"push", "power"})
COMBINATION_LIMIT = 128  # beyond this many combined orders, bots are offered a sample


class Order(NamedTuple):
    """One character's choice: how often it pushes and its power's target (None: unused)."""

    push: int = 0
    power: Any = None  # Charity/Silence: a character; Gravity: a piece; Exchange: two; else True


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def last_target(record: tuple[int, int] | None, round_number: int) -> int | None:
    """The target used in the previous round (for 'not the same target twice running')."""
    if record is not None and record[0] == round_number - 1:
        return record[1]
    return None


def check_orders(state: MedianState, seat: int, action: Mapping[str, Any]) -> dict[int, Order]:
    """The orders as {character: Order}, or IllegalAction naming the broken rule."""
    given = action.get("orders") if len(action) == 1 else None
    if given is None or not (type(given) is FrozenDict or isinstance(given, Mapping)):
        raise IllegalAction(
            "orders", 'A round\'s choice is {"orders": {CHARACTER: {"push": N, "power": {...}}}}.'
        )
    holder = state.holder
    orders: dict[int, Order] = {}
    for key, order in given.items():
        character = parse_character(key)
        if character is None or holder.get(character) != seat:
            raise IllegalAction(
                "characters submit",
                f"{state.players[seat]} does not hold a character {written(key)}.",
            )
        if character in orders:
            raise IllegalAction("characters submit", f"{name(character)} has two orders.")
        orders[character] = check_order(state, character, order)
    if len(orders) != list(holder.values()).count(seat):
        missing = sorted(c for c, s in holder.items() if s == seat and c not in orders)
        raise IllegalAction(
            "characters submit",
            f"Send an order for every character you hold: {', '.join(map(name, missing))} "
            "has none.",
        )
    return orders


def check_order(state: MedianState, character: int, order: Any) -> Order:
    """One character's order, checked against the rules as they stand at submission."""
    if not (type(order) is FrozenDict or isinstance(order, Mapping)) or not (
        order.keys() <= ORDER_KEYS
    ):
        who = CHARACTERS[character].name
        raise IllegalAction("orders", f'{who}\'s order is {{"push": N, "power": {{...}}}}.')
    push = order.get("push", 0)
    silenced = state.silenced == character
    top = 3 if character == FORCE and not silenced else 1
    if type(push) is not int or not 0 <= push <= top:
        if character == FORCE and silenced and _whole(push) and push <= 3:
            raise IllegalAction("silence", "Force is silenced this round: it pushes 0 or 1.")
        who = CHARACTERS[character].name
        pushes = "0 or 1 times" if top == 1 else f"0 to {top} times"
        raise IllegalAction("push", f"{who} pushes {pushes}, not {written(push)}.")
    power = order.get("power")
    if power is None:
        return Order(push)
    who = CHARACTERS[character].name
    key = POWER_KEYS.get(character)
    if key is None:
        raise IllegalAction(
            "powers", f"{who}'s power works by itself: there is nothing to submit for it."
        )
    if not isinstance(power, Mapping) or len(power) != 1 or key not in power:
        raise IllegalAction("powers", f'{who}\'s power is used as {{"{key}": ...}}.')
    if silenced:
        raise IllegalAction("silence", f"{who} is silenced this round: its power is ignored.")
    return Order(push, _check_power(state, character, power[key]))


def _check_power(state: MedianState, character: int, value: Any) -> Any:
    r = state.round
    here = state.conveyor
    if character in (LOCK, JUMP, ANCHOR):
        if value is not True:
            raise IllegalAction("powers", f'Use {name(character)} with true, as {{"...": true}}.')
        if character == LOCK and state.lock_charges <= 0:
            raise IllegalAction("lock", "Lock has no charges left.")
        if character == JUMP and belt.tile(here, JUMP) == 1:
            raise IllegalAction("jump", "Jump is already on the far left tile.")
        if character == ANCHOR and state.anchor_last == r - 1:
            raise IllegalAction("anchor", "Anchor held last round: it cannot hold twice running.")
        return True
    if character == EXCHANGE:
        pair = value if isinstance(value, list | tuple) else ()
        pieces = [parse_piece(v) for v in pair]
        if len(pieces) != 2 or None in pieces or pieces[0] == pieces[1]:
            raise IllegalAction("exchange", "Exchange swaps two different pieces: [A, B].")
        for piece in pieces:
            if piece not in here or piece == EXCHANGE:
                raise IllegalAction("exchange", f"Exchange cannot swap {piece}.")
        return tuple(pieces)
    if character == GRAVITY:
        piece = parse_piece(value)
        if piece is None or piece not in here or piece == GRAVITY:
            raise IllegalAction("gravity", f"Gravity pulls another piece, not {written(value)}.")
        return piece
    target = parse_character(value)  # Charity and Silence name another character in play
    who = name(character)
    if target is None or target not in state.in_play or target == character:
        raise IllegalAction(who.lower(), f"{who} targets another character in play.")
    record = state.charity_last if character == CHARITY else state.silence_last
    if last_target(record, r) == target:
        raise IllegalAction(who.lower(), f"{who} targeted {name(target)} last round.")
    if character == CHARITY and state.holder[target] == state.holder[CHARITY]:
        raise IllegalAction("charity", f"You hold {name(target)} yourself.")
    if character == SILENCE and r >= belt.ROUNDS:
        raise IllegalAction("silence", "This is the last round: there is no next round to mute.")
    return target


# ----- what bots and forms are offered --------------------------------------------------


def power_targets(state: MedianState, character: int, sample: bool) -> list[Any]:
    """Targets for a character's power that pass the checks now; `sample` keeps it short."""
    if state.silenced == character or character not in POWER_KEYS:
        return []
    here, r = state.conveyor, state.round
    if character in (LOCK, JUMP, ANCHOR):
        try:
            _check_power(state, character, True)
        except IllegalAction:
            return []
        return [True]
    if character == GRAVITY:
        if sample:
            return [p for p in here if p != GRAVITY and belt.in_reach(here, GRAVITY, p)]
        return list(gravity_targets(state))
    if character == EXCHANGE:
        if not sample:
            return [list(p) for p in exchange_pairs(state)]
        if belt.in_zone(here, EXCHANGE, r):
            return []
        zone = [p for p in here[belt.zone_start(r) - 1 :] if p != EXCHANGE]
        pairs = list(itertools.combinations(zone, 2))
        # the piece about to leave the zone with each other, and neighbours
        pairs = [(a, b) for a, b in pairs if a == zone[0] or zone.index(b) == zone.index(a) + 1]
        return [list(p) for p in pairs]
    found = []
    for target in state.in_play:
        try:
            found.append(_check_power(state, character, target))
        except IllegalAction:
            continue
    return found


def jump_entrant(state: MedianState) -> Piece | None:
    """The piece that Jump, leaping from inside the scoring zone, would carry into it: the one
    just left of the zone (the pieces Jump passes shift one tile right). None if Jump cannot
    leap from inside the zone, as far as Exchange's holder can tell: Jump is not in play or
    stands outside the zone, or that holder holds Jump and it is silenced (a silence on
    someone else's Jump is not theirs to know)."""
    here, start = state.conveyor, belt.zone_start(state.round)
    if JUMP not in state.in_play or belt.tile(here, JUMP) < start:
        return None
    if state.silenced == JUMP and state.holder[JUMP] == state.holder.get(EXCHANGE):
        return None
    return here[start - 2]


def exchange_pairs(state: MedianState) -> list[tuple[Piece, Piece]]:
    """Every pair Exchange could swap when it acts. Only Jump acts before Exchange and moves
    pieces, and it never moves a piece out of the zone but itself: so Exchange inside the zone
    now swaps nothing, and otherwise the pairs are any two pieces in the zone now (in belt
    order), then, if Jump may leap from inside the zone, the piece it would carry in with each
    piece that would still be in the zone (unless that piece is Exchange, now inside)."""
    here, r = state.conveyor, state.round
    if belt.in_zone(here, EXCHANGE, r):
        return []
    zone = here[belt.zone_start(r) - 1 :]
    pairs = list(itertools.combinations(zone, 2))
    entrant = jump_entrant(state)
    if entrant is not None and entrant != EXCHANGE:
        pairs += [(entrant, p) for p in zone if p != JUMP]
    return pairs


def _may_move_first(state: MedianState, mover: int) -> bool:
    """Whether `mover` (Jump or Exchange) may move pieces before Gravity acts, as far as
    Gravity's holder can tell: it is in play, and not silenced in that holder's own hands
    (a silence on someone else's character is not theirs to know)."""
    if mover not in state.in_play:
        return False
    return not (state.silenced == mover and state.holder[mover] == state.holder.get(GRAVITY))


def gravity_targets(state: MedianState) -> dict[Piece, str]:
    """The pieces Gravity might pull when it acts, in belt order, each with what has to move
    first: "" for a piece within reach now, else "Jump leaps", "Exchange swaps" or both. Jump
    and Exchange act before Gravity and may bring a piece within reach (or Gravity nearer to
    it); a piece none of their moves can bring within reach is left out, since pulling it
    does nothing. The engine accepts any piece: it judges the reach when Gravity acts."""
    here, r = state.conveyor, state.round
    jumped = None
    if _may_move_first(state, JUMP) and belt.tile(here, JUMP) > 1:
        jumped = belt.jump(here, JUMP)[0]

    def reach(conveyors: list[belt.Conveyor]) -> set[Piece]:
        return {p for c in conveyors for p in c if p != GRAVITY and belt.in_reach(c, GRAVITY, p)}

    def swapped(conveyor: belt.Conveyor | None) -> list[belt.Conveyor]:
        if conveyor is None or not _may_move_first(state, EXCHANGE):
            return []
        if belt.in_zone(conveyor, EXCHANGE, r):
            return []
        zone = conveyor[belt.zone_start(r) - 1 :]
        return [belt.swap(conveyor, a, b) for a, b in itertools.combinations(zone, 2)]

    ways = (
        ("", reach([here])),
        ("Jump leaps", reach([jumped] if jumped else [])),
        ("Exchange swaps", reach(swapped(here))),
        ("Jump leaps and Exchange swaps", reach(swapped(jumped))),
    )
    found: dict[Piece, str] = {}
    for piece in here:
        first = next((way for way, pieces in ways if piece in pieces), None)
        if first is not None:
            found[piece] = first
    return found


def character_options(state: MedianState, character: int) -> list[dict[str, Any]]:
    top = 3 if character == FORCE and state.silenced != FORCE else 1
    key = POWER_KEYS.get(character)
    powers: list[Any] = [None, *power_targets(state, character, sample=True)]
    return [
        {"push": push} if power is None else {"push": push, "power": {key: power}}
        for power in powers
        for push in range(top + 1)
    ]


def legal_orders(state: MedianState, seat: int) -> list[dict[str, Any]]:
    """Orders to offer: every combination when few, else one character varied at a time."""
    held = state.held(seat)
    options = [character_options(state, c) for c in held]
    size = 1
    for choices in options:
        size *= len(choices)
    if size <= COMBINATION_LIMIT:
        combos = itertools.product(*options)
        return [
            {"orders": {str(c): o for c, o in zip(held, combo, strict=True)}} for combo in combos
        ]
    found: list[dict[str, Any]] = []
    for rest in (0, 1):
        for index, choices in enumerate(options):
            for choice in choices:
                orders = {str(c): {"push": rest} for c in held}
                orders[str(held[index])] = choice
                found.append({"orders": orders})
    unique = {repr(sorted((k, repr(v)) for k, v in a["orders"].items())): a for a in found}
    return list(unique.values())


def order_form(state: MedianState, seat: int) -> ActionForm:
    """Every field of a seat's orders, with the full choice of targets (not the bots' sample)."""
    held = state.held(seat)
    r = state.round
    if not held:
        return ActionForm(holding_nothing(r), about=holding_nothing(r, state.players[seat]))
    fields: list[Field] = []
    for c in held:
        top = 3 if c == FORCE and state.silenced != FORCE else 1
        fields.append(Field(f"{c}.push", f"{name(c)}: pushes", "int", minimum=0, maximum=top))
        key = POWER_KEYS.get(c)
        if key is None:
            continue
        choices: list[tuple[object, str]] = [(None, "Do not use the power")]
        entrant = jump_entrant(state) if c == EXCHANGE else None
        needs = gravity_targets(state) if c == GRAVITY else {}
        for target in power_targets(state, c, sample=False):
            text = _power_text(c, target)
            if entrant is not None and entrant in target:
                text += " (only if Jump leaps first)"
            elif entrant is not None and (entrant == EXCHANGE or JUMP in target):
                text += " (only if Jump does not leap)"  # Exchange pushed in, or Jump gone
            if c == GRAVITY and needs.get(target):
                text += f" (out of reach now: only if {needs[target]} first)"
            choices.append((freeze({key: target}), text))
        fields.append(Field(f"{c}.power", f"{name(c)}: power", "choice", choices=tuple(choices)))
    return ActionForm(
        f"Round {r} (worth {counted(r, 'point')}): push the conveyor or not, and use powers.",
        tuple(fields),
    )


def holding_nothing(r: int, named: str | None = None) -> str:
    """Round `r`'s prompt to a seat that holds no character; `named`, of that seat by name
    (for the facilitator's console)."""
    who = "you hold" if named is None else f"{named} holds"
    return f"Round {r}: {who} no character. Confirm anyway, so that nobody can tell who holds what."


def lock_order(named: str | None = None) -> str:
    """Lock's power as the order form offers it, saying what it does to the player's own
    points ("my points"); `named`, of the seat by name (for the facilitator's console)."""
    whose = "my" if named is None else f"{named}'s"
    return f"spend a charge: {whose} points stay as they are from Lock's turn on"


def _power_text(character: int, target: Any, summary: bool = False) -> str:
    """A power's use as an order to its character ("leap to the far left tile"), as the form
    the player fills in offers it, or in a `summary` of orders sent. Only Lock's button says
    what it does to the player's own points (lock_order): the summary says nobody's, as it
    reads alike after "You chose" and after a seat's name at the facilitator's console."""
    if character == CHARITY:
        return f"give 1 point to {label(target)}"
    if character == LOCK:
        return "spend a charge" if summary else lock_order()
    if character == JUMP:
        return "leap to the far left tile"
    if character == EXCHANGE:
        return f"swap {name(target[0])} and {name(target[1])}"
    if character == GRAVITY:
        return f"pull {name(target)}"
    if character == ANCHOR:
        return "stay put while the conveyor moves"
    return f"silence {label(target)} next round"


# A number of pushes in words, as the orders form and their summary say it.
PUSHES = {0: "no push", 1: "push once", 2: "push twice", 3: "push three times"}


def describe_orders(orders: Mapping[str, Any]) -> str:
    """The orders in words ("Lock: no push, spend a charge"), for the player who sent them
    and of them by name at the facilitator's console alike (see _power_text)."""
    parts = []
    for key, order in orders.items():
        character = parse_character(key)
        if character is None or not isinstance(order, Mapping):
            continue
        push = order.get("push", 0)
        text = f"{name(character)}: " + PUSHES.get(push, f"push {push} times")
        power = order.get("power")
        if isinstance(power, Mapping) and power:
            value = next(iter(power.values()))
            target: Piece | tuple[Piece, ...] | bool = value
            if character == EXCHANGE and isinstance(value, list | tuple):
                target = tuple(parse_piece(v) or DUMMY for v in value)
            elif character in (CHARITY, GRAVITY, SILENCE):
                target = parse_piece(value) or DUMMY
            text += ", " + _power_text(character, target, summary=True)
        parts.append(text)
    return "; ".join(parts) or "no orders (no character held)"


def read_order(character: int, order: Mapping[str, Any]) -> Order:
    """An order already checked at submission, read back into an Order."""
    power = order.get("power")
    if not isinstance(power, Mapping) or not power:
        return Order(order.get("push", 0))
    value = next(iter(power.values()))
    if character == EXCHANGE:
        return Order(order.get("push", 0), tuple(parse_piece(v) for v in value))
    if character in (CHARITY, GRAVITY, SILENCE):
        return Order(order.get("push", 0), parse_piece(value))
    return Order(order.get("push", 0), True)


def orders_by_character(
    holder: Mapping[int, int],
    submissions: Mapping[int, Mapping[str, Any]],
    checked: Mapping[int, tuple[Mapping[str, Any], dict[int, Order]]] | None = None,
    dropped: Collection[tuple[int, int]] = (),
) -> dict[int, Order]:
    """Each character's order from its holder's submission at the deadline. A character that
    reached its holder after they submitted, or left the sender, has no order this round;
    nor has one whose orders are `dropped` ((seat, character): it changed hands after that
    seat sent them, and came back). `checked` holds orders already read at submission, by
    seat with the action they read."""
    found: dict[int, Order] = {}
    for seat, action in submissions.items():
        memo = checked.get(seat) if checked else None
        if memo is not None and memo[0] is action:
            sent = memo[1]
        else:
            sent = {}
            for key, order in action.get("orders", {}).items():
                character = parse_character(key)
                if character is not None:
                    sent[character] = read_order(character, order)
        for character, order in sent.items():
            if holder.get(character) == seat and (seat, character) not in dropped:
                found[character] = order
    return found
