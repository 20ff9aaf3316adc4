"""Immutable JSON-like data: the shape of views, actions and event details."""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, KeysView, Mapping, ValuesView
from typing import Any


class FrozenDict(Mapping):
    """A read-only, hashable mapping; equal to any mapping with the same items."""

    __slots__ = ("_hash", "_items")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._items = dict(*args, **kwargs)
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    # Mapping's own versions of these go through __getitem__ in Python; the dict's are in C.
    # Views of the dict are read-only, so handing them out keeps the mapping frozen.
    def __contains__(self, key: object) -> bool:
        return key in self._items

    def get(self, key: str, default: Any = None) -> Any:
        return self._items.get(key, default)

    def keys(self) -> KeysView[str]:
        return self._items.keys()

    def values(self) -> ValuesView[Any]:
        return self._items.values()

    def items(self) -> ItemsView[str, Any]:
        return self._items.items()

    def __eq__(self, other: object) -> bool:
        # The inherited Mapping.__eq__ rebuilds both sides as dicts on every comparison; views
        # and actions are compared often enough (a bot's question still standing) to matter.
        if type(other) is FrozenDict:
            return self._items == other._items
        if isinstance(other, Mapping):
            return self._items == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._items.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenDict({self._items!r})"


# Exact types checked first: `isinstance` against the Mapping ABC is slow, and freezing sits on
# the hot path of every action, event and view.
_ATOMS = frozenset({int, float, str, bool, type(None)})


def freeze(value: Any) -> Any:
    """Turn dicts, lists and sets (recursively) into their immutable counterparts."""
    kind = type(value)
    if kind in _ATOMS or kind is FrozenDict:
        return value
    if kind is dict:
        frozen = FrozenDict()
        frozen._items = {str(k): freeze(v) for k, v in value.items()}
        return frozen
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
