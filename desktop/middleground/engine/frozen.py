"""Immutable JSON-like data: the shape of views, actions and event details."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def _read_only(self: FrozenDict, *args: Any, **kwargs: Any) -> None:
    raise TypeError("a FrozenDict cannot be changed")


class FrozenDict(dict):
    """A read-only, hashable mapping; equal to any mapping with the same items.

    A dict underneath, so that reading it (lookups, `get`, `in`, `len`, iteration, equality)
    runs at the dict's own speed: every action, view and event is one, and search reads
    actions millions of times. Everything that would change it raises TypeError."""

    __slots__ = ("_hash",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        dict.__init__(self, *args, **kwargs)
        self._hash: int | None = None

    __setitem__ = __delitem__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only  # type: ignore[assignment]
    __ior__ = _read_only  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        if self._hash is None:
            self._hash = hash(frozenset(self.items()))
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        # dict's own pickling fills the copy item by item, which a frozen mapping refuses.
        return (FrozenDict, (dict(self),))

    def __repr__(self) -> str:
        return f"FrozenDict({dict.__repr__(self)})"


# Exact types checked first: `isinstance` against the Mapping ABC is slow, and freezing sits on
# the hot path of every action, event and view.
_ATOMS = frozenset({int, float, str, bool, type(None)})


def freeze(value: Any) -> Any:
    """Turn dicts, lists and sets (recursively) into their immutable counterparts."""
    kind = type(value)
    if kind in _ATOMS or kind is FrozenDict:
        return value
    if kind is dict:
        return FrozenDict({str(k): freeze(v) for k, v in value.items()})
    if kind is tuple:
        # Most tuples (a conveyor, a ranking, event lines) are already frozen: keep them.
        for item in value:
            if type(item) not in _ATOMS:
                return tuple(freeze(v) for v in value)
        return value
    if kind is list:
        return tuple(freeze(v) for v in value)
    if isinstance(value, FrozenDict):
        return value
    if isinstance(value, Mapping):
        return FrozenDict((str(k), freeze(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, set | frozenset):
        return frozenset(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Turn frozen data back into plain JSON-ready dicts and lists."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(thaw(v) for v in value)
    return value


# Levels of lists and objects a script or a save may nest: the deepest action is under ten.
DEEPEST = 50


def nesting(value: Any) -> int:
    """How deeply lists and objects nest in JSON data: 0 for a number, 1 for [1, 2], 2 for
    {"a": [1]}. Counted level by level, not recursively, so any depth can be measured."""
    depth, level = 0, [value]
    while level := [v for v in level if isinstance(v, list | dict)]:
        depth += 1
        level = [c for v in level for c in (v.values() if isinstance(v, dict) else v)]
    return depth


def parse_json(text: str) -> Any:
    """JSON text as data. Besides json.JSONDecodeError for what is not JSON, a ValueError says
    in words ("is nested too deeply to read") what no script or save holds and Python could
    not go on with: nesting past DEEPEST, where reading it again would run out of recursion,
    and a number of more than 4300 digits."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise ValueError("is nested too deeply to read") from None
    except ValueError:  # the only other one: a number too long to turn into an int
        raise ValueError("holds a number too long to read") from None
    if nesting(data) > DEEPEST:
        raise ValueError("is nested too deeply to read")
    return data
