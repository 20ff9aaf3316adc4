"""The draft: sealed picks, contested picks granting nobody, the public free list, the fallback
after five passes [1], and ownership kept secret."""

from __future__ import annotations

import pytest
from tests.games.the_median.median_helpers import NAMES, drafted, game, notices

from middleground.engine import IllegalAction
from middleground.engine.words import written
from middleground.games.the_median.characters import names

WAIT = {"wait": True}


def test_contested_picks_grant_nobody_and_those_players_pick_again():
    state = game().new_state(NAMES, {}, 3)
    for seat, pick in enumerate([7, 7, 1, 2, 3, 4, 5, 6, 8]):
        state.apply(seat, {"pick": pick})
    assert state.phase == "draft" and state.draft_pass == 2
    assert state.public_view().board["free"] == (7, 9, 10, 11, 12, 13, 14)
    assert any("Someone else picked Force too" in t for t in notices(state, 0))
    assert {"pick": 7} not in state.legal_actions(0)
    assert state.legal_actions(2) == [WAIT]  # placed players confirm, so the pass hides who
    with pytest.raises(IllegalAction) as raised:
        state.apply(0, {"pick": 7})
    assert raised.value.rule == "pick again"
    with pytest.raises(IllegalAction):
        state.apply(2, {"pick": 9})
    state.apply(0, {"pick": "Humble"})
    state.apply(1, {"pick": 10})
    for seat in range(2, 9):
        state.apply(seat, WAIT)
    assert state.phase == "round"
    assert state.conveyor == (1, 2, 3, 4, 5, 6, 8, 9, 10, "X")
    assert state.start == [9, 10, 1, 2, 3, 4, 5, 6, 8]


def test_a_pick_that_is_not_free_is_told_which_are():
    """It said '"Zap" is not a free character.' and left the script's writer to guess."""
    state = game().new_state(NAMES, {}, 3)
    for seat, pick in enumerate([7, 7, 1, 2, 3, 4, 5, 6, 8]):
        state.apply(seat, {"pick": pick})
    # Free now: Force (7), which seat 0 just picked and may not pick again, and 9 to 14.
    for pick in ("Zap", 1):
        with pytest.raises(IllegalAction) as raised:
            state.apply(0, {"pick": pick})
        assert raised.value.rule == "draft"
        assert raised.value.args[0] == f"{written(pick)} " + (
            "is not a free character: pick Humble (9), Exchange (10), Gravity (11), Anchor "
            "(12), Twin (13) or Silence (14)."
        )


def test_after_five_passes_the_unplaced_get_a_random_free_character_not_their_last_pick():
    state = game().new_state(NAMES, {}, 11)
    for seat, pick in enumerate([7, 7, 1, 2, 3, 4, 5, 6, 8]):
        state.apply(seat, {"pick": pick})
    for pick in (9, 7, 9, 7):  # they collide again and again: passes 2-5
        state.apply(0, {"pick": pick})
        state.apply(1, {"pick": pick})
        for seat in range(2, 9):
            state.apply(seat, WAIT)
    assert state.phase == "round"
    given = state.start[0], state.start[1]
    assert given[0] != given[1] and 7 not in given
    assert set(given) <= {9, 10, 11, 12, 13, 14}
    assert any("Given at random" in t for t in notices(state, 0))


def test_the_last_pass_s_log_names_what_it_gave_out_and_what_went_at_random():
    """Ann, Bob and Cid clash on Force, then on Humble and Force by turns; in pass 5 Ann alone
    picks Exchange and Bob and Cid clash on Force: two of the characters still free go to them
    at random, neither of them Force."""
    state = game().new_state(NAMES, {}, 11)
    for seat, pick in enumerate([7, 7, 7, 1, 2, 3, 4, 5, 6]):
        state.apply(seat, {"pick": pick})
    for picks in ((9, 9, 9), (7, 7, 7), (9, 9, 9), (10, 7, 7)):  # passes 2 to 5
        for seat in range(9):
            state.apply(seat, {"pick": picks[seat]} if seat < 3 else WAIT)
    assert state.phase == "round" and state.start[0] == 10
    dealt = sorted(state.start[1:3])
    assert len(set(dealt)) == 2 and set(dealt) <= {8, 9, 11, 12, 13, 14}
    told = [e.text for e in state.events if e.public and e.kind == "draft"]
    assert told[-1] == (
        f"Draft pass 5: Exchange is taken; {names(dealt)} go at random to the 2 players still "
        "without a character, so every player has one."
    )


def test_the_fallback_is_the_same_for_the_same_seed():
    def run(seed):
        state = game().new_state(NAMES, {}, seed)
        for number in range(5):  # everyone collides on 14 and 13 in turn: nobody is placed
            for seat in range(9):
                state.apply(seat, {"pick": 14 - number % 2})
        return state.start

    assert run(5) == run(5)


def test_nobody_learns_who_holds_which_character():
    state = drafted()
    public = state.public_view()
    assert "holder" not in repr(public.board)
    for seat in range(9):
        mine = [c["id"] for c in state.seat_view(seat).board["me"]["characters"]]
        assert mine == [seat + 1]
    for event in state.events:
        if event.public:
            assert not any(f"{n} is" in event.text or f"{n} got" in event.text for n in NAMES)
