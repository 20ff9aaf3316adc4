"""Determinized information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012).

Each iteration deals one determinization: a full state consistent with the searching seat's
view (`Game.sample_state`), the others' sealed choices reopened, since nobody has seen them.
It walks the one tree shared by all determinizations, every seat that acts choosing for itself
(max^n: each seat maximizes its own reward). At a sealed node the acting seats choose at once
and independently, each by UCB1 over its own statistics (decoupled UCT); actions that only
some determinizations allow are scored by how often they were available, not by the parent's
visits (ISMCTS's availability counts). One new node is added per iteration, then a rollout
plays on, and every seat's reward is the place the game gives it, not its points. A game's
policy may end the rollout a few rounds past the new node (`horizon`) and value the state it
reached instead (`evaluate`: each seat's expected reward), as MCTS with a heuristic cut-off
does (Lanctot et al. 2014); without one the rollout plays to the end.

Pure over the engine contract: the search reads only the view it is given and the states it
samples from it, so the bot is fair by construction and safe to run on any thread.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Protocol

from middleground.engine import Action, Game, State, View
from middleground.engine.result import placement_rewards

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
# log(n) for the availability counts a search meets (a list lookup is cheaper than the call).
_LOG = [0.0, *(math.log(n) for n in range(1, 1 << 15))]
_VARIES = ((), None)  # a seat's options differ between determinizations at this node


class SearchPolicy(Protocol):
    """What a game can tell the search: which actions to consider, how to play out, which
    states to treat as one node, and how far to play out. `RandomPolicy` is the game-free
    default.

    `candidates` may hand out the same sequence again (selection then skips its lookups), but
    never changes one it has handed out. Its options may stand for actions (a card's name for
    the card's action: quicker to hash and to compare) when the policy also has
    `action(option)`, which turns an option back into the action it stands for; without one the
    options are the actions. A policy with `action` never offers no candidates.

    `horizon` is how many rounds a rollout plays past the new node before `evaluate` is asked
    for every seat's expected reward (in [0, 1], as `placement_rewards` would give it); None
    plays every rollout to the end, as for a policy that has neither. `evaluate` may answer
    None to play on to the next round.
    """

    horizon: int | None

    def evaluate(self, state: State) -> Sequence[float] | None: ...

    def candidates(self, state: State, seat: int, rng: random.Random) -> Sequence[Hashable]: ...

    def rollout(self, state: State, seat: int, rng: random.Random) -> Action: ...

    def key(self, state: State, joint: tuple[tuple[int, Action], ...]) -> Hashable: ...


class RandomPolicy:
    """Every legal action is a candidate; rollouts play uniformly at random, to the end."""

    horizon = None

    def evaluate(self, state: State) -> Sequence[float] | None:
        return None

    def candidates(self, state: State, seat: int, rng: random.Random) -> Sequence[Action]:
        return state.legal_actions(seat)

    def rollout(self, state: State, seat: int, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions(seat))

    def key(self, state: State, joint: tuple[tuple[int, Action], ...]) -> Hashable:
        return joint


class Node:
    """One node of the shared tree: per seat, per option (an action, or what the policy offers
    in its place), [visits, reward sum, availability].

    `last` keeps, per seat, the options it was last offered here and their records in the
    same order: when a determinization offers the same options again (the usual case, since
    policies hand out the same action objects), selection walks that list instead of looking
    every action up."""

    __slots__ = ("children", "last", "stats")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Hashable, list[float]]] = {}
        self.last: dict[int, tuple[Sequence[Hashable], list[list[float]] | None]] = {}
        self.children: dict[Hashable, Node] = {}

    def select(
        self, seat: int, options: Sequence[Hashable], rng: random.Random, exploration: float
    ) -> tuple[Hashable, list[float]]:
        """UCB1 over the options open in this determinization (decoupled per seat); an option
        never tried here comes first (one at random when there are several). The option, and
        its record here, for the search to back the reward up into."""
        last = self.last.get(seat)
        if last is not None and last is not _VARIES:
            if last[0] == options:
                records = last[1]
                if records is None:  # offered the same twice: worth keeping in order
                    table = self.stats[seat]
                    records = [table[action] for action in options]
                    self.last[seat] = (options, records)
                index = _ucb1(records, rng, exploration)
                return options[index], records[index]
            self.last[seat] = _VARIES
        elif last is None:
            self.last[seat] = (options, None)
        # Options that vary (a seat dealt other cards in each determinization): `_ucb1`'s loop
        # with the lookups folded in, since building a list of records first costs a third more.
        table = self.stats.get(seat)
        if table is None:
            table = self.stats[seat] = {}
        untried: list[tuple[Hashable, list[float]]] | None = None
        best: tuple[Hashable, list[float]] | None = None
        best_value = -math.inf
        logs, top, sqrt = _LOG, len(_LOG), math.sqrt
        for action in options:
            record = table.get(action)
            if record is None:
                record = table[action] = [0, 0.0, 1]
            else:
                record[2] += 1
            visits = record[0]
            if not visits:
                if untried is None:
                    untried = [(action, record)]
                else:
                    untried.append((action, record))
            elif untried is None:
                available = record[2]
                log = logs[available] if available < top else math.log(available)
                value = record[1] / visits + exploration * sqrt(log / visits)
                if value > best_value:
                    best, best_value = (action, record), value
        if untried is not None:
            return untried[0] if len(untried) == 1 else rng.choice(untried)
        assert best is not None  # every option tried: each has a value
        return best


def _ucb1(records: list[list[float]], rng: random.Random, exploration: float) -> int:
    """`select` over records already looked up, in the options' order: the index chosen."""
    untried: list[int] | None = None
    best, best_value = 0, -math.inf
    logs, top, sqrt = _LOG, len(_LOG), math.sqrt
    index = -1
    for record in records:
        index += 1
        available = record[2] = record[2] + 1
        visits = record[0]
        if not visits:
            if untried is None:
                untried = [index]
            else:
                untried.append(index)
        elif untried is None:
            log = logs[available] if available < top else math.log(available)
            value = record[1] / visits + exploration * sqrt(log / visits)
            if value > best_value:
                best, best_value = index, value
    if untried is None:
        return best
    return untried[0] if len(untried) == 1 else rng.choice(untried)


class Search:
    """One search from one seat's view."""

    def __init__(
        self,
        game: Game,
        policy: SearchPolicy | None = None,
        exploration: float = EXPLORATION,
    ):
        self.game = game
        self.policy = policy or RandomPolicy()
        self.exploration = exploration
        self.iterations = 0

    def run(self, view: View, legal: Sequence[Action], budget: int, rng: random.Random) -> Action:
        """The most visited of `legal` after `budget` iterations."""
        assert view.seat is not None
        if len(legal) == 1:
            return legal[0]
        root = Node()
        sample = self.game.sampler(view, reopen_sealed=True)
        for _ in range(budget):
            state = sample(rng)
            state.quiet = True
            self.iterate(root, state, rng)
        self.iterations += budget
        table = root.stats.get(view.seat, {})
        to_action = getattr(self.policy, "action", None)
        if to_action is not None:
            table = {to_action(option): record for option, record in table.items()}
        allowed = set(legal)
        ranked = [
            (record[0], record[1] / record[0], action)
            for action, record in table.items()
            if action in allowed and record[0]
        ]
        if not ranked:
            return rng.choice(list(legal))
        return max(ranked, key=lambda entry: (entry[0], entry[1]))[2]

    def iterate(self, root: Node, state: State, rng: random.Random) -> None:
        """Select down the tree, add one node, roll out (to the horizon, if the policy has one),
        and back the rewards up."""
        policy, node = self.policy, root
        candidates, exploration = policy.candidates, self.exploration
        to_action = getattr(policy, "action", None)
        trail: list[tuple[list[float], int]] = []  # each choice's record, and whose it is
        expanded = False
        while not state.is_terminal() and not expanded:
            joint = []
            for seat in state.awaiting():
                options = candidates(state, seat, rng) or state.legal_actions(seat)
                option, record = node.select(seat, options, rng, exploration)
                joint.append((seat, option if to_action is None else to_action(option)))
                trail.append((record, seat))
            state.apply_all_known_legal(joint)
            key = policy.key(state, tuple(joint))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
                expanded = True
            node = child
        rewards = self.rollout(state, rng)
        for record, seat in trail:
            record[0] += 1
            record[1] += rewards[seat]

    def rollout(self, state: State, rng: random.Random) -> Sequence[float]:
        """Play on to the end, or to the policy's horizon where its evaluation answers."""
        policy = self.policy
        horizon = getattr(policy, "horizon", None)
        limit = None if horizon is None else state.round_number() + horizon
        while not state.is_terminal():
            if limit is not None and state.round_number() >= limit:
                values = policy.evaluate(state)
                if values is not None:
                    return values
                limit = state.round_number() + 1
            state.apply_all_known_legal(
                [(seat, policy.rollout(state, seat, rng)) for seat in state.awaiting()]
            )
        return placement_rewards(state.result())


class SearchBot:
    """A bot that searches with ISMCTS for `budget` iterations per decision.

    `policy` builds the game's search policy from the view (once per decision); games without
    a sampler cannot be searched, and the bot then plays `fallback` (random if none).
    """

    def __init__(self, game: Game, level: str, budget: int, policy=None, fallback=None):
        self.game = game
        self.level = level
        self.budget = budget
        self.policy = policy
        self.fallback = fallback

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not self.game.has_sampler:
            if self.fallback is not None:
                return self.fallback.choose(view, legal, rng)
            return rng.choice(list(legal))
        policy = self.policy(view, rng) if self.policy else None
        return Search(self.game, policy).run(view, legal, self.budget, rng)
