"""Shadows: Amsterdam — a real-time team game of picture clues on a hex board (see docs/shadows.md).

Rules: board.py (geometry), maps.py (map cards), rules.py (the real-time loop), views.py (what each
seat sees), game.py (the Game protocol object ``GAME``), simulate.py (``ludus sim shadows``).
"""
