"""The Trade tab of The Median's panel: offers to me and mine, and gifts, hand-overs and
offers to make.

Every choice it lists comes from trade_rules.trade_choices, read from the seat's view as the
engine reads the state, so it offers exactly the trades the engine accepts (a property test
holds it so, widget by widget).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from middleground.engine import Event, View
from middleground.engine.events import MY_CHOICE
from middleground.widgets.folds import Folds
from middleground.widgets.kept import keep
from middleground.widgets.plugin import whom, whose, you
from middleground.widgets.seat_box import SeatBox
from middleground.widgets.wrapped import WrapCombo

from .characters import ONE, TIEBREAK_NOTE, label
from .picks import character_picks, picked
from .trade_rules import Sight, accept_blocked, trade_choices
from .trading import offer_terms
from .wrapping import choice_box, plain_label

# The side column's choices are large (26 px type, 44 px high), made for one choice at a time;
# the Trade tab holds a dozen of them, so here they take the column's text size, an offer's
# character picks too.
STYLE = """
QComboBox, QSpinBox { font-size: 17px; min-height: 34px; }
QPushButton[pick="true"] { font-size: 17px; }
QGroupBox#tradeSection { margin-top: 0; }
"""
GIVE, HAND_OVER, OFFER = "Give points", "Hand over a character", "Make an offer"

# The public events that close a round's trading: the round's report (then, in the next
# round, what a seat is told, an offer that lapsed or a silence, belongs to the round open
# now) and, before round 1, the setup.
ROUND_OPENERS = ("round", "setup")

NOTHING_OFFERED = "Choose any characters or points to give or to ask for."


def _section() -> tuple[QGroupBox, QFormLayout]:
    """The body of a section under its heading: a form with each short label beside its
    field, above it only where the field would not fit."""
    box = QGroupBox()
    box.setObjectName("tradeSection")
    box.setToolTip(TIEBREAK_NOTE)
    # The box's margin comes from a layout around the form, whose own margin is none: Qt's
    # form asks a row across it (an offer's picks) for its height at the form's whole width,
    # margins included, and gave it too little when a pick's words took a second line.
    body = QWidget()
    QVBoxLayout(box).addWidget(body)
    form = QFormLayout(body)
    form.setContentsMargins(0, 0, 0, 0)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    return box, form


def round_notices(events: Sequence[Event], at_console: bool = False) -> list[str]:
    """What this seat was told since the round's trading opened, oldest first: the draft or
    an earlier round's trades are told in the notices, not as the latest news. `at_console`,
    told of the seat by name (Event.about)."""
    start = 0
    for index, event in enumerate(events):
        if event.public and event.kind in ROUND_OPENERS:
            start = index + 1
    fresh = events[start:]
    return [e.told(at_console) for e in fresh if not e.public and e.kind != MY_CHOICE]


class TradePage(QWidget):
    """The Trade tab's page for one seat; what the player sends comes out of `submitted`.
    It speaks to the player, or at the facilitator's console of the seat by its name
    `console_for` (Panel.console_for)."""

    submitted = Signal(object)  # the action, a dict

    def __init__(
        self,
        view: View,
        events: Sequence[Event],
        memory: dict[object, Any] | None = None,
        console_for: str | None = None,
    ) -> None:
        super().__init__()
        # The panel's memory (Panel.memory): the section open and each section's terms as
        # chosen so far this round, kept through the tab's rebuilds.
        self.memory: dict[object, Any] = {} if memory is None else memory
        self.console_for = console_for
        self.setStyleSheet(STYLE)
        self.view = view
        self.me = view.board["me"]
        self.notices = round_notices(events, console_for is not None)  # all it may see
        self.sight = Sight.from_board(view.board)  # what the trading rules read
        self.choices = trade_choices(self.sight, self.me["offers_to_me"])
        self.offer_buttons: dict[int, tuple[QPushButton, QPushButton]] = {}
        self._fill()

    def accept_refusal(self, offer: Mapping[str, Any]) -> str | None:
        """Why I may not accept `offer`, from my own view: it asks for points from my Reach,
        silenced this round, into a character that is not Reach's neighbour. Whoever asked
        could not know of the silence (see trade_rules.accept_blocked)."""
        if not accept_blocked(self.sight, offer):
            return None
        return (
            f"Reach is silenced this round, so its points reach only its neighbours: "
            f"{you(self.console_for)} cannot accept offer {offer['id']}. Decline it or let "
            "it lapse."
        )

    def _latest_box(self) -> QGroupBox | None:
        """This round's newest notice for this seat, at the top of the Trade tab: what came of
        a gift, an offer or an answer just sent (an offer that failed, say) is read where it
        was sent. Older news (the draft, a trade last round) is not the latest: the box is
        left out, and the Notices tab keeps it all."""
        if not self.notices:
            return None
        box = SeatBox("Latest, for {} only", whom, self.console_for)
        box.setAccessibleName("Latest notice")
        QVBoxLayout(box).addWidget(plain_label(self.notices[-1]))
        return box

    def _fill(self) -> None:
        """The page, top down: the latest notice, offers to me and mine, then what I may give,
        hand over and offer, each a section that folds away to its heading, one open at a
        time, so that all fits a laptop's screen."""
        layout = QVBoxLayout(self)
        mine = list(self.sight.mine)
        latest = self._latest_box()
        if latest is not None:
            layout.addWidget(latest)
        if self.view.seat not in self.view.awaiting:
            layout.addWidget(
                plain_label("Trading is open while the round's orders are being sent.")
            )
        layout.addWidget(self._offers_to_me())
        if self.me["my_offers"]:
            box = SeatBox("{} open offers", whose, self.console_for)
            inner = QVBoxLayout(box)
            for offer in self.me["my_offers"]:
                inner.addWidget(plain_label(self.describe(offer)))
            layout.addWidget(box)
        self.folds = Folds()
        if mine:
            self.folds.add(GIVE, self._gift_box(mine))
            if self.choices.hand_over:
                self.folds.add(HAND_OVER, self._hand_over_box(list(self.choices.hand_over)))
        else:
            layout.addWidget(plain_label(self._holding_nothing()))
        if not self.choices.offers:  # One's ban holds me
            layout.addWidget(plain_label(self._holding_one()))
        else:
            if ONE in mine:  # silenced: its ban is lifted for this round
                layout.addWidget(
                    plain_label(
                        f"One is silenced this round: {you(self.console_for)} may make and "
                        "accept offers, and hand One over or offer it."
                    )
                )
            self.folds.add(OFFER, self._offer_box(mine))
        layout.addWidget(self.folds)
        # The section open stays open through the tab's rebuilds this round. A seat that
        # has opened none yet finds Make an offer open: an offer waits for an answer before
        # the round ends, where a gift or a hand-over is done at once.
        key = ("open", self.view.round)
        self.folds.open(self.memory.get(key, OFFER if OFFER in self.folds.heads else GIVE))

        def remember(title: str | None) -> None:
            self.memory[key] = title

        self.folds.opened.connect(remember)
        layout.addStretch(1)

    def _holding_nothing(self) -> str:
        who = self.console_for
        if who is None:
            return (
                "You hold no character: you have nothing to give, but you may ask a player "
                "for a character."
            )
        return f"{who} holds no character: nothing to give, but {who} may ask a player for one."

    def _holding_one(self) -> str:
        who = self.console_for
        if who is None:
            return (
                "You hold One: you may give points and hand over other characters, but you "
                "may not make or accept offers."
            )
        return (
            f"{who} holds One: {who} may give points and hand over other characters, but may "
            "not make or accept offers."
        )

    def _own_words(self, own: str, named: str) -> str:
        """A label in the player's own words on their form (`own`: "I give", "from my"), or
        at the console `named`, of the seat by its name ("{} gives": "Ann gives")."""
        return own if self.console_for is None else named.format(self.console_for)

    def _add_row(self, form: QFormLayout, words: str, field: QWidget) -> None:
        """A row of a section's form, labelled `words` (_own_words). At the console they may
        name the seat ("Ann gives"): there the label wraps, a 30-letter name ending in "…",
        rather than widen the column."""
        if self.console_for is None:
            form.addRow(words, field)
            return
        label = plain_label(words)
        label.setBuddy(field)
        form.addRow(label, field)

    def describe(self, offer: Mapping[str, Any]) -> str:
        """An offer to me or mine, worded as its notices word it (trading.offer_terms); at
        the console, of the seat by name."""
        players, seat = self.view.players, self.view.seat
        terms = offer_terms(players, offer, seat, named=self.console_for is not None)
        if offer["by"] == seat:
            return f"Offer {offer['id']} to {players[offer['to']]}: {terms}."
        return f"Offer {offer['id']} from {players[offer['by']]}: {terms}."

    def _offers_to_me(self) -> QGroupBox:
        box = SeatBox("Offers to {}", whom, self.console_for)
        inner = QVBoxLayout(box)
        offers = self.me["offers_to_me"]
        if not offers:
            inner.addWidget(plain_label("None open."))
        self.offer_buttons = {}
        for offer in offers:
            inner.addWidget(plain_label(self.describe(offer)))
            row = QHBoxLayout()
            accept = QPushButton(f"Accept offer {offer['id']}")
            accept.clicked.connect(
                lambda _=False, i=offer["id"]: self.submitted.emit({"accept": i})
            )
            refusal = self.accept_refusal(offer)
            if refusal:
                inner.addWidget(plain_label(refusal))
            accept.setEnabled(offer["id"] in self.choices.accept)
            decline = QPushButton(f"Decline offer {offer['id']}")
            decline.clicked.connect(
                lambda _=False, i=offer["id"]: self.submitted.emit({"decline": i})
            )
            for button in (accept, decline):
                button.setAutoDefault(True)  # Enter on the button presses it
                row.addWidget(button)
            inner.addLayout(row)
            self.offer_buttons[offer["id"]] = (accept, decline)
        return box

    def _gift_box(self, mine: list[int]) -> QGroupBox:
        box, form = _section()
        self.gift_from = choice_box([(c, label(c)) for c in mine], "Give from")
        self.gift_to = WrapCombo()
        self.gift_to.setAccessibleName("Give to")
        self.gift_points = QSpinBox()
        self.gift_points.setRange(1, max(1, self.choices.most_points))
        self.gift_points.setAccessibleName("Points to give")
        self.gift_button = QPushButton("Give")
        self.gift_button.setAutoDefault(True)
        self._add_row(form, self._own_words("From my", "From {}'s"), self.gift_from)
        form.addRow("To", self.gift_to)
        form.addRow("Points", self.gift_points)
        form.addRow(plain_label("The receiver learns neither the amount nor who gave it."))
        form.addRow(self.gift_button)

        # A seat gives only the points it knows it has: each gift of unknown size counts 1.
        has_points = self.choices.most_points >= 1
        if not has_points:
            who = self.console_for
            text = f"{who} has" if who is not None else "You have"
            form.addRow(plain_label(f"{text} no points to give yet."))

        def refill() -> None:
            self.gift_to.clear()
            for c in self.choices.gift_to[self.gift_from.currentData()]:
                self.gift_to.addItem(label(c), c)
            self.gift_button.setEnabled(has_points and self.gift_to.count() > 0)

        self.gift_from.currentIndexChanged.connect(refill)
        refill()
        self._keep(GIVE, {"from": self.gift_from, "to": self.gift_to, "points": self.gift_points})
        self.gift_button.clicked.connect(
            lambda: self._send(
                GIVE,
                {
                    "gift": {
                        "from": self.gift_from.currentData(),
                        "to": self.gift_to.currentData(),
                        "points": self.gift_points.value(),
                    }
                },
            )
        )
        return box

    def _others(self) -> list[tuple[int, str]]:
        return [(s, n) for s, n in enumerate(self.view.players) if s != self.view.seat]

    def _hand_over_box(self, giveable: list[int]) -> QGroupBox:
        box, form = _section()
        self.hand_character = choice_box(
            [(c, label(c)) for c in giveable], "Character to hand over"
        )
        self.hand_to = choice_box(self._others(), "Hand over to")
        button = QPushButton("Hand over")
        button.setAutoDefault(True)
        self._keep(HAND_OVER, {"character": self.hand_character, "to": self.hand_to})
        button.clicked.connect(
            lambda: self._send(
                HAND_OVER,
                {
                    "hand_over": {
                        "character": self.hand_character.currentData(),
                        "to": self.hand_to.currentData(),
                    }
                },
            )
        )
        form.addRow("Character", self.hand_character)
        form.addRow("To", self.hand_to)
        form.addRow(button)
        return box

    def _offer_box(self, mine: list[int]) -> QGroupBox:
        box, form = _section()
        self.offer_to = choice_box(self._others(), "Offer to")
        gives = self._own_words("I give", "{} gives")  # at the console, "Ann gives"
        asks = self._own_words("I ask for", "{} asks for")
        self.offer_give_points = QSpinBox()
        self.offer_give_points.setRange(0, self.choices.most_points)
        self.offer_give_points.setAccessibleName(f"{gives} points")
        self.offer_give_from = choice_box([(c, label(c)) for c in mine], "Points from")
        self.offer_give_into = WrapCombo()
        self.offer_give_into.setAccessibleName("Points into")
        self.offer_get_points = QSpinBox()
        self.offer_get_points.setRange(0, 999)
        self.offer_get_points.setAccessibleName(f"{asks} points")
        self.offer_get_into = choice_box([(c, label(c)) for c in mine], "Asked points into")
        self.offer_get_from = WrapCombo()
        self.offer_get_from.setAccessibleName("Asked points from")

        def refill_give() -> None:
            self.offer_give_into.clear()
            if self.offer_give_from.count():
                for c in self.choices.gift_to[self.offer_give_from.currentData()]:
                    self.offer_give_into.addItem(label(c), c)

        def refill_get() -> None:
            self.offer_get_from.clear()
            if self.offer_get_into.count():
                for c in self.choices.ask_from[self.offer_get_into.currentData()]:
                    self.offer_get_from.addItem(label(c), c)

        self.offer_give_from.currentIndexChanged.connect(refill_give)
        self.offer_get_into.currentIndexChanged.connect(refill_get)
        refill_give()
        refill_get()
        form.addRow("To", self.offer_to)
        # Any number of characters on each side, each a pick ticked on and off.
        self.offer_give = self._picks(form, gives, self.choices.hand_over, shown=bool(mine))
        form.addRow("and points", self.offer_give_points)
        self._add_row(form, self._own_words("from my", "from {}'s"), self.offer_give_from)
        form.addRow("into their", self.offer_give_into)
        self.offer_get = self._picks(form, asks, self.choices.ask_for)  # never One
        form.addRow("and points", self.offer_get_points)
        form.addRow("from their", self.offer_get_from)
        self._add_row(form, self._own_words("into my", "into {}'s"), self.offer_get_into)

        if not mine:  # nothing to give, nowhere to receive points: only characters to ask for
            for field in (self.offer_give_points, self.offer_get_points):
                form.setRowVisible(field, False)

        def show_routes() -> None:
            """Where points go is asked once there are points to send (never, holding
            nothing: the number boxes are hidden and stay at 0)."""
            give, get = self.offer_give_points.value(), self.offer_get_points.value()
            for field in (self.offer_give_from, self.offer_give_into):
                form.setRowVisible(field, give > 0)
            for field in (self.offer_get_from, self.offer_get_into):
                form.setRowVisible(field, get > 0)

        self.offer_button = QPushButton("Make the offer")
        self.offer_button.setAutoDefault(True)
        self.offer_button.clicked.connect(lambda: self._send(OFFER, self.offer()))
        self.offer_hint = plain_label(NOTHING_OFFERED, "medianMuted")

        def check() -> None:
            """An offer must give or ask for something: until it does, the button waits."""
            terms = self.offer()["offer"]
            empty = not any(
                side["characters"] or side.get("points") for side in (terms["give"], terms["get"])
            )
            self.offer_button.setEnabled(not empty)
            self.offer_button.setToolTip(NOTHING_OFFERED if empty else "")
            self.offer_hint.setVisible(empty)

        for spin in (self.offer_give_points, self.offer_get_points):
            spin.valueChanged.connect(show_routes)
            spin.valueChanged.connect(check)
        for picks in (self.offer_give, self.offer_get):
            picks.idToggled.connect(check)
        form.addRow(self.offer_hint)
        form.addRow(self.offer_button)
        self._keep(
            OFFER,
            {
                "to": self.offer_to,
                "give": self.offer_give,
                "give points": self.offer_give_points,
                "give from": self.offer_give_from,
                "give into": self.offer_give_into,  # its choices follow "give from"
                "get": self.offer_get,
                "get points": self.offer_get_points,
                "get into": self.offer_get_into,
                "get from": self.offer_get_from,  # its choices follow "get into"
            },
        )
        show_routes()
        check()
        return box

    def _picks(
        self, form: QFormLayout, words: str, characters: Sequence[int], shown: bool = True
    ) -> QButtonGroup:
        """Rows across the form, unless not `shown`: `words` ("I give", "Ann asks for") over
        picks of `characters`, any number of them (the group's ids), or none to pick: the
        words then head the points alone. Each pick tells a screen reader the words too."""
        grid, group = character_picks(characters, self, exclusive=False)
        for button in group.buttons():
            button.setAccessibleDescription(words)
        if shown:
            form.addRow(plain_label(words))
            form.addRow(grid)
        return group

    def _keep(self, section: str, inputs: dict[str, QWidget | QButtonGroup]) -> None:
        """A section's terms as chosen so far this round come back when the tab is rebuilt
        (another seat's offer arrived, a gift was made)."""
        keep(self.memory, ("terms", self.view.round, section), inputs)

    def _send(self, section: str, action: dict[str, Any]) -> None:
        """Send a trade: its section starts afresh, so the same offer is not made twice by a
        second press after the tab is rebuilt."""
        self.memory.pop(("terms", self.view.round, section), None)
        self.submitted.emit(action)

    def offer(self) -> dict[str, Any]:
        """The offer as the inputs stand."""

        def side(characters: QButtonGroup, points: QSpinBox, sender, receiver) -> dict[str, Any]:
            terms: dict[str, Any] = {"characters": picked(characters)}
            if points.value():
                terms.update(points=points.value(), **{"from": sender, "into": receiver})
            return terms

        give = side(
            self.offer_give,
            self.offer_give_points,
            self.offer_give_from.currentData(),
            self.offer_give_into.currentData(),
        )
        get = side(
            self.offer_get,
            self.offer_get_points,
            self.offer_get_from.currentData(),
            self.offer_get_into.currentData(),
        )
        return {"offer": {"to": self.offer_to.currentData(), "give": give, "get": get}}
