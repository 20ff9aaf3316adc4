"""Bots: they choose from their own seat's view and the actions open to them, never the state."""

from .bot import Bot, RandomBot, make_bot

__all__ = ["Bot", "RandomBot", "make_bot"]
