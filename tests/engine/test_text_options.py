"""Text options (such as a player's name) are accepted as trimmed text and described as such."""

from __future__ import annotations

import pytest

from middleground.engine import Option, SetupError


def test_a_text_option_keeps_trimmed_text_and_refuses_other_values():
    dealer = Option("dealer", "Dealer", "", "Who leads first; empty for a random player.")
    assert dealer.kind == "text"
    assert dealer.validate("  Alice ") == "Alice"
    with pytest.raises(SetupError, match="Dealer must be text, not 3"):
        dealer.validate(3)
    assert dealer.describe() == 'dealer: text (default "")'


def test_an_option_naming_a_player_says_so_and_what_its_empty_value_does():
    dealer = Option("dealer", "Dealer", "", "Who leads first.", one_player="Drawn at random")
    assert dealer.kind == "text" and dealer.validate(" Ben ") == "Ben"
    assert dealer.describe() == 'dealer: a player\'s name, or "" (drawn at random) (default "")'
    assert dealer.shown("") == "Drawn at random" and dealer.shown("Ben") == "Ben"
