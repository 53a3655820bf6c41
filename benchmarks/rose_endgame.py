"""Rose: today's hard bot against its endgame-search candidate (``games/rose/endgame.py``), paired game by game.

``EndgameBot`` plays exactly like ``HardBot`` until the last day of play, so each game is played once up
to the first decision of that day, then copied (state, every bot, every random generator) and played to
the end twice: once by hard (the candidate with no worlds is hard, decision for decision) and once by the
candidate. The games are those of ``benchmarks/level_strength.py rose hard,<opponents>`` (the game's
``seating``: deals and bot seeds from ``--seed``, the line-up rotated through the seats on each deal).
One line per game (hard's and the candidate's win share, the CPU seconds of the candidate's searched card
decisions), then both win rates with 95% Wilson intervals, the games where they differ, the paired mean
difference with its 95% interval (normal approximation), and the searched decisions' CPU times.
The budget is a count (candidates × worlds), so the figures replay exactly per seed.

    nice -n 15 .venv/bin/python benchmarks/rose_endgame.py --worlds 16 --start 0 --stop 400 --workers 2
    nice -n 15 .venv/bin/python benchmarks/rose_endgame.py --opponents medium,medium,medium --worlds 16
    nice -n 15 .venv/bin/python benchmarks/rose_endgame.py --rate 8   # playouts a CPU-second, then exit
"""

from __future__ import annotations

import argparse
import copy
import math
import statistics
import time
from dataclasses import dataclass
from typing import Any

from ludus.ai import bot_for
from ludus.ai.backends import Backend, run_jobs
from ludus.ai.stats import wilson_interval
from ludus.engine import Game, load_game, visible_events
from ludus.games.rose import simulate
from ludus.games.rose.endgame import EndgameBot
from ludus.games.rose.hard import days_left


@dataclass(frozen=True)
class Job:
    opponents: tuple[str, ...]
    number: int
    seed: int
    candidates: int
    worlds: int
    horizon: float
    plans: int = 0
    rule_worlds: bool = False


def play_on(game: Game, state: Any, bots: list[Any], first: int, stop_at_last_day: bool) -> list[float]:
    """Play until the game ends (or, with ``stop_at_last_day``, until the measured seat's first decision
    of the searched days); returns the CPU seconds of the measured seat's searched card decisions."""
    searched: list[float] = []
    while game.outcome(state) is None:
        decision = min(game.decisions(state), key=lambda d: d.seat)
        view = game.view(state, decision.seat)
        bot = bots[decision.seat]
        late = decision.seat == first and days_left(view) <= bot.horizon
        if stop_at_last_day and late:
            return searched
        started = time.process_time()
        choice = bot.choose(view, decision)
        if late and decision.kind == "card" and len(decision.options) > 1:
            searched.append(time.process_time() - started)
        events = game.apply(state, decision.seat, choice)
        for seat, other in enumerate(bots):
            if hasattr(other, "observe"):
                other.observe(visible_events(events, seat))
    return searched


def share(game: Game, state: Any, seat: int) -> float:
    outcome = game.outcome(state)
    assert outcome is not None
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


def play(job: Job) -> tuple[int, float, float, list[float]]:
    """One game: (number, hard's win share, the candidate's win share, the candidate's searched CPU times)."""
    game = load_game("rose")
    levels = ["hard", *job.opponents]
    deal, seated, entries = simulate.seating(levels, job.number, job.seed, True)
    first = entries.index(0)
    state = game.setup(len(seated), deal)
    bots: list[Any] = []
    for seat, level in enumerate(seated):
        seed = simulate.bot_seed(deal, seat)
        bots.append(
            EndgameBot(seat, seed, job.candidates, 0, job.horizon, job.plans)
            if seat == first
            else bot_for(game, seat, level, seed=seed)
        )
    play_on(game, state, bots, first, stop_at_last_day=True)
    branch_state, branch_bots = copy.deepcopy((state, bots))
    play_on(game, state, bots, first, stop_at_last_day=False)
    branch_bots[first].world_count = job.worlds
    branch_bots[first].rule_worlds = job.rule_worlds
    times = play_on(game, branch_state, branch_bots, first, stop_at_last_day=False)
    return job.number, share(game, state, first), share(game, branch_state, first), times


def playout_rate(positions: int, worlds: int) -> None:
    """Playouts to the final guesses a CPU-second, from the first card decision of the last day of
    ``positions`` random four-player games (4 cards each, the longest playouts the search makes)."""
    import random

    game = load_game("rose")
    playouts, cpu = 0, 0.0
    for seed in range(positions):
        state = game.setup(4, seed)
        rng = random.Random(seed)
        while True:
            decision = min(game.decisions(state), key=lambda d: d.seat)
            view = game.view(state, decision.seat)
            if decision.kind == "card" and len(decision.options) > 1 and days_left(view) <= 1.0:
                break
            game.apply(state, decision.seat, rng.choice(decision.options))
        cards = list(decision.options)[:4]
        bot = EndgameBot(decision.seat, 1, len(cards), worlds)
        started = time.process_time()
        bot.play_out_cards(view, cards)
        cpu += time.process_time() - started
        playouts += worlds * len(cards)
    print(
        f"{playouts} playouts from the start of the last day to the final guesses in {cpu:.2f} s CPU: "
        f"{playouts / cpu:.0f} a CPU-second"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponents", default="easy,easy,easy")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--stop", type=int, default=400)
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--horizon", type=float, default=1.0, help="days of play left when the search starts")
    parser.add_argument(
        "--plans",
        type=int,
        default=0,
        help="search ways to play the turn (card, pawn, building): the best this many, "
        "and every card's best; 0: cards only",
    )
    parser.add_argument(
        "--rule-worlds",
        action="store_true",
        help="the opponents of a playout follow the easy rule's weights (EndgameBot.rule_worlds)",
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--rate", type=int, default=0, help="only time the playouts from this many positions")
    args = parser.parse_args()
    if args.rate:
        playout_rate(args.rate, args.worlds)
        return
    opponents = tuple(level.strip() for level in args.opponents.split(","))
    jobs = [
        Job(opponents, number, args.seed, args.candidates, args.worlds, args.horizon, args.plans, args.rule_worlds)
        for number in range(args.start, args.stop)
    ]
    hard = search = 0.0
    differences: list[float] = []
    times: list[float] = []
    for number, base, candidate, spent in run_jobs(play, jobs, Backend(workers=args.workers, nice=15)):
        hard += base
        search += candidate
        differences.append(candidate - base)
        times.extend(spent)
        print(f"game {number} hard {base:.3f} endgame {candidate:.3f} searched-cpu {sum(spent):.2f}", flush=True)
    played = len(differences)
    mean = statistics.fmean(differences) if differences else 0.0
    half = 1.96 * statistics.stdev(differences) / math.sqrt(played) if played > 1 else 0.0
    ordered = sorted(times) or [0.0]
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    searched = f"{args.plans} plans" if args.plans else f"{args.candidates} cards"
    for name, wins in (("hard", hard), (f"endgame ({searched} x {args.worlds} worlds)", search)):
        low, high = wilson_interval(wins, played)
        print(
            f"{name} vs {','.join(opponents)}, seed {args.seed}, games {args.start}-{args.stop - 1}: "
            f"wins {wins:.2f} of {played}, rate {wins / max(1, played):.3f}, 95% Wilson [{low:.3f}, {high:.3f}]"
        )
    print(
        f"games that differ {sum(1 for d in differences if d)}; paired difference endgame - hard {mean:+.3f} "
        f"95% [{mean - half:+.3f}, {mean + half:+.3f}]; searched card decisions {len(times)}: CPU median "
        f"{statistics.median(ordered):.3f}s p95 {p95:.3f}s max {ordered[-1]:.3f}s",
        flush=True,
    )


if __name__ == "__main__":
    main()
