"""It's Good Enough's board with a crowd: an event's thirty or fifty players still get a board
where no token hides another, no name runs over another, every scorer is named beside their
token, and the lines under the board stay inside it."""

from __future__ import annotations

import itertools
import math
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsTextItem

from middleground.engine.registry import get_game
from middleground.games.good_enough.board import GameBoard
from middleground.games.good_enough.lanes import (
    CROWDED,
    GAP,
    HALO,
    PACKED,
    ROOMY,
    lay_out,
    spread,
)
from middleground.widgets.plugin import SCENE
from middleground.widgets.theme import DARK, LIGHT, PROJECTION, contrast

pytestmark = pytest.mark.usefixtures("qapp")  # boards are drawn with fonts

GAME = get_game("good-enough")
WIDE = SCENE.width()  # the board's width, where labels must stay
NAMES = [
    "Alice",
    "Bob",
    "Carol",
    "Dave",
    "Erin",
    "Frank",
    "Grace",
    "Heidi",
    "Ivan",
    "Judy",
    "Mallory",
    "Niaj",
    "Olivia",
    "Peggy",
    "Rupert",
    "Sybil",
    "Trent",
    "Victor",
    "Walter",
    "Xena",
    "Yusuf",
    "Zoe",
    "Amara",
    "Bruno",
    "Chloe",
    "Dmitri",
    "Elena",
    "Farid",
    "Greta",
    "Hugo",
]


def played(count: int, picks: list[int]):
    names = NAMES[:count] if count <= len(NAMES) else [f"Player {i + 1}" for i in range(count)]
    state = GAME.new_state(names, {}, seed=1)
    for seat, number in enumerate(picks):
        state.apply(seat, {"number": number})
    return state


def drawn(state) -> GameBoard:
    board = GameBoard(LIGHT)
    board.show_view(state.public_view())
    return board


def spans(layout, tokens, look, reaches=None):
    """Per lane, what each seat's token and label cover: (left, right, seat, kind)."""
    found = {}
    for seat, x, width in tokens:
        spot = layout.spots[seat]
        reach = (reaches or {}).get(seat, look.radius)
        found.setdefault(spot.lane, []).append((x - reach, x + reach, seat, "token"))
        if spot.label == "right":
            left = x + reach + GAP
            found[spot.lane].append((left, left + width, seat, "label"))
        elif spot.label == "left":
            right = x - reach - GAP
            found[spot.lane].append((right - width, right, seat, "label"))
    return found


def overlaps(found) -> list:
    clashes = []
    for items in found.values():
        for i, a in enumerate(items):
            for b in items[i + 1 :]:
                if a[0] < b[1] and b[0] < a[1]:
                    clashes.append((a, b))
    return clashes


token_lists = st.lists(
    st.tuples(st.floats(110, 1490), st.floats(60, 260)), min_size=1, max_size=50
).map(lambda ts: [(seat, x, w) for seat, (x, w) in enumerate(ts)])


@settings(max_examples=200, deadline=None)
@given(tokens=token_lists, look=st.sampled_from([ROOMY, CROWDED, PACKED]), data=st.data())
def test_nothing_placed_covers_anything_else_in_its_lane(tokens, look, data):
    seats = [seat for seat, _x, _w in tokens]
    first = set(data.draw(st.lists(st.sampled_from(seats), max_size=2)))
    # some tokens are pills, wider than their look's discs, for a mark of three characters
    wide = st.floats(look.radius, 2 * look.radius)
    reaches = data.draw(st.dictionaries(st.sampled_from(seats), wide, max_size=len(seats)))
    layout = lay_out(tokens, look, first, set(), False, reaches=reaches, board_width=WIDE)
    assert set(layout.spots) == set(seats)  # every token is placed
    found = spans(layout, tokens, look, reaches)
    clashes = overlaps(found)
    # only a token that found no free lane may overlap, and then only with tokens or labels
    assert not clashes or layout.crammed
    if not layout.crammed:  # no scorer's halo touches a token beside, above or below it
        where = {seat: (x, layout.spots[seat].lane) for seat, x, _w in tokens}
        high = {seat: look.radius + (HALO if seat in first else 0) for seat in where}
        straight = {seat: reaches.get(seat, look.radius) - look.radius for seat in where}
        for seat in first:
            x, lane = where[seat]
            for other, (ox, olane) in where.items():
                if other != seat and abs(olane - lane) <= 1:
                    rise = (olane - lane) * look.lane_gap
                    # pills: the distance between their straight middles' ends
                    beside = max(0.0, abs(ox - x) - straight[seat] - straight[other])
                    assert math.hypot(beside, rise) >= high[seat] + high[other] - 1e-6
        labels = [s for items in found.values() for s in items if s[3] == "label"]
        assert all(left >= 10 and right <= SCENE.width() - 10 for left, right, *_ in labels)
    every = lay_out(tokens, look, first, label_all=True, reaches=reaches, board_width=WIDE)
    if every is not None:
        assert all(spot.label for spot in every.spots.values())
        assert not overlaps(spans(every, tokens, look, reaches))


def test_a_scorer_is_labelled_even_where_others_crowd_its_lane():
    # ten tokens a hair apart, the scorer in their middle: it is placed first, with its label
    tokens = [(seat, 700.0 + seat * 12, 150.0) for seat in range(10)]
    layout = lay_out(tokens, CROWDED, first={5}, last=set(), label_all=False, board_width=WIDE)
    assert layout.spots[5].label
    assert not layout.crammed


def test_two_scorers_pills_in_neighbouring_lanes_keep_their_halos_clear():
    # two wide marks scoring a few numbers apart in a close crowd: pills, whose halos reach
    # further sideways than a disc's (and labels too long for any lane, to leave them alone)
    reach, apart = 2 * PACKED.radius, 65.0
    tokens = [(0, 700.0, 2000.0), (1, 700.0 + apart, 2000.0)]
    reaches = {0: reach, 1: reach}
    layout = lay_out(tokens, PACKED, {0, 1}, set(), False, reaches=reaches, board_width=WIDE)
    lanes = abs(layout.spots[0].lane - layout.spots[1].lane)
    beside = max(0.0, apart - 2 * (reach - PACKED.radius))  # between their straight middles
    rise = lanes * PACKED.lane_gap
    assert math.hypot(beside, rise) >= 2 * (PACKED.radius + HALO)


def test_a_small_table_labels_everyone_with_large_tokens():
    state = played(5, [10, 30, 50, 70, 90])
    board = drawn(state)
    texts = [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]
    for name, number in zip(NAMES, [10, 30, 50, 70, 90], strict=False):
        assert any(t.endswith(f"{name} {number}") for t in texts)
    radii = {
        round(i.path().boundingRect().height() / 2)
        for i in board.items()
        if isinstance(i, QGraphicsPathItem)
    }
    assert ROOMY.radius in radii


@pytest.mark.parametrize(("count", "spread"), [(12, 18), (20, 18), (30, 18), (50, 18), (45, 8)])
def test_a_crowd_reveal_stays_readable(count, spread):
    rng = random.Random(count)
    picks = [max(0, min(100, int(rng.gauss(45, spread)))) for _ in range(count)]
    state = played(count, picks)
    reveal = state.public_view().board["rounds"][-1]
    board = drawn(state)
    items = [i for i in board.items() if isinstance(i, QGraphicsTextItem)]
    # every scorer named beside a token, with the star
    for seat in reveal["scorers"]:
        name = state.players[seat]
        assert any(i.toPlainText() == f"★ {name} {picks[seat]}" for i in items)
    # no two pieces of text on the board overlap, and all sit inside it
    boxes = [i.sceneBoundingRect().adjusted(4, 4, -4, -4) for i in items]
    for i, a in enumerate(boxes):
        assert SCENE.contains(a), items[i].toPlainText()
        for j in range(i + 1, len(boxes)):
            assert not a.intersects(boxes[j]), (items[i].toPlainText(), items[j].toPlainText())
    # a crowd's shared numbers are one token each, a count inside, a count and the number
    # beside it where there is room
    shared = Counter(n for n in picks if picks.count(n) > 1)
    assert tokens_apart(board, len(set(picks)))
    texts = [i.toPlainText() for i in items]
    assert all(str(times) in texts for times in shared.values())
    assert any(f"✕ {times} picked {n}" in texts for n, times in shared.items())


def test_a_small_table_shows_everyone_who_shared_a_number():
    board = drawn(played(5, [10, 10, 50, 70, 70]))
    texts = [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]
    for name, number in (("Alice", 10), ("Bob", 10), ("Dave", 70), ("Erin", 70)):
        assert f"✕ {name} {number}" in texts
    assert tokens_apart(board, 5)


@pytest.mark.parametrize("theme", [LIGHT, DARK, PROJECTION], ids=["light", "dark", "projection"])
def test_the_names_of_those_out_read_as_text_in_every_theme(theme):
    """A shared number's "✕ Alice 10" was written in the warning colour, 3.6:1 on the light
    board: words in a warning read at 4.5:1, as any text must."""
    board = GameBoard(theme)
    board.show_view(played(5, [10, 10, 50, 70, 70]).public_view())
    ground = theme.color("background")
    out = [i for i in board.items() if isinstance(i, QGraphicsTextItem) and "✕" in i.toPlainText()]
    assert len(out) >= 4
    for item in out:
        assert contrast(item.defaultTextColor(), ground) >= 4.5, item.toPlainText()


def tokens_apart(board: GameBoard, count: int) -> bool:
    """Whether the board shows `count` tokens, none overlapping another (a scorer's halo
    counted as part of its token)."""
    discs: dict[tuple[int, int], QRectF] = {}
    for item in board.items():
        if isinstance(item, QGraphicsPathItem):
            box = item.sceneBoundingRect()
            centre = (round(box.center().x()), round(box.center().y()))
            if centre not in discs or box.width() > discs[centre].width():
                discs[centre] = box
    boxes = [box.adjusted(2, 2, -2, -2) for box in discs.values()]
    clear = not [(a, b) for n, a in enumerate(boxes) for b in boxes[n + 1 :] if a.intersects(b)]
    return len(discs) == count and clear


@pytest.mark.parametrize("count", [6, 20])
def test_two_scorers_a_number_apart_keep_their_halos_clear(count):
    # consecutive numbers: an even count left, the two middle ones score, side by side
    state = played(count, list(range(30, 30 + count)))
    assert len(state.public_view().board["rounds"][-1]["scorers"]) == 2
    assert tokens_apart(drawn(state), count)


def test_the_line_under_a_crowd_counts_those_out_instead_of_naming_them():
    # 29 players, 24 of them in twelve pairs: naming them all would run past the board
    picks = [n for n in range(5, 65, 5) for _ in range(2)] + [70, 75, 80, 85, 90]
    state = played(29, picks)
    board = drawn(state)
    texts = [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]
    line = next(t for t in texts if t.startswith("Round 1:"))
    assert line == (
        "Round 1: 24 players shared 12 numbers and are out; the median is 80, so Elena (80) scores."
    )
    # the log keeps the whole story
    assert (
        "Alice and Bob both picked 5 and are out;"
        in state.public_view().board["rounds"][-1]["text"]
    )


def test_the_waiting_line_is_a_sentence_that_names_a_few_of_a_crowd():
    def waiting(board) -> tuple[str, float]:
        items = [i for i in board.items() if isinstance(i, QGraphicsTextItem)]
        line = next(i for i in items if "Waiting for" in i.toPlainText())
        return line.toPlainText(), line.sceneBoundingRect().right()

    assert waiting(drawn(played(30, [])))[0] == "0 of 30 have picked. Waiting for all 30 players."
    # Too many to name on one line: as many names as fit, in seat order, and a count.
    for count, picked in ((30, 3), (50, 1)):
        state = played(count, list(range(picked)))
        text, right = waiting(drawn(state))
        found = re.fullmatch(
            rf"{picked} of {count} ha(s|ve) picked\. Waiting for (.*) and (\d+) others\.", text
        )
        assert found, text
        named = found[2].split(", ")
        assert named == list(state.players[picked : picked + len(named)])
        assert len(named) > 3 and len(named) + int(found[3]) == count - picked
        assert right <= WIDE
    assert waiting(drawn(played(4, [10])))[0] == (
        "1 of 4 has picked. Waiting for Bob, Carol and Dave."
    )


def test_the_game_over_line_sits_below_a_long_last_round(qtbot):
    names = ["Alexandra", "Bartholomew", "Christopher", "Dominique", "Evangeline", "Fitzgerald"]
    state = GAME.new_state(names, {"rounds": 3}, 1)
    for picks in ([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [10, 10, 20, 20, 30, 40]):
        for seat, number in enumerate(picks):
            state.apply(seat, {"number": number})
    assert state.is_terminal()
    board = drawn(state)
    items = {i.toPlainText(): i for i in board.items() if isinstance(i, QGraphicsTextItem)}
    summary = next(i for t, i in items.items() if t.startswith("Round 3:"))
    outcome = items[state.public_view().board["outcome"]]
    assert summary.sceneBoundingRect().height() > 60  # wraps onto a second line
    assert outcome.sceneBoundingRect().top() >= summary.sceneBoundingRect().bottom()
    assert outcome.sceneBoundingRect().bottom() <= SCENE.height()


def test_a_long_game_over_line_stays_on_the_board(qtbot):
    # Played to 100 points, the round limit stops the game short of them and extra rounds
    # leave the tie: the line says why it stopped, then names three long names sharing the win.
    names = ["Alexandra Featherstonehaugh", "Bartholomew Cholmondeley", "Christopher Marjoribanks"]
    options = {"end": "points", "points_target": 100, "tiebreak": "sudden-death"}
    state = GAME.new_state(names, options, 1)
    while not state.is_terminal():  # Bartholomew's median in round 1, then everyone picks 1
        for seat in range(3):
            state.apply(seat, {"number": seat if state.round_number() == 1 else 1})
    said = state.public_view().board["outcome"]
    assert said.startswith("The game stopped after 100 rounds")
    board = drawn(state)
    texts = [i for i in board.items() if isinstance(i, QGraphicsTextItem)]
    outcome = next(i for i in texts if i.toPlainText() == said)
    assert outcome.sceneBoundingRect().bottom() <= SCENE.height()
    assert outcome.font().pixelSize() >= 28  # still read from the back of a room


def listed_game(picks_by_round: list[list[int]]):
    names = NAMES[: len(picks_by_round[0])]
    options = {"rounds": len(picks_by_round), "reveal": "all-at-once"}
    state = GAME.new_state(names, options, 1)
    for picks in picks_by_round:
        for seat, number in enumerate(picks):
            state.apply(seat, {"number": number})
    return state


def test_rounds_revealed_together_show_together_one_strip_a_round():
    """All at once, the table sees every round it listed, not just the last: a strip a round,
    each with its median and its tokens, and who scored in each under the board."""
    state = listed_game([[10, 20, 30, 40, 50], [33, 44, 55, 66, 77], [5, 50, 51, 90, 12]])
    assert state.is_terminal()
    board = drawn(state)
    texts = [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]
    for label in ("Round 1", "median 30", "Round 2", "median 55", "Round 3", "median 50"):
        assert label in texts
    assert "Round 1: Carol · Round 2: Carol · Round 3: Bob" in texts
    assert tokens_apart(board, 15)
    assert Counter(t for t in texts if t in list("ABCDE")) == dict.fromkeys("ABCDE", 3)


def texts_of(board) -> list[str]:
    return [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]


def test_rounds_too_close_for_every_token_show_ticks_and_the_scorers_tokens():
    close = [list(range(40, 52))] * 3  # twelve tokens a number apart, in each round
    board = drawn(listed_game(close))
    texts = texts_of(board)
    assert {"Round 1", "Round 2", "Round 3"} <= set(texts)  # every round, not the last alone
    assert "Round 1: Frank and Grace · Round 2: Frank and Grace · Round 3: Frank and Grace" in texts
    assert tokens_apart(board, 6)  # the two scorers of each round, a number apart, kept apart
    assert Counter(t for t in texts if t.isalpha()) == {"F": 3, "G": 3}


def test_the_default_five_rounds_listed_up_front_all_show():
    picks = [[10, 20, 30, 40, 50], [33, 44, 55, 66, 77], [5, 50, 60, 90, 12], [1, 25, 50, 75, 99]]
    board = drawn(listed_game([*picks, [60, 70, 80, 90, 99]]))
    texts = texts_of(board)
    assert {f"Round {r}" for r in range(1, 6)} <= set(texts)
    assert tokens_apart(board, 25)  # five players' tokens in each of five rounds


def test_thirty_rounds_listed_up_front_show_thin_strips_a_few_of_them_named():
    rounds = [[30 + seat + r for seat in range(12)] for r in range(30)]
    board = drawn(listed_game(rounds))
    texts = texts_of(board)
    named = [t for t in texts if t.startswith("Round ") and ":" not in t]
    assert sorted(named) == sorted(f"Round {r}" for r in range(30, 0, -3))  # the last named
    boxes = [i.sceneBoundingRect() for i in board.items() if isinstance(i, QGraphicsTextItem)]
    for n, box in enumerate(boxes):  # no words over other words
        assert not any(box.adjusted(2, 2, -2, -2).intersects(b) for b in boxes[n + 1 :])
    assert all(box.bottom() <= SCENE.height() for box in boxes)


def test_more_rounds_than_strips_can_hold_show_the_last_round_alone():
    rounds = [[30 + seat + r % 5 for seat in range(5)] for r in range(40)]
    texts = texts_of(drawn(listed_game(rounds)))
    assert "Round 1" not in texts and any(t.startswith("Round 40: ") for t in texts)


@given(st.lists(st.floats(0, 1000), max_size=8), st.floats(1, 50))
def test_spread_tokens_keep_apart_and_near_where_they_belong(xs, apart):
    xs = sorted(xs)
    placed = spread(xs, apart)
    assert len(placed) == len(xs)
    assert all(b - a >= apart - 1e-6 for a, b in itertools.pairwise(placed))
    assert all(abs(a - b) <= apart * len(xs) for a, b in zip(placed, xs, strict=True))
    assert sum(placed) == pytest.approx(sum(xs), abs=1e-6 * (1 + sum(xs)))  # spread, not shifted


def test_nine_close_numbers_still_fit_strips_in_more_lanes():
    close = [[40, 43, 44, 45, 48, 16, 30, 73, 73]] * 3  # five tokens in eight numbers' width
    board = drawn(listed_game(close))
    texts = [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]
    assert {"Round 1", "Round 2", "Round 3"} <= set(texts)
    assert tokens_apart(board, 24)  # the two who shared 73 are one crossed token a round


def test_the_round_s_line_under_the_board_never_ends_on_a_word_alone():
    """Carol and Erin share 48: the line ran a whole width and left "scores." on its own."""
    state = GAME.new_state(NAMES[:5], {"rounds": 3}, 11)
    for seat, number in enumerate([37, 52, 48, 71, 48]):
        state.apply(seat, {"number": number})
    board = drawn(state)
    line = next(
        i
        for i in board.items()
        if isinstance(i, QGraphicsTextItem) and i.toPlainText().startswith("Round 1:")
    )
    layout = line.document().firstBlock().layout()
    text = line.toPlainText()
    lines = [layout.lineAt(n) for n in range(layout.lineCount())]
    words = [len(text[x.textStart() : x.textStart() + x.textLength()].split()) for x in lines]
    assert len(words) == 2 and min(words) >= 5, words
    assert line.sceneBoundingRect().right() <= WIDE
