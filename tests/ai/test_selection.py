"""Selection at a node: UCB1 with availability counts, whatever order the options come in."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from middleground.ai.ismcts import EXPLORATION, Node
from middleground.engine import FrozenDict

ACTIONS = [FrozenDict(number=n) for n in range(6)]


class PlainUcb1:
    """UCB1 with availability counts written out plainly, as the paper states it."""

    def __init__(self) -> None:
        self.visits: dict = {}
        self.total: dict = {}
        self.available: dict = {}

    def select(self, options, rng):
        for action in options:
            self.available[action] = self.available.get(action, 0) + 1
        untried = [a for a in options if not self.visits.get(a)]
        if untried:
            return untried[0] if len(untried) == 1 else rng.choice(untried)

        def value(action):
            visits = self.visits[action]
            explore = math.sqrt(math.log(self.available[action]) / visits)
            return self.total[action] / visits + EXPLORATION * explore

        return max(options, key=value)

    def back_up(self, action, reward):
        self.visits[action] = self.visits.get(action, 0) + 1
        self.total[action] = self.total.get(action, 0.0) + reward


# One step: which options are offered (the same list object as last time, an equal copy, or
# another subset, as when determinizations deal a seat different hands), and the reward.
steps = st.lists(
    st.tuples(
        st.sampled_from(["same object", "equal copy", "other"]),
        st.lists(st.integers(0, 5), min_size=1, max_size=6, unique=True),
        st.floats(0, 1),
    ),
    min_size=1,
    max_size=120,
)


@settings(max_examples=150, deadline=None)
@given(steps, st.integers(0, 2**32))
def test_selection_matches_plain_ucb1_however_the_options_arrive(plan, seed):
    node, plain = Node(), PlainUcb1()
    ours, theirs = random.Random(seed), random.Random(seed)
    options = [ACTIONS[0]]
    offered = {}
    for how, picks, reward in plan:
        if how == "equal copy":
            options = list(options)
        elif how == "other":
            options = [ACTIONS[i] for i in picks]
        for action in options:
            offered[action] = offered.get(action, 0) + 1
        chosen, record = node.select(0, options, ours, EXPLORATION)
        assert chosen == plain.select(options, theirs)
        assert chosen in options and record is node.stats[0][chosen]
        record[0] += 1  # as the search backs a reward up
        record[1] += reward
        plain.back_up(chosen, reward)
    assert {a: r[2] for a, r in node.stats[0].items()} == offered


def test_each_seat_keeps_its_own_statistics_at_a_node():
    node, rng = Node(), random.Random(3)
    mine, theirs = ACTIONS[:3], ACTIONS[2:]
    for _ in range(5):
        node.select(0, mine, rng, EXPLORATION)
        node.select(1, theirs, rng, EXPLORATION)
    assert set(node.stats[0]) == set(mine) and set(node.stats[1]) == set(theirs)
    assert node.stats[0][ACTIONS[2]][2] == 5 and node.stats[1][ACTIONS[2]][2] == 5
