"""Shadows: Amsterdam — a real-time team game of picture clues on a hex board (see docs/shadows.md).

Rules: board.py (geometry), maps.py (map cards), rules.py (the real-time loop), views.py (what each
seat sees), game.py (the Game protocol object ``GAME``), simulate.py (``ludus sim shadows``).
Importing the package registers its bot levels with ``ludus.ai``: "random" (the baseline) and
"easy" (the association AI of ai.py, loaded on first use; higher levels fall back to it).
"""

from ludus.ai import register_bot

from . import policies

register_bot("shadows", "random", policies.random_bot)
register_bot("shadows", "easy", policies.ai_bot)
