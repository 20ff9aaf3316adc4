"""Frozen data: actions, views and events cannot be changed once made, and travel intact."""

from __future__ import annotations

import copy
import json
import pickle
from types import MappingProxyType

import pytest

from middleground.engine import FrozenDict, freeze, thaw

ORDER = {"orders": {"7": {"push": 2, "power": {"pull": [3, 5]}}}, "note": None}


@pytest.mark.parametrize(
    "change",
    [
        lambda f: f.__setitem__("orders", 1),
        lambda f: f.__delitem__("orders"),
        lambda f: f.update(extra=1),
        lambda f: f.setdefault("extra", 1),
        lambda f: f.pop("orders"),
        lambda f: f.popitem(),
        lambda f: f.clear(),
        lambda f: f.__ior__({"extra": 1}),
    ],
)
def test_a_frozen_mapping_refuses_every_change(change):
    frozen = freeze(ORDER)
    with pytest.raises(TypeError):
        change(frozen)
    assert thaw(frozen) == {"orders": {"7": {"push": 2, "power": {"pull": [3, 5]}}}, "note": None}


def test_frozen_data_equals_the_same_data_in_any_mapping_and_hashes_by_content():
    frozen = freeze(ORDER)
    again = freeze(json.loads(json.dumps(ORDER)))
    assert frozen == again and hash(frozen) == hash(again)
    assert frozen == {"orders": {"7": {"push": 2, "power": {"pull": (3, 5)}}}, "note": None}
    assert frozen == MappingProxyType(dict(frozen)) and MappingProxyType(dict(frozen)) == frozen
    assert frozen != freeze({"orders": {"7": {"push": 1}}, "note": None})
    assert {frozen: "seen"}[again] == "seen"  # actions key a search's statistics


@pytest.mark.parametrize(
    "travel",
    [
        lambda f: pickle.loads(pickle.dumps(f)),  # to and from a bot's worker process
        copy.deepcopy,
        copy.copy,
    ],
)
def test_frozen_data_stays_frozen_when_copied_or_sent_to_a_worker(travel):
    arrived = travel(freeze(ORDER))
    assert type(arrived) is FrozenDict and type(arrived["orders"]["7"]) is FrozenDict
    assert arrived == freeze(ORDER) and hash(arrived) == hash(freeze(ORDER))
    with pytest.raises(TypeError):
        arrived["note"] = "changed"


def test_frozen_data_writes_as_plain_json():
    assert json.loads(json.dumps(freeze(ORDER))) == ORDER
