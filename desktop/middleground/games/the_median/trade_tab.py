"""The Trade tab of The Median's panel: offers to me and mine, and gifts, hand-overs and
offers to make.

Every choice it lists comes from trade_rules.trade_choices, read from the seat's view as the
engine reads the state, so it offers exactly the trades the engine accepts (a property test
holds it so, widget by widget).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from middleground.engine import Event, View
from middleground.engine.words import counted

from .characters import ONE, TIEBREAK_NOTE, label, name
from .trade_rules import Sight, accept_blocked, trade_choices
from .wrapping import WrapCombo, choice_box, plain_label


def _form(box: QGroupBox) -> QFormLayout:
    """A form with each label above its field, so a field has the box's whole width."""
    form = QFormLayout(box)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
    return form


class TradePage(QWidget):
    """The Trade tab's page for one seat; what the player sends comes out of `submitted`."""

    submitted = Signal(object)  # the action, a dict

    def __init__(self, view: View, private: Sequence[Event]) -> None:
        super().__init__()
        self.view = view
        self.me = view.board["me"]
        self.private = private
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
            f"Reach is silenced this round, so its points reach only its neighbours: you "
            f"cannot accept offer {offer['id']}. Decline it or let it lapse."
        )

    def _latest_box(self) -> QGroupBox | None:
        """The newest notice for this seat, at the top of the Trade tab: what came of a gift,
        an offer or an answer just sent (an offer that failed, say) is read where it was sent."""
        latest = [e.text for e in self.private if e.kind != "my choice"]
        if not latest:
            return None
        box = QGroupBox("Latest, for you only")
        box.setAccessibleName("Latest notice")
        QVBoxLayout(box).addWidget(plain_label(latest[-1]))
        return box

    def _fill(self) -> None:
        """The page, top down: the latest notice, offers to me and mine, then what I may give,
        hand over and offer."""
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
            box = QGroupBox("Your open offers")
            inner = QVBoxLayout(box)
            for offer in self.me["my_offers"]:
                inner.addWidget(plain_label(self.describe(offer)))
            layout.addWidget(box)
        if mine:
            layout.addWidget(self._gift_box(mine))
            if self.choices.hand_over:
                layout.addWidget(self._hand_over_box(list(self.choices.hand_over)))
        else:
            layout.addWidget(
                plain_label(
                    "You hold no character: you have nothing to give, but you may ask a "
                    "player for a character."
                )
            )
        if not self.choices.offers:  # One's ban holds me
            layout.addWidget(
                plain_label(
                    "You hold One: you may give points and hand over other characters, "
                    "but you may not make or accept offers."
                )
            )
        else:
            if ONE in mine:  # silenced: its ban is lifted for this round
                layout.addWidget(
                    plain_label(
                        "One is silenced this round: you may make and accept offers, "
                        "and hand One over or offer it."
                    )
                )
            layout.addWidget(self._offer_box(mine))
        layout.addStretch(1)

    def describe(self, offer: Mapping[str, Any]) -> str:
        players = self.view.players

        def side(terms: Mapping[str, Any]) -> str:
            bits = [name(c) for c in terms["characters"]]
            if terms["points"]:
                bits.append(
                    f"{counted(terms['points'], 'point')} "
                    f"({name(terms['from'])} to {name(terms['into'])})"
                )
            return " and ".join(bits) or "nothing"

        return (
            f"Offer {offer['id']}: {players[offer['by']]} gives {side(offer['give'])} "
            f"to {players[offer['to']]} for {side(offer['get'])}."
        )

    def _offers_to_me(self) -> QGroupBox:
        box = QGroupBox("Offers to you")
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
            decline = QPushButton(f"Decline {offer['id']}")
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
        box = QGroupBox("Give points")
        box.setToolTip(TIEBREAK_NOTE)
        form = _form(box)
        self.gift_from = choice_box([(c, label(c)) for c in mine], "Give from")
        self.gift_to = WrapCombo()
        self.gift_to.setAccessibleName("Give to")
        self.gift_points = QSpinBox()
        self.gift_points.setRange(1, max(1, self.choices.most_points))
        self.gift_points.setAccessibleName("Points to give")
        self.gift_button = QPushButton("Give")
        self.gift_button.setAutoDefault(True)
        form.addRow("From your character", self.gift_from)
        form.addRow("To the character", self.gift_to)
        form.addRow("Points", self.gift_points)
        form.addRow(plain_label("The receiver learns neither the amount nor who gave it."))
        form.addRow(self.gift_button)

        # A seat gives only the points it knows it has: each gift of unknown size counts 1.
        has_points = self.choices.most_points >= 1
        if not has_points:
            form.addRow(plain_label("You have no points to give yet."))

        def refill() -> None:
            self.gift_to.clear()
            for c in self.choices.gift_to[self.gift_from.currentData()]:
                self.gift_to.addItem(label(c), c)
            self.gift_button.setEnabled(has_points and self.gift_to.count() > 0)

        self.gift_from.currentIndexChanged.connect(refill)
        refill()
        self.gift_button.clicked.connect(
            lambda: self.submitted.emit(
                {
                    "gift": {
                        "from": self.gift_from.currentData(),
                        "to": self.gift_to.currentData(),
                        "points": self.gift_points.value(),
                    }
                }
            )
        )
        return box

    def _others(self) -> list[tuple[int, str]]:
        return [(s, n) for s, n in enumerate(self.view.players) if s != self.view.seat]

    def _hand_over_box(self, giveable: list[int]) -> QGroupBox:
        box = QGroupBox("Hand over a character")
        box.setToolTip(TIEBREAK_NOTE)
        form = _form(box)
        self.hand_character = choice_box(
            [(c, label(c)) for c in giveable], "Character to hand over"
        )
        self.hand_to = choice_box(self._others(), "Hand over to")
        button = QPushButton("Hand over")
        button.setAutoDefault(True)
        button.clicked.connect(
            lambda: self.submitted.emit(
                {
                    "hand_over": {
                        "character": self.hand_character.currentData(),
                        "to": self.hand_to.currentData(),
                    }
                }
            )
        )
        form.addRow("Character", self.hand_character)
        form.addRow("To player", self.hand_to)
        form.addRow(button)
        return box

    def _offer_box(self, mine: list[int]) -> QGroupBox:
        box = QGroupBox("Make an offer")
        box.setToolTip(TIEBREAK_NOTE)
        form = _form(box)
        tradeable = self.choices.hand_over
        wanted = self.choices.ask_for  # never One
        none = [(None, "nothing")]
        self.offer_to = choice_box(self._others(), "Offer to")
        self.offer_give = choice_box(none + [(c, label(c)) for c in tradeable], "I give character")
        self.offer_give_points = QSpinBox()
        self.offer_give_points.setRange(0, self.choices.most_points)
        self.offer_give_points.setAccessibleName("I give points")
        self.offer_give_from = choice_box([(c, label(c)) for c in mine], "Points from")
        self.offer_give_into = WrapCombo()
        self.offer_give_into.setAccessibleName("Points into")
        self.offer_get = choice_box(none + [(c, label(c)) for c in wanted], "I ask for character")
        self.offer_get_points = QSpinBox()
        self.offer_get_points.setRange(0, 999)
        self.offer_get_points.setAccessibleName("I ask for points")
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
        form.addRow("To player", self.offer_to)
        form.addRow("I give the character", self.offer_give)
        form.addRow("and points", self.offer_give_points)
        form.addRow("sent from my", self.offer_give_from)
        form.addRow("into their", self.offer_give_into)
        form.addRow("I ask for the character", self.offer_get)
        form.addRow("and points", self.offer_get_points)
        form.addRow("sent from their", self.offer_get_from)
        form.addRow("into my", self.offer_get_into)
        if not mine:  # nothing to give, nowhere to receive points: only a character to ask for
            for field in (
                self.offer_give,
                self.offer_give_points,
                self.offer_give_from,
                self.offer_give_into,
                self.offer_get_points,
                self.offer_get_from,
                self.offer_get_into,
            ):
                form.setRowVisible(field, False)
        button = QPushButton("Make the offer")
        button.setAutoDefault(True)
        button.clicked.connect(lambda: self.submitted.emit(self.offer()))
        form.addRow(button)
        return box

    def offer(self) -> dict[str, Any]:
        """The offer as the inputs stand."""

        def side(character: QComboBox, points: QSpinBox, sender, receiver) -> dict[str, Any]:
            terms: dict[str, Any] = {"characters": []}
            if character.currentData() is not None:
                terms["characters"] = [character.currentData()]
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
