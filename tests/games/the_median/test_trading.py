"""Free actions: gifts between neighbours (Reach anywhere), characters changing hands (never
One), two-sided offers, and offers that fail because their items are gone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.the_median.median_helpers import at_round, notices, play_round

from middleground.engine import IllegalAction, to_json


def test_a_gift_moves_points_and_hides_amount_and_giver():
    state = at_round(1, points={3: 5})
    state.apply(3, {"gift": {"from": "Charity", "to": "Lock", "points": 2}})
    assert state.points[3] == 3 and state.points[4] == 2
    told = notices(state, 4)[-1]
    assert "Lock received a gift of points" in told
    assert "2" not in told and "Dee" not in told and "Charity" not in told
    me = state.seat_view(4).board["me"]
    assert me["points"] == 0 and me["unknown_gifts"] == 1


@pytest.mark.parametrize(
    ("seat", "gift", "rule"),
    [
        (3, {"from": 4, "to": 9, "points": 1}, "adjacent gifts"),  # Charity tile 4, Humble 9
        (3, {"from": 4, "to": 5, "points": 6}, "gifts"),  # more than the 5 points held
        (3, {"from": 5, "to": 6, "points": 1}, "gifts"),  # Lock is not Dee's
        (3, {"from": 4, "to": 5, "points": 0}, "points"),
        (3, {"from": 4, "to": "X", "points": 1}, "characters"),
    ],
)
def test_gifts_that_break_a_rule_change_nothing(seat, gift, rule):
    state = at_round(1, points={3: 5})
    before = to_json(state), list(state.points)
    with pytest.raises(IllegalAction) as raised:
        state.apply(seat, {"gift": gift})
    assert raised.value.rule == rule
    assert (to_json(state), state.points) == before


def test_reach_gives_at_any_distance_unless_silenced():
    state = at_round(1, points={2: 5})
    state.apply(2, {"gift": {"from": 3, "to": 9, "points": 1}})
    assert state.points[8] == 1
    state.silenced = 3
    with pytest.raises(IllegalAction, match="not neighbours"):
        state.apply(2, {"gift": {"from": 3, "to": 9, "points": 1}})


def test_characters_change_hands_but_never_one():
    state = at_round(1)
    state.apply(2, {"hand_over": {"character": 3, "to": "Ivy"}})
    assert state.holder[3] == 8 and state.held(2) == []
    assert "You now hold Reach {3}." in notices(state, 8)
    assert not any("Cid" in t for t in notices(state, 8))  # the giver stays unnamed
    with pytest.raises(IllegalAction) as raised:
        state.apply(5, {"hand_over": {"character": "One", "to": "Ann"}})
    assert raised.value.rule == "one"


def test_an_order_sent_before_a_hand_over_stays_with_the_sender():
    # Gus submits Force pushing 3, then gives Force to Ann, who had already submitted:
    # Force has no order in the holder's submission at the deadline, so it does nothing.
    state = at_round(1)
    state.apply(0, {"orders": {"1": {}}})
    state.apply(6, {"orders": {"7": {"push": 3}}})
    state.apply(6, {"hand_over": {"character": 7, "to": "Ann"}})
    play_round_rest = [s for s in range(9) if s not in (0, 6)]
    for seat in play_round_rest:
        state.apply(seat, {"orders": {str(c): {} for c in state.held(seat)}})
    assert state.conveyor == (1, 2, 3, 4, 5, 6, 7, 8, 9, "X")
    assert state.penalty[0] == state.penalty[6] == 0


def test_an_accepted_offer_swaps_characters_and_points():
    state = at_round(1, points={2: 5})
    offer = {"to": "Ivy", "give": {"points": 3, "from": 3, "into": 9}, "get": {"characters": [9]}}
    state.apply(2, {"offer": offer})
    number = state.offers[0]["id"]
    assert any(f"Offer {number} from Cid" in t for t in notices(state, 8))
    state.apply(8, {"accept": number})
    assert state.holder[9] == 2 and state.points[2] == 2 and state.points[8] == 3
    assert not state.offers


def test_an_offer_whose_items_are_gone_fails_and_says_why():
    state = at_round(1)
    state.apply(
        2, {"offer": {"to": "Dee", "give": {"characters": [3]}, "get": {"characters": [4]}}}
    )
    number = state.offers[0]["id"]
    state.apply(2, {"hand_over": {"character": 3, "to": "Fay"}})
    state.apply(3, {"accept": number})
    assert state.holder[3] == 5 and state.holder[4] == 3
    assert "Offer 1 fails: Cid no longer holds Reach." in notices(state, 3)
    assert "Your offer 1 fails: Cid no longer holds Reach." in notices(state, 2)
    assert not state.offers


def test_an_offer_the_other_side_cannot_deliver_fails_without_saying_what_they_lack():
    state = at_round(1)
    state.apply(
        2, {"offer": {"to": "Dee", "give": {"characters": [3]}, "get": {"characters": [9]}}}
    )
    state.apply(3, {"accept": 1})
    assert state.holder[3] == 2 and state.holder[9] == 8
    assert "Offer 1 fails: Dee no longer holds Humble." in notices(state, 3)
    assert "Your offer 1 fails: Dee cannot deliver what you asked for." in notices(state, 2)


def test_one_may_not_trade_but_may_decline_and_offers_lapse_with_the_round():
    state = at_round(1)
    with pytest.raises(IllegalAction) as raised:
        state.apply(5, {"offer": {"to": "Ann", "give": {}, "get": {"characters": [1]}}})
    assert raised.value.rule == "one"
    state.apply(0, {"offer": {"to": "Fay", "give": {"characters": [1]}}})
    with pytest.raises(IllegalAction, match="One may not trade"):
        state.apply(5, {"accept": 1})
    state.apply(5, {"decline": 1})
    assert "Fay declined your offer 1." in notices(state, 0)
    state.apply(0, {"offer": {"to": "Bob", "give": {"characters": [1]}}})
    play_round(state)
    assert not state.offers and any("lapsed" in t for t in notices(state, 1))
    with pytest.raises(IllegalAction):
        state.apply(1, {"accept": 2})


GIFTS = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 1), st.integers(1, 4)), max_size=30)


@settings(max_examples=100, deadline=None)
@given(GIFTS)
def test_gifts_conserve_points(gifts):
    state = at_round(1, points={s: 3 for s in range(9)})
    total = sum(state.points)
    for seat, direction, points in gifts:
        character = state.held(seat)[0]
        tile = state.conveyor.index(character)
        neighbour = state.conveyor[tile + (1 if direction else -1)] if 0 < tile < 8 else None
        if neighbour is None or neighbour == "X":
            continue
        try:
            state.apply(seat, {"gift": {"from": character, "to": neighbour, "points": points}})
        except IllegalAction:
            assert points > state.points[seat]
        assert sum(state.points) == total
