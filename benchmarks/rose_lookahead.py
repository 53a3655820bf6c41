"""Rose: today's hard bot against its look-ahead candidate (``games/rose/lookahead.py``), on the same games.

Plays games ``--start`` … ``--stop`` − 1 of the line-up ``hard,<opponents>`` exactly as
``benchmarks/level_strength.py`` does (the game's ``seating``: deals and bot seeds from ``--seed``, the
line-up rotated through the seats on each deal), with the first entry either today's ``HardBot``
(``--worlds 0``) or ``LookaheadBot(candidates, worlds)``. One line per game (its win share, the CPU
seconds of its card decisions) so that runs over disjoint ranges can be pooled and paired game by game;
at the end the first entry's win rate with the 95% Wilson interval and its card-decision CPU time.
Games run on ``ai/backends.py``'s process pool (``--workers``, lowered priority).

    nice -n 15 .venv/bin/python benchmarks/rose_lookahead.py --worlds 96 --start 0 --stop 400 --workers 2
    nice -n 15 .venv/bin/python benchmarks/rose_lookahead.py --worlds 0 --opponents medium,medium,medium
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass
from typing import Any

from ludus.ai import bot_for
from ludus.ai.backends import Backend, run_jobs
from ludus.ai.stats import wilson_interval
from ludus.engine import Decision, load_game
from ludus.games.rose import simulate
from ludus.games.rose.lookahead import LookaheadBot


@dataclass(frozen=True)
class Job:
    opponents: tuple[str, ...]
    number: int
    seed: int
    candidates: int
    worlds: int


class Timed:
    """Times the card decisions (CPU) of the bot it wraps."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.cards: list[float] = []

    def choose(self, view: Any, decision: Decision) -> Any:
        started = time.process_time()
        choice = self.bot.choose(view, decision)
        if decision.kind == "card" and len(decision.options) > 1:
            self.cards.append(time.process_time() - started)
        return choice

    def observe(self, events: Any) -> None:
        self.bot.observe(events)


def play(job: Job) -> tuple[int, float, list[float]]:
    """One game: (number, the first entry's win share, CPU seconds of its card decisions)."""
    game = load_game("rose")
    levels = ["hard", *job.opponents]
    deal, seated, entries = simulate.seating(levels, job.number, job.seed, True)
    first = entries.index(0)
    state = game.setup(len(seated), deal)
    bots: list[Any] = []
    for seat, level in enumerate(seated):
        seed = simulate.bot_seed(deal, seat)
        if seat == first:
            bots.append(Timed(LookaheadBot(seat, seed, job.candidates, job.worlds)))
        else:
            bots.append(bot_for(game, seat, level, seed=seed))
    outcome = simulate.play_out(game, state, bots, f"game {job.number}")[0]
    winners = list(outcome.winners)
    share = 1.0 / len(winners) if first in winners else 0.0
    return job.number, share, bots[first].cards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponents", default="easy,easy,easy")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--stop", type=int, default=400)
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=96, help="0: today's hard (exact values only)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    opponents = tuple(level.strip() for level in args.opponents.split(","))
    jobs = [Job(opponents, number, args.seed, args.candidates, args.worlds) for number in range(args.start, args.stop)]
    wins = 0.0
    cards: list[float] = []
    played = 0
    for number, share, times in run_jobs(play, jobs, Backend(workers=args.workers, nice=15)):
        played += 1
        wins += share
        cards.extend(times)
        print(f"game {number} win {share:.3f} card-cpu {sum(times):.2f}", flush=True)
    low, high = wilson_interval(wins, played)
    ordered = sorted(cards) or [0.0]
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    print(f"hard (candidates {args.candidates}, worlds {args.worlds}) vs {','.join(opponents)}, seed {args.seed}, "
          f"games {args.start}-{args.stop - 1}: wins {wins:.2f} of {played}, rate {wins / max(1, played):.3f}, "
          f"95% Wilson [{low:.3f}, {high:.3f}]; card decisions {len(cards)}: CPU median "
          f"{statistics.median(ordered):.3f}s p95 {p95:.3f}s "
          f"max {ordered[-1]:.3f}s", flush=True)


if __name__ == "__main__":
    main()
