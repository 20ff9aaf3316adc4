"""Each power and the processing order, worked by hand from the seed's rules.

Unless a row says otherwise, seat i holds the i-th listed character and everyone starts at 0.
Round 1 scores tiles 2-10, round 2 tiles 3-10; Isolated is judged where it stands when the
powers resolve, before the conveyor moves (a table ruling).
"""

from __future__ import annotations

import itertools
import random
import re

import pytest
from tests.games.the_median.median_helpers import NAMES, at_round, game, notices, play_round

from middleground.engine import IllegalAction
from middleground.games.the_median.characters import name

X = "X"


def test_round_one_scores_nine_tiles_and_isolated_loses_outside():
    state = play_round(at_round(1))
    assert state.conveyor == (1, 2, 3, 4, 5, 6, 7, 8, 9, X)
    assert state.points == [-1, 1, 1, 1, 1, 1, 1, 1, 1]
    assert state.round == 2


def test_gravity_then_a_push_and_pickpocket_steals_from_gravity():
    # Gravity (seat 6) on tile 1 pulls Pickpocket's neighbour... Pickpocket itself moves:
    # [11,1,2,...] pull 2 -> [11,2,1,3,...]; then Gravity's one push -> [2,1,3,...,X,11].
    # Pushing first would have carried Gravity to tile 10, out of reach of 2.
    characters = (1, 2, 3, 4, 5, 6, 11, 12, 13)
    state = at_round(1, characters, (11, 1, 2, 3, 4, 5, 6, 12, 13, X), points={6: 5})
    play_round(state, {11: {"push": 1, "power": {"pull": 2}}})
    assert state.conveyor == (2, 1, 3, 4, 5, 6, 12, 13, X, 11)
    # Isolated stood on tile 2 when powers resolved: no loss; it ends on tile 2: +1.
    # Pickpocket steals 2 from Gravity's holder and ends on tile 1 (outside).
    assert state.points == [1, 2, 1, 1, 1, 1, 4, 1, 1]
    assert any("stole 2 points from you" in t for t in notices(state, 6))


def test_pickpocket_takes_nothing_from_a_victim_with_under_two_points():
    characters = (1, 2, 3, 4, 5, 6, 11, 12, 13)
    state = at_round(1, characters, (11, 1, 2, 3, 4, 5, 6, 12, 13, X), points={6: 1})
    play_round(state, {11: {"power": {"pull": 2}}})
    # Pickpocket, pulled to tile 2, scores 1; Gravity stayed on tile 1 and scores nothing.
    assert state.points[1] == 1 and state.points[6] == 1
    assert any("took nothing" in t for t in notices(state, 6))
    assert any("could take nothing" in t for t in notices(state, 1))


def test_a_locked_victim_loses_nothing_to_pickpocket():
    # Seat 6 holds Gravity and Lock; Lock (5) resolves before Gravity (11): frozen points.
    characters = (1, 2, 3, 4, 5, 6, 11, 12, 13)
    state = at_round(
        1, characters, (11, 1, 2, 3, 4, 5, 6, 12, 13, X), points={6: 5}, holders={5: 6}
    )
    play_round(state, {11: {"power": {"pull": 2}}, 5: {"power": {"lock": True}}})
    assert state.points[6] == 5 and state.points[1] == 1  # no theft, no score for Lock either
    assert state.lock_charges == 2


def test_a_locked_thief_still_robs_and_the_points_are_lost():
    """Bob holds Pickpocket and Lock and locks; Gus's Gravity pulls Pickpocket. Had the theft
    failed, Gus, told why, would learn that Pickpocket's holder spent a Lock: instead Gus
    loses 2 points as in any theft, and Bob's frozen points cannot take them."""
    characters = (1, 2, 3, 4, 5, 6, 11, 12, 13)
    state = at_round(
        1, characters, (11, 1, 2, 3, 4, 5, 6, 12, 13, X), points={6: 5}, holders={5: 1}
    )
    play_round(state, {11: {"power": {"pull": 2}}, 5: {"power": {"lock": True}}})
    assert state.points[6] == 3 and state.points[1] == 0  # Bob's points stay as they were
    assert notices(state, 6)[-1] == "Pickpocket stole 2 points from you when Gravity moved it."
    assert not [t for t in notices(state, 6) if "Lock" in t or "frozen" in t]
    assert "Lock froze your points: the 2 points are lost" in " ".join(notices(state, 1))


@pytest.mark.parametrize(("lock", "expected"), [(True, -2), (False, 0)])
def test_lock_against_isolated(lock, expected):
    # Seat 0 holds Isolated (tile 1) and Lock (tile 5); round 2 scores tiles 3-10.
    # Isolated (1) resolves before Lock (5): its -2 always lands; Lock then stops Lock's +2.
    state = at_round(2, holders={5: 0})
    order = {"power": {"lock": True}} if lock else {}
    play_round(state, {5: order})
    assert state.points[0] == expected


def test_silence_on_force():
    characters = (1, 2, 3, 4, 5, 6, 7, 8, 14)
    state = at_round(1, characters)
    play_round(state, {14: {"power": {"silence": 7}}})
    assert any("Force is silenced this round" in t for t in notices(state, 6))
    with pytest.raises(IllegalAction) as raised:
        state.apply(6, {"orders": {"7": {"push": 3}}})
    assert raised.value.rule == "silence"
    with pytest.raises(IllegalAction, match="last round"):
        state.apply(8, {"orders": {"14": {"power": {"silence": 7}}}})
    play_round(state, {7: {"push": 1}})
    assert state.penalty[6] == 0
    state.apply(6, {"orders": {"7": {"push": 3}}})  # round 3: Force is free again


@pytest.mark.parametrize(("points", "penalty"), [(10, 2), (-5, -2), (0, 0)])
def test_force_pushes_three_with_penalty_away_from_the_median(points, penalty):
    state = at_round(1, points={6: points})
    play_round(state, {7: {"push": 3}})
    assert state.conveyor == (4, 5, 6, 7, 8, 9, X, 1, 2, 3)
    assert state.penalty[6] == penalty


def test_jump_leaps_left_shifts_the_rest_and_pickpocket_steals():
    state = at_round(1, points={7: 4})
    play_round(state, {8: {"power": {"jump": True}}})
    assert state.conveyor == (8, 1, 2, 3, 4, 5, 6, 7, 9, X)
    assert state.penalty[7] == 3  # 4 points, above the median of 0
    # Isolated lost 1 on tile 1, then scores on tile 2; Pickpocket: +2 stolen, +1 scored.
    assert state.points == [0, 3, 1, 1, 1, 1, 1, 2, 1]


def test_jump_is_refused_on_the_far_left_tile():
    state = at_round(1, conveyor=(8, 1, 2, 3, 4, 5, 6, 7, 9, X))
    with pytest.raises(IllegalAction, match="far left"):
        state.apply(7, {"orders": {"8": {"power": {"jump": True}}}})


def test_exchange_swaps_two_in_the_zone_from_outside():
    characters = (1, 2, 3, 4, 5, 6, 7, 10, 13)
    state = at_round(1, characters, (10, 1, 2, 3, 4, 5, 6, 7, 13, X), points={7: 1})
    play_round(state, {10: {"power": {"swap": [2, X]}}})
    assert state.conveyor == (10, 1, X, 3, 4, 5, 6, 7, 13, 2)
    # Pickpocket was moved but Exchange's holder had 1 point: nothing stolen.
    assert state.points == [1, 1, 1, 1, 1, 1, 1, 1, 1]


def test_exchange_inside_the_zone_swaps_nothing():
    characters = (1, 2, 3, 4, 5, 6, 7, 10, 13)
    state = at_round(1, characters)
    play_round(state, {10: {"power": {"swap": [2, X]}}})
    assert state.conveyor == (1, 2, 3, 4, 5, 6, 7, 10, 13, X)
    assert any("inside the scoring zone" in t for t in notices(state, 7))


def test_jump_resolves_before_gravity_which_measures_reach_afterwards():
    # Gravity on tile 8 names 4 (tile 4: four away). Jump (8) first shifts 4 to tile 5.
    characters = (1, 2, 3, 4, 5, 6, 8, 11, 13)
    state = at_round(1, characters)
    play_round(state, {8: {"power": {"jump": True}}, 11: {"power": {"pull": 4}}})
    assert state.conveyor == (8, 1, 2, 3, 5, 6, 4, 11, 13, X)


def test_anchor_holds_while_others_jump_over_it_and_not_twice_running():
    characters = (1, 2, 3, 4, 5, 6, 7, 8, 12)
    state = at_round(1, characters)
    play_round(state, {12: {"push": 1, "power": {"anchor": True}}, 7: {"push": 1}})
    assert state.conveyor == (3, 4, 5, 6, 7, 8, X, 1, 12, 2)
    with pytest.raises(IllegalAction) as raised:
        state.apply(8, {"orders": {"12": {"power": {"anchor": True}}}})
    assert raised.value.rule == "anchor"


@pytest.mark.parametrize(
    ("tiles", "silenced", "twin_points"),
    [
        ((13, 1, 2, 3, 4, 5, 6, 7, 8, X), None, 1),  # Twin outside, X inside: scores
        ((1, 2, 3, 4, 5, 6, 7, 8, 13, X), None, 1),  # both inside: scores once
        ((X, 1, 2, 3, 4, 5, 6, 7, 8, 13), None, 1),  # Twin inside, X outside
        ((13, 1, 2, 3, 4, 5, 6, 7, 8, X), 13, 0),  # silenced: X does not count
    ],
)
def test_twin_scores_with_x_never_twice(tiles, silenced, twin_points):
    state = at_round(1, (1, 2, 3, 4, 5, 6, 7, 8, 13), tiles)
    state.silenced = silenced
    play_round(state)
    assert state.points[8] == twin_points


def test_charity_gives_a_point_and_not_to_the_same_character_twice_running():
    state = at_round(1, points={3: 3})
    play_round(state, {4: {"power": {"gift": 9}}})
    assert state.points[3] == 3 and state.points[8] == 2  # 3-1+1 and 0+1+1
    assert any("Charity gives your character Humble 1 point" in t for t in notices(state, 8))
    with pytest.raises(IllegalAction, match="last round"):
        state.apply(3, {"orders": {"4": {"power": {"gift": 9}}}})
    with pytest.raises(IllegalAction, match="another character"):
        state.apply(3, {"orders": {"4": {"power": {"gift": 4}}}})
    state.holder[5] = 3
    with pytest.raises(IllegalAction, match="You hold Lock yourself"):
        state.apply(3, {"orders": {"4": {"power": {"gift": 5}}, "5": {}}})


def test_charity_without_a_point_gives_nothing():
    state = at_round(1)
    play_round(state, {4: {"power": {"gift": 9}}})
    assert state.points[3] == 1 and state.points[8] == 1
    assert any("no point" in t for t in notices(state, 3))
    # It still targeted Humble: not again the next round (the rulings: whom it targets counts)
    with pytest.raises(IllegalAction, match="last round"):
        state.apply(3, {"orders": {"4": {"power": {"gift": 9}}}})


@pytest.mark.parametrize(("points", "after"), [(10, 10), (-4, -2), (0, 1)])
def test_one_pulls_its_holder_toward_the_median(points, after):
    # One on tile 6 also scores 1. Median of the others is 0 (Isolated is at -1).
    state = at_round(1, points={5: points})
    play_round(state)
    assert state.points[5] == after


def test_humble_is_shown_one_place_lower():
    state = at_round(1, points={6: 70, 7: 60, 8: 50})
    play_round(state)
    # True order: Gus, Hal, Ivy (Humble), then the ones on 1 in seat order, Ann last.
    assert state.rankings[-1] == (6, 7, 1, 8, 2, 3, 4, 5, 0)
    assert state.public_view().board["ranking"] == (6, 7, 1, 8, 2, 3, 4, 5, 0)


def test_lock_charges_travel_with_the_character_and_run_out():
    state = at_round(1)
    play_round(state, {5: {"power": {"lock": True}}})
    state.apply(4, {"hand_over": {"character": "Lock", "to": "Ann"}})
    assert any("Lock has 2 charges left" in t for t in notices(state, 0))
    assert state.seat_view(0).board["me"]["characters"][1]["lock_charges"] == 2
    state.lock_charges = 0
    with pytest.raises(IllegalAction) as raised:
        state.apply(0, {"orders": {"1": {}, "5": {"power": {"lock": True}}}})
    assert raised.value.rule == "lock"


def test_penalty_points_are_apart_from_points():
    state = at_round(1, points={6: 10})
    play_round(state, {7: {"push": 2}})
    assert state.penalty[6] == 2 and state.scores()[6] == state.points[6] + 2
    with pytest.raises(IllegalAction):  # only points can be given, never penalty points
        state.apply(6, {"gift": {"from": 7, "to": 8, "points": state.points[6] + 1}})


def test_orders_must_cover_exactly_the_held_characters():
    state = at_round(1, holders={5: 0})
    with pytest.raises(IllegalAction, match="Lock has none"):
        state.apply(0, {"orders": {"1": {}}})
    state.apply(0, {"orders": {"Isolated": {}, "Lock": {"push": 1}}})
    with pytest.raises(IllegalAction, match="does not hold"):
        state.apply(1, {"orders": {"2": {}, "5": {}}})
    state.apply(4, {"orders": {}})  # a player holding nothing submits nothing


def test_the_form_offers_every_legal_target_while_bots_get_a_sample():
    characters = (1, 2, 3, 4, 5, 6, 7, 10, 13)
    state = at_round(1, characters, (10, 1, 2, 3, 4, 5, 6, 7, 13, X))
    fields = {f.key: f for f in state.action_form(7).fields}
    assert fields["10.push"].maximum == 1
    swaps = [value for value, _ in fields["10.power"].choices if value is not None]
    assert len(swaps) == 36  # any two of the nine pieces in the zone
    offered = [a for a in state.legal_actions(7) if "power" in a["orders"]["10"]]
    assert 0 < len(offered) < 2 * len(swaps)
    assert all(a in state.legal_actions(7) for a in offered)
    assert {f.key for f in at_round(1).action_form(6).fields} == {"7.push"}  # Force: 0-3
    assert at_round(1).action_form(6).fields[0].maximum == 3


def _swap_choices(state, seat):
    field = next(f for f in state.action_form(seat).fields if f.key == "10.power")
    return [(tuple(value["swap"]), text) for value, text in field.choices if value is not None]


def test_the_form_offers_a_swap_with_the_piece_jump_would_carry_into_the_zone():
    # Round 2, zone tiles 3-10. Exchange (Hal) stands on tile 1, Isolated on tile 2, Jump on
    # tile 5. If Jump leaps, Exchange and Isolated shift to tiles 2 and 3: Isolated is in the
    # zone when Exchange acts, and Jump has left it.
    characters = (1, 2, 3, 4, 5, 6, 8, 10, 13)
    state = at_round(2, characters, (10, 1, 2, 3, 8, 4, 5, 6, 13, X))
    choices = _swap_choices(state, 7)
    pairs = [pair for pair, _ in choices]
    assert len(pairs) == 28 + 7  # any two of the eight in the zone; Isolated with seven
    assert pairs[:28] == list(itertools.combinations((2, 3, 8, 4, 5, 6, 13, X), 2))
    assert pairs[28:] == [(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 13), (1, X)]
    assert all(text.endswith("(only if Jump leaps first)") for _, text in choices[28:])
    assert not any("Jump leaps" in text for _, text in choices[:28])
    twin = dict(choices)[(1, 13)]
    assert twin == "swap Isolated and Twin (only if Jump leaps first)"
    value = {"swap": [1, 13]}
    leaps = play_round(state.clone(), {8: {"power": {"jump": True}}, 10: {"power": value}})
    # Jump: (8, 10, 1, 2, 3, 4, 5, 6, 13, X); the swap puts Twin on tile 3, Isolated on 9.
    assert leaps.conveyor == (8, 10, 13, 2, 3, 4, 5, 6, 1, X)
    # Isolated was outside (tile 2) in its turn: -2, then scores 2. Jump's holder is a median
    # player (0): no penalty. Pickpocket, shifted by Jump, finds Gus with no points to take.
    assert leaps.points == [0, 2, 2, 2, 2, 2, 0, 0, 2]
    stays = play_round(state.clone(), {10: {"power": value}})
    assert stays.conveyor == (10, 1, 2, 3, 8, 4, 5, 6, 13, X)
    assert "Exchange could not swap Isolated and Twin: not both in the zone." in notices(stays, 7)


def test_the_form_offers_exactly_the_swaps_that_can_happen():
    # Jump (8) is the only power before Exchange (10) that moves pieces: try every pair the
    # orders accept, with Jump leaping and not, on belts in every round.
    rng = random.Random(5)
    characters = (1, 2, 3, 4, 5, 6, 8, 10, 13)
    for round_number in range(1, 10):
        for _ in range(3):
            belt = [*characters, X]
            rng.shuffle(belt)
            state = at_round(round_number, characters, belt)
            offered = {frozenset(pair) for pair, _ in _swap_choices(state, 7)}
            jumps = [{}] if belt[0] == 8 else [{}, {8: {"power": {"jump": True}}}]
            works = set()
            for a, b in itertools.combinations([p for p in belt if p != 10], 2):
                for jump in jumps:
                    after = play_round(state.clone(), {**jump, 10: {"power": {"swap": [a, b]}}})
                    if any(m["kind"] == "swap" for m in after.reports[-1]["moves"]):
                        works.add(frozenset((a, b)))
            assert offered == works, (round_number, belt)


def test_exchange_inside_the_zone_is_offered_no_swap_and_a_known_silence_is_heeded():
    characters = (1, 2, 3, 4, 5, 6, 8, 10, 13)
    assert _swap_choices(at_round(1, characters), 7) == []  # Exchange on tile 8: inside
    # Hal holds Jump as well: if it is silenced, he knows it cannot leap. A silence on
    # someone else's Jump is not his to know, so the form still offers Isolated then.
    belt = (10, 1, 2, 3, 8, 4, 5, 6, 13, X)
    mine = at_round(2, characters, belt, holders={8: 7})
    theirs = at_round(2, characters, belt)
    mine.silenced = theirs.silenced = 8
    assert len(_swap_choices(mine, 7)) == 28 and len(_swap_choices(theirs, 7)) == 35


def test_jump_carrying_exchange_into_the_zone_leaves_exchange_nothing_to_do():
    # Exchange (tile 1) is outside when orders are sent; Jump (8) resolves first and shifts
    # it to tile 2, inside the zone, so Exchange (10) swaps nothing.
    characters = (1, 2, 3, 4, 5, 6, 8, 10, 13)
    state = at_round(1, characters, (10, 1, 2, 3, 4, 5, 6, 8, 13, X))
    play_round(state, {8: {"power": {"jump": True}}, 10: {"power": {"swap": [13, X]}}})
    assert state.conveyor == (8, 10, 1, 2, 3, 4, 5, 6, 13, X)


def _pull_choices(state, seat):
    field = next(f for f in state.action_form(seat).fields if f.key == "11.power")
    return {value["pull"]: text for value, text in field.choices if value is not None}


def test_the_form_offers_gravity_only_the_pulls_that_can_happen_and_marks_the_far_ones():
    # Round 2, zone tiles 3-10; Gravity on tile 3. Isolated (tile 1), Charity (5) and Force
    # (6) are within reach; Pickpocket and Reach stand beside it, Jump (7) and the pieces
    # beyond are too far. Only Jump moves pieces before Gravity here (Exchange is inside the
    # zone): leaping to tile 1 it shifts Gravity to tile 4 and ends three tiles away itself.
    characters = (1, 2, 3, 4, 7, 8, 10, 11, 14)
    state = at_round(2, characters, (1, 2, 11, 3, 4, 7, 8, 10, 14, X))
    assert _pull_choices(state, 7) == {
        1: "pull Isolated",
        4: "pull Charity",
        7: "pull Force",
        8: "pull Jump (out of reach now: only if Jump leaps first)",
    }
    for target in (1, 4, 7, 8):  # each is accepted, and moves when the form says it can
        leaps = {8: {"power": {"jump": True}}} if target == 8 else {}
        after = play_round(state.clone(), {**leaps, 11: {"power": {"pull": target}}})
        pulls = [m for m in after.reports[-1]["moves"] if m["kind"] == "pull"]
        assert [m["piece"] for m in pulls] == [target]
    stays = play_round(state.clone(), {11: {"power": {"pull": 8}}})
    assert "Gravity could not pull Jump: out of reach or beside it." in notices(stays, 7)


def test_the_form_offers_exactly_the_pulls_that_can_happen():
    # Jump (8) and Exchange (10) are the powers before Gravity (11) that move pieces: try
    # every pull with Jump leaping or not and every swap or none, on belts in every round.
    # A piece is marked with the first of these that brings it within reach.
    rng = random.Random(11)
    characters = (1, 2, 3, 4, 5, 8, 10, 11, 13)
    ways = ("", "Jump leaps", "Exchange swaps", "Jump leaps and Exchange swaps")
    for round_number in range(1, 10):
        for _ in range(2):
            belt = [*characters, X]
            rng.shuffle(belt)
            state = at_round(round_number, characters, belt)
            offered = _pull_choices(state, 7)
            jumps = [None] if belt[0] == 8 else [None, {"jump": True}]
            pairs = itertools.combinations([p for p in belt if p != 10], 2)
            swaps = [None, *({"swap": [a, b]} for a, b in pairs)]
            works: dict = {}  # piece: the first way its pull moves it
            for jump, swap in sorted(
                itertools.product(jumps, swaps),
                key=lambda js: (js[0] is not None) + 2 * (js[1] is not None),
            ):
                orders = {8: {"power": jump} if jump else {}, 10: {"power": swap} if swap else {}}
                way = ways[(jump is not None) + 2 * (swap is not None)]
                for target in (p for p in belt if p != 11 and p not in works):
                    after = play_round(state.clone(), {**orders, 11: {"power": {"pull": target}}})
                    if any(m["kind"] == "pull" for m in after.reports[-1]["moves"]):
                        works[target] = way
            expected = {
                piece: f"pull {name(piece)}"
                + (f" (out of reach now: only if {works[piece]} first)" if works[piece] else "")
                for piece in belt
                if piece in works
            }
            assert offered == expected, (round_number, belt)


def test_gravity_heeds_a_silence_on_its_holders_own_jump_only():
    # As above, but Hal holds Jump as well: silenced, it cannot leap, so Jump is out of reach
    # for good. A silence on someone else's Jump is not Hal's to know.
    characters = (1, 2, 3, 4, 7, 8, 10, 11, 14)
    belt = (1, 2, 11, 3, 4, 7, 8, 10, 14, X)
    mine = at_round(2, characters, belt, holders={8: 7})
    theirs = at_round(2, characters, belt)
    mine.silenced = theirs.silenced = 8
    assert 8 not in _pull_choices(mine, 7) and 8 in _pull_choices(theirs, 7)


def test_gravity_may_pull_anchor_which_still_holds_against_the_conveyor():
    characters = (1, 2, 3, 4, 5, 6, 7, 11, 12)
    state = at_round(1, characters, (1, 2, 3, 4, 5, 6, 11, 7, 12, X))
    play_round(
        state,
        {11: {"power": {"pull": 12}}, 12: {"power": {"anchor": True}}, 7: {"push": 1}},
    )
    # Pull: (..., 11, 12, 7, X); then one push with Anchor fixed on tile 8.
    assert state.conveyor == (2, 3, 4, 5, 6, 11, 7, 12, X, 1)


def test_silence_mutes_powers_that_work_by_themselves():
    state = at_round(1, points={8: 50})
    state.silenced = 1  # Isolated: no loss outside the zone
    play_round(state)
    assert state.points[0] == 0
    state = at_round(1, points={8: 50})
    state.silenced = 9  # Humble: shown in its true place
    play_round(state)
    assert state.rankings[-1][0] == 8


def test_lock_freezes_ones_pull_toward_the_median():
    # Fay holds One (tile 6) and Lock (tile 5): Lock (5) acts before One (6).
    state = at_round(1, points={5: 10}, holders={5: 5})
    play_round(state, {5: {"power": {"lock": True}}})
    assert state.points[5] == 10  # neither One's -1 nor the zone's +2


def test_the_public_round_record_lists_moves_for_the_board_and_names_no_holder():
    characters = (1, 2, 3, 4, 5, 6, 7, 8, 11)
    state = at_round(1, characters)
    play_round(state, {8: {"power": {"jump": True}}, 11: {"power": {"pull": 5}}, 7: {"push": 2}})
    report = state.public_view().board["rounds"][-1]
    assert [m["kind"] for m in report["moves"]] == ["jump", "pull", "push"]
    assert report["moves"][1]["piece"] == 5 and report["moves"][2]["steps"] == 2
    assert report["moves"][-1]["after"] == state.conveyor
    text = " ".join(report["lines"])
    assert "Jump leaps" in text and "Gravity pulls Lock beside it" in text
    assert not any(name in text for name in state.players)


EVERYONE_BUT_FORCE = (1, 2, 3, 4, 5, 6, 8, 12)


def _public_round(orders):
    """Round 1's public lines and moves when the characters (Anchor's among them) send
    `orders`: what the table and the projector read."""
    state = at_round(1, (1, 2, 3, 4, 5, 6, 7, 8, 12))
    play_round(state, orders)
    report = state.public_view().board["rounds"][-1]
    return state.conveyor, report["lines"], report["moves"]


@pytest.mark.parametrize(
    ("orders", "looks_like"),
    [
        ({12: {"power": {"anchor": True}}}, {}),  # Anchor holds, nobody pushes
        ({7: {"push": 3}} | {c: {"push": 1} for c in EVERYONE_BUT_FORCE[:-1]}, {}),  # 10
        (  # Anchor holds and 9 pushes take the nine others round the nine other tiles
            {7: {"push": 2}, 12: {"push": 1, "power": {"anchor": True}}}
            | {c: {"push": 1} for c in EVERYONE_BUT_FORCE[:6]},
            {},
        ),
        ({7: {"push": 3}} | {c: {"push": 1} for c in EVERYONE_BUT_FORCE}, {1: {"push": 1}}),
    ],
)
def test_the_table_is_told_the_move_the_belt_shows_and_no_more(orders, looks_like):
    """Ten pushes (Force's 3 among them) leave every piece on its tile, as Anchor holding
    when nobody pushes does: the table was told "The conveyor moves 10 steps left", or that
    Anchor held, so that Force pushed more than once, or that Anchor cannot hold next round.
    Now it reads what it reads when the belt shows the same move."""
    assert _public_round(orders) == _public_round(looks_like)


def test_anchor_holding_is_told_with_the_move_it_held_through():
    conveyor, lines, moves = _public_round(
        {12: {"push": 1, "power": {"anchor": True}}, 7: {"push": 2}}
    )
    assert "Anchor holds its tile while the conveyor moves 3 steps left." in lines
    assert moves[-1]["kind"] == "push" and moves[-1]["after"] == conveyor


# ----- counts in the notices: "1 point", "2 points", never "+1 points" -----------------

# A count and its noun in the wrong number: "1 points", "+1 points", "3 charge", "2 player".
NOUNS = "point|charge|step|player|gift|character|penalty point"
MISCOUNTED = re.compile(
    rf"(?<![\w.(])[+-]?1 (?:{NOUNS.replace('|', 's|')}s)\b"
    rf"|(?<![\w.(])[+-]?(?:0|[2-9]|\d{{2,}}) (?:{NOUNS})(?!s)\b"
)


def test_the_miscount_pattern_catches_what_the_audit_saw():
    assert MISCOUNTED.search("Anchor scored: +1 points.")
    assert MISCOUNTED.search("Lock has 1 charges left")
    assert MISCOUNTED.search("you lose 3 point.")
    assert not MISCOUNTED.search("Anchor scored: +1 point. You gave 2 points; 1 charge left.")
    assert not MISCOUNTED.search("Anchor (12) holds; 2 tokens of life")


def test_each_notice_counts_its_points_charges_and_steps_in_good_english():
    state = play_round(at_round(1), {9: {"push": 1}})  # Isolated outside; one push
    assert "Isolated stood outside the scoring zone: you lose 1 point." in notices(state, 0)
    assert "Reach scored: +1 point." in notices(state, 2)  # on tile 2 after the push
    assert any("The conveyor moves 1 step left." in e.text for e in state.events if e.public)
    assert "You chose Humble: push once." in notices(state, 8)
    state = play_round(at_round(3, holders={5: 3}))  # Dee holds Charity and Lock
    assert "Charity and Lock scored: +6 points." in notices(state, 3)
    assert any("The conveyor is left where it was." in e.text for e in state.events)
    state = at_round(2, points={0: 3})
    state.apply(0, {"gift": {"from": 1, "to": 2, "points": 1}})
    assert "You gave 1 point from Isolated to Pickpocket." in notices(state, 0)
    state.lock_charges = 1
    state.apply(4, {"hand_over": {"character": 5, "to": 0}})
    assert "You now hold Lock (5); Lock has 1 charge left." in notices(state, 0)
    for seat in range(9):
        assert not [t for t in notices(state, seat) if MISCOUNTED.search(t)]


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_no_text_of_a_random_game_miscounts_or_shows_a_bare_brace(seed):
    """Every notice, log line and result line of a whole game, gifts and trades included."""
    rng = random.Random(seed)
    state = drafted_at_random(seed)
    while not state.is_terminal():
        free = [(s, a) for s in range(9) for a in state.free_actions(s)]
        if free and rng.random() < 0.4:
            state.apply(*rng.choice(free))
        else:
            seat = rng.choice(state.awaiting())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.result()
    texts = [e.text for e in state.events] + [result.summary, *result.notes]
    assert [t for t in texts if MISCOUNTED.search(t)] == []
    assert [t for t in texts if re.search(r"\{\d", t)] == []  # values read "Anchor (12)"


def drafted_at_random(seed: int):
    return game().new_state(NAMES, {}, seed)


def test_the_form_marks_the_swaps_a_leap_by_jump_would_undo():
    # The belt of the test above: Jump (8) in the zone may leap to tile 1, out of the zone, so
    # a swap naming Jump happens only if it does not leap; the other swaps are unmarked.
    characters = (1, 2, 3, 4, 5, 6, 8, 10, 13)
    state = at_round(2, characters, (10, 1, 2, 3, 8, 4, 5, 6, 13, X))
    choices = dict(_swap_choices(state, 7)[:28])
    for pair, text in choices.items():
        assert text.endswith(" (only if Jump does not leap)") == (8 in pair), text
    assert choices[(8, 13)] == "swap Jump and Twin (only if Jump does not leap)"
    value = {"swap": [8, 13]}
    leaps = play_round(state.clone(), {8: {"power": {"jump": True}}, 10: {"power": value}})
    assert "Exchange could not swap Jump and Twin: not both in the zone." in notices(leaps, 7)


def test_exchange_just_outside_the_zone_swaps_only_if_jump_does_not_push_it_in():
    # Round 2, zone tiles 3-10: Exchange (10) on tile 2, Jump (8) on tile 5. A leap shifts
    # Exchange into the zone, where it swaps nothing: every swap is marked so.
    characters = (1, 2, 3, 4, 5, 6, 8, 10, 13)
    state = at_round(2, characters, (1, 10, 2, 3, 8, 4, 5, 6, 13, X))
    choices = _swap_choices(state, 7)
    assert len(choices) == 28
    assert all(text.endswith(" (only if Jump does not leap)") for _, text in choices)
    value = {"swap": [2, 3]}
    leaps = play_round(state.clone(), {8: {"power": {"jump": True}}, 10: {"power": value}})
    assert "Exchange stood inside the scoring zone, so it swapped nothing." in notices(leaps, 7)
    stays = play_round(state.clone(), {10: {"power": value}})
    assert stays.conveyor == (1, 10, 3, 2, 8, 4, 5, 6, 13, X)  # no leap: the swap is made
