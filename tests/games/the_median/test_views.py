"""What the table may show: places but no scores, no holders; each seat sees its own."""

from __future__ import annotations

from tests.games.the_median.median_helpers import NAMES, at_round, game, play_round


def test_the_public_board_shows_places_never_scores_or_holders():
    state = play_round(at_round(1, points={6: 70}))
    board = state.public_view().board
    assert board["ranking"][0] == 6
    assert "scores" not in board and "me" not in board
    assert game().standings(state.public_view())[6] == ("Gus", "1st")
    assert game().standings(at_round(1).public_view())[0] == ("Ann", "")


def test_a_seat_sees_its_characters_score_and_notices_only():
    state = at_round(1, holders={5: 0})
    state.apply(0, {"orders": {"1": {}, "5": {"power": {"lock": True}}}})
    play_round_rest = [s for s in range(1, 9)]
    for seat in play_round_rest:
        state.apply(seat, {"orders": {str(c): {} for c in state.held(seat)}})
    me = state.seat_view(0).board["me"]
    assert [c["id"] for c in me["characters"]] == [1, 5]
    assert me["characters"][1]["lock_charges"] == 2
    assert me["points"] == -1 and me["penalty"] == 0  # Isolated -1; Lock froze Lock's +1
    assert any("Lock spends a charge" in t for t in me["notices"])
    other = state.seat_view(1).board["me"]
    assert not any("Lock" in t for t in other["notices"])


def test_the_end_reveals_scores_and_holders():
    state = at_round(9)
    play_round(state)
    final = state.public_view().board["final"]
    assert final["holders"][0] == (1,) and len(final["scores"]) == len(NAMES)
    assert state.public_view().finished
