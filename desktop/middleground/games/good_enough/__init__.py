"""It's Good Enough: pick a number from 0 to 100; the median scores, duplicates are out."""

from middleground.engine import register

from .game import GoodEnough

GAME = register(GoodEnough())
