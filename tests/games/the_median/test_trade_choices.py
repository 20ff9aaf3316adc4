"""The trades a seat is offered are exactly the ones the engine accepts from it: over positions
reached by random play, every gift, hand-over, offer and answer the seat's choices allow passes
the engine's checks, and every one the engine accepts (of those a form can express: any
characters, each once, and one lot of points each way) is allowed. The choices are read from
the seat's view alone; the Trade tab is held to the same engine, widget by widget."""

from __future__ import annotations

import contextlib
import itertools
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.games.the_median.median_helpers import NAMES, game

from middleground.engine import IllegalAction, freeze
from middleground.games.the_median import trading
from middleground.games.the_median.characters import DUMMY, ONE, REACH, SILENCE
from middleground.games.the_median.trade_rules import Sight, TradeChoices, trade_choices

Action = dict[str, Any]
# Where the rules turn: Reach (gifts anywhere, unless its holder knows it is silenced), One
# (no trading, unless silenced), and Silence, which mutes them.
WATCHED = (REACH, ONE, SILENCE)


def _sealed(state, rng: random.Random) -> tuple[int, Any]:
    """A random seat's random decision, leaning to draft the watched characters and to aim
    Silence at Reach or One."""
    seat = rng.choice(state.awaiting())
    legal = state.legal_actions(seat)
    if rng.random() < 0.7:
        if state.phase == "draft":
            leaning = [a for a in legal if a.get("pick") in WATCHED]
        else:
            leaning = [
                a
                for a in legal
                if (a["orders"].get(str(SILENCE)) or {}).get("power", {}).get("silence")
                in (REACH, ONE)
            ]
        legal = leaning or legal
    return seat, rng.choice(legal)


def _trading(state, rng: random.Random) -> tuple[int, Action]:
    """A random gift or offer between characters picked blind, often with more points than
    1 (so that gifts of unknown size add up) and often asking for points (a silenced Reach is
    only ever asked for them so): the free actions' sample does neither."""
    seat = rng.randrange(len(NAMES))
    pieces = list(state.in_play)
    mine = state.held(seat) or pieces
    lean = 0.7 if state.silenced == REACH else 0.2
    sender = REACH if REACH in pieces and rng.random() < lean else rng.choice(pieces)
    if rng.random() < 0.3:
        gift = {"from": rng.choice(mine), "to": rng.choice(pieces), "points": rng.randint(1, 4)}
        return seat, {"gift": gift}
    to = state.holder[sender] if rng.random() < 0.7 else rng.randrange(len(NAMES))
    get = {"points": rng.randint(1, 3), "from": sender, "into": rng.choice(mine)}
    give = {"points": rng.randint(1, 2), "from": rng.choice(mine), "into": sender}
    return seat, {"offer": {"to": to, "give": give if rng.random() < 0.3 else {}, "get": get}}


def reached(seed: int, round_number: int, steps: int):
    """A game played at random from `seed` into round `round_number`, then `steps` actions
    further (gifts, hand-overs, offers and answers among them), short of its end. Actions
    picked blind that the rules refuse change nothing."""
    rng = random.Random(seed)
    state = game().new_state(NAMES, {}, seed)
    while state.phase != "round" or state.round < round_number or steps > 0:
        if state.phase == "round" and state.round >= round_number:
            steps -= 1
        roll = rng.random()
        seat = rng.randrange(len(NAMES))
        free = state.free_actions(seat) if roll < 0.2 else []
        if free:
            action = rng.choice(free)
        elif state.phase == "round" and roll < 0.45:
            seat, action = _trading(state, rng)
        elif state.round == 9 and len(state.awaiting()) == 1:
            break  # the last orders would end the game
        else:
            seat, action = _sealed(state, rng)
        with contextlib.suppress(IllegalAction):
            state.apply(seat, action)
    return state


# ----- one checker for both: the choices against the engine's checks -----------------------


def candidates(state, seat: int) -> Iterator[Action]:
    """Every gift, hand-over, offer and answer a form could send: each character (and X) as
    sender, receiver, given or asked for, to each player, and the points at the edge of what
    the seat knows it has."""
    pieces = [*state.in_play, DUMMY]
    known = state.known_points(seat)
    amounts = sorted({n for n in (1, known, known + 1) if n >= 1})
    other = (seat + 1) % len(NAMES)
    for a in pieces:
        for b in pieces:
            for n in amounts:
                yield {"gift": {"from": a, "to": b, "points": n}}
                yield {"offer": {"to": other, "give": {"points": n, "from": a, "into": b}}}
            yield {"offer": {"to": other, "get": {"points": 2, "from": a, "into": b}}}
    for c in pieces:
        for to in range(len(NAMES)):
            yield {"hand_over": {"character": c, "to": to}}
            yield {"offer": {"to": to, "give": {"characters": [c]}}}
            yield {"offer": {"to": to, "get": {"characters": [c]}}}
        yield {"offer": {"to": other, "give": {"characters": [c, c]}}}  # listed twice
    # Several characters a side: every pair, and all I hold for all the others hold, with points.
    for pair in itertools.combinations(pieces, 2):
        yield {"offer": {"to": other, "give": {"characters": list(pair)}}}
        yield {"offer": {"to": other, "get": {"characters": list(pair)}}}
    held = state.held(seat)
    others = [c for c in state.in_play if c not in held]
    near = {"points": 1, "from": held[0], "into": others[0]} if held else {}
    yield {
        "offer": {"to": other, "give": {"characters": held, **near}, "get": {"characters": others}}
    }
    wanted = [c for c in others if c != ONE]
    yield {"offer": {"to": other, "give": {"characters": held}, "get": {"characters": wanted}}}
    for offer in state.offers:  # answers: to this seat's offers and to others'
        yield {"accept": offer["id"]}
        yield {"decline": offer["id"]}


def engine_accepts(state, seat: int, action: Action) -> bool:
    """Whether the engine's checks let `seat` take `action` now (nothing is applied)."""
    try:
        trading.check_free(state, seat, freeze(action))
    except IllegalAction:
        return False
    return True


def assert_choices_match_engine(state, seat: int, allows: Callable[[Action], bool]) -> None:
    for action in candidates(state, seat):
        accepted = engine_accepts(state, seat, action)
        assert allows(action) == accepted, (
            f"{NAMES[seat]} is {'not ' * accepted}offered {action}, which the engine "
            f"{'accepts' if accepted else 'refuses'}"
        )


def once(side: Mapping[str, Any]) -> bool:
    """Whether a side lists each of its characters once, as a form's lists can."""
    listed = side.get("characters", [])
    return len(set(map(str, listed))) == len(listed)


def choices_allow(choices: TradeChoices, seat: int, offers_to_me) -> Callable[[Action], bool]:
    """Whether a Trade tab listing `choices` lets the seat send an action."""
    answerable = {o["id"] for o in offers_to_me}

    def gives(side: Mapping[str, Any]) -> bool:
        listed = once(side) and all(c in choices.hand_over for c in side.get("characters", []))
        if side.get("points"):
            within = side["points"] <= choices.most_points
            return listed and within and side["into"] in choices.gift_to.get(side["from"], ())
        return listed

    def asks(side: Mapping[str, Any]) -> bool:
        listed = once(side) and all(c in choices.ask_for for c in side.get("characters", []))
        if side.get("points"):
            return listed and side["from"] in choices.ask_from.get(side["into"], ())
        return listed

    def allows(action: Action) -> bool:
        kind, value = next(iter(action.items()))
        if kind == "gift":
            sent = 1 <= value["points"] <= choices.most_points
            return sent and value["to"] in choices.gift_to.get(value["from"], ())
        if kind == "hand_over":
            return value["character"] in choices.hand_over and value["to"] != seat
        if kind == "accept":
            return value in choices.accept
        if kind == "decline":
            return value in answerable
        return (
            choices.offers
            and value["to"] != seat
            and gives(value.get("give", {}))
            and asks(value.get("get", {}))
        )

    return allows


SEEDS = st.integers(0, 100_000)
ROUNDS = st.integers(1, 9)
STEPS = st.integers(0, 25)


@settings(max_examples=40, deadline=None)
@given(SEEDS, ROUNDS, STEPS)
def test_the_choices_read_from_a_seats_view_are_the_trades_the_engine_accepts(seed, r, steps):
    state = reached(seed, r, steps)
    for seat in range(len(NAMES)):
        view = state.seat_view(seat)
        sight = Sight.from_board(view.board)
        # The engine judges a seat's trades from what that seat's view shows, nothing more.
        assert sight == trading.sight_of(state, seat)
        offers_to_me = view.board["me"]["offers_to_me"]
        choices = trade_choices(sight, offers_to_me)
        assert_choices_match_engine(state, seat, choices_allow(choices, seat, offers_to_me))
        for action in state.free_actions(seat):  # the bots' sample: within the same choices
            assert choices_allow(choices, seat, offers_to_me)(dict(action))


# ----- the Trade tab, read off its widgets, against the same engine ------------------------

pytest.importorskip("PySide6")

from middleground.games.the_median.panel import GamePanel  # noqa: E402
from middleground.games.the_median.trade_tab import TradePage  # noqa: E402


def _items(box) -> list:
    return [box.itemData(i) for i in range(box.count())]


def _picks(group) -> list[int]:
    return [group.id(button) for button in group.buttons()]


def _following(chooser, follower) -> dict[Any, list]:
    """For each choice of `chooser`, the choices `follower` then lists."""
    found = {}
    for index in range(chooser.count()):
        chooser.setCurrentIndex(index)
        found[chooser.itemData(index)] = _items(follower)
    return found


def tab_allows(tab: TradePage) -> Callable[[Action], bool]:
    """Whether the Trade tab, as drawn, lets its player send an action: each choice read off
    its lists, number boxes and buttons."""
    gifts: dict[Any, list] = {}
    if hasattr(tab, "gift_from"):  # the tab has a "Give points" box
        for index, sender in enumerate(_items(tab.gift_from)):
            tab.gift_from.setCurrentIndex(index)
            gifts[sender] = _items(tab.gift_to) if tab.gift_button.isEnabled() else []
    handed = hasattr(tab, "hand_character")
    offers = hasattr(tab, "offer_to")
    if offers:
        box = tab.offer_to.parentWidget()
        give_into = _following(tab.offer_give_from, tab.offer_give_into)
        ask_from = _following(tab.offer_get_into, tab.offer_get_from)

    def counted(spin, points: int) -> bool:
        shown = spin.isVisibleTo(box)
        return not points or (shown and spin.minimum() <= points <= spin.maximum())

    def chosen(terms, picks) -> bool:
        """Whether each character listed is a pick, each once, on a side shown."""
        listed, buttons = terms.get("characters", []), picks.buttons()
        if not listed:
            return True
        shown = bool(buttons) and buttons[0].isVisibleTo(box)
        return shown and once(terms) and all(c in _picks(picks) for c in listed)

    def gives(terms) -> bool:
        points = terms.get("points", 0)
        return (
            chosen(terms, tab.offer_give)
            and counted(tab.offer_give_points, points)
            and (not points or terms["into"] in give_into.get(terms["from"], []))
        )

    def asks(terms) -> bool:
        points = terms.get("points", 0)
        return (
            chosen(terms, tab.offer_get)
            and counted(tab.offer_get_points, points)
            and (not points or terms["from"] in ask_from.get(terms["into"], []))
        )

    def allows(action: Action) -> bool:
        kind, value = next(iter(action.items()))
        if kind == "gift":
            spin = tab.gift_points if gifts else None
            fits = spin is not None and spin.minimum() <= value["points"] <= spin.maximum()
            return fits and value["to"] in gifts.get(value["from"], [])
        if kind == "hand_over":
            return (
                handed
                and value["character"] in _items(tab.hand_character)
                and value["to"] in _items(tab.hand_to)
            )
        if kind in ("accept", "decline"):
            buttons = tab.offer_buttons.get(value)
            return buttons is not None and buttons[kind == "decline"].isEnabled()
        return (
            offers
            and value["to"] in _items(tab.offer_to)
            and gives(value.get("give", {}))
            and asks(value.get("get", {}))
        )

    return allows


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(SEEDS, ROUNDS, STEPS)
def test_the_trade_tab_offers_the_trades_the_engine_accepts(qtbot, seed, r, steps):
    state = reached(seed, r, steps)
    for seat in range(len(NAMES)):
        panel = GamePanel()
        qtbot.addWidget(panel)
        panel.show_view(state.seat_view(seat), state.action_form(seat), state.events_for(seat))
        assert_choices_match_engine(state, seat, tab_allows(panel.trade))
