"""How The Median speaks to each reader: an offer reads "you" to whoever it concerns and is
told to nobody else, a power's order speaks as the player on the button and names nobody's
points in the notice about it, every notice that says "you" to its player tells the same of
them by name for the facilitator's console, and the game's end is told in our own words."""

from __future__ import annotations

import random
import re

import pytest
from tests.games.the_median.median_helpers import (
    NAMES,
    STANDARD,
    at_round,
    game,
    notices,
    orders_for,
    play_round,
)
from tests.random_play import play_on

from middleground.engine import freeze
from middleground.games.the_median.characters import POWER_KEYS, name

FIRST_PERSON = re.compile(r"\b(my|me|I|mine)\b")
SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


def test_an_offer_reads_you_to_its_maker_and_its_receiver_and_reaches_nobody_else():
    state = at_round(1)  # Cid holds Reach (3), Dee Charity (4)
    others = [s for s in range(9) if s not in (2, 3)]
    before = {s: state.seat_view(s) for s in others}
    public = state.public_view()
    state.apply(
        2, {"offer": {"to": "Dee", "give": {"characters": [3]}, "get": {"characters": [4]}}}
    )
    assert notices(state, 2)[-1] == "Offer 1 to Dee: you give Reach for Charity."
    assert (
        notices(state, 3)[-1] == "Offer 1 from Cid: you get Reach for Charity. Accept or decline."
    )
    state.apply(3, {"accept": 1})
    assert notices(state, 3)[-1] == "Offer 1 from Cid is done: you got Reach for Charity."
    assert notices(state, 2)[-1] == "Dee accepted offer 1: you gave Reach for Charity."
    # The facilitator's console, entering for Cid, reads it of Cid.
    assert state.events[-1].about == "Dee accepted offer 1: Cid gave Reach for Charity."
    # A third seat, and the table, heard nothing of it: not its terms, not that it was made.
    assert {s: state.seat_view(s) for s in others} == before
    assert state.public_view() == public


def test_the_trade_tab_and_the_notices_tell_an_offer_alike():
    from middleground.games.the_median.trading import offer_terms

    offer = freeze(
        {
            "id": 4,
            "by": 1,
            "to": 0,
            "give": {"characters": (), "points": 1, "from": 2, "into": 1},
            "get": {"characters": (9,), "points": 0, "from": None, "into": None},
        }
    )
    players = ("Ann", "Bob", "Cid")
    assert offer_terms(players, offer, 1) == "you give 1 point (Pickpocket to Isolated) for Humble"
    assert offer_terms(players, offer, 0) == "you get 1 point (Pickpocket to Isolated) for Humble"
    assert offer_terms(players, offer, 0, done=True).startswith("you got 1 point")


def power_choices(state, seat):
    """(character, label, power) for every power target the seat's orders form offers."""
    found = []
    for field in state.action_form(seat).fields:
        if field.key.endswith(".power"):
            character = int(field.key.split(".")[0])
            for value, text in field.choices:
                if value is not None:
                    found.append((character, text, value))
    return found


@pytest.mark.parametrize("character", sorted(POWER_KEYS))
def test_every_powers_order_speaks_as_the_player_and_its_notice_reads_after_a_name(character):
    """The button speaks as the player ("my points"); what the orders come to reads alike
    after "You chose" and after the seat's name, as the facilitator's list of seats and
    console say it ("Ann: chose ...")."""
    # Ann holds the character beside Isolated; Exchange stands outside the zone, to swap.
    drafted = STANDARD if character in STANDARD else (*STANDARD[:-1], character)
    belt = (10, 1, 2, 3, 4, 5, 6, 7, 8, "X") if character == 10 else None
    state = at_round(2, characters=drafted, conveyor=belt, holders={character: 0})
    choices = [c for c in power_choices(state, 0) if c[0] == character]
    assert choices, name(character)
    for _character, text, power in choices:
        assert not SECOND_PERSON.search(text), text  # the button the player presses
        trial = state.clone()
        orders = {str(c): {} for c in trial.held(0)}
        orders[str(character)] = {"power": dict(power)}
        trial.apply(0, {"orders": orders})
        told = trial.events[-1]
        assert told.text.startswith("You chose ") and not FIRST_PERSON.search(told.text), told
        done = told.text.removeprefix("You ")
        assert not SECOND_PERSON.search(done), told.text
        assert told.about == f"Ann {done}"


def test_lock_and_anchor_read_right_on_the_button_and_in_the_notice():
    state = at_round(2, characters=(*STANDARD[:-1], 12), holders={5: 0, 12: 0})
    labels = {c: text for c, text, _ in power_choices(state, 0)}
    assert labels[5] == "spend a charge: my points stay as they are from Lock's turn on"
    assert labels[12] == "stay put while the conveyor moves"
    state.apply(0, {"orders": {"1": {}, "5": {"power": {"lock": True}}, "12": {}}})
    assert notices(state, 0)[-1] == (
        "You chose Isolated: no push; Lock: no push, spend a charge; Anchor: no push."
    )
    assert state.events[-1].about == (
        "Ann chose Isolated: no push; Lock: no push, spend a charge; Anchor: no push."
    )
    for seat in range(1, 9):  # the others' orders: the round is played, the charge spent
        state.apply(seat, orders_for(state, seat, {}))
    lock = next(e for e in state.events if e.data.get("power") == "lock")
    assert lock.text == (
        "Lock spends a charge (2 left): your points stay as they are for the rest of this round."
    )
    assert lock.about == (
        "Lock spends a charge (2 left): Ann's points stay as they are for the rest of this round."
    )


@pytest.mark.parametrize("seed", range(4))
def test_every_notice_that_says_you_is_told_of_its_player_by_name_too(seed):
    """At a facilitator's table the console shows a seat's notices to the facilitator, who
    is not "you": each notice that speaks to its player ("your points") has its news told of
    that player by name ("Ann's points", Event.about), with no "you" left in it."""
    state = game().new_state(NAMES, {}, seed)
    play_on(state, random.Random(seed), free_share=0.3)
    private = [e for e in state.events if e.audience is not None]
    spoken_to = [e for e in private if SECOND_PERSON.search(e.text)]
    assert len(spoken_to) > 100  # powers, trades, the draft, orders: a whole game's worth
    for event in spoken_to:
        (seat,) = event.audience
        assert NAMES[seat] in event.about, event
        assert not SECOND_PERSON.search(event.about), event.about
        assert not FIRST_PERSON.search(event.about), event.about


def test_the_end_is_told_in_our_own_words():
    state = play_round(at_round(9))
    summary = state.result().summary
    assert "joint losers" not in summary
    winner = state.players[state.result().winners[0]]
    assert summary.startswith(f"{winner} finishes 5th and wins 2 tokens of life;")
    assert summary.endswith("both lose, a token of death each.")


def test_the_log_writes_the_zone_as_the_board_does():
    """The log said "tiles 2-10" beside the board's "tiles 2–10": one range, one dash."""
    state = play_round(at_round(1))
    (told,) = [e.text for e in state.events if e.public and e.text.startswith("Round 1: ")]
    assert told.startswith("Round 1: the scoring zone shrinks to tiles 2–10. ")


def test_after_round_n_a_clause_starts_lowercase_unless_it_starts_with_a_name():
    """The log read "Round 2: The scoring zone shrinks" beside the other games' "Round 1: the
    median is 63". The round's own sentences, on the board and in the referee's report, keep
    their capitals; a name keeps its capital after the colon too."""
    from middleground.engine import get_game
    from middleground.games.the_median.rules import after_label

    state = play_round(at_round(1))
    (told,) = [e.text for e in state.events if e.public and e.text.startswith("Round 1: ")]
    assert told.startswith("Round 1: the scoring zone shrinks to tiles 2–10. The conveyor is ")
    (report,) = get_game("the-median").round_report(state.public_view())
    assert report["text"].startswith("The scoring zone shrinks to tiles 2–10. The conveyor is ")
    assert after_label("Jump leaps to the far left tile.") == "Jump leaps to the far left tile."
    assert after_label("Jump, Humble and Twin are taken.") == "Jump, Humble and Twin are taken."
    assert after_label("In the zone: X.") == "in the zone: X."
