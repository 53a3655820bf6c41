"""Shadows: Amsterdam levels against each other: one team of level A, one of level B (officer and detectives).

    nice -n 15 .venv/bin/python benchmarks/shadows_levels.py --rounds 400            # hard vs medium, 4 players
    .venv/bin/python benchmarks/shadows_levels.py --a hard --b easy --rounds 40 --jobs 2

Whole games in simulated real time (``simulate.play_game``, as ``ludus sim shadows``: every seat thinks a
random time, officers collide on face-up cards, roles swap between rounds) are played until at least
``--rounds`` rounds are done. The teams change colours every game (game ``n`` has seed ``seed + n``; A
plays black, the even seats, in even games and orange in odd ones), so neither level keeps the first
seat. Printed: rounds won by each level with the 95% Wilson interval, how rounds ended, police tokens
and evidence per round and team. Every game's outcome follows from its seed alone, so ``--jobs`` (a
process pool) changes the time taken, never the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ludus.ai.stats import wilson_interval
from ludus.games.shadows import ai
from ludus.games.shadows.simulate import Stats, play_game


def play(players: int, seed: int, a: str, b: str, flip: bool, settings: str = "{}") -> list[dict[str, Any]]:
    """One game; per finished round: which level won, why, and each level's tokens and markers. ``settings``
    (JSON) are laid over level A's (``ai.LEVELS``) in the process that plays the game."""
    if json.loads(settings):
        ai.LEVELS[a] = {**ai.LEVELS[a], **json.loads(settings)}
    levels = [(b if seat % 2 == 0 else a) if flip else (a if seat % 2 == 0 else b) for seat in range(players)]
    level_of = {"black": levels[0], "orange": levels[1]}
    match = play_game(players, seed, {"coop": "off"}, levels, Stats())
    rounds = []
    for record in match.state.history:
        police = Counter({level_of[t]: 0 for t in level_of})
        evidence = Counter({level_of[t]: 0 for t in level_of})
        rounds.append({"winner": level_of.get(record["winner"]), "reason": record["reason"],
                       "police": police, "evidence": evidence})
    # tokens and markers of each round, from the match's events (a round's events end with round-ended)
    round_index = 0
    for event in match.events:
        if event.kind == "round-ended":
            round_index += 1
        elif event.kind == "police-caught" and round_index < len(rounds):
            rounds[round_index]["police"][level_of[event.data["team"]]] += 1
        elif event.kind == "evidence-found" and round_index < len(rounds):
            rounds[round_index]["evidence"][level_of[event.data["team"]]] += 1
    return rounds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="hard", help="the level measured (default hard)")
    parser.add_argument("--b", default="medium", help="its opponents' level (default medium)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, help="print the standing every N games (0: never)")
    parser.add_argument("--settings", default="{}",
                        help='JSON settings laid over level A\'s (ai.LEVELS), e.g. \'{"plainness": 0.5}\'')
    args = parser.parse_args(argv)
    started, cpu = time.perf_counter(), time.process_time()
    results: list[dict[str, Any]] = []
    games = 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        while len(results) < args.rounds:
            # a batch of games about big enough to reach the rounds wanted (a game has 2–3 rounds)
            batch = max(args.jobs, math.ceil((args.rounds - len(results)) / 2.5))
            seeds = range(args.seed + games, args.seed + games + batch)
            jobs = [(args.players, s, args.a, args.b, (s - args.seed) % 2 == 1, args.settings) for s in seeds]
            for found in pool.map(play, *zip(*jobs, strict=True)):  # in seed order
                results.extend(found)
                games += 1
                if args.progress and games % args.progress == 0:
                    wins = sum(r["winner"] == args.a for r in results)
                    low, high = wilson_interval(wins, len(results))
                    print(f"  after {games} games (seeds {args.seed}–{args.seed + games - 1}): {args.a} won {wins} of "
                          f"{len(results)} rounds, {wins / len(results):.1%} (95% Wilson {low:.1%}–{high:.1%})",
                          flush=True)
    n = len(results)
    wins = sum(r["winner"] == args.a for r in results)
    low, high = wilson_interval(wins, n)
    print(f"shadows, {args.players} players: {args.a} team vs {args.b} team, {games} games "
          f"(seeds {args.seed}–{args.seed + games - 1}), {n} rounds")
    print(f"  {args.a} won {wins} of {n} rounds: {wins / n:.1%}  (95% Wilson {low:.1%}–{high:.1%})")
    reasons = Counter((r["reason"], r["winner"]) for r in results)
    print("  rounds ended by: " + ", ".join(f"{reason} ({winner} won) {count}"
                                            for (reason, winner), count in sorted(reasons.items())))
    for level in dict.fromkeys((args.a, args.b)):
        police = sum(r["police"][level] for r in results) / n
        evidence = sum(r["evidence"][level] for r in results) / n
        print(f"  {level}: {police:.2f} police tokens, {evidence:.2f} evidence a round")
    print(f"  {time.perf_counter() - started:.0f} s wall, {time.process_time() - cpu:.0f} s CPU in this process")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
