"""Game-agnostic bots over the protocol. A bot sees only ``view(state, seat)`` and its decision."""

from .bot import Bot, RandomBot, bot_for, register_bot

__all__ = ["Bot", "RandomBot", "bot_for", "register_bot"]
