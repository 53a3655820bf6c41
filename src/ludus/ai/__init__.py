"""Game-agnostic bots over the protocol. A bot sees only ``view(state, seat)`` and its decision.

- ``bot_for(game, seat, level)``: the bot a game registered for a level (random, easy, medium, hard).
- ``ISMCTSBot``: information-set Monte Carlo tree search over worlds from ``world_from_view``.
- ``play_match`` / ``tournament``: bot-only games with seat rotation and Wilson intervals.
"""

from .arena import play_match, play_match_record, tournament
from .bot import LEVELS, Bot, RandomBot, bot_for, register_bot
from .mcts import ISMCTSBot, bot_rollout, ismcts_factory
from .stats import wilson_interval

__all__ = ["LEVELS", "Bot", "ISMCTSBot", "RandomBot", "bot_for", "bot_rollout", "ismcts_factory", "play_match",
           "play_match_record", "register_bot", "tournament", "wilson_interval"]
