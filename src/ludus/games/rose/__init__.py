"""The Name of the Rose. Importing the package registers its bot levels with ``ludus.ai``."""

from ludus.ai import register_bot
from ludus.ai.coach import register_judge

from . import bots, coaching, hiding, lookahead

register_bot("rose", "random", bots.random_bot)
register_bot("rose", "easy", bots.greedy_bot)
register_bot("rose", "medium", hiding.medium_bot)
register_bot("rose", "hard", lookahead.hard_bot)
register_judge("rose", coaching.JUDGE)  # how the coach in the replay viewer judges positions
