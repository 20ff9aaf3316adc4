"""Game options (variants): declared with defaults and bounds, validated with a clear message."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import SetupError
from .frozen import FrozenDict
from .words import written

# (key, values): an option's value, or the count of players for the key "players", that
# another option waits on.
Condition = tuple[str, tuple[Any, ...]]


@dataclass(frozen=True)
class Option:
    """One setting of a game, shown on the setup screen and accepted by the referee."""

    key: str
    label: str
    default: Any
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) for a choice option
    # (key, values): the option matters only while the option `key` has one of `values` (or,
    # for the key "players", while that many play); the setup screen greys it out otherwise.
    # Several such conditions, in a tuple, must all hold (see `conditions`).
    applies: Condition | tuple[Condition, ...] | None = None
    # For a text option whose value names one of the players: what its empty value does
    # ("Drawn at random"). The setup screen then offers that and the seats' names to choose
    # from, not a box to type a name in (a script still writes the name, or "").
    one_player: str = ""
    kind: str = field(init=False)  # "choice", "bool", "int" or "text" (a short free text)

    def __post_init__(self) -> None:
        if self.choices:
            kind = "choice"
        elif isinstance(self.default, bool):
            kind = "bool"
        elif isinstance(self.default, int):
            kind = "int"
        elif isinstance(self.default, str):
            kind = "text"
        else:
            raise TypeError(f"option {self.key}: unsupported default {self.default!r}")
        object.__setattr__(self, "kind", kind)

    def validate(self, value: Any) -> Any:
        """Return the value if it is allowed, else raise SetupError naming the option."""
        named = self.named()
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise SetupError(
                    f"{named} must be on or off (true or false), not {written(value)}."
                )
            return value
        if self.kind == "choice":
            allowed = [v for v, _ in self.choices]
            if value not in allowed:
                raise SetupError(
                    f"{named} must be one of {', '.join(map(written, allowed))}, "
                    f"not {written(value)}."
                )
            return value
        if self.kind == "text":
            if not isinstance(value, str):
                raise SetupError(f"{named} must be text, not {written(value)}.")
            return value.strip()
        if isinstance(value, bool) or not isinstance(value, int):
            raise SetupError(f"{named} must be a whole number, not {written(value)}.")
        if self.minimum is not None and value < self.minimum:
            raise SetupError(f"{named} must be at least {self.minimum}, not {written(value)}.")
        if self.maximum is not None and value > self.maximum:
            raise SetupError(f"{named} must be at most {self.maximum}, not {written(value)}.")
        return value

    def named(self) -> str:
        """The option as a fault names it: its label, and the key a script writes where the
        label does not say it ("Real deck (companion mode), the option "physical_deck",")."""
        if self.label.lower() == self.key.replace("_", " "):
            return self.label
        return f"{self.label}, the option {written(self.key)},"

    @property
    def conditions(self) -> tuple[Condition, ...]:
        """Every (key, values) this option waits on, however `applies` gave them."""
        if self.applies is None:
            return ()
        if isinstance(self.applies[0], str):  # one condition
            return (self.applies,)
        return self.applies

    def unmet(self, options: Mapping[str, Any], players: int) -> tuple[Condition, ...]:
        """The conditions that do not hold in a game of `players` with `options`."""
        return tuple(
            (key, values)
            for key, values in self.conditions
            if (players if key == "players" else options.get(key)) not in values
        )

    def applies_to(self, options: Mapping[str, Any], players: int) -> bool:
        """Whether this option changes anything in a game of `players` with `options`."""
        return not self.unmet(options, players)

    def shown(self, value: Any) -> str:
        """A value as the setup screen shows it: a choice's label ("After the set rounds"),
        "ticked" or "not ticked", or the value itself."""
        if self.kind == "bool":
            return "ticked" if value else "not ticked"
        if self.one_player and value == "":
            return self.one_player
        return dict(self.choices).get(value, str(value))

    def details(self) -> dict[str, Any]:
        """What `middleground games --json` tells of the option: what `describe` says, as
        data. `min` and `max` bound a whole number, `choices` list a choice's values, and
        `only_with` holds the [key, values] pairs that must all hold for it to apply (the key
        "players" for a count of players)."""
        data: dict[str, Any] = {"label": self.label, "kind": self.kind, "default": self.default}
        if self.kind == "int":
            data |= {"min": self.minimum, "max": self.maximum}
        if self.kind == "choice":
            data["choices"] = [value for value, _ in self.choices]
        if self.one_player:
            data["one_player"] = True  # a player's name, or "" for what `label` says
        if self.conditions:
            data["only_with"] = [[key, list(values)] for key, values in self.conditions]
        return data

    def describe(self) -> str:
        """One line for `middleground games`, values as a script writes them (JSON)."""
        return self._what() + self._when()

    def _what(self) -> str:
        if self.kind == "choice":
            values = " | ".join(written(v) for v, _ in self.choices)
            return f"{self.key}: one of {values} (default {written(self.default)})"
        if self.kind == "bool":
            return f"{self.key}: true or false (default {str(self.default).lower()})"
        if self.kind == "text" and self.one_player:
            return (
                f'{self.key}: a player\'s name, or "" ({self.one_player.lower()}) '
                f"(default {written(self.default)})"
            )
        if self.kind == "text":
            return f"{self.key}: text (default {written(self.default)})"
        low = "" if self.minimum is None else str(self.minimum)
        high = "" if self.maximum is None else str(self.maximum)
        return f"{self.key}: whole number {low}..{high} (default {self.default})"

    def _when(self) -> str:
        if self.applies is None:
            return ""
        return "; only with " + " and ".join(map(_when_one, self.conditions))


def _when_one(condition: Condition) -> str:
    """One condition as `middleground games` writes it: 'end "points"', '2 players'."""
    key, values = condition
    if key == "players":
        return f"{' or '.join(map(str, values))} players"
    return f"{key} {' or '.join(map(written, values))}"


def resolve_options(declared: tuple[Option, ...], given: Mapping[str, Any] | None) -> FrozenDict:
    """Fill defaults, reject unknown keys, validate every value."""
    if given is not None and not isinstance(given, Mapping):
        raise SetupError("The options must be given as option names with their values.")
    given = dict(given or {})
    known = {o.key: o for o in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        if not known:
            raise SetupError(f"Unknown option {written(unknown[0])}; this game has no options.")
        names = ", ".join(known)
        raise SetupError(f"Unknown option {written(unknown[0])}; this game's options are: {names}.")
    return FrozenDict((o.key, o.validate(given.get(o.key, o.default))) for o in declared)
