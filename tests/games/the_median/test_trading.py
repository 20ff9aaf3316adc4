"""Free actions: gifts between neighbours (Reach anywhere), characters changing hands (never
One), two-sided offers, and offers that fail because their items are gone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.the_median.median_helpers import at_round, notices, play_round

from middleground.engine import IllegalAction, from_json, to_json


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


@pytest.mark.parametrize(
    ("action", "cannot"),
    [
        ({"gift": {"from": 3, "to": "X", "points": 1}}, "be given points"),
        ({"gift": {"from": "x", "to": 4, "points": 1}}, "give points"),
        ({"hand_over": {"character": "X", "to": "Ann"}}, "change hands"),
        ({"offer": {"to": "Ann", "get": {"characters": ["X"]}}}, "change hands"),
        (
            {"offer": {"to": "Ann", "give": {"points": 1, "from": 3, "into": "X"}}},
            "be given points",
        ),
    ],
)
def test_x_is_refused_as_the_dummy_piece_nobody_holds(action, cannot):
    """A gift to X was refused with '"X" is not a character in this game', though X stands on
    the belt beside the characters: the refusal says what X is and why."""
    state = at_round(1, points={2: 5})
    with pytest.raises(IllegalAction) as raised:
        state.apply(2, action)
    assert raised.value.args[0] == f"X is the dummy piece that nobody holds, so it cannot {cannot}."


def test_reach_gives_at_any_distance_unless_silenced():
    state = at_round(1, points={2: 5})
    state.apply(2, {"gift": {"from": 3, "to": 9, "points": 1}})
    assert state.points[8] == 1
    state.silenced = 3
    with pytest.raises(IllegalAction) as raised:
        state.apply(2, {"gift": {"from": 3, "to": 9, "points": 1}})
    # the holder, told of the silence, is told it is the reason
    assert raised.value.args[0] == (
        "Reach and Humble are not neighbours (Reach is silenced this round)."
    )


def test_characters_change_hands_but_never_one():
    state = at_round(1)
    state.apply(2, {"hand_over": {"character": 3, "to": "Ivy"}})
    assert state.holder[3] == 8 and state.held(2) == []
    assert "You now hold Reach (3)." in notices(state, 8)
    assert not any("Cid" in t for t in notices(state, 8))  # the giver stays unnamed
    with pytest.raises(IllegalAction) as raised:
        state.apply(5, {"hand_over": {"character": "One", "to": "Ann"}})
    assert raised.value.rule == "one"
    assert raised.value.args[0] == "One cannot be given away unless it is silenced this round."


def test_an_order_sent_before_a_hand_over_stays_with_the_sender():
    # Gus submits Force pushing 3, then gives Force to Ann, who had already submitted:
    # Force has no order in the holder's submission at the deadline, so it does nothing.
    state = at_round(1)
    state.apply(0, {"orders": {"1": {}}})
    state.apply(6, {"orders": {"7": {"push": 3}}})
    state.apply(6, {"hand_over": {"character": 7, "to": "Ann"}})
    assert notices(state, 6)[-2] == "Your orders for Force no longer count: it is not yours now."
    assert notices(state, 0)[-1].startswith(
        "You now hold Force (7); your orders are already in, so it neither pushes nor uses a "
        "power for you this round"
    )
    play_round_rest = [s for s in range(9) if s not in (0, 6)]
    for seat in play_round_rest:
        state.apply(seat, {"orders": {str(c): {} for c in state.held(seat)}})
    assert state.conveyor == (1, 2, 3, 4, 5, 6, 7, 8, 9, "X")
    assert state.penalty[0] == state.penalty[6] == 0


def _finish_round(state):
    """Every seat that still owes this round's orders sends "do nothing" for what it holds."""
    for seat in state.awaiting():
        state.apply(seat, {"orders": {str(c): {} for c in state.held(seat)}})


def test_a_character_handed_away_and_back_does_not_act_on_the_orders_that_were_dropped():
    """Gus sends Force pushing 3, hands Force to Hal, and Hal hands it straight back. Gus was
    told his orders for it no longer count, and on getting it back that it neither pushes nor
    uses a power for him this round: the belt stays put and he earns no penalty points. His
    orders count again the next round; a save, or a copy, resolves the same."""
    state = at_round(1, points={s: 5 for s in range(9)} | {6: 9})  # Gus above the median
    state.apply(6, {"orders": {"7": {"push": 3}}})
    state.apply(6, {"hand_over": {"character": 7, "to": "Hal"}})
    state.apply(7, {"hand_over": {"character": 7, "to": "Gus"}})
    assert "Your orders for Force no longer count: it is not yours now." in notices(state, 6)
    saved, copy = from_json(to_json(state)), state.clone()
    for game in (state, saved, copy):
        _finish_round(game)
        assert game.conveyor == (1, 2, 3, 4, 5, 6, 7, 8, 9, "X")
        assert game.penalty[6] == 0
        assert not [t for t in notices(game, 6) if "penalty" in t]
    play_round(state, {7: {"push": 3}})  # round 2: Force is Gus's, and so are its orders
    assert state.conveyor == (4, 5, 6, 7, 8, 9, "X", 1, 2, 3) and state.penalty[6] != 0


@pytest.mark.parametrize(
    ("character", "order", "unused"),
    [
        (8, {"power": {"jump": True}}, lambda state: state.conveyor[0] == 1),  # no leap
        (5, {"power": {"lock": True}}, lambda state: state.lock_charges == 3),  # no charge spent
    ],
)
def test_a_power_handed_away_and_back_is_not_used(character, order, unused):
    """Jump's leap and Lock's charge, ordered and then dropped as Force's push was."""
    state = at_round(3, points={s: 5 for s in range(9)})
    seat = state.holder[character]
    state.apply(seat, {"orders": {str(character): order}})
    state.apply(seat, {"hand_over": {"character": character, "to": "Ivy"}})
    state.apply(8, {"hand_over": {"character": character, "to": seat}})
    _finish_round(state)
    assert unused(state)


def test_orders_count_for_whoever_holds_the_character_when_they_send_them():
    """Dropped orders are the sender's only: Gus's Force goes to Hal, who has not sent his, and
    Hal's orders for it count. Ivy hands Humble to Ann and gets it back before sending hers:
    hers count too."""
    state = at_round(1, points={s: 5 for s in range(9)})
    state.apply(6, {"orders": {"7": {"push": 3}}})
    state.apply(6, {"hand_over": {"character": 7, "to": "Hal"}})
    state.apply(7, {"orders": {"7": {"push": 2}, "8": {}}})
    state.apply(8, {"hand_over": {"character": 9, "to": "Ann"}})
    state.apply(0, {"hand_over": {"character": 9, "to": "Ivy"}})
    state.apply(8, {"orders": {"9": {"push": 1}}})
    _finish_round(state)
    assert state.conveyor == (4, 5, 6, 7, 8, 9, "X", 1, 2, 3)  # Hal's 2 pushes and Ivy's 1


def test_a_character_received_after_sending_orders_still_scores_and_acts_for_its_holder():
    """Round 2 scores tiles 3-10; Ann's Isolated stands on tile 1. Bob sends his orders, then
    Ann hands him Isolated: it has no orders from him, but its loss of 2 points (a power that
    needs none) is now his, as the rulings say and his notice tells him."""
    state = at_round(2, points={s: 5 for s in range(9)})
    state.apply(1, {"orders": {str(c): {} for c in state.held(1)}})
    state.apply(0, {"hand_over": {"character": 1, "to": "Bob"}})
    assert "it scores for you and what it does without orders counts" in notices(state, 1)[-1]
    for seat in (0, *range(2, 9)):
        state.apply(seat, {"orders": {str(c): {} for c in state.held(seat)}})
    assert state.points[0] == 5 and state.points[1] == 3  # Bob: 5, less Isolated's 2


def test_an_accepted_offer_swaps_characters_and_points():
    state = at_round(1, points={2: 5})
    offer = {"to": "Ivy", "give": {"points": 3, "from": 3, "into": 9}, "get": {"characters": [9]}}
    state.apply(2, {"offer": offer})
    number = state.offers[0]["id"]
    assert any(f"Offer {number} from Cid" in t for t in notices(state, 8))
    state.apply(8, {"accept": number})
    assert state.holder[9] == 2 and state.points[2] == 2 and state.points[8] == 3
    assert not state.offers


@pytest.mark.parametrize(
    ("give", "get", "why"),
    [
        ([1, 2, 5], [], "You do not hold Pickpocket and Lock: you can only give your own."),
        ([1], [2, 3, 1], "You already hold Isolated and Reach, which you ask for."),
    ],
)
def test_an_offer_listing_several_characters_names_those_it_is_refused_for(give, get, why):
    state = at_round(1, holders={3: 0})  # Ann holds Isolated and Reach
    before = to_json(state)
    offer = {"to": "Bob", "give": {"characters": give}, "get": {"characters": get}}
    with pytest.raises(IllegalAction) as raised:
        state.apply(0, {"offer": offer})
    assert raised.value.args[0] == why and to_json(state) == before


def test_an_offer_whose_items_are_gone_fails_and_says_why():
    state = at_round(1)
    state.apply(
        2, {"offer": {"to": "Dee", "give": {"characters": [3]}, "get": {"characters": [4]}}}
    )
    number = state.offers[0]["id"]
    state.apply(2, {"hand_over": {"character": 3, "to": "Fay"}})
    state.apply(3, {"accept": number})
    assert state.holder[3] == 5 and state.holder[4] == 3
    # Each is told in plain words, the one it concerns as "you".
    failed = "Offer 1 from Cid fails: Cid does not hold Reach now. Nothing changes hands."
    assert failed in notices(state, 3)
    yours = "Your offer 1 to Dee fails: you do not hold Reach now. Nothing changes hands."
    assert yours in notices(state, 2)
    assert not state.offers


def test_an_offer_the_other_side_cannot_deliver_fails_without_saying_what_they_lack():
    state = at_round(1)
    state.apply(
        2, {"offer": {"to": "Dee", "give": {"characters": [3]}, "get": {"characters": [9]}}}
    )
    state.apply(3, {"accept": 1})
    assert state.holder[3] == 2 and state.holder[9] == 8
    failed = "Offer 1 from Cid fails: you do not hold Humble now. Nothing changes hands."
    assert failed in notices(state, 3)
    # Cid hears a decline, word for word: whether Dee holds Humble stays Dee's to know
    assert "Dee declined your offer 1." in notices(state, 2)
    assert not any("fails" in t for t in notices(state, 2))
    declined = at_round(1)
    declined.apply(
        2, {"offer": {"to": "Dee", "give": {"characters": [3]}, "get": {"characters": [9]}}}
    )
    declined.apply(3, {"decline": 1})
    assert [e for e in declined.events_for(2)][-1].text == [e for e in state.events_for(2)][-1].text


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
            assert points > state.known_points(seat)  # only what the giver knows it has
        assert sum(state.points) == total


# ----- One silenced: its ban is part of its power ------------------------------------------


def test_a_silenced_one_trades_and_changes_hands_for_that_round_only():
    # Ivy's Silence mutes One for round 2. Round 1: Isolated (tile 1) loses 1 and scores
    # nothing; everyone else scores 1 (Fay sits at the median 0 when One acts: no change).
    state = at_round(1, (1, 2, 3, 4, 5, 6, 7, 8, 14))
    play_round(state, {14: {"power": {"silence": 6}}})
    assert (state.round, state.silenced) == (2, 6)
    assert state.points == [-1, 1, 1, 1, 1, 1, 1, 1, 1]
    # Fay, holding the muted One, accepts Ann's Isolated...
    state.apply(0, {"offer": {"to": "Fay", "give": {"characters": [1]}}})
    state.apply(5, {"accept": 1})
    assert state.holder[1] == 5
    # ...and trades One with her 1 point (One, tile 6, into Force, tile 7) for Force.
    give = {"characters": [6], "points": 1, "from": 6, "into": 7}
    state.apply(5, {"offer": {"to": "Gus", "give": give, "get": {"characters": [7]}}})
    state.apply(6, {"accept": 2})
    assert (state.holder[6], state.holder[7]) == (6, 5)
    assert (state.points[5], state.points[6]) == (0, 2)
    assert "You now hold One (6); it is silenced this round." in notices(state, 6)
    state.apply(6, {"hand_over": {"character": "One", "to": "Ann"}})  # still muted: allowed
    assert state.holder[6] == 0
    play_round(state)
    # Round 3: One works again, so Ann may neither hand it over nor trade.
    assert state.round == 3 and state.silenced is None and state.held(0) == [6]
    for action in (
        {"hand_over": {"character": 6, "to": "Bob"}},
        {"offer": {"to": "Bob", "get": {"characters": [2]}}},
    ):
        with pytest.raises(IllegalAction) as raised:
            state.apply(0, action)
        assert raised.value.rule == "one"
    assert not any("hand_over" in a or "offer" in a for a in state.free_actions(0))


def _refusal(state, seat, action):
    try:
        state.clone().apply(seat, action)
    except IllegalAction as refused:
        return refused.rule, str(refused)
    return None


def test_nobody_else_learns_from_an_offer_whether_one_is_silenced():
    # Whether One is muted is Fay's and Silence's secret: asking for One, or pretending to
    # give it, is refused alike either way.
    muted, working = at_round(2), at_round(2)
    muted.silenced = 6
    for action in (
        {"offer": {"to": "Fay", "get": {"characters": [6]}}},
        {"offer": {"to": "Fay", "give": {"characters": [1]}, "get": {"characters": [6]}}},
        {"offer": {"to": "Bob", "give": {"characters": [6]}}},
        {"hand_over": {"character": 6, "to": "Bob"}},
    ):
        assert _refusal(muted, 0, action) == _refusal(working, 0, action) is not None
    assert _refusal(muted, 0, {"offer": {"to": "Fay", "get": {"characters": [6]}}})[0] == "one"


def test_the_free_actions_offered_to_a_silenced_ones_holder_are_all_legal():
    state = at_round(2, points={5: 2})
    state.apply(0, {"offer": {"to": "Fay", "give": {"characters": [1]}}})
    bound = state.free_actions(5)
    assert {"accept": 1} not in bound and not any("hand_over" in a for a in bound)
    state.silenced = 6
    free = state.free_actions(5)
    assert {"accept": 1} in free
    assert {"hand_over": {"character": 6, "to": "Ann"}} in free
    assert any("offer" in a and list(a["offer"]["give"]["characters"]) == [6] for a in free)
    for action in free:
        state.clone().apply(5, action)


# ----- Reach silenced: only its holder may tell ------------------------------------------
# Cid holds Reach (tile 3, between Bob's Pickpocket and Dee's Charity); Ann holds Isolated
# (tile 1) and Ivy Humble (tile 9), neither of them Reach's neighbour.

ASK_REACH = {"points": 2, "from": 3, "into": 1}  # Reach's points into Ann's Isolated


def _reach_states(**kw):
    """Two round-2 games alike but for a silence on Reach, known to Cid alone."""
    muted, working = at_round(2, points={0: 3, 2: 5}, **kw), at_round(2, points={0: 3, 2: 5}, **kw)
    muted.silenced = 3
    return muted, working


@pytest.mark.parametrize(
    ("action", "made"),
    [
        ({"offer": {"to": "Cid", "get": ASK_REACH}}, True),
        ({"offer": {"to": "Bob", "give": {"characters": [1]}, "get": ASK_REACH}}, True),
        ({"offer": {"to": "Cid", "get": {**ASK_REACH, "into": 9}}}, False),  # not Ann's
        ({"offer": {"to": "Cid", "give": {"points": 1, "from": 3, "into": 9}}}, False),
        ({"gift": {"from": 3, "to": 9, "points": 1}}, False),  # Reach is not Ann's
    ],
)
def test_nobody_else_learns_from_an_offer_or_gift_whether_reach_is_silenced(action, made):
    # Each refusal once named the silence ("not neighbours"); now Ann learns the same, and
    # an offer asking for Reach's points past its neighbours is made, either way.
    muted, working = _reach_states()
    assert muted.seat_view(0) == working.seat_view(0)
    assert muted.free_actions(0) == working.free_actions(0)
    seen = _outcome(muted, 0, action)
    assert seen == _outcome(working, 0, action)
    assert isinstance(seen, tuple) != made
    if not made:
        assert "neighbours" not in seen[1]


def test_a_silenced_reachs_holder_alone_is_refused_and_the_asker_sees_a_decline():
    muted, working = _reach_states()
    for state in (muted, working):
        state.apply(0, {"offer": {"to": "Cid", "get": ASK_REACH}})
        # Bob asks for Reach's points into his Pickpocket, Reach's neighbour: fine either way.
        state.apply(1, {"offer": {"to": "Cid", "get": {"points": 1, "from": 3, "into": 2}}})
    before = to_json(muted), list(muted.points)
    with pytest.raises(IllegalAction) as raised:
        muted.apply(2, {"accept": 1})
    assert raised.value.rule == "silence" and "Isolated is not one" in str(raised.value)
    assert (to_json(muted), muted.points) == before  # nothing moved, nobody was told
    free = muted.free_actions(2)
    assert {"accept": 1} not in free and {"decline": 1} in free and {"accept": 2} in free
    for action in free:
        muted.clone().apply(2, action)  # every free action offered to Cid is legal
    muted.apply(2, {"accept": 2})
    assert muted.points[1:3] == [1, 4]  # Reach's neighbour gets its point, muted or not
    working.apply(2, {"accept": 1})
    assert working.points[:3] == [5, 0, 3]  # Reach works: 2 points travel to tile 1
    # Muted, Cid can only decline (or let it lapse); Ann then sees what any decline shows.
    muted.apply(2, {"decline": 1})
    assert notices(muted, 0)[-1] == "Cid declined your offer 1."
    declined = _reach_states()[1]
    declined.apply(0, {"offer": {"to": "Cid", "get": ASK_REACH}})
    declined.apply(2, {"decline": 1})
    assert muted.seat_view(0) == declined.seat_view(0)


def test_a_silenced_reach_binds_whoever_holds_it_when_the_offer_is_answered():
    muted, working = _reach_states()
    for state in (muted, working):
        state.apply(0, {"offer": {"to": "Dee", "get": ASK_REACH}})  # Dee does not hold Reach
        state.apply(0, {"offer": {"to": "Eve", "get": ASK_REACH}})
        state.apply(3, {"accept": 1})  # fails alike: to the asker, a decline
        assert notices(state, 0)[-1] == "Dee declined your offer 1."
    assert muted.seat_view(0) == working.seat_view(0)
    muted.apply(2, {"hand_over": {"character": 3, "to": "Eve"}})
    assert "You now hold Reach (3); it is silenced this round." in notices(muted, 4)
    with pytest.raises(IllegalAction) as raised:
        muted.apply(4, {"accept": 2})
    assert raised.value.rule == "silence"
    assert {"accept": 2} not in muted.free_actions(4)


@settings(max_examples=60, deadline=None)
@given(
    st.booleans(),
    st.lists(st.tuples(st.integers(0, 8), st.integers(1, 4), st.booleans()), max_size=12),
)
def test_asks_for_reachs_points_conserve_points_and_never_pass_a_silence(silenced, asks):
    # Each asker wants points from Reach into its own character; Cid accepts or declines.
    state = at_round(2, points={s: 3 for s in range(9)})
    state.silenced = 3 if silenced else None
    total = sum(state.points)
    for asker, points, accept in asks:
        if asker == 2 or state.holder.get(6) == asker:  # Cid himself; One's holder may not
            continue
        into = state.held(asker)[0]
        state.apply(
            asker, {"offer": {"to": "Cid", "get": {"points": points, "from": 3, "into": into}}}
        )
        number = state.offers[-1]["id"]
        before = list(state.points)
        blocked = silenced and into not in (2, 4)  # only Reach's neighbours, when muted
        assert ({"accept": number} in state.free_actions(2)) == (not blocked)
        if accept and not blocked:
            can = state.known_points(2) >= points
            state.apply(2, {"accept": number})
            moved = before[2] - state.points[2]
            assert moved == (points if can else 0) == state.points[asker] - before[asker]
        else:
            if accept:
                with pytest.raises(IllegalAction):
                    state.apply(2, {"accept": number})
            state.apply(2, {"decline": number})
            assert state.points == before
        assert sum(state.points) == total


# ----- gifts of unknown size stay unknown ------------------------------------------------


def _gifted(size):
    """Bob (Pickpocket, tile 2) gives `size` points to Ann's Isolated (tile 1) and keeps 3;
    Ann has 2 of her own. She sees 2 points and one gift, so she knows of 3."""
    state = at_round(1, points={0: 2, 1: 3 + size})
    state.apply(1, {"gift": {"from": 2, "to": 1, "points": size}})
    return state


def _outcome(state, seat, action):
    """What `seat` learns from trying `action` on a copy: the refusal, or its view after."""
    state = state.clone()
    try:
        state.apply(seat, action)
    except IllegalAction as refused:
        return refused.rule, str(refused)
    return state.seat_view(seat)


@pytest.mark.parametrize("points", range(1, 9))
def test_probing_with_offers_or_gifts_never_measures_a_gift(points):
    small, large = _gifted(3), _gifted(7)  # alike but for the gift's size (and Ann's total)
    assert small.seat_view(0) == large.seat_view(0)
    offer = {"offer": {"to": "Bob", "give": {"points": points, "from": 1, "into": 2}}}
    gift = {"gift": {"from": 1, "to": 2, "points": points}}
    for action in (offer, gift):
        seen = _outcome(small, 0, action)
        assert seen == _outcome(large, 0, action)
        assert isinstance(seen, tuple) == (points > 3)  # 2 points + 1 for the gift
    if points > 3:
        rule, text = _outcome(small, 0, offer)
        assert rule == "offers" and "at most 3, counting each gift of unknown size as 1" in text


@pytest.mark.parametrize("points", [3, 4])
def test_an_accepted_offer_takes_only_the_points_a_seat_knows_it_has(points):
    # Bob asks for points from Ann's Isolated into his Pickpocket; Ann accepts.
    seen = []
    for size in (3, 7):
        state = _gifted(size)
        asked = {"points": points, "from": 1, "into": 2}
        state.apply(1, {"offer": {"to": "Ann", "get": asked}})
        state.apply(0, {"accept": 1})
        seen.append(state.seat_view(0))
        if points == 3:  # done: Ann keeps 2 + size - 3 points, never fewer than 0
            assert state.points[:2] == [size - 1, 6]
        else:
            assert state.points[:2] == [2 + size, 3]
            short = "Offer 1 from Bob fails: you do not have 4 points to give."
            assert f"{short} Nothing changes hands." in notices(state, 0)
            assert notices(state, 1)[-1] == "Ann declined your offer 1."  # as a decline reads
    assert seen[0] == seen[1]  # Ann learns the same, whatever the gift's size


MOVES = st.lists(
    st.tuples(
        st.sampled_from(("gift", "offer", "ask")),
        st.integers(0, 8),
        st.integers(0, 1),
        st.integers(1, 5),
    ),
    max_size=30,
)


@settings(max_examples=100, deadline=None)
@given(MOVES)
def test_gifts_and_trades_conserve_points_and_move_only_points_known_of(moves):
    # Seat i holds the i-th character, on tile i + 1 (no One: everyone trades). Points go to
    # or come from a neighbour; the neighbour's holder accepts every offer at once.
    characters = (1, 2, 3, 4, 5, 7, 8, 9, 10)
    state = at_round(1, characters, points={s: 2 for s in range(9)})
    total = sum(state.points)
    for kind, seat, direction, points in moves:
        partner = seat + (1 if direction else -1)
        if not 0 <= partner <= 8:
            continue
        mine, other = characters[seat], characters[partner]
        terms = {"points": points, "from": mine, "into": other}
        action = {
            "gift": {"gift": {"from": mine, "to": other, "points": points}},
            "offer": {"offer": {"to": partner, "give": terms}},
            "ask": {"offer": {"to": partner, "get": {**terms, "from": other, "into": mine}}},
        }[kind]
        giver, taker = (partner, seat) if kind == "ask" else (seat, partner)
        can = state.known_points(giver) >= points
        before = list(state.points)
        try:
            state.apply(seat, action)
            if kind != "gift":
                state.apply(partner, {"accept": state.offers[-1]["id"]})
        except IllegalAction:
            assert not can and kind != "ask"  # an ask is made, then fails when accepted
        moved = before[giver] - state.points[giver]
        assert moved == (points if can else 0) == state.points[taker] - before[taker]
        assert sum(state.points) == total
        for s in range(9):
            assert 0 <= state.known_points(s) <= state.points[s]
