"""Fearsome Floors (Félelmetes Folyosók): rules, monster automaton, bots, terminal front end.

Importing the package registers its bots with ``ludus.ai``.
"""

from . import bots as bots
