"""Fearsome Floors (Félelmetes Folyosók): rules, monster automaton, bots, terminal front end.

Importing the package registers its bot levels with ``ludus.ai``: random, easy (greedy), medium and
hard (whole-move search with the rest of the round looked ahead, ``strong.py``).
"""

from ludus.ai.bot import register_bot
from ludus.ai.coach import register_judge

from . import bots as bots
from . import coaching as coaching
from . import strong as strong

register_bot("floors", "random", bots.random_factory)
register_bot("floors", "easy", bots.greedy_factory)
register_bot("floors", "medium", strong.level_factory("medium"))
register_bot("floors", "hard", strong.level_factory("hard"))
register_judge("floors", coaching.JUDGE)  # how the coach in the replay viewer judges positions
