"""Median game: play a card face down; the one median card takes the round and the pool."""

from middleground.engine import register

from .game import MedianCardGame

GAME = register(MedianCardGame())
