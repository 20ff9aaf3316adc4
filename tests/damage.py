"""Damaged input for tests: a file someone edited by hand, a script with a slip in it.

`damaged(data)` is a hypothesis strategy for `data` (JSON: dicts, lists, scalars) with one
place in it changed: a value replaced by any other JSON value, or a field removed.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
# How many damaged copies a test reads; tmp_path is shared by them, which is fine here.
TRIES = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
# Values a slip is likely to leave, beside arbitrary JSON: names of things that exist elsewhere.
NEAR_MISSES = st.sampled_from(["hard", "godlike", "table", "median-card-game", "QH", 0, -1, 99])


def places(data: Any, path: tuple = ()) -> Iterator[tuple]:
    """The path to every value inside `data` (not `data` itself)."""
    children = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for key, value in children:
        yield (*path, key)
        yield from places(value, (*path, key))


@st.composite
def damaged(draw, data: Any) -> tuple[Any, tuple]:
    """A deep copy of `data` with one place replaced or removed; and that place's path."""
    data = copy.deepcopy(data)
    path = draw(st.sampled_from(list(places(data))))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if isinstance(parent, dict) and draw(st.booleans()) and draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(JSON | NEAR_MISSES)
    return data, path
