"""Fearsome Floors speed: monster phases (and steps) per second, and random full 4-player games per second.

Run: .venv/bin/python benchmarks/floors_monster.py [--seconds 3]
Targets on the project machine: ≥ 20,000 monster steps/s and ≥ 50 full 4-player games/s.
"""

from __future__ import annotations

import argparse
import random
import time

from ludus.games.floors.board import FLOOR_SQUARES
from ludus.games.floors.game import GAME
from ludus.games.floors.monster import run_tile_counted
from ludus.games.floors.state import MONSTER_TILES, FloorsState


def random_board(rng: random.Random) -> FloorsState:
    """The basic setup with 8–16 figures scattered on free squares and the monster anywhere free."""
    st = GAME.setup(4, rng.randrange(2**31))
    free = [s for s in FLOOR_SQUARES if not st.tiles[s]]
    rng.shuffle(free)
    figures = rng.randint(8, 16)
    for f in range(figures):
        s = free[f]
        st.fig_sq[f] = s
        st.figat[s] = f
    st.monster_sq = free[figures]
    st.monster_dir = rng.randrange(4)
    return st


def bench_monster(seconds: float, rng: random.Random) -> tuple[float, float]:
    boards = [random_board(rng) for _ in range(200)]
    tiles = [rng.choice(MONSTER_TILES) for _ in range(200)]
    phases = steps = 0
    spent = 0.0
    while spent < seconds:
        work = [b.clone() for b in boards]
        start = time.perf_counter()
        for st, tile in zip(work, tiles, strict=True):
            steps += run_tile_counted(st, tile)[1]
        spent += time.perf_counter() - start
        phases += len(work)
    return phases / spent, steps / spent


def bench_games(seconds: float, rng: random.Random) -> tuple[float, float]:
    games = choices = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        st = GAME.setup(4, rng.randrange(2**31))
        while st.phase != "over":
            decision = GAME.decisions(st)[0]
            GAME.apply(st, decision.seat, rng.choice(decision.options))
            choices += 1
        games += 1
    spent = time.perf_counter() - start
    return games / spent, choices / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    phases, steps = bench_monster(args.seconds, rng)
    print(f"monster phases/s: {phases:,.0f}   monster steps/s: {steps:,.0f}   (target ≥ 20,000 steps/s)")
    games, choices = bench_games(args.seconds, rng)
    print(f"random full 4-player games/s: {games:,.1f}   decisions applied/s: {choices:,.0f}   (target ≥ 50 games/s)")


if __name__ == "__main__":
    main()
