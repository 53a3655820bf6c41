"""Rose: how much an easy seat's game depends on the other easy seats protecting its monk as a decoy (issue 25).

An easy bot protects two decoy colours besides its own monk for the whole game (``GreedyBot.decoys``) and pushes
every other colour up. A monk that other easy seats protect is pushed by fewer players. This plays the games of
``benchmarks/level_strength.py rose <line-up> --seed S`` (the game's ``seating``: deals, bot seeds, the line-up
rotated through the seats) and prints, per number of *other* easy seats that protect a seat's monk, how many
seat-games that was and the seat's mean clue before the final guesses, from being named, final, and its win
rate; for the first level of the line-up (when it is not easy) the same by its own protectors and by the most
protected easy seat at its table. ``--shelter X`` sets ``HardBot.shelter`` (the screened setting) for hard seats.

    .venv/bin/python benchmarks/rose_shelter.py easy,easy,easy,easy --games 1200 --seed 77
    .venv/bin/python benchmarks/rose_shelter.py hard,easy,easy,easy --games 400 --seed 2026 [--shelter 32]
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from typing import Any

from ludus.ai import bot_for
from ludus.ai.backends import Backend, run_jobs
from ludus.engine import load_game
from ludus.games.rose import simulate
from ludus.games.rose.components import COLOURS

Row = tuple[int, float, float, float, float]  # protectors, clue before, named, final, win share


def one_game(job: tuple[list[str], int, int, float | None]) -> dict[str, Any]:
    lineup, number, seed, shelter = job
    game = load_game("rose")
    deal, seated, entries = simulate.seating(lineup, number, seed, True)
    state = game.setup(len(seated), deal)
    identity = [COLOURS[c] for c in state.identity]
    bots = [bot_for(game, seat, level, seed=simulate.bot_seed(deal, seat)) for seat, level in enumerate(seated)]
    if shelter is not None:
        for bot in bots:
            if hasattr(bot, "shelter"):
                bot.shelter = shelter
    outcome = simulate.play_out(game, state, bots, f"game {number}")[0]
    decoys = {seat: set(getattr(bot, "decoys", None) or ()) for seat, bot in enumerate(bots) if seated[seat] == "easy"}
    breakdown = outcome.details.get("breakdown", {})
    rows = []
    for seat in range(len(seated)):
        row = breakdown.get(seat) or breakdown.get(str(seat), {})
        protectors = sum(identity[seat] in pair for other, pair in decoys.items() if other != seat)
        share = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
        rows.append((protectors, row.get("clue_before", 0), row.get("guess_points", 0), row.get("final", 0), share))
    return {"levels": seated, "entries": entries, "rows": rows}


def summary(rows: list[Row]) -> str:
    means = [statistics.fmean(r[i] for r in rows) for i in range(1, 5)]
    return (f"{len(rows):5d} seat-games  clue before {means[0]:5.1f}  named {means[1]:4.1f}  final {means[2]:5.1f}"
            f"  wins {means[3] * 100:5.1f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lineup")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--shelter", type=float, default=None)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    lineup = [level.strip() for level in args.lineup.split(",")]
    jobs = [(lineup, number, args.seed, args.shelter) for number in range(args.games)]
    easy: dict[int, list[Row]] = defaultdict(list)
    first: dict[tuple[int, int], list[Row]] = defaultdict(list)
    for result in run_jobs(one_game, jobs, Backend(workers=args.workers)):
        levels, rows = result["levels"], result["rows"]
        for seat, row in enumerate(rows):
            if levels[seat] == "easy":
                easy[row[0]].append(row)
        if lineup[0] != "easy":
            seat = result["entries"].index(0)
            most = max((rows[s][0] for s in range(len(rows)) if levels[s] == "easy"), default=0)
            first[(rows[seat][0], most)].append(rows[seat])
    print(f"rose {','.join(lineup)}, seed {args.seed}, {args.games} games, seats rotated"
          + ("" if args.shelter is None else f", hard's shelter {args.shelter:g}"))
    print("easy seats, by how many other easy seats protect their monk as a decoy:")
    for protectors in sorted(easy):
        print(f"  {protectors} protectors: {summary(easy[protectors])}")
    if first:
        print(f"{lineup[0]}, by (its own protectors, the most protected easy seat's):")
        for key in sorted(first):
            print(f"  {key}: {summary(first[key])}")


if __name__ == "__main__":
    main()
