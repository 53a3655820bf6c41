"""What the coach costs: one seat of a finished bot game analysed at a budget, per game and player count.

Prints, per game, the decisions judged, the CPU time of the whole analysis (what the server's workers spend,
in parts of a CPU-second) and per judged decision, and the mistakes found. The games are played by easy bots
(the seat analysed too), seeds 1 … N.

    .venv/bin/python benchmarks/coach.py [--games 2] [--worlds 8] [--depth 0]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from ludus.ai import bot_for
from ludus.ai.coach import Budget, coach_match
from ludus.engine import Match


def played(game: str, players: int, seed: int) -> dict:
    match = Match(game, players, seed, {})
    bots = [bot_for(match.game, seat, "easy", seed) for seat in range(players)]
    while not match.finished:
        decision = match.decisions()[0]
        match.play(decision.seat, bots[decision.seat].choose(match.view(decision.seat), decision))
    return json.loads(match.dumps())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--depth", type=int, default=0, help="0: the game's judge's depth")
    args = parser.parse_args()
    budget = Budget(worlds=args.worlds, depth=args.depth or None)
    print(f"budget: {budget.to_json()}")
    print("| game | players | games | judged decisions (mean) | CPU per analysis, mean / max | per decision "
          "| mistakes (mean) |")
    print("|---|---|---|---|---|---|---|")
    for game, players in (("rose", 3), ("rose", 4), ("floors", 2), ("floors", 4)):
        seconds, judged, mistakes = [], [], []
        for seed in range(1, args.games + 1):
            match = played(game, players, seed)
            started = time.process_time()
            report = coach_match(match, 0, budget, seed)
            seconds.append(time.process_time() - started)
            judged.append(report["judged"])
            mistakes.append(report["mistakes"])
        per = sum(seconds) / max(1, sum(judged))
        print(f"| {game} | {players} | {args.games} | {statistics.mean(judged):.0f} | {statistics.mean(seconds):.1f} / "
              f"{max(seconds):.1f} s | {per * 1000:.0f} ms | {statistics.mean(mistakes):.1f} |", flush=True)


if __name__ == "__main__":
    main()
