"""Bots: they choose from their own seat's view and the actions open to them, never the state."""

from .bot import BUDGETS, LEVELS, Bot, RandomBot, bot_names, make_bot, seat_names

__all__ = ["BUDGETS", "LEVELS", "Bot", "RandomBot", "bot_names", "make_bot", "seat_names"]
