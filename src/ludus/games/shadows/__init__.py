"""Shadows: Amsterdam — a real-time team game of picture clues on a hex board (see docs/shadows.md).

Rules: board.py (geometry), maps.py (map cards), rules.py (the real-time loop), views.py (what each
seat sees), game.py (the Game protocol object ``GAME``), simulate.py (``ludus sim shadows``).
Importing the package registers its bot levels with ``ludus.ai``: "random" (the baseline) and
"easy", "medium", "hard" (the association AI of ai.py, loaded on first use); every level's detectives
take part in the team's agreement on where to move (agreeing.py).
"""

from ludus.ai import register_bot

from . import policies
from .agreeing import agreeing

for _level in policies.LEVELS:
    register_bot("shadows", _level, agreeing(policies.bot_level(_level)))
