"""Rose: today's hard bot against its look-ahead candidate (``games/rose/lookahead.py``), on the same games.

Plays games ``--start`` … ``--stop`` − 1 of the line-up ``hard,<opponents>`` exactly as
``benchmarks/level_strength.py`` does (the game's ``seating``: deals and bot seeds from ``--seed``, the
line-up rotated through the seats on each deal), with the first entry either today's ``HardBot``
(``--worlds 0``) or ``LookaheadBot(candidates, worlds)`` (``--rule-worlds --answer-day-end --horizon day``: the
look-ahead as the hard level plays it at four players). One line per game (its win share, the CPU
seconds of its card decisions) so that runs over disjoint ranges can be pooled and paired game by game;
at the end the first entry's win rate with the 95% Wilson interval, its card-decision CPU time and its look-aheads
per CPU-second of those decisions.
Games run on ``ai/backends.py``'s process pool (``--workers``, lowered priority).

    nice -n 15 .venv/bin/python benchmarks/rose_lookahead.py --worlds 96 --start 0 --stop 400 --workers 2
    .venv/bin/python benchmarks/rose_lookahead.py --worlds 32 --rule-worlds --answer-day-end --horizon day --stop 20
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
    rule_worlds: bool
    answer_day_end: bool
    horizon: str = "turn"


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


def play(job: Job) -> tuple[int, float, list[float], int]:
    """One game: (number, the first entry's win share, CPU seconds of its card decisions, its look-aheads)."""
    game = load_game("rose")
    levels = ["hard", *job.opponents]
    deal, seated, entries = simulate.seating(levels, job.number, job.seed, True)
    first = entries.index(0)
    state = game.setup(len(seated), deal)
    bots: list[Any] = []
    for seat, level in enumerate(seated):
        seed = simulate.bot_seed(deal, seat)
        if seat == first:
            bots.append(Timed(LookaheadBot(seat, seed, job.candidates, job.worlds, rule_worlds=job.rule_worlds,
                                           answer_day_end=job.answer_day_end, horizon=job.horizon)))
        else:
            bots.append(bot_for(game, seat, level, seed=seed))
    outcome = simulate.play_out(game, state, bots, f"game {job.number}")[0]
    winners = list(outcome.winners)
    share = 1.0 / len(winners) if first in winners else 0.0
    return job.number, share, bots[first].cards, bots[first].bot.looked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponents", default="easy,easy,easy")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--stop", type=int, default=400)
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=96, help="0: today's hard (exact values only)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--rule-worlds", action="store_true", help="the opponents of a look-ahead by the easy rule")
    parser.add_argument("--answer-day-end", action="store_true",
                        help="a card that ends the day answered by the mean of the other cards' answers")
    parser.add_argument("--horizon", choices=("turn", "day", "game"), default="turn",
                        help="a look-ahead plays to its next card (turn), to the day's end (day) or to the last day's "
                             "end, judged by its winning chance (game)")
    args = parser.parse_args()
    opponents = tuple(level.strip() for level in args.opponents.split(","))
    jobs = [Job(opponents, number, args.seed, args.candidates, args.worlds, args.rule_worlds, args.answer_day_end,
                args.horizon)
            for number in range(args.start, args.stop)]
    wins = 0.0
    cards: list[float] = []
    played = looked = 0
    for number, share, times, count in run_jobs(play, jobs, Backend(workers=args.workers, nice=15)):
        played += 1
        wins += share
        cards.extend(times)
        looked += count
        print(f"game {number} win {share:.3f} card-cpu {sum(times):.2f}", flush=True)
    low, high = wilson_interval(wins, played)
    ordered = sorted(cards) or [0.0]
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    print(f"hard (candidates {args.candidates}, worlds {args.worlds}) vs {','.join(opponents)}, seed {args.seed}, "
          f"games {args.start}-{args.stop - 1}: wins {wins:.2f} of {played}, rate {wins / max(1, played):.3f}, "
          f"95% Wilson [{low:.3f}, {high:.3f}]; card decisions {len(cards)}: CPU median "
          f"{statistics.median(ordered):.3f}s p95 {p95:.3f}s "
          f"max {ordered[-1]:.3f}s; look-aheads {looked}, {looked / max(sum(cards), 1e-9):.0f} per CPU-second of "
          f"card decisions", flush=True)


if __name__ == "__main__":
    main()
