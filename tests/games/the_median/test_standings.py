"""The median player, the displayed ranking with Humble, and the end's tie rules [2] and [3]."""

from __future__ import annotations

import pytest

from middleground.games.the_median.characters import label
from middleground.games.the_median.standings import (
    displayed_order,
    final_order,
    median_total,
    side,
    true_order,
)


def test_median_and_sides_count_everyone_on_the_median_total_as_the_median():
    totals = [10, 8, 8, 8, 8, 3, 20, 1, 0]  # sorted: 0 1 3 8 8 8 8 10 20 -> the 5th is 8
    assert median_total(totals) == 8
    assert [side(totals, s) for s in range(9)] == [1, 0, 0, 0, 0, -1, 1, -1, -1]


@pytest.mark.parametrize(
    ("totals", "humble", "shown"),
    [
        ([9, 8, 7, 6, 5, 4, 3, 2, 1], None, [0, 1, 2, 3, 4, 5, 6, 7, 8]),
        ([9, 8, 7, 6, 5, 4, 3, 2, 1], 2, [0, 1, 3, 2, 4, 5, 6, 7, 8]),  # 3rd shown 4th
        ([9, 8, 7, 6, 5, 4, 3, 2, 1], 0, [1, 0, 2, 3, 4, 5, 6, 7, 8]),
        ([9, 8, 7, 6, 5, 4, 3, 2, 1], 8, [0, 1, 2, 3, 4, 5, 6, 7, 8]),  # last stays last
        ([5, 5, 5, 9, 1, 1, 1, 1, 1], None, [3, 0, 1, 2, 4, 5, 6, 7, 8]),  # ties: seat order
    ],
)
def test_displayed_ranking(totals, humble, shown):
    assert displayed_order(totals, humble) == shown


def places(order):
    return {seat: place for place, seat in enumerate(order, start=1)}


DISTINCT = [90, 80, 70, 60, 50, 40, 30, 20, 10]
STARTS = [1, 2, 3, 4, 5, 6, 7, 8, 9]


def test_no_ties_is_plain_score_order():
    assert final_order(DISTINCT, [1] * 9, STARTS) == true_order(DISTINCT)


@pytest.mark.parametrize(
    ("totals", "sums", "starts", "expect"),
    [
        # Tie for 5th between seats 4 and 5: the lower sum (seat 5, 3) takes 5th and wins.
        ([90, 80, 70, 60, 50, 50, 30, 20, 10], [1, 2, 3, 4, 9, 3, 7, 8, 6], STARTS, {5: 5, 4: 6}),
        # Tie for 1st: the lower sum (seat 1) is put in 1st, the losing place.
        ([90, 90, 70, 60, 50, 40, 30, 20, 10], [8, 2, 3, 4, 5, 6, 7, 1, 9], STARTS, {1: 1, 0: 2}),
        # Tie for 9th: the lower sum (seat 7) is put in 9th.
        ([90, 80, 70, 60, 50, 40, 30, 10, 10], [1, 2, 3, 4, 5, 6, 7, 3, 8], STARTS, {7: 9, 8: 8}),
        # [2]: equal sums; the lower starting character takes the contested (5th) place.
        (
            [90, 80, 70, 60, 50, 50, 30, 20, 10],
            [1, 2, 3, 4, 9, 9, 7, 8, 6],
            [1, 2, 3, 4, 12, 7, 5, 8, 9],
            {5: 5, 4: 6},
        ),
        # [2] at 1st: equal sums, starts 11 and 6: seat 1 (start 6) is put in 1st.
        (
            [90, 90, 70, 60, 50, 40, 30, 20, 10],
            [5, 5, 3, 4, 1, 2, 7, 8, 9],
            [11, 6, 3, 4, 1, 2, 7, 8, 9],
            {1: 1, 0: 2},
        ),
        # A player holding nothing has sum 0: the lowest, so the contested place is theirs.
        ([90, 80, 70, 60, 50, 50, 30, 20, 10], [1, 2, 3, 4, 9, 0, 7, 8, 6], STARTS, {5: 5, 4: 6}),
    ],
)
def test_ties_at_a_contested_place_rule_2(totals, sums, starts, expect):
    got = places(final_order(totals, sums, starts))
    assert {seat: got[seat] for seat in expect} == expect


def test_rule_3_bottom_five_tied_lowest_sum_loses_next_lowest_wins():
    totals = [90, 80, 70, 60, 5, 5, 5, 5, 5]
    sums = [1, 2, 3, 4, 12, 7, 20, 9, 15]  # among seats 4-8: 7 (seat 5) < 9 (seat 7) < ...
    got = places(final_order(totals, sums, STARTS))
    assert got[5] == 9  # the lowest sum goes to the losing place
    assert got[7] == 5  # the next lowest to the winning place
    assert sorted(got[s] for s in (4, 6, 8)) == [6, 7, 8]


def test_rule_3_top_five_tied_lowest_sum_takes_first_next_takes_fifth():
    totals = [50, 50, 50, 50, 50, 4, 3, 2, 1]
    sums = [10, 8, 6, 4, 2, 1, 1, 1, 1]
    got = places(final_order(totals, sums, STARTS))
    assert got[4] == 1 and got[3] == 5


def test_rule_3_everyone_tied_two_lowest_lose_third_lowest_wins():
    totals = [7] * 9
    sums = [14, 3, 12, 5, 13, 1, 10, 9, 8]  # lowest: seat 5 (1), seat 1 (3), seat 3 (5)
    got = places(final_order(totals, sums, STARTS))
    assert {got[5], got[1]} == {1, 9}
    assert got[3] == 5


def test_rule_3_continued_ties_use_the_starting_characters():
    totals = [7] * 9
    sums = [4] * 9
    starts = [9, 3, 14, 1, 6, 12, 2, 11, 5]  # lowest starts: seat 3 (1), seat 6 (2), seat 1 (3)
    got = places(final_order(totals, sums, starts))
    assert {got[3], got[6]} == {1, 9}
    assert got[1] == 5


def test_the_results_tell_who_held_what_and_their_penalty_points():
    from tests.games.the_median.median_helpers import at_round, play_round

    # Seat i drafted the character of value i + 1. Ann ends up holding Cid's Reach (3) as well
    # as her Isolated (1), so Cid holds nothing; Gus took 4 penalty points with Force (7).
    state = at_round(9, holders={3: 0})
    state.penalty[6] = 4
    play_round(state)
    assert state.is_terminal()
    # (each note may go on to say how a tie placed the player: see the tests below)
    notes = [note.split("; tied on ")[0] for note in state.result().notes]
    assert notes[0] == "held Isolated (1) and Reach (3)"
    assert notes[1] == "held Pickpocket (2)"
    assert notes[2] == "held no character"
    assert notes[6] == "held Force (7); 4 penalty points"
    assert notes[8] == "held Humble (9)"


def _ended_with(totals, holders=None):
    """A finished game whose players end on `totals` (penalty points none)."""
    from tests.games.the_median.median_helpers import at_round, play_round

    state = play_round(at_round(9, holders=holders or {}))
    assert state.is_terminal()
    state.points[:] = totals
    state.penalty[:] = [0] * 9
    return state


def test_a_tie_at_the_winning_place_is_explained_by_the_characters_held():
    # Seat i drafted the character of value i + 1. Fay (6) and Hal (8) tie on 30 for 5th and
    # 6th: the lower held sum, Fay's 6, takes the winning place [2]; the notes say so.
    state = _ended_with([90, 80, 70, 60, 20, 30, 10, 30, 0])
    result = state.result()
    assert state.players[result.winners[0]] == "Fay"
    assert result.notes[5] == "held One (6); tied on 30 points, held sum 6"
    assert result.notes[7] == "held Jump (8); tied on 30 points, held sum 8"
    assert "tied" not in result.notes[4] + result.summary  # Eve's 20 is nobody else's


def test_a_tie_on_held_sums_too_names_the_characters_they_started_with():
    # Fay holds One (6) and Reach (3), Hal holds Jump (8) and Isolated (1): 9 each, so the
    # characters they started with decide, Fay's 6 before Hal's 8 [2].
    state = _ended_with([90, 80, 70, 60, 20, 30, 10, 30, 0], holders={3: 5, 1: 7})
    result = state.result()
    assert state.players[result.winners[0]] == "Fay"
    assert result.notes[5] == (
        "held Reach (3) and One (6); tied on 30 points, held sum 9, started as One (6)"
    )
    assert result.notes[7] == (
        "held Isolated (1) and Jump (8); tied on 30 points, held sum 9, started as Jump (8)"
    )


def test_a_tie_away_from_the_places_that_win_or_lose_is_not_told():
    state = _ended_with([90, 80, 70, 60, 50, 40, 40, 20, 0])  # 6th and 7th tie
    assert not any("tied" in note for note in state.result().notes)


def test_a_tie_over_a_losing_and_the_winning_place_gives_each_its_held_sum():
    # Everyone but Ann (-9) ties on 0 for 1st to 8th: the lowest held sum, Bob's 2, takes
    # 1st and loses; the next, Cid's 3, takes 5th and wins [3].
    state = _ended_with([-9, 0, 0, 0, 0, 0, 0, 0, 0])
    result = state.result()
    assert [state.players[s] for s in result.winners] == ["Cid"]
    assert result.notes[0] == "held Isolated (1)"
    assert result.notes[1:] == tuple(
        f"held {label(v)}; tied on 0 points, held sum {v}" for v in range(2, 10)
    )
