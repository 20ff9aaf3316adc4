"""Companion mode: the app beside a real deck judges the revealed cards and refuses impossible
ones; the referee command plays such a game from a script."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from tests.games.median_card_game.median_card_helpers import GAME, NAMES, play_round

from middleground.engine import IllegalAction, SetupError

A, B, C = NAMES[:3]

# 3 players, 8 cards each from the 24-card deck (nine to ace): every card is dealt, no draws.
# Ben takes rounds 1-4 (the ten each time), Cat rounds 5-6 (the king); rounds 7-8 tie.
FULL_GAME = [
    ["9C", "TC", "JC"],
    ["9D", "TD", "JD"],
    ["9H", "TH", "JH"],
    ["9S", "TS", "JS"],
    ["QC", "AC", "KC"],
    ["QD", "AD", "KD"],
    ["QH", "QS", "KH"],
    ["KS", "AH", "AS"],
]
OPTIONS = {"physical_deck": True, "deck": "24", "hand_size": 8, "dealer": A}


def full_game(**options):
    state = GAME.new_state([A, B, C], {**OPTIONS, **options}, 1)
    for cards in FULL_GAME:
        assert not state.is_terminal()
        play_round(state, cards)
    return state


def test_a_full_real_deck_game_ends_when_the_hands_are_empty():
    state = full_game()
    assert state.is_terminal()
    board = state.public_view().board
    assert [r["winner"] for r in board["rounds"]] == [1, 1, 1, 1, 2, 2, None, None]
    assert [r["pool"] for r in board["rounds"]] == [0, 0, 0, 0, 0, 0, 3, 6]
    assert board["final_pool"] == {"cards": 6, "to": None}
    assert state.scores() == (0, 12, 6)
    result = state.result()
    assert result.winners == (1,) and not result.shared and result.placements == (3, 1, 2)
    assert "6 cards left in the pool belong to nobody" in state.events[-2].text


def test_the_final_pool_to_the_last_winner_can_share_the_win():
    state = full_game(final_pool="last-winner")
    assert state.public_view().board["final_pool"] == {"cards": 6, "to": 2}
    assert "Cat won most recently and took the 6 pool cards" in state.events[-2].text
    assert state.scores() == (0, 12, 12)
    result = state.result()
    assert result.shared and result.winners == (1, 2)
    assert result.summary == "Shared win: Ben and Cat, with 12 cards taken each."


def test_scoring_by_rounds_won():
    state = full_game(scoring="rounds")
    assert state.scores() == (0, 4, 2) and state.result().winners == (1,)
    assert GAME.standings(state.public_view())[1:] == [(B, "4 rounds won"), (C, "2 rounds won")]


def test_the_real_deck_hand_count_follows_the_draws():
    # 3 players, 5 cards each from 52: 37 left, 12 draws, then 1 card stays in the deck.
    state = GAME.new_state([A, B, C], {"physical_deck": True, "dealer": A}, 1)
    deck = [r + s for s in "CDHS" for r in "23456789TJQKA"]
    rounds = 0
    while not state.is_terminal():
        play_round(state, deck[3 * rounds : 3 * rounds + 3])
        rounds += 1
    assert rounds == 17
    assert state.public_view().board["deck_left"] == 1
    # Beside a real deck the log tells the table what to do after each round.
    draws = [e.text for e in state.events if e.kind == "draw"]
    nobody = "The deck holds 1 card, too few for everyone: nobody draws."
    # Rounds 13 to 16 are played without a draw; after round 17 the game is simply over.
    assert draws == ["Everyone draws one card."] * 12 + [nobody] * 4
    assert state.events[-1].kind == "game over" and "draw" not in state.events[-2].text


@pytest.mark.parametrize(
    ("played", "seat", "card", "rule", "message"),
    [
        ([["AS", "2C", "3C"]], 0, "AS", "each card once", "ace of spades cannot turn up again"),
        ([["AS", "2C", "3C"]], 1, "AS", "each card once", "played in round 1"),
        (
            [["AS", "AC", "3C"], ["AD", "AH", "4C"]],
            2,
            "AS",
            "each card once",
            "All 4 aces are already on the table",
        ),
        ([], 0, "ZZ", "card names", 'not "ZZ"'),
        ([], 0, "10H", "card names", "rank (2-9, T, J, Q, K or A)"),
        ([], 0, "qh", "card names", "then a suit"),
    ],
)
def test_impossible_cards_are_refused_naming_the_rule(played, seat, card, rule, message):
    state = GAME.new_state([A, B, C], {"physical_deck": True, "dealer": A}, 1)
    for cards in played:
        play_round(state, cards)
    before = (state.public_view(), len(state.events))
    with pytest.raises(IllegalAction) as raised:
        state.apply(seat, {"card": card})
    assert raised.value.rule == rule and message in str(raised.value)
    assert (state.public_view(), len(state.events)) == before


def test_the_same_card_twice_in_one_round_is_refused():
    state = GAME.new_state([A, B, C], {"physical_deck": True, "dealer": A}, 1)
    state.apply(0, {"card": "QH"})
    with pytest.raises(IllegalAction) as raised:
        state.apply(1, {"card": "QH"})
    assert raised.value.rule == "each card once"
    assert raised.value.args[0] == (
        "The queen of hearts cannot turn up again: it was played this round, and one deck "
        "holds only one."
    )


# Two decks: where the two queens of hearts already turned up, each round named once. After
# Ann's queen, Cat's three is round 1's middle card (and her five round 2's): she leads next.
TWO_QUEENS = {
    "both in round 1": ([["QH", "QH", "2C"]], [], "twice in round 1"),
    "in two rounds": ([["QH", "2C", "3C"], ["4C", "QH", "5C"]], [], "in rounds 1 and 2"),
    "in round 1 and this round": ([["QH", "2C", "3C"]], [(2, "QH")], "in round 1 and this round"),
    "both this round": ([], [(0, "QH"), (1, "QH")], "twice this round"),
}  # fmt: skip


@pytest.mark.parametrize(("rounds", "this_round", "where"), TWO_QUEENS.values(), ids=TWO_QUEENS)
def test_two_decks_allow_a_second_copy_but_not_a_third(rounds, this_round, where):
    state = GAME.new_state([A, B, C], {"physical_deck": True, "decks": 2, "dealer": A}, 1)
    for cards in rounds:
        play_round(state, cards)
    for seat, card in this_round:
        state.apply(seat, {"card": card})
    next_seat = state.public_view().awaiting[0]
    with pytest.raises(IllegalAction) as raised:
        state.apply(next_seat, {"card": "QH"})
    assert raised.value.args[0] == (
        f"The queen of hearts cannot turn up again: it was played {where}, and 2 decks hold only 2."
    )


def test_a_short_deck_has_no_low_cards():
    state = GAME.new_state([A, B, C], {"physical_deck": True, "deck": "32"}, 1)
    with pytest.raises(IllegalAction, match="runs from seven to ace: it has no six of clubs"):
        state.apply(0, {"card": "6C"})


def test_with_an_even_count_the_call_comes_first():
    state = GAME.new_state(NAMES[:4], {"physical_deck": True, "dealer": B}, 1)
    with pytest.raises(IllegalAction) as raised:
        state.apply(1, {"card": "QH"})
    assert raised.value.rule == "call high or low"
    with pytest.raises(IllegalAction) as raised:
        state.apply(0, {"call": "high"})
    assert raised.value.rule == "turn order"


def test_the_dealer_must_be_a_player():
    with pytest.raises(SetupError, match="dealer must be one of the players"):
        GAME.new_state([A, B, C], {"dealer": "Zed"}, 1)
    assert GAME.new_state([A, B, C], {"dealer": "cat"}, 1).public_view().board["leader"] == 2


def test_the_loser_leads_only_two_players():
    """A two-player rule chosen for three would be played as the usual rule without a word;
    a game saved with it before the refusal still opens (and plays the usual rule)."""
    with pytest.raises(SetupError, match="leads the next only in a game of two players; with 3"):
        GAME.new_state([A, B, C], {"two_player_lead": "loser"}, 1)
    GAME.new_state([A, B], {"two_player_lead": "loser"}, 1)
    GAME.new_state([A, B, C], {"two_player_lead": "loser"}, 1, limits=False)


@pytest.mark.parametrize(
    ("players", "options", "advice"),
    [
        (
            6,
            {"deck": "24"},
            "takes 30 cards, but the deck holds 24: deal at most 4 each, add a deck or use "
            "the full deck.",
        ),
        # two full decks already: more decks is no advice
        (
            20,
            {"decks": 2, "hand_size": 6},
            "takes 120 cards, but the deck holds 104: deal at most 5 each.",
        ),
    ],
)
def test_the_deal_must_fit_the_deck(players, options, advice):
    names = [f"P{n}" for n in range(players)]
    with pytest.raises(SetupError) as raised:
        GAME.new_state(names, options, 1)
    assert str(raised.value).endswith(advice)


def _script(actions, **options):
    return {
        "game": "median-card-game",
        "players": [A, B, C],
        "options": {**OPTIONS, **options},
        "actions": actions,
    }


def _referee(script):
    done = subprocess.run(
        [sys.executable, "-m", "middleground", "referee", "-"],
        input=json.dumps(script),
        capture_output=True,
        text=True,
    )
    return done.returncode, done.stdout, done.stderr


def test_the_referee_plays_a_real_deck_game_from_a_script():
    actions = []
    for round_number, cards in enumerate(FULL_GAME):
        leader = A if round_number == 0 else (B if round_number < 5 else C)
        order = [leader] + [n for n in (A, B, C) if n != leader]
        by_name = dict(zip((A, B, C), cards, strict=True))
        actions += [{"player": n, "action": {"card": by_name[n]}} for n in order]
    code, out, err = _referee(_script(actions))
    assert code == 0, err
    report = json.loads(out)
    assert report["finished"] is True
    assert [r["winner"] for r in report["rounds"]] == [B, B, B, B, C, C, None, None]
    assert [r["pool"] for r in report["rounds"]] == [0, 0, 0, 0, 0, 0, 3, 6]
    assert report["rounds"][0]["cards"] == {A: "9C", B: "TC", C: "JC"}
    assert report["scores"] == {A: 0, B: 12, C: 6}
    assert report["winners"] == [B] and report["shared"] is False


def test_the_referee_stops_at_a_card_already_played():
    actions = [
        {"player": A, "action": {"card": "9C"}},
        {"player": B, "action": {"card": "TC"}},
        {"player": C, "action": {"card": "JC"}},
        {"player": B, "action": {"card": "9C"}},
    ]
    code, out, err = _referee(_script(actions))
    assert code == 2 and out == ""
    assert "Action 4" in err and "each card once" in err and "played in round 1" in err
