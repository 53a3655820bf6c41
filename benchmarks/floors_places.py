"""The ladder's view of ``floors_losses.py`` records: places, meetings of the levels and their strengths.

The ladder ranks a Floors game's seats by the win first and then by figures out (``ratings.places``) and fits
the levels' strengths to those places (``ranking.plackett_luce``, the deals as clusters). This script does the
same with the records ``floors_losses.py --jsonl`` wrote for a line-up and seed (its games rotate the seats
like the ladder's blocks), and prints for every level its wins and figures out (a game and a lost game), for
every two levels how often one placed before the other, and the fitted strengths with 95% intervals:

    nice -n 10 .venv/bin/python benchmarks/floors_losses.py medium,hard,easy,random --games 240 --seed 3 \\
        --jsonl screens/loss4.jsonl
    .venv/bin/python benchmarks/floors_places.py medium,hard,easy,random --seed 3 screens/loss4.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections import Counter
from typing import Any

from ludus.ai.bot import LEVELS
from ludus.ai.ranking import plackett_luce
from ludus.engine import Outcome
from ludus.games.floors import simulate
from ludus.server.api.ratings import places


def seat_places(game: dict[str, Any], players: int) -> list[int]:
    """Each seat's place as the ladder ranks it (1 = best; ties share a place)."""
    result = Outcome(tuple(game["winners"]), {s: float(n) for s, n in enumerate(game["out"])}, {})
    return places("floors", result, players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seats", help="the line-up floors_losses.py played, comma-separated")
    parser.add_argument("records", nargs="+", help="floors_losses.py --jsonl files of that line-up and seed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bootstrap", type=int, default=1000)
    args = parser.parse_args()
    levels = [level.strip() for level in args.seats.split(",")]
    players = len(levels)
    games: dict[int, dict[str, Any]] = {}
    for path in args.records:
        with open(path) as records:
            for line in records:
                game = json.loads(line)
                games[game["number"]] = game  # a game replayed in two files counts once
    kinds = sorted(set(levels), key=LEVELS.index)
    seen: dict[str, Counter[str]] = {level: Counter() for level in kinds}
    meetings: Counter[tuple[str, str, str]] = Counter()
    ranked: list[tuple[list[str], list[int]]] = []
    for number, game in sorted(games.items()):
        _, seated, _ = simulate.seating(levels, number, args.seed)
        placed = seat_places(game, players)
        ranked.append((seated, placed))
        for seat, level in enumerate(seated):
            tally = seen[level]
            tally["seats"] += 1
            tally["won"] += seat in game["winners"]
            tally["out"] += game["out"][seat]
            if seat not in game["winners"]:
                tally["lost"] += 1
                tally["lost out"] += game["out"][seat]
        for first, second in itertools.permutations(range(players), 2):
            a, b = seated[first], seated[second]
            if LEVELS.index(a) > LEVELS.index(b):  # each pair of levels once, the stronger named first
                outcome = (
                    "before"
                    if placed[first] < placed[second]
                    else "after"
                    if placed[first] > placed[second]
                    else "tied"
                )
                meetings[(a, b, outcome)] += 1
    print(f"{len(games)} games of {','.join(levels)}, seed {args.seed}")
    for level in kinds:
        tally = seen[level]
        print(
            f"  {level}: won {tally['won']} of {tally['seats']} seats ({tally['won'] / tally['seats']:.1%}); "
            f"{tally['out'] / tally['seats']:.2f} figures out a seat, "
            f"{tally['lost out'] / max(tally['lost'], 1):.2f} a lost seat"
        )
    for a, b in itertools.combinations(reversed(kinds), 2):
        print(
            f"  {a} placed before {b} {meetings[(a, b, 'before')]}, after {meetings[(a, b, 'after')]}, "
            f"tied {meetings[(a, b, 'tied')]}"
        )
    clusters = [number // players for number in sorted(games)]
    strengths = plackett_luce(ranked, clusters, kinds, bootstrap=args.bootstrap, seed=0)
    print(
        "  strengths: "
        + "; ".join(
            f"{s.level} {s.theta:+.2f} [{s.low:+.2f}, {s.high:+.2f}]"
            for s in sorted(strengths.values(), key=lambda s: -s.theta)
        )
    )


if __name__ == "__main__":
    main()
