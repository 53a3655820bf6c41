"""Bots for Fearsome Floors. They see only ``view(state, seat)``; the deck order stays hidden.

- ``RandomMoveBot`` ("random"): a uniformly random legal end result for a random figure.
- ``GreedyBot`` ("easy"): for every figure and every end result of its move, runs the monster for
  each tile still possibly in the deck and picks the move with the best expected outcome: safe
  figures, progress toward the exit, figures out. With two and three players it judges its 8 moves
  that bring their figure furthest; at the four- and five-player tables only the furthest one, against
  every staying put, so the levels keep their order there (docs/bots.md, "Floors easy at four and five
  players: only its boldest move judged").
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from ludus.engine import Choice, Decision, Game

from .board import EXIT_DISTANCE
from .game import GAME, FloorsGame
from .monster import run_each_tile
from .movement import move_results
from .search import fast_clone
from .state import OUT, WAITING, FloorsState

OUT_WORTH = 100.0


def figure_worth(st: FloorsState, fig: int) -> float:
    """How much a figure is worth to its owner where it stands: out, near the exit, or merely alive."""
    s = st.fig_sq[fig]
    if s == OUT:
        return OUT_WORTH
    if s >= 0:
        return 60.0 - EXIT_DISTANCE[s] * 1.5
    if s == WAITING:
        return 15.0
    return 0.0  # eaten for good


def seat_worth(st: FloorsState, seat: int) -> float:
    mine = others = 0.0
    for f in range(len(st.fig_sq)):
        if st.fig_owner[f] == seat:
            mine += figure_worth(st, f)
        else:
            others += figure_worth(st, f)
    return mine - 0.2 * others / max(1, st.players - 1)


class _Planner:
    def __init__(self, game: FloorsGame, seat: int, seed: int | None) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.plan: list[str] = []
        self.plan_figure = -1

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        if decision.kind == "figure":
            world = self.game.world_from_view(view, self.seat, self.rng)
            self.plan_figure, self.plan = self.pick(world, list(decision.options))
            return self.plan_figure
        if decision.kind == "step":
            if self.plan and self.plan[0] in decision.options and decision.prompt.get("figure") == self.plan_figure:
                return self.plan.pop(0)
            self.plan = []
            return "done" if "done" in decision.options else self.rng.choice(decision.options)
        return self.rng.choice(decision.options)  # advanced setup: anywhere legal

    def pick(self, world: FloorsState, figures: list[int]) -> tuple[int, list[str]]:
        raise NotImplementedError


class RandomMoveBot(_Planner):
    """A random figure, then a random legal end result of its move."""

    def pick(self, world: FloorsState, figures: list[int]) -> tuple[int, list[str]]:
        fig = self.rng.choice(figures)
        return fig, list(self.rng.choice(move_results(world, fig)))


def tile_odds(world: FloorsState) -> list[tuple[int, float]]:
    """The next tile and its probability, in the order the tiles first appear in the deck's contents."""
    counts = Counter(world.deck)
    if world.draws == 0 or (world.options["no_hit_first_each_stage"] and not world.played):
        counts = Counter({t: n for t, n in counts.items() if t > 0}) or counts
    total = sum(counts.values())
    return [(t, n / total) for t, n in counts.items()]


class GreedyBot(_Planner):
    """One-move lookahead against every monster tile still possibly in the deck."""

    shortlist = 8
    """Moves judged with the monster (besides every staying put), furthest first."""
    shortlist_at: Mapping[int, int] = MappingProxyType({4: 1, 5: 1})
    """``shortlist`` instead, by player count: at four and five players easy was level with medium when it
    judged 8; judging only its boldest move it places below medium and above random (docs/bots.md)."""

    def tile_odds(self, world: FloorsState) -> list[tuple[int, float]]:
        return tile_odds(world)

    def after_move(self, world: FloorsState, fig: int, steps: list[str]) -> FloorsState:
        st = fast_clone(world)  # the world's random generator is never drawn from here
        self.game._start_move(st, fig)
        for step in steps[:-1]:
            self.game._step(st, step, None)
        last = steps[-1]
        if last == "exit":
            st.fig_sq[fig] = OUT
        else:
            pos = st.fig_sq[fig]
            if pos >= 0:
                st.figat[pos] = fig
        st.move_fig = -1
        return st

    def pick(self, world: FloorsState, figures: list[int]) -> tuple[int, list[str]]:
        shortlist = self.shortlist_at.get(world.players, self.shortlist)
        return greedy_pick(world, self.seat, figures, self.after_move, self.rng.random, shortlist)


def greedy_pick(world: FloorsState, seat: int, figures: list[int],
                after_move: Callable[[FloorsState, int, list[str]], FloorsState],
                jitter: Callable[[], float] | None = None,
                shortlist: int = GreedyBot.shortlist) -> tuple[int, list[str]]:
    """The easy level's rule: every end result of every figure, the ``shortlist`` that bring their figure
    furthest (and every staying put) judged with the monster right after, every tile weighed.

    ``after_move(world, fig, steps)`` gives the world after a move; ``jitter`` (the bot's random
    generator) breaks ties among the quick scores; without it the first of equals is taken, so a search
    may replay the rule as a model of an easy opponent (``strong.easy_reply``).
    """
    out_now = world.out[seat]
    candidates: list[tuple[float, int, list[str], FloorsState]] = []
    for fig in figures:
        for steps in move_results(world, fig):
            st = after_move(world, fig, steps)
            if steps[-1] == "exit" and out_now + 1 >= world.needed:
                return fig, steps  # wins at once
            quick = figure_worth(st, fig) - 0.01 * len(steps) + (jitter() * 1e-3 if jitter else 0.0)
            candidates.append((quick, fig, steps, st))
    candidates.sort(key=lambda c: c[0], reverse=True)
    # Always consider staying put for each figure, besides the most promising moves.
    short = candidates[:shortlist] + [c for c in candidates[shortlist:] if c[2] == ["done"]]
    odds = tile_odds(world)
    best = None
    best_score = -1e18
    for quick, fig, steps, st in short:
        expected = 0.0
        worlds = run_each_tile(st, [tile for tile, _ in odds])
        for tile, p in odds:
            expected += p * seat_worth(worlds[tile][0], seat)
        score = expected + 0.01 * quick
        if score > best_score:
            best_score, best = score, (fig, steps)
    assert best is not None
    return best


def random_factory(game: Game, seat: int, seed: int | None) -> RandomMoveBot:
    return RandomMoveBot(GAME, seat, seed)


def greedy_factory(game: Game, seat: int, seed: int | None) -> GreedyBot:
    return GreedyBot(GAME, seat, seed)
