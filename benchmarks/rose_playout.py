"""Random full games of The Name of the Rose on one core: games per second and decisions per second.

A plain loop over the protocol — ``decisions()`` then ``apply()`` with a seeded random choice —
so the figures measure the rules themselves, with no views, bots or match log.

    .venv/bin/python benchmarks/rose_playout.py [--players 4] [--games 300] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from ludus.games.rose.game import GAME

TARGET_GAMES = 100.0
TARGET_DECISIONS = 50_000.0


def playout(players: int, seed: int) -> int:
    """One random game to the end; returns the number of decisions made."""
    state = GAME.setup(players, seed)
    rng = random.Random(seed)
    decisions = GAME.decisions
    apply = GAME.apply
    made = 0
    while state.phase != "over":
        pending = decisions(state)
        decision = pending[0] if len(pending) == 1 else rng.choice(pending)
        apply(state, decision.seat, rng.choice(decision.options))
        made += 1
    return made


def measure(players: int, games: int) -> tuple[float, float, float]:
    start = time.perf_counter()
    made = sum(playout(players, seed) for seed in range(games))
    elapsed = time.perf_counter() - start
    return games / elapsed, made / elapsed, made / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--profile", action="store_true", help="print the top functions by own time")
    args = parser.parse_args()
    playout(args.players, 10_000)  # warm up caches and imports
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        measure(args.players, args.games)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    games_s, decisions_s, per_game = measure(args.players, args.games)
    print(f"rose random playouts, {args.players} players, {args.games} games, one core")
    print(f"  {games_s:10.1f} games/s      (target ≥ {TARGET_GAMES:.0f})"
          f"  {'ok' if games_s >= TARGET_GAMES else 'BELOW TARGET'}")
    print(f"  {decisions_s:10.0f} decisions/s  (target ≥ {TARGET_DECISIONS:.0f})"
          f"  {'ok' if decisions_s >= TARGET_DECISIONS else 'BELOW TARGET'}")
    print(f"  {per_game:10.1f} decisions per game")


if __name__ == "__main__":
    main()
