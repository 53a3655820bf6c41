"""Playouts that make progress in Fearsome Floors: a rollout policy and an evaluation for ISMCTS.

Random play almost never gets a figure out (0 of 300 random games did), so a random rollout ends in an
all-way tie and tells the search nothing. ``ExitRollout`` plays every seat of a determinization the
way a hurried player would: on a ``figure`` decision it picks the movable figure nearest the exit
(waiting figures last, a random one now and then) and, of that figure's end results
(``movement.move_results``), the one that ends nearest the exit — leaving through it when it can. The
``step`` decisions that follow replay that plan. It ignores the monster: it is a playout, not a
player, and being eaten in stage 1 only sends a figure back to the entrance.

``progress_value`` judges a state in [0, 1] for ISMCTS: a finished game by its outcome, an
unfinished one (a depth-capped rollout) by the figures' worth (``search.seat_totals``: out, distance
to the exit, time left to get there) against the opponents', through a logistic curve.

Both read only the determinization they are handed (a world built from the bot's view).
"""

from __future__ import annotations

import math
import random
from typing import Any

from ludus.ai.mcts import ISMCTSBot, outcome_value
from ludus.engine import Choice, Decision, Game

from .board import DIR_INDEX, ENTRANCE, EXIT_DISTANCE
from .movement import apply_plan, move_results, plan_step
from .search import phases_after_next, relative, seat_totals
from .state import WAITING, FloorsState

WANDER = 0.1
"""Share of figure decisions in which the rollout moves a random movable figure (keeps playouts varied)."""

VALUE_SCALE = 60.0
"""Points of relative figure worth (``search.relative``) that move the logistic value from 0.5 to 0.73."""


def _distance(st: FloorsState, fig: int) -> int:
    s = st.fig_sq[fig]
    if s >= 0:
        return EXIT_DISTANCE[s]
    return 1000 if s == WAITING else -1


class ExitRollout:
    """A rollout policy ``(game, state, decision, rng) -> choice`` that heads for the exit.

    The planned steps of the figure being moved are remembered per state object (a playout runs on
    one state), and checked against the offered options before they are replayed.
    """

    def __init__(self, wander: float = WANDER) -> None:
        self.wander = wander
        self.plans: dict[int, tuple[int, list[str]]] = {}

    def __call__(self, game: Game, state: Any, decision: Decision, rng: random.Random) -> Choice:
        st: FloorsState = state
        if decision.kind == "figure":
            fig, steps = self.plan(st, list(decision.options), rng)
            self.plans = {id(st): (fig, steps)}  # one playout at a time; drop older states' plans
            return fig
        if decision.kind == "step":
            planned = self.plans.get(id(st))
            if planned is not None and planned[0] == st.move_fig and planned[1]:
                step = planned[1].pop(0)
                if step in decision.options:
                    return step
            self.plans.pop(id(st), None)
            return nearest_step(st, decision.options)
        return rng.choice(decision.options)  # advanced setup: anywhere legal

    def plan(self, st: FloorsState, figures: list[int], rng: random.Random) -> tuple[int, list[str]]:
        """The figure to move and its steps: nearest the exit first, each ending as near it as it can."""
        if self.wander and rng.random() < self.wander:
            fig = rng.choice(figures)
        else:
            fig = min(figures, key=lambda f: (_distance(st, f), f))
        best: list[str] | None = None
        best_key: tuple[int, int] | None = None
        for steps in move_results(st, fig):
            key = (-1, len(steps)) if steps[-1] == "exit" else (_ending_distance(st, fig, steps), len(steps))
            if best_key is None or key < best_key:
                best, best_key = steps, key
        assert best is not None  # staying put is always a result
        return fig, list(best)


def nearest_step(st: FloorsState, options: tuple[Choice, ...]) -> Choice:
    """Without a plan (the search's tree chose the figure): the step that ends nearest the exit, out
    through it when offered, into the corridor from the waiting area; stop when no step gets nearer."""
    if "exit" in options:
        return "exit"
    if "enter" in options:
        return "enter"
    here = st.fig_sq[st.move_fig]
    best: Choice = "done" if "done" in options else None
    best_distance = EXIT_DISTANCE[here] if here >= 0 and best is not None else 10_000
    for option in options:
        if option in DIR_INDEX:
            plan = plan_step(st, here, DIR_INDEX[option])
            if plan is not None and plan.to >= 0 and EXIT_DISTANCE[plan.to] < best_distance:
                best, best_distance = option, EXIT_DISTANCE[plan.to]
    if best is None:  # only "undo" is left
        best = options[0]
    return best


def _ending_distance(st: FloorsState, fig: int, steps: list[str]) -> int:
    """The exit distance of the square a move ends on: its steps replayed on ``st``'s tiles (stones
    pushed, blood slid over), which are put back afterwards, like ``move_results`` does."""
    s = st.fig_sq[fig]
    own = st.figat[s] if s >= 0 else -1
    if s >= 0:
        st.figat[s] = -1  # lifted while it moves
    original = bytes(st.tiles)
    try:
        for step in steps:
            if step == "enter":
                s = ENTRANCE
            elif step in ("done", "exit"):
                break
            else:
                plan = plan_step(st, s, DIR_INDEX[step])
                if plan is None:
                    break
                apply_plan(st, plan)
                s = plan.to
    finally:
        st.tiles[:] = original
        start = st.fig_sq[fig]
        if start >= 0:
            st.figat[start] = own
    return EXIT_DISTANCE[s] if s >= 0 else 1000


def progress_value(game: Game, state: Any, seat: int) -> float:
    """A state's value in [0, 1] for ``seat``: the outcome when the game is over, else a logistic curve
    of the seat's figure worth against its opponents' (figures out, nearness to the exit, time left)."""
    st: FloorsState = state
    if st.winners is not None:
        return outcome_value(game, st, seat)
    totals = seat_totals(st, phases_after_next(st) + 1)
    return 1.0 / (1.0 + math.exp(-relative(totals, seat) / VALUE_SCALE))


def aware_ismcts_factory(iterations: int = 200, rollout_depth: int | None = 120, **settings: Any):
    """A factory ``(game, seat, seed) -> ISMCTSBot`` searching with ``ExitRollout`` and ``progress_value``
    (each bot its own rollout policy, so plans never mix between bots)."""
    def make(game: Game, seat: int, seed: int | None = None) -> ISMCTSBot:
        return ISMCTSBot(game, seat, iterations=iterations, rollout=ExitRollout(), evaluate=progress_value,
                         seed=seed, rollout_depth=rollout_depth, **settings)

    return make
