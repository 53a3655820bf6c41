"""Strength of a bot level against a table of others, printed as it goes (issue 25, point 2).

Plays the same games as ``ludus sim <game> --seats ... --seed S`` (the game's own ``seating`` and
``play_game``: deals and bot seeds derived from the seed, the line-up rotated through the seats on
each deal), one after another, and after every block of one deal (one game per rotation) prints the
first level's wins so far with the 95% Wilson interval and the CPU seconds of its decisions with more
than one option. For Rose it also prints where the clue came from (issue 25: where does hard lose
points?): per game, the measured level's mean clue before the final guesses, from being named in them and
from event tiles, the same means for the other entries, and its mean final margin to the best opponent.
A run cut short still ends on a whole block with an honest figure for the games
played; on a shared machine that is what you get. A shared win counts as a fraction.

    nice -n 15 .venv/bin/python benchmarks/level_strength.py floors hard,easy,easy,easy --games 400 --seed 1 --workers 2
    nice -n 15 .venv/bin/python benchmarks/level_strength.py rose hard,medium,medium,medium --games 400
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from ludus.ai.backends import Backend, run_jobs
from ludus.ai.stats import wilson_interval
from ludus.engine import load_game


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else 0.0


PARTS = ("clue_before", "guess_points", "event_points", "final")
"""Rose's end-of-game breakdown of a seat's clue (``rules.finish``), in the order printed."""

Result = tuple[list[int], list[int], list[float], dict[int, dict[str, int]]]


def one_game(game_id: str, levels: list[str], number: int, seed: int) -> Result:
    """Game ``number`` of the line-up: (winners, line-up entry per seat, think times of entry 0, and for
    Rose each seat's clue breakdown at the end; empty for Floors)."""
    if game_id == "floors":
        from ludus.games.floors import simulate as floors_sim

        deal, seated, entries = floors_sim.seating(levels, number, seed)
        record: Any = floors_sim.play_game(seated, deal)
        winners = list(record.winners)
        breakdown: dict[int, dict[str, int]] = {}
    else:
        from ludus.games.rose import simulate as rose_sim

        deal, seated, entries = rose_sim.seating(levels, number, seed, True)
        record = rose_sim.play_game(load_game(game_id), seated, deal)
        winners = list(record.outcome.winners)
        breakdown = {int(seat): {part: row[part] for part in PARTS}
                     for seat, row in record.outcome.details.get("breakdown", {}).items()}
    first = entries.index(0)
    return winners, entries, list(record.think[first]), breakdown


def clue_sources(rows: list[tuple[dict[str, int], list[dict[str, int]]]]) -> str:
    """Mean clue per source of the measured entry against the others, and its margin to the best other."""
    if not rows:
        return ""
    n = len(rows)
    mine = [sum(own[part] for own, _ in rows) / n for part in PARTS]
    theirs = [sum(sum(o[part] for o in others) / len(others) for _, others in rows) / n for part in PARTS]
    margin = sum(own["final"] - min(o["final"] for o in others) for own, others in rows) / n
    return ("  clue (before/guessed/event tiles/final) " + "/".join(f"{v:.1f}" for v in mine)
            + " vs others " + "/".join(f"{v:.1f}" for v in theirs) + f", margin to best other {margin:+.1f}")


def _job(job: tuple[str, list[str], int, int]) -> Result:
    return one_game(*job)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=("rose", "floors"))
    parser.add_argument("seats", help="comma-separated levels; the first is the one measured")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1,
                        help="processes of the pool (ai.backends); the games and figures do not change")
    args = parser.parse_args()
    levels = [level.strip() for level in args.seats.split(",")]
    players = len(levels)
    wins = 0.0
    think: list[float] = []
    cpu_started = time.process_time()
    print(f"{args.game} {','.join(levels)} seed {args.seed}: {levels[0]} (entry 1) measured; seats rotated, "
          f"fair share {1 / players:.3f}", flush=True)
    jobs = [(args.game, levels, number, args.seed) for number in range(args.games)]
    results = run_jobs(_job, jobs, Backend(workers=args.workers))
    sources: list[tuple[dict[str, int], list[dict[str, int]]]] = []
    for played, (winners, entries, times, breakdown) in enumerate(results, start=1):
        wins += sum(1.0 / len(winners) for seat in winners if entries[seat] == 0)
        think.extend(times)
        if breakdown:
            first = entries.index(0)
            sources.append((breakdown[first], [row for seat, row in breakdown.items() if seat != first]))
        if played % players == 0:
            low, high = wilson_interval(wins, played)
            print(f"games {played:>4}  {levels[0]} wins {wins:>7.2f}  rate {wins / played:.3f}  "
                  f"95% Wilson [{low:.3f}, {high:.3f}]  think (wall) "
                  f"p50 {statistics.median(think) if think else 0:.3f}s p95 {percentile(think, 0.95):.3f}s  "
                  f"cpu (this process) {time.process_time() - cpu_started:.0f}s{clue_sources(sources)}", flush=True)


if __name__ == "__main__":
    main()
