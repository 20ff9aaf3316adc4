"""It's Good Enough played through the engine: the seed's samples, every variant, bad setups."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.good_enough.good_enough_helpers import SAMPLE_ONE, SAMPLE_TWO, play

from middleground.engine import IllegalAction, SetupError, get_game

GAME = get_game("good-enough")


def scorers_by_round(state):
    return [[state.players[s] for s in r["scorers"]] for r in state.public_view().board["rounds"]]


def test_sample_game_one_is_won_by_bob():
    state = play(["Alice", "Bob", "Carol", "Dave"], SAMPLE_ONE)
    assert sorted(map(sorted, scorers_by_round(state))) == sorted(
        map(
            sorted,
            [["Carol", "Dave"], ["Dave"], ["Bob", "Dave"], ["Carol", "Alice"], ["Carol", "Bob"]],
        )
    )
    assert state.scores() == (1, 2, 3, 3)
    result = state.result()
    assert [state.players[s] for s in result.winners] == ["Bob"] and not result.shared


def test_sample_game_two_is_won_by_yvonne_after_one_peel():
    state = play(["Xander", "Yvonne", "Zachary"], SAMPLE_TWO)
    assert scorers_by_round(state) == [["Yvonne"], ["Yvonne"], ["Zachary"], ["Zachary"], []]
    assert state.scores() == (0, 2, 2)
    assert [state.players[s] for s in state.result().winners] == ["Yvonne"]
    assert "over rounds 2 to 4 (the first and last rounds ignored)" in state.events[-1].text


def test_the_board_tells_everyone_who_won_once_the_game_is_over():
    state = play(["Xander", "Yvonne", "Zachary"], SAMPLE_TWO[:4])
    assert "outcome" not in state.public_view().board  # nobody has won before the end
    state = play(["Xander", "Yvonne", "Zachary"], SAMPLE_TWO)
    outcome = state.public_view().board["outcome"]
    assert outcome == (
        "Yvonne wins on the tie-break: over rounds 2 to 4 (the first and last rounds ignored), "
        "the middle total is 1 point."
    )
    assert outcome == state.events[-1].text


def test_a_tie_shared_by_a_crowd_of_everyone_says_so():
    # Twelve players a number apart for three rounds: the same two score each round, so the
    # distinct totals are {0, 3}, an even list, and peeling leaves {0, 1}: all share the win.
    players = [f"P{n}" for n in range(12)]
    state = play(players, [[30 + seat + r for seat in range(12)] for r in range(3)], rounds=3)
    assert state.scores() == (0,) * 5 + (3, 3) + (0,) * 5
    said = "Ignoring outer rounds left the tie unbroken: all 12 players share the win."
    assert state.events[-1].text == said
    assert state.result().summary == said


def test_sample_two_with_extra_rounds_plays_on_until_the_tie_breaks():
    state = play(["Xander", "Yvonne", "Zachary"], SAMPLE_TWO, tiebreak="sudden-death")
    assert not state.is_terminal() and state.public_view().board["extra_round"]
    # Extra round: 10, 20, 30 -> Yvonne scores: X0 Y3 Z2 -> {0, 2, 3} -> Zachary on 2 wins.
    for seat, number in enumerate([10, 20, 30]):
        state.apply(seat, {"number": number})
    assert state.is_terminal()
    assert state.result().winners == (2,)
    assert state.public_view().board["rounds"][-1]["extra"] is True


def test_extra_rounds_stop_at_their_limit_with_a_shared_win():
    state = play(["A", "B", "C"], SAMPLE_TWO, tiebreak="sudden-death", extra_rounds=2)
    for _ in range(2):
        for seat in range(3):
            state.apply(seat, {"number": 5})  # everyone alike: nobody scores, still tied
    assert state.is_terminal()
    result = state.result()
    assert result.shared and result.winners == (0, 1, 2)
    # Each extra round is numbered, and the end says the tie outlasted them.
    texts = [event.text for event in state.events]
    assert (
        "There is no single middle total (0 points and 2 points are the two middle ones): extra "
        "round 1 of at most 2 may break the tie."
    ) in texts
    assert any(t.startswith("Extra round 2 of at most 2: everyone picked 5") for t in texts)
    assert state.public_view().board["outcome"] == (
        "The extra rounds ran out with the tie unbroken: A, B and C share the win."
    )


def test_the_board_and_the_panel_number_the_extra_rounds(qtbot):
    from PySide6.QtWidgets import QGraphicsTextItem

    from middleground.games.good_enough.board import GameBoard
    from middleground.widgets.theme import LIGHT

    state = play(["A", "B", "C"], SAMPLE_TWO, tiebreak="sudden-death", extra_rounds=3)
    for seat in range(3):
        state.apply(seat, {"number": 5})  # extra round 1: still tied
    board = GameBoard(LIGHT)
    board.show_view(state.public_view())
    texts = [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]
    assert "Extra round 2 of at most 3" in texts
    assert any(t.startswith("Extra round 1: everyone picked 5") for t in texts)
    assert state.action_form(0).prompt == "Extra round 2 of at most 3: pick your number."
    # At a facilitator's console, of the seat by name (ActionForm.about).
    assert state.action_form(0).told(True).prompt == "Extra round 2 of at most 3: A's number."


def test_mean_variant_scores_the_closest_to_the_mean():
    # 10, 20, 90: mean 40, so 20 scores (the median would also be 20); 0, 10, 95: mean 35 -> 10
    state = play(["A", "B", "C"], [[10, 20, 90], [0, 10, 95], [1, 2, 3]], scoring="mean", rounds=3)
    assert scorers_by_round(state) == [["B"], ["B"], ["B"]]


def test_the_two_means_differ_once_numbers_are_shared():
    # 0, 0, 0, 40, 50, 100: left in are 40, 50 and 100, mean 63 1/3, so 50 (E) scores; the
    # mean of every number is 190 / 6 = 31 2/3, so 40 (D) scores.
    picks = [[0, 0, 0, 40, 50, 100]] * 3
    names = ["A", "B", "C", "D", "E", "F"]
    left_in = play(names, picks, scoring="mean", rounds=3)
    every = play(names, picks, scoring="mean-all", rounds=3)
    assert scorers_by_round(left_in) == [["E"]] * 3
    assert scorers_by_round(every) == [["D"]] * 3
    text = every.public_view().board["rounds"][0]["text"]
    assert text.endswith("the mean of every number is 31.67, so D (40) is closest and scores.")


def test_with_the_mean_of_every_number_only_the_nearer_of_all_but_two_scores():
    """The rule that the two who differ from everyone else both score is the median's: the
    mean of every number counts the shared ones, so it sits nearer one of the two (a table
    ruling). 10, 10, 10, 3, 90: the mean is 123 / 5 = 24.6, 21.6 from 3 and 65.4 from 90.
    20, 20, 10, 30: the mean is 20, and 10 and 30 are as close: both score."""
    names = ["A", "B", "C", "D", "E"]
    every = play(names, [[10, 10, 10, 3, 90]] * 3, scoring="mean-all", rounds=3)
    assert scorers_by_round(every) == [["D"]] * 3
    text = every.public_view().board["rounds"][0]["text"]
    assert text.endswith("the mean of every number is 24.6, so D (3) is closest and scores.")
    left_in = play(names, [[10, 10, 10, 3, 90]] * 3, scoring="mean", rounds=3)
    assert scorers_by_round(left_in) == [["D", "E"]] * 3  # the mean of 3 and 90: both as close
    both = play(names[:4], [[20, 20, 10, 30]] * 3, scoring="mean-all", rounds=3)
    assert scorers_by_round(both) == [["C", "D"]] * 3
    text = both.public_view().board["rounds"][0]["text"]
    assert text.endswith(
        "the mean of every number is 20, so C (10) and D (30) are closest and score."
    )


def test_points_ending_stops_once_the_target_is_handed_out():
    # 4 players, even count: two points a round when nobody shares -> 6 points after round 3.
    state = GAME.new_state(["A", "B", "C", "D"], {"end": "points", "points_target": 5}, 1)
    for picks in ([1, 2, 3, 4], [10, 20, 30, 40], [5, 6, 7, 8]):
        assert not state.is_terminal()
        for seat, number in enumerate(picks):
            state.apply(seat, {"number": number})
    assert state.is_terminal() and sum(state.scores()) == 6
    said = "Ignoring outer rounds left the tie unbroken: A, B, C and D share the win."
    assert state.result().summary == said  # and no word of a stop


# B scores round 1 (the median of 0, 1 and 2), then all three pick 1 for 99 rounds: one point
# of a target of 100 is handed out when the round limit stops the game.
SHORT_OF_THE_TARGET = [[0, 1, 2]] + [[1, 1, 1]] * 99
STOPPED = "The game stopped after 100 rounds with 1 of the 100 points handed out."


def test_a_points_game_the_round_limit_stops_says_why():
    state = play(["A", "B", "C"], SHORT_OF_THE_TARGET[:99], end="points", points_target=100)
    assert not state.is_terminal()
    state = play(["A", "B", "C"], SHORT_OF_THE_TARGET, end="points", points_target=100)
    assert state.is_terminal()
    outcome = state.public_view().board["outcome"]
    assert outcome == (
        f"{STOPPED} Ignoring outer rounds left the tie unbroken: A, B and C share the win."
    )
    assert state.result().summary == outcome and state.events[-1].text == outcome


def test_extra_rounds_after_the_round_limit_say_why_the_set_rounds_ended():
    options = {"end": "points", "points_target": 100, "tiebreak": "sudden-death"}
    state = play(["A", "B", "C"], SHORT_OF_THE_TARGET, **options)
    assert not state.is_terminal() and state.extra_round_due()
    assert state.events[-1].text.startswith(f"{STOPPED} There is no single middle total")
    while not state.is_terminal():  # the extra rounds all tie too
        for seat in range(3):
            state.apply(seat, {"number": 1})
    assert state.result().summary == (
        f"{STOPPED} The extra rounds ran out with the tie unbroken: A, B and C share the win."
    )


def test_a_points_ending_still_plays_three_rounds():
    # The rules ask for at least three rounds; a target of 1 is reached in round 1 (B scores
    # with the median of 1, 2, 3), yet the game goes on to the end of round 3.
    state = GAME.new_state(["A", "B", "C"], {"end": "points", "points_target": 1}, 1)
    for round_number, picks in enumerate(([1, 2, 3], [4, 5, 6], [7, 8, 9]), start=1):
        assert not state.is_terminal(), round_number
        for seat, number in enumerate(picks):
            state.apply(seat, {"number": number})
    assert state.is_terminal() and state.scores() == (0, 3, 0)


@pytest.mark.parametrize(
    ("players", "target", "refused"),
    [(3, 100, False), (3, 101, True), (4, 200, False), (4, 201, True), (9, 500, True)],
)
def test_a_points_total_no_game_can_hand_out_is_refused(players, target, refused):
    names = [f"P{n}" for n in range(players)]
    options = {"end": "points", "points_target": target}
    if not refused:
        assert GAME.new_state(names, options, 1).round_number() == 1
        return
    with pytest.raises(SetupError) as raised:
        GAME.new_state(names, options, 1)
    per = "1 point" if players == 3 else "2 points"
    assert str(raised.value) == (
        f"{players} players can be handed at most {100 if players == 3 else 200} points: a "
        f"round hands out at most {per}, and a game stops after 100 rounds. Choose a smaller "
        "points total."
    )


def test_numbered_cards_deal_rounds_plus_one_and_spend_each_card_once():
    state = GAME.new_state(["A", "B", "C"], {"numbers": "cards", "rounds": 3, "deck": 20}, 9)
    hands = [state.seat_view(s).board["hand"] for s in range(3)]
    assert all(len(h) == 4 for h in hands)
    assert len(set().union(*map(set, hands))) == 12
    card = hands[0][0]
    state.apply(0, {"number": card})
    for seat in (1, 2):
        state.apply(seat, {"number": hands[seat][0]})
    assert card not in state.seat_view(0).board["hand"]
    assert card in state.public_view().board["discards"]
    with pytest.raises(IllegalAction) as raised:
        state.apply(0, {"number": card})
    assert raised.value.rule == "play from your hand"


def test_numbered_cards_give_a_tie_one_extra_round_and_say_when_they_run_out(qtbot):
    """Each player is dealt one card more than there are rounds, so a tie gets one extra
    round, however many the option allows; a tie it leaves ends with the cards run out."""
    from PySide6.QtWidgets import QGraphicsTextItem

    from middleground.games.good_enough.board import GameBoard
    from middleground.widgets.theme import LIGHT

    options = {"numbers": "cards", "deck": 30, "rounds": 3, "tiebreak": "sudden-death"}
    state = GAME.new_state(["A", "B", "C"], options, 1)
    for scorer in range(3):  # each holds the middle card once: a point each, a tie
        hands = [state.seat_view(seat).board["hand"] for seat in range(3)]
        cards = next(c for c in itertools.product(*hands) if sorted(c)[1] == c[scorer])
        for seat, card in enumerate(cards):
            state.apply(seat, {"number": card})
    assert state.public_view().board["extra_round"]
    assert state.events[-1].text == (
        "A, B and C share the middle total, 1 point: the only extra round, with everyone's "
        "last card, may break the tie."
    )
    assert state.action_form(0).prompt == "The only extra round: play a card."
    board = GameBoard(LIGHT)
    board.show_view(state.public_view())
    shown = [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]
    assert "The only extra round" in shown
    for seat in range(3):  # the last cards: one player scores, 2, 1 and 1 are still a tie
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.is_terminal() and state.result().shared
    assert state.public_view().board["outcome"] == (
        "The cards ran out with the tie unbroken: A, B and C share the win."
    )


def test_where_cards_are_played_the_prompt_says_card(qtbot):
    from middleground.widgets.plugin import panel_for

    cards = GAME.new_state(["A", "B", "C"], {"numbers": "cards", "deck": 30, "rounds": 3}, 1)
    assert cards.action_form(0).prompt == "Round 1: play a card."
    listed = {"numbers": "cards", "deck": 30, "rounds": 3, "reveal": "all-at-once"}
    listing = GAME.new_state(["A", "B", "C"], listed, 1)
    assert listing.action_form(0).prompt == "List your card for round 1 of 3."
    assert listing.events[-1].text == (
        "List a card for every round; nothing is shown until all are in."
    )
    free = GAME.new_state(["A", "B", "C"], {"rounds": 3}, 1)
    assert free.action_form(0).prompt == "Round 1: pick your number."
    card = cards.legal_actions(0)[0]
    cards.apply(0, card)
    panel = panel_for(GAME)
    qtbot.addWidget(panel)
    panel.show_view(cards.seat_view(0), cards.action_form(0), [])
    assert f"You played card {card['number']}." in panel.secret.text()


def test_all_at_once_reveals_nothing_until_every_round_is_listed():
    state = GAME.new_state(["A", "B", "C"], {"reveal": "all-at-once", "rounds": 3}, 1)
    plans = [[10, 20, 30], [20, 30, 40], [30, 40, 10]]
    for index in range(3):
        assert state.public_view().board["rounds"] == ()
        for seat in range(3):
            state.apply(seat, {"number": plans[seat][index]})
        if index < 2:
            assert state.seat_view(0).board["plan"] == tuple(plans[0][: index + 1])
            assert (
                "plan" not in state.seat_view(1).board
                or state.seat_view(1).board["plan"] != (state.seat_view(0).board["plan"])
            )
    # round 1: 10 20 30 -> B; round 2: 20 30 40 -> B; round 3: 30 40 10 -> A
    assert scorers_by_round(state) == [["B"], ["B"], ["A"]]
    assert state.is_terminal()


@pytest.mark.parametrize("numbers", ["free", "cards"])
def test_all_at_once_a_player_lists_every_round_before_the_next_begins(numbers):
    """As on paper: one player writes the whole list, then the next. The others see only
    whether a list is complete, never how far it has come nor what it holds."""
    options = {"reveal": "all-at-once", "rounds": 3, "numbers": numbers, "deck": 30}
    state = GAME.new_state(["A", "B", "C"], options, 1)
    mine = [a["number"] for a in state.legal_actions(0)[:3]]
    unseen = [dataclasses.replace(state.seat_view(1), awaiting=()), state.public_view().board]
    for k, number in enumerate(mine, start=1):
        pick = "card" if numbers == "cards" else "number"
        assert state.action_form(0).prompt == f"List your {pick} for round {k} of 3."
        state.apply(0, {"number": number})
        assert state.seat_view(0).board["plan"] == tuple(mine[:k])
        seen = [dataclasses.replace(state.seat_view(1), awaiting=()), state.public_view().board]
        assert seen == unseen
    assert state.awaiting() == (1, 2) and state.public_view().board["rounds"] == ()
    with pytest.raises(IllegalAction):
        state.apply(0, {"number": mine[0]})  # her list is complete
    assert state.events[-1].text == "A has listed a " + pick + " for every round."


SETUP_ERRORS = [
    (["A", "B"], {}, "needs 3 to 50 players"),
    (["A", "B", "a"], {}, "Two players are called"),
    (["A", "B", "C"], {"rounds": 2}, "Rounds must be at least 3"),
    (["A", "B", "C"], {"low": 50, "high": 50}, "lowest number must be below"),
    (["A", "B", "C"], {"numbers": "cards", "deck": 10}, "too small"),
    (["A", "B", "C"], {"numbers": "cards", "end": "points"}, "set number of rounds"),
    (["A", "B", "C"], {"reveal": "all-at-once", "end": "points"}, "set number of rounds"),
    (["A", "B", "C"], {"scoring": "mode"}, "Scoring must be one of"),
    (["A", "B", "C"], {"colour": "red"}, "Unknown option"),
]


@pytest.mark.parametrize(("players", "options", "message"), SETUP_ERRORS)
def test_bad_setups_are_explained(players, options, message):
    with pytest.raises(SetupError, match=message):
        GAME.new_state(players, options, 1)


ILLEGAL = [
    ({"number": 101}, "number range"),
    ({"number": -1}, "number range"),
    ({"number": 4.5}, "whole numbers"),
    ({"number": True}, "whole numbers"),
    ({"numbers": [1]}, "one number"),
]


@pytest.mark.parametrize(("action", "rule"), ILLEGAL)
def test_illegal_picks_name_their_rule(action, rule):
    state = GAME.new_state(["A", "B", "C"], {}, 1)
    with pytest.raises(IllegalAction) as raised:
        state.apply(0, action)
    assert raised.value.rule == rule
    assert state.awaiting() == (0, 1, 2)


def test_a_seat_cannot_submit_twice_in_a_round():
    state = GAME.new_state(["A", "B", "C"], {}, 1)
    state.apply(0, {"number": 5})
    with pytest.raises(IllegalAction, match="already submitted"):
        state.apply(0, {"number": 6})
    assert state.seat_view(0).my_submission == {"number": 5}
    assert state.seat_view(1).my_submission is None
    assert state.public_view().submitted == (0,)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=3, max_value=9).flatmap(
        lambda n: st.lists(
            st.lists(st.integers(0, 12), min_size=n, max_size=n), min_size=3, max_size=6
        )
    )
)
def test_points_are_exactly_the_scorers_and_never_a_disqualified_player(rounds):
    players = [f"P{i}" for i in range(len(rounds[0]))]
    state = play(players, rounds, rounds=len(rounds), high=12)
    board = state.public_view().board
    assert sum(state.scores()) == sum(len(r["scorers"]) for r in board["rounds"])
    for played in board["rounds"]:
        assert not set(played["scorers"]) & set(played["disqualified"])
        assert len(played["scorers"]) <= 2
        if len(set(played["picks"])) == 1:
            assert played["scorers"] == ()
    assert state.is_terminal() and state.result().winners


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 6), st.integers(3, 5), st.randoms(use_true_random=False))
def test_numbered_cards_are_conserved(players, rounds, rng):
    deck = players * (rounds + 1) + rng.randint(0, 10)
    state = GAME.new_state(
        [f"P{i}" for i in range(players)], {"numbers": "cards", "rounds": rounds, "deck": deck}, 4
    )
    while not state.is_terminal():
        seat = state.awaiting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        hands = [c for s in range(players) for c in state.seat_view(s).board["hand"]]
        pending = [state.seat_view(s).my_submission for s in range(players)]
        discards = list(state.public_view().board["discards"])
        held = hands + discards
        assert len(held) == len(set(held)) == players * (rounds + 1)
        assert all(p is None or p["number"] in hands for p in pending)


def test_listing_every_round_up_front_says_list_not_pick(qtbot):
    from middleground.widgets.plugin import panel_for

    state = GAME.new_state(["A", "B", "C"], {"reveal": "all-at-once", "rounds": 3}, 1)
    panel = panel_for(GAME)
    qtbot.addWidget(panel)
    panel.show_view(state.seat_view(0), state.action_form(0), [])
    assert panel.form.button.words == "List this number"
    plain = GAME.new_state(["A", "B", "C"], {"rounds": 3}, 1)
    panel.show_view(plain.seat_view(0), plain.action_form(0), [])
    assert panel.form.button.words == "Pick this number"


def test_a_player_whose_number_is_in_is_not_asked_to_choose(qtbot):
    from middleground.widgets.plugin import panel_for

    state = GAME.new_state(["Ann", "Bob", "Cy"], {"rounds": 3}, 1)
    panel = panel_for(GAME)
    qtbot.addWidget(panel)
    panel.show_view(state.seat_view(0), state.action_form(0), [])
    assert panel.heading.text() == "Ann, your turn to pick"
    state.apply(0, {"number": 37})
    panel.show_view(state.seat_view(0), state.action_form(0), [])  # Ann looks again
    assert panel.heading.text() == "Ann: nothing to pick now"
    assert "You picked 37." in panel.secret.text()
