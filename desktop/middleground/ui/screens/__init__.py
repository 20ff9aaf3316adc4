"""One module per screen: home, setup, results."""
