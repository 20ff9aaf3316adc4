"""One folder per game; each registers itself with the engine when imported."""
