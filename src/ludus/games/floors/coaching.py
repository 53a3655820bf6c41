"""How the coach (``ludus.ai.coach``) judges a Fearsome Floors position it reached by rollouts: a finished game
by its result, an unfinished one by the worth of every seat's figures (``search.seat_totals``: out, on the
way by distance to the exit, waiting, eaten) turned into a share of the win. The rollouts are the easy bots'
moves (the coach's default), cut after a round or so of moves."""

from __future__ import annotations

import math
from typing import Any

from ludus.ai.coach import Judge

from .search import OUT_WORTH, phases_after_next, seat_totals
from .state import FloorsState

TEMPERATURE = OUT_WORTH / 2
"""A figure out ahead of the others makes a seat e² ≈ 7 times as likely to win as its rival."""


def win_share(game: Any, st: FloorsState, seat: int) -> float:
    outcome = game.outcome(st)
    if outcome is not None:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    totals = seat_totals(st, max(1, phases_after_next(st)))
    top = max(totals)
    weights = [math.exp((total - top) / TEMPERATURE) for total in totals]
    return weights[seat] / sum(weights)


JUDGE = Judge(value=win_share, depth=24, kinds=frozenset({"figure", "setup_tile", "setup_square", "setup_arrow"}))
"""The figure decision stands for the whole move: the hard bot plans a figure's steps with it, and the easy bots
of the rollouts do the same from there (a step on its own is not judged)."""
