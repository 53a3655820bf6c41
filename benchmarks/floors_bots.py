"""Think time of the Fearsome Floors bot levels per ``figure`` decision (where the whole move is planned).

Positions are sampled along games of easy bots (2 and 4 players); each level plans every position once
from the seat's view. Prints the median, 95th percentile and maximum wall-clock time per level and player
count, and the 95th percentile of the CPU time the process spent (on a shared, busy machine the wall
clock also counts the time other programs held the cores).

    .venv/bin/python benchmarks/floors_bots.py [--positions 40] [--levels easy medium hard]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from ludus.ai import bot_for
from ludus.engine import Decision
from ludus.games.floors.game import GAME


def positions(players: int, count: int, seed: int) -> list[tuple[dict[str, Any], Decision]]:
    """``count`` figure decisions with more than one figure, spread over easy-bot games."""
    rng = random.Random(seed)
    found: list[tuple[dict[str, Any], Decision]] = []
    game_seed = seed
    while len(found) < count:
        st = GAME.setup(players, game_seed)
        bots = [bot_for(GAME, seat, "easy", game_seed * 10 + seat) for seat in range(players)]
        game_seed += 1
        while st.phase != "over":
            decision = GAME.decisions(st)[0]
            view = GAME.view(st, decision.seat)
            if decision.kind == "figure" and len(decision.options) > 1 and rng.random() < 0.25:
                found.append((view, decision))
            GAME.apply(st, decision.seat, bots[decision.seat].choose(view, decision))
    return found[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--levels", nargs="+", default=["easy", "medium", "hard"])
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'players':>7} {'level':<8}{'positions':>10}{'p50 s':>9}{'p95 s':>9}{'max s':>9}{'cpu p95 s':>11}")
    for players in args.players:
        sample = positions(players, args.positions, args.seed)
        for level in args.levels:
            times: list[float] = []
            cpu: list[float] = []
            for number, (view, decision) in enumerate(sample):
                bot = bot_for(GAME, decision.seat, level, number)
                started, started_cpu = time.perf_counter(), time.process_time()
                bot.choose(view, decision)
                times.append(time.perf_counter() - started)
                cpu.append(time.process_time() - started_cpu)
            times.sort()
            cpu.sort()
            at95 = min(len(times) - 1, int(0.95 * len(times)))
            print(f"{players:>7} {level:<8}{len(times):>10}{statistics.median(times):>9.3f}{times[at95]:>9.3f}"
                  f"{times[-1]:>9.3f}{cpu[at95]:>11.3f}")


if __name__ == "__main__":
    main()
