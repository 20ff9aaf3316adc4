"""The Median: nine players steer hidden characters on a conveyor; finish exactly 5th."""

from middleground.engine import register

from .game import TheMedian

GAME = register(TheMedian())
